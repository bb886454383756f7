"""Charts as plain data: what a chart shows, where each mark goes, and what it says in words.

A chart is worked out here, in plain Python, down to the pixel: the axes' ticks (round
numbers a person can read: 0, 20, 40, not 0, 17, 34), the box the marks are drawn in, each
series' points scaled into that box, and one sentence that says what the chart shows for
anyone who cannot see it ("Running totals after 6 rounds: Ann 54, Bob 41."). The view
(:mod:`scorepad.ui.views.charts`) only draws these numbers on a Flet canvas, so everything a
chart can get wrong (a tick off the axis, a point outside the box, a summary that disagrees
with the lines) is tested here without a browser.

Here: the axes, the scaling and a line chart, and a game's running totals by round
(:func:`running_totals`); a player's charts are in :mod:`scorepad.ui.state.player_charts`.
No Flet here.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import cycle

from scorepad.engine import ScoreSheet

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
