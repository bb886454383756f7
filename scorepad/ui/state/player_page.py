"""One player's page (``/players/<name>``): their records overall and per variant, over a
stretch of time they choose (all time, the last 30 days, this year, or typed dates).

It reads each of their games in the range (``store.game_results``, for the chart) and sums
them with the engine's ``player_stats``, so the page, ``scorepad stats --since`` and the
players' screen agree. No Flet here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from enum import StrEnum
from typing import Protocol

from scorepad.engine import (
    DayError,
    GameResults,
    GameStatus,
    PlayerStats,
    ScorepadError,
    name_key,
    parse_day,
    player_stats,
    quoted,
)
from scorepad.i18n import N_, describe, tr
from scorepad.store import StoreError
from scorepad.ui.state.app_services import AppActions
from scorepad.ui.state.errors import ActionRefused
from scorepad.ui.state.screens import Message, MessageKind, Screen


class PlayersScreen(Protocol):
    """The players' screen, which the page goes back to."""

    def open(self) -> None: ...


class PlayerPageApp(AppActions, Protocol):
    """What a player's page uses of the app: the players' screen it goes back to (and shows
    when no player has the name asked for)."""

    @property
    def players(self) -> PlayersScreen: ...


LAST_DAYS = 30
""""Last 30 days" is today and the 29 days before it."""


class PlayerPageRefused(ActionRefused):
    """A value typed on a player's page that cannot be used; the message says why."""


class DateTypedError(PlayerPageRefused):
    """A date field that does not hold a day; ``reason`` is the engine's (:func:`parse_day`,
    the one reader of days, so the page and ``scorepad stats --since`` say the same).

    >>> str(DateTypedError("From", "2026-11-31", "2026-11-31 is not a day: November has 30 days"))
    'From: 2026-11-31 is not a day: November has 30 days'
    """

    def __init__(self, which: str, typed: str, reason: str) -> None:
        self.which = which
        self.typed = typed
        # TRANSLATORS: a date field's label, then why what is typed in it is no day
        super().__init__(tr("{field}: {problem}").format(field=which, problem=reason))


class DateOrderError(PlayerPageRefused):
    """A range that ends before it starts.

    >>> str(DateOrderError(date(2026, 5, 1), date(2026, 4, 1)))
    "the range starts on 2026-05-01, after it ends (2026-04-01): swap 'from' and 'to'"
    """

    def __init__(self, since: date, until: date) -> None:
        super().__init__(
            tr("the range starts on {first}, after it ends ({last}): swap 'from' and 'to'").format(
                first=since.isoformat(), last=until.isoformat()
            )
        )


class NoSuchPlayerError(PlayerPageRefused):
    """A player's page asked for a name nobody has played under.

    >>> str(NoSuchPlayerError("Zed"))
    "no player is called 'Zed'; here are the players"
    """

    def __init__(self, name: str) -> None:
        self.name = name
        super().__init__(
            tr("no player is called {name}; here are the players").format(name=quoted(name))
        )


class Span(StrEnum):
    """The stretches of time a player's page can show."""

    ALL_TIME = "all"
    LAST_30_DAYS = "last30"
    THIS_YEAR = "year"
    BETWEEN = "between"


SPAN_WORDS = {
    # TRANSLATORS: a choice of the dates a player's records cover
    Span.ALL_TIME: N_("All time"),
    # TRANSLATORS: a choice of the dates a player's records cover (today and the 29 days before)
    Span.LAST_30_DAYS: N_("Last 30 days"),
    # TRANSLATORS: a choice of the dates a player's records cover
    Span.THIS_YEAR: N_("This year"),
    # TRANSLATORS: a choice of the dates a player's records cover: typed dates
    Span.BETWEEN: N_("From – to"),
}
"""Each span's choice, in English (marked for the catalogue: ``tr(SPAN_WORDS[span])`` where
it is shown). "Last 30 days" says :data:`LAST_DAYS`."""


