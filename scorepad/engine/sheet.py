"""What the engine derives from a game record: never stored, always recomputed."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field, InstanceOf

from scorepad.engine.cards import Suit
from scorepad.engine.frozen import FrozenDict
from scorepad.engine.message import Listing, Message

if TYPE_CHECKING:
    from scorepad.engine.settlement import SettlementSummary


def _notes(notes: list[Message]) -> Message | None:
    """Notes beside one name, as one: "took over from Bob; left after round 7"."""
    if not notes:
        return None
    if len(notes) == 1:
        return notes[0]
    if len(notes) == 2:
        # TRANSLATORS: two notes beside a player's name ("joined after round 1 at 2; left
        # after round 7")
        return Message("{first}; {second}", first=notes[0], second=notes[1])
    # TRANSLATORS: three notes beside a player's name ("took over from Bob; joined after
    # round 1 at 2; left after round 7")
    return Message("{first}; {second}; {third}", first=notes[0], second=notes[1], third=notes[2])


class GameStatus(StrEnum):
    IN_PROGRESS = "in_progress"
    FINISHED = "finished"
    ABANDONED = "abandoned"


class RoundSetup(BaseModel):
    """What the table needs before a round is played: the deal, the bidding, the lead."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    number: int
    cards: int
    dealer: str
    leader: str
    """The dealer's left leads the first trick."""
    bid_order: tuple[str, ...]
    """Those dealt in, in the order they bid (the dealer last)."""
    sitting_out: tuple[str, ...] = ()
    """At the table but dealt out of this round (see RULINGS.md, "Sitting a round out")."""
    sequential_bids: bool
    dealer_hooked: bool
    all_dealt: bool
    """The whole deck is dealt: no card is left to turn."""
    card_turned: bool = True
    """A card is turned for trump after the deal (not when the whole deck is dealt, nor when
    the variant's trump follows a rotation or there is none)."""
    previous_trump: Suit | None

    @property
    def first_bidder(self) -> str:
        return self.bid_order[0]


class RoundResult(RoundSetup):
    """A recorded round with its trump decided and its points scored."""

    turned: Suit | None
    trump: Suit | None
    trump_note: InstanceOf[Message]
    bids: FrozenDict[str, int]
    """Those dealt in only, as are ``tricks`` and ``made``."""
    tricks: FrozenDict[str, int]
    made: FrozenDict[str, bool]
    points: FrozenDict[str, int]
    """Everyone at the table this round: a player sitting it out scores 0."""
    adjustments: FrozenDict[str, int] = FrozenDict()
    """Bonuses and penalties given after this round (a renege docked), by player: in the
    totals, never in the points, the bids or the sets."""
    totals: FrozenDict[str, int]
    """Running totals after this round (and its adjustments), of everyone on the sheet by
    then: a player who left keeps their total, frozen."""


class Presence(StrEnum):
    """Where a place on the sheet was in one round."""

    PLAYED = "played"
    SAT_OUT = "sat_out"
    """At the table, dealt out of the round: 0 points, never set."""
    LEFT = "left"
    """Gone from the table by then: the total stays as it was."""
    NOT_YET = "not_yet"
    """A late arrival's place before their first round."""


class SeatCell(BaseModel):
    """One place's cell in one round of the sheet: who played the seat then, and how."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    person: str | None
    """Who held the seat in that round (the one before a takeover, in the rounds before it);
    ``None`` before a late arrival's first round."""
    presence: Presence
    bid: int | None = None
    tricks: int | None = None
    made: bool | None = None
    points: int | None = None
    adjustment: int | None = None
    """A bonus or penalty given after this round."""
    total: int | None = None


class Standing(BaseModel):
    model_config = ConfigDict(frozen=True, defer_build=True)

    rank: int
    """Competition ranking: tied players share a rank (1, 2, 2, 4)."""
    player: str
    total: int
    last_change: int | None
    """Points from the last recorded round; ``None`` before the first, or when the player
    was not at the table for it."""
    sets: int
    left_after: int | None = None
    """The round after which the player left: ranked below everyone still playing, and
    never a winner."""


class Payment(BaseModel):
    model_config = ConfigDict(
        frozen=True, populate_by_name=True, serialize_by_alias=True, defer_build=True
    )

    payer: str = Field(alias="from")
    payee: str = Field(alias="to")
    cents: int


