"""What the store keeps, and the summaries it lists. Only what the table said is kept as truth:
game records, the round being entered, the roster and saved variants."""

from __future__ import annotations

from datetime import UTC, datetime
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, field_validator

from scorepad.engine import (
    Game,
    GameRecord,
    GameStatus,
    PlayedTimes,
    RecordFile,
    RoundDraft,
    RoundRecord,
    TableChange,
    Variant,
    is_unsafe,
)
from scorepad.i18n import tr, tr_n
from scorepad.store import schema
from scorepad.store.errors import CurrencySymbolError


class ListedStatus(StrEnum):
    """A listed game's status: the engine's three, and ``damaged`` for a game file that cannot
    be read. The values are the words the JSON output and the catalogue have always used."""

    IN_PROGRESS = GameStatus.IN_PROGRESS.value
    FINISHED = GameStatus.FINISHED.value
    ABANDONED = GameStatus.ABANDONED.value
    DAMAGED = "damaged"
    """The game's file cannot be read (see :attr:`GameSummary.problem`)."""

    @classmethod
    def of(cls, status: GameStatus) -> ListedStatus:
        """The listed status of a game the engine could read."""
        return cls(status.value)


DAMAGED = ListedStatus.DAMAGED


def now() -> datetime:
    return datetime.now(UTC)


UNDO_KEPT = 50
"""How many undo steps a game keeps (the oldest are dropped first)."""


class UndoKind(StrEnum):
    """What an undo step takes back."""

    TAP = "tap"
    """A tap on the round being entered: only the draft changed."""
    RECORDED = "recorded"
    CORRECTED = "corrected"
    DELETED = "deleted"
    ABANDONED = "abandoned"
    RESUMED = "resumed"
    TABLE_CHANGED = "table_changed"
    """A change of the table between rounds (see :mod:`scorepad.engine.table_changes`)."""
    TABLE_CORRECTED = "table_corrected"
    """An earlier change of the table corrected from the sheet."""
    TABLE_REMOVED = "table_removed"
    """An earlier change of the table taken out from the sheet."""


class UndoStep(BaseModel):
    """One action as its inverse, kept with the game so that undo survives leaving it.

    A step holds only what restoring the game before the action needs, not a snapshot: every
    tap rewrites the game file, so the file must stay small. ``draft`` is the round being
    entered before the action, present when the action changed it (always, for a tap; for
    ``recorded`` it is left out: the round recorded goes back on the pad). ``round_number``
    names the round a record change touched, and ``round`` is that round as it was before
    (for ``corrected`` and ``deleted``). ``change_index`` names the table change a
    ``table_changed`` step made (its place in the record's changes), taken out to undo it,
    or the one a ``table_corrected`` or ``table_removed`` step touched; ``change`` is that
    change as it was before, put back to undo it.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    label: str
    """What the user did, as the undo button names it ("Cat bid 3")."""
    kind: UndoKind = UndoKind.TAP
    draft: RoundDraft | None = None
    round_number: int | None = Field(default=None, ge=1)
    round: RoundRecord | None = None
    change_index: int | None = Field(default=None, ge=0)
    change: TableChange | None = None


class StoredGame(BaseModel):
    """A game record as stored: with its id, times, revision, the round being entered and the
    last steps to undo."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    schema_version: int = Field(alias="schema", default_factory=lambda: schema.SCHEMA_VERSION)
    id: str
    created: datetime
    updated: datetime
    revision: int = 0
    """Counts saves; lets a writer notice the game changed since it was loaded."""
    record: GameRecord
    draft: RoundDraft | None = None
    undo: tuple[UndoStep, ...] = ()
    """The last actions on this game, oldest first, at most :data:`UNDO_KEPT`."""

    _game: Game | None = PrivateAttr(default=None)

    @property
    def game(self) -> Game:
        """The game derived from the record (derived once; a game is immutable)."""
        if self._game is None or self._game.record is not self.record:
            self._game = Game(self.record)
        return self._game

    def record_file(self) -> RecordFile:
        """The game as an exported record holds it: the record and when it was played."""
        return RecordFile(
            record=self.record, played=PlayedTimes(started=self.created, updated=self.updated)
        )

    def knowing(self, game: Game) -> StoredGame:
        """This stored game with its game already derived (the caller just built it from this
        very record), so that the first look at it does not derive it again."""
        if game.record is self.record:
            self._game = game
        return self

    def summary(self) -> GameSummary:
        game = self.game
        sheet = game.sheet
        return GameSummary(
            id=self.id,
            variant=game.variant.name,
            players=game.timeline.everyone,
            status=ListedStatus.of(sheet.status),
            rounds_played=len(sheet.rounds),
            rounds_total=sheet.rounds_total,
            leaders=sheet.leaders,
            winners=sheet.winners,
            standing_totals=tuple(standing.total for standing in sheet.standings),
            created=self.created,
            updated=self.updated,
        )


