"""A player's charts as plain data: their totals game after game (:func:`results_over_time`)
and their bids made by hand size (:func:`accuracy_by_hand`), each with its summary.

Built on :mod:`scorepad.ui.state.charts` (axes, palette); drawn by flet-charts in
:mod:`scorepad.ui.views.charts`. No Flet here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Protocol

from scorepad.engine import GameResults, GameStatus, current_name, name_key
from scorepad.i18n import day, tr, tr_n
from scorepad.ui.state.charts import (
    LABEL_LETTER,
    SERIES_COLOURS,
    SOLID_MARKERS,
    Axis,
    LineChart,
    Tick,
    Values,
    line_chart,
    listed,
    number_text,
)

# --- a player's results over time -----------------------------------------------------------


class GameOutcome(Protocol):
    """What :func:`results_over_time` reads of one game a player played (the engine's stats
    give it): when, which variant and which way it is won, the player's total and whether
    they won."""

    @property
    def played_on(self) -> datetime: ...

    @property
    def variant(self) -> str: ...

    @property
    def lowest_wins(self) -> bool: ...

    @property
    def total(self) -> int: ...

    @property
    def won(self) -> bool: ...


@dataclass(frozen=True)
class Outcome:
    """A plain :class:`GameOutcome`."""

    played_on: datetime
    variant: str
    lowest_wins: bool
    total: int
    won: bool


def outcomes_of(
    player: str, games: Iterable[GameResults], *, names: Mapping[str, str] | None = None
) -> list[Outcome]:
    """The finished games ``player`` (a current name) took part in, as the chart reads them:
    a game played under an earlier name counts (``names``: the store's ``current_names()``,
    as for the engine's stats). Abandoned and unfinished games have no result to chart.
    """
    key = name_key(player)
    found = []
    for game in games:
        if game.status is not GameStatus.FINISHED:
            continue
        for result in game.results:
            if name_key(current_name(result.player, names or {})) == key:
                found.append(
                    Outcome(
                        played_on=game.played_on,
                        variant=game.variant,
                        lowest_wins=game.lowest_wins,
                        total=result.total,
                        won=result.won,
                    )
                )
                break
    return found


RECENT_GAMES = 30
"""The most games :func:`results_over_time` shows: the latest ones. More would crowd a phone's
width into a smear; the summary says how many are shown."""


def short_date(when: datetime) -> str:
    """A date as a tick label: "3 Mar".

    >>> short_date(datetime(2026, 3, 3))
    '3 Mar'
    """
    return day(when.date(), year=False)


def long_date(when: datetime) -> str:
    """A date in a summary: "3 Mar 2026".

    >>> long_date(datetime(2026, 3, 3))
    '3 Mar 2026'
    """
    return day(when.date())


def results_over_time(
    player: str,
    games: Sequence[GameOutcome],
    *,
    width: float,
    recent: int = RECENT_GAMES,
) -> LineChart:
    """A player's total in each game, oldest first, a line per variant (a Golf total and a
    Mormon Bridge total are not on one scale), a won game's marker filled (a lost one an
    outline). The x axis counts the games shown, labelled with their dates, and reaches half
    a game past the first and the last: the newest game's marker and date stand whole inside
    the chart, not half over its edge (seen on a phone: "30 No").

    >>> games = [Outcome(datetime(2026, 3, d), "Golf", True, t, w)
    ...          for d, t, w in ((1, 12, False), (2, 8, True))]
    >>> chart = results_over_time("Ann", games, width=366)
    >>> chart.summary
    "Ann's totals in 2 games, 1 Mar 2026 to 2 Mar 2026: won 1; Golf latest 8, best 8 (low wins)."
    >>> chart.series[0].values, chart.series[0].markers
    (((1, 12), (2, 8)), ('ring', 'circle'))
    >>> chart.x.low, chart.x.high
    (0.5, 2.5)
    """
    ordered = sorted(games, key=lambda g: g.played_on)
    shown = ordered[-recent:] if recent > 0 else ordered
    variants: dict[str, list[tuple[int, GameOutcome]]] = {}
    for number, game in enumerate(shown, start=1):
        variants.setdefault(game.variant, []).append((number, game))
    lines = [
        Values(
            name=variant,
            values=tuple((n, g.total) for n, g in played),
            filled=tuple(g.won for _, g in played),
        )
        for variant, played in variants.items()
    ]
    dates: dict[float, str] = {n: short_date(g.played_on) for n, g in enumerate(shown, start=1)}
    chart = line_chart(
        lines,
        width=width,
        summary=results_summary(player, ordered, shown),
        # TRANSLATORS: the title of a chart's x axis: the day each game was played
        x_title=tr("date played"),
        # TRANSLATORS: the title of a chart's y axis: a player's total score
        y_title=tr("total"),
        x_label=dates,
        x_margin=0.5,
        markers=SOLID_MARKERS,
        legend_note=tr("Filled marker: a game won.") if shown else None,
    )
    return replace(chart, x=replace(chart.x, ticks=days_once(chart.x.ticks)))


def days_once(ticks: Sequence[Tick]) -> tuple[Tick, ...]:
    """The x ticks with a day named once: a tick on the same day as the tick before it is
    left without a label (two games an evening read "20 Nov, 20 Nov, 25 Nov" on a phone).

    >>> [t.label for t in days_once([Tick(1, "20 Nov"), Tick(2, "20 Nov"), Tick(3, "25 Nov")])]
    ['20 Nov', '', '25 Nov']
    """
    kept: list[Tick] = []
    last = None
    for tick in ticks:
        kept.append(tick if tick.label != last else replace(tick, label=""))
        last = tick.label
    return tuple(kept)


def results_summary(
    player: str, ordered: Sequence[GameOutcome], shown: Sequence[GameOutcome]
) -> str:
    """One sentence: how many games, from when to when, how many won, and per variant the
    latest and the best total."""
    if not shown:
        return tr("{player} has no finished games to chart yet.").format(player=player)
    count = len(shown)
    first, last = long_date(shown[0].played_on), long_date(shown[-1].played_on)
    wins = sum(1 for g in shown if g.won)
    per_variant = []
    for variant in dict.fromkeys(g.variant for g in shown):
        played = [g for g in shown if g.variant == variant]
        low = played[-1].lowest_wins
        best = min(g.total for g in played) if low else max(g.total for g in played)
        figures = {
            "variant": variant,
            "latest": number_text(played[-1].total),
            "best": number_text(best),
        }
        per_variant.append(
            tr("{variant} latest {latest}, best {best} (low wins)").format(**figures)
            if low
            else tr("{variant} latest {latest}, best {best}").format(**figures)
        )
    # TRANSLATORS: between the variants in a chart's summary ("Golf latest 8, best 8; ...")
    variants = tr("; ").join(per_variant)
    values = {
        "player": player,
        "count": count,
        "first": first,
        "last": last,
        "wins": wins,
        "variants": variants,
    }
    if count < len(ordered):
        return tr_n(
            "{player}'s totals in {count} game (the last {count} of {all}), {first} to {last}: "
            "won {wins}; {variants}.",
            "{player}'s totals in {count} games (the last {count} of {all}), {first} to {last}: "
            "won {wins}; {variants}.",
            count,
        ).format(all=len(ordered), **values)
    return tr_n(
        "{player}'s totals in {count} game, {first} to {last}: won {wins}; {variants}.",
        "{player}'s totals in {count} games, {first} to {last}: won {wins}; {variants}.",
        count,
    ).format(**values)


# --- bids made by hand size -----------------------------------------------------------------


class HandCount(Protocol):
    """Rounds played and bids made at one hand size (the engine's ``HandTally``)."""

    @property
    def cards(self) -> int: ...

    @property
    def rounds(self) -> int: ...

    @property
    def made(self) -> int: ...


@dataclass(frozen=True)
class Tally:
    """A plain :class:`HandCount`."""

    cards: int
    rounds: int
    made: int


@dataclass(frozen=True)
class Bar:
    """One hand size's bar: its share of bids made and what it says."""

    cards: int
    rounds: int
    made: int
    share: float
    """Bids made as a share of rounds played (0 to 1): the bar's height."""
    label: str
    """The x label: the hand size."""
    value_label: str
    """Under the hand size: "75%"."""


@dataclass(frozen=True)
class BarChart:
    """A bar chart ready to draw: a bar per hand size, the y axis in percent (0 to 100), its
    summary."""

    y: Axis
    bars: tuple[Bar, ...]
    summary: str
    x_title: str
    colour: str = SERIES_COLOURS[0]


def percent(share: float) -> str:
    """A share as a whole percentage.

    >>> percent(2 / 3), percent(1), percent(0)
    ('67%', '100%', '0%')
    """
    # TRANSLATORS: a whole percentage ("75%")
    return tr("{percent}%").format(percent=round(share * 100))


SHARE_TICKS = (0, 0.25, 0.5, 0.75, 1)
"""The accuracy chart's y labels: every quarter."""


def accuracy_by_hand(player: str, hands: Iterable[HandCount]) -> BarChart:
    """A bar per hand size the player has bid at: the share of those bids made (0% to 100%,
    ticks every 25%), smallest hand first.

    >>> chart = accuracy_by_hand("Ann", [Tally(1, 4, 3), Tally(2, 2, 1)])
    >>> chart.summary
    "Ann's bids made by hand size: 1 card 3 of 4 (75%), 2 cards 1 of 2 (50%)."
    >>> [(b.label, b.value_label) for b in chart.bars]
    [('1', '75%'), ('2', '50%')]
    """
    played = sorted((h for h in hands if h.rounds > 0), key=lambda h: h.cards)
    bars = tuple(
        Bar(
            cards=hand.cards,
            rounds=hand.rounds,
            made=hand.made,
            share=hand.made / hand.rounds,
            label=str(hand.cards),
            value_label=percent(hand.made / hand.rounds),
        )
        for hand in played
    )
    return BarChart(
        y=Axis(
            low=0,
            high=100,
            ticks=tuple(Tick(v * 100, percent(v)) for v in SHARE_TICKS),
            step=25,
            # TRANSLATORS: the title of a chart's y axis: the share of bids made
            title=tr("bids made"),
        ),
        bars=bars,
        summary=accuracy_summary(player, played),
        # TRANSLATORS: the title of a chart's x axis: how many cards each player was dealt
        x_title=tr("cards in the hand"),
    )


BAR_LABEL_GAP = 4
"""The least room (px) between two labels under the bars: they never touch."""


def value_label_rows(bars: Sequence[Bar], plot_width: float) -> int:
    """On how many lines the percentages under the bars are written: 1 while each fits its
    bar's share of ``plot_width``; 2 (every other bar's a line lower, so each has two
    shares) when that is too narrow (13 hand sizes on a phone ran "36%75%83%" together);
    0 when even that is, and the summary carries them.

    >>> bars = [Bar(n, 4, 2, 0.5, str(n), "100%") for n in range(1, 14)]
    >>> value_label_rows(bars[:5], 300), value_label_rows(bars, 300), value_label_rows(bars, 100)
    (1, 2, 0)
    """
    if not bars:
        return 1
    share = plot_width / len(bars)
    widest = max(len(bar.value_label) for bar in bars) * LABEL_LETTER + BAR_LABEL_GAP
    if widest <= share:
        return 1
    if widest <= 2 * share:
        return 2
    return 0


def accuracy_summary(player: str, played: Sequence[HandCount]) -> str:
    """One sentence: for each hand size, bids made of rounds played."""
    if not played:
        return tr("{player} has no bids recorded yet.").format(player=player)
    parts = listed(
        tr_n(
            "{cards} card {made} of {rounds} ({percent})",
            "{cards} cards {made} of {rounds} ({percent})",
            h.cards,
        ).format(cards=h.cards, made=h.made, rounds=h.rounds, percent=percent(h.made / h.rounds))
        for h in played
    )
    return tr("{player}'s bids made by hand size: {hands}.").format(player=player, hands=parts)
