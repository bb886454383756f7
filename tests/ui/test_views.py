"""The Flet views in a real Flet session (no browser): every screen draws, every tap works."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import flet as ft
import pytest
import pytest_asyncio

from scorepad.store import TinyDBStore, atomic
from scorepad.ui.state import ScorepadApp, Screen, Stage
from tests.ui.driving import play_round
from tests.ui.flet_session import ViewDriver

pytestmark = pytest.mark.asyncio


@pytest_asyncio.fixture
async def driver(tmp_path: Path) -> AsyncIterator[ViewDriver]:
    app = ScorepadApp(TinyDBStore(tmp_path / "data"), rng=random.Random(3))
    view = ViewDriver(app)
    await view.settle()
    yield view
    view.close()


def screen_of(driver: ViewDriver) -> Screen:
    return driver.app.screen


def no_bug_reported(driver: ViewDriver) -> None:
    message = driver.app.message
    assert message is None or "Something went wrong" not in message.text, message
    assert "This screen could not be drawn" not in driver.texts()


async def start_golf(driver: ViewDriver, players: list[str]) -> None:
    await driver.click("new-game")
    assert driver.app.screen is Screen.SETUP
    await driver.click("variant-preset:golf")
    for name in players:
        await driver.type_text("player-name", name)
    await driver.click("start-game")
    assert screen_of(driver) is Screen.GAME, driver.app.message
    no_bug_reported(driver)


async def test_a_golf_game_played_through_the_views(driver: ViewDriver) -> None:
    await start_golf(driver, ["Ann", "Bob", "Cat", "Dan"])
    session = driver.app.session
    assert session is not None
    while (entry := session.entry) is not None:
        taps = 0
        if entry.stage is Stage.TRUMP:
            await driver.click("suit-hearts")
            taps += 1
        while (entry := session.entry) is not None and entry.stage in (Stage.BIDS, Stage.TRICKS):
            if entry.stage is Stage.BIDS:
                value = 1 if entry.active == entry.setup.bid_order[0] else 0
                if value not in [k.value for k in entry.pad if k.enabled]:
                    value = next(k.value for k in entry.pad if k.enabled)
            else:
                value = entry.setup.cards if entry.active == entry.setup.bid_order[0] else 0
            await driver.click(f"pad-{value}")
            taps += 1
        await driver.click("record-round")
        taps += 1
        assert taps == 9
        no_bug_reported(driver)
    assert session.sheet.finished
    assert driver.has("winners")
    assert driver.has("settlement")
    texts = " ".join(driver.texts())
    for payment in session.sheet.settlement:
        assert f"{payment.payer} pays {payment.payee}" in texts


async def test_the_hook_is_shown_disabled_and_explained(driver: ViewDriver) -> None:
    await start_golf(driver, ["Ann", "Bob"])  # Ann deals, Bob bids first, 1 card
    await driver.click("suit-spades")
    await driver.click("pad-0")  # Bob
    assert driver.tagged("pad-1").disabled  # Ann may not make it add up to 1
    note = driver.tagged("pad-note")
    assert isinstance(note, ft.Text)
    assert (
        note.value
        == "Ann deals and may not bid 1: the bids would add up to 1, the number of tricks"
    )


async def test_every_button_on_every_screen_does_something_sane(driver: ViewDriver) -> None:
    """Tap each enabled control once on each screen; nothing may crash or draw a broken view."""
    await start_golf(driver, ["Ann", "Bob", "Cat"])
    await driver.click("suit-clubs")
    for screen_path in (["undo"], ["toggle-sheet"], ["toggle-sheet"], []):
        for step in screen_path:
            await driver.click(step)
        no_bug_reported(driver)
    clickable = [
        c
        for c in driver.controls()
        if isinstance(c, ft.Semantics)
        and c.identifier
        and c.content is not None
        and getattr(c.content, "on_click", None) is not None
        and not getattr(c.content, "disabled", False)
    ]
    assert len(clickable) > 10
    for semantics in clickable:
        if not driver.has(semantics.identifier or ""):
            continue
        await driver.click(semantics.identifier or "")
        no_bug_reported(driver)


async def test_house_rules_screen_edits_and_saves(driver: ViewDriver) -> None:
    await driver.click("house-rules")
    assert driver.app.screen is Screen.RULES
    await driver.select("rule-bid_mode", "simultaneous")
    assert "needs one-by-one bidding" in " ".join(driver.texts())
    assert driver.tagged("save-rules").disabled
    await driver.toggle("rule-dealer_hook", False)
    await driver.type_text("rule-name", "Loose Golf", submit=False)
    assert not driver.tagged("save-rules").disabled
    await driver.click("save-rules")
    no_bug_reported(driver)
    assert [v.name for v in driver.app.store.saved_variants()] == ["Loose Golf"]


async def test_an_unreadable_store_gets_its_own_screen_and_a_way_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(atomic, "BACKUP_SPACING_NS", 0)  # keep a backup of every write
    store = TinyDBStore(tmp_path)
    store.add_players(["Ann"])
    store.add_players(["Bob"])  # a second write, so a good backup of the first exists
    (tmp_path / "meta.json").write_text('{"schema": {"1": ')
    app = ScorepadApp.open(tmp_path)
    assert app.screen is Screen.PROBLEM
    view = ViewDriver(app)
    await view.settle()
    try:
        problem = view.tagged("problem")
        assert isinstance(problem, ft.Text)
        assert str(tmp_path / "meta.json") in str(problem.value)
        assert "cannot be read: not valid JSON" in str(problem.value)
        await view.click("recover")
        no_bug_reported(view)
        assert screen_of(view) is Screen.HOME
        assert app.message is not None and "Recovered 1 file" in app.message.text
        assert [p.name for p in app.store.roster()] == ["Ann"]
    finally:
        view.close()


async def test_a_name_typed_and_entered_at_once_is_added(driver: ViewDriver) -> None:
    await driver.click("new-game")
    for name in ("Ann", "Bob"):
        await driver.type_text("player-name", name, pause=False)
    assert driver.app.setup is not None
    assert driver.app.setup.players == ["Ann", "Bob"]


async def test_a_one_card_round_says_card_not_cards_while_playing_and_correcting(
    driver: ViewDriver,
) -> None:
    await start_golf(driver, ["Ann", "Bob", "Cat"])
    assert "Round 1 of 18: 1 card each" in driver.texts()
    play_round(driver.app)
    driver.app.edit_round(1)
    await driver.settle()
    assert "Correcting round 1: 1 card each" in driver.texts()