@dataclass(frozen=True)
class DateRange:
    """Games started on ``since`` or later and on ``until`` or earlier (both days included);
    ``None`` leaves that end open."""

    since: date | None = None
    until: date | None = None

    @classmethod
    def of(cls, span: Span, today: date, since: str = "", until: str = "") -> DateRange:
        """The range a span names on ``today``; the typed ``since`` and ``until`` (ISO dates,
        either may be left empty) for :attr:`Span.BETWEEN`.

        >>> DateRange.of(Span.LAST_30_DAYS, date(2026, 3, 10))
        DateRange(since=datetime.date(2026, 2, 9), until=datetime.date(2026, 3, 10))
        >>> DateRange.of(Span.THIS_YEAR, date(2026, 3, 10)).since
        datetime.date(2026, 1, 1)
        >>> DateRange.of(Span.BETWEEN, date(2026, 3, 10), " 2026-01-05 ", "")
        DateRange(since=datetime.date(2026, 1, 5), until=None)
        """
        if span is Span.LAST_30_DAYS:
            return cls(today - timedelta(days=LAST_DAYS - 1), today)
        if span is Span.THIS_YEAR:
            return cls(date(today.year, 1, 1), today)
        if span is Span.ALL_TIME:
            return cls()
        # TRANSLATORS: the label of the first date's field on a player's page
        start = _typed_date(tr("From"), since)
        # TRANSLATORS: the label of the last date's field on a player's page
        end = _typed_date(tr("To"), until)
        if start is not None and end is not None and start > end:
            raise DateOrderError(start, end)
        return cls(start, end)


def _typed_date(which: str, typed: str) -> date | None:
    """The day typed in the field labelled ``which``; ``None`` when it is left empty."""
    if not typed.strip():
        return None
    try:
        return parse_day(typed)
    except DayError as exc:
        raise DateTypedError(which, typed, describe(exc)) from None


@dataclass(frozen=True)
class PlayerOutcome:
    """How one ended game went for the player on the page: what the results chart plots."""

    played_on: datetime
    variant: str
    lowest_wins: bool
    total: int
    won: bool


@dataclass(frozen=True)
class VariantRecord:
    """A player's record in one variant's games."""

    variant: str
    stats: PlayerStats
    lowest_wins: bool
    """The variant's direction: its best total is its lowest."""


@dataclass(frozen=True)
class _Figures:
    """One player's games and records over a range, summed once."""

    names: dict[str, str]
    games: list[GameResults]
    outcomes: tuple[PlayerOutcome, ...]
    overall: PlayerStats | None
    by_variant: list[VariantRecord]

    @classmethod
    def of(cls, player: str, games: list[GameResults], names: dict[str, str]) -> _Figures:
        key = name_key(player)

        def is_theirs(played_as: str) -> bool:
            return name_key(names.get(name_key(played_as), played_as)) == key

        def stats_of(chosen: list[GameResults]) -> PlayerStats | None:
            return next(
                (s for s in player_stats(chosen, names=names) if name_key(s.name) == key), None
            )

        mine = sorted(
            (
                g
                for g in games
                if g.status is not GameStatus.IN_PROGRESS  # no result yet
                and any(is_theirs(r.player) for r in g.results)
            ),
            key=lambda g: g.played_on,
        )
        outcomes = tuple(
            PlayerOutcome(g.played_on, g.variant, g.lowest_wins, r.total, r.won)
            for g in mine
            for r in g.results
            if is_theirs(r.player)
        )
        records = []
        for variant in sorted({g.variant for g in mine}, key=str.casefold):
            played = [g for g in mine if g.variant == variant]
            stats = stats_of(played)
            if stats is not None:
                records.append(VariantRecord(variant, stats, played[-1].lowest_wins))
        return cls(names, mine, outcomes, stats_of(mine), records)


