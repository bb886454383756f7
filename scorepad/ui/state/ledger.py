"""The money ledger screen: pick the games to settle, see each player's net and the fewest
payments that settle them all ("Cat pays Dan 45¢").

A table settles once at the end of an evening, not after every game: the ledger adds up the
money of the finished games played for a stake that the user picks, three ways: an evening
(the games started on one day), a range of days, or games ticked one by one. The sums and
the payments are the engine's (:func:`~scorepad.engine.ledger_of`, under each player's
current name, so a renamed or merged player is one person here), amounts in the table's
currency symbol (the store's settings). Only games that ended with a winner pay: games in
progress or ended early, and games without a stake, are not listed; an evening or range of
days says how many of its games were left out and why (:meth:`MoneyLedger.not_counted`), so
a table does not wonder where a game went. No Flet here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime
from enum import StrEnum

from scorepad.engine import (
    DOLLAR,
    DayError,
    GameResults,
    Ledger,
    Money,
    current_name,
    ledger_of,
    not_settled_text,
    parse_day,
    quoted,
    signed_money,
    spoken_cents,
    spoken_list,
    why_not_settled,
)
from scorepad.i18n import day as day_in_words
from scorepad.i18n import describe, money, say, tr, tr_n
from scorepad.ui.state.app_services import AppActions
from scorepad.ui.state.errors import ActionRefused
from scorepad.ui.state.screens import Screen


class Pick(StrEnum):
    """How the games to settle are picked."""

    EVENING = "evening"
    """The games started on one day."""
    RANGE = "range"
    """The games started from one day to another, both included."""
    GAMES = "games"
    """Games ticked one by one."""


class LedgerPickError(ActionRefused):
    """A pick of games the ledger cannot take: a day with no game to settle, a range that
    ends before it starts, a game that is not one of the games listed."""


def local_day(when: datetime) -> date:
    """The day a game was started, on this computer's clock (as the store's date queries
    count it): a game started at 00:30 belongs to the day it started on there, not UTC's."""
    return when.astimezone().date()


def day_text(day: date) -> str:
    """A day as the picker names it.

    >>> day_text(date(2026, 11, 28))
    'Sat 28 Nov 2026'
    """
    return day_in_words(day, weekday=True)


@dataclass(frozen=True)
class StakeGame:
    """A finished game played for a stake, as the ledger lists it (names are current)."""

    results: GameResults
    day: date
    money: tuple[tuple[str, int], ...]
    """Each player's net in cents from this game, in seating order."""

    @property
    def id(self) -> str:
        return self.results.game_id

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.money)

    @property
    def title(self) -> str:
        """ "Golf: Ann, Bob, Cat"."""
        # TRANSLATORS: a game in the ledger's list: its variant and its players ("Golf: Ann, Bob")
        return tr("{variant}: {players}").format(
            variant=self.results.variant, players=_listed(self.players)
        )

    def detail(self, symbol: str) -> str:
        """The day and who won what: "Sat 28 Nov 2026 · Ann +30¢, Bob -15¢, …", each
        name held to its amount (a line breaks only after a comma)."""
        money = _listed(
            f"{name}{NO_BREAK_SPACE}{unbroken(signed_money(cents, symbol))}"
            for name, cents in self.money
        )
        return f"{day_text(self.day)} · {money}"


NO_BREAK_SPACE = "\u00a0"
WORD_JOINER = "\u2060"
"""Invisible, and no line break on either side: a phone's narrow line broke "-30¢" after
its sign."""


def _listed(items: Iterable[str]) -> str:
    """Items one after the other, as a list in a sentence ("Ann, Bob, Cat")."""
    # TRANSLATORS: between the items of a list ("Ann, Bob, Cat")
    return tr(", ").join(items)


def unbroken(amount: str) -> str:
    """An amount that a line never breaks after its sign.

    >>> unbroken("-30¢") == "-" + WORD_JOINER + "30¢"
    True
    """
    if amount[:1] in ("+", "-"):
        return amount[0] + WORD_JOINER + amount[1:]
    return amount


