"""The game record: the JSON a table imports and exports. It holds only what was said at the
table (who played, who dealt first, each round's turned card, bids and tricks); every score is
derived from it by :class:`scorepad.engine.game.Game`.

This module checks only the record's *shape* (types, names of fields). The rules (a bid in
range, the hook, ...) are checked when a :class:`~scorepad.engine.game.Game` is built from it, so
that their errors can say which round and which player broke which rule.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Annotated, Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    ValidationError,
    field_validator,
    model_validator,
)

from scorepad.engine.cards import Suit
from scorepad.engine.errors import NotJsonError, RecordFormatError
from scorepad.engine.frozen import FrozenDict
from scorepad.engine.message import Listing, Message
from scorepad.engine.settlement import MAX_STAKE_CENTS
from scorepad.engine.table_changes import TableChange
from scorepad.engine.text import brief, shown
from scorepad.engine.variant import Variant

Count = Annotated[StrictInt, Field(ge=-1_000, le=1_000)]
"""A bid or trick count as written; its range for the round is a rule, checked by the game."""


class RoundRecord(BaseModel):
    """One finished round as the scorekeeper wrote it down."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    turned: Suit | None = None
    """The suit of the card turned after the deal; ``None`` when no card was turned."""
    bids: FrozenDict[str, Count]
    """Keyed by player name, matched to the players by the rule of
    :func:`scorepad.engine.names.name_key` (so " ann " is Ann's) when the game is built."""
    tricks: FrozenDict[str, Count]

    @field_validator("turned", mode="before")
    @classmethod
    def _read_suit(cls, value: object) -> object:
        return Suit.parse(value) if isinstance(value, str) else value


