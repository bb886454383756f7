"""Charts drawn on Flet's core canvas: a game's running totals, a player's results over time
and bids made by hand size.

Why a canvas and not flet-charts: flet-charts' controls are a Flutter extension, drawn only by
a client built with them in. Reading the stock clients of Flet 1.0.5 on this project's
machines: the web client in ``flet_web/web/main.dart.js`` does name ``LineChart`` and
``BarChart`` among its controls, but the desktop client is downloaded from GitHub at its first
run and cannot be checked here, a ``flet build`` of the app needs the Flutter SDK, and the
Python package (``flet-charts``) would be one more dependency to keep in step with the client.
``ft.canvas.Canvas`` is in every client, and drawing on it keeps every number of a chart (ticks,
scaling, the summary) in plain Python (:mod:`scorepad.ui.state.charts` and
:mod:`~scorepad.ui.state.player_charts`), tested without a browser; this module only turns
those numbers into shapes.

Every chart carries its summary as its accessible name (a canvas says nothing to a screen
reader), a legend in words with each series' marker, colours that read on the light and the
dark theme alike, and text in the theme's own colours.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

import flet as ft
import flet.canvas as cv

from scorepad.engine import GameResults, PlayerStats, ScoreSheet
from scorepad.ui.state.charts import (
    LineChart,
    Marker,
    Point,
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
)
from scorepad.ui.views.common import bounded_name, heading, tagged

CHART_MAX_WIDTH = 640
"""A chart no wider than this: on a laptop a wider one only stretches the lines flat."""
MARKER_SIZE = 4.5
"""Half a marker's width (px): big enough to tell a square from a circle on a phone."""
LEGEND_NAME_WIDTH = 140
"""The most room a name takes in the legend; a longer one ends in an ellipsis."""
LABEL_STYLE = ft.TextStyle(size=11, color=ft.Colors.ON_SURFACE_VARIANT)
TITLE_STYLE = ft.TextStyle(size=11, color=ft.Colors.ON_SURFACE_VARIANT, italic=True)
GRID = ft.Paint(color=ft.Colors.OUTLINE_VARIANT, stroke_width=1, style=ft.PaintingStyle.STROKE)
AXIS = ft.Paint(color=ft.Colors.OUTLINE, stroke_width=1.2, style=ft.PaintingStyle.STROKE)


def chart_width(room: float) -> float:
    """How wide a chart is drawn in ``room`` pixels: all of a phone's, at most
    :data:`CHART_MAX_WIDTH` of a laptop's, and never too narrow to draw."""
    return max(min(room, CHART_MAX_WIDTH), 200)


# --- the shapes -----------------------------------------------------------------------------


def grid_and_axes(chart: LineChart | BarChart, *, vertical: Sequence[float] = ()) -> list[cv.Shape]:
    """The y ticks' grid lines with their labels, the axes and the axis titles."""
    box = chart.box
    shapes: list[cv.Shape] = []
    for tick in chart.y_ticks:
        shapes.append(cv.Line(box.left, tick.at, box.right, tick.at, paint=GRID))
        shapes.append(
            cv.Text(
                box.left - 6,
                tick.at,
                tick.label,
                style=LABEL_STYLE,
                alignment=ft.Alignment.CENTER_RIGHT,
            )
        )
    for x in vertical:
        shapes.append(cv.Line(x, box.top, x, box.bottom, paint=GRID))
    shapes.append(cv.Line(box.left, box.bottom, box.right, box.bottom, paint=AXIS))
    shapes.append(cv.Line(box.left, box.top, box.left, box.bottom, paint=AXIS))
    shapes.append(
        cv.Text(
            (box.left + box.right) / 2,
            chart.height - 2,
            chart.x_title,
            style=TITLE_STYLE,
            alignment=ft.Alignment.BOTTOM_CENTER,
        )
    )
    shapes.append(cv.Text(0, 0, chart.y_title, style=TITLE_STYLE, alignment=ft.Alignment.TOP_LEFT))
    return shapes


