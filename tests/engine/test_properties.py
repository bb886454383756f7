"""Properties over random legal games of every preset and of random house rules."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.engine import GOLF, Game, Winner, net_cents
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


@given(games())
def test_points_follow_the_variants_formula(game: Game) -> None:
    v = game.variant
    for result in game.sheet.rounds:
        for p in game.players:
            bid, took = result.bids[p], result.tricks[p]
            if bid != took:
                expected = v.points_per_trick_missed * took
            elif bid == 0 and v.made_zero_bonus is not None:
                expected = result.cards + v.made_zero_bonus
            else:
                expected = v.made_bonus + v.points_per_trick_made * took
            assert result.points[p] == expected
            assert result.made[p] == (bid == took)
        assert sum(result.tricks.values()) == result.cards


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
