"""The table round by round after joins, leaves, seats taken over and hands sat out
(RULINGS.md, "Table changes during a game"), worked out by hand from the rulings."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorepad.engine.presets import GOLF, MORMON_BRIDGE, SCOTCH_BRIDGE
from scorepad.engine.table_changes import (
    Adjustment,
    Join,
    Leave,
    SitOut,
    StartingTotal,
    TableChangeError,
    TableTimeline,
    TakeOver,
    starting_total,
)
from scorepad.engine.variant import Winner

FIVE = ("Ann", "Bob", "Cat", "Dan", "Eve")
FOUR = FIVE[:4]


def test_a_sixth_player_after_round_1_drops_the_9_card_hand_and_keeps_the_rest() -> None:
    table = TableTimeline(MORMON_BRIDGE, FIVE, "Ann", [Join(after=1, player="Fay", left_of="Cat")])
    assert table.schedule == (10, 8, 7, 6, 5, 4, 3, 2, 1)  # 6 × 9 + 1 = 55 > 52
    assert table.lineup(1).seats == FIVE
    assert table.lineup(2).seats == ("Ann", "Bob", "Cat", "Fay", "Dan", "Eve")
    assert [table.lineup(n).dealer for n in range(1, 6)] == ["Ann", "Bob", "Cat", "Fay", "Dan"]


def test_a_player_who_joins_to_the_dealers_left_deals_next() -> None:
    table = TableTimeline(GOLF, FOUR, "Bob", [Join(after=1, player="Eve", left_of="Bob")])
    assert (table.lineup(1).dealer, table.lineup(2).dealer, table.lineup(3).dealer) == (
        "Bob",
        "Eve",
        "Cat",
    )


def test_fewer_players_never_add_rounds() -> None:
    table = TableTimeline(MORMON_BRIDGE, (*FIVE, "Fay"), "Ann", [Leave(after=2, player="Fay")])
    assert table.schedule == MORMON_BRIDGE.schedule(6)  # the 10 and 9 stay dropped
    assert table.lineup(3).seats == FIVE


def test_when_the_next_dealer_leaves_the_deal_goes_on_to_their_left() -> None:
    table = TableTimeline(GOLF, FIVE, "Ann", [Leave(after=1, player="Bob")])
    assert [table.lineup(n).dealer for n in range(1, 5)] == ["Ann", "Cat", "Dan", "Eve"]


def test_when_the_last_dealer_leaves_the_seat_to_their_left_deals() -> None:
    table = TableTimeline(GOLF, FIVE, "Ann", [Leave(after=2, player="Bob")])
    assert [table.lineup(n).dealer for n in range(1, 5)] == ["Ann", "Bob", "Cat", "Dan"]


def test_a_sitter_who_would_deal_is_skipped_and_the_deal_goes_on_from_the_next() -> None:
    table = TableTimeline(GOLF, FOUR, "Ann", [SitOut(after=1, player="Bob")])
    two = table.lineup(2)
    assert two.dealt_in == ("Ann", "Cat", "Dan") and two.seats == FOUR
    assert [table.lineup(n).dealer for n in range(1, 5)] == ["Ann", "Cat", "Dan", "Ann"]
    assert table.lineup(3).dealt_in == FOUR, "a hand sat out is one hand"


def test_the_first_dealer_sitting_out_the_first_hand_hands_the_deal_left() -> None:
    table = TableTimeline(GOLF, FOUR, "Ann", [SitOut(after=0, player="Ann")])
    assert table.lineup(1).dealer == "Bob" and table.lineup(2).dealer == "Cat"


def test_a_seat_taken_over_keeps_its_place_and_the_deal_goes_on() -> None:
    table = TableTimeline(SCOTCH_BRIDGE, FOUR, "Ann", [TakeOver(after=1, seat="Bob", player="Zoe")])
    assert table.lineup(2).seats == ("Ann", "Zoe", "Cat", "Dan")
    assert table.lineup(2).dealer == "Zoe"  # Bob's seat deals round 2, now Zoe's
    assert table.schedule == SCOTCH_BRIDGE.schedule(4)
    assert table.everyone == (*FOUR, "Zoe")


def test_scotch_bridge_refuses_a_join_and_a_leave_and_says_why() -> None:
    with pytest.raises(TableChangeError, match="written for 4 players: nobody can join"):
        TableTimeline(SCOTCH_BRIDGE, FOUR, "Ann", [Join(after=1, player="Eve", left_of="Ann")])
    with pytest.raises(TableChangeError, match=r"after round 3: Scotch Bridge .* nobody can leave"):
        TableTimeline(SCOTCH_BRIDGE, FOUR, "Ann", [Leave(after=3, player="Ann")])


def test_scotch_bridge_with_one_sitting_out_deals_39_cards() -> None:
    table = TableTimeline(SCOTCH_BRIDGE, FOUR, "Ann", [SitOut(after=0, player="Cat")])
    assert table.lineup(1).cards == 13 and len(table.lineup(1).dealt_in) == 3


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (Leave(after=1, player="Bob"), "Bob cannot leave: Golf needs at least 2 players"),
        (SitOut(after=1, player="Bob"), "Bob cannot sit out: a hand needs at least 2 players"),
        (Join(after=1, player="ann", left_of="Bob"), "'ann' has played a seat in this game"),
        (Join(after=1, player="Cy", left_of="Zed"), "cannot sit to the left of 'Zed'"),
        (TakeOver(after=1, seat="Bob", player="Ann"), "'Ann' has played a seat in this game"),
        (Adjustment(after=0, player="Ann", points=-10, reason="renege"), "follows a round"),
        (Leave(after=4, player="Bob"), "only 3 round\\(s\\) are recorded"),
    ],
)
def test_a_change_the_rules_refuse_names_the_round_the_player_and_the_rule(
    change: Join | Leave | SitOut | TakeOver | Adjustment, words: str
) -> None:
    with pytest.raises(TableChangeError, match=words) as refused:
        TableTimeline(GOLF, ("Ann", "Bob"), "Ann", [change], rounds_played=3)
    assert refused.value.after == change.after


def test_a_join_that_leaves_no_hand_the_deck_serves_is_refused() -> None:
    short = MORMON_BRIDGE.with_changes(name="Tens", hand_sizes=(1, 10, 10))
    with pytest.raises(TableChangeError, match=r"after round 2: no hand left .* 6 players"):
        TableTimeline(short, FIVE, "Ann", [Join(after=2, player="Fay", left_of="Ann")])


def test_a_player_who_left_cannot_come_back_as_someone_new() -> None:
    with pytest.raises(TableChangeError, match="'Bob' has played a seat"):
        TableTimeline(
            GOLF,
            FIVE,
            "Ann",
            [Leave(after=1, player="Bob"), Join(after=3, player="Bob", left_of="Ann")],
        )


@st.composite
def timelines(draw: st.DrawFn) -> TableTimeline:
    """Any sequence of changes the rules take, built one change at a time."""
    players = FIVE[: draw(st.integers(2, 5))]
    changes: list[Join | Leave | TakeOver | SitOut | Adjustment] = []
    table = TableTimeline(GOLF, players, players[0])
    newcomers = iter(f"New{n}" for n in range(100))
    for _ in range(draw(st.integers(0, 8))):
        after = draw(st.integers(min(c.after for c in changes) if changes else 0, 12))
        after = max([after, *(c.after for c in changes)])
        if after >= len(table.schedule):
            break
        seats = table.lineup(after + 1).seats
        kind = draw(st.sampled_from(["join", "leave", "take", "sit", "adjust"]))
        someone = draw(st.sampled_from(seats))
        change: Join | Leave | TakeOver | SitOut | Adjustment
        if kind == "join":
            change = Join(after=after, player=next(newcomers), left_of=someone)
        elif kind == "leave":
            change = Leave(after=after, player=someone)
        elif kind == "take":
            change = TakeOver(after=after, seat=someone, player=next(newcomers))
        elif kind == "sit":
            change = SitOut(after=after, player=someone)
        else:
            change = Adjustment(after=max(after, 1), player=someone, points=-10, reason="renege")
        try:
            table = TableTimeline(GOLF, players, players[0], [*changes, change])
        except TableChangeError:
            continue
        changes.append(change)
    return table


@given(timelines())
def test_every_round_of_any_table_can_be_dealt_and_the_dealer_is_dealt_in(
    table: TableTimeline,
) -> None:
    for number in range(1, len(table.schedule) + 1):
        lineup = table.lineup(number)
        assert len(lineup.dealt_in) >= 2
        assert lineup.dealer in lineup.dealt_in
        assert GOLF.can_deal(len(lineup.seats), lineup.cards)
        assert set(lineup.dealt_in) <= set(lineup.seats)
        assert len(set(lineup.seats)) == len(lineup.seats)
    assert set(table.schedule) <= set(GOLF.hand_sizes)


def test_the_first_dealers_seat_taken_over_before_the_first_hand_deals_first() -> None:
    table = TableTimeline(GOLF, FOUR, "Cat", [TakeOver(after=0, seat="cat", player="Zoe")])
    assert table.lineup(1).dealer == "Zoe" and table.lineup(2).dealer == "Dan"


def test_the_last_dealers_seat_taken_over_passes_the_deal_on_to_its_left() -> None:
    table = TableTimeline(GOLF, FOUR, "Ann", [TakeOver(after=2, seat="Bob", player="Zoe")])
    assert [table.lineup(n).dealer for n in range(1, 5)] == ["Ann", "Bob", "Cat", "Dan"]
    assert table.lineup(3).seats == ("Ann", "Zoe", "Cat", "Dan")


@given(st.lists(st.integers(-500, 500), min_size=1, max_size=8), st.sampled_from(list(Winner)))
def test_a_late_arrival_never_starts_ahead_of_the_worst_and_the_average_leans_to_it(
    totals: list[int], winner: Winner
) -> None:
    worst = starting_total(StartingTotal.WORST, totals, winner)
    average = starting_total(StartingTotal.AVERAGE, totals, winner)
    mean = sum(totals) / len(totals)
    assert worst == (min(totals) if winner is Winner.HIGHEST else max(totals))
    assert min(totals) <= average <= max(totals)
    if winner is Winner.HIGHEST:
        assert mean - 1 < average <= mean
    else:
        assert mean <= average < mean + 1
