"""Charts as plain data: what a chart shows, where each mark goes, and what it says in words.

A chart is worked out here, in plain Python, down to the pixel: the axes' ticks (round
numbers a person can read: 0, 20, 40, not 0, 17, 34), the box the marks are drawn in, each
series' points scaled into that box, and one sentence that says what the chart shows for
anyone who cannot see it ("Running totals after 6 rounds: Ann 54, Bob 41."). The view
(:mod:`scorepad.ui.views.charts`) only draws these numbers on a Flet canvas, so everything a
chart can get wrong (a tick off the axis, a point outside the box, a summary that disagrees
with the lines) is tested here without a browser.

Three charts: a game's running totals by round (:func:`running_totals`), a player's totals
game after game (:func:`results_over_time`) and a player's bids made by hand size
(:func:`accuracy_by_hand`). No Flet here.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from itertools import cycle
from typing import Protocol

from scorepad.engine import GameResults, GameStatus, ScoreSheet, name_key, spoken_list
from scorepad.ui.state.known_names import known_as

SERIES_COLOURS = (
    "#0072B2",  # blue
    "#D55E00",  # vermillion
    "#009E73",  # bluish green
    "#AA4499",  # purple
    "#8F7A00",  # olive
    "#7F7F7F",  # grey
    "#CC6677",  # rose
    "#228833",  # green
)
"""One colour per series, in this order: Okabe and Ito's colour-blind-safe hues first (a
table of two to five tells them apart with any colour vision), each of middling lightness, so
that every one stands out at 3:1 or more from the light and the dark theme's background alike
(one palette for both themes: a chart drawn in one theme never shows the wrong colours in the
other). Colour is never the only cue: each series also has its own marker shape
(:data:`MARKERS`) and its name in the legend."""


class Marker:
    """The shape drawn at each of a series' points, so series differ without colour."""

    CIRCLE = "circle"
    SQUARE = "square"
    TRIANGLE = "triangle"
    DIAMOND = "diamond"
    TRIANGLE_DOWN = "triangle_down"
    RING = "ring"
    HOLLOW_SQUARE = "hollow_square"
    HOLLOW_DIAMOND = "hollow_diamond"


MARKERS = (
    Marker.CIRCLE,
    Marker.SQUARE,
    Marker.TRIANGLE,
    Marker.DIAMOND,
    Marker.TRIANGLE_DOWN,
    Marker.RING,
    Marker.HOLLOW_SQUARE,
    Marker.HOLLOW_DIAMOND,
)
"""One per series (up to eight players at a table), in the order of :data:`SERIES_COLOURS`."""

LABEL_SIZE = 11
"""The tick labels' font size (px)."""
LABEL_LETTER = 0.62 * LABEL_SIZE
"""About how wide one character of a tick label is: enough room for the y labels."""
CHART_HEIGHT = 220
"""A chart's height: on a phone (844 px tall) it fits with its legend under a screen's title."""
TOP = 22
"""Room above the box for the y axis' title."""
X_NUMBER_ROOM = 36
"""The x axis labels a number about every this many pixels: a phone's sheet labels each of
up to 9 rounds, then every other one."""
X_DATE_ROOM = 64
"""The same for dates ("28 Nov"), which are wider."""
MOST_TICKS = 6
"""Labels an axis at most about this many values: more would crowd a phone's 390 px."""


# --- axes ---------------------------------------------------------------------------------


def nice_step(span: float, most: int = MOST_TICKS) -> float:
    """The step between ticks: 1, 2 or 5 times a power of ten, the smallest that labels
    ``span`` with at most ``most`` steps.

    >>> nice_step(54), nice_step(7), nice_step(0.9), nice_step(1000)
    (10, 2, 0.2, 200)
    >>> nice_step(0)
    1
    """
    if span <= 0:
        return 1
    raw = span / most
    power: float = 10.0 ** math.floor(math.log10(raw))
    for multiple in (1, 2, 5, 10):
        step = multiple * power
        if step >= raw - 1e-12:
            return int(step) if step >= 1 else round(step, 12)
    return 10 * power  # pragma: no cover - the loop always returns


