"""The Flet views in a real Flet session (no browser): every screen draws, every tap works."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from pathlib import Path

import flet as ft
import pytest
import pytest_asyncio

from scorepad.engine import GOLF, Suit
from scorepad.store import StoreBusyError, atomic, open_store
from scorepad.ui.state import ChoiceKey, GameTab, MessageKind, ScorepadApp, Screen, Stage
from tests.ui.driving import play_round, start
from tests.ui.flet_session import ViewDriver

pytestmark = pytest.mark.asyncio


@pytest_asyncio.fixture
async def driver(tmp_path: Path) -> AsyncIterator[ViewDriver]:
    app = ScorepadApp(open_store(tmp_path / "data"), rng=random.Random(3))
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
    assert driver.app.screen is Screen.NEW_GAME
    await driver.click("variant-preset:golf")
    await driver.type_lines("player-name", players)
    await driver.click("start-game")
    assert screen_of(driver) is Screen.GAME, driver.app.message
    no_bug_reported(driver)


async def test_a_golf_game_played_through_the_views(driver: ViewDriver) -> None:
    await start_golf(driver, ["Ann", "Bob", "Cat", "Dan"])
    session = driver.app.game.session
    assert session is not None
    while (entry := session.entry) is not None:
        taps = 0  # Record stays disabled until the last tap a round needs, not one before
        if entry.stage is Stage.TRUMP:
            assert driver.tagged("record-round").disabled
            await driver.click("suit-hearts")
            taps += 1
        while (entry := session.entry) is not None and entry.stage in (Stage.BIDS, Stage.TRICKS):
            assert driver.tagged("record-round").disabled
            if entry.stage is Stage.BIDS:
                value = 1 if entry.active == entry.setup.bid_order[0] else 0
                if value not in [k.value for k in entry.pad if k.enabled]:
                    value = next(k.value for k in entry.pad if k.enabled)
            else:
                value = entry.setup.cards if entry.active == entry.setup.bid_order[0] else 0
            await driver.click(f"pad-{value}")
            taps += 1
        assert taps == 8  # the suit, 4 bids, 3 trick counts (the last is worked out)
        await driver.click("record-round")  # refuses if disabled
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


def clickable(driver: ViewDriver) -> list[ft.BaseControl]:
    """Every enabled control on the screen that does something when clicked, in drawing
    order: buttons, chips, menu items, tappable tiles and cells (tagged or not)."""
    return [
        c
        for c in driver.controls()
        if getattr(c, "on_click", None) is not None and not getattr(c, "disabled", False)
    ]


def at_home(app: ScorepadApp) -> None:
    """The game list with a game in progress and a finished one."""
    app.store.save_variant(ONE_ROUND)
    start(app, "saved:One Round", ["Ann", "Bob"])
    play_round(app)
    start(app, "golf", ["Ann", "Bob", "Cat"])
    app.go_home()


def at_new_game(app: ScorepadApp) -> None:
    """The form with two players seated and two more offered from the roster (Golf: stakes)."""
    start(app, "golf", ["Ann", "Bob", "Cat", "Dan"])
    app.go_home()
    app.new_game.open(players=["Ann", "Bob"], variant=ChoiceKey.preset("golf"))


def on_the_pad(app: ScorepadApp) -> None:
    """Round 2 of Golf with the suit turned: bids to tap, undo, the sheet tab, the menu."""
    start(app, "golf", ["Ann", "Bob", "Cat"])
    play_round(app)
    app.game.choose_trump(Suit.CLUBS)


def on_the_sheet(app: ScorepadApp) -> None:
    """The same game showing its score sheet: a round to correct."""
    on_the_pad(app)
    app.game.show_tab(GameTab.SHEET)


def correcting(app: ScorepadApp) -> None:
    """Round 1 open for correction: its entries, save, cancel, delete."""
    on_the_pad(app)
    app.game.edit_round(1)


def game_over(app: ScorepadApp) -> None:
    """A finished game with a stake: winners, settlement, play again, corrections."""
    app.store.save_variant(ONE_ROUND)
    start(app, "saved:One Round", ["Ann", "Bob"])
    play_round(app)


def ended_early(app: ScorepadApp) -> None:
    """A game ended early: continue it, play again."""
    on_the_pad(app)
    app.game.abandon_game()


def at_house_rules(app: ScorepadApp) -> None:
    """The editor on saved house rules: presets to copy, saved rules to edit and delete."""
    app.store.save_variant(ONE_ROUND)
    app.house_rules.open(ChoiceKey.saved("One Round"))


ONE_ROUND = GOLF.with_changes(name="One Round", hand_sizes=(1,))
SCREENS = {
    "home": (at_home, Screen.HOME),
    "new game": (at_new_game, Screen.NEW_GAME),
    "the pad": (on_the_pad, Screen.GAME),
    "the score sheet": (on_the_sheet, Screen.GAME),
    "correcting a round": (correcting, Screen.GAME),
    "game over": (game_over, Screen.GAME),
    "ended early": (ended_early, Screen.GAME),
    "house rules": (at_house_rules, Screen.HOUSE_RULES),
}


@pytest.mark.parametrize("where", SCREENS)
async def test_every_button_on_every_screen_does_something_sane(tmp_path: Path, where: str) -> None:
    """Click every enabled control with a click handler, once each, on these screens: home,
    new game, the game's pad, its score sheet, a round being corrected, a game over, a game
    ended early and house rules (the store-problem screen has its own test below). Each
    click starts from the screen as first reached; nothing may crash or draw a broken view.
    Text fields, switches and drop-downs are typed into by the other tests, not here."""
    reach, screen = SCREENS[where]
    runs = iter(range(1000))

    async def arrive() -> ViewDriver:
        app = ScorepadApp(open_store(tmp_path / f"run-{next(runs)}"), rng=random.Random(3))
        reach(app)
        assert app.screen is screen, app.message
        assert app.message is None or app.message.kind is MessageKind.INFO, app.message
        view = ViewDriver(app)
        await view.settle()
        no_bug_reported(view)
        return view

    view = await arrive()
    count = len(clickable(view))
    assert count >= 3, f"only {count} controls to click on {where}"
    clicked = 0
    try:
        for place in range(count):
            targets = clickable(view)
            if view.app.screen is not screen or len(targets) != count:
                view.close()  # the last click moved on: come back to the screen as it was
                view = await arrive()
                targets = clickable(view)
            await view.click(targets[place])
            no_bug_reported(view)
            clicked += 1
    finally:
        view.close()
    assert clicked == count


async def test_house_rules_screen_edits_and_saves(driver: ViewDriver) -> None:
    await driver.click("house-rules")
    assert driver.app.screen is Screen.HOUSE_RULES
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
    store = open_store(tmp_path)
    store.add_players(["Ann"])
    store.add_players(["Bob"])  # a second write, so a good backup of the first exists
    (tmp_path / "catalogue.json").write_text('{"schema": {"1": ')
    app = ScorepadApp.open(tmp_path)
    assert app.screen is Screen.PROBLEM
    view = ViewDriver(app)
    await view.settle()
    try:
        problem = view.tagged("problem")
        assert isinstance(problem, ft.Text)
        assert str(tmp_path / "catalogue.json") in str(problem.value)
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
    await driver.type_lines("player-name", ["Ann", "Bob"], pause=False)
    assert driver.app.new_game.form is not None
    assert driver.app.new_game.form.players == ["Ann", "Bob"]


async def test_a_one_card_round_says_card_not_cards_while_playing_and_correcting(
    driver: ViewDriver,
) -> None:
    await start_golf(driver, ["Ann", "Bob", "Cat"])
    assert "Round 1 of 18: 1 card each" in driver.texts()
    play_round(driver.app)
    driver.app.game.edit_round(1)
    await driver.settle()
    assert "Correcting round 1: 1 card each" in driver.texts()


async def test_fast_typing_is_never_overwritten_by_an_echo_of_an_older_keystroke(
    driver: ViewDriver,
) -> None:
    """The browser patches the field's text before it sends each change event; had the app
    redrawn between the two, it would send "Ca" back after the player typed "Cat" (a slow
    connection then loses the last letter). Typing must send nothing back to the browser."""
    await driver.click("new-game")
    field = driver.tagged("player-name")
    sent_before = len(driver.connection.packed)
    handlers = []
    for text in ("C", "Ca", "Cat"):  # as the server reads them: each handler runs as a task
        driver.session.apply_patch(field._i, {"value": text})
        handlers.append(
            asyncio.create_task(driver.session.dispatch_event(field._i, "change", text))
        )
        await asyncio.sleep(0)
    await asyncio.gather(*handlers)
    await driver.settle()
    echoed = [
        data
        for data in driver.connection.packed[sent_before:]
        if b"\xa5value\xa1C" in data or b"\xa5value\xa2Ca" in data  # value: "C" / "Ca"
    ]
    assert echoed == [], "the app sent typed text back to the browser"
    await driver.click("add-player")
    form = driver.app.new_game.form
    assert form is not None and form.players == ["Cat"]


async def test_a_game_list_that_cannot_be_read_is_never_shown_as_no_games(
    driver: ViewDriver, monkeypatch: pytest.MonkeyPatch
) -> None:
    await start_golf(driver, ["Ann", "Bob"])
    store = driver.app.store

    def busy(*_: object, **__: object) -> list[object]:
        raise StoreBusyError(store.root / ".lock", 10)

    monkeypatch.setattr(store, "list_games", busy)
    driver.app.go_home()
    await driver.settle()
    texts = " ".join(driver.texts())
    assert "No games yet" not in texts
    assert "cannot be listed" in texts
    monkeypatch.undo()
    await driver.click("list-again")
    assert driver.has("game-" + driver.app.store.list_games()[0].id)
    assert "cannot be listed" not in " ".join(driver.texts())
