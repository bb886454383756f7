"""Charts as numbers (series, ticks, summaries) and as handed to flet-charts: the sheet's
running totals chart has a line per player through the sheet's own totals, every series
differs from the others in more than colour, and every colour stands out from both themes'
backgrounds."""

from __future__ import annotations

import itertools
import random
from datetime import UTC, datetime

import flet as ft
import flet_charts as fch
import pytest

from scorepad.engine import GameResults, GameStatus, HandTally, PlayerResult, PlayerStats
from scorepad.ui.state import GameTab, ScorepadApp
from scorepad.ui.state.charts import (
    LABEL_LETTER,
    MOST_TICKS,
    SERIES_COLOURS,
    X_NUMBER_ROOM,
    Marker,
    Values,
    line_chart,
    nice_ticks,
    running_totals,
    series_style,
    ticks_within,
)
from scorepad.ui.state.player_charts import (
    Outcome,
    Tally,
    accuracy_by_hand,
    outcomes_of,
    results_over_time,
)
from scorepad.ui.views.app import DARK_SCHEME, LIGHT_SCHEME
from scorepad.ui.views.charts import accuracy_by_hand_chart, results_over_time_chart
from tests.ui.driving import play_round, start
from tests.ui.flet_session import ViewDriver
from tests.ui.test_contrast import contrast
from tests.ui.test_sheet_view import walk

# --- ticks ----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(200))
def test_ticks_are_round_evenly_spaced_and_bracket_the_data(seed: int) -> None:
    rng = random.Random(seed)
    low = rng.randint(-500, 300)
    high = low + rng.choice([0, 1, 3, 7, 18, 54, 99, 230, 1234])
    ticks = nice_ticks(low, high)
    assert ticks[0] <= low and ticks[-1] >= high
    steps = {b - a for a, b in itertools.pairwise(ticks)}
    assert len(steps) == 1, ticks
    step = steps.pop()
    assert step >= 1 and str(int(step)).strip("0") in ("1", "2", "5"), step
    assert all(t == int(t) and t % step == 0 for t in ticks)
    assert len(ticks) <= MOST_TICKS + 2
    # the range wastes no more than a step at either end
    assert low - ticks[0] <= step and ticks[-1] - high <= step


def test_x_ticks_stay_within_the_rounds_played() -> None:
    assert ticks_within(0, 18) == (0, 5, 10, 15)
    assert ticks_within(0, 1) == (0, 1)
    assert ticks_within(1, 40) == (10, 20, 30, 40)


@pytest.mark.parametrize("rounds", range(1, 31))
def test_the_x_axis_labels_every_round_it_has_room_for_and_never_crowds(rounds: int) -> None:
    values = tuple((r, r * 7) for r in range(rounds + 1))
    chart = line_chart([Values("Ann", values)], width=366, summary="-", x_title="", y_title="")
    plot = 366 - chart.y.label_room
    labelled = [t.value for t in chart.x.ticks]
    assert len(labelled) * X_NUMBER_ROOM <= plot + X_NUMBER_ROOM
    assert labelled == sorted(labelled) and labelled[0] >= 0 and labelled[-1] <= rounds
    assert all(b - a == chart.x.step for a, b in itertools.pairwise(labelled))
    if rounds <= 8:  # a phone's sheet: every round has its number
        assert labelled == list(range(rounds + 1))
    assert len(labelled) >= min(rounds + 1, 4)


# --- series and axes ------------------------------------------------------------------------


def test_the_axes_hold_every_value_and_series_take_styles_in_order() -> None:
    chart = line_chart(
        [Values("Ann", ((0, 0), (1, 13), (2, 26))), Values("Bob", ((0, 0), (1, -7), (2, 41)))],
        width=366,
        summary="-",
        x_title="round",
        y_title="total",
    )
    assert (chart.x.low, chart.x.high) == (0, 2), "the x axis ends at the data's own ends"
    assert [t.value for t in chart.y.ticks] == [-10, 0, 10, 20, 30, 40, 50]
    assert chart.y.ticks[0].label == "−10"
    assert (chart.y.low, chart.y.high, chart.y.step) == (-10, 50, 10)
    assert chart.series[1].values == ((0, 0), (1, -7), (2, 41))
    assert [s.colour for s in chart.series] == list(SERIES_COLOURS[:2])
    assert [s.marker for s in chart.series] == [Marker.CIRCLE, Marker.SQUARE]
    assert chart.series[0].markers == (Marker.CIRCLE,) * 3