def nice_ticks(low: float, high: float, most: int = MOST_TICKS) -> tuple[float, ...]:
    """Round values from at or below ``low`` to at or above ``high``, a :func:`nice_step`
    apart (a whole number: scores are whole): the y axis widens to them, so every line sits
    inside the labelled range.

    >>> nice_ticks(0, 54)
    (0, 10, 20, 30, 40, 50, 60)
    >>> nice_ticks(-23, 41)
    (-40, -20, 0, 20, 40, 60)
    >>> nice_ticks(5, 5)
    (4, 5, 6)
    """
    if high < low:
        low, high = high, low
    if high == low:
        low, high = low - 1, high + 1
    step = max(nice_step(high - low, most), 1)
    first = math.floor(low / step + 1e-9)
    last = math.ceil(high / step - 1e-9)
    return tuple(_tidy(i * step) for i in range(first, last + 1))


def ticks_within(low: float, high: float, most: int = MOST_TICKS) -> tuple[float, ...]:
    """Round values a :func:`nice_step` apart that lie inside ``low``..``high``: the x axis
    stays at the data's own ends (round 0 to the last round played) and labels what fits.

    >>> ticks_within(0, 18)
    (0, 5, 10, 15)
    >>> ticks_within(1, 3)
    (1, 2, 3)
    """
    step = max(nice_step(high - low, most), 1)
    first = math.ceil(low / step - 1e-9)
    last = math.floor(high / step + 1e-9)
    return tuple(_tidy(i * step) for i in range(first, last + 1))


def _tidy(value: float) -> float:
    """``value`` without the binary noise of float steps (0.30000000000000004 -> 0.3), and
    as an int when whole, so labels print as people write them."""
    rounded = round(value, 9)
    return int(rounded) if rounded == int(rounded) else rounded


def number_text(value: float) -> str:
    """A tick's label: whole numbers without a decimal point, a minus sign that reads as one.

    >>> number_text(40), number_text(-20), number_text(0.5)
    ('40', '−20', '0.5')
    """
    text = f"{value:g}"
    return text.replace("-", "−")


@dataclass(frozen=True)
class Scale:
    """A value range mapped onto a stretch of pixels (``start`` to ``end``; for a y axis
    ``start`` is the bottom, so larger values go up)."""

    low: float
    high: float
    start: float
    end: float

    def at(self, value: float) -> float:
        """The pixel of ``value``.

        >>> Scale(0, 60, 200, 0).at(30)
        100.0
        """
        if self.high == self.low:
            return (self.start + self.end) / 2
        return self.start + (value - self.low) / (self.high - self.low) * (self.end - self.start)


@dataclass(frozen=True)
class Box:
    """Where the marks go inside the chart, in pixels from the chart's top-left corner; the
    room around it holds the axis labels."""

    left: float
    top: float
    right: float
    bottom: float

    @property
    def width(self) -> float:
        return self.right - self.left

    @property
    def height(self) -> float:
        return self.bottom - self.top

    def holds(self, x: float, y: float) -> bool:
        """Whether a point is inside the box (its edges included), with a hair's tolerance."""
        return (
            self.left - 1e-6 <= x <= self.right + 1e-6
            and self.top - 1e-6 <= y <= self.bottom + 1e-6
        )


@dataclass(frozen=True)
class Tick:
    """A labelled value on an axis, and where it falls (x for the x axis, y for the y axis)."""

    value: float
    label: str
    at: float


@dataclass(frozen=True)
class Point:
    """One value of a series and where it is drawn."""

    x_value: float
    y_value: float
    x: float
    y: float
    filled: bool = True
    """Drawn solid (a won game in :func:`results_over_time`) or as an outline."""


@dataclass(frozen=True)
class Series:
    """One line: a player's (or a variant's) values, its colour and marker."""

    name: str
    points: tuple[Point, ...]
    colour: str
    marker: str

    @property
    def last(self) -> Point:
        return self.points[-1]