def marker(kind: str, x: float, y: float, colour: str, *, filled: bool = True) -> cv.Shape:
    """A series' marker centred on (x, y); hollow kinds, and unfilled points, as outlines."""
    r = MARKER_SIZE
    hollow = not filled or kind in (Marker.RING, Marker.HOLLOW_SQUARE, Marker.HOLLOW_DIAMOND)
    paint = ft.Paint(
        color=colour,
        style=ft.PaintingStyle.STROKE if hollow else ft.PaintingStyle.FILL,
        stroke_width=2,
    )
    if kind in (Marker.CIRCLE, Marker.RING):
        return cv.Circle(x, y, r, paint=paint)
    if kind in (Marker.SQUARE, Marker.HOLLOW_SQUARE):
        side = r * 1.7
        return cv.Rect(x - side / 2, y - side / 2, side, side, paint=paint)
    if kind == Marker.TRIANGLE:
        corners = [(x, y - r * 1.2), (x + r * 1.2, y + r), (x - r * 1.2, y + r)]
    elif kind == Marker.TRIANGLE_DOWN:
        corners = [(x, y + r * 1.2), (x + r * 1.2, y - r), (x - r * 1.2, y - r)]
    else:  # diamonds
        corners = [(x, y - r * 1.3), (x + r * 1.3, y), (x, y + r * 1.3), (x - r * 1.3, y)]
    first, *rest = corners
    return cv.Path(
        [
            cv.Path.MoveTo(*first),
            *(cv.Path.LineTo(*corner) for corner in rest),
            cv.Path.Close(),
        ],
        paint=paint,
    )


def series_shapes(series: Series, *, markers_every: int = 1) -> list[cv.Shape]:
    """A series' line and its markers (every ``markers_every``-th point and the last: an
    18-round game's lines would be all markers on a phone)."""
    points = series.points
    line = cv.Path(
        [
            cv.Path.MoveTo(points[0].x, points[0].y),
            *(cv.Path.LineTo(p.x, p.y) for p in points[1:]),
        ],
        paint=ft.Paint(
            color=series.colour,
            stroke_width=2.5,
            style=ft.PaintingStyle.STROKE,
            stroke_join=ft.StrokeJoin.ROUND,
            stroke_cap=ft.StrokeCap.ROUND,
        ),
    )
    shown: list[Point] = [
        p for i, p in enumerate(points) if i % markers_every == 0 or i == len(points) - 1
    ]
    return [
        line,
        *(marker(series.marker, p.x, p.y, series.colour, filled=p.filled) for p in shown),
    ]


def line_shapes(chart: LineChart) -> list[cv.Shape]:
    box = chart.box
    shapes = grid_and_axes(chart)
    if chart.zero is not None:
        shapes.append(cv.Line(box.left, chart.zero, box.right, chart.zero, paint=AXIS))
    for tick in chart.x_ticks:
        shapes.append(cv.Line(tick.at, box.bottom, tick.at, box.bottom + 4, paint=AXIS))
        shapes.append(
            cv.Text(
                tick.at,
                box.bottom + 6,
                tick.label,
                style=LABEL_STYLE,
                alignment=ft.Alignment.TOP_CENTER,
            )
        )
    longest = max((len(s.points) for s in chart.series), default=0)
    spacing = box.width / max(longest - 1, 1)
    every = max(math.ceil(12 / spacing), 1)  # markers at least ~12 px apart
    for series in chart.series:
        if series.points:
            shapes.extend(series_shapes(series, markers_every=every))
    return shapes


def bar_shapes(chart: BarChart) -> list[cv.Shape]:
    box = chart.box
    shapes = grid_and_axes(chart)
    fill = ft.Paint(color=chart.colour, style=ft.PaintingStyle.FILL)
    for bar in chart.bars:
        shapes.extend(bar_parts(bar, fill, box.bottom))
    return shapes


