"""The charts in a real browser on a phone (390×844), drawn by flet-charts: under a finished
game's sheet and on a player's page, as wide as the screen allows and no wider, their summary
read out as their accessible name, a legend naming every series, and, in a screenshot of the
chart's own area, every series' colour actually drawn (not a blank or "Unknown control" box).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image
from playwright.sync_api import FloatRect

from scorepad.engine import Game, GameRecord
from scorepad.store import open_store
from scorepad.ui.state import ScorepadApp
from scorepad.ui.state.charts import SERIES_COLOURS
from scorepad.ui.views.charts import CHART_HEIGHT, X_LABEL_ROOM
from tests.browser.harness import AppPage, phone_page, require_chromium, running_app
from tests.helpers import zero_round
from tests.ui.test_players import play_history

pytestmark = pytest.mark.browser
PHONE = (390, 844)
LONG = "Maximilian Alexander Fitzgerald-Worthing"
NEAR = 40
"""How far (summed over red, green and blue) a pixel may be from a series' colour and count
as drawn in it: anti-aliased edges blend into the background."""
ENOUGH = 30
"""Pixels of a colour that show its line or bars are drawn (a marker alone is ~50)."""


@pytest.fixture(autouse=True)
def chromium_present() -> None:
    require_chromium()


@pytest.fixture
def phone(tmp_path: Path) -> Iterator[AppPage]:
    with phone_page(tmp_path, *PHONE) as app:
        yield app


def rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def colours_drawn(shot: Path, colours: list[str]) -> dict[str, int]:
    """How many pixels of the screenshot are (about) each colour."""
    data = Image.open(shot).convert("RGB").tobytes()
    pixels = [(data[i], data[i + 1], data[i + 2]) for i in range(0, len(data), 3)]
    counts = {}
    for colour in colours:
        r, g, b = rgb(colour)
        counts[colour] = sum(
            1 for pr, pg, pb in pixels if abs(pr - r) + abs(pg - g) + abs(pb - b) <= NEAR
        )
    return counts


def rightmost(shot: Path, colours: list[str]) -> int:
    """The rightmost column of the screenshot with a pixel of one of ``colours``."""
    image = Image.open(shot).convert("RGB")
    data = image.tobytes()
    wanted = [rgb(colour) for colour in colours]
    found = -1
    for i in range(0, len(data), 3):
        pixel = data[i], data[i + 1], data[i + 2]
        if any(sum(abs(p - c) for p, c in zip(pixel, w, strict=True)) <= NEAR for w in wanted):
            found = max(found, (i // 3) % image.width)
    return found


def shown_whole(phone: AppPage, identifier: str, height: float) -> FloatRect:
    """Scroll the page (with the wheel, as Flutter scrolls its own canvas) until the chart,
    ``height`` px tall, is whole on the screen (its node's box is cut to what is on the
    screen), and give its box."""
    chart = phone.wait_for(identifier).first
    for _ in range(30):
        where = chart.bounding_box()
        assert where is not None
        on_screen = where["y"] >= 0 and where["y"] + where["height"] <= PHONE[1]
        if on_screen and where["height"] >= height - 1:
            phone.page.wait_for_timeout(1000)  # pixels lag behind the semantics tree
            where = chart.bounding_box()
            assert where is not None
            return where
        down = where["y"] > PHONE[1] / 2 or where["y"] + where["height"] >= PHONE[1] - 1
        phone.page.mouse.move(PHONE[0] / 2, PHONE[1] / 2)
        phone.page.mouse.wheel(0, 150 if down else -150)
        phone.page.wait_for_timeout(300)
    raise AssertionError(f"{identifier} never came whole onto the screen")


def screenshot_of(phone: AppPage, where: FloatRect, shot: Path) -> Path:
    phone.page.screenshot(
        path=str(shot),
        clip={"x": where["x"], "y": where["y"], "width": where["width"], "height": where["height"]},
    )
    return shot


def fits_a_phone(where: FloatRect) -> None:
    assert where["x"] >= 0 and where["x"] + where["width"] <= PHONE[0]
    assert where["width"] >= PHONE[0] - 40, "the chart takes the phone's width"


def test_the_sheet_chart_is_drawn_named_by_its_summary_and_fits_a_phone(
    phone: AppPage, tmp_path: Path
) -> None:
    game = Game.start("golf", ["Ann", LONG, "Cat"])
    while game.next_round is not None:
        game = game.record_round(zero_round(game))
    data = tmp_path / "data"
    stored = open_store(data).create_game(GameRecord.from_data(game.record.to_data()))
    totals = ", ".join(f"{s.player} {s.total}" for s in game.sheet.standings)
    summary = f"Running totals after 18 rounds (low score wins): {totals}."
    with running_app(data) as url:
        phone.open(f"{url}game/{stored.id}")
        chart = phone.wait_for("running-totals-chart").first
        assert chart.get_attribute("aria-label") == summary
        where = shown_whole(phone, "running-totals-chart", CHART_HEIGHT)
        fits_a_phone(where)
        shot = screenshot_of(phone, where, tmp_path / "sheet-chart.png")
        drawn = colours_drawn(shot, list(SERIES_COLOURS[:3]))
        assert all(count >= ENOUGH for count in drawn.values()), drawn
        legend = str(
            phone.wait_for("running-totals-chart-legend").first.evaluate(
                "e => [e, ...e.querySelectorAll('*')]"
                ".map(n => n.getAttribute('aria-label') || '').join(' ') + ' ' + e.innerText"
            )
        )
        for name in ("Ann", LONG, "Cat"):  # the long name is cut short on screen, whole here
            assert name in legend


def test_a_players_charts_are_drawn_whole_on_a_phone(phone: AppPage, tmp_path: Path) -> None:
    """Ann: two Quick Bridge games and a Short Golf game, so two lines (two colours) in her
    results, and bars for the hand sizes she bid at. The newest game's marker and date once
    sat half over the chart's right edge ("30 No"): the chart now keeps them inside."""
    data = tmp_path / "data"
    play_history(ScorepadApp(open_store(data), rng=random.Random(3)))
    with running_app(data) as url:
        phone.open(f"{url}players/Ann")
        results = phone.wait_for("results-chart").first
        assert (results.get_attribute("aria-label") or "").startswith("Ann's totals in 3 games")
        where = shown_whole(phone, "results-chart", CHART_HEIGHT)
        fits_a_phone(where)
        shot = screenshot_of(phone, where, tmp_path / "results-chart.png")
        drawn = colours_drawn(shot, list(SERIES_COLOURS[:2]))
        assert all(count >= ENOUGH for count in drawn.values()), drawn
        # the newest game stands clear of the right edge: its marker whole, and room for half
        # its date label ("30 Nov" is about 36 px wide) beside it
        assert rightmost(shot, list(SERIES_COLOURS[:2])) <= where["width"] - 20

        accuracy = phone.wait_for("accuracy-chart").first
        label = accuracy.get_attribute("aria-label") or ""
        assert label.startswith("Ann's bids made by hand size: 1 card")
        where = shown_whole(phone, "accuracy-chart", CHART_HEIGHT + X_LABEL_ROOM)
        fits_a_phone(where)
        shot = screenshot_of(phone, where, tmp_path / "accuracy-chart.png")
        assert colours_drawn(shot, [SERIES_COLOURS[0]])[SERIES_COLOURS[0]] >= 10 * ENOUGH
