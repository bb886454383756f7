"""Charts drawn by flet-charts: a game's running totals, a player's results over time and
bids made by hand size.

flet-charts (``LineChart``, ``BarChart``) is drawn by the stock Flet clients: the web client
in ``flet_web/web/main.dart.js`` has the extension built in. It scales the values into the
chart and draws the lines, bars, grid and axes. What
each chart shows (the series, the axes' ranges and labels, the summary) is decided in plain
Python in :mod:`scorepad.ui.state.charts` and :mod:`~scorepad.ui.state.player_charts`; this
module only hands it over, styled.

Every chart carries its summary as its accessible name (a screen reader says the sentence,
not a string of tick labels), a legend in words with each series' marker and line, colours
that read on the light and the dark theme alike, and text in the theme's own colours.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

import flet as ft

from scorepad.engine import GameResults, PlayerStats, ScoreSheet
from scorepad.i18n import tr
from scorepad.ui.state.charts import (
    LABEL_SIZE,
    Axis,
    LineChart,
    Marker,
    Series,
    has_running_totals,
    running_totals,
)
from scorepad.ui.state.player_charts import (
    Bar,
    BarChart,
    accuracy_by_hand,
    outcomes_of,
    results_over_time,
    value_label_rows,
)
from scorepad.ui.views.common import bounded_name, heading, tagged

if TYPE_CHECKING:
    # flet-charts is imported where a chart is built, not here: importing it takes longer
    # than all of scorepad's own views (its package imports every chart type, matplotlib's
    # too), and in the offline web app every import at start is paid ~5x on every launch.
    # The home screen and the game's pad never draw a chart, so they never pay for it.
    import flet_charts as fch

WIDEST_BAR = 40.0
"""A bar never grows wider than this (px), however few hand sizes: a fat bar reads as a
block, not a bar."""
CHART_MAX_WIDTH = 640
"""A chart no wider than this: on a laptop a wider one only stretches the lines flat."""
CHART_HEIGHT = 220
"""A chart's height: on a phone (844 px tall) it fits with its legend under a screen's title."""
EDGE = 10
"""Room kept right of and above the plot: a marker on the last round or at the top of the
range stands whole, and the last x label is not cut by the page's edge."""
MARKER_SIZE = 9
"""A marker's width (px): big enough to tell a square from a circle on a phone."""
LINE_WIDTH = 2.5
DASHES = [6, 4]
"""A dashed series' line: 6 px drawn, 4 px gap."""
X_LABEL_ROOM = 22
"""The height kept under the plot for the x labels."""
TITLE_ROOM = 18
"""The height (or, at the left, the width) kept for an axis' title."""
LEGEND_NAME_WIDTH = 140
"""The most room a name takes in the legend; a longer one ends in an ellipsis."""
TEXT = ft.Colors.ON_SURFACE_VARIANT
GRID = ft.Colors.OUTLINE_VARIANT
AXIS_LINE = ft.BorderSide(1.2, ft.Colors.OUTLINE)


STILL: dict[str, Any] = {"interactive": False, "tooltip": None}
"""Charts that do not answer a touch: on a phone a finger on a chart scrolls the page (an
interactive chart would take the drag for itself) and no tip covers the rows below it; the
values are in the legend, the summary and the numbers beside the chart."""


def chart_width(room: float) -> float:
    """How wide a chart is drawn in ``room`` pixels: all of a phone's, at most
    :data:`CHART_MAX_WIDTH` of a laptop's, and never too narrow to draw."""
    return max(min(room, CHART_MAX_WIDTH), 200)


# --- the parts --------------------------------------------------------------------------------


def label_text(text: str) -> ft.Text:
    return ft.Text(text, size=LABEL_SIZE, color=TEXT, no_wrap=True)


def axis(chart_axis: Axis, *, room: float) -> fch.ChartAxis:
    """An axis with the app's own labels at its ticks (none anywhere else) and its title;
    ``room``: the labels' room across the axis (width at the left, height at the bottom)."""
    import flet_charts as fch

    return fch.ChartAxis(
        title=ft.Text(chart_axis.title, size=LABEL_SIZE, color=TEXT, italic=True),
        title_size=TITLE_ROOM,
        labels=[
            fch.ChartAxisLabel(value=tick.value, label=label_text(tick.label))
            for tick in chart_axis.ticks
        ],
        label_spacing=chart_axis.step,
        label_size=room,
    )


def grid(step: float) -> fch.ChartGridLines:
    """The horizontal lines at the y ticks."""
    import flet_charts as fch

    return fch.ChartGridLines(interval=step, color=GRID, width=1)


