"""What every command shares: exit codes, the one-line error, reading a game or record file,
opening the store, JSON printed safely, and the checks of typed arguments.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from scorepad.engine import (
    PRESETS,
    Game,
    PlayedTimes,
    RecordFile,
    ScorepadError,
    UnknownVariantError,
    Variant,
    is_unsafe,
    name_key,
    preset,
    quoted,
    shown,
)
from scorepad.i18n import describe, tr
from scorepad.inputs import InputFileError, read_user_file
from scorepad.outputs import ExportTarget
from scorepad.paper import DEFAULT_PAPER, PaperSize, paper_size
from scorepad.store import ListedStatus, Store, StoreError, data_dir, open_store
from scorepad.store.paths import DATA_DIR_ENV

EXIT_OK = 0


EXIT_INVALID = 1
"""The input broke a rule, could not be read, or the store refused."""


EXIT_USAGE = 2
"""The command line itself is wrong (argparse's code): an unknown option, a bad --port."""


EXIT_INTERNAL = 3
"""A bug in scorepad; the message asks for a report."""


PORT_RANGE = (1, 65535)


STATUSES = tuple(status.value for status in ListedStatus)


class CommandError(Exception):
    """A failure to report in one line (the message), with the exit code to use."""

    def __init__(self, message: str, exit_code: int = EXIT_INVALID) -> None:
        super().__init__(message)
        self.exit_code = exit_code


def read_game_file(path: Path) -> Game:
    """A game from a record file; every way it can fail becomes a one-line CommandError."""
    return read_record_file(path)[0]


def read_record_file(path: Path) -> tuple[Game, PlayedTimes]:
    """The game in a record file and when it was played (as far as the file says); every
    way it can fail becomes a one-line CommandError."""
    try:
        text = read_user_file(path)
    except InputFileError as exc:
        raise CommandError(describe(exc)) from None
    try:
        file = RecordFile.from_json(text)
        return Game(file.record), file.played
    except ScorepadError as exc:
        raise CommandError(in_file(path, exc)) from None


def in_file(path: Path, problem: BaseException) -> str:
    """What is wrong with the file at ``path``, for the reader: "games/x.json: ..." ."""
    # TRANSLATORS: a file's name, then what is wrong with what is in it
    return tr("{file}: {problem}").format(file=shown(str(path)), problem=describe(problem))


def store_folder(args: argparse.Namespace) -> Path:
    """The folder named by ``--data-dir`` / ``$SCOREPAD_DATA_DIR`` / the default folder.

    A ``$SCOREPAD_DATA_DIR`` that is set but empty is refused, not skipped: it is almost
    always a variable that was meant to hold a test folder and did not, and falling back to
    the real store would write test games into it. (An empty ``--data-dir`` is refused by
    the parser for the same reason.)
    """
    explicit = getattr(args, "data_dir", None)
    if explicit is None and DATA_DIR_ENV in os.environ and not os.environ[DATA_DIR_ENV].strip():
        raise CommandError(
            tr(
                "${variable} is set but empty; unset it to use the default store folder, "
                "or set it to a folder"
            ).format(variable=DATA_DIR_ENV)
        )
    return data_dir(explicit)


def open_the_store(args: argparse.Namespace) -> Store:
    """The store named by ``--data-dir`` / ``$SCOREPAD_DATA_DIR`` / the default folder."""
    try:
        return open_store(store_folder(args))
    except StoreError as exc:
        raise CommandError(describe(exc)) from None


def json_text(document: Any) -> str:
    """A JSON document that is safe on a terminal and in a UTF-8 file: JSON escapes only C0
    controls, so the other unsafe characters (DEL, C1 controls, bidi and zero-width
    characters, line separators, lone surrogates) are written as ``\\uXXXX`` escapes too. A
    JSON reader gets the same strings back. (Outside strings JSON has no such characters;
    the newlines of the indentation are kept.)"""
    text = json.dumps(document, ensure_ascii=False, indent=2)
    if any(is_unsafe(char) and char != "\n" for char in text):
        text = "".join(
            _json_escape(char) if is_unsafe(char) and char != "\n" else char for char in text
        )
    return text + "\n"


def print_json(document: Any) -> None:
    print(json_text(document), end="")


def _json_escape(char: str) -> str:
    code = ord(char)
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def variant_named(args: argparse.Namespace) -> Variant:
    """The variant a pad is printed for: a preset or a saved house rule of the store, as
    :func:`variant_called` finds it."""
    root = store_folder(args)
    saved = open_the_store(args).saved_variants() if root.exists() else []
    name = variant_called(args.variant, [item.name for item in saved])
    try:
        return preset(name)
    except UnknownVariantError:
        return next(item.variant for item in saved if item.name == name)


def variant_called(text: str, others: Sequence[str]) -> str:
    """The name of the variant ``text`` means, for every command that takes one (``pad``,
    ``stats --variant``), so both accept the same spellings: a preset by its id or its name
    ("scotch-bridge", "Scotch Bridge"), or one of ``others`` (the saved house rules; for the
    records also the variants games were played with), ignoring case. Anything else is
    refused with one message naming them all, the presets with their ids."""
    with contextlib.suppress(UnknownVariantError):
        return preset(text).name
    wanted = name_key(text)
    found = next((name for name in others if name_key(name) == wanted), None)
    if found is not None:
        return found
    presets = [f"{variant.name} ({key})" for key, variant in PRESETS.items()]
    preset_keys = {name_key(variant.name) for variant in PRESETS.values()}
    rest = [shown(name) for name in dict.fromkeys(others) if name_key(name) not in preset_keys]
    raise CommandError(
        tr("unknown variant {name}; the variants are {variants}").format(
            name=quoted(text), variants=", ".join([*presets, *rest])
        )
    )


def player_count(text: str) -> int:
    """``--players``: a whole number (its range is the variant's, checked with the pad)."""
    if not text.strip().isdigit() or len(text.strip()) > 3:
        raise CommandError(
            tr("--players must be a whole number of players, not {typed}").format(
                typed=quoted(text)
            )
        )
    return int(text.strip())


def port_number(text: str) -> int:
    """A TCP port: a whole number from 1 to 65535."""
    low, high = PORT_RANGE
    try:
        port = int(text, 10) if len(text) <= 10 else None
    except ValueError:
        port = None
    if port is None or not low <= port <= high:
        raise argparse.ArgumentTypeError(
            tr("the port must be a whole number from {low} to {high}, not {typed}").format(
                low=low, high=high, typed=shown(repr(text))
            )
        )
    return port


def folder_name(text: str) -> str:
    """A store folder; an empty one is refused (an unset shell variable must never mean
    "the default store")."""
    if not text.strip():
        raise argparse.ArgumentTypeError(
            tr("the folder name is empty; give a folder, or leave out --data-dir for the default")
        )
    return text


def refuse_binary_on_terminal(command: str) -> None:
    """A PDF is binary: on a terminal it would be garbage (and could drive the terminal), so
    it is written to ``--out`` or to a pipe or redirect, never to the screen."""
    if sys.stdout.isatty():
        raise CommandError(
            tr(
                "a PDF cannot be shown on the terminal; add --out FILE.pdf "
                "(or redirect it: {command} > FILE.pdf)"
            ).format(command=command)
        )


def deliver(data: bytes, target: ExportTarget | None) -> None:
    """``data`` to ``target`` (whole or not at all), or to standard output."""
    if target is None:
        binary = getattr(sys.stdout, "buffer", None)
        if binary is None:  # a text-only stdout (captured output): only text can go there
            print(data.decode(), end="")
            return
        sys.stdout.flush()
        binary.write(data)
        binary.flush()
        return
    try:
        with target:
            target.write(data)
    except InputFileError as exc:
        raise CommandError(describe(exc)) from None


def paper_for(args: argparse.Namespace) -> PaperSize:
    """The paper size asked for; ``--paper`` means nothing to a JSON or CSV export."""
    if args.paper is not None and getattr(args, "format", "pdf") != "pdf":
        raise CommandError(tr("--paper is for a PDF; add --format pdf or leave out --paper"))
    return paper_size(args.paper) if args.paper is not None else DEFAULT_PAPER


def internal_error(exc: BaseException) -> str:
    """A bug's one line: its kind and a short, escaped message, and a request to report it."""
    return tr("internal error ({kind}: {problem}); please report it").format(
        kind=type(exc).__name__, problem=shown(str(exc)[:200])
    )