@dataclass(frozen=True)
class Evening:
    """A day with games to settle, for the evening picker."""

    day: date
    games: int

    @property
    def key(self) -> str:
        return self.day.isoformat()

    @property
    def label(self) -> str:
        """ "Sat 28 Nov 2026 · 3 games"."""
        return tr_n("{day} · {count} game", "{day} · {count} games", self.games).format(
            day=day_text(self.day), count=self.games
        )


@dataclass(frozen=True)
class Balance:
    """One player's net over the games picked."""

    name: str
    cents: int
    text: str
    """"+45¢", "-45¢", "0¢"."""
    symbol: str = DOLLAR

    @property
    def spoken(self) -> str:
        """What a screen reader says: "Cat is up 45 cents" (a "¢" is not read out well)."""
        amount = say(spoken_cents(abs(self.cents), self.symbol))
        if self.cents > 0:
            return tr("{player} is up {amount}").format(player=self.name, amount=amount)
        if self.cents < 0:
            return tr("{player} is down {amount}").format(player=self.name, amount=amount)
        return tr("{player} is even").format(player=self.name)


@dataclass(frozen=True)
class Settlement:
    """What the screen shows for the games picked."""

    games: tuple[StakeGame, ...]
    balances: tuple[Balance, ...]
    """Best off first."""
    transfers: tuple[str, ...]
    """"Cat pays Dan 45¢", the fewest payments that settle everyone."""
    heading: str
    """What was picked: "3 games on Sat 28 Nov 2026"."""

    @property
    def settled(self) -> bool:
        """Nobody owes anybody (everyone even)."""
        return not self.transfers


def settlement_of(
    games: Sequence[StakeGame], ledger: Ledger, symbol: str, heading: str
) -> Settlement:
    balances = sorted(ledger.balances.items(), key=lambda item: (-item[1], item[0].casefold()))
    return Settlement(
        games=tuple(games),
        balances=tuple(
            Balance(name, cents, signed_money(cents, symbol), symbol) for name, cents in balances
        ),
        transfers=tuple(
            tr("{payer} pays {payee} {amount}").format(
                payer=p.payer, payee=p.payee, amount=money(Money(p.cents, symbol))
            )
            for p in ledger.transfers
        ),
        heading=heading,
    )


@dataclass(frozen=True)
class Choice:
    """How the games are picked, and what was picked each way (kept when switching between
    the ways, so switching back finds the pick as it was)."""

    pick: Pick = Pick.EVENING
    evening: date | None = None
    since: date | None = None
    until: date | None = None
    picked: frozenset[str] = frozenset()
    """The ids of the games ticked (:attr:`Pick.GAMES`)."""

    def of(self, games: Sequence[StakeGame]) -> list[StakeGame]:
        """The games picked among ``games``, in their order."""
        if self.pick is Pick.EVENING:
            return [g for g in games if g.day == self.evening]
        if self.pick is Pick.RANGE:
            return [
                g
                for g in games
                if (self.since is None or g.day >= self.since)
                and (self.until is None or g.day <= self.until)
            ]
        return [g for g in games if g.id in self.picked]

    def heading(self, chosen: Sequence[StakeGame]) -> str:
        """What was picked: "3 games on Sat 28 Nov 2026"."""
        count = len(chosen)
        day = self.evening if self.pick is Pick.EVENING else None
        if self.pick is Pick.RANGE and self.since is not None and self.since == self.until:
            day = self.since
        if day is not None:
            return tr_n("{count} game on {day}", "{count} games on {day}", count).format(
                count=count, day=day_text(day)
            )
        if self.pick is Pick.RANGE and self.since is not None and self.until is not None:
            return tr_n(
                "{count} game from {first} to {last}", "{count} games from {first} to {last}", count
            ).format(count=count, first=day_text(self.since), last=day_text(self.until))
        return tr_n("{count} game ticked", "{count} games ticked", count).format(count=count)


TICKABLE = 50
"""The most games listed to tick one by one: an evening or a range picks older ones."""


