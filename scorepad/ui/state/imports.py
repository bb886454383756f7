"""Game records brought in from files: the home screen's "Import a game".

A phone has no command line. A game moves between a phone and a laptop as its record (JSON):
exported from the game's menu (a download in the browser), imported here from a file the user
picks. The screen hands over each file's name and bytes; each file gets one outcome, stored as
a new game, already stored (the same record twice is one game, as with ``scorepad import``),
or refused with one line that quotes the file's name and says why. A bad file never stops the
others. No Flet here.

The record is read by the engine, as ``scorepad import`` reads it (:meth:`Game.from_json
<scorepad.engine.Game.from_json>`, taken step by step so the refusal can say which kind of
wrong file it is), and stored as the CLI stores it: found by its fingerprint first.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Sequence
from dataclasses import dataclass

from scorepad.engine import (
    PLAYED_KEYS,
    Game,
    GameRecord,
    NotJsonError,
    PlayedTimes,
    RecordFile,
    RecordFormatError,
    ScorepadError,
    quoted,
    read_json,
    shown,
    spoken_list,
)
from scorepad.i18n import N_, describe, say, tr, tr_n
from scorepad.store import Store, StoredGame, StoreError
from scorepad.store.backup import BACKUP_FORMAT
from scorepad.ui.state.errors import ActionRefused

log = logging.getLogger("scorepad.ui")

MAX_RECORD_BYTES = 4 * 1024 * 1024
"""The largest file imported: 4 MB. A game's record is a few kilobytes; the largest scorepad
can write (51 players with 40-character names, 60 rounds) is about 1 MB. A bigger file is not
a record, and the app holds a picked file whole in a phone's memory before reading it."""

RECORD_KEYS = frozenset(GameRecord.model_fields) | frozenset(PLAYED_KEYS)
"""The fields of a game record this scorepad knows (and when it was played)."""
IDENTIFYING_KEYS = ("variant", "players")
"""What every game record has: an object with both is a record, whatever else it holds."""

PICK_A_RECORD = N_("pick a game record (.json) exported from scorepad")
"""What to pick instead, after why a file is no record (``tr(PICK_A_RECORD)`` where said)."""
UNREAD_CONTENT = N_("its content could not be read; try picking it again")
"""Why a picked file the screen gave no bytes for was not taken (a record or a backup);
``tr(UNREAD_CONTENT)`` where said."""


@dataclass(frozen=True)
class PickedFile:
    """A file the user picked, as the screen hands it over."""

    name: str
    """The file's name (no folder: a browser never tells one)."""
    data: bytes | None
    """Its bytes; ``None`` when the screen could not read them."""


# --- refusals -------------------------------------------------------------------------------


class ImportRefusedError(ActionRefused):
    """A file that was not imported; the message quotes its name and says why, in one line."""

    def __init__(self, file_name: str, reason: str) -> None:
        self.file_name = file_name
        self.reason = reason
        super().__init__(
            tr("{file} was not imported: {reason}").format(file=quoted(file_name), reason=reason)
        )


class UnreadFileError(ImportRefusedError):
    """The screen gave no bytes for the file (the browser or the system could not read it)."""

    def __init__(self, file_name: str) -> None:
        super().__init__(file_name, tr(UNREAD_CONTENT))


class RecordTooLargeError(ImportRefusedError):
    def __init__(self, file_name: str, size: int) -> None:
        self.size = size
        super().__init__(
            file_name,
            tr(
                "it is {size}, larger than any game record "
                "(at most {most}; a record is a few kilobytes)"
            ).format(size=_megabytes(size), most=_megabytes(MAX_RECORD_BYTES)),
        )


class NotJsonFileError(ImportRefusedError):
    """Not JSON at all: a picture, a PDF, a text file."""

    def __init__(self, file_name: str, problem: str) -> None:
        super().__init__(
            file_name,
            tr("it is not JSON ({problem}); {pick}").format(
                problem=problem, pick=tr(PICK_A_RECORD)
            ),
        )


class NotARecordError(ImportRefusedError):
    """JSON, but not a game record: another program's file, a backup, or a record whose shape
    no scorepad writes (the engine's words say where)."""


