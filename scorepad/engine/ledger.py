"""The money ledger: an evening's nickels settled at once, with the fewest transfers.

Each finished game played for a stake settles itself (:meth:`ScoreSheet.money_at_end`); over
an evening Ann may pay Bob in one game and Bob pay Ann in the next. The ledger adds each
player's net over the games picked and finds the fewest payments that settle it.

Rules decided here:

* Only **finished games played for a stake** count: a game ended early pays nothing, and a
  game in progress has not settled yet. A stake of 0 counts (everyone nets 0).
* Each game's own settlement is the truth: the balances are the sum of each game's
  ``money_at_end`` and add up to zero. A game whose money does not add up (a damaged or
  hand-edited row) is refused with :class:`UnbalancedGameError`, never silently skipped.
* Players are kept under their **current name** (``names``, as in
  :func:`~scorepad.engine.stats.player_stats`); everyone who played a counted game has a
  balance, 0 included, listed by name.
* **One game, one list**: the ledger of a single game lists that game's own payments, as its
  end screen and printed pad do (:func:`~scorepad.engine.settlement.seat_order_payments`):
  a table never sees two lists for one game. Over several games the balances are netted and
  settled with the fewest transfers.
* **Fewest transfers**: players who are level drop out; the others are split into as many
  groups as possible that each add up to zero, and each group of ``k`` settles with ``k - 1``
  payments. That is the least possible: the players linked by payments settle among
  themselves, so they form groups adding up to zero, and ``k`` players need ``k - 1``
  payments to be linked at all. Players whose balances cancel (one owes exactly what another
  is owed) are paired first; the rest are searched exactly when there are up to
  :data:`EXACT_LIMIT` of them, and settled by a greedy match beyond. Never more than one
  payment fewer than the players with a balance.
  The same balances always give the same payments, in the same order.

>>> from datetime import datetime
>>> from scorepad.engine.game import Game
>>> from scorepad.engine.presets import GOLF
>>> from scorepad.engine.record import RoundRecord
>>> from scorepad.engine.stats import GameResults
>>> rules = GOLF.with_changes(name="Short Golf", hand_sizes=(1, 2))
>>> def golf(game_id: str, ann: int, bob: int) -> GameResults:
...     game = Game.start(rules, ["Ann", "Bob"], first_dealer="Bob", stake_cents=5)
...     game = game.record_round(RoundRecord(turned="clubs", bids={"Ann": 1, "Bob": 1},
...         tricks={"Ann": 1, "Bob": 0}))
...     game = game.record_round(RoundRecord(turned="clubs", bids={"Ann": ann, "Bob": bob},
...         tricks={"Ann": 2, "Bob": 0}))
...     return GameResults.of(game, game_id=game_id, played_on=datetime(2026, 11, 1))
>>> evening = ledger_of([golf("g1", 0, 0), golf("g2", 0, 0)], names={"bob": "Robert"})
>>> evening.balances
{'Ann': -10, 'Robert': 10}
>>> [(p.payer, p.payee, format_cents(p.cents)) for p in evening.transfers]
[('Ann', 'Robert', '10¢')]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from pydantic import BaseModel, ConfigDict

from scorepad.engine.errors import UnbalancedGameError, UnbalancedLedgerError
from scorepad.engine.frozen import FrozenDict
from scorepad.engine.message import DOLLAR, Listing, Message
from scorepad.engine.names import name_key
from scorepad.engine.settlement import format_cents, seat_order_payments
from scorepad.engine.sheet import GameStatus, Payment
from scorepad.engine.stats import GameResults, counted_games, current_name
from scorepad.engine.text import shown

EXACT_LIMIT = 16
"""Up to this many players with a balance the fewest transfers are found exactly (2^16
subsets: a blink); beyond it a greedy match, which a home game never reaches."""


class Ledger(BaseModel):
    """Each player's net over the games picked, and the payments that settle it."""

    model_config = ConfigDict(
        frozen=True, extra="forbid", serialize_by_alias=True, defer_build=True
    )

    balances: FrozenDict[str, int]
    """Net cents by current name, by name: positive collects, negative pays; sums to 0."""
    transfers: tuple[Payment, ...]
    """The fewest payments that bring every balance to 0 (see :func:`fewest_transfers`)."""


