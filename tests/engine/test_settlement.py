"""Golf settlement arithmetic: integer cents, even splits, balanced books."""

from __future__ import annotations

import pytest

from scorepad.engine import format_cents, net_cents, spoken_cents
from scorepad.engine.settlement import settle


def test_each_loser_pays_the_winner_the_stake_per_set() -> None:
    payments = settle(["A", "B", "C"], ["A"], {"A": 3, "B": 6, "C": 2}, 5)
    assert [(p.payer, p.payee, p.cents) for p in payments] == [("B", "A", 30), ("C", "A", 10)]


def test_winners_who_were_set_pay_nothing_and_unset_losers_are_not_listed() -> None:
    payments = settle(["A", "B", "C"], ["A", "B"], {"A": 9, "B": 9, "C": 0}, 5)
    assert payments == ()


@pytest.mark.parametrize(
    ("owed_sets", "winners", "expected_shares"),
    [
        ({"C": 1, "D": 1}, ["A", "B"], [5, 5]),  # not 3+3 / 2+2 per payer
        ({"C": 1, "D": 0}, ["A", "B"], [3, 2]),
        ({"C": 1, "D": 1}, ["A", "B", "E"], [4, 3, 3]),
        ({"C": 7, "D": 4}, ["A", "B", "E"], [19, 18, 18]),
    ],
)
def test_the_pot_is_split_as_evenly_as_whole_cents_allow(
    owed_sets: dict[str, int], winners: list[str], expected_shares: list[int]
) -> None:
    players = ["A", "B", "C", "D", "E"]
    sets = {name: owed_sets.get(name, 0) for name in players}
    payments = settle(players, winners, sets, 5)
    balance = net_cents(players, payments)
    assert [balance[w] for w in winners] == expected_shares
    for payer, count in owed_sets.items():
        assert balance[payer] == -5 * count
    assert sum(balance.values()) == 0


@pytest.mark.parametrize(
    ("cents", "text"), [(0, "0¢"), (5, "5¢"), (99, "99¢"), (100, "$1.00"), (1234, "$12.34")]
)
def test_money_reads_as_people_say_it(cents: int, text: str) -> None:
    assert format_cents(cents) == text


@pytest.mark.parametrize(
    ("cents", "symbol", "text", "said"),
    [
        (35, "$", "35¢", "35 cents"),
        (115, "$", "$1.15", "$1.15"),
        (35, "€", "€0.35", "€0.35"),
        (115, "€", "€1.15", "€1.15"),
        (-5, "kr", "-kr0.05", "-kr0.05"),
    ],
)
def test_money_is_written_in_the_tables_currency_symbol(
    cents: int, symbol: str, text: str, said: str
) -> None:
    """The cent sign belongs to the dollar: in another currency every amount has the symbol
    and two decimals, on screen and for a screen reader alike."""
    assert format_cents(cents, symbol) == text
    assert spoken_cents(cents, symbol) == said
