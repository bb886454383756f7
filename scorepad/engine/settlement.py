"""Golf's nickels: who pays whom at the end. Money is whole cents, never floats."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scorepad.engine.sheet import Payment


def settle(
    players: Sequence[str],
    winners: Sequence[str],
    sets: Mapping[str, int],
    stake_cents: int,
) -> tuple[Payment, ...]:
    """Each non-winner pays the stake for every round they were set; the winners share it.

    With tied winners the whole pot is split as evenly as whole cents allow (the winners'
    shares differ by at most one cent; the odd cents go to the winners who sit first in seating
    order), and winners pay one another nothing. Payments are listed payer by payer, in seating
    order.

    >>> settle(["Ann", "Bob", "Cat"], ["Ann"], {"Ann": 2, "Bob": 6, "Cat": 1}, 5)
    (Payment(payer='Bob', payee='Ann', cents=30), Payment(payer='Cat', payee='Ann', cents=5))
    >>> [p.cents for p in settle(["A", "B", "C"], ["A", "B"], {"A": 0, "B": 0, "C": 1}, 5)]
    [3, 2]
    """
    if not winners:
        return ()
    seated_winners = [name for name in players if name in winners]
    owed = {
        name: sets[name] * stake_cents
        for name in players
        if name not in winners and sets[name] * stake_cents > 0
    }
    pot = sum(owed.values())
    share, odd_cents = divmod(pot, len(seated_winners))
    still_due = {
        winner: share + (1 if place < odd_cents else 0)
        for place, winner in enumerate(seated_winners)
    }
    payments: list[Payment] = []
    for payer, amount in owed.items():
        unpaid = amount
        for winner in seated_winners:
            paid = min(unpaid, still_due[winner])
            if paid:
                payments.append(Payment(payer=payer, payee=winner, cents=paid))
                still_due[winner] -= paid
                unpaid -= paid
    return tuple(payments)


def net_cents(players: Sequence[str], payments: Sequence[Payment]) -> dict[str, int]:
    """What each player ends up with: positive collects, negative pays. Sums to zero."""
    balance = dict.fromkeys(players, 0)
    for payment in payments:
        balance[payment.payer] -= payment.cents
        balance[payment.payee] += payment.cents
    return balance


def format_cents(cents: int) -> str:
    """Money as people say it at the table.

    >>> format_cents(30), format_cents(125), format_cents(-5)
    ('30¢', '$1.25', '-5¢')
    """
    sign = "-" if cents < 0 else ""
    cents = abs(cents)
    if cents < 100:
        return f"{sign}{cents}¢"
    return f"{sign}${cents // 100}.{cents % 100:02d}"
