"""Live help while a round is being entered: whose turn to bid, what they may bid, and the
last trick count filled in. The app asks these after every tap; nothing here is stored.
"""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel, ConfigDict, InstanceOf

from scorepad.engine.errors import (
    BidOrderError,
    BidRangeError,
    HookError,
    StrangerError,
    TricksRangeError,
    TricksSumError,
)
from scorepad.engine.frozen import FrozenDict
from scorepad.engine.message import Message
from scorepad.engine.sheet import RoundSetup


def balance_text(total: int, cards: int) -> Message:
    """How the bids stand against the tricks, as the table says it.

    >>> balance_text(2, 1)
    Message('bids total 2 for 1 trick: 1 over')
    >>> print(balance_text(5, 7))
    bids total 5 for 7 tricks: 2 under
    """
    difference = total - cards
    if difference > 0:
        where = Message("{difference} over", difference=difference)
    elif difference < 0:
        where = Message("{difference} under", difference=-difference)
    else:
        where = Message("exactly even")
    if cards == 1:
        return Message(
            "bids total {total} for {cards} trick: {where}", total=total, cards=cards, where=where
        )
    return Message(
        "bids total {total} for {cards} tricks: {where}", total=total, cards=cards, where=where
    )


class BiddingState(BaseModel):
    """The bidding of one round so far."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    round_number: int
    cards: int
    bids: FrozenDict[str, int]
    """The bids entered so far, in bidding order."""
    next_bidder: str | None
    """Whose turn it is; ``None`` once everyone has bid."""
    allowed: tuple[int, ...]
    """The numbers the next bidder may bid."""
    forbidden: int | None
    """The one number the hook takes away from the dealer, when it is a possible bid."""
    forbidden_reason: InstanceOf[Message] | None
    total: int
    balance: InstanceOf[Message]

    @property
    def complete(self) -> bool:
        return self.next_bidder is None


def bidding_state(setup: RoundSetup, bids: Mapping[str, int]) -> BiddingState:
    """Check the bids entered so far and say what comes next.

    Sequential variants must be entered in bidding order; simultaneous ones in any order (the
    "next bidder" is then just the next one around the table without a bid).

    >>> from scorepad.engine.game import Game
    >>> game = Game.start("golf", ["Ann", "Bob", "Cat", "Dan"], first_dealer="Dan")
    >>> setup = game.next_round
    >>> state = bidding_state(setup, {"Ann": 1})
    >>> state.next_bidder, state.forbidden, state.allowed
    ('Bob', None, (0, 1))
    >>> print(bidding_state(setup, {"Ann": 1, "Bob": 0, "Cat": 0}).forbidden_reason)
    Dan deals and may not bid 0: the bids would add up to 1, the number of tricks
    """
    order = setup.bid_order
    for name in bids:
        if name not in order:
            raise StrangerError(setup.number, "a bid", name, order)
    if setup.sequential_bids:
        entered = order[: len(bids)]
        for expected, name in zip(entered, bids, strict=True):
            if name != expected:
                raise BidOrderError(setup.number, name, expected)
    ordered = {name: bids[name] for name in order if name in bids}
    for name, bid in ordered.items():
        if not 0 <= bid <= setup.cards:
            raise BidRangeError(setup.number, name, bid, setup.cards)
    total = sum(ordered.values())
    forbidden = _hook_number(setup, ordered)
    if setup.dealer in ordered and ordered[setup.dealer] == forbidden:
        raise HookError(setup.number, setup.dealer, ordered[setup.dealer], setup.cards)

    next_bidder = next((name for name in order if name not in ordered), None)
    options = bid_options(setup, ordered, next_bidder) if next_bidder is not None else None
    return BiddingState(
        round_number=setup.number,
        cards=setup.cards,
        bids=ordered,
        next_bidder=next_bidder,
        allowed=options.allowed if options else (),
        forbidden=forbidden,
        forbidden_reason=options.reason if options else None,
        total=total,
        balance=balance_text(total, setup.cards),
    )


class BidOptions(BaseModel):
    """What one player may bid, given everyone else's bids."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    player: str
    allowed: tuple[int, ...]
    forbidden: int | None
    """The number the hook takes away (only ever from the dealer)."""
    reason: InstanceOf[Message] | None


