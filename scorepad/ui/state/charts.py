"""Charts as plain data: what a chart shows and what it says in words.

flet-charts draws the lines, the bars, the grid and the axes, and scales every value into
its box. What is decided here, in plain Python and tested without a browser, is what only
the app can decide: each series' values (a player's running total after each round), its
colour and marker, the axes' ranges and their ticks (round numbers a person can read: 0, 20,
40, not 0, 17, 34; no more labels than a phone's width holds), and one sentence that says
what the chart shows for anyone who cannot see it ("Running totals after 6 rounds: Ann 54,
Bob 41."). The view (:mod:`scorepad.ui.views.charts`) hands these to flet-charts.

Here: the axes, the palette and a line chart, and a game's running totals by round
(:func:`running_totals`); a player's charts are in :mod:`scorepad.ui.state.player_charts`.
No Flet here.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from scorepad.engine import ScoreSheet
from scorepad.i18n import tr, tr_n

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
other). Colour is never the only cue: each series also has its own marker and line
(:func:`series_style`) and its name in the legend."""


class Marker:
    """The shape drawn at each of a series' points, so series differ without colour (the
    shapes flet-charts draws: circles, squares and crosses, solid or as outlines)."""

    CIRCLE = "circle"
    SQUARE = "square"
    CROSS = "cross"
    RING = "ring"
    HOLLOW_SQUARE = "hollow_square"


MARKERS = (Marker.CIRCLE, Marker.SQUARE, Marker.CROSS, Marker.RING, Marker.HOLLOW_SQUARE)
"""The markers in the order series take them; past the fifth series the markers come round
again on a dashed line (:func:`series_style`)."""

SOLID_MARKERS = (Marker.CIRCLE, Marker.SQUARE)
"""The markers of a chart whose points are filled or hollow for a reason of their own (a
game won or not, in a player's results over time): only shapes that have an outline."""

HOLLOW = {Marker.CIRCLE: Marker.RING, Marker.SQUARE: Marker.HOLLOW_SQUARE}
"""A solid marker's outline, for a point that is not filled."""

LABEL_SIZE = 11
"""The tick labels' font size (px)."""
LABEL_LETTER = 0.62 * LABEL_SIZE
"""About how wide one character of a tick label is: enough room for the y labels."""
X_NUMBER_ROOM = 36
"""The x axis labels a number about every this many pixels: a phone's sheet labels each of
up to 8 rounds, then every other one."""
X_DATE_ROOM = 64
"""The same for dates ("28 Nov"), which are wider."""
MARKER_ROOM = 14
"""Markers are drawn at points at least about this many pixels apart: an 18-round game's
lines on a phone would otherwise be all markers, piled on each other."""
MOST_TICKS = 6
"""Labels an axis at most about this many values: more would crowd a phone's 390 px."""


def series_style(index: int, markers: Sequence[str] = MARKERS) -> tuple[str, str, bool]:
    """The ``index``-th series' colour, marker and whether its line is dashed: every one of
    eight series (a full table) differs from the others in its marker or its line as well as
    its colour.

    >>> series_style(0), series_style(5)
    (('#0072B2', 'circle', False), ('#7F7F7F', 'circle', True))
    >>> len({series_style(i)[1:] for i in range(8)})
    8
    """
    laps, marker_index = divmod(index, len(markers))  # markers repeat on a dashed line
    colour = SERIES_COLOURS[divmod(index, len(SERIES_COLOURS))[1]]
    return colour, markers[marker_index], laps % 2 == 1


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


def label_room(labels: Iterable[str]) -> float:
    """The width (px) the y axis keeps for its labels: the widest one and a little gap.

    >>> label_room(["0", "100"])
    30.46
    """
    widest = max((len(label) for label in labels), default=1)
    return round(widest * LABEL_LETTER + 10, 2)


@dataclass(frozen=True)
class Tick:
    """A labelled value on an axis."""

    value: float
    label: str