@pytest.mark.parametrize("points", [5, 19, 40, 60])
def test_markers_stay_apart_on_a_phone_and_the_last_point_always_has_one(points: int) -> None:
    values = tuple((x, x) for x in range(points))
    chart = line_chart([Values("Ann", values)], width=366, summary="-", x_title="", y_title="")
    plot = 366 - chart.y.label_room - 8
    spacing = plot / (points - 1)
    marked = [i for i, m in enumerate(chart.series[0].markers) if m is not None]
    assert marked[-1] == points - 1 and marked[0] == 0
    assert all((b - a) * spacing >= 14 - 1e-9 for a, b in itertools.pairwise(marked[:-1]))
    if spacing >= 14:
        assert marked == list(range(points))


def test_every_series_colour_stands_out_on_both_themes() -> None:
    """Lines and markers are graphics: WCAG asks 3:1 against what they are drawn on."""
    for scheme in (LIGHT_SCHEME, DARK_SCHEME):
        for background in (scheme.surface, scheme.surface_container_low):
            assert isinstance(background, str)
            for colour in SERIES_COLOURS:
                assert contrast(colour, background) >= 3, (colour, background)
    assert len(set(SERIES_COLOURS)) == len(SERIES_COLOURS) == 8


def test_eight_players_lines_differ_in_more_than_colour() -> None:
    """A full table: no two series share both marker and line, so a reader who cannot tell
    the colours apart still can tell the lines apart."""
    styles = [series_style(i)[1:] for i in range(8)]
    assert len(set(styles)) == 8


# --- the game's running totals ---------------------------------------------------------------


def test_running_totals_follow_the_sheet_round_by_round(app: ScorepadApp) -> None:
    start(app, "mormon-bridge", ["Ann", "Bob", "Cat"], dealer="Cat")
    play_round(app, bids={"Ann": 2, "Bob": 0, "Cat": 0}, tricks={"Ann": 7, "Bob": 0, "Cat": 0})
    play_round(app)
    session = app.game.session
    assert session is not None
    sheet = session.sheet
    chart = running_totals(sheet, width=366)
    assert [s.name for s in chart.series] == ["Ann", "Bob", "Cat"]
    for series in chart.series:
        expected = [(0, 0)] + [(r.number, r.totals[series.name]) for r in sheet.rounds]
        assert list(series.values) == expected
    assert [t.label for t in chart.x.ticks] == ["0", "1", "2"]
    standings = ", ".join(f"{s.player} {s.total}" for s in sheet.standings)
    assert chart.summary == f"Running totals after 2 rounds: {standings}."


def named(driver: ViewDriver, identifier: str) -> ft.Semantics:
    return next(
        c for c in driver.controls() if isinstance(c, ft.Semantics) and c.identifier == identifier
    )


def chart_in(control: ft.BaseControl) -> fch.LineChart | fch.BarChart:
    found = [c for c in walk(control) if isinstance(c, fch.LineChart | fch.BarChart)]
    assert len(found) == 1, found
    return found[0]


@pytest.mark.asyncio
async def test_the_sheet_shows_the_running_totals_chart_once_a_round_is_recorded(
    app: ScorepadApp,
) -> None:
    driver = ViewDriver(app)  # a phone: 390 x 844
    try:
        await driver.settle()
        start(app, "golf", ["Ann", "Bob", "Cat", "Dan"])
        app.game.show_tab(GameTab.SHEET)
        await driver.settle()
        assert driver.has("standings") and not driver.has("running-totals-chart")
        play_round(app)
        play_round(app)
        app.game.show_tab(GameTab.SHEET)
        await driver.settle()
        session = app.game.session
        assert session is not None
        semantics = named(driver, "running-totals-chart")
        totals = ", ".join(f"{s.player} {s.total}" for s in session.sheet.standings)
        assert semantics.label == f"Running totals after 2 rounds (low score wins): {totals}."
        chart = chart_in(semantics)
        assert isinstance(chart, fch.LineChart)
        assert chart.width is not None and chart.width <= 390 - 24
        assert [line.color for line in chart.data_series] == list(SERIES_COLOURS[:4])
        for line, player in zip(chart.data_series, session.sheet.players, strict=True):
            expected = [(0, 0)] + [(r.number, r.totals[player]) for r in session.sheet.rounds]
            assert [(p.x, p.y) for p in line.points] == expected
        assert chart.bottom_axis is not None
        assert [label.value for label in chart.bottom_axis.labels] == [0, 1, 2]
        legend = driver.tagged("running-totals-chart-legend")
        names = [c.value for c in walk(legend) if isinstance(c, ft.Text)]
        assert names == ["Ann", "Bob", "Cat", "Dan"]
    finally:
        driver.close()


# --- a player's results and accuracy ----------------------------------------------------------