class PlayerPage:
    """One player's page (``/players/<name>``): their records overall and per variant, over a
    stretch of time."""

    def __init__(self, app: PlayerPageApp) -> None:
        self._app = app
        self.name: str | None = None
        """The player shown, by their current name."""
        self.span = Span.ALL_TIME
        self.since_text = ""
        self.until_text = ""
        self.range = DateRange()
        """The last good range: a bad date stays in its field with :attr:`range_error`."""
        self.range_error: str | None = None
        self.today: Callable[[], date] = date.today
        """Today, for "last 30 days" and "this year" (a test sets it)."""
        self._figures: _Figures | None = None

    def forget(self) -> None:
        self._figures = None

    @property
    def figures(self) -> _Figures:
        """The player's games and records in the range, read and summed once until the range
        or the store changes (a screen draws many times)."""
        if self._figures is None:
            store = self._app.reader
            try:
                names = store.current_names()
                games = store.game_results(since=self.range.since, until=self.range.until)
            except (StoreError, ScorepadError) as problem:
                self._app.message = Message(
                    tr("the records cannot be read right now: {problem}").format(
                        problem=describe(problem)
                    ),
                    MessageKind.ERROR,
                )
                names, games = {}, []
            self._figures = _Figures.of(self.name or "", games, names)
        return self._figures

    @property
    def names(self) -> dict[str, str]:
        """Every name a player was known by (``name_key``) to their current name."""
        return self.figures.names

    @property
    def games(self) -> list[GameResults]:
        """The ended games in the range this player took part in, oldest first."""
        return self.figures.games

    @property
    def outcomes(self) -> tuple[PlayerOutcome, ...]:
        """Each ended game in the range as it went for the player, oldest first."""
        return self.figures.outcomes

    @property
    def overall(self) -> PlayerStats | None:
        """Their record over every variant in the range; ``None`` with no game in it."""
        return self.figures.overall

    @property
    def by_variant(self) -> list[VariantRecord]:
        """Their record in each variant they played in the range, by variant name."""
        return self.figures.by_variant

    @property
    def range_words(self) -> str:
        """The range shown, in words ("all time", "2026-01-01 to 2026-03-10")."""
        since, until = self.range.since, self.range.until
        if self.span is Span.ALL_TIME or (since is None and until is None):
            # TRANSLATORS: the dates a player's page covers, in "Showing …."
            return tr("all time")
        if since is None:
            # TRANSLATORS: the dates a player's page covers, in "Showing …."
            return tr("up to {last}").format(last=until)
        if until is None:
            # TRANSLATORS: the dates a player's page covers, in "Showing …."
            return tr("from {first}").format(first=since)
        # TRANSLATORS: the dates a player's page covers, in "Showing …."
        return tr("{first} to {last}").format(first=since, last=until)

    def open(self, name: str) -> None:
        """The page of the player called ``name`` now or once (an old name shows the player
        it became). Nobody of that name: the players' screen, saying so."""
        app = self._app
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with app.action(tr("open the player's page")):
            store = app.reader
            names = store.current_names()
            current = names.get(name_key(name))
            if current is None:
                app.players.open()
                raise NoSuchPlayerError(name)
            app.show_home()
            self.name = current
            self.forget()
            app.screen = Screen.PLAYER_PAGE

    def back(self) -> None:
        """Back to the players' screen."""
        self._app.players.open()

    def choose_span(self, span: Span | str) -> None:
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("choose the dates")):
            chosen = Span(span)
            self.span = chosen
            if chosen is Span.BETWEEN:
                self._apply_typed()
            else:
                self.range = DateRange.of(chosen, self.today())
                self.range_error = None
                self.forget()

    def type_since(self, typed: str) -> None:
        """A keystroke in 'from': kept, applied on Enter or on leaving the field (no redraw
        per keystroke, whose echo could eat a digit typed meanwhile)."""
        self.since_text = typed

    def type_until(self, typed: str) -> None:
        """A keystroke in 'to' (see :meth:`type_since`)."""
        self.until_text = typed

    def set_since(self, typed: str) -> None:
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("change the dates")):
            self.since_text = typed
            self.span = Span.BETWEEN
            self._apply_typed()

    def set_until(self, typed: str) -> None:
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("change the dates")):
            self.until_text = typed
            self.span = Span.BETWEEN
            self._apply_typed()

    def _apply_typed(self) -> None:
        try:
            self.range = DateRange.of(Span.BETWEEN, self.today(), self.since_text, self.until_text)
        except PlayerPageRefused as problem:
            self.range_error = describe(problem)
            return
        self.range_error = None
        self.forget()
