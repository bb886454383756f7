"""Live help while a round is entered: turns, allowed bids, the hook, the last trick count."""

from __future__ import annotations

import pytest

from scorepad.engine import (
    BidOrderError,
    BidRangeError,
    Game,
    HookError,
    StrangerError,
    TricksSumError,
    balance_text,
)

FOUR = ["Ann", "Bob", "Cat", "Dan"]


def golf_round(cards: int) -> Game:
    """A Golf game (Dan deals first) whose next round deals ``cards`` cards."""
    game = Game.start("golf", FOUR, first_dealer="Dan")
    from tests.helpers import play

    while game.next_round is not None and game.next_round.cards != cards:
        game = play(game, [0, 0, 0, 0], [game.next_round.cards, 0, 0, 0])
    return game


def test_sequential_bidding_walks_the_order_and_hooks_only_the_dealer() -> None:
    game = golf_round(7)
    setup = game.next_round
    assert setup is not None
    assert setup.cards == 7
    order = setup.bid_order
    state = game.bidding({})
    assert state.next_bidder == order[0]
    assert state.allowed == tuple(range(8))
    assert state.forbidden is None
    state = game.bidding({order[0]: 2, order[1]: 3, order[2]: 1})
    assert state.next_bidder == setup.dealer == order[3]
    assert state.forbidden == 1
    assert state.allowed == (0, 2, 3, 4, 5, 6, 7)
    assert state.forbidden_reason == (
        f"{setup.dealer} deals and may not bid 1: the bids would add up to 7, the number of tricks"
    )
    assert state.balance == "bids total 6 for 7 tricks: 1 under"
    done = game.bidding({order[0]: 2, order[1]: 3, order[2]: 1, order[3]: 3})
    assert done.complete
    assert done.allowed == ()
    assert done.balance == "bids total 9 for 7 tricks: 2 over"


def test_when_the_others_overbid_the_dealer_is_free() -> None:
    game = golf_round(2)
    order = game.next_round.bid_order  # type: ignore[union-attr]
    state = game.bidding({order[0]: 2, order[1]: 1, order[2]: 0})
    assert state.forbidden is None
    assert state.allowed == (0, 1, 2)


def test_bids_out_of_turn_out_of_range_or_hooked_are_refused() -> None:
    game = golf_round(3)
    order = game.next_round.bid_order  # type: ignore[union-attr]
    with pytest.raises(BidOrderError, match=f"it is {order[0]}'s turn to bid, not {order[1]}'s"):
        game.bidding({order[1]: 1})
    with pytest.raises(BidRangeError, match=f"{order[0]} bid 4, but a bid in a 3-card round"):
        game.bidding({order[0]: 4})
    with pytest.raises(HookError, match="may not bid 0"):
        game.bidding({order[0]: 1, order[1]: 1, order[2]: 1, order[3]: 0})
    with pytest.raises(StrangerError, match="'Eve', who is not playing"):
        game.bidding({"Eve": 1})


def test_the_last_trick_count_is_filled_in() -> None:
    game = golf_round(5)
    order = game.next_round.bid_order  # type: ignore[union-attr]
    state = game.tricks({order[0]: 2, order[1]: 0, order[2]: 1})
    assert state.filled_in == order[3]
    assert state.tricks[order[3]] == 2
    assert state.complete
    assert state.remaining == 0
    partial = game.tricks({order[0]: 5})
    assert partial.filled_in is None
    assert partial.remaining == 0
    assert not partial.complete
    with pytest.raises(TricksSumError, match="add up to 6, but a 5-card round"):
        game.tricks({order[0]: 5, order[1]: 1})


def test_balance_wording() -> None:
    assert balance_text(2, 1) == "bids total 2 for 1 trick: 1 over"
    assert balance_text(7, 7) == "bids total 7 for 7 tricks: exactly even"