def point_shape(marker: str | None, colour: str) -> fch.ChartPointShape | bool:
    """A series' marker in flet-charts' shapes: an outline is filled with the background, so
    the line does not run through it; ``False`` (no marker) for ``None``."""
    import flet_charts as fch

    if marker is None:
        return False
    if marker == Marker.CROSS:
        return fch.ChartCrossPoint(color=colour, size=MARKER_SIZE + 1, width=2.5)
    hollow = marker in (Marker.RING, Marker.HOLLOW_SQUARE)
    fill = ft.Colors.SURFACE if hollow else colour
    stroke = 2 if hollow else 0
    if marker in (Marker.SQUARE, Marker.HOLLOW_SQUARE):
        return fch.ChartSquarePoint(
            color=fill, size=MARKER_SIZE - 1, stroke_color=colour, stroke_width=stroke
        )
    return fch.ChartCirclePoint(
        color=fill, radius=MARKER_SIZE / 2, stroke_color=colour, stroke_width=stroke
    )


def line_data(series: Series) -> fch.LineChartData:
    """A series' line and its points, each with its own marker."""
    import flet_charts as fch

    return fch.LineChartData(
        points=[
            fch.LineChartDataPoint(
                x, y, point=point_shape(marker, series.colour), tooltip="", show_tooltip=False
            )
            for (x, y), marker in zip(series.values, series.markers, strict=True)
        ],
        color=series.colour,
        stroke_width=LINE_WIDTH,
        dash_pattern=DASHES if series.dashed else None,
        rounded_stroke_join=True,
        rounded_stroke_cap=True,
    )


def line_chart_control(chart: LineChart, width: float) -> fch.LineChart:
    """The chart itself, still: no touch tips (:data:`STILL`)."""
    import flet_charts as fch

    return fch.LineChart(
        data_series=[line_data(s) for s in chart.series],
        min_x=chart.x.low,
        max_x=chart.x.high,
        min_y=chart.y.low,
        max_y=chart.y.high,
        left_axis=axis(chart.y, room=chart.y.label_room),
        bottom_axis=axis(chart.x, room=X_LABEL_ROOM),
        horizontal_grid_lines=grid(chart.y.step),
        border=ft.Border(left=AXIS_LINE, bottom=AXIS_LINE),
        **STILL,
        width=width - EDGE,
        height=CHART_HEIGHT - EDGE,
    )


def bar_chart_control(chart: BarChart, width: float) -> fch.BarChart:
    """A bar per hand size, its size and share made under it (read without a touch)."""
    import flet_charts as fch

    plot = width - EDGE - chart.y.label_room - TITLE_ROOM
    rod_width = min(plot / max(len(chart.bars), 1) * 0.6, WIDEST_BAR)
    rows = value_label_rows(chart.bars, plot)
    return fch.BarChart(
        groups=[bar_group(bar, chart.colour, rod_width) for bar in chart.bars],
        min_y=chart.y.low,
        max_y=chart.y.high,
        left_axis=axis(chart.y, room=chart.y.label_room),
        bottom_axis=fch.ChartAxis(
            title=ft.Text(chart.x_title, size=LABEL_SIZE, color=TEXT, italic=True),
            title_size=TITLE_ROOM,
            labels=[
                fch.ChartAxisLabel(
                    value=bar.cards,
                    label=ft.Column(
                        bar_labels(bar, rows, lower=index % 2 == 1),
                        spacing=0,
                        tight=True,
                        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                    ),
                )
                for index, bar in enumerate(chart.bars)
            ],
            label_size=(1 + max(rows, 1)) * X_LABEL_ROOM + 4,
        ),
        horizontal_grid_lines=grid(chart.y.step),
        border=ft.Border(left=AXIS_LINE, bottom=AXIS_LINE),
        **STILL,
        width=width - EDGE,
        height=CHART_HEIGHT + max(rows, 1) * X_LABEL_ROOM - EDGE,
    )


def bar_labels(bar: Bar, rows: int, *, lower: bool) -> list[ft.Control]:
    """Under a bar: its hand size, then its percentage on the line ``rows`` gives it (on two
    lines every other bar's goes a line lower, so no two touch; none when too crowded)."""
    if rows == 0:
        return [label_text(bar.label)]
    if rows == 1:
        return [label_text(bar.label), label_text(bar.value_label)]
    value = label_text(bar.value_label)
    return [
        label_text(bar.label),
        label_text("") if lower else value,
        value if lower else label_text(""),
    ]


def bar_group(bar: Bar, colour: str, rod_width: float) -> fch.BarChartGroup:
    import flet_charts as fch

    return fch.BarChartGroup(
        x=bar.cards,
        rods=[
            fch.BarChartRod(
                from_y=0,
                to_y=bar.share * 100,
                width=rod_width,
                color=colour,
                border_radius=ft.BorderRadius.only(top_left=3, top_right=3),
                tooltip="",
                show_tooltip=False,
            )
        ],
    )