class MoneyLedger:
    """The ledger screen's state: the games there are to settle, how they are picked, and
    the settlement of those picked. Each change of the pick is worked out before it is
    taken: one the ledger refuses changes nothing."""

    def __init__(self, app: AppActions) -> None:
        self._app = app
        self.games: tuple[StakeGame, ...] = ()
        """Every finished stake game, oldest first."""
        self.symbol = "$"
        self.uncounted: tuple[tuple[date, str], ...] = ()
        """Every other game (its day, and why it is not settled), oldest first."""
        self.choice = Choice()
        self._names: dict[str, str] = {}
        self.settlement: Settlement | None = None
        """The money of the games picked; ``None`` while there is nothing to settle."""

    @property
    def pick(self) -> Pick:
        return self.choice.pick

    @property
    def evening(self) -> date | None:
        return self.choice.evening

    @property
    def since(self) -> date | None:
        return self.choice.since

    @property
    def until(self) -> date | None:
        return self.choice.until

    @property
    def picked(self) -> frozenset[str]:
        return self.choice.picked

    # --- opening ------------------------------------------------------------------------

    def open(self) -> None:
        """Show the ledger at the latest evening with games to settle."""
        app = self._app
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with app.action(tr("open the money ledger")):
            self._load()
            days = self.days
            app.screen = Screen.LEDGER
            self.settlement = None
            self.choice = Choice()
            self._take(
                Choice(
                    evening=days[-1] if days else None,
                    since=days[0] if days else None,
                    until=days[-1] if days else None,
                )
            )

    def _load(self) -> None:
        store = self._app.reader
        self.symbol = store.settings().currency_symbol
        self._names = store.current_names()
        games: list[StakeGame] = []
        uncounted: list[tuple[date, str]] = []
        for game in store.game_results():
            reason = why_not_settled(game)
            if reason is not None:
                uncounted.append((local_day(game.played_on), reason))
                continue
            money = tuple((current_name(r.player, self._names), r.cents or 0) for r in game.results)
            games.append(StakeGame(results=game, day=local_day(game.played_on), money=money))
        self.games = tuple(games)
        self.uncounted = tuple(uncounted)

    def use_symbol(self, symbol: str) -> None:
        """The currency symbol was changed (on this screen or the players'): the same pick,
        its money shown with ``symbol``."""
        self.symbol = symbol
        self._take(self.choice)

    @property
    def not_counted(self) -> str | None:
        """The games of the evening or days picked that the settlement leaves out, and why
        ("Not counted: 1 game ended early (no payouts)."); ``None`` when none is, or when
        games are ticked one by one (the list shows only games that count)."""
        choice = self.choice
        if choice.pick is Pick.EVENING:
            if choice.evening is None:
                return None
            reasons = [r for day, r in self.uncounted if day == choice.evening]
        elif choice.pick is Pick.RANGE:
            reasons = [
                r
                for day, r in self.uncounted
                if (choice.since is None or day >= choice.since)
                and (choice.until is None or day <= choice.until)
            ]
        else:
            return None
        text = not_settled_text(reasons)
        return None if text is None else say(text)

    @property
    def days(self) -> list[date]:
        """The days with games to settle, oldest first."""
        return sorted({g.day for g in self.games})

    @property
    def evenings(self) -> list[Evening]:
        """The days with games to settle, latest first (the picker's list)."""
        counts: dict[date, int] = {}
        for game in self.games:
            counts[game.day] = counts.get(game.day, 0) + 1
        return [Evening(day, counts[day]) for day in sorted(counts, reverse=True)]

    @property
    def tickable(self) -> list[StakeGame]:
        """The games listed to tick, latest first: the latest :data:`TICKABLE`, and any
        older game already ticked (a long history would make a list nobody scrolls)."""
        latest = list(reversed(self.games))
        return latest[:TICKABLE] + [g for g in latest[TICKABLE:] if g.id in self.picked]

    @property
    def untickable(self) -> int:
        """How many older games the list leaves out (pick them by their days instead)."""
        return len(self.games) - len(self.tickable)

    # --- picking ------------------------------------------------------------------------

    def choose_pick(self, pick: Pick | str) -> None:
        """Pick the games by evening, by range of days, or one by one."""
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("choose how to pick the games")):
            try:
                chosen = Pick(pick)
            except ValueError:
                ways = ", ".join(p.value for p in Pick)  # the values the picker sends
                raise LedgerPickError(
                    tr("{typed} is no way to pick games; pick by {ways}").format(
                        typed=quoted(str(pick)), ways=ways
                    )
                ) from None
            self._take(replace(self.choice, pick=chosen))

    def choose_evening(self, day: date | str) -> None:
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("choose the evening")):
            chosen = self._listed_day(day, tr("pick the evening from the list"))
            self._take(replace(self.choice, pick=Pick.EVENING, evening=chosen))

    def choose_since(self, day: date | str) -> None:
        """The first day of the range: refused after its last day."""
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("choose the first day")):
            chosen = self._listed_day(day, tr("pick the first day from the list"))
            until = self.choice.until
            if until is not None and chosen > until:
                raise LedgerPickError(
                    tr(
                        "the range cannot start on {day}: it ends on {last}; "
                        "pick a first day on or before the last"
                    ).format(day=day_text(chosen), last=day_text(until))
                )
            self._take(replace(self.choice, pick=Pick.RANGE, since=chosen))

    def choose_until(self, day: date | str) -> None:
        """The last day of the range: refused before its first day."""
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("choose the last day")):
            chosen = self._listed_day(day, tr("pick the last day from the list"))
            since = self.choice.since
            if since is not None and chosen < since:
                raise LedgerPickError(
                    tr(
                        "the range cannot end on {day}: it starts on {first}; "
                        "pick a last day on or after the first"
                    ).format(day=day_text(chosen), first=day_text(since))
                )
            self._take(replace(self.choice, pick=Pick.RANGE, until=chosen))

    def toggle_game(self, game_id: str) -> None:
        """Tick a game to settle, or untick it."""
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("tick the game")):
            if game_id not in {g.id for g in self.games}:
                raise LedgerPickError(
                    tr(
                        "game {game} is not a finished game played for money; "
                        "pick one from the list"
                    ).format(game=quoted(game_id))
                )
            choice = self.choice
            self._take(replace(choice, pick=Pick.GAMES, picked=choice.picked ^ {game_id}))

    def _listed_day(self, day: date | str, pick: str) -> date:
        """``day`` (a date or its text, YYYY-MM-DD as the picker sends it), if it has games;
        ``pick`` says what to do instead ("pick the evening from the list")."""
        try:
            chosen = day if isinstance(day, date) else parse_day(day)
        except DayError as exc:
            raise LedgerPickError(
                # TRANSLATORS: why a day was refused, then what to do instead
                tr("{problem}; {pick}").format(problem=describe(exc), pick=pick)
            ) from None
        if chosen not in self.days:
            raise LedgerPickError(
                tr("no finished game played for money was started on {day}; {pick}").format(
                    day=day_text(chosen), pick=pick
                )
            )
        return chosen

    # --- the settlement -----------------------------------------------------------------

    @property
    def chosen(self) -> list[StakeGame]:
        """The games picked, oldest first."""
        return self.choice.of(self.games)

    def _take(self, choice: Choice) -> None:
        """Take ``choice`` with its settlement, worked out first: the engine refuses games
        whose money does not add up (the message says which), and then nothing changes."""
        chosen = choice.of(self.games)
        settlement = None
        if chosen:
            ledger = ledger_of([g.results for g in chosen], names=self._names)
            settlement = settlement_of(chosen, ledger, self.symbol, choice.heading(chosen))
        self.choice = choice
        self.settlement = settlement

    def summary(self) -> str:
        """The settlement in one sentence, for a screen reader or a message."""
        settlement = self.settlement
        if settlement is None:
            return tr("No games picked.")
        if settlement.settled:
            return tr("{games}: everyone is even.").format(games=settlement.heading)
        return tr("{games}: {payments}.").format(
            games=settlement.heading, payments=spoken_list(list(settlement.transfers))
        )
