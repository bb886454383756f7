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

    def owed_so_far(self) -> dict[str, int] | None:
        """What each player owes for their sets so far, in cents: the stake for every round in
        which they were set; a winner, once the game has one, owes nothing. ``None`` when the
        game is not played for a stake.

        The table keeps this running tab while it plays (set 6 times, owe 30¢), so the screen
        shows it before the end; at the end each loser's figure is what they pay in
        :attr:`settlement`.

        >>> from scorepad.engine.game import Game
        >>> from scorepad.engine.presets import GOLF
        >>> from scorepad.engine.record import RoundRecord
        >>> rules = GOLF.with_changes(name="Short Golf", hand_sizes=(1, 1))
        >>> game = Game.start(rules, ["Ann", "Bob"], first_dealer="Bob", stake_cents=10)
        >>> game = game.record_round(RoundRecord(turned="clubs", bids={"Ann": 0, "Bob": 0},
        ...     tricks={"Ann": 1, "Bob": 0}))
        >>> game.sheet.owed_so_far()
        {'Ann': 10, 'Bob': 0}
        >>> game = game.record_round(RoundRecord(turned="clubs", bids={"Ann": 0, "Bob": 0},
        ...     tricks={"Ann": 1, "Bob": 0}))
        >>> game.sheet.winners, game.sheet.owed_so_far()
        (('Ann',), {'Ann': 0, 'Bob': 0})
        >>> Game.start("mormon-bridge", ["Ann", "Bob"]).sheet.owed_so_far() is None
        True
        """
        stake = self.stake_cents
        if stake is None:
            return None
        return {
            player: 0 if player in self.winners else self.sets[player] * stake
            for player in self.players
        }

    def money_at_end(self) -> dict[str, int] | None:
        """What each player ends the game with, in cents: positive collects, negative pays, and
        the figures sum to zero (see :attr:`settlement`). ``None`` unless the game is won and
        played for a stake: before the end nobody collects yet, and an ended-early game pays
        nothing.

        A winner collects the sets of every loser (shared with any tied winner); a loser pays
        the stake for each of their own sets.

        >>> from scorepad.engine.game import Game
        >>> from scorepad.engine.presets import GOLF
        >>> from scorepad.engine.record import RoundRecord
        >>> rules = GOLF.with_changes(name="Short Golf", hand_sizes=(1, 1, 1))
        >>> game = Game.start(rules, ["Ann", "Bob"], first_dealer="Bob", stake_cents=10)
        >>> for set_player in ("Ann", "Bob", "Ann"):
        ...     assert game.sheet.money_at_end() is None  # nobody collects before the end
        ...     game = game.record_round(RoundRecord(turned="clubs", bids={"Ann": 0, "Bob": 0},
        ...         tricks={"Ann": int(set_player == "Ann"), "Bob": int(set_player == "Bob")}))
        >>> game.sheet.winners, dict(game.sheet.sets), game.sheet.money_at_end()
        (('Ann',), {'Ann': 2, 'Bob': 1}, {'Ann': 10, 'Bob': -10})
        """
        from scorepad.engine.settlement import net_cents  # it builds on this module

        if not self.winners or self.stake_cents is None:
            return None
        return net_cents(self.players, self.settlement)

    def settlement_summary(self, symbol: str = "$") -> SettlementSummary | None:
        """Who pays whom, in words, money in the table's currency ``symbol`` (see
        :func:`scorepad.engine.settlement.summarise_settlement`); ``None`` unless the game is
        finished and played for a stake."""
        from scorepad.engine.settlement import summarise_settlement  # it builds on this module

        return summarise_settlement(self, symbol)