@dataclass(frozen=True)
class Axis:
    """An axis as the chart shows it: the range drawn (``low`` to ``high``), the values that
    carry a label, ``step`` apart, and the axis' title."""

    low: float
    high: float
    ticks: tuple[Tick, ...]
    step: float
    title: str

    @property
    def label_room(self) -> float:
        """The room the labels need across the axis (for the y axis: their width)."""
        return label_room(t.label for t in self.ticks)


@dataclass(frozen=True)
class Values:
    """A series as the caller has it: a name and (x, y) pairs, and, where its points differ,
    whether each is drawn filled (a won game) or as an outline."""

    name: str
    values: tuple[tuple[float, float], ...]
    filled: tuple[bool, ...] | None = None


@dataclass(frozen=True)
class Series:
    """One line ready to draw: its values, colour, marker (per point: a hollow one where the
    point is not filled, none where points are too close for each to have one) and line."""

    name: str
    values: tuple[tuple[float, float], ...]
    markers: tuple[str | None, ...]
    colour: str
    marker: str
    """The series' own marker, as the legend shows it."""
    dashed: bool = False


@dataclass(frozen=True)
class LineChart:
    """A line chart ready to draw: its axes, its lines and its summary."""

    x: Axis
    y: Axis
    series: tuple[Series, ...]
    summary: str
    """One sentence saying what the chart shows: its accessible name."""
    legend_note: str | None = None


def marker_every(plot_width: float, span: float) -> int:
    """Every how many points a series shows its marker: every one while they are
    :data:`MARKER_ROOM` apart, else every other one (or every third...); the last point
    always has its marker.

    >>> marker_every(330, 8), marker_every(330, 18), marker_every(330, 40)
    (1, 1, 2)
    """
    if span <= 0:
        return 1
    return max(math.ceil(MARKER_ROOM / (plot_width / span)), 1)


def step_of(ticks: Sequence[float]) -> float:
    """The step between evenly spaced ticks (1 for a single tick).

    >>> step_of((0, 20, 40)), step_of((3,))
    (20, 1)
    """
    return _tidy(ticks[1] - ticks[0]) if len(ticks) > 1 else 1


