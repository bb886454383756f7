"""What the engine derives from a game record: never stored, always recomputed."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field

from scorepad.engine.cards import Suit
from scorepad.engine.frozen import FrozenDict

if TYPE_CHECKING:
    from scorepad.engine.settlement import SettlementSummary


class GameStatus(StrEnum):
    IN_PROGRESS = "in_progress"
    FINISHED = "finished"
    ABANDONED = "abandoned"


class RoundSetup(BaseModel):
    """What the table needs before a round is played: the deal, the bidding, the lead."""

    model_config = ConfigDict(frozen=True)

    number: int
    cards: int
    dealer: str
    leader: str
    """The dealer's left leads the first trick."""
    bid_order: tuple[str, ...]
    sequential_bids: bool
    dealer_hooked: bool
    all_dealt: bool
    """The whole deck is dealt: no card is turned and there is no trump."""
    previous_trump: Suit | None

    @property
    def first_bidder(self) -> str:
        return self.bid_order[0]


class RoundResult(RoundSetup):
    """A recorded round with its trump decided and its points scored."""

    turned: Suit | None
    trump: Suit | None
    trump_note: str
    bids: FrozenDict[str, int]
    tricks: FrozenDict[str, int]
    made: FrozenDict[str, bool]
    points: FrozenDict[str, int]
    totals: FrozenDict[str, int]
    """Running totals after this round."""


class Standing(BaseModel):
    model_config = ConfigDict(frozen=True)

    rank: int
    """Competition ranking: tied players share a rank (1, 2, 2, 4)."""
    player: str
    total: int
    last_change: int | None
    """Points from the last recorded round; ``None`` before the first."""
    sets: int


class Payment(BaseModel):
    model_config = ConfigDict(frozen=True, populate_by_name=True, serialize_by_alias=True)

    payer: str = Field(alias="from")
    payee: str = Field(alias="to")
    cents: int


class ScoreSheet(BaseModel):
    """The derived score sheet of a game, as ``scorepad score --json`` prints it."""

    model_config = ConfigDict(frozen=True, serialize_by_alias=True)

    variant: str
    players: tuple[str, ...]
    status: GameStatus
    finished: bool
    rounds_total: int
    rounds: tuple[RoundResult, ...]
    totals: FrozenDict[str, int]
    standings: tuple[Standing, ...]
    leaders: tuple[str, ...]
    """Best total now (highest, or lowest when low wins); empty before the first round."""
    winners: tuple[str, ...]
    """Empty until the game is finished (an abandoned game has none)."""
    sets: FrozenDict[str, int]
    """Rounds in which each player missed their bid."""
    stake_cents: int | None
    settlement: tuple[Payment, ...]
    next_round: RoundSetup | None

    def settlement_summary(self) -> SettlementSummary | None:
        """Who pays whom, in words (see :func:`scorepad.engine.settlement.summarise_settlement`);
        ``None`` unless the game is finished and played for a stake."""
        from scorepad.engine.settlement import summarise_settlement  # it builds on this module

        return summarise_settlement(self)
