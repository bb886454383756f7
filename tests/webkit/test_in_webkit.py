"""scorepad on Safari's engine (issue 24): WebKitGTK, the engine of every iPhone's browser, at a
phone's size, on an X display of its own: a round played in the served app, then a game's
link opened and imported (the offline bundle's round is tests/web/test_offline_in_webkit.py).

Selenium drives WebKitGTK's MiniBrowser (see tests/webkit/driver.py for what differs from
Chromium). Every page is on 127.0.0.1.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from scorepad.engine import RecordFile, pack_record
from scorepad.store import open_store
from tests.browser.harness import running_app
from tests.ui.test_game_links import a_whole_scotch_bridge_game
from tests.webkit.driver import WebKitPage, require_webkit, webkit_page

pytestmark = pytest.mark.browser

PLAYERS = ["Ann", "Bob", "Cat"]


@pytest.fixture(autouse=True)
def webkit_present() -> None:
    require_webkit()


def start_golf(page: WebKitPage) -> None:
    page.tap("new-game")
    page.tap("variant-preset:golf")
    for name in PLAYERS:
        page.focus_field("Add a player")
        before = page.revision()
        page.type_keys(name)
        page.press_enter()
        page.wait_for_change(before)
    page.wait_for(f"seat-{len(PLAYERS)}")
    seated = [page.text_of(f"seat-{n}") for n in range(1, len(PLAYERS) + 1)]
    assert all(f"Remove {name}" in seat for name, seat in zip(PLAYERS, seated, strict=True))
    page.tap("start-game")
    page.wait_for("round-title")
    assert "Ann deals" in page.text_of("round-info")


def play_round_one(page: WebKitPage) -> None:
    """Hearts; Bob, Cat and Ann bid 0; Bob takes the trick (set), Cat none."""
    page.tap("suit-hearts")
    for _ in PLAYERS:
        page.tap("pad-0")
    page.tap("pad-1")
    page.tap("pad-0")
    page.tap("record-round")
    page.wait_for("standing-Cat")
    assert total(page, "Bob") == 0  # bid 0, took 1: set
    assert total(page, "Cat") == 10


def total(page: WebKitPage, player: str) -> int:
    text = page.text_of(f"standing-{player}")
    found = re.search(rf"{player} (-?\d+)", text)
    assert found, f"no total for {player} in {text!r}"
    return int(found.group(1))


def test_a_round_in_the_served_app(tmp_path: Path) -> None:
    with running_app(tmp_path / "data") as url, webkit_page(tmp_path / "evidence") as page:
        started = time.monotonic()
        page.open(url)
        shown = time.monotonic() - started
        start_golf(page)
        play_round_one(page)
        played = time.monotonic() - started
        assert page.errors() == []

        # a game's link (the fragment made a route by the page's script, in WebKit too)
        page.open(f"{url}#game={whole_game_token()}", first="confirm-question")
        assert page.text_of("confirm-question") == "Import the game in this link?"
        page.tap("confirm")
        page.wait_for("standing-Ann")
        assert len(open_store(tmp_path / "data").list_games()) == 2
        print(f"\nWebKit, served: home in {shown:.1f} s, round played by {played:.1f} s")
        assert page.errors() == []


def whole_game_token() -> str:
    return pack_record(RecordFile(record=a_whole_scotch_bridge_game().record).to_data())