class GameSummary(BaseModel):
    """One line of the game list (a derived cache entry, rebuilt whenever its file changes)."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    id: str
    variant: str
    players: tuple[str, ...]
    """Everyone who played a seat, in the order they came to the table: those who started, in
    seat order, then each late arrival and whoever took over a seat (the engine's
    :attr:`~scorepad.engine.table_changes.TableTimeline.everyone`). Someone who handed their
    seat over played too, so the list names them."""
    status: ListedStatus
    rounds_played: int
    rounds_total: int
    leaders: tuple[str, ...]
    winners: tuple[str, ...]
    created: datetime | None
    updated: datetime | None
    standing_totals: tuple[int, ...] = ()
    """The totals from the best down (the engine's standings), so the list can say "Ann leads
    73–64" without reading the game; empty for a damaged game."""
    problem: str | None = None
    """Why a damaged game cannot be read."""
    recoverable: bool = False
    """Whether ``scorepad recover`` may bring a damaged game back: only when its bytes are
    bad, not when it cannot be opened (permissions: fix those) or comes from a newer scorepad
    (update scorepad). The app offers its Recover button only then."""


class RosterPlayer(BaseModel):
    """A person across games: the name they go by now, and the names they were known by
    before (a rename keeps the old name here; a merge brings in the other entry's names), so
    that a game played under any of them counts as theirs (see :mod:`scorepad.store.roster`)."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    name: str
    added: datetime
    aliases: tuple[str, ...] = ()
    """Former names, oldest first (never the current name, no two the same ignoring case)."""


class SavedVariant(BaseModel):
    """A custom variant saved under its own (unique) name."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    variant: Variant
    saved: datetime

    @property
    def name(self) -> str:
        return self.variant.name


CURRENCY_SYMBOL_MAX = 3
"""The longest currency symbol: "$", "€", "kr", "CHF" fit; a word would crowd the amounts."""


class Settings(BaseModel):
    """The table's own settings, kept in the catalogue's ``settings`` table (truth: they exist
    nowhere else). Amounts are always kept in whole cents; the symbol only says how they
    are shown."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    currency_symbol: str = "$"
    """Shown before amounts ("$0.45"): 1 to :data:`CURRENCY_SYMBOL_MAX` characters, none of
    them invisible or a control character."""

    @field_validator("currency_symbol", mode="before")
    @classmethod
    def _check_symbol(cls, value: object) -> object:
        # CurrencySymbolError is no ValueError, so pydantic lets it through as itself: the
        # caller gets the typed error with its one-line message, not a ValidationError.
        if not isinstance(value, str):
            raise CurrencySymbolError(repr(value), tr("it must be text"))
        if not value:
            raise CurrencySymbolError(value, tr("it is empty; type a symbol such as $ or €"))
        if len(value) > CURRENCY_SYMBOL_MAX:
            raise CurrencySymbolError(
                value,
                tr_n(
                    "it is longer than {count} character; shorten it",
                    "it is longer than {count} characters; shorten it",
                    CURRENCY_SYMBOL_MAX,
                ).format(count=CURRENCY_SYMBOL_MAX),
            )
        if any(is_unsafe(char) or char.isspace() for char in value):
            raise CurrencySymbolError(
                value, tr("it holds a space or an invisible character; type a visible symbol")
            )
        return value
