"""The money ledger in a real browser on a phone (390×844): opened from home's app bar, it
shows the latest evening's balances and the fewest payments that settle them, every line
across the screen; ticking games one by one settles just those.

The evening is the one worked out by hand in tests/ui/test_ledger_screen.py, stored before the
app starts (as if started at 19:00, 20:00 and 22:00 on 28 Nov 2026, plus one game the day
before).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, datetime
from pathlib import Path

import pytest

from scorepad.engine import GameRecord
from scorepad.store import open_store
from tests.browser.harness import AppPage, phone_page, require_chromium, running_app
from tests.ui.test_ledger_screen import DAY_BEFORE, EVENING, GAME_1, GAME_2, GAME_3, GAME_4

pytestmark = pytest.mark.browser
PHONE = (390, 844)


@pytest.fixture(autouse=True)
def chromium_present() -> None:
    require_chromium()


@pytest.fixture
def phone(tmp_path: Path) -> Iterator[AppPage]:
    with phone_page(tmp_path, *PHONE) as app:
        yield app


def store_evening(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """The hand-worked evening and the day before, stored with their start times."""
    store = open_store(data_dir)
    ids = {}
    plan: list[tuple[str, GameRecord, date, int]] = [
        ("day before", GAME_4, DAY_BEFORE, 21),
        ("1", GAME_1, EVENING, 19),
        ("2", GAME_2, EVENING, 20),
        ("3", GAME_3, EVENING, 22),
    ]
    for name, record, day, hour in plan:
        started = datetime(day.year, day.month, day.day, hour).astimezone()
        monkeypatch.setattr("scorepad.store.games.now", lambda started=started: started)
        ids[name] = store.create_game(record).id
    monkeypatch.undo()
    return ids


def across_the_screen(phone: AppPage, identifier: str) -> bool:
    where = phone.wait_for(identifier).first.bounding_box()
    assert where is not None, f"{identifier} has no box"
    return where["x"] >= 0 and where["x"] + where["width"] <= PHONE[0]


def test_the_ledger_opens_from_home_and_shows_who_pays_whom(
    phone: AppPage, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "data"
    ids = store_evening(data, monkeypatch)
    with running_app(data) as url:
        phone.open(url)
        phone.tap("open-ledger")
        transfers = phone.text_of("ledger-transfers")
        assert "2 payments settle everything" in transfers
        assert "Bob pays Cat 10¢" in transfers and "Dan pays Ann 5¢" in transfers
        assert "3 games on Sat 28 Nov 2026" in phone.text_of("ledger-heading")
        assert phone.page.url.endswith("/ledger")
        for identifier in ("ledger-transfers", "ledger-balances", "balance-Bob", "pick-games"):
            assert across_the_screen(phone, identifier), identifier
        assert "Bob is down 10 cents" in phone.text_of("balance-Bob")

        phone.tap("pick-games")
        phone.wait_for("ledger-nothing")
        phone.tap(f"ledger-game-{ids['day before']}")
        transfers = phone.text_of("ledger-transfers")
        assert "Bob pays Ann 5¢" in transfers and "Dan pays Ann 5¢" in transfers
        assert "Cat pays Ann 5¢" in transfers and "Bob pays Cat" not in transfers
        phone.page.wait_for_timeout(500)  # pixels lag the accessibility tree a little
        phone.page.screenshot(path=str(tmp_path / "ledger.png"))
