"""Several changes in one break count one at a time, in the order made (issue 46; RULINGS.md,
"Table changes during a game"; docs/rules.md, "Several changes in one break").

Each change is applied to the table as the change before it left it: a hand size the deck
cannot serve once someone joins is dropped for good, even if someone leaves after, and a
dealer-to-be who leaves hands the deal to the seat at their left as the table then stands.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.engine import Game
from scorepad.engine.presets import GOLF, MORMON_BRIDGE
from scorepad.engine.table_changes import (
    Adjustment,
    Join,
    Leave,
    SitOut,
    TableChangeError,
    TableTimeline,
    TakeOver,
)
from scorepad.engine.variant import Variant

SEVEN = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gil")
FIVE = SEVEN[:5]
FOUR = SEVEN[:4]

Change = Join | Leave | TakeOver | SitOut | Adjustment


def test_a_join_then_a_leave_before_the_first_hand_keep_the_sizes_the_join_dropped() -> None:
    assert len(GOLF.schedule(7)) == 14 and len(GOLF.schedule(8)) == 12  # the 8s, then the 7s
    table = TableTimeline(
        GOLF,
        SEVEN,
        "Ann",
        [Join(after=0, player="Hal", left_of="Gil"), Leave(after=0, player="Ann")],
    )
    assert table.schedule == GOLF.schedule(8), "fewer players never add rounds"
    assert len(table.lineup(1).seats) == 7


def test_a_join_then_a_leave_after_the_ten_never_bring_the_nine_back() -> None:
    table = TableTimeline(
        MORMON_BRIDGE,
        FIVE,
        "Ann",
        [Join(after=1, player="Fay", left_of="Eve"), Leave(after=1, player="Bob")],
    )
    assert table.schedule == (10, 8, 7, 6, 5, 4, 3, 2, 1)  # 6 × 9 + 1 = 55 > 52, once
    assert table.lineup(2).cards == 8


def test_a_leave_then_a_join_drop_only_what_the_table_at_its_largest_cannot_serve() -> None:
    table = TableTimeline(
        MORMON_BRIDGE,
        FIVE,
        "Ann",
        [Leave(after=1, player="Bob"), Join(after=1, player="Fay", left_of="Eve")],
    )
    assert table.schedule == MORMON_BRIDGE.schedule(5), "five at the table all along"


def test_a_join_that_leaves_no_hand_is_refused_even_when_a_leave_follows_it() -> None:
    tens = MORMON_BRIDGE.with_changes(name="Tens", hand_sizes=(1, 10, 10))  # 6 × 10 + 1 > 52
    join, leave = Join(after=1, player="Fay", left_of="Ann"), Leave(after=1, player="Bob")
    with pytest.raises(TableChangeError, match=r"after round 1: no hand left .* 6 players"):
        TableTimeline(tens, FIVE, "Ann", [join, leave])
    assert TableTimeline(tens, FIVE, "Ann", [leave, join]).schedule == (1, 10, 10)


def test_a_first_dealer_who_leaves_before_dealing_hands_the_deal_to_the_newcomer_at_left() -> None:
    table = TableTimeline(
        GOLF,
        FOUR,
        "Bob",
        [Join(after=0, player="Eve", left_of="Bob"), Leave(after=0, player="Bob")],
    )
    assert table.lineup(1).seats == ("Ann", "Eve", "Cat", "Dan")
    assert [table.lineup(n).dealer for n in range(1, 6)] == ["Eve", "Cat", "Dan", "Ann", "Eve"]


def test_the_last_dealer_leaving_after_a_newcomer_sat_at_their_left_hands_them_the_deal() -> None:
    table = TableTimeline(
        GOLF,
        FOUR,
        "Ann",
        [Join(after=1, player="Eve", left_of="Ann"), Leave(after=1, player="Ann")],
    )
    assert [table.lineup(n).dealer for n in range(1, 5)] == ["Ann", "Eve", "Bob", "Cat"]


def test_a_dealer_who_leaves_before_a_newcomer_sits_down_hands_the_deal_on_at_once() -> None:
    """The leave comes first: the deal goes to Cat, at Bob's left as the table then stands;
    Eve, seated after, at Ann's left, is not the dealer's left: she waits her turn."""
    table = TableTimeline(
        GOLF,
        FOUR,
        "Bob",
        [Leave(after=0, player="Bob"), Join(after=0, player="Eve", left_of="Ann")],
    )
    assert table.lineup(1).seats == ("Ann", "Eve", "Cat", "Dan")
    assert [table.lineup(n).dealer for n in range(1, 5)] == ["Cat", "Dan", "Ann", "Eve"]


def test_the_hook_and_the_lead_follow_the_dealer_a_newcomer_takes_over_from_a_leaver() -> None:
    game = (
        Game.start("golf", list(FOUR), first_dealer="Bob")
        .record_change(Join(after=0, player="Eve", left_of="Bob"))
        .record_change(Leave(after=0, player="Bob"))
    )
    first = game.setup(1)
    assert (first.dealer, first.leader) == ("Eve", "Cat")
    assert first.bid_order == ("Cat", "Dan", "Ann", "Eve"), "the dealer, hooked, bids last"
    assert first.dealer_hooked
    assert game.setup(2).dealer == "Cat"


# --- any changes in one break, against the same changes walked through one at a time ----------


@dataclass(frozen=True)
class Break:
    """A game played ``after`` rounds with no change, then ``changes`` made in one break."""

    variant: Variant
    players: tuple[str, ...]
    first_dealer: str
    after: int
    changes: tuple[Change, ...]

    def timeline(self) -> TableTimeline:
        return TableTimeline(self.variant, self.players, self.first_dealer, self.changes)


@st.composite
def breaks(draw: st.DrawFn) -> Break:
    """Any changes the rules take in one break, drawn one at a time against the table as the
    changes before them left it (a change the engine refuses is not made)."""
    variant = draw(st.sampled_from([GOLF, MORMON_BRIDGE]))
    players = SEVEN[: draw(st.integers(2, 7))]
    first_dealer = draw(st.sampled_from(players))
    rounds = len(variant.schedule(len(players)))
    after = draw(st.just(0) | st.integers(0, rounds - 1))  # before the first hand: often
    newcomers = iter(f"New{n}" for n in range(100))
    made: list[Change] = []
    for _ in range(draw(st.integers(1, 6))):
        seats = TableTimeline(variant, players, first_dealer, made).lineup(after + 1).seats
        someone = draw(st.sampled_from(seats))
        kind = draw(st.sampled_from(["join", "join", "leave", "leave", "take", "sit", "adjust"]))
        change: Change
        if kind == "join":
            change = Join(after=after, player=next(newcomers), left_of=someone)
        elif kind == "leave":
            change = Leave(after=after, player=someone)
        elif kind == "take":
            change = TakeOver(after=after, seat=someone, player=next(newcomers))
        elif kind == "sit":
            change = SitOut(after=after, player=someone)
        else:
            change = Adjustment(after=after, player=someone, points=-10, reason="renege")
        try:
            TableTimeline(variant, players, first_dealer, [*made, change])
        except TableChangeError:
            continue
        made.append(change)
    return Break(variant, players, first_dealer, after, tuple(made))


@dataclass(frozen=True)
class WalkedThrough:
    """The table, the sizes still to play and the deal after the break's changes, applied by
    hand one at a time, each to the table the one before it left (the RULINGS' own words)."""

    seats: tuple[str, ...]
    sitting_out: frozenset[str]
    sizes_left: tuple[int, ...]
    dealer_to_be: str
    """Who deals the next hand, unless they sit it out (then the next seat to their left)."""


def walk_through(game: Break) -> WalkedThrough:
    """The break's changes walked through by hand, with none of the engine's code: a seat list,
    the sizes left and who is due to deal, each change applied to what the one before left."""
    count = len(game.players)
    seats = list(game.players)
    planned = game.variant.schedule(count)
    sizes_left = planned[game.after :]
    first = game.players.index(game.first_dealer)
    last_dealer = game.players[(first + game.after - 1) % count] if game.after else None
    dealer_to_be = game.first_dealer
    sitting_out: set[str] = set()

    def left_of(name: str) -> str:
        return seats[(seats.index(name) + 1) % len(seats)]

    if last_dealer is not None:
        dealer_to_be = left_of(last_dealer)
    for change in game.changes:
        if isinstance(change, Join):
            seats.insert(seats.index(change.left_of) + 1, change.player)
            if change.left_of == last_dealer:  # a newcomer at the dealer's left deals next
                dealer_to_be = change.player
            # the deck decides: a size it cannot serve to every seat (one sitting this hand
            # out is dealt the next), with a card left to turn for trump, goes for good
            sizes_left = tuple(c for c in sizes_left if len(seats) * c + 1 <= 52)
        elif isinstance(change, Leave):
            if change.player == dealer_to_be:  # the deal goes to their left, as seated now
                dealer_to_be = left_of(change.player)
            if change.player == last_dealer:  # their left is no longer "the dealer's left"
                last_dealer = None
            seats.remove(change.player)
            sitting_out.discard(change.player)
        elif isinstance(change, TakeOver):
            seats[seats.index(change.seat)] = change.player
            dealer_to_be = change.player if dealer_to_be == change.seat else dealer_to_be
            last_dealer = change.player if last_dealer == change.seat else last_dealer
            if change.seat in sitting_out:
                sitting_out = (sitting_out - {change.seat}) | {change.player}
        elif isinstance(change, SitOut):
            sitting_out.add(change.player)
    return WalkedThrough(tuple(seats), frozenset(sitting_out), sizes_left, dealer_to_be)


@settings(max_examples=150)
@given(breaks())
def test_changes_in_one_break_give_the_schedule_and_dealers_of_making_them_one_at_a_time(
    game: Break,
) -> None:
    table = game.timeline()
    walked = walk_through(game)
    played = game.variant.schedule(len(game.players))[: game.after]
    assert table.schedule == played + walked.sizes_left
    for number in range(1, game.after + 1):  # the rounds before the break are as they were
        assert table.lineup(number).seats == game.players
    after_break = table.lineup(game.after + 1)
    assert after_break.seats == walked.seats
    assert set(after_break.seats) - set(after_break.dealt_in) == walked.sitting_out
    dealer = clockwise_from(walked.dealer_to_be, walked.seats, exclude=walked.sitting_out)
    assert after_break.dealer == dealer
    for number in range(game.after + 2, len(table.schedule) + 1):  # then left, once a hand
        dealer = clockwise_from(dealer, walked.seats, exclude={dealer})
        assert table.lineup(number).dealer == dealer


def clockwise_from(name: str, seats: Sequence[str], exclude: set[str] | frozenset[str]) -> str:
    """The first seat from ``name``'s, clockwise, that is not in ``exclude``."""
    at = seats.index(name)
    return next(seat for seat in [*seats[at:], *seats[:at]] if seat not in exclude)