def result(player: str, total: int, won: bool, rank: int = 1) -> PlayerResult:
    return PlayerResult(
        player=player,
        total=total,
        rank=rank,
        won=won,
        rounds=3,
        bids_made=2,
        zeros_bid=0,
        zeros_made=0,
        sets=1,
        hands=(),
        cents=None,
    )


def game_results(
    day: int, variant: str, results: tuple[PlayerResult, ...], status: GameStatus
) -> GameResults:
    return GameResults(
        game_id=f"{day:08x}",
        variant=variant,
        status=status,
        played_on=datetime(2026, 3, day, 20, tzinfo=UTC),
        lowest_wins=variant == "Golf",
        stake_cents=None,
        results=results,
    )


GAMES = [
    game_results(
        3, "Golf", (result("Bob", 12, False, 2), result("Ann", 8, True)), GameStatus.FINISHED
    ),
    game_results(
        1, "Golf", (result("Robert", 5, True), result("Ann", 9, False, 2)), GameStatus.FINISHED
    ),
    game_results(
        2,
        "Mormon Bridge",
        (result("bob", 80, True), result("Cat", 61, False, 2)),
        GameStatus.FINISHED,
    ),
    game_results(4, "Golf", (result("Bob", 30, False),), GameStatus.IN_PROGRESS),
    game_results(5, "Golf", (result("Bob", 3, False),), GameStatus.ABANDONED),
]


def test_results_over_time_follow_a_player_under_every_name_in_date_order() -> None:
    names = {"bob": "Robert", "robert": "Robert"}
    outcomes = outcomes_of("Robert", GAMES, names=names)
    assert len(outcomes) == 3, "finished games only, under either name"
    chart = results_over_time("Robert", outcomes, width=366)
    golf, bridge = chart.series
    assert golf.name == "Golf" and bridge.name == "Mormon Bridge"
    assert golf.values == ((1, 5), (3, 12)) and golf.markers == (Marker.CIRCLE, Marker.RING)
    assert bridge.values == ((2, 80),) and bridge.markers == (Marker.SQUARE,)
    assert [t.label for t in chart.x.ticks] == ["1 Mar", "2 Mar", "3 Mar"]
    assert chart.summary == (
        "Robert's totals in 3 games, 1 Mar 2026 to 3 Mar 2026: won 2; "
        "Golf latest 12, best 5 (low wins); Mormon Bridge latest 80, best 80."
    )
    assert chart.legend_note == "Filled marker: a game won."


def test_results_over_time_show_the_latest_games_and_say_so() -> None:
    games = [
        Outcome(datetime(2026, 1, 1 + i % 28, i % 24, tzinfo=UTC), "Golf", True, i, i % 3 == 0)
        for i in range(50)
    ]
    chart = results_over_time("Ann", games, width=366, recent=40)
    assert len(chart.series[0].values) == 40
    assert "in 40 games (the last 40 of 50)" in chart.summary


def test_a_player_with_no_finished_game_gets_a_sentence_not_an_empty_chart() -> None:
    control = results_over_time_chart("Dan", GAMES, 390)
    assert isinstance(control, ft.Semantics) and control.identifier == "results-chart"
    assert isinstance(control.content, ft.Text)
    assert control.content.value == "Dan has no finished games to chart yet."


def test_the_newest_game_and_its_date_stand_inside_the_chart_on_a_phone() -> None:
    """Seen at 390x844: the last game's marker sat on the chart's right edge, cut in half,
    and its date read "30 No". The x axis now reaches half a game past either end."""
    games = [
        Outcome(datetime(2026, 11, day, 20, tzinfo=UTC), "Quick Bridge", False, 20 + day, True)
        for day in (28, 29, 30)
    ]
    chart = results_over_time("Ann", games, width=370)
    assert (chart.x.low, chart.x.high) == (0.5, 3.5)
    assert chart.x.ticks[-1].label == "30 Nov" and chart.x.ticks[-1].value == 3
    drawn = chart_in(results_over_time_chart("Ann", GAMES, 370))
    assert isinstance(drawn, fch.LineChart)
    assert (drawn.min_x, drawn.max_x) == (0.5, 2.5), "Ann finished two of GAMES"
    assert drawn.width is not None and drawn.width <= 370