def ledger_of(games: Iterable[GameResults], *, names: Mapping[str, str] | None = None) -> Ledger:
    """The ledger of the finished stake games among ``games`` (the others are left out)."""
    names = names or {}
    balances: dict[str, int] = {}
    shown_as: dict[str, str] = {}
    settled = [
        game
        for game in counted_games(games)
        if game.status is GameStatus.FINISHED and game.stake_cents is not None
    ]
    for game in settled:
        _check_balanced(game)
        for result in game.results:
            name = current_name(result.player, names)
            key = name_key(name)
            shown_as[key] = name  # the latest spelling
            balances[key] = balances.get(key, 0) + (result.cents or 0)
    by_name = {
        shown_as[key]: balances[key] for key in sorted(balances, key=lambda k: (k, shown_as[k]))
    }
    if len(settled) == 1:  # the game's own payments, in its seating order
        in_seats = {name_key(current_name(r.player, names)): 0 for r in settled[0].results}
        seated = {shown_as[key]: balances[key] for key in in_seats}
        return Ledger(balances=by_name, transfers=seat_order_payments(seated))
    return Ledger(balances=by_name, transfers=fewest_transfers(by_name))


def _check_balanced(game: GameResults) -> None:
    missing = [result.player for result in game.results if result.cents is None]
    if missing:
        raise UnbalancedGameError(
            game.game_id,
            Message(
                "it is finished with a stake but has no money for {player}",
                player=shown(missing[0]),
            ),
        )
    total = sum(result.cents or 0 for result in game.results)
    if total:
        raise UnbalancedGameError(
            game.game_id, Message("its money adds up to {total} cents, not 0", total=total)
        )


def fewest_transfers(balances: Mapping[str, int]) -> tuple[Payment, ...]:
    """The fewest payments that settle ``balances`` (positive collects, negative pays), which
    must add up to zero (else :class:`UnbalancedLedgerError`).

    Payments are listed payer by payer, in name order (ignoring case), then payee by payee.

    >>> fewest_transfers({"Ann": -5, "Bob": -10, "Cat": 5, "Dan": 10})  # two pairs, not three
    ... # doctest: +NORMALIZE_WHITESPACE
    (Payment(payer='Ann', payee='Cat', cents=5), Payment(payer='Bob', payee='Dan', cents=10))
    >>> len(fewest_transfers({"Ann": -30, "Bob": 10, "Cat": 10, "Dan": 10}))
    3
    >>> fewest_transfers({"Ann": 0, "Bob": 0})
    ()
    >>> fewest_transfers({"Ann": -5, "Bob": 10})
    Traceback (most recent call last):
    ...
    scorepad.engine.errors.UnbalancedLedgerError: the balances add up to 5 cents, not 0 \
('Ann' -5, 'Bob' 10); what some pay must equal what the others collect
    """
    if sum(balances.values()):
        raise UnbalancedLedgerError(balances)
    players = sorted((name for name, cents in balances.items() if cents), key=_name_order)
    amounts = [balances[name] for name in players]
    groups, rest = _cancelling_pairs(amounts)
    if len(rest) > EXACT_LIMIT:
        groups.append(rest)  # settled greedily
    elif rest:
        found = _zero_sum_groups([amounts[index] for index in rest])
        groups.extend([rest[place] for place in group] for group in found)
    payments: list[Payment] = []
    for group in groups:
        payments.extend(_settle_group(players, amounts, group))
    payments.sort(key=lambda p: (_name_order(p.payer), _name_order(p.payee)))
    return tuple(payments)


def _name_order(name: str) -> tuple[str, str]:
    return (name_key(name), name)


def _cancelling_pairs(amounts: list[int]) -> tuple[list[list[int]], list[int]]:
    """Pairs of players whose balances cancel (one owes exactly what the other is owed), and
    the indices of the rest.

    Some fewest settlement always pays such a pair in one payment (had the two been in
    different groups, one group of the pair and one of the rest would do as well; in one
    bigger group, splitting it saves a payment), so they are paired before the search, which
    then has fewer players to try.

    >>> _cancelling_pairs([-5, 5, 5, -10, -5, 10, 3, -3])
    ([[0, 1], [3, 5], [4, 2], [7, 6]], [])
    >>> _cancelling_pairs([-5, 2, 3])
    ([], [0, 1, 2])
    """
    pairs: list[list[int]] = []
    paired: set[int] = set()
    for debtor, cents in enumerate(amounts):
        if cents >= 0:
            continue
        creditor = next(
            (i for i, other in enumerate(amounts) if other == -cents and i not in paired), None
        )
        if creditor is not None:
            pairs.append([debtor, creditor])
            paired.update((debtor, creditor))
    return pairs, [index for index in range(len(amounts)) if index not in paired]