class ScoreSheet(BaseModel):
    """The derived score sheet of a game, as ``scorepad score --json`` prints it."""

    model_config = ConfigDict(frozen=True, serialize_by_alias=True, defer_build=True)

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
    left: FrozenDict[str, int] = FrozenDict()
    """Who left the table, and after which round."""
    starting: FrozenDict[str, int] = FrozenDict()
    """Who started on a total of their own, and that total: a late arrival (see
    :attr:`joined`), or a player who carried a total in from another evening."""
    joined: FrozenDict[str, int] = FrozenDict()
    """Who joined late, and after which round."""
    seat_names: FrozenDict[str, tuple[str, ...]] = FrozenDict()
    """For a seat taken over, everyone who has played it, first to last, by its name now."""

    @property
    def seated(self) -> tuple[str, ...]:
        """The players at the table now, in seat order: everyone on the sheet but those who
        left (a seat taken over is its new player's). These are the seats a phone can claim.

        >>> from scorepad.engine.game import Game
        >>> from scorepad.engine.table_changes import Leave, TakeOver
        >>> game = Game.start("golf", ["Ann", "Bob", "Cat"]).record_change(
        ...     TakeOver(after=0, seat="Bob", player="Zoe"))
        >>> game.record_change(Leave(after=0, player="Cat")).sheet.seated
        ('Ann', 'Zoe')
        """
        return tuple(player for player in self.players if player not in self.left)

    def seat_note(self, player: str) -> Message | None:
        """How ``player`` came to or went from the table, as the standings say it beside the
        name: "joined after round 1 at 2", "left after round 7", "took over from Bob",
        "carried in 40" (a total from another evening; ``None``: at the table from first to
        last, starting at 0).

        >>> from scorepad.engine.game import Game
        >>> from scorepad.engine.table_changes import Join
        >>> game = Game.start("golf", ["Ann", "Bob"]).record_change(
        ...     Join(after=0, player="Cat", left_of="Bob", starting=5))
        >>> game.sheet.seat_note("Cat"), game.sheet.seat_note("Ann")
        (Message('joined before the first round at 5'), None)
        >>> Game.start("golf", ["Ann", "Bob"], starting_totals={"Ann": 40}).sheet.seat_note("Ann")
        Message('carried in 40')
        """
        notes: list[Message] = []
        seat = self.seat_names.get(player, ())
        if len(seat) > 1:
            notes.append(Message("took over from {players}", players=Listing(seat[:-1])))
        if player in self.starting and player not in self.joined:
            # TRANSLATORS: beside a player's name: the total they brought from another evening
            notes.append(Message("carried in {total}", total=self.starting[player]))
        if player in self.joined:
            after, total = self.joined[player], self.starting[player]
            if after == 0:
                notes.append(Message("joined before the first round at {total}", total=total))
            else:
                notes.append(
                    Message("joined after round {round} at {total}", round=after, total=total)
                )
        if player in self.left:
            notes.append(Message("left after round {round}", round=self.left[player]))
        return _notes(notes)

    def gone_from(self, seat: str) -> Message | None:
        """Why ``seat`` (a player's name, as a phone holds it) is no longer at the table:
        they left, or someone took their seat over; ``None`` while they play on.

        >>> from scorepad.engine.game import Game
        >>> from scorepad.engine.table_changes import TakeOver
        >>> game = Game.start("golf", ["Ann", "Bob", "Cat"]).record_change(
        ...     TakeOver(after=0, seat="Bob", player="Zoe"))
        >>> game.sheet.gone_from("Bob"), game.sheet.gone_from("Ann")
        (Message("Zoe took over Bob's seat"), None)
        """
        if seat in self.left:
            after, total = self.left[seat], self.totals[seat]
            if after == 0:
                return Message(
                    "{player} left the game before the first round, with {total} kept",
                    player=seat,
                    total=total,
                )
            return Message(
                "{player} left the game after round {round}, with {total} kept",
                player=seat,
                round=after,
                total=total,
            )
        for now, played in self.seat_names.items():
            if seat in played[:-1]:
                return Message("{player} took over {seat}'s seat", player=now, seat=seat)
        return None

    def cell(self, result: RoundResult, place: str) -> SeatCell:
        """What the sheet shows for ``place`` (one of :attr:`players`) in the round ``result``.

        >>> from scorepad.engine.game import Game
        >>> from scorepad.engine.record import RoundRecord
        >>> from scorepad.engine.table_changes import SitOut
        >>> game = Game.start("golf", ["Ann", "Bob", "Cat"], first_dealer="Ann")
        >>> game = game.record_round(RoundRecord(turned="clubs",
        ...     bids={"Ann": 0, "Bob": 0, "Cat": 0}, tricks={"Ann": 0, "Bob": 1, "Cat": 0}))
        >>> game = game.record_change(SitOut(after=1, player="Cat"))
        >>> game = game.record_round(RoundRecord(turned="clubs",
        ...     bids={"Ann": 0, "Bob": 0}, tricks={"Ann": 0, "Bob": 2}))
        >>> sheet = game.sheet
        >>> sheet.cell(sheet.rounds[1], "Cat").presence, sheet.cell(sheet.rounds[1], "Cat").total
        (<Presence.SAT_OUT: 'sat_out'>, 10)
        >>> sheet.cell(sheet.rounds[1], "Ann").points
        10
        """
        seat = self.seat_names.get(place, (place,))
        person = next((name for name in seat if name in result.totals), None)
        if person is None:
            return SeatCell(person=None, presence=Presence.NOT_YET)
        total = result.totals[person]
        if person not in result.points:
            return SeatCell(person=person, presence=Presence.LEFT, total=total)
        adjustment = result.adjustments.get(person)
        if person not in result.bids:
            return SeatCell(
                person=person,
                presence=Presence.SAT_OUT,
                points=0,
                adjustment=adjustment,
                total=total,
            )
        return SeatCell(
            person=person,
            presence=Presence.PLAYED,
            bid=result.bids[person],
            tricks=result.tricks[person],
            made=result.made[person],
            points=result.points[person],
            adjustment=adjustment,
            total=total,
        )

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