def line_chart(
    lines: Sequence[Values],
    *,
    width: float,
    summary: str,
    x_title: str,
    y_title: str,
    x_label: Mapping[float, str] | None = None,
    x_margin: float = 0,
    include_zero: bool = True,
    markers: Sequence[str] = MARKERS,
    legend_note: str | None = None,
) -> LineChart:
    """A line chart of ``lines`` about ``width`` pixels wide.

    The y axis runs over nice ticks around every value (and 0, with ``include_zero``); the x
    axis over the values' own ends (widened by ``x_margin`` each side, so that the first and
    last points and their labels are whole inside the chart), labelled at nice steps, as many
    as the width holds (with ``x_label``'s text where it has one: a game's date instead of its
    number). Series take colours, markers and lines in order (:func:`series_style`).
    """
    xs = [x for line in lines for x, _ in line.values]
    ys = [y for line in lines for _, y in line.values]
    if include_zero:
        ys.append(0)
    y_values = nice_ticks(min(ys, default=0), max(ys, default=1))
    y_axis = Axis(
        low=y_values[0],
        high=y_values[-1],
        ticks=tuple(Tick(v, number_text(v)) for v in y_values),
        step=step_of(y_values),
        title=y_title,
    )
    x_low, x_high = min(xs, default=0), max(xs, default=1)
    labels = x_label or {}
    room = X_DATE_ROOM if labels else X_NUMBER_ROOM
    plot_width = width - y_axis.label_room - 8
    x_values = ticks_within(x_low, x_high, most=max(int(plot_width // room), 2))
    x_axis = Axis(
        low=x_low - x_margin,
        high=x_high + x_margin,
        ticks=tuple(Tick(v, labels.get(v, number_text(v))) for v in x_values),
        step=step_of(x_values),
        title=x_title,
    )
    every = marker_every(plot_width, x_high - x_low)
    series = []
    for index, line in enumerate(lines):
        colour, marker, dashed = series_style(index, markers)
        filled = line.filled or (True,) * len(line.values)
        last = len(line.values) - 1
        series.append(
            Series(
                name=line.name,
                values=line.values,
                markers=tuple(
                    (marker if f else HOLLOW.get(marker, marker))
                    if i % every == 0 or i == last
                    else None
                    for i, f in enumerate(filled)
                ),
                colour=colour,
                marker=marker,
                dashed=dashed,
            )
        )
    return LineChart(
        x=x_axis, y=y_axis, series=tuple(series), summary=summary, legend_note=legend_note
    )


# --- a game's running totals ----------------------------------------------------------------


def _line_of(sheet: ScoreSheet, place: str) -> tuple[tuple[int, int], ...]:
    """A place's running total round by round: from 0 before the first round (or the total
    carried in from another evening), or from a late arrival's starting total before their
    first round (a seat taken over is one line)."""
    joined = sheet.joined.get(place)
    start = (joined or 0, sheet.starting.get(place, 0))
    return (
        start,
        *(
            (result.number, total)
            for result in sheet.rounds
            if (total := sheet.cell(result, place).total) is not None
            and (joined is None or result.number > joined)
        ),
    )


def running_totals(
    sheet: ScoreSheet,
    *,
    width: float,
    low_wins: bool = False,
    shown: Callable[[str], str] = str,
) -> LineChart:
    """Each player's running total after each round, from 0 before the first: a line per
    player, in seating order (the legend follows the table). A sheet with no rounds gives no
    chart on screen (see :func:`has_running_totals`).
    ``shown`` names each player as the game screen does (their current name after a rename).

    >>> from scorepad.engine import GOLF, Game, RoundRecord
    >>> rules = GOLF.with_changes(name="Short Golf", hand_sizes=(1, 1))
    >>> game = Game.start(rules, ["Ann", "Bob"], first_dealer="Bob")
    >>> game = game.record_round(RoundRecord(turned="clubs", bids={"Ann": 0, "Bob": 0},
    ...     tricks={"Ann": 1, "Bob": 0}))
    >>> chart = running_totals(game.sheet, width=366, low_wins=True)
    >>> chart.summary
    'Running totals after 1 round (low score wins): Ann 0, Bob 10.'
    >>> chart.series[1].values
    ((0, 0), (1, 10))
    """
    lines = [Values(name=shown(player), values=_line_of(sheet, player)) for player in sheet.players]
    return line_chart(
        lines,
        width=width,
        summary=running_totals_summary(sheet, low_wins=low_wins, shown=shown),
        # TRANSLATORS: the title of a chart's x axis: the rounds of a game
        x_title=tr("round"),
        # TRANSLATORS: the title of a chart's y axis: a player's total score
        y_title=tr("total"),
    )


def has_running_totals(sheet: ScoreSheet) -> bool:
    """Whether there is anything to chart: at least one round recorded."""
    return bool(sheet.rounds)


def running_totals_summary(
    sheet: ScoreSheet, *, low_wins: bool = False, shown: Callable[[str], str] = str
) -> str:
    """The chart in one sentence: the totals after the last round, best first (and, where
    ``low_wins``, a word that a line going up is bad news).

    >>> from scorepad.engine import Game
    >>> running_totals_summary(Game.start("golf", ["Ann", "Bob"]).sheet)
    'No rounds recorded yet.'
    """
    count = len(sheet.rounds)
    if count == 0:
        return tr("No rounds recorded yet.")
    standings = listed(
        # TRANSLATORS: a player's total in a chart's summary ("Ann 54")
        tr("{player} {total}").format(player=shown(s.player), total=number_text(s.total))
        for s in sheet.standings
    )
    if low_wins:
        return tr_n(
            "Running totals after {count} round (low score wins): {standings}.",
            "Running totals after {count} rounds (low score wins): {standings}.",
            count,
        ).format(count=count, standings=standings)
    return tr_n(
        "Running totals after {count} round: {standings}.",
        "Running totals after {count} rounds: {standings}.",
        count,
    ).format(count=count, standings=standings)


def listed(items: Iterable[str]) -> str:
    """Items one after the other, as a summary lists them ("Ann 54, Bob 41")."""
    # TRANSLATORS: between the items of a list ("Ann, Bob, Cat")
    return tr(", ").join(items)