def _zero_sum_groups(amounts: list[int]) -> list[list[int]]:
    """The indices of ``amounts`` (none zero, summing to zero) split into as many groups
    adding up to zero as possible.

    ``best[mask]`` is the most groups adding up to zero that the players in ``mask`` can be
    split into, besides one group of leftovers (empty when ``mask`` adds up to zero): taking
    players out one at a time, it grows by one at each ``mask`` that adds up to zero. The chain
    that keeps the most, from the whole table down to nobody, passes through nested zero-sum
    masks; the differences between consecutive ones are the groups.

    >>> _zero_sum_groups([-5, -10, 5, 10])
    [[0, 2], [1, 3]]
    """
    count = len(amounts)
    full = (1 << count) - 1
    total = [0] * (full + 1)
    best = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = mask & -mask
        total[mask] = total[mask ^ low] + amounts[low.bit_length() - 1]
        most = 0
        bits = mask
        while bits:
            bit = bits & -bits
            most = max(most, best[mask ^ bit])
            bits ^= bit
        best[mask] = most + (1 if total[mask] == 0 else 0)
    groups: list[list[int]] = []
    mask, opened = full, full
    while mask:
        if total[mask] == 0 and mask != opened:
            groups.append(_members(opened ^ mask))
            opened = mask
        step = best[mask] - (1 if total[mask] == 0 else 0)
        bits = mask
        while bits:  # the first player whose removal keeps the most groups
            bit = bits & -bits
            if best[mask ^ bit] == step:
                mask ^= bit
                break
            bits ^= bit
    groups.append(_members(opened))
    return groups


def _members(mask: int) -> list[int]:
    return [index for index in range(mask.bit_length()) if mask >> index & 1]


def _settle_group(players: list[str], amounts: list[int], group: list[int]) -> list[Payment]:
    """Payments that settle one group adding up to zero, at most one fewer than its members:
    the biggest debtor pays the biggest creditor as much as both allow, which closes at
    least one of them each time and both on the last payment. Balances that exactly cancel
    are paired first, so each such pair takes one payment."""
    owed = {index: amounts[index] for index in group}
    payments: list[Payment] = []

    def pay(payer: int, payee: int, cents: int) -> None:
        payments.append(Payment(payer=players[payer], payee=players[payee], cents=cents))
        owed[payer] += cents
        owed[payee] -= cents

    for payer in group:
        if owed[payer] < 0:
            match = next((i for i in group if owed[i] == -owed[payer]), None)
            if match is not None:
                pay(payer, match, owed[match])
    while any(owed.values()):
        payer = min(owed, key=lambda i: (owed[i], i))
        payee = max(owed, key=lambda i: (owed[i], -i))
        pay(payer, payee, min(-owed[payer], owed[payee]))
    return payments


def signed_money(cents: int, symbol: str = DOLLAR) -> str:
    """A net with its sign always shown, as the app's ledger and ``scorepad ledger`` show
    one: who is up reads as plainly as who is down. Money reads as it does everywhere else
    (:func:`~scorepad.engine.settlement.format_cents`).

    >>> signed_money(45, "$"), signed_money(-120, "€"), signed_money(0, "$"), signed_money(250)
    ('+45¢', '-€1.20', '0¢', '+$2.50')
    """
    text = format_cents(cents, symbol)
    return f"+{text}" if cents > 0 else text


NOT_SETTLED_REASONS = ("in progress", "ended early", "without a stake")
"""Why a game is not in the ledger, in the order a sentence names them: its state first (an
unfinished game would not count on any day), then a finished game played for nothing."""


def why_not_settled(game: GameResults) -> str | None:
    """Why ``game`` is not in the ledger (one of :data:`NOT_SETTLED_REASONS`), or ``None``
    when it is: a finished game played for a stake."""
    if game.status is GameStatus.IN_PROGRESS:
        return "in progress"
    if game.status is GameStatus.ABANDONED:
        return "ended early"
    return "without a stake" if game.stake_cents is None else None


def not_settled_text(reasons: Iterable[str]) -> Message | None:
    """The games left out of a ledger, counted by why, in one sentence (always in the same
    order, whatever order the games came in); ``None`` when none was left out.

    >>> not_settled_text(["without a stake", "ended early", "ended early"])
    Message('Not counted: 2 games ended early (no payouts), 1 game without a stake.')
    >>> not_settled_text([]) is None
    True
    """
    counts = Counter(reasons)
    parts = tuple(_left_out(why, n) for why in NOT_SETTLED_REASONS if (n := counts[why]))
    return Message("Not counted: {games}.", games=Listing(parts)) if parts else None


def _left_out(why: str, count: int) -> Message:
    """``count`` games left out of a ledger for the reason ``why`` (a key of
    :data:`NOT_SETTLED_REASONS`)."""
    if why == "in progress":
        if count == 1:
            return Message("{count} game in progress", count=count)
        return Message("{count} games in progress", count=count)
    if why == "ended early":
        if count == 1:
            return Message("{count} game ended early (no payouts)", count=count)
        return Message("{count} games ended early (no payouts)", count=count)
    if count == 1:
        return Message("{count} game without a stake", count=count)
    return Message("{count} games without a stake", count=count)
