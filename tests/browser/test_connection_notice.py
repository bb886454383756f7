"""A lost connection is said at once, and so is its return: instead of Flet's silent spinner,
the page shows "Connection lost – reconnecting…" within a second of the server going away,
then "Connected again" once the client is back, and the notice goes. At 390x844, in headless
Chromium, against the real server killed as a crash would kill it."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorepad.engine import GameRecord
from scorepad.store import open_store
from tests.browser.harness import AppPage, browser_page, free_port
from tests.browser.restarts import (
    NOTICE,
    notice_state,
    require_chromium,
    server,
    wait_for_notice,
)

pytestmark = pytest.mark.browser
PHONE = (390, 844)
NOTICED_WITHIN_SECONDS = 1.0


@pytest.fixture(autouse=True)
def chromium_present() -> None:
    require_chromium()


@pytest.fixture
def phone(tmp_path: Path) -> Iterator[AppPage]:
    with browser_page(*PHONE) as page:
        app = AppPage(page)
        app.evidence_dir = tmp_path
        yield app


def test_a_killed_server_is_said_within_a_second_and_its_return_too(
    tmp_path: Path, phone: AppPage
) -> None:
    game_id = (
        open_store(tmp_path)
        .create_game(
            GameRecord.from_data({"variant": "golf", "players": ["Ann", "Bob", "Cat", "Dan"]})
        )
        .id
    )
    with server(free_port(), tmp_path) as app:
        phone.open(f"{app.url}game/{game_id}")
        phone.wait_for("round-title")
        assert notice_state(phone) is None  # nothing is said while all is well

        killed = time.monotonic()
        app.stop(kill=True)
        wait_for_notice(phone, "lost", timeout=10000)
        noticed = time.monotonic() - killed
        phone.note(f"the lost connection was said {noticed * 1000:.0f} ms after the kill")
        assert noticed < NOTICED_WITHIN_SECONDS, f"said only after {noticed:.2f} s"

        notice = phone.page.get_by_role("status").filter(has_text="Connection lost")
        assert notice.is_visible()
        assert "Connection lost – reconnecting…" in notice.inner_text()
        assert phone.page.locator(NOTICE).get_attribute("aria-live") == "assertive"
        box = notice.bounding_box()
        assert box is not None
        assert box["x"] >= 0
        assert box["y"] >= 0
        assert box["x"] + box["width"] <= PHONE[0]
        assert box["y"] + box["height"] <= PHONE[1]

        app.start()  # same port, same folder
        wait_for_notice(phone, "back")
        back = phone.page.get_by_role("status").filter(has_text="Connected again")
        assert back.is_visible()
        phone.wait_for("round-title")  # the same game, without a reload
        wait_for_notice(phone, "hidden", timeout=10000)
        assert not phone.page.get_by_role("status").filter(has_text="Connect").is_visible()
