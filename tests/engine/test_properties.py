"""Properties over random legal games of every preset and of random house rules."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.engine import (
    GOLF,
    MORMON_BRIDGE,
    PRESETS,
    SCOTCH_BRIDGE,
    Game,
    Variant,
    Winner,
    net_cents,
)
from tests.strategies import games, round_for


@given(games())
def test_totals_are_the_sums_of_round_points(game: Game) -> None:
    sheet = game.sheet
    for player in game.players:
        running = 0
        for result in sheet.rounds:
            running += result.points[player]
            assert result.totals[player] == running
        assert sheet.totals[player] == running


@pytest.mark.parametrize(
    ("variant", "bid", "took", "cards", "points"),
    [
        # Mormon Bridge: "one point for each hand they won, and 10 points for meeting their goal"
        (MORMON_BRIDGE, 3, 3, 7, 13),
        (MORMON_BRIDGE, 2, 3, 7, 3),
        (MORMON_BRIDGE, 0, 0, 5, 10),
        # Scotch Bridge: "bid 5, and actually got 5 tricks, I get 15"; "bid zero for the first
        # round and actually get zero, I get 18"; a missed bid scores nothing
        (SCOTCH_BRIDGE, 5, 5, 13, 15),
        (SCOTCH_BRIDGE, 0, 0, 13, 18),
        (SCOTCH_BRIDGE, 4, 5, 13, 0),
        # Golf: "10 points plus 1 point for each trick"; "not taking tricks equal ... gets 0"
        (GOLF, 3, 3, 6, 13),
        (GOLF, 0, 0, 6, 10),
        (GOLF, 2, 1, 6, 0),
    ],
)
def test_points_are_the_rule_sheets_own_examples(
    variant: Variant, bid: int, took: int, cards: int, points: int
) -> None:
    assert variant.points(bid=bid, tricks=took, cards=cards) == points


@given(games())
def test_a_round_scores_by_bid_tricks_and_cards_alone(game: Game) -> None:
    """Invariants of every variant's scoring, preset or house rules: a player's points depend
    only on their bid, their tricks and the hand size (never on who they are or what others
    did), a missed bid's points never depend on what was bid, and "made" means bid == tricks."""
    seen: dict[tuple[int, int, int], int] = {}
    missed: dict[tuple[int, int], int] = {}
    for result in game.sheet.rounds:
        assert sum(result.tricks.values()) == result.cards
        for p in game.players:
            bid, took = result.bids[p], result.tricks[p]
            assert result.made[p] == (bid == took)
            points = result.points[p]
            assert seen.setdefault((bid, took, result.cards), points) == points
            if bid != took and _missed_ignores_the_bid(game.variant):
                assert missed.setdefault((took, result.cards), points) == points


def _missed_ignores_the_bid(variant: Variant) -> bool:
    """Whether a missed bid scores by the tricks alone (the three sheets do; a house rule that
    loses points per trick off, or per trick bid, does not)."""
    return (
        variant.points_per_trick_off == 0
        and variant.points_per_trick_bid_missed == 0
        and variant.missed_zero_points is None
    )


@given(games())
def test_in_the_presets_a_made_bid_beats_a_missed_one_with_the_same_tricks(game: Game) -> None:
    variant = game.variant
    if variant not in PRESETS.values():
        return
    for result in game.sheet.rounds:
        for p in game.players:
            bid, took = result.bids[p], result.tricks[p]
            if bid == took:
                other_bid = took + 1 if took < result.cards else took - 1
                missed = variant.points(bid=other_bid, tricks=took, cards=result.cards)
                assert result.points[p] > missed


@given(st.data())
def test_the_hook_always_leaves_the_dealer_a_legal_bid(data: st.DataObject) -> None:
    game = data.draw(games(finished=False))
    setup = game.next_round
    assert setup is not None
    bids = {}
    for name in setup.bid_order[:-1]:
        bids[name] = data.draw(st.integers(0, setup.cards))
    state = game.bidding(bids)
    assert state.next_bidder == setup.dealer
    assert state.allowed, "the dealer must always have a legal bid"
    everything = set(range(setup.cards + 1))
    assert everything - set(state.allowed) == (
        {state.forbidden} if setup.dealer_hooked and state.forbidden is not None else set()
    )
    for bid in state.allowed:
        complete = game.bidding({**bids, setup.dealer: bid})
        assert not (setup.dealer_hooked and complete.total == setup.cards)


def check_settlement(game: Game) -> None:
    sheet = game.sheet
    assert sheet.winners
    best = (min if game.variant.winner is Winner.LOWEST else max)(sheet.totals.values())
    assert {p for p in game.players if sheet.totals[p] == best} == set(sheet.winners)
    balance = net_cents(game.players, sheet.settlement)
    assert sum(balance.values()) == 0
    if game.stake_cents is None:
        assert sheet.settlement == ()
        return
    for player in game.players:
        if player not in sheet.winners:
            assert balance[player] == -game.stake_cents * sheet.sets[player]
    shares = [balance[w] for w in sheet.winners]
    assert max(shares) - min(shares) <= 1
    assert all(p.payee in sheet.winners and p.payer not in sheet.winners for p in sheet.settlement)
    assert all(p.cents > 0 for p in sheet.settlement)


@settings(max_examples=60)
@given(games(finished=True))
def test_the_settlement_balances(game: Game) -> None:
    check_settlement(game)


@settings(max_examples=60)
@given(games(variant=st.just(GOLF), finished=True))
def test_golf_settlement_balances_at_every_table_size(game: Game) -> None:
    check_settlement(game)


@given(games())
def test_standings_are_ordered_and_ties_share_a_rank(game: Game) -> None:
    standings = game.sheet.standings
    sign = 1 if game.variant.winner is Winner.LOWEST else -1
    keys = [sign * s.total for s in standings]
    assert keys == sorted(keys)
    for before, after in itertools.pairwise(standings):
        if before.total == after.total:
            assert before.rank == after.rank
        else:
            assert after.rank == standings.index(after) + 1


@given(games())
def test_a_record_round_trips_through_json(game: Game) -> None:
    again = Game.from_json(game.record.model_dump_json())
    assert again.sheet == game.sheet


@given(st.data())
def test_replacing_a_round_with_itself_changes_nothing(data: st.DataObject) -> None:
    game = data.draw(games())
    if not game.results:
        return
    number = data.draw(st.integers(1, len(game.results)))
    assert game.replace_round(number, game.record.rounds[number - 1]).sheet == game.sheet


@given(st.data())
def test_a_drawn_round_is_always_accepted(data: st.DataObject) -> None:
    game = data.draw(games(finished=False))
    after = game.record_round(data.draw(round_for(game)))
    assert len(after.results) == len(game.results) + 1
