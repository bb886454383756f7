"""In Hebrew the whole game screen reads right to left: the pad, the sheet and the leaderboard
mirrored, the words in Hebrew.

A browser that reads Hebrew (its ``navigator.languages``) opens a stored Golf game: the app
follows it, and Flutter mirrors the page from the locale. Checked by where things are drawn
(the first of a row is at the right) and kept as screenshots for the eye
(``rtl-round.png``, ``rtl-sheet.png`` in the test's folder; the conftest keeps a failure's).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import FloatRect

from scorepad.engine import Game, GameRecord
from scorepad.i18n import LANGUAGES, find_language, tr, use_language
from scorepad.store import open_store
from tests.browser.harness import AppPage, phone_page, require_chromium, running_app
from tests.helpers import zero_round

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        "he" not in {language.code for language in LANGUAGES},
        reason="Hebrew is still being translated (scorepad/i18n/languages.py IN_TRANSLATION)",
    ),
]
PHONE = (390, 844)
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


@pytest.fixture(autouse=True)
def chromium_present() -> None:
    require_chromium()


@pytest.fixture
def phone(tmp_path: Path) -> Iterator[AppPage]:
    with phone_page(tmp_path, *PHONE, locale="he-IL") as app:
        yield app


def box(phone: AppPage, identifier: str) -> FloatRect:
    found = phone.wait_for(identifier).first.bounding_box()
    assert found is not None, f"{identifier} has no box"
    return found


def centre(rect: FloatRect) -> float:
    return rect["x"] + rect["width"] / 2


def test_the_game_screen_the_sheet_and_the_leaderboard_are_mirrored(
    tmp_path: Path, phone: AppPage
) -> None:
    game = Game.start("golf", PLAYERS, stake_cents=5)
    for _ in range(2):
        game = game.record_round(zero_round(game))
    stored = open_store(tmp_path).create_game(GameRecord.from_data(game.record.to_data()))
    with use_language(find_language("he")):
        hebrew_sheet = tr("Sheet")
    assert hebrew_sheet != "Sheet"
    with running_app(tmp_path) as url:
        phone.open(url)
        phone.tap(f"game-{stored.id}")
        phone.wait_for("round-title")
        assert "card" not in phone.text_of("round-title")  # the words are Hebrew too
        phone.tap("suit-spades")
        phone.wait_for("pad-0")
        phone.page.wait_for_timeout(300)
        phone.page.screenshot(path=str(tmp_path / "rtl-round.png"))
        # the pad's keys run from the right: 0 at the right, 1 to its left
        assert centre(box(phone, "pad-0")) > centre(box(phone, "pad-1"))
        # the leaderboard's first chip (the leader) is at the right
        leader = game.sheet.standings[0].player
        last = game.sheet.standings[-1].player
        assert centre(box(phone, f"standing-{leader}")) > centre(box(phone, f"standing-{last}"))
        assert hebrew_sheet in phone.text_of("toggle-sheet")
        phone.tap("toggle-sheet")
        phone.wait_for("sheet")
        phone.page.wait_for_timeout(300)
        phone.page.screenshot(path=str(tmp_path / "rtl-sheet.png"))
        # the sheet's seats run from the right: the first player's column right of the last's
        first = box(phone, f"sheet-player-{PLAYERS[0]}")
        fourth = box(phone, f"sheet-player-{PLAYERS[3]}")
        assert centre(first) > centre(fourth)
