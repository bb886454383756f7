"""Mis-taps in the real Flet views: delete and end early ask once in a confirm bar, a game
ended early offers Continue this game, a round that no longer fits never breaks the screen."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import flet as ft
import pytest
import pytest_asyncio

from scorepad.engine import GOLF, RoundDraft, Suit
from scorepad.store import open_store
from scorepad.ui.state import ScorepadApp, Screen
from tests.ui.driving import play_round, start
from tests.ui.flet_session import ViewDriver
from tests.ui.test_mistaps import odd_golf_with_round_3_in_progress

pytestmark = pytest.mark.asyncio

FOUR = ["Ann", "Bob", "Cat", "Dan"]


@pytest_asyncio.fixture
async def driver(tmp_path: Path) -> AsyncIterator[ViewDriver]:
    app = ScorepadApp(open_store(tmp_path / "data"), rng=random.Random(3))
    view = ViewDriver(app, width=1200)  # wide: the round and the sheet side by side
    await view.settle()
    yield view
    view.close()


def trigger_mode_of(button: ft.IconButton) -> object:
    assert isinstance(button.tooltip, ft.Tooltip)
    return button.tooltip.trigger_mode


def drawn(driver: ViewDriver) -> None:
    assert "This screen could not be drawn" not in driver.texts()
    message = driver.app.message
    assert message is None or "Something went wrong" not in message.text, message


def question(driver: ViewDriver) -> str:
    text = driver.tagged("confirm-question")
    assert isinstance(text, ft.Text)
    return str(text.value)


def menu_item(driver: ViewDriver, text: str) -> ft.BaseControl:
    found = [c for c in driver.controls() if isinstance(c, ft.PopupMenuItem) and c.content == text]
    assert found, f"no menu item {text!r}"
    return found[-1]


async def test_deleting_a_round_asks_in_a_bar_and_keep_it_keeps_it(driver: ViewDriver) -> None:
    app = driver.app
    start(app, "golf", FOUR)
    play_round(app)
    play_round(app)
    await driver.settle()
    session = app.game.session
    assert session is not None
    await driver.click("edit-round-2")
    await driver.click("delete-round")
    drawn(driver)
    assert question(driver) == "Delete round 2?"
    assert len(session.game.results) == 2
    await driver.click("cancel-confirm")
    assert not driver.has("confirm-bar")
    assert len(session.game.results) == 2
    await driver.click("delete-round")
    await driver.click("confirm")
    drawn(driver)
    assert not driver.has("confirm-bar")
    assert len(app.store.load_game(session.stored.id).record.rounds) == 1


async def test_ending_early_asks_and_continue_this_game_takes_it_up_again(
    driver: ViewDriver,
) -> None:
    app = driver.app
    start(app, "golf", FOUR)
    play_round(app)
    await driver.settle()
    session = app.game.session
    assert session is not None
    await driver.click(menu_item(driver, "End the game early"))
    assert question(driver) == "End the game early?"
    assert session.sheet.status == "in_progress"
    await driver.click("confirm")
    drawn(driver)
    assert session.sheet.status == "abandoned"
    assert driver.has("continue-game")
    await driver.click("continue-game")
    drawn(driver)
    assert session.sheet.status == "in_progress"
    assert not driver.has("continue-game")
    assert driver.has("round-title")
    undo = driver.tagged("undo")
    assert isinstance(undo, ft.IconButton) and undo.tooltip == "Undo: continuing the game"


async def test_deleting_house_rules_asks_first(driver: ViewDriver) -> None:
    app = driver.app
    app.store.save_variant(GOLF.with_changes(name="Dime Golf", stake_cents=10))
    await driver.click("house-rules")
    assert app.screen is Screen.HOUSE_RULES
    delete = next(
        c
        for c in driver.controls()
        if isinstance(c, ft.IconButton)
        and isinstance(c.tooltip, ft.Tooltip)
        and c.tooltip.message == "Delete Dime Golf"
    )
    # a row's button: its tooltip shows to a mouse only, never over the next row on a phone
    assert trigger_mode_of(delete) == ft.TooltipTriggerMode.MANUAL
    await driver.click(delete)
    assert question(driver) == "Delete the house rules Dime Golf?"
    assert [v.name for v in app.store.saved_variants()] == ["Dime Golf"]
    await driver.click("confirm")
    drawn(driver)
    assert app.store.saved_variants() == []


async def test_a_deletion_that_unfits_the_round_in_progress_leaves_a_drawable_screen(
    driver: ViewDriver,
) -> None:
    app = driver.app
    odd_golf_with_round_3_in_progress(app)
    await driver.settle()
    await driver.click("edit-round-1")
    await driver.click("delete-round")
    await driver.click("confirm")
    drawn(driver)
    title = driver.tagged("round-title")
    assert isinstance(title, ft.Text) and title.value == "Round 2 of 3: 1 card each"
    assert any("no longer fitted round 2" in text for text in driver.texts())


async def test_a_stored_round_that_does_not_fit_opens_with_a_note(driver: ViewDriver) -> None:
    app = driver.app
    start(app, "golf", FOUR, dealer="Ann")
    session = app.game.session
    assert session is not None
    app.store.save_draft(
        session.stored.id, RoundDraft(turned=Suit.CLUBS, bids={"Bob": 0}, tricks={"Bob": 3})
    )
    app.go_home()
    await driver.settle()
    resume = next(
        c
        for c in driver.controls()
        if isinstance(c, ft.FilledTonalButton) and c.content == "Resume"
    )
    await driver.click(resume)
    drawn(driver)
    assert app.screen is Screen.GAME
    assert driver.has("suit-clubs") and driver.has("round-title")
    assert any("was cleared" in text for text in driver.texts())