# --- charts as controls -------------------------------------------------------------------------


def drawn(identifier: str, summary: str, chart: ft.Control) -> ft.Control:
    """The chart named by its summary: a screen reader reads the sentence (and not the tick
    labels inside), a browser test finds the chart by ``identifier``."""
    return ft.Semantics(
        identifier=identifier,
        label=summary,
        image=True,
        container=True,
        exclude_semantics=True,
        content=ft.Container(chart, padding=ft.Padding.only(top=EDGE, right=EDGE)),
    )


def legend_key(series: Series) -> ft.Control:
    """A series' line and marker, as in the chart: a short stroke (in two dashes for a dashed
    line) behind the marker's shape."""
    stroke = ft.Container(width=24, height=LINE_WIDTH, bgcolor=series.colour)
    line: ft.Control = (
        ft.Row([ft.Container(width=7, height=LINE_WIDTH, bgcolor=series.colour)] * 2, spacing=10)
        if series.dashed
        else stroke
    )
    return ft.Stack(
        [
            ft.Container(line, alignment=ft.Alignment.CENTER, width=24, height=16),
            ft.Container(key_marker(series), alignment=ft.Alignment.CENTER, width=24, height=16),
        ],
        width=24,
        height=16,
    )


def key_marker(series: Series) -> ft.Control:
    colour = series.colour
    size = MARKER_SIZE
    if series.marker == Marker.CROSS:
        return ft.Icon(ft.Icons.CLOSE, color=colour, size=size + 5)
    hollow = series.marker in (Marker.RING, Marker.HOLLOW_SQUARE)
    round_ = series.marker in (Marker.CIRCLE, Marker.RING)
    return ft.Container(
        width=size,
        height=size,
        bgcolor=ft.Colors.SURFACE if hollow else colour,
        border=ft.Border.all(2, colour) if hollow else None,
        shape=ft.BoxShape.CIRCLE if round_ else ft.BoxShape.RECTANGLE,
    )


def legend(chart: LineChart, identifier: str) -> ft.Control:
    items: list[ft.Control] = [
        ft.Row(
            [
                ft.Row(
                    [legend_key(s), bounded_name(s.name, size=13, width=LEGEND_NAME_WIDTH)],
                    spacing=4,
                    tight=True,
                )
                for s in chart.series
            ],
            wrap=True,
            spacing=14,
            run_spacing=4,
        )
    ]
    if chart.legend_note:
        items.append(ft.Text(chart.legend_note, size=12, color=TEXT))
    return tagged(f"{identifier}-legend", ft.Column(items, spacing=2))


def line_chart_view(chart: LineChart, identifier: str, width: float) -> ft.Control:
    """A line chart with its legend under it."""
    return ft.Column(
        [
            drawn(identifier, chart.summary, line_chart_control(chart, width)),
            legend(chart, identifier),
        ],
        spacing=6,
    )


def running_totals_chart(
    sheet: ScoreSheet,
    room: float,
    *,
    low_wins: bool = False,
    shown: Callable[[str], str] = str,
) -> ft.Control | None:
    """The game's running totals by round, a line per player, under a heading; ``None``
    before the first round (the sheet says there is nothing yet). ``room``: the width the
    chart may take; ``low_wins``: the variant's direction, said in the summary; ``shown``: how
    the game screen names each player (current names)."""
    if not has_running_totals(sheet):
        return None
    width = chart_width(room)
    chart = running_totals(sheet, width=width, low_wins=low_wins, shown=shown)
    return ft.Column(
        [heading(tr("Running totals")), line_chart_view(chart, "running-totals-chart", width)],
        spacing=6,
    )


def results_over_time_chart(
    player: str,
    games: Iterable[GameResults],
    room: float,
    *,
    names: Mapping[str, str] | None = None,
) -> ft.Control:
    """A player's total in each of their finished games, oldest first, a line per variant,
    won games' markers filled; ``games`` as the store's ``game_results()`` gives them, ``names``
    its ``current_names()`` (games played under an earlier name count). ``room``: the width
    the chart may take. Tagged ``results-chart``."""
    width = chart_width(room)
    chart = results_over_time(player, outcomes_of(player, games, names=names), width=width)
    if not chart.series:
        return tagged("results-chart", ft.Text(chart.summary))
    return line_chart_view(chart, "results-chart", width)


def accuracy_by_hand_chart(stats: PlayerStats, room: float) -> ft.Control:
    """A player's bids made at each hand size (from the engine's stats), as bars from 0% to
    100%. Tagged ``accuracy-chart``."""
    chart = accuracy_by_hand(stats.name, stats.hands)
    if not chart.bars:
        return tagged("accuracy-chart", ft.Text(chart.summary))
    return drawn("accuracy-chart", chart.summary, bar_chart_control(chart, chart_width(room)))