class GameRecord(BaseModel):
    """A whole game as recorded: the format of ``scorepad score`` and of import/export."""

    model_config = ConfigDict(
        frozen=True, extra="forbid", str_strip_whitespace=True, defer_build=True
    )

    variant: str | Variant | dict[str, Any]
    """A preset name, or an inline variant (optionally ``based_on`` a preset)."""
    players: tuple[str, ...]
    """Names in clockwise seating order (how many is the variant's rule, checked by the game)."""
    first_dealer: str | None = None
    stake_cents: StrictInt | None = Field(default=None, ge=0, le=MAX_STAKE_CENTS)
    starting_totals: FrozenDict[str, StrictInt] = Field(
        default_factory=FrozenDict, exclude_if=lambda totals: not totals
    )
    """Totals carried in from another evening (a game continued), keyed by player name as a
    round's bids are: each counts like an adjustment before the first round, in the totals
    and the ranking, never in bids, tricks, sets or money. Who may have one (a player who
    starts the game) and how large (at most ``MAX_ADJUSTMENT`` either way) are rules, checked
    by the game. Empty (the usual case) it is never written (not in an export, a stored game
    or a record's fingerprint), so a record without it reads and writes as it always did.

    >>> record = GameRecord.from_json(
    ...     '{"variant": "golf", "players": ["Ann", "Bob"], "starting_totals": {"Ann": 40}}')
    >>> record.starting_totals, record.to_data()["starting_totals"]
    ({'Ann': 40}, {'Ann': 40})
    >>> GameRecord(variant="golf", players=("Ann", "Bob")).model_dump_json()
    '{"variant":"golf","players":["Ann","Bob"],"first_dealer":null,"stake_cents":null,\
"rounds":[],"changes":[],"abandoned":false}'
    """
    rounds: tuple[RoundRecord, ...] = Field(default_factory=tuple)
    changes: tuple[TableChange, ...] = Field(default_factory=tuple)
    """The table's changes between rounds (who joined, left, took over a seat, sat a hand
    out; points adjusted), in the order they were made; each says which round it follows."""
    abandoned: StrictBool = False
    """The table stopped before the last round: no winner, no settlement."""

    @field_validator("variant", mode="before")
    @classmethod
    def _keep_inline_variant_raw(cls, value: object) -> object:
        # An inline object is resolved (and its errors reported) by the game, which knows
        # about ``based_on``; validating it here as a Variant would give a second, worse message.
        if isinstance(value, Variant):
            return value.model_dump(mode="json")
        return value

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Read a record from JSON text; any problem becomes one :class:`RecordFormatError`."""
        return cls.from_data(read_json(text))

    @classmethod
    def from_data(cls, data: object) -> GameRecord:
        if not isinstance(data, dict):
            raise RecordFormatError(_not_an_object(data))
        try:
            return cls.model_validate(data)
        except ValidationError as exc:
            raise RecordFormatError(describe_validation_error(exc)) from None

    def to_data(self) -> dict[str, Any]:
        """The record as plain JSON data, leaving out what nobody wrote (``None`` fields, and
        ``changes`` when the table never changed, so such a record reads as it always did)."""
        data = self.model_dump(mode="json", exclude_none=True)
        if not self.changes:
            del data["changes"]
        return data


PLAYED_KEYS = ("started", "updated")
"""The keys an exported record carries besides the game itself: when it was played."""


class PlayedTimes(BaseModel):
    """When a game was played, as an exported record carries it: ``started`` (the game's
    evening in the ledger, the date filters and the charts) and ``updated`` (its last change).

    Both are optional, for hand-written records. Written as ISO 8601 text: with an offset as
    scorepad writes them, or without one (this computer's time), or a date alone (its start).

    >>> times = PlayedTimes.model_validate({"started": "2026-11-28T20:15:00+01:00"})
    >>> times.started.isoformat(), times.updated is None
    ('2026-11-28T20:15:00+01:00', True)
    >>> RecordFile.from_data({"variant": "golf", "players": ["Ann", "Bob"],
    ...     "started": "2026-11-29", "updated": "2026-11-28"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    scorepad.engine.errors.RecordFormatError: record: the game was last changed (2026-11-28) \
before it started (2026-11-29)
    >>> RecordFile.from_data({"variant": "golf", "players": ["Ann", "Bob"], "started": 1})
    Traceback (most recent call last):
    ...
    scorepad.engine.errors.RecordFormatError: started: expected a date and time as text, like \
2026-11-28T20:15:00+01:00 (got 1)
    """

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    started: datetime | None = None
    updated: datetime | None = None

    @field_validator("started", "updated", mode="before")
    @classmethod
    def _read_time(cls, value: object) -> object:
        if value is None:
            return None
        if isinstance(value, datetime):  # given by scorepad itself (a stored game's times)
            return value if value.tzinfo is not None else value.astimezone()
        if not isinstance(value, str):
            raise ValueError(
                Message("expected a date and time as text, like 2026-11-28T20:15:00+01:00")
            )
        try:
            moment = datetime.fromisoformat(value.strip())
        except ValueError:
            raise ValueError(
                Message(
                    "{value} is not a date and time, like 2026-11-28T20:15:00+01:00",
                    value=brief(value),
                )
            ) from None
        return moment if moment.tzinfo is not None else moment.astimezone()

    @model_validator(mode="after")
    def _in_order(self) -> PlayedTimes:
        if self.started and self.updated and self.updated < self.started:
            raise ValueError(
                Message(
                    "the game was last changed ({updated}) before it started ({started})",
                    updated=self.updated.date().isoformat(),
                    started=self.started.date().isoformat(),
                )
            )
        return self

    def to_data(self) -> dict[str, str]:
        return {
            key: moment.isoformat()
            for key, moment in (("started", self.started), ("updated", self.updated))
            if moment is not None
        }


class RecordFile(BaseModel):
    """A game record as a file holds it (``scorepad export``, Export record): the record, and
    when the game was played, so that an imported game keeps its evening.

    >>> data = {"variant": "golf", "players": ["Ann", "Bob"], "started": "2026-11-28"}
    >>> file = RecordFile.from_data(data)
    >>> file.record.players, file.played.started.date().isoformat()
    (('Ann', 'Bob'), '2026-11-28')
    """

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    record: GameRecord
    played: PlayedTimes = PlayedTimes()

    @classmethod
    def from_json(cls, text: str | bytes) -> RecordFile:
        return cls.from_data(read_json(text))

    @classmethod
    def from_data(cls, data: object) -> RecordFile:
        """The record and its times; any problem is one :class:`RecordFormatError`."""
        if not isinstance(data, dict):
            raise RecordFormatError(_not_an_object(data))
        times = {key: data[key] for key in PLAYED_KEYS if key in data}
        record = GameRecord.from_data({k: v for k, v in data.items() if k not in PLAYED_KEYS})
        try:
            played = PlayedTimes.model_validate(times)
        except ValidationError as exc:
            raise RecordFormatError(describe_validation_error(exc)) from None
        return cls(record=record, played=played)

    def to_data(self) -> dict[str, Any]:
        return {**self.record.to_data(), **self.played.to_data()}


MAX_DEPTH = 12
"""How deeply arrays and objects may nest in a record. A record nests 5 deep (record, rounds,
a round, its bids, a count); anything far deeper is not a record, and data nested thousands
deep would exhaust Python's stack in the JSON reader or when quoted in a message."""

A_RECORD = Message("a record")
"""What :func:`read_json` reads unless told: the kind of file a too-deep message names."""

MAX_DIGITS = 30
"""The longest number read. Counts and stakes are small; Python refuses to read integers
past 4300 digits with an error of its own, and reading long ones costs quadratic time."""


def read_json(
    text: str | bytes, *, max_depth: int = MAX_DEPTH, what: str | Message = A_RECORD
) -> object:
    """Parse JSON strictly: no duplicate keys, no NaN or Infinity, no huge numbers, no
    nesting deeper than ``max_depth``. Every problem is one :class:`RecordFormatError` naming
    what is wrong (``what`` names the kind of file in it: "a backup" nests deeper; a
    :class:`Message` to be said in the reader's language)."""
    try:
        data = json.loads(
            text,
            object_pairs_hook=_object_without_twin_keys,
            parse_int=_bounded_int,
            parse_constant=_refuse_constant,
        )
    except RecordFormatError:
        raise
    except RecursionError:
        raise RecordFormatError(_too_deep(max_depth, what)) from None
    except json.JSONDecodeError as exc:
        raise NotJsonError(_not_json(json_problem(exc))) from None
    except UnicodeDecodeError as exc:
        raise NotJsonError(_not_json(not_text_problem(exc))) from None
    except ValueError as exc:  # a text Python's reader refuses before parsing it
        raise NotJsonError(_not_json(str(exc))) from None
    _check_depth(data, max_depth, what)
    return data


def _not_json(problem: str | Message) -> Message:
    return Message("not valid JSON: {problem}", problem=problem)


def _not_an_object(data: object) -> Message:
    return Message("a game record is a JSON object, not {kind}", kind=type(data).__name__)


def json_problem(exc: json.JSONDecodeError) -> Message:
    """Where a text stops being JSON, in the words of someone looking at the file, not of
    the parser ("Expecting value: line 1 column 1 (char 0)" reached users).

    >>> def problem(text):
    ...     try:
    ...         json.loads(text)
    ...     except json.JSONDecodeError as exc:
    ...         return json_problem(exc)
    >>> problem("hello")
    Message("unexpected 'hello' at line 1, column 1")
    >>> print(problem('{"players": ["Ann",'))
    it stops before the end, at line 1: the file may be cut short
    >>> print(problem(""))
    the file is empty
    >>> print(problem("Ann 10, Bob 7"))
    unexpected 'Ann' at line 1, column 1
    """
    document = exc.doc
    if not document.strip():
        return Message("the file is empty")
    if exc.pos >= len(document.rstrip()):
        return Message(
            "it stops before the end, at line {line}: the file may be cut short",
            line=exc.lineno,
        )
    found = document[exc.pos :].split(maxsplit=1)[0][:12]  # the word where it goes wrong
    return Message(
        "unexpected {found} at line {line}, column {column}",
        found=brief(found),
        line=exc.lineno,
        column=exc.colno,
    )


def not_text_problem(exc: UnicodeDecodeError) -> Message:
    """Why bytes are not text, naming the first byte that is not UTF-8 (a picture, a PDF),
    not the codec's words ("invalid start byte" reached users).

    >>> try:
    ...     b"\\x89PNG".decode("utf-8")
    ... except UnicodeDecodeError as exc:
    ...     print(not_text_problem(exc))
    not text, byte 0x89 at position 0 is not UTF-8
    """
    byte = f"{exc.object[exc.start]:#04x}"
    return Message(
        "not text, byte {byte} at position {position} is not UTF-8",
        byte=byte,
        position=exc.start,
    )


def _object_without_twin_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, refusing a key given twice: which value was meant cannot be known, and
    the usual rule (the last one wins) would silently drop the other."""
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise RecordFormatError(
                Message(
                    "the key {key} appears twice in one object; give each key once",
                    key=brief(key),
                )
            )
        found[key] = value
    return found


def _bounded_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise RecordFormatError(
            Message(
                "a number with {count} digits is too large (at most {limit} digits)",
                count=len(digits.lstrip("-")),
                limit=MAX_DIGITS,
            )
        )
    return int(digits)


def _refuse_constant(name: str) -> object:
    raise NotJsonError(_not_json(Message("{name} is not a number JSON allows", name=name)))


def _too_deep(max_depth: int, what: str | Message) -> Message:
    return Message(
        "arrays and objects are nested too deeply ({what} nests at most {depth} deep)",
        what=what,
        depth=max_depth,
    )


def _check_depth(data: object, max_depth: int, what: str | Message) -> None:
    """Refuse data nested deeper than ``max_depth`` (iteratively: no recursion to run out)."""
    pending: list[tuple[object, int]] = [(data, 1)]
    while pending:
        value, depth = pending.pop()
        children: list[object]
        if isinstance(value, dict):
            children = list(value.values())
        elif isinstance(value, list):
            children = value
        else:
            continue
        if depth > max_depth:
            raise RecordFormatError(_too_deep(max_depth, what))
        pending.extend((child, depth + 1) for child in children)


def describe_validation_error(exc: ValidationError) -> Message:
    """One readable line for the first shape problem: where it is and what was found there.

    Keys and values from the record are quoted with control characters escaped and cut short,
    so the line stays one line whatever the record holds."""
    problem = exc.errors()[0]
    loc = problem["loc"]
    kind = problem["type"]
    found = brief(problem.get("input"))
    if loc and loc[0] == "variant" and kind != "missing":
        return Message(
            "variant: expected a preset name or a variant object (got {found})", found=found
        )
    where = _location(loc)
    if kind == "missing":
        return Message("{where}: this field is required", where=where)
    if kind == "extra_forbidden":
        return Message("{where}: unknown field", where=where)
    message = _said(problem)
    if not loc:  # a rule across fields: the message names them
        return Message("{where}: {problem}", where=where, problem=message)
    if kind.startswith("int"):
        message = Message("expected a whole number")
    elif kind.startswith("bool"):
        message = Message("expected true or false")
    return Message("{where}: {problem} (got {found})", where=where, problem=message, found=found)


def _said(problem: Any) -> str | Message:
    """What pydantic says is wrong: the engine's own sentence when a validator here raised it
    (a :class:`Message` in a ``ValueError``), else pydantic's words, escaped."""
    error = problem.get("ctx", {}).get("error")
    if isinstance(error, ValueError) and error.args and isinstance(error.args[0], Message):
        return error.args[0]
    return shown(str(problem["msg"]).removeprefix("Value error, "))


def _location(loc: tuple[int | str, ...]) -> Listing | Message:
    """``('rounds', 2, 'bids', 'Ann')`` reads as ``round 3, bids, Ann``; ``('changes', 0,
    'join', 'player')`` as ``change 1, join, player``. The field names are the record's
    keys, said as they are written; "round 3" is said in the reader's language."""
    words: list[str | Message] = []
    rest = list(loc)
    if len(rest) >= 2 and rest[0] in ("rounds", "players", "changes") and isinstance(rest[1], int):
        number = rest[1] + 1
        if rest[0] == "rounds":
            words.append(Message("round {number}", number=number))
        elif rest[0] == "players":
            words.append(Message("player {number}", number=number))
        else:
            words.append(Message("change {number}", number=number))
        rest = rest[2:]
    words.extend(
        brief(part) if isinstance(part, str) and _odd(part) else str(part) for part in rest
    )
    if not words:
        # TRANSLATORS: where in a game record a problem is, when it is the record as a whole
        return Message("record")
    return Listing(tuple(words))


def _odd(key: str) -> bool:
    """A key that cannot be shown bare: empty, padded, long, or with unsafe characters."""
    return not key or key != key.strip() or len(key) > 60 or shown(key) != key


class RoundDraft(BaseModel):
    """A round being entered: what the table has said so far, saved after every tap so a game
    resumes mid-round after a crash. Never scored; it becomes a :class:`RoundRecord` when the
    round is confirmed."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    turned: Suit | None = None
    bids: FrozenDict[str, Count] = Field(default_factory=FrozenDict)
    bids_shown: StrictBool = False
    """Simultaneous bidding: the "go" has been said and the bids are being written down."""
    tricks: FrozenDict[str, Count] = Field(default_factory=FrozenDict)
    """Trick counts entered at the end of the round (the pad's default way)."""
    tallying: StrictBool = False
    """The tricks are marked as they fall instead of counted at the end (see
    :mod:`scorepad.engine.tally`); ``tricks`` then stays empty."""
    trick_winners: tuple[str, ...] = ()
    """Tally mode: who took each trick so far, in the order the tricks fell. The counts the
    round records are worked out from it."""
