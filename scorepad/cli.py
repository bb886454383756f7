"""The ``scorepad`` command: the app, and headless commands over game records and the store.

Every failure a user can cause ends in one line on stderr and a non-zero exit; a traceback
never reaches the terminal. Text from files (names, keys, paths) is printed with control
characters escaped, so it can neither split that line nor drive the terminal.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sys
from collections.abc import Callable, Collection, Sequence
from datetime import date, datetime
from pathlib import Path
from typing import Any, NoReturn

from scorepad.engine import (
    MIN_GAMES,
    PRESETS,
    DayError,
    Game,
    GameResults,
    PlayedTimes,
    RecordFile,
    ScorepadError,
    UnknownVariantError,
    Variant,
    is_unsafe,
    leaderboard,
    ledger_of,
    name_key,
    not_settled_text,
    parse_day,
    preset,
    quoted,
    shown,
    spoken_list,
    why_not_settled,
)
from scorepad.inputs import InputFileError, read_user_file
from scorepad.outputs import PRIVATE_FILE_MODE, ExportTarget
from scorepad.paper import (
    DEFAULT_PAPER,
    PAPER_SIZES,
    PaperSize,
    blank_pad_pdf,
    paper_size,
    sheet_csv,
    sheet_pdf,
)
from scorepad.store import ListedStatus, Store, StoreError, data_dir, open_store, recover_store
from scorepad.store.backup import BACKUP_MAX_BYTES, parse_backup
from scorepad.store.errors import BackupError
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
        raise CommandError(str(exc)) from None
    try:
        file = RecordFile.from_json(text)
        return Game(file.record), file.played
    except ScorepadError as exc:
        raise CommandError(f"{shown(str(path))}: {exc}") from None


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
            f"${DATA_DIR_ENV} is set but empty; unset it to use the default store folder, "
            "or set it to a folder"
        )
    return data_dir(explicit)


def open_the_store(args: argparse.Namespace) -> Store:
    """The store named by ``--data-dir`` / ``$SCOREPAD_DATA_DIR`` / the default folder."""
    try:
        return open_store(store_folder(args))
    except StoreError as exc:
        raise CommandError(str(exc)) from None


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


# --- commands ---------------------------------------------------------------------------------


def command_score(args: argparse.Namespace) -> int:
    game = read_game_file(Path(args.file))
    if args.json:
        print_json(game.sheet.model_dump(mode="json"))
    else:
        from scorepad.report import render_sheet  # rich is only loaded for the text reports

        print(render_sheet(game.sheet), end="")
    return EXIT_OK


def command_import(args: argparse.Namespace) -> int:
    """Store each file that holds a good record; a bad file is named and skipped, and the
    others are still imported. Ends with how many were not."""
    store = open_the_store(args)
    failed = 0
    internal = False
    for name in args.files:
        try:
            game, played = read_record_file(Path(name))
            existing = store.find_game_with_record(game.record)
            stored = None if existing is not None else store.create_game(game.record, played)
        except CommandError as exc:
            print(f"scorepad: not imported: {shown(str(exc))}", file=sys.stderr)
            failed += 1
            continue
        except (StoreError, OSError) as exc:  # this file is not stored; say so and go on
            print(f"scorepad: not imported: {shown(name)}: {shown(str(exc))}", file=sys.stderr)
            failed += 1
            continue
        except Exception as exc:  # a bug: name it, and still import the other files
            print(f"scorepad: not imported: {shown(name)}: {internal_error(exc)}", file=sys.stderr)
            failed += 1
            internal = True
            continue
        if stored is None:  # the same record twice is one game: stored once, never again
            print(f"{shown(name)}: already stored as {existing}; nothing imported")
            continue
        players = ", ".join(shown(player) for player in game.players)
        print(
            f"imported {shown(name)} as {stored.id} ({shown(game.variant.name)}, "
            f"{players}; round {len(game.results)}/{len(game.schedule)})"
        )
    if failed:
        raise CommandError(
            f"{failed} of {len(args.files)} files not imported (see above)",
            EXIT_INTERNAL if internal else EXIT_INVALID,
        )
    return EXIT_OK


def command_games(args: argparse.Namespace) -> int:
    store = open_the_store(args)
    try:
        summaries = store.list_games(status=args.status)
    except StoreError as exc:  # the games folder cannot be listed, the store is busy
        raise CommandError(str(exc)) from None
    renamed = dict(
        zip(
            (summary.id for summary in summaries),
            renamed_players(store, [summary.players for summary in summaries]),
            strict=True,
        )
    )
    if args.json:
        document = {
            "data_dir": str(store.root),
            "games": [
                summary.model_dump(mode="json")
                | {"current_players": [renamed[summary.id].get(p, p) for p in summary.players]}
                for summary in summaries
            ],
        }
        print_json(document)
        return EXIT_OK
    if not summaries:
        which = "" if args.status is None else f" {args.status.replace('_', ' ')}"
        print(f"no{which} games in {shown(str(store.root))}")
        return EXIT_OK
    from scorepad.report import render_game_list  # rich is only loaded for the text reports

    print(render_game_list(summaries, renamed), end="")
    return EXIT_OK


def renamed_players(store: Store, tables: Sequence[Sequence[str]]) -> list[dict[str, str]]:
    """For each table (its players as played under), those who go by another name now: the
    played-under name to the name now, read from the roster once, as the app's game list and
    game screen show them. A game's record keeps the names it was played under; only what
    is printed changes."""
    from scorepad.ui.state.display_names import RosterNames  # loaded only where names show

    roster = RosterNames.read(store)
    return [dict(roster.for_game(players).renamed) for players in tables]


def command_export(args: argparse.Namespace) -> int:
    """Print a game's record (JSON), score sheet (CSV) or printable pad (PDF), or write it to
    ``--out``: a new plain file, or with ``--force`` an existing plain file (keeping its
    permissions); never a link, a device, a FIFO, a folder or a file inside the store."""
    paper = paper_for(args)
    store = open_the_store(args)
    out = None if args.out is None else Path(args.out)
    if out is None and args.format == "pdf":
        refuse_binary_on_terminal(f"scorepad export {shown(args.game)} --format pdf")
    try:
        target = (
            None if out is None else ExportTarget.open(out, force=args.force, store_root=store.root)
        )
        stored = store.load_game(store.resolve_game_id(args.game))
        symbol = store.settings().currency_symbol  # the pad's money as the table writes it
    except (InputFileError, StoreError) as exc:
        raise CommandError(str(exc)) from None
    if args.format == "json":
        data = json_text(stored.record_file().to_data()).encode()
    else:
        try:
            game = Game(stored.record)
        except ScorepadError as exc:
            raise CommandError(f"game {stored.id}: {exc}") from None
        (renamed,) = renamed_players(store, [game.players])
        if args.format == "csv":
            data = sheet_csv(game, renamed).encode()
        else:
            data = sheet_pdf(
                game, paper, played_on=stored.created.date(), symbol=symbol, renamed=renamed
            )
    deliver(data, target)
    if out is not None:
        what = {"json": "game", "csv": "the score sheet of game", "pdf": "the score pad of game"}
        print(f"exported {what[args.format]} {stored.id} to {shown(str(out))}", file=sys.stderr)
    return EXIT_OK


def command_pad(args: argparse.Namespace) -> int:
    """Write a blank printable pad for a variant (a preset or a saved house rule) and a table
    size: rounds, cards and dealer seats filled in, the rest left for a pencil."""
    paper = paper_for(args)
    variant = variant_named(args)
    players = player_count(args.players)
    out = None if args.out is None else Path(args.out)
    if out is None:
        refuse_binary_on_terminal(f"scorepad pad {shown(args.variant)} --players {players}")
    try:
        data = blank_pad_pdf(variant, players, paper)
        target = (
            None
            if out is None
            else ExportTarget.open(out, force=args.force, store_root=store_folder(args))
        )
    except (ScorepadError, InputFileError) as exc:
        raise CommandError(str(exc)) from None
    deliver(data, target)
    if out is not None:
        print(
            f"wrote a blank {shown(variant.name)} pad for {players} players to {shown(str(out))}",
            file=sys.stderr,
        )
    return EXIT_OK


def paper_for(args: argparse.Namespace) -> PaperSize:
    """The paper size asked for; ``--paper`` means nothing to a JSON or CSV export."""
    if args.paper is not None and getattr(args, "format", "pdf") != "pdf":
        raise CommandError("--paper is for a PDF; add --format pdf or leave out --paper")
    return paper_size(args.paper) if args.paper is not None else DEFAULT_PAPER


def refuse_binary_on_terminal(command: str) -> None:
    """A PDF is binary: on a terminal it would be garbage (and could drive the terminal), so
    it is written to ``--out`` or to a pipe or redirect, never to the screen."""
    if sys.stdout.isatty():
        raise CommandError(
            f"a PDF cannot be shown on the terminal; add --out FILE.pdf "
            f"(or redirect it: {command} > FILE.pdf)"
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
        raise CommandError(str(exc)) from None


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
        f"unknown variant {quoted(text)}; the variants are {', '.join([*presets, *rest])}"
    )


def player_count(text: str) -> int:
    """``--players``: a whole number (its range is the variant's, checked with the pad)."""
    if not text.strip().isdigit() or len(text.strip()) > 3:
        raise CommandError(f"--players must be a whole number of players, not {quoted(text)}")
    return int(text.strip())


def command_app(args: argparse.Namespace) -> int:
    """The app itself: a window, or the browser app where there is no display or with
    ``--web``; with ``--share`` the browser app for the whole table."""
    from scorepad.ui.launch import run_app

    root = store_folder(args)
    try:
        run_app(
            root,
            web=args.web,
            share=args.share,
            host=args.host,
            port=args.port,
            new_table=args.new_table,
        )
    except OSError as exc:
        raise CommandError(str(exc)) from None
    return EXIT_OK


def command_build_web(args: argparse.Namespace) -> int:
    """Build the offline web app (a folder for any static host); downloads wheels once."""
    from scorepad.web_build import WebBuildError, build_web

    out = Path(args.out)
    try:
        report = build_web(
            out,
            base_url=args.base_url,
            on_download=lambda wheel: print(
                f"downloading {wheel.filename} from the package registry", file=sys.stderr
            ),
        )
    except WebBuildError as exc:
        raise CommandError(str(exc)) from None
    except OSError as exc:
        raise CommandError(f"could not write {shown(str(out))}: {exc.strerror or exc}") from None
    mib = 1024 * 1024
    print(
        f"built the offline web app in {shown(str(out))}: {report.files} files, "
        f"{report.total_bytes / mib:.1f} MiB on disk, {report.precached_bytes / mib:.1f} MiB "
        f"precached for offline use ({report.left_out_bytes / mib:.1f} MiB of the Flet client "
        "left out: never requested)"
    )
    print(f"try it: scorepad serve-web {shown(str(out))}; host it on any static HTTPS host")
    return EXIT_OK


def command_serve_web(args: argparse.Namespace) -> int:
    """Serve a built web app over plain HTTP, loopback unless told otherwise."""
    from scorepad.web_build.serve import is_loopback, serve_folder

    folder = Path(args.folder)
    host = args.host or "127.0.0.1"
    port = args.port or 8000
    if not (folder / "index.html").is_file():
        into = "NEW_FOLDER" if folder.is_dir() and any(folder.iterdir()) else shown(str(folder))
        raise CommandError(
            f"{shown(str(folder))} is not a built web app (no index.html): "
            f"build one with 'scorepad build-web {into}'"
        )
    if not is_loopback(host):
        print(
            f"scorepad: serving on {shown(host)}: other devices on the network can open it, "
            "but a phone installs the app for offline use only from an HTTPS host",
            file=sys.stderr,
        )
    shown_host = f"[{host}]" if ":" in host else host

    def listening() -> None:
        where = f"http://{shown(shown_host)}:{port}/"
        print(f"serving {shown(str(folder))} at {where} (Ctrl+C stops)", flush=True)

    try:
        serve_folder(folder, host=host, port=port, on_listening=listening)
    except OSError as exc:
        raise CommandError(
            f"cannot serve on {shown(host)} port {port}: {exc.strerror or exc}"
        ) from None
    return EXIT_OK


def command_recover(args: argparse.Namespace) -> int:
    root = store_folder(args)
    if not root.exists():
        raise CommandError(f"there is no store at {root}")
    try:
        report = recover_store(root)
    except (StoreError, OSError) as exc:
        raise CommandError(str(exc)) from None
    for path in report.restored:
        print(f"restored {path} from its last good backup")
    for path in report.started_fresh:
        print(f"started {path} afresh (no good backup); the roster was rebuilt from the games")
    for path in report.lost:
        print(f"could not recover {path}: no good backup (a copy is in {root / 'damaged'})")
    for problem in report.left_alone:  # cannot be opened, or from a newer scorepad: untouched
        print(f"scorepad: left as it is: {shown(str(problem))}", file=sys.stderr)
    if not (report.restored or report.started_fresh or report.lost or report.left_alone):
        print(f"every file in {root} reads fine; nothing to do")
    return EXIT_INVALID if report.lost or report.left_alone else EXIT_OK


def command_backup(args: argparse.Namespace) -> int:
    """Write the whole store to a new file (``--force``: replace one), as ``export`` writes;
    a damaged game, which cannot be in it, is named and makes the exit code say so."""
    store = open_the_store(args)
    out = Path(args.file)
    try:
        with ExportTarget.open(out, force=args.force, store_root=store.root) as target:
            document = store.backup()
            damaged = store.list_games(ListedStatus.DAMAGED)
            # the whole store: readable by its owner only, as the store's own files are
            target.write(json_text(document).encode(), PRIVATE_FILE_MODE)
    except (InputFileError, StoreError) as exc:
        raise CommandError(str(exc)) from None
    held = counted(
        (len(document["games"]), "game"),
        (len(document["roster"]), "player"),
        (len(document["house_rules"]), "house rule"),
    )
    print(f"backed up {held or 'an empty store'} to {shown(str(out))}")
    for summary in damaged:
        print(
            f"scorepad: not in the backup: game {summary.id} cannot be read "
            f"({shown(summary.problem or 'damaged')})",
            file=sys.stderr,
        )
    if damaged:
        raise CommandError(
            f"{len(damaged)} damaged game(s) not backed up (see above); "
            "scorepad recover may bring them back, then back up again"
        )
    return EXIT_OK


def command_restore(args: argparse.Namespace) -> int:
    """Restore a backup file: into an empty store as it is, or with ``--merge`` adding what
    the store lacks. The file is checked whole first: a bad one changes nothing (not even
    an empty store is made for it)."""
    path = Path(args.file)
    try:
        backup = parse_backup(read_user_file(path, BACKUP_MAX_BYTES))
    except InputFileError as exc:
        raise CommandError(str(exc)) from None
    except BackupError as exc:
        raise CommandError(f"{shown(str(path))}: {exc}") from None
    store = open_the_store(args)
    try:
        report = store.restore(backup, merge=args.merge)
    except StoreError as exc:
        raise CommandError(str(exc)) from None
    for old_id, stored_id in report.skipped.items():
        print(f"skipped game {old_id}: already stored as {stored_id}")
    for old_id, new_id in report.renumbered.items():
        print(f"restored game {old_id} as {new_id} (its id is another game's here)")
    for name in report.house_rules_kept:
        print(f"kept the house rule {shown(repr(name))} as it is here (the backup's differs)")
    for change in report.roster_changes:
        print(shown(change))
    for kept in report.roster_kept:
        print(shown(kept))
    for name in report.players_extended:
        print(f"{shown(name)} also goes by the former names the backup knew")
    held = counted(
        (len(report.restored), "game"),
        (len(report.players_added), "player"),
        (len(report.house_rules_added), "house rule"),
        also=["the settings"] if report.settings_restored else [],
    )
    print(f"restored {held or 'nothing new'} from {shown(str(path))}")
    return EXIT_OK


def counted(*counts: tuple[int, str], also: Sequence[str] = ()) -> str:
    """Counts in words, the empty ones left out, then ``also``: "3 games and 1 player"."""
    words = [f"{n} {word}{'' if n == 1 else 's'}" for n, word in counts if n]
    return spoken_list([*words, *also])


# --- records: the leaderboard and the money ledger ------------------------------------------


def command_stats(args: argparse.Namespace) -> int:
    """The all-time leaderboard (of one variant, from a day on): each player's games, wins,
    bids made and money, ranked by wins, then win rate, then money; under their current
    roster names."""
    since = day_option("--since", args.since)
    min_games = games_minimum(args.min_games)
    store = open_the_store(args)
    try:
        variant = None if args.variant is None else played_variant(store, args.variant)
        # summed from the catalogue's rows, under current names (no model per game); only the
        # JSON shows bid accuracy by hand size, so only it pays for adding those up. Everyone
        # is asked for, so that those with too few games can be named as not yet ranked.
        every = store.player_stats(variant=variant, since=since, hands=args.json)
        players = leaderboard(every, min_games=min_games)
        symbol = store.settings().currency_symbol
    except (StoreError, ScorepadError) as exc:
        raise CommandError(str(exc)) from None
    unranked = [player.name for player in every if player.games < min_games]
    if args.json:
        ranked = [player.model_dump(mode="json") for player in players]
        print_json({"players": ranked, "unranked": unranked})
        return EXIT_OK
    if not every:
        print(no_records_line(variant, since))
        return EXIT_OK
    from scorepad.report import render_leaderboard, unranked_line  # rich: text reports only

    if players:
        print(render_leaderboard(players, symbol), end="")
    else:
        print(f"nobody is ranked yet: a player needs {min_games} games (see --min-games)")
    if unranked:
        print(unranked_line(unranked, min_games), end="")
    return EXIT_OK


def command_ledger(args: argparse.Namespace) -> int:
    """Each player's net over the finished stake games picked (by id, or by days), and the
    fewest payments that settle it."""
    since = day_option("--since", args.since)
    until = day_option("--until", args.until)
    if since is not None and until is not None and since > until:
        raise CommandError(
            f"--since {since.isoformat()} is after --until {until.isoformat()}; "
            "give the earlier day first"
        )
    store = open_the_store(args)
    try:
        picked = list(dict.fromkeys(store.resolve_game_id(text) for text in args.games))
        games = store.game_results(since=since, until=until, game_ids=picked or None)
        # a game named but outside the days is refused by name, not dropped without a word
        named = store.game_results(game_ids=picked) if picked and (since or until) else games
        ledger = ledger_of(games, names=store.current_names())
        symbol = store.settings().currency_symbol
    except (StoreError, ScorepadError) as exc:
        raise CommandError(str(exc)) from None
    in_range = {game.game_id for game in games}
    if picked:
        refused = {  # in the order they were named
            game.game_id: why
            for game in sorted(named, key=lambda game: picked.index(game.game_id))
            if (why := not_settled_because(game, in_range, since, until)) is not None
        }
        for game_id, why in refused.items():
            print(f"scorepad: not in the ledger: game {game_id} ({why})", file=sys.stderr)
        if len(refused) == len(named):  # nothing named can be settled: that is no ledger
            return EXIT_INVALID
    if args.json:
        transfers = [payment.model_dump(mode="json", by_alias=True) for payment in ledger.transfers]
        print_json({"balances": dict(ledger.balances), "transfers": transfers})
        return EXIT_OK
    from scorepad.report import render_ledger  # rich is only loaded for the text reports

    settled = [game for game in games if settles(game)]
    if picked:
        settled.sort(key=lambda game: picked.index(game.game_id))  # as named
    if settled:
        print(settled_line(settled, named_ids=bool(picked)))
    left_out = not_settled_text(
        reason for game in games if (reason := why_not_settled(game)) is not None
    )
    if not picked and left_out is not None:
        print(left_out)
    print(render_ledger(ledger, symbol), end="")
    return EXIT_OK


def settles(game: GameResults) -> bool:
    """Whether the ledger settles ``game``: a finished game played for a stake."""
    return why_not_settled(game) is None


def not_settled_because(
    game: GameResults, in_range: Collection[str], since: date | None, until: date | None
) -> str | None:
    """Why a game named to ``scorepad ledger`` is not settled (its state first: an unfinished
    game would not count on any day), or ``None`` when it is."""
    reason = why_not_settled(game)
    if reason is not None:
        return reason
    if game.game_id not in in_range:
        day = local_day(game.played_on)
        if since is not None and day < since:
            return f"started {day.isoformat()}, before --since {since.isoformat()}"
        if until is not None:
            return f"started {day.isoformat()}, after --until {until.isoformat()}"
        return f"started {day.isoformat()}, outside the days asked for"
    return None


def local_day(when: datetime) -> date:
    """The day a game started on this computer's calendar, as ``--since``/``--until`` pick."""
    return when.astimezone().date()


def settled_line(games: Sequence[GameResults], *, named_ids: bool) -> str:
    """Which games a ledger settles: "3 games from 2026-11-20 to 2026-11-25", "1 game on
    2026-06-01", and their ids when they were named one by one."""
    days = sorted({local_day(game.played_on) for game in games})
    when = f"on {days[0]}" if len(days) == 1 else f"from {days[0]} to {days[-1]}"
    line = f"{len(games)} game{'' if len(games) == 1 else 's'} {when}"
    return f"{line}: {', '.join(game.game_id for game in games)}" if named_ids else line


def day_option(option: str, text: str | None) -> date | None:
    """A day given as YYYY-MM-DD (a day of this computer's calendar), or ``None``; read by
    the engine's one reader of days, so the app's date fields say the same."""
    if text is None:
        return None
    try:
        return parse_day(text)
    except DayError as exc:
        raise CommandError(f"{option}: {exc}") from None


def games_minimum(text: str) -> int:
    """``--min-games``: a whole number, 0 or more."""
    if not text.strip().isdigit() or len(text.strip()) > 6:
        raise CommandError(f"--min-games must be a whole number, 0 or more, not {quoted(text)}")
    return int(text.strip())


def played_variant(store: Store, name: str) -> str:
    """The variant ``name`` means (see :func:`variant_called`): a preset, a saved house rule,
    or one a stored game was played with."""
    known = [saved.name for saved in store.saved_variants()]
    known += [summary.variant for summary in store.list_games() if summary.variant != "?"]
    return variant_called(name, known)


def no_records_line(variant: str | None, since: date | None) -> str:
    """What an empty leaderboard says: which games it looked for."""
    what = "no finished or abandoned games"
    if variant is not None:
        what += f" of {shown(variant)}"
    if since is not None:
        what += f" since {since.isoformat()}"
    return what


# --- parsing ------------------------------------------------------------------------------------


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (like every other error), still exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: {shown(message)} (see '{self.prog} --help')\n")


def port_number(text: str) -> int:
    """A TCP port: a whole number from 1 to 65535."""
    low, high = PORT_RANGE
    try:
        port = int(text, 10) if len(text) <= 10 else None
    except ValueError:
        port = None
    if port is None or not low <= port <= high:
        raise argparse.ArgumentTypeError(
            f"the port must be a whole number from {low} to {high}, not {shown(repr(text))}"
        )
    return port


def folder_name(text: str) -> str:
    """A store folder; an empty one is refused (an unset shell variable must never mean
    "the default store")."""
    if not text.strip():
        raise argparse.ArgumentTypeError(
            "the folder name is empty; give a folder, or leave out --data-dir for the default"
        )
    return text


def build_parser() -> argparse.ArgumentParser:
    data_dir_help = "the store folder (default: $SCOREPAD_DATA_DIR, else the user data folder)"
    paper_help = f"the PDF's paper, printed landscape (default: {DEFAULT_PAPER.value})"
    common = OneLineParser(add_help=False)
    common.add_argument(
        "--data-dir", metavar="DIR", type=folder_name, default=argparse.SUPPRESS, help=data_dir_help
    )
    parser = OneLineParser(
        prog="scorepad",
        description="A score pad for Oh Hell games: Mormon Bridge, Scotch Bridge, Golf. "
        "With no command it starts the app (in the browser where there is no display).",
    )
    parser.add_argument(
        "--data-dir", metavar="DIR", type=folder_name, default=None, help=data_dir_help
    )
    parser.add_argument(
        "--web", action="store_true", help="serve the app to a browser instead of a window"
    )
    parser.add_argument(
        "--share",
        action="store_true",
        help="share the table: phones on this network watch the game and bid; prints the join "
        "address, its QR code, the PIN to keep score and the scorekeeper's address",
    )
    parser.add_argument(
        "--new-table",
        action="store_true",
        help="with --share: start a new table (a new PIN and scorekeeper's address, every seat "
        "free) instead of the one kept from the last run",
    )
    parser.add_argument(
        "--host",
        help="address to serve on (default 127.0.0.1: this machine; with --share 0.0.0.0: "
        "every network of this machine); beyond this machine a PIN guards editing",
    )
    parser.add_argument(
        "--port", type=port_number, help="port to serve on, 1 to 65535 (default 8550)"
    )
    parser.set_defaults(handler=command_app)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    score = commands.add_parser("score", help="print the score sheet of a game record (JSON)")
    score.add_argument("file", metavar="FILE", help="a game record, as exported by scorepad")
    score.add_argument("--json", action="store_true", help="print the sheet as JSON")
    score.set_defaults(handler=command_score)

    importer = commands.add_parser("import", parents=[common], help="store game records")
    importer.add_argument("files", metavar="FILE", nargs="+", help="game record files (JSON)")
    importer.set_defaults(handler=command_import)

    games = commands.add_parser("games", parents=[common], help="list the stored games")
    games.add_argument("--status", choices=STATUSES, help="only games with this status")
    games.add_argument("--json", action="store_true", help="print the list as one JSON document")
    games.set_defaults(handler=command_games)

    export = commands.add_parser(
        "export", parents=[common], help="print a game's record, score sheet or printable pad"
    )
    export.add_argument("game", metavar="GAME", help="a game id (or the start of one)")
    export.add_argument(
        "--format",
        choices=("json", "csv", "pdf"),
        default="json",
        help="json: the game record (the default); csv: the score sheet, a row per round; "
        "pdf: the printable score pad",
    )
    export.add_argument("--out", metavar="FILE", help="write it to a new FILE instead")
    export.add_argument(
        "--force", action="store_true", help="replace FILE if it exists (keeping its permissions)"
    )
    export.add_argument("--paper", choices=PAPER_SIZES, help=paper_help)
    export.set_defaults(handler=command_export)

    pad = commands.add_parser(
        "pad", parents=[common], help="write a blank printable score pad (PDF) for a table"
    )
    pad.add_argument("variant", metavar="VARIANT", help="a preset or a saved house rule's name")
    pad.add_argument("--players", metavar="N", required=True, help="how many play")
    pad.add_argument("--out", metavar="FILE", help="the PDF file to write (a new file)")
    pad.add_argument(
        "--force", action="store_true", help="replace FILE if it exists (keeping its permissions)"
    )
    pad.add_argument("--paper", choices=PAPER_SIZES, help=paper_help)
    pad.set_defaults(handler=command_pad)

    recover = commands.add_parser(
        "recover", parents=[common], help="restore unreadable store files from their backups"
    )
    recover.set_defaults(handler=command_recover)

    backup = commands.add_parser(
        "backup", parents=[common], help="write the whole store (games, roster, rules) to FILE"
    )
    backup.add_argument("file", metavar="FILE", help="a new file to write the backup to")
    backup.add_argument(
        "--force", action="store_true", help="replace FILE if it exists (keeping its permissions)"
    )
    backup.set_defaults(handler=command_backup)

    restore = commands.add_parser(
        "restore", parents=[common], help="restore a backup into an empty store (or --merge)"
    )
    restore.add_argument("file", metavar="FILE", help="a file made by scorepad backup")
    restore.add_argument(
        "--merge",
        action="store_true",
        help="add to a store that is not empty: only games not already stored, players and "
        "house rules it lacks",
    )
    restore.set_defaults(handler=command_restore)

    add_records_commands(commands, common)
    add_web_commands(commands)
    return parser


def add_web_commands(commands: argparse._SubParsersAction[OneLineParser]) -> None:
    """``scorepad build-web`` and ``scorepad serve-web``: the app as an offline web app."""
    build_web = commands.add_parser(
        "build-web", help="build the app as an offline web app: a folder for any static host"
    )
    build_web.add_argument("out", metavar="OUT", help="a new or empty folder (or a previous build)")
    build_web.add_argument(
        "--base-url",
        metavar="PATH",
        default="/",
        help="the path the app is served from, e.g. /scorepad/ (default /)",
    )
    build_web.set_defaults(handler=command_build_web)

    serve_web = commands.add_parser(
        "serve-web", help="serve a built web app on this machine (plain HTTP) to try it"
    )
    serve_web.add_argument("folder", metavar="DIR", help="a folder made by build-web")
    serve_web.add_argument("--host", help="address to serve on (default 127.0.0.1: this machine)")
    serve_web.add_argument(
        "--port", type=port_number, help="port to serve on, 1 to 65535 (default 8000)"
    )
    serve_web.set_defaults(handler=command_serve_web)


def add_records_commands(
    commands: argparse._SubParsersAction[OneLineParser], common: OneLineParser
) -> None:
    """``scorepad stats`` and ``scorepad ledger``: what the catalogue's records answer."""
    stats = commands.add_parser(
        "stats", parents=[common], help="the all-time leaderboard: wins, bids made, money"
    )
    stats.add_argument("--variant", metavar="V", help="only games of this variant")
    stats.add_argument(
        "--since", metavar="DATE", help="only games started on DATE (YYYY-MM-DD) or later"
    )
    stats.add_argument(
        "--min-games",
        metavar="N",
        default=str(MIN_GAMES),
        help=f"rank only players with at least N games (default {MIN_GAMES}, as in the app)",
    )
    stats.add_argument("--json", action="store_true", help="print the leaderboard as JSON")
    stats.set_defaults(handler=command_stats)

    ledger = commands.add_parser(
        "ledger", parents=[common], help="settle the money of finished games, fewest payments"
    )
    ledger.add_argument(
        "games", metavar="GAME", nargs="*", help="game ids (or starts of ids); default: all games"
    )
    ledger.add_argument("--since", metavar="DATE", help="only games started on DATE or later")
    ledger.add_argument("--until", metavar="DATE", help="only games started on DATE or earlier")
    ledger.add_argument("--json", action="store_true", help="print the ledger as JSON")
    ledger.set_defaults(handler=command_ledger)


def internal_error(exc: BaseException) -> str:
    return f"internal error ({type(exc).__name__}: {shown(str(exc)[:200])}); please report it"


def tolerate_narrow_terminals() -> None:
    """On a terminal whose encoding cannot show a character (a name "Zoë" under a Latin-1 or
    ASCII locale), print it as an escape instead of failing the whole command."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            with contextlib.suppress(ValueError, OSError):
                stream.reconfigure(errors="backslashreplace")


def main(argv: Sequence[str] | None = None) -> int:
    tolerate_narrow_terminals()
    parser = build_parser()
    args = parser.parse_args(argv)
    handler: Callable[[argparse.Namespace], int] = args.handler
    try:
        return handler(args)
    except CommandError as exc:
        print(f"scorepad: {shown(str(exc))}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("scorepad: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (``scorepad games | head``): stop quietly
        with contextlib.suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_INVALID
    except Exception as exc:  # a bug: still no traceback for the user
        print(f"scorepad: {internal_error(exc)}", file=sys.stderr)
        return EXIT_INTERNAL