class NewerRecordError(ImportRefusedError):
    """A record with fields this scorepad does not know: a newer scorepad wrote it."""

    def __init__(self, file_name: str, fields: Sequence[str]) -> None:
        self.fields = tuple(fields)
        named = spoken_list([quoted(field) for field in fields])
        super().__init__(
            file_name,
            tr_n(
                "it has a field this scorepad does not know ({fields}): a newer scorepad "
                "wrote it (or it was edited); update scorepad to import it",
                "it has fields this scorepad does not know ({fields}): a newer scorepad "
                "wrote it (or it was edited); update scorepad to import it",
                len(fields),
            ).format(fields=named),
        )


class RecordRefusedError(ImportRefusedError):
    """A record whose rounds or set-up break the rules: the engine's own words."""

    def __init__(self, file_name: str, problem: ScorepadError) -> None:
        self.problem = problem
        super().__init__(
            file_name, tr("the rules refuse it: {problem}").format(problem=describe(problem))
        )


class RecordNotStoredError(ImportRefusedError):
    """A good record the store could not write (a full disk, a read-only store)."""

    def __init__(self, file_name: str, problem: StoreError) -> None:
        self.problem = problem
        super().__init__(
            file_name, tr("it could not be stored: {problem}").format(problem=describe(problem))
        )


def _megabytes(size: int) -> str:
    """``4 MB``, ``12.5 MB``: a size as a phone's file list shows it, rounded up (a file a
    byte over 4 MB reads "4.1 MB", never "4 MB", beside the limit of 4 MB).

    >>> _megabytes(4 * 1024 * 1024), _megabytes(4 * 1024 * 1024 + 1), _megabytes(1)
    ('4 MB', '4.1 MB', '0.1 MB')
    """
    tenths = math.ceil(size * 10 / (1024 * 1024))
    size_text = f"{tenths // 10}" if tenths % 10 == 0 else f"{tenths / 10:.1f}"
    # TRANSLATORS: a file's size in megabytes ("4.1 MB")
    return tr("{size} MB").format(size=size_text)


# --- outcomes -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Imported:
    """The file's game is stored now, under :attr:`game_id`."""

    file_name: str
    stored: StoredGame

    @property
    def game_id(self) -> str:
        return self.stored.id

    @property
    def text(self) -> str:
        return tr("Imported {file} as game {game}: {about}.").format(
            file=quoted(self.file_name), game=self.game_id, about=game_in_words(self.stored.game)
        )


def game_in_words(game: Game) -> str:
    """A game as one line tells it before and after it is brought in: "Golf with Ann, Bob
    and Cat, 3 of 9 rounds played" (", ended early" where it was)."""
    players = spoken_list([shown(player) for player in game.players])
    played, rounds = len(game.results), len(game.schedule)
    values = {"variant": shown(game.variant.name), "players": players, "played": played}
    if game.record.abandoned:
        return tr_n(
            "{variant} with {players}, {played} of {count} round played, ended early",
            "{variant} with {players}, {played} of {count} rounds played, ended early",
            rounds,
        ).format(count=rounds, **values)
    return tr_n(
        "{variant} with {players}, {played} of {count} round played",
        "{variant} with {players}, {played} of {count} rounds played",
        rounds,
    ).format(count=rounds, **values)


@dataclass(frozen=True)
class AlreadyStored:
    """The same record is stored already (as :attr:`game_id`): nothing was stored twice."""

    file_name: str
    game_id: str

    @property
    def text(self) -> str:
        return tr("{file} is already stored as game {game}; nothing imported.").format(
            file=quoted(self.file_name), game=self.game_id
        )


@dataclass(frozen=True)
class Refused:
    """The file was not imported; :attr:`problem` says why."""

    problem: ImportRefusedError

    @property
    def file_name(self) -> str:
        return self.problem.file_name

    @property
    def text(self) -> str:
        return f"{describe(self.problem)}."


ImportOutcome = Imported | AlreadyStored | Refused


# --- the job --------------------------------------------------------------------------------


