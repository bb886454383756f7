"""Golf's nickels: who pays whom at the end. Money is whole cents, never floats."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pydantic import BaseModel, ConfigDict, InstanceOf

from scorepad.engine.errors import StakeRangeError
from scorepad.engine.message import DOLLAR, Listing, Message, Money
from scorepad.engine.sheet import Payment, ScoreSheet

MAX_STAKE_CENTS = 100_000
"""The largest stake per set, in cents ($1000): a score pad, not a casino."""


def check_stake(cents: int) -> int:
    """``cents`` if it is a stake a table may play for, else :class:`StakeRangeError`.

    >>> check_stake(25)
    25
    >>> check_stake(100_001)
    Traceback (most recent call last):
    ...
    scorepad.engine.errors.StakeRangeError: a stake of 100001 cents is out of range (0 to $1000)
    """
    if not 0 <= cents <= MAX_STAKE_CENTS:
        raise StakeRangeError(cents, MAX_STAKE_CENTS)
    return cents


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
    balances = {name: still_due.get(name, 0) - owed.get(name, 0) for name in players}
    return seat_order_payments(balances)


def seat_order_payments(balances: Mapping[str, int]) -> tuple[Payment, ...]:
    """The payments that settle one game's ``balances`` (net cents, in seating order): payer
    by payer in seating order, each paying the collectors in seating order until each is
    covered. A game's payments follow from its balances alone, so the end screen, the
    printed pad and the ledger of that one game list the very same payments.

    >>> seat_order_payments({"Ann": -225, "Bob": -275, "Cat": -275, "Dan": 388, "Eve": 387})
    ... # doctest: +NORMALIZE_WHITESPACE
    (Payment(payer='Ann', payee='Dan', cents=225), Payment(payer='Bob', payee='Dan', cents=163),
     Payment(payer='Bob', payee='Eve', cents=112), Payment(payer='Cat', payee='Eve', cents=275))
    """
    still_due = {name: cents for name, cents in balances.items() if cents > 0}
    payments: list[Payment] = []
    for payer, cents in balances.items():
        unpaid = -cents
        for payee, due in still_due.items():
            paid = min(unpaid, due)
            if paid > 0:
                payments.append(Payment(payer=payer, payee=payee, cents=paid))
                still_due[payee] -= paid
                unpaid -= paid
    return tuple(payments)


def net_cents(players: Sequence[str], payments: Sequence[Payment]) -> dict[str, int]:
    """What each player ends up with: positive collects, negative pays. Sums to zero."""
    balance = dict.fromkeys(players, 0)
    for payment in payments:
        balance[payment.payer] -= payment.cents
        balance[payment.payee] += payment.cents
    return balance


def format_cents(cents: int, symbol: str = DOLLAR) -> str:
    """Money as people say it at the table, in the table's currency ``symbol``.

    Every screen, sheet and printed pad writes a game's money through here, so an amount reads
    the same everywhere. With dollars, amounts under a dollar are said in cents:

    >>> format_cents(30), format_cents(125), format_cents(-5)
    ('30¢', '$1.25', '-5¢')

    The cent sign belongs to the dollar, so in any other currency every amount is written
    with the symbol and two decimals (cents stay the unit):

    >>> format_cents(35, "€"), format_cents(115, "€"), format_cents(-5, "kr")
    ('€0.35', '€1.15', '-kr0.05')

    It is the English of :class:`~scorepad.engine.message.Money`, the value a sentence holds
    an amount as (so that the reader's locale can write it its own way).
    """
    return str(Money(cents, symbol))


def spoken_cents(cents: int, symbol: str = DOLLAR) -> str:
    """Money as a screen reader should say it: "¢" is read out as a letter or not at all, so
    cents are written as a word; a currency symbol before the amount ("$1.25", "€0.35") is
    said well, so those stay as shown.

    >>> [str(spoken_cents(c)) for c in (1, 30, 125)], spoken_cents(30, "€")
    (['1 cent', '30 cents', '$1.25'], '€0.30')
    """
    if symbol == DOLLAR and abs(cents) < 100:
        if abs(cents) == 1:
            return Message("{count} cent", count=cents)
        return Message("{count} cents", count=cents)
    return format_cents(cents, symbol)


class SettlementSummary(BaseModel):
    """The end of a game with a stake, in the table's words: who pays whom, what each winner
    collects, and the sets it comes from. Every screen and report prints these lines as they
    are, so the money reads the same everywhere."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    payments: tuple[InstanceOf[Message], ...]
    """``"Bob pays Ann 30¢"``, payer by payer in seating order."""
    collections: tuple[InstanceOf[Message], ...]
    """``"Ann collects 35¢ in all"``, for each player who collects anything."""
    note: InstanceOf[Message] | None
    """Why nobody pays, when nobody does."""
    sets: InstanceOf[Message]
    """``"Sets: Ann 2, Bob 6, Cat 1 (at 5¢ a set)"``."""


def summarise_settlement(sheet: ScoreSheet, symbol: str = DOLLAR) -> SettlementSummary | None:
    """The settlement of a finished game with a stake, in words (money in the table's
    currency ``symbol``); ``None`` for any other.

    >>> from scorepad.engine.game import Game
    >>> from scorepad.engine.presets import GOLF
    >>> from scorepad.engine.record import RoundRecord
    >>> rules = GOLF.with_changes(name="Short Golf", hand_sizes=(1, 1, 1))
    >>> game = Game.start(rules, ["Ann", "Bob"], first_dealer="Bob")
    >>> for set_player in ("Ann", "Bob", "Ann"):
    ...     game = game.record_round(RoundRecord(turned="clubs", bids={"Ann": 0, "Bob": 0},
    ...         tricks={"Ann": int(set_player == "Ann"), "Bob": int(set_player == "Bob")}))
    >>> [(s.player, s.total, s.sets) for s in game.sheet.standings]
    [('Ann', 10, 2), ('Bob', 20, 1)]
    >>> summary = summarise_settlement(game.sheet)
    >>> summary.payments, summary.collections, summary.note
    ((Message('Bob pays Ann 5¢'),), (Message('Ann collects 5¢ in all'),), None)
    >>> print(summary.sets)
    Sets: Ann 2, Bob 1 (at 5¢ a set)
    """
    if not sheet.winners or sheet.stake_cents is None:
        return None
    payments = tuple(
        Message(
            "{payer} pays {payee} {amount}",
            payer=payment.payer,
            payee=payment.payee,
            amount=Money(payment.cents, symbol),
        )
        for payment in sheet.settlement
    )
    collections = tuple(
        Message("{player} collects {amount} in all", player=player, amount=Money(cents, symbol))
        for player, cents in net_cents(sheet.players, sheet.settlement).items()
        if cents > 0
    )
    note = None
    if all(player in sheet.winners for player in sheet.players):
        note = Message("Everyone ties for the win: nobody pays.")
    elif not sheet.settlement:
        note = Message("Nobody owes anything: no loser was ever set.")
    sets = Listing(tuple(f"{player} {sheet.sets[player]}" for player in sheet.players))
    return SettlementSummary(
        payments=payments,
        collections=collections,
        note=note,
        sets=Message(
            "Sets: {sets} (at {stake} a set)", sets=sets, stake=Money(sheet.stake_cents, symbol)
        ),
    )