@dataclass(frozen=True)
class LineChart:
    """A line chart ready to draw: its size, the box, the ticks, the lines and its summary."""

    width: float
    height: float
    box: Box
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    series: tuple[Series, ...]
    summary: str
    """One sentence saying what the chart shows: its accessible name."""
    x_title: str
    y_title: str
    zero: float | None
    """The y of the value 0 when the range crosses it (drawn stronger than the grid)."""
    legend_note: str | None = None
    """A line under the legend that explains the markers (filled: won)."""


@dataclass(frozen=True)
class Values:
    """A series before scaling: its name and its (x, y) values, with whether each is filled."""

    name: str
    values: tuple[tuple[float, float], ...]
    filled: tuple[bool, ...] | None = None


def plot_box(width: float, height: float, y_labels: Iterable[str]) -> Box:
    """The box inside a chart of this size: room at the left for the widest y label, at the
    bottom for the x labels and title, a little at the top and right so the outermost marker
    is whole.

    >>> plot_box(366, 220, ["0", "100"])
    Box(left=30.46, top=22, right=358, bottom=184)
    """
    widest = max((len(label) for label in y_labels), default=1)
    left = round(widest * LABEL_LETTER + 10, 2)
    return Box(left=left, top=TOP, right=width - 8, bottom=height - 36)


