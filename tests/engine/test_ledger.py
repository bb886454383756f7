"""The money ledger: balances from each game's own settlement, and the fewest transfers."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator, Mapping
from datetime import datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.engine import (
    GOLF,
    MORMON_BRIDGE,
    Game,
    GameResults,
    GameStatus,
    Ledger,
    Payment,
    UnbalancedGameError,
    UnbalancedLedgerError,
    Variant,
    fewest_transfers,
    format_cents,
    ledger_of,
)
from scorepad.engine.ledger import EXACT_LIMIT
from tests.engine.test_results import short_mormon, two_hand_golf
from tests.strategies import custom_variants, round_for

EVENING = datetime(2026, 11, 7, 20, 0)


def results(game: Game, game_id: str) -> GameResults:
    return GameResults.of(game, game_id=game_id, played_on=EVENING)


def settles(balances: Mapping[str, int], transfers: tuple[Payment, ...]) -> bool:
    left = dict(balances)
    for payment in transfers:
        assert payment.cents > 0
        assert payment.payer != payment.payee
        left[payment.payer] += payment.cents
        left[payment.payee] -= payment.cents
    return not any(left.values())


# --- the ledger of an evening ----------------------------------------------------------------


def test_an_evening_adds_each_games_settlement_and_leaves_out_games_without_money() -> None:
    golf = two_hand_golf()  # Ann pays 5: Bob collects 3, Cat 2
    abandoned = Game.start(GOLF, ["Ann", "Bob"], first_dealer="Ann", stake_cents=5).abandon()
    evening = [
        results(golf, "g1"),
        results(golf, "g2"),
        results(short_mormon(), "g3"),  # no stake
        results(abandoned, "g4"),  # ended early: pays nothing
    ]
    ledger = ledger_of(evening)
    assert ledger.balances == {"Ann": -10, "Bob": 6, "Cat": 4}
    assert ledger.transfers == (
        Payment(payer="Ann", payee="Bob", cents=6),
        Payment(payer="Ann", payee="Cat", cents=4),
    )


def test_the_ledger_prints_as_the_cli_shows_it() -> None:
    ledger = ledger_of([results(two_hand_golf(), "g1")])
    assert json.loads(ledger.model_dump_json()) == {
        "balances": {"Ann": -5, "Bob": 3, "Cat": 2},
        "transfers": [
            {"from": "Ann", "to": "Bob", "cents": 3},
            {"from": "Ann", "to": "Cat", "cents": 2},
        ],
    }


def test_a_renamed_player_settles_under_the_new_name() -> None:
    ledger = ledger_of([results(two_hand_golf(), "g1")], names={"ann": "Annie"})
    assert ledger.balances == {"Annie": -5, "Bob": 3, "Cat": 2}


def test_a_player_level_on_the_evening_has_a_balance_of_zero_and_no_transfer() -> None:
    golf = two_hand_golf()
    ledger = ledger_of([results(golf, "g1")], names={"bob": "Ann"})  # Ann pays herself 3
    assert ledger.balances == {"Ann": -2, "Cat": 2}
    assert ledger.transfers == (Payment(payer="Ann", payee="Cat", cents=2),)


def test_no_games_with_money_give_an_empty_ledger() -> None:
    assert ledger_of([results(short_mormon(), "g1")]) == Ledger(balances={}, transfers=())
    assert ledger_of([]) == Ledger(balances={}, transfers=())


def test_a_game_whose_money_does_not_add_up_is_refused_by_name() -> None:
    stored = results(two_hand_golf(), "g7")
    ann, bob, cat = stored.results
    tampered = stored.model_copy(
        update={"results": (ann, bob, cat.model_copy(update={"cents": 20}))}
    )
    with pytest.raises(UnbalancedGameError, match=r"game 'g7' .* adds up to 18 cents, not 0"):
        ledger_of([results(short_mormon(), "g1"), tampered])
    no_money = stored.model_copy(
        update={"results": (ann, bob, cat.model_copy(update={"cents": None}))}
    )
    with pytest.raises(UnbalancedGameError, match=r"game 'g7' .* no money for Cat"):
        ledger_of([no_money])


# --- fewest transfers ------------------------------------------------------------------------


def test_pairs_that_cancel_settle_with_one_payment_each() -> None:
    balances = {"Dan": 10, "Ann": -5, "Cat": 5, "Bob": -10}
    assert fewest_transfers(balances) == (
        Payment(payer="Ann", payee="Cat", cents=5),
        Payment(payer="Bob", payee="Dan", cents=10),
    )


def test_one_debtor_pays_each_creditor() -> None:
    transfers = fewest_transfers({"Ann": -30, "Bob": 10, "Cat": 15, "Dan": 5})
    assert [(p.payer, p.payee, p.cents) for p in transfers] == [
        ("Ann", "Bob", 10),
        ("Ann", "Cat", 15),
        ("Ann", "Dan", 5),
    ]


def test_the_same_balances_in_any_order_give_the_same_payments() -> None:
    balances = {"Ann": -7, "Bob": 3, "Cat": -4, "Dan": 6, "Eve": 2}
    reordered = dict(reversed(list(balances.items())))
    assert fewest_transfers(balances) == fewest_transfers(reordered)


def test_balances_that_do_not_add_up_are_refused_with_them() -> None:
    with pytest.raises(
        UnbalancedLedgerError, match=r"add up to -2 cents, not 0 \('Ann' -5, 'Bob' 3\)"
    ):
        fewest_transfers({"Ann": -5, "Bob": 3})


def test_a_long_list_of_balances_is_cut_short_in_the_message() -> None:
    balances = {f"P{index:02d}": 1 for index in range(20)}
    with pytest.raises(UnbalancedLedgerError, match="and 12 more") as raised:
        fewest_transfers(balances)
    assert "\n" not in str(raised.value)


@pytest.mark.parametrize(
    ("cents", "text"),
    [(0, "0¢"), (5, "5¢"), (45, "45¢"), (100, "$1.00"), (-120, "-$1.20"), (-5, "-5¢")],
)
def test_money_reads_as_on_every_screen(cents: int, text: str) -> None:
    """The ledger and the player pages wrote "35¢" where the game screens wrote "35¢"."""
    assert format_cents(cents) == text


def test_money_takes_the_tables_symbol() -> None:
    assert format_cents(1999, "€") == "€19.99"
    assert format_cents(-1, "kr") == "-kr0.01"


# --- properties ------------------------------------------------------------------------------


def set_partitions(items: list[int]) -> Iterator[list[list[int]]]:
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for partition in set_partitions(rest):
        yield [[first], *partition]
        for index in range(len(partition)):
            yield [*partition[:index], [first, *partition[index]], *partition[index + 1 :]]


def fewest_by_brute_force(amounts: list[int]) -> int:
    """Every way to split the players into groups that each settle among themselves; a group
    of k needs k - 1 payments, so the most groups need the fewest."""
    if not amounts:
        return 0
    most_groups = max(
        len(partition)
        for partition in set_partitions(amounts)
        if all(sum(group) == 0 for group in partition)
    )
    return len(amounts) - most_groups


@st.composite
def balances(draw: st.DrawFn, max_players: int, spread: int = 30) -> dict[str, int]:
    """Nonzero balances that add up to zero (small amounts, so groups that cancel are common)."""
    amounts = draw(st.lists(st.integers(-spread, spread).filter(bool), max_size=max_players - 1))
    amounts.append(-sum(amounts))
    return {f"P{index}": cents for index, cents in enumerate(amounts) if cents}


@given(balances(max_players=6))
def test_fewest_transfers_is_the_least_possible(owed: dict[str, int]) -> None:
    transfers = fewest_transfers(owed)
    assert settles(owed, transfers)
    assert len(transfers) == fewest_by_brute_force(list(owed.values()))


@settings(max_examples=40)  # up to 22 players: the exact search at 16 takes a moment
@given(st.integers(1, EXACT_LIMIT + 6).flatmap(lambda n: balances(max_players=n, spread=500)))
def test_fewest_transfers_settles_everyone_with_at_most_one_fewer_than_players(
    owed: dict[str, int],
) -> None:
    transfers = fewest_transfers(owed)
    assert settles(owed, transfers)
    assert len(transfers) <= max(len(owed) - 1, 0)
    assert fewest_transfers(dict(reversed(list(owed.items())))) == transfers


def test_more_players_than_the_exact_search_still_settle_within_the_bound() -> None:
    owed = {f"P{index:02d}": (index % 7) - 3 or 5 for index in range(EXACT_LIMIT + 4)}
    owed["P00"] -= sum(owed.values())
    transfers = fewest_transfers(owed)
    assert settles(owed, transfers)
    assert len(transfers) <= len([c for c in owed.values() if c]) - 1


POOL = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]

stake_variants = st.sampled_from(
    [
        GOLF.with_changes(name="Short Golf", hand_sizes=(1, 2, 3)),
        MORMON_BRIDGE.with_changes(name="Mormon for money", hand_sizes=(3, 2, 1), stake_cents=10),
    ]
) | custom_variants().filter(
    lambda variant: variant.stake_cents is not None and len(variant.hand_sizes) <= 4
)
"""Short games played for money (a full game of 18 hands proves nothing more, slowly)."""


@st.composite
def stake_game(draw: st.DrawFn) -> Game:
    """A game from a shared pool of players (so an evening's games overlap), often finished."""
    variant: Variant = draw(stake_variants)
    count = draw(st.integers(variant.min_players, min(variant.max_players, len(POOL))))
    players = draw(st.permutations(POOL))[:count]
    stake = draw(st.integers(0, 50))
    game = Game.start(variant, players, draw(st.sampled_from(players)), stake_cents=stake)
    full = len(game.schedule)
    played = full if draw(st.booleans()) else draw(st.integers(0, full))
    for _ in range(played):
        game = game.record_round(draw(round_for(game)))
    if played < full and draw(st.booleans()):
        game = game.abandon()
    return game


@given(st.lists(stake_game(), max_size=5))
def test_the_ledger_is_the_sum_of_each_games_own_settlement(evening: list[Game]) -> None:
    ledger = ledger_of(results(game, f"g{number}") for number, game in enumerate(evening))
    expected: dict[str, int] = {}
    for game in evening:
        money = game.sheet.money_at_end()
        if money is None:
            assert game.status is not GameStatus.FINISHED or game.stake_cents is None
            continue
        for player, cents in money.items():
            expected[player] = expected.get(player, 0) + cents
    assert ledger.balances == expected
    assert sum(ledger.balances.values()) == 0
    assert settles(ledger.balances, ledger.transfers)
    owing = [cents for cents in ledger.balances.values() if cents]
    assert len(ledger.transfers) <= max(len(owing) - 1, 0)


def test_brute_force_agrees_with_hand_counts() -> None:
    """The check the property leans on, checked by hand."""
    assert fewest_by_brute_force([-5, -10, 5, 10]) == 2
    assert fewest_by_brute_force([-30, 10, 15, 5]) == 3
    assert fewest_by_brute_force([-1, -1, 2]) == 2
    assert len(list(set_partitions(list(itertools.repeat(1, 4))))) == 15  # Bell(4)


@given(stake_game())
def test_one_game_s_ledger_lists_the_game_s_own_payments(game: Game) -> None:
    """The Golf end screen said Ann pays Dan $2.25, Bob pays Dan $1.63 and Eve $1.12, Cat
    pays Eve $2.75; that game's ledger said Ann pays Dan $1.13 and Eve $1.12, Bob pays Dan
    $2.75...: the same balances, two lists. One game shows one list everywhere."""
    ledger = ledger_of([results(game, "g1")])
    if game.status is GameStatus.FINISHED and game.stake_cents is not None:
        assert ledger.transfers == game.sheet.settlement
    else:
        assert ledger.transfers == ()
