"""What the store keeps, and the summaries it lists. Only what the table said is kept as truth:
game records, the round being entered, the roster and saved variants."""

from __future__ import annotations

from datetime import UTC, datetime

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from scorepad.engine import Game, GameRecord, RoundDraft, Variant
from scorepad.store import schema

DAMAGED = "damaged"
"""Status of a listed game whose file cannot be read."""


def now() -> datetime:
    return datetime.now(UTC)


class StoredGame(BaseModel):
    """A game record as stored: with its id, times, revision and the round being entered."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    schema_version: int = Field(alias="schema", default_factory=lambda: schema.SCHEMA_VERSION)
    id: str
    created: datetime
    updated: datetime
    revision: int = 0
    """Counts saves; lets a writer notice the game changed since it was loaded."""
    record: GameRecord
    draft: RoundDraft | None = None

    _game: Game | None = PrivateAttr(default=None)

    @property
    def game(self) -> Game:
        """The game derived from the record (derived once; a game is immutable)."""
        if self._game is None or self._game.record is not self.record:
            self._game = Game(self.record)
        return self._game

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
            players=game.players,
            status=sheet.status.value,
            rounds_played=len(sheet.rounds),
            rounds_total=sheet.rounds_total,
            leaders=sheet.leaders,
            winners=sheet.winners,
            created=self.created,
            updated=self.updated,
        )


class GameSummary(BaseModel):
    """One line of the game list (a derived cache entry, rebuilt whenever its file changes)."""

    model_config = ConfigDict(frozen=True)

    id: str
    variant: str
    players: tuple[str, ...]
    status: str
    """``in_progress``, ``finished``, ``abandoned``, or ``damaged`` (file unreadable)."""
    rounds_played: int
    rounds_total: int
    leaders: tuple[str, ...]
    winners: tuple[str, ...]
    created: datetime | None
    updated: datetime | None
    problem: str | None = None
    """Why a damaged game cannot be read."""


class RosterPlayer(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    added: datetime


class SavedVariant(BaseModel):
    """A custom variant saved under its own (unique) name."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    variant: Variant
    saved: datetime

    @property
    def name(self) -> str:
        return self.variant.name