def read_record(file_name: str, data: bytes) -> tuple[Game, PlayedTimes]:
    """The game in a picked file's bytes and when it was played (as far as the file says),
    or the :class:`ImportRefusedError` saying why not."""
    if len(data) > MAX_RECORD_BYTES:
        raise RecordTooLargeError(file_name, len(data))
    if not data.strip():
        raise NotJsonFileError(file_name, tr("the file is empty"))
    try:
        document = read_json(data)
    except NotJsonError as problem:
        raise NotJsonFileError(file_name, _json_problem(problem)) from None
    except RecordFormatError as problem:  # JSON no scorepad writes: twin keys, deep nesting
        raise NotARecordError(
            file_name,
            tr("it is not a scorepad game record ({problem})").format(problem=describe(problem)),
        ) from None
    if not isinstance(document, dict) or not all(key in document for key in IDENTIFYING_KEYS):
        raise NotARecordError(file_name, _not_a_record(document))
    unknown = sorted(key for key in document if key not in RECORD_KEYS)
    if unknown:
        raise NewerRecordError(file_name, unknown)
    try:
        file = RecordFile.from_data(document)
    except RecordFormatError as problem:
        raise NotARecordError(
            file_name,
            tr("it is not a game record scorepad can read: {problem}").format(
                problem=describe(problem)
            ),
        ) from None
    try:
        return Game(file.record), file.played
    except ScorepadError as problem:
        raise RecordRefusedError(file_name, problem) from None


def _not_a_record(document: object) -> str:
    """Why a JSON document is not a record, in the words of what it is."""
    if isinstance(document, dict) and document.get("format") == BACKUP_FORMAT:
        return tr(
            "it is a scorepad backup (a whole store), not a game record; "
            "restore it with scorepad restore on a computer"
        )
    pick = tr(PICK_A_RECORD)
    if isinstance(document, dict):
        missing = [key for key in IDENTIFYING_KEYS if key not in document]
        if len(missing) == 1:
            return tr("it is not a scorepad game record (it has no {key}); {pick}").format(
                key=missing[0], pick=pick
            )
        return tr("it is not a scorepad game record (it has no {key} or {other}); {pick}").format(
            key=missing[0], other=missing[1], pick=pick
        )
    if isinstance(document, list):
        return tr(
            "it is not a scorepad game record (it holds a list, not an object); {pick}"
        ).format(pick=pick)
    return tr(
        "it is not a scorepad game record (it holds a single value, not an object); {pick}"
    ).format(pick=pick)


def _json_problem(problem: NotJsonError) -> str:
    """What is wrong with a file that is no JSON, without the engine's lead-in ("not valid
    JSON: ..."), which the refusal says in its own words."""
    said = problem.said
    if said.text.startswith("not valid JSON: {") and len(said.values) == 1:
        (value,) = said.values.values()
        if isinstance(value, str):  # the engine's sentence of what is wrong (or its text)
            return say(value)
    return describe(problem).removeprefix("not valid JSON: ")


def import_record(store: Store, file_name: str, data: bytes | None) -> Imported | AlreadyStored:
    """Store the game in one file unless its record is stored already (one game, never two).

    Raises :class:`ImportRefusedError` (a subclass saying which kind) with nothing stored."""
    if data is None:
        raise UnreadFileError(file_name)
    game, played = read_record(file_name, data)
    try:
        existing = store.find_game_with_record(game.record)
        if existing is not None:
            return AlreadyStored(file_name, existing)
        return Imported(file_name, store.create_game(game.record, played).knowing(game))
    except StoreError as problem:
        raise RecordNotStoredError(file_name, problem) from None


def import_files(store: Store, files: Sequence[PickedFile]) -> list[ImportOutcome]:
    """Each file's outcome, in the order picked; a file that fails never stops the others."""
    outcomes: list[ImportOutcome] = []
    for file in files:
        try:
            outcomes.append(import_record(store, file.name, file.data))
        except ImportRefusedError as problem:
            outcomes.append(Refused(problem))
        except Exception as problem:  # a bug: name it for this file, and import the others
            log.exception("unexpected failure while importing %s", shown(file.name))
            outcomes.append(
                Refused(
                    ImportRefusedError(
                        file.name,
                        tr("something went wrong ({error}); nothing was stored from it").format(
                            error=type(problem).__name__
                        ),
                    )
                )
            )
    return outcomes
