"""The game record: the JSON a table imports and exports. It holds only what was said at the
table (who played, who dealt first, each round's turned card, bids and tricks); every score is
derived from it by :class:`scorepad.engine.game.Game`.

This module checks only the record's *shape* (types, names of fields). The rules (a bid in
range, the hook, ...) are checked when a :class:`~scorepad.engine.game.Game` is built from it, so
that their errors can say which round and which player broke which rule.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictInt,
    ValidationError,
    field_validator,
)

from scorepad.engine.cards import Suit
from scorepad.engine.errors import RecordFormatError
from scorepad.engine.variant import Variant

Count = Annotated[StrictInt, Field(ge=-1_000, le=1_000)]
"""A bid or trick count as written; its range for the round is a rule, checked by the game."""


class RoundRecord(BaseModel):
    """One finished round as the scorekeeper wrote it down."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    turned: Suit | None = None
    """The suit of the card turned after the deal; ``None`` when no card was turned."""
    bids: dict[str, Count]
    tricks: dict[str, Count]

    @field_validator("turned", mode="before")
    @classmethod
    def _read_suit(cls, value: object) -> object:
        return Suit.parse(value) if isinstance(value, str) else value

    @field_validator("bids", "tricks", mode="before")
    @classmethod
    def _trim_names(cls, value: object) -> object:
        if isinstance(value, dict):
            return {k.strip() if isinstance(k, str) else k: v for k, v in value.items()}
        return value


class GameRecord(BaseModel):
    """A whole game as recorded: the format of ``scorepad score`` and of import/export."""

    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)

    variant: str | Variant | dict[str, Any]
    """A preset name, or an inline variant (optionally ``based_on`` a preset)."""
    players: list[str]
    """Names in clockwise seating order (how many is the variant's rule, checked by the game)."""
    first_dealer: str | None = None
    stake_cents: int | None = Field(default=None, ge=0, le=100_000)
    rounds: list[RoundRecord] = Field(default_factory=list)
    abandoned: bool = False
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
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise RecordFormatError(f"not valid JSON: {exc}") from None
        return cls.from_data(data)

    @classmethod
    def from_data(cls, data: object) -> GameRecord:
        if not isinstance(data, dict):
            raise RecordFormatError(f"a game record is a JSON object, not {type(data).__name__}")
        try:
            return cls.model_validate(data)
        except ValidationError as exc:
            raise RecordFormatError(describe_validation_error(exc)) from None

    def to_data(self) -> dict[str, Any]:
        """The record as plain JSON data, leaving out what nobody wrote (``None`` fields)."""
        return self.model_dump(mode="json", exclude_none=True)


def describe_validation_error(exc: ValidationError) -> str:
    """One readable line for the first shape problem: where it is and what was found there."""
    problem = exc.errors()[0]
    loc = problem["loc"]
    kind = problem["type"]
    if loc and loc[0] == "variant" and kind != "missing":
        return f"variant: expected a preset name or a variant object (got {problem['input']!r})"
    where = _location(loc)
    if kind == "missing":
        return f"{where}: this field is required"
    if kind == "extra_forbidden":
        return f"{where}: unknown field"
    message = str(problem["msg"]).removeprefix("Value error, ")
    if kind.startswith("int"):
        message = "expected a whole number"
    return f"{where}: {message} (got {problem['input']!r})"


def _location(loc: tuple[int | str, ...]) -> str:
    """``('rounds', 2, 'bids', 'Ann')`` reads as ``round 3, bids, Ann``."""
    words: list[str] = []
    rest = list(loc)
    if len(rest) >= 2 and rest[0] in ("rounds", "players") and isinstance(rest[1], int):
        words.append(f"{str(rest[0])[:-1]} {rest[1] + 1}")
        rest = rest[2:]
    words.extend(str(part) for part in rest)
    return ", ".join(words) or "record"


class RoundDraft(BaseModel):
    """A round being entered: what the table has said so far, saved after every tap so a game
    resumes mid-round after a crash. Never scored; it becomes a :class:`RoundRecord` when the
    round is confirmed."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    turned: Suit | None = None
    bids: dict[str, Count] = Field(default_factory=dict)
    bids_shown: bool = False
    """Simultaneous bidding: the "go" has been said and the bids are being written down."""
    tricks: dict[str, Count] = Field(default_factory=dict)
