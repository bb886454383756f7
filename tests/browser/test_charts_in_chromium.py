"""The running totals chart in a real browser on a phone (390×844): under a finished game's
sheet, as wide as the screen allows and no wider, its summary read out as its accessible name
(a canvas says nothing to a screen reader by itself), and a legend naming every player."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from scorepad.engine import Game, GameRecord
from scorepad.store import open_store
from tests.browser.harness import AppPage, phone_page, require_chromium, running_app
from tests.helpers import zero_round

pytestmark = pytest.mark.browser
PHONE = (390, 844)
LONG = "Maximilian Alexander Fitzgerald-Worthing"


@pytest.fixture(autouse=True)
def chromium_present() -> None:
    require_chromium()


@pytest.fixture
def phone(tmp_path: Path) -> Iterator[AppPage]:
    with phone_page(tmp_path, *PHONE) as app:
        yield app


def test_the_sheet_chart_is_named_by_its_summary_and_fits_a_phone(
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
        where = chart.bounding_box()
        assert where is not None
        assert where["x"] >= 0 and where["x"] + where["width"] <= PHONE[0]
        assert where["width"] >= PHONE[0] - 40, "the chart takes the phone's width"
        legend = str(
            phone.wait_for("running-totals-chart-legend").first.evaluate(
                "e => [e, ...e.querySelectorAll('*')]"
                ".map(n => n.getAttribute('aria-label') || '').join(' ') + ' ' + e.innerText"
            )
        )
        for name in ("Ann", LONG, "Cat"):  # the long name is cut short on screen, whole here
            assert name in legend
