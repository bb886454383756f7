"""A table's own rules, set up and played on a 390×844 phone (issue 46): "10 + tricks, -1 per
trick off, hook from 3 cards" typed into the house-rules form, which says them back in words
with a worked hand; two rounds played under them, a 1-card hand put in mid-game through the
Table dialog, and the sheet right."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from scorepad.store import TinyDBStore
from tests.browser.harness import AppPage, phone_page, require_chromium, running_app
from tests.browser.test_first_evening import type_over
from tests.browser.test_in_chromium import total_on_screen
from tests.browser.test_table_changes_in_chromium import comes_to_say, open_table_task

pytestmark = pytest.mark.browser

NAME = "One off"


@pytest.fixture(autouse=True)
def chromium_present() -> None:
    require_chromium()


@pytest.fixture
def phone(tmp_path: Path) -> Iterator[AppPage]:
    with phone_page(tmp_path, 390, 844) as app:
        yield app


def play(phone: AppPage, suit: str, bids: list[int], tricks: list[int]) -> None:
    """One round through the pad: the turned suit, the bids in turn, the tricks of all but
    the last bidder (the pad fills in the last), then Record."""
    phone.tap(f"suit-{suit}")
    for bid in bids:
        phone.tap(f"pad-{bid}")
    for took in tricks:
        phone.tap(f"pad-{took}")
    phone.tap("record-round")


def test_a_tables_own_rules_set_up_in_words_played_and_a_hand_put_in(
    tmp_path: Path, phone: AppPage
) -> None:
    with running_app(tmp_path / "data") as url:
        phone.open(url)
        phone.tap("house-rules")
        phone.tap("rules-from-preset:up-and-down-the-river")
        type_over(phone, "Name", NAME)
        type_over(phone, "Per trick taken, bid missed", "0")
        type_over(phone, "Per trick off, bid missed", "-1")
        type_over(phone, "Hook from this many cards", "3")
        assert comes_to_say(phone, "A missed bid loses 1 point per trick it was off by")
        assert comes_to_say(
            phone, "The dealer may not make the bids add up to the tricks, in hands of 3 cards"
        )
        assert comes_to_say(phone, "Bob bids 3 and takes 1: -2")
        phone.by_id("rules-in-words").first.scroll_into_view_if_needed()
        phone.page.wait_for_timeout(500)
        phone.page.screenshot(path=str(tmp_path / "rules-in-words.png"))
        phone.tap("save-rules")
        phone.page.locator('[aria-label="Back to the games"]').first.click()

        phone.tap("new-game")
        phone.tap(f"variant-saved:{NAME}")
        phone.add_players(["Ann", "Bob", "Cat"])
        phone.tap("start-game")
        phone.wait_for("round-title")
        assert "Ann deals" in phone.text_of("round-info")
        # round 1, 10 cards, bids Bob, Cat, Ann: Ann is hooked (3 + 3 + 4 = 10)
        phone.tap("suit-hearts")
        phone.tap("pad-3")
        phone.tap("pad-3")
        assert phone.is_disabled("pad-4")
        phone.tap("pad-3")
        for took in (3, 1):  # Bob 3 (made: 13), Cat 1 (2 off: -2), Ann the other 6 (3 off: -3)
            phone.tap(f"pad-{took}")
        phone.tap("record-round")
        assert [total_on_screen(phone, name) for name in ("Ann", "Bob", "Cat")] == [-3, 13, -2]
        # round 2, 9 cards, Bob deals: Cat 0 (10), Ann 2 (12), Bob 1, takes 7 (6 off: -6)
        play(phone, "clubs", [0, 2, 1], [0, 2])
        assert [total_on_screen(phone, name) for name in ("Ann", "Bob", "Cat")] == [9, 7, 8]

        # "one more 1-card hand", now, as round 3
        open_table_task(phone, "hands")
        phone.tap("table-hand-3")
        phone.type_into("Cards each", "1")  # Enter confirms
        assert comes_to_say(phone, "After round 2: a hand of 1 card put in as round 3")
        phone.by_id("table-confirm").wait_for(state="detached")
        phone.wait_for("round-title")
        assert "1 card" in phone.text_of("round-title")
        # round 3, 1 card, Cat deals: under 3 cards no hook, so Cat may make the bids 1
        phone.tap("suit-spades")
        phone.tap("pad-0")
        phone.tap("pad-0")
        assert not phone.is_disabled("pad-1")
        phone.tap("pad-1")
        for took in (0, 0):
            phone.tap(f"pad-{took}")
        phone.tap("record-round")
        assert [total_on_screen(phone, name) for name in ("Ann", "Bob", "Cat")] == [19, 17, 19]

        phone.tap("toggle-sheet")
        phone.wait_for("sheet-row-3")
        assert comes_to_say(phone, "After round 2: a hand of 1 card put in as round 3")
        phone.page.screenshot(path=str(tmp_path / "sheet.png"))
    store = TinyDBStore(tmp_path / "data")
    (summary,) = store.list_games()
    game = store.load_game(summary.id).game
    assert game.variant.points_per_trick_off == -1 and game.variant.hook_from_cards == 3
    assert game.schedule[:4] == (10, 9, 1, 8)
    assert [dict(result.points) for result in game.sheet.rounds] == [
        {"Ann": -3, "Bob": 13, "Cat": -2},
        {"Ann": 12, "Bob": -6, "Cat": 10},
        {"Ann": 10, "Bob": 10, "Cat": 11},
    ]
    assert [result.dealer for result in game.sheet.rounds] == ["Ann", "Bob", "Cat"]