def bar_parts(bar: Bar, fill: ft.Paint, bottom: float) -> list[cv.Shape]:
    centre = bar.x + bar.width / 2
    parts: list[cv.Shape] = []
    if bar.height > 0:
        parts.append(cv.Rect(bar.x, bar.y, bar.width, bar.height, paint=fill))
    parts.append(
        cv.Text(
            centre,
            bar.y - 2,
            bar.value_label,
            style=LABEL_STYLE,
            alignment=ft.Alignment.BOTTOM_CENTER,
        )
    )
    parts.append(
        cv.Text(centre, bottom + 6, bar.label, style=LABEL_STYLE, alignment=ft.Alignment.TOP_CENTER)
    )
    return parts


# --- charts as controls ---------------------------------------------------------------------


def drawn(
    identifier: str, summary: str, width: float, height: float, shapes: list[cv.Shape]
) -> ft.Control:
    """The canvas, named by its summary: a screen reader reads the sentence, a browser test
    finds the chart by ``identifier``."""
    return ft.Semantics(
        identifier=identifier,
        label=summary,
        image=True,
        container=True,
        content=cv.Canvas(shapes=shapes, width=width, height=height),
    )


def legend_key(series: Series) -> ft.Control:
    """A series' marker and name, as in the chart."""
    key = cv.Canvas(
        shapes=[
            cv.Line(0, 8, 22, 8, paint=ft.Paint(color=series.colour, stroke_width=2.5)),
            marker(series.marker, 11, 8, series.colour),
        ],
        width=22,
        height=16,
    )
    return ft.Row(
        [key, bounded_name(series.name, size=13, width=LEGEND_NAME_WIDTH)],
        spacing=4,
        tight=True,
    )


def legend(chart: LineChart, identifier: str) -> ft.Control:
    items: list[ft.Control] = [
        ft.Row([legend_key(s) for s in chart.series], wrap=True, spacing=14, run_spacing=4)
    ]
    if chart.legend_note:
        items.append(ft.Text(chart.legend_note, size=12, color=ft.Colors.ON_SURFACE_VARIANT))
    return tagged(f"{identifier}-legend", ft.Column(items, spacing=2))


def line_chart_view(chart: LineChart, identifier: str) -> ft.Control:
    """A line chart with its legend under it."""
    return ft.Column(
        [
            drawn(identifier, chart.summary, chart.width, chart.height, line_shapes(chart)),
            legend(chart, identifier),
        ],
        spacing=6,
    )


def bar_chart_view(chart: BarChart, identifier: str) -> ft.Control:
    return drawn(identifier, chart.summary, chart.width, chart.height, bar_shapes(chart))


def running_totals_chart(
    sheet: ScoreSheet, room: float, *, low_wins: bool = False
) -> ft.Control | None:
    """The game's running totals by round, a line per player, under a heading; ``None``
    before the first round (the sheet says there is nothing yet). ``room``: the width the
    chart may take; ``low_wins``: the variant's direction, said in the summary."""
    if not has_running_totals(sheet):
        return None
    chart = running_totals(sheet, width=chart_width(room), low_wins=low_wins)
    return ft.Column(
        [heading("Running totals"), line_chart_view(chart, "running-totals-chart")],
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
    chart = results_over_time(
        player, outcomes_of(player, games, names=names), width=chart_width(room)
    )
    if not chart.series:
        return tagged("results-chart", ft.Text(chart.summary))
    return line_chart_view(chart, "results-chart")


def accuracy_by_hand_chart(stats: PlayerStats, room: float) -> ft.Control:
    """A player's bids made at each hand size (from the engine's stats), as bars from 0% to
    100%. Tagged ``accuracy-chart``."""
    chart = accuracy_by_hand(stats.name, stats.hands, width=chart_width(room))
    if not chart.bars:
        return tagged("accuracy-chart", ft.Text(chart.summary))
    return bar_chart_view(chart, "accuracy-chart")
