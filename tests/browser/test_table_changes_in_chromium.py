"""The table changes in a real game on a 390×844 phone: a late arrival joins after the first
hand and a player sits the second one out, through the game menu's Table dialog; the pad deals
around them and the sheet says so; the late arrival's start is then corrected from the sheet
(issue 23)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from scorepad.store import TinyDBStore
from tests.browser.harness import AppPage, phone_page, require_chromium, running_app
from tests.browser.test_first_evening import said_anywhere
from tests.browser.test_in_chromium import start, total_on_screen

pytestmark = pytest.mark.browser


@pytest.fixture(autouse=True)
def chromium_present() -> None:
    require_chromium()


@pytest.fixture
def phone(tmp_path: Path) -> Iterator[AppPage]:
    with phone_page(tmp_path, 390, 844) as app:
        yield app


def comes_to_say(phone: AppPage, text: str, seconds: float = 10.0) -> bool:
    """Whether the page comes to say ``text`` anywhere within ``seconds``: the screen
    reader's copy is rebuilt a frame after the app's answer."""
    for _ in range(int(seconds * 10)):
        if said_anywhere(phone, text):
            return True
        phone.page.wait_for_timeout(100)
    return False


def open_table_task(phone: AppPage, task: str) -> None:
    """The game menu's Change the table, then the dialog's chip for ``task``."""
    phone.by_id("game-menu").first.click()
    phone.page.get_by_role("menuitem", name="Change the table").click()
    phone.wait_for("table-confirm")
    if task != "join":  # the dialog opens on someone joining
        phone.tap(f"table-task-{task}")


def test_a_late_arrival_and_a_hand_sat_out_in_a_real_game_then_the_sheet(
    tmp_path: Path, phone: AppPage
) -> None:
    with running_app(tmp_path / "data") as url:
        phone.open(url)
        start(phone, "golf", ["Ann", "Bob", "Cat", "Dan"])
        phone.tap("suit-hearts")
        for _ in range(4):  # everyone bids 0
            phone.tap("pad-0")
        phone.tap("pad-1")  # Bob takes the trick: set
        phone.tap("pad-0")
        phone.tap("pad-0")
        phone.tap("record-round")
        # Ann 10, Bob 0, Cat 10, Dan 10: low wins, so the worst total is 10

        open_table_task(phone, "join")
        assert phone.is_disabled("table-confirm")
        phone.tap("table-left-of-Dan")
        phone.type_into("The newcomer's name", "Eve")  # Enter confirms
        assert comes_to_say(phone, "Eve joins to the left of Dan, starting on 10")
        assert total_on_screen(phone, "Eve") == 10

        open_table_task(phone, "sit_out")
        phone.tap("table-player-Cat")
        assert comes_to_say(phone, "Cat sits out the next round: no cards, no bid, 0 points")
        phone.tap("table-confirm")
        assert comes_to_say(phone, "Next: round 2, 2 cards, Bob deals")
        # Bob deals round 2; Cat is out, so Dan, then Eve, Ann and Bob bid
        phone.tap("suit-spades")
        for _ in range(4):
            phone.tap("pad-0")
        phone.tap("pad-2")  # Dan takes both
        phone.tap("pad-0")
        phone.tap("pad-0")
        phone.tap("record-round")
        assert total_on_screen(phone, "Eve") == 20
        assert total_on_screen(phone, "Cat") == 10  # sat out: 0 points, never set

        phone.tap("toggle-sheet")
        phone.wait_for("sheet-row-2")
        assert comes_to_say(phone, "Cat, round 2: sat out")
        assert comes_to_say(phone, "Eve joined after round 1, starting on 10")
        phone.page.screenshot(path=str(tmp_path / "sheet.png"))

        # the table meant Eve to start on 0: corrected from the sheet's line
        phone.tap("edit-change-1")
        phone.wait_for("table-confirm")
        phone.tap("table-starting-number")
        phone.type_into("Starting total", "0")  # Enter saves the correction
        assert comes_to_say(phone, "Corrected: Eve joined after round 1, starting on 0")
        phone.by_id("table-confirm").wait_for(state="detached")
        assert phone.says("change-1", "Eve joined after round 1, starting on 0")
        assert total_on_screen(phone, "Eve") == 10
        phone.page.screenshot(path=str(tmp_path / "corrected.png"))
    (summary,) = TinyDBStore(tmp_path / "data").list_games()
    game = TinyDBStore(tmp_path / "data").load_game(summary.id).game
    assert [change.kind for change in game.record.changes] == ["join", "sit_out"]
    assert game.sheet.rounds[1].sitting_out == ("Cat",)
    assert game.sheet.starting == {"Eve": 0}
    assert game.sheet.totals == {"Ann": 20, "Bob": 10, "Cat": 10, "Dan": 10, "Eve": 10}


SEVEN = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"]


def in_view(phone: AppPage, identifier: str) -> bool:
    """Whether the control is drawn wholly inside the 390×844 window (a dialog's button
    below the fold could not be reached on a phone that cannot scroll it)."""
    box = phone.by_id(identifier).first.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844


def test_the_table_dialog_fits_a_phone_with_eight_players(tmp_path: Path, phone: AppPage) -> None:
    """The eighth player joins a Golf table of seven before the first hand, then sits it out:
    every chip and the dialog's buttons are within a 390×844 screen."""
    with running_app(tmp_path / "data") as url:
        phone.open(url)
        start(phone, "golf", SEVEN)
        open_table_task(phone, "join")
        phone.tap("table-left-of-Gus")
        phone.type_into("The newcomer's name", "Hal")
        assert comes_to_say(phone, "Hal joins to the left of Gus")

        open_table_task(phone, "sit_out")
        for name in [*SEVEN, "Hal"]:
            assert in_view(phone, f"table-player-{name}"), name
        phone.tap("table-player-Hal")
        assert comes_to_say(phone, "Hal sits out the next round")
        assert in_view(phone, "table-confirm") and in_view(phone, "table-cancel")
        phone.page.screenshot(path=str(tmp_path / "eight.png"))
        phone.tap("table-confirm")
        phone.by_id("table-confirm").wait_for(state="detached")
    (summary,) = TinyDBStore(tmp_path / "data").list_games()
    game = TinyDBStore(tmp_path / "data").load_game(summary.id).game
    assert [change.kind for change in game.record.changes] == ["join", "sit_out"]
    assert game.next_round is not None and "Hal" not in game.next_round.bid_order
    assert len(game.sheet.players) == 8