def line_chart(
    lines: Sequence[Values],
    *,
    width: float,
    height: float = CHART_HEIGHT,
    summary: str,
    x_title: str,
    y_title: str,
    x_label: Mapping[float, str] | None = None,
    include_zero: bool = True,
    legend_note: str | None = None,
) -> LineChart:
    """Scale ``lines`` into a chart ``width`` by ``height`` pixels.

    The y axis runs over nice ticks around every value (and 0, with ``include_zero``); the x
    axis over the values' own ends, labelled at nice steps (with ``x_label``'s text where it
    has one: a game's date instead of its number). Series take colours and markers in order.
    """
    xs = [x for line in lines for x, _ in line.values]
    ys = [y for line in lines for _, y in line.values]
    if include_zero:
        ys.append(0)
    y_values = nice_ticks(min(ys, default=0), max(ys, default=1))
    x_low, x_high = min(xs, default=0), max(xs, default=1)
    box = plot_box(width, height, (number_text(v) for v in y_values))
    x_scale = Scale(x_low, x_high, box.left, box.right)
    y_scale = Scale(y_values[0], y_values[-1], box.bottom, box.top)
    labels = x_label or {}
    room = X_DATE_ROOM if labels else X_NUMBER_ROOM
    x_values = ticks_within(x_low, x_high, most=max(int(box.width // room), 2))
    x_ticks = tuple(Tick(v, labels.get(v, number_text(v)), x_scale.at(v)) for v in x_values)
    y_ticks = tuple(Tick(v, number_text(v), y_scale.at(v)) for v in y_values)
    series = tuple(
        Series(
            name=line.name,
            points=tuple(
                Point(
                    x_value=x,
                    y_value=y,
                    x=x_scale.at(x),
                    y=y_scale.at(y),
                    filled=True if line.filled is None else line.filled[i],
                )
                for i, (x, y) in enumerate(line.values)
            ),
            colour=colour,
            marker=marker,
        )
        for line, colour, marker in zip(lines, cycle(SERIES_COLOURS), cycle(MARKERS), strict=False)
    )
    zero = y_scale.at(0) if y_values[0] < 0 < y_values[-1] else None
    return LineChart(
        width=width,
        height=height,
        box=box,
        x_ticks=x_ticks,
        y_ticks=y_ticks,
        series=series,
        summary=summary,
        x_title=x_title,
        y_title=y_title,
        zero=zero,
        legend_note=legend_note,
    )


# --- a game's running totals ----------------------------------------------------------------


def running_totals(
    sheet: ScoreSheet, *, width: float, height: float = CHART_HEIGHT, low_wins: bool = False
) -> LineChart:
    """Each player's running total after each round, from 0 before the first: a line per
    player, in seating order (the legend follows the table). A sheet with no rounds gives no
    chart on screen (see :func:`has_running_totals`).

    >>> from scorepad.engine import GOLF, Game, RoundRecord
    >>> rules = GOLF.with_changes(name="Short Golf", hand_sizes=(1, 1))
    >>> game = Game.start(rules, ["Ann", "Bob"], first_dealer="Bob")
    >>> game = game.record_round(RoundRecord(turned="clubs", bids={"Ann": 0, "Bob": 0},
    ...     tricks={"Ann": 1, "Bob": 0}))
    >>> chart = running_totals(game.sheet, width=366, low_wins=True)
    >>> chart.summary
    'Running totals after 1 round (low score wins): Ann 0, Bob 10.'
    >>> [(p.x_value, p.y_value) for p in chart.series[1].points]
    [(0, 0), (1, 10)]
    """
    players = sheet.players
    lines = [
        Values(
            name=player,
            values=((0, 0), *((r.number, r.totals[player]) for r in sheet.rounds)),
        )
        for player in players
    ]
    return line_chart(
        lines,
        width=width,
        height=height,
        summary=running_totals_summary(sheet, low_wins=low_wins),
        x_title="round",
        y_title="total",
    )


def has_running_totals(sheet: ScoreSheet) -> bool:
    """Whether there is anything to chart: at least one round recorded."""
    return bool(sheet.rounds)


def running_totals_summary(sheet: ScoreSheet, *, low_wins: bool = False) -> str:
    """The chart in one sentence: the totals after the last round, best first (and, where
    ``low_wins``, a word that a line going up is bad news).

    >>> from scorepad.engine import Game
    >>> running_totals_summary(Game.start("golf", ["Ann", "Bob"]).sheet)
    'No rounds recorded yet.'
    """
    count = len(sheet.rounds)
    if count == 0:
        return "No rounds recorded yet."
    standings = ", ".join(f"{s.player} {number_text(s.total)}" for s in sheet.standings)
    low = " (low score wins)" if low_wins else ""
    return f"Running totals after {count} round{'s' if count != 1 else ''}{low}: {standings}."


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
            if name_key(known_as(result.player, names or {})) == key:
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
    return f"{when.day} {when:%b}"


def long_date(when: datetime) -> str:
    """A date in a summary: "3 Mar 2026".

    >>> long_date(datetime(2026, 3, 3))
    '3 Mar 2026'
    """
    return f"{when.day} {when:%b %Y}"


def results_over_time(
    player: str,
    games: Sequence[GameOutcome],
    *,
    width: float,
    height: float = CHART_HEIGHT,
    recent: int = RECENT_GAMES,
) -> LineChart:
    """A player's total in each game, oldest first, a line per variant (a Golf total and a
    Mormon Bridge total are not on one scale), a won game's marker filled. The x axis counts
    the games shown, labelled with their dates.

    >>> games = [Outcome(datetime(2026, 3, d), "Golf", True, t, w)
    ...          for d, t, w in ((1, 12, False), (2, 8, True))]
    >>> chart = results_over_time("Ann", games, width=366)
    >>> chart.summary
    "Ann's totals in 2 games, 1 Mar 2026 to 2 Mar 2026: won 1; Golf latest 8, best 8 (low wins)."
    >>> [(p.x_value, p.y_value, p.filled) for p in chart.series[0].points]
    [(1, 12, False), (2, 8, True)]
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
    return line_chart(
        lines,
        width=width,
        height=height,
        summary=results_summary(player, ordered, shown),
        x_title="date played",
        y_title="total",
        x_label=dates,
        legend_note="Filled marker: a game won." if shown else None,
    )


def results_summary(
    player: str, ordered: Sequence[GameOutcome], shown: Sequence[GameOutcome]
) -> str:
    """One sentence: how many games, from when to when, how many won, and per variant the
    latest and the best total."""
    if not shown:
        return f"{player} has no finished games to chart yet."
    count = len(shown)
    span = f"{long_date(shown[0].played_on)} to {long_date(shown[-1].played_on)}"
    of_all = f" (the last {count} of {len(ordered)})" if count < len(ordered) else ""
    wins = sum(1 for g in shown if g.won)
    per_variant = []
    for variant in dict.fromkeys(g.variant for g in shown):
        played = [g for g in shown if g.variant == variant]
        low = played[-1].lowest_wins
        best = min(g.total for g in played) if low else max(g.total for g in played)
        direction = " (low wins)" if low else ""
        per_variant.append(
            f"{variant} latest {number_text(played[-1].total)}, best {number_text(best)}{direction}"
        )
    games_word = "game" if count == 1 else "games"
    return (
        f"{player}'s totals in {count} {games_word}{of_all}, {span}: won {wins}; "
        f"{'; '.join(per_variant)}."
    )


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
    """One hand size's bar: its share of bids made, where it is drawn and what it says."""

    cards: int
    rounds: int
    made: int
    share: float
    """Bids made as a share of rounds played (0 to 1)."""
    label: str
    """The x label: the hand size."""
    value_label: str
    """Over the bar: "75%"."""
    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class BarChart:
    """A bar chart ready to draw."""

    width: float
    height: float
    box: Box
    y_ticks: tuple[Tick, ...]
    bars: tuple[Bar, ...]
    summary: str
    x_title: str
    y_title: str
    colour: str = SERIES_COLOURS[0]


def percent(share: float) -> str:
    """A share as a whole percentage.

    >>> percent(2 / 3), percent(1), percent(0)
    ('67%', '100%', '0%')
    """
    return f"{round(share * 100)}%"


def accuracy_by_hand(
    player: str,
    hands: Iterable[HandCount],
    *,
    width: float,
    height: float = CHART_HEIGHT,
) -> BarChart:
    """A bar per hand size the player has bid at: the share of those bids made (0% to 100%,
    ticks every 25%), smallest hand first.

    >>> chart = accuracy_by_hand("Ann", [Tally(1, 4, 3), Tally(2, 2, 1)], width=366)
    >>> chart.summary
    "Ann's bids made by hand size: 1 card 3 of 4 (75%), 2 cards 1 of 2 (50%)."
    >>> [(b.label, b.value_label) for b in chart.bars]
    [('1', '75%'), ('2', '50%')]
    """
    played = sorted((h for h in hands if h.rounds > 0), key=lambda h: h.cards)
    values = (0, 0.25, 0.5, 0.75, 1)
    labels = [percent(v) for v in values]
    box = plot_box(width, height, labels)
    box = Box(box.left, box.top + 6, box.right, box.bottom)  # room for a 100% bar's label
    y_scale = Scale(0, 1, box.bottom, box.top)
    slot = box.width / max(len(played), 1)
    bar_width = min(slot * 0.7, 48)
    bars = []
    for i, hand in enumerate(played):
        share = hand.made / hand.rounds
        top = y_scale.at(share)
        bars.append(
            Bar(
                cards=hand.cards,
                rounds=hand.rounds,
                made=hand.made,
                share=share,
                label=str(hand.cards),
                value_label=percent(share),
                x=box.left + slot * i + (slot - bar_width) / 2,
                y=top,
                width=bar_width,
                height=box.bottom - top,
            )
        )
    return BarChart(
        width=width,
        height=height,
        box=box,
        y_ticks=tuple(
            Tick(v, label, y_scale.at(v)) for v, label in zip(values, labels, strict=True)
        ),
        bars=tuple(bars),
        summary=accuracy_summary(player, played),
        x_title="cards in the hand",
        y_title="bids made",
    )


def accuracy_summary(player: str, played: Sequence[HandCount]) -> str:
    """One sentence: for each hand size, bids made of rounds played."""
    if not played:
        return f"{player} has no bids recorded yet."
    parts = [
        f"{h.cards} card{'s' if h.cards != 1 else ''} {h.made} of {h.rounds} "
        f"({percent(h.made / h.rounds)})"
        for h in played
    ]
    return f"{player}'s bids made by hand size: {', '.join(parts)}."


def legend_names(chart: LineChart) -> str:
    """The series' names as a list a person would say: "Ann, Bob and Cat"."""
    return spoken_list([s.name for s in chart.series])