def test_accuracy_bars_are_as_tall_as_the_share_of_bids_made() -> None:
    chart = accuracy_by_hand(
        "Ann", [Tally(3, 4, 1), Tally(1, 4, 4), Tally(2, 3, 0), Tally(7, 0, 0)]
    )
    assert [b.cards for b in chart.bars] == [1, 2, 3], "by hand size; none for a size not played"
    assert [b.share for b in chart.bars] == [1, 0, 0.25]
    assert [b.value_label for b in chart.bars] == ["100%", "0%", "25%"]
    assert [t.label for t in chart.y.ticks] == ["0%", "25%", "50%", "75%", "100%"]
    assert (chart.y.low, chart.y.high, chart.y.step) == (0, 100, 25)
    assert chart.summary == (
        "Ann's bids made by hand size: 1 card 4 of 4 (100%), 2 cards 0 of 3 (0%), "
        "3 cards 1 of 4 (25%)."
    )


def test_the_accuracy_chart_reads_a_players_stats() -> None:
    stats = PlayerStats(
        name="Ann",
        games=2,
        finished=2,
        abandoned=0,
        wins=1,
        win_rate=0.5,
        average_total=10,
        best_total=8,
        rounds=5,
        bids_made=3,
        accuracy=0.6,
        hands=(HandTally(cards=1, rounds=2, made=2), HandTally(cards=2, rounds=3, made=1)),
        zeros_bid=0,
        zeros_made=0,
        sets=2,
        cents=0,
        cents_won=0,
        cents_lost=0,
    )
    control = accuracy_by_hand_chart(stats, 390)
    assert isinstance(control, ft.Semantics) and control.identifier == "accuracy-chart"
    assert control.label == (
        "Ann's bids made by hand size: 1 card 2 of 2 (100%), 2 cards 1 of 3 (33%)."
    )
    chart = chart_in(control)
    assert isinstance(chart, fch.BarChart)
    assert [g.x for g in chart.groups] == [1, 2]
    assert [g.rods[0].to_y for g in chart.groups] == [100, pytest.approx(100 / 3)]
    assert (chart.min_y, chart.max_y) == (0, 100)


def test_several_games_a_day_name_the_day_once_on_the_x_axis() -> None:
    """Seen at 390x844: two games an evening read "20 Nov, 20 Nov, 25 Nov, 25 Nov"."""
    games = [
        Outcome(datetime(2026, 11, day, hour, tzinfo=UTC), "Quick Bridge", False, 20 + hour, True)
        for day in (20, 25, 26)
        for hour in (19, 21)
    ]
    chart = results_over_time("Ann", games, width=366)
    named = [t.label for t in chart.x.ticks if t.label]
    assert named == ["20 Nov", "25 Nov", "26 Nov"]
    assert [t.value for t in chart.x.ticks if t.label] == [1, 3, 5], "at each day's first game"


def stats_of_hands(hands: tuple[HandTally, ...]) -> PlayerStats:
    rounds = sum(h.rounds for h in hands)
    made = sum(h.made for h in hands)
    return PlayerStats(
        name="Ann",
        games=2,
        finished=2,
        abandoned=0,
        wins=1,
        win_rate=0.5,
        average_total=10,
        best_total=8,
        rounds=rounds,
        bids_made=made,
        accuracy=made / rounds,
        hands=hands,
        zeros_bid=0,
        zeros_made=0,
        sets=2,
        cents=0,
        cents_won=0,
        cents_lost=0,
    )


def value_lines(chart: fch.BarChart) -> list[int]:
    """On which line under its bar each percentage is written (the hand size is line 0)."""
    assert chart.bottom_axis is not None
    lines = []
    for label in chart.bottom_axis.labels:
        assert isinstance(label.label, ft.Column)
        texts = [t.value for t in label.label.controls if isinstance(t, ft.Text)]
        lines.append(next(i for i, text in enumerate(texts) if text and text.endswith("%")))
    return lines


def test_thirteen_hand_sizes_on_a_phone_keep_their_percentages_apart() -> None:
    """Seen at 390x844: 13 hand sizes' percentages ran together ("36%75%83%…"). Crowded,
    every other one goes a line lower, so two on one line are two bars' room apart, which
    holds "100%" with a gap; a few hand sizes keep one line."""
    hands = tuple(HandTally(cards=c, rounds=11, made=c % 12) for c in range(1, 14))
    chart = chart_in(accuracy_by_hand_chart(stats_of_hands(hands), 366))
    assert isinstance(chart, fch.BarChart)
    lines = value_lines(chart)
    assert len(lines) == 13
    assert all(a != b for a, b in itertools.pairwise(lines)), lines
    assert chart.width is not None and chart.left_axis is not None
    plot = chart.width - chart.left_axis.label_size - 18
    assert 2 * plot / 13 >= len("100%") * LABEL_LETTER + 4

    few = chart_in(accuracy_by_hand_chart(stats_of_hands(hands[:4]), 366))
    assert isinstance(few, fch.BarChart)
    assert value_lines(few) == [1, 1, 1, 1]