def bid_options(setup: RoundSetup, bids: Mapping[str, int], player: str) -> BidOptions:
    """The bids open to ``player`` (entering or correcting theirs), the others' bids standing.

    >>> from scorepad.engine.game import Game
    >>> setup = Game.start("golf", ["Ann", "Bob", "Cat"], first_dealer="Cat").next_round
    >>> bid_options(setup, {"Ann": 0, "Bob": 0}, "Cat").allowed
    (0,)
    >>> bid_options(setup, {"Ann": 0, "Bob": 0, "Cat": 0}, "Ann").allowed
    (0, 1)
    """
    if player not in setup.bid_order:
        raise StrangerError(setup.number, "a bid", player, setup.bid_order)
    others = {name: bid for name, bid in bids.items() if name != player}
    forbidden = _hook_number(setup, others) if player == setup.dealer else None
    reason = None
    if forbidden is not None:
        reason = Message(
            "{dealer} deals and may not bid {bid}: the bids would add up to {cards}, the "
            "number of tricks",
            dealer=setup.dealer,
            bid=forbidden,
            cards=setup.cards,
        )
    return BidOptions(
        player=player,
        allowed=tuple(n for n in range(setup.cards + 1) if n != forbidden),
        forbidden=forbidden,
        reason=reason,
    )


def _hook_number(setup: RoundSetup, bids: Mapping[str, int]) -> int | None:
    """The dealer's forbidden bid, once every other bid is in (and the hook applies)."""
    if not setup.dealer_hooked:
        return None
    others = [name for name in setup.bid_order if name != setup.dealer]
    if any(name not in bids for name in others):
        return None
    forbidden = setup.cards - sum(bids[name] for name in others)
    return forbidden if 0 <= forbidden <= setup.cards else None


class TricksState(BaseModel):
    """The trick counts entered so far, with the last one filled in when it is certain."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    round_number: int
    cards: int
    tricks: FrozenDict[str, int]
    """Entered counts plus the filled-in last one, in bidding order."""
    filled_in: str | None
    """The player whose count was filled in (everyone else's was entered)."""
    missing: tuple[str, ...]
    """Players still without a count."""
    remaining: int
    """Tricks not yet given to anyone."""

    @property
    def complete(self) -> bool:
        return not self.missing and self.remaining == 0


def tricks_state(
    setup: RoundSetup, tricks: Mapping[str, int], *, correcting: bool = False
) -> TricksState:
    """Check the trick counts entered so far; fill in the last player's when one is missing.

    >>> from scorepad.engine.game import Game
    >>> setup = Game.start("golf", ["Ann", "Bob", "Cat"]).next_round
    >>> tricks_state(setup, {"Bob": 1, "Cat": 0}).tricks
    {'Bob': 1, 'Cat': 0, 'Ann': 0}

    A recorded round being ``correcting`` has every count entered and none filled in: a
    trick taken from one player is given to nobody until the table says who took it.

    >>> state = tricks_state(setup, {"Ann": 0, "Bob": 0, "Cat": 0}, correcting=True)
    >>> state.filled_in, state.remaining, state.complete
    (None, 1, False)
    """
    order = setup.bid_order
    for name in tricks:
        if name not in order:
            raise StrangerError(setup.number, "tricks", name, order)
    for name, count in tricks.items():
        if not 0 <= count <= setup.cards:
            raise TricksRangeError(setup.number, name, count, setup.cards)
    total = sum(tricks.values())
    if total > setup.cards:
        raise TricksSumError(setup.number, total, setup.cards)
    missing = [name for name in order if name not in tricks]
    if not missing and total != setup.cards and not correcting:
        raise TricksSumError(setup.number, total, setup.cards)
    filled_in = missing.pop() if len(missing) == 1 and not correcting else None
    counts = {name: tricks.get(name, setup.cards - total) for name in order if name not in missing}
    remaining = setup.cards - sum(counts.values())
    return TricksState(
        round_number=setup.number,
        cards=setup.cards,
        tricks=counts,
        filled_in=filled_in,
        missing=tuple(missing),
        remaining=remaining,
    )
