"""Kept parts of the game screen (views/kept.py): a pad tap does not draw the leaderboard, the
score sheet or unchanged keys again, and every change to the scores does.

A kept part that is not drawn again after a change would show a stale total: at a real table,
a wrong score. So every way the scores change (a round recorded, corrected, deleted, and the
undo of each) is checked against the engine's own totals on screen.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import flet as ft
import pytest
import pytest_asyncio

from scorepad.engine import Stage, Suit
from scorepad.store import open_store
from scorepad.ui.state import Field, GameTab, ScorepadApp
from scorepad.ui.views.game import game_view
from tests.ui.driving import play_round, start
from tests.ui.flet_session import ViewDriver
from tests.ui.test_exports import menu_texts

pytestmark = pytest.mark.asyncio

WIDE = 1200
"""Wide enough for the round and the score sheet side by side: both are on screen at once."""


@pytest_asyncio.fixture
async def driver(tmp_path: Path) -> AsyncIterator[ViewDriver]:
    app = ScorepadApp(open_store(tmp_path / "data"), rng=random.Random(5))
    view = ViewDriver(app, width=WIDE)
    await view.settle()
    yield view
    view.close()


def chip_label(driver: ViewDriver, player: str) -> str:
    found = [
        c
        for c in driver.controls()
        if isinstance(c, ft.Semantics) and c.identifier == f"standing-{player}"
    ]
    assert found, f"no leaderboard chip for {player}"
    return str(found[-1].label or " ".join(chip_texts(found[-1])))


def chip_texts(control: ft.BaseControl) -> list[str]:
    return [c.value for c in walk(control) if isinstance(c, ft.Text) and c.value]


def walk(control: ft.BaseControl) -> list[ft.BaseControl]:
    found = [control]
    for name in ("content", "controls"):
        child = getattr(control, name, None)
        for item in child if isinstance(child, list) else [child]:
            if isinstance(item, ft.BaseControl):
                found += walk(item)
    return found


def assert_screen_shows_the_engines_totals(driver: ViewDriver) -> dict[str, int]:
    """Every chip of the leaderboard and every total of the standings shows the total the
    engine works out from the game as it is now; returns those totals."""
    session = driver.app.game.session
    assert session is not None
    totals = dict(session.sheet.totals)
    for player, total in totals.items():
        assert f"{player} {total}" in chip_label(driver, player), (player, total)
        shown = driver.tagged(f"total-{player}")
        assert isinstance(shown, ft.Text) and shown.value == str(total), (player, total)
    return totals


async def test_every_change_to_the_scores_and_its_undo_is_drawn(driver: ViewDriver) -> None:
    app = driver.app
    start(app, "mormon-bridge", ["Ann", "Bob"])
    await driver.settle()
    for tricks in ({"Ann": 5, "Bob": 5}, {"Ann": 5, "Bob": 5}, {"Ann": 4, "Bob": 4}):
        bids = {"Ann": 5, "Bob": 4} if tricks["Ann"] == 5 else {"Ann": 4, "Bob": 4}
        play_round(app, bids=bids, tricks=tricks, suit=Suit.HEARTS)
        await driver.settle()
        assert_screen_shows_the_engines_totals(driver)
    recorded = assert_screen_shows_the_engines_totals(driver)

    app.game.edit_round(1)  # Bob's bid 4 -> 5: he made it, his total moves
    await driver.settle()
    app.game.choose_trump(Suit.SPADES)
    await driver.settle()
    app.game.select(Field.BID, "Bob")
    await driver.settle()
    app.game.tap_number(5)
    await driver.settle()
    app.game.confirm_round()
    await driver.settle()
    corrected = assert_screen_shows_the_engines_totals(driver)
    assert corrected["Bob"] != recorded["Bob"]

    app.game.undo()  # the correction taken back
    await driver.settle()
    assert assert_screen_shows_the_engines_totals(driver) == recorded

    app.game.delete_round(3)
    await driver.settle()
    assert assert_screen_shows_the_engines_totals(driver) != recorded
    app.game.undo()
    await driver.settle()
    assert assert_screen_shows_the_engines_totals(driver) == recorded

    app.game.undo()  # the third round's recording taken back: it is on the pad again
    await driver.settle()
    session = app.game.session
    assert session is not None and len(session.sheet.rounds) == 2
    assert_screen_shows_the_engines_totals(driver)


async def test_a_pad_tap_leaves_the_leaderboard_sheet_and_unchanged_keys_as_drawn(
    driver: ViewDriver,
) -> None:
    app = driver.app
    start(app, "golf", ["Ann", "Bob", "Cat", "Dan"])  # bids one by one: a tap is one bid
    await driver.settle()
    play_round(app)
    await driver.settle()
    app.game.choose_trump(Suit.CLUBS)
    await driver.settle()
    session = app.game.session
    assert session is not None and session.entry is not None
    bidder, _, *others = session.entry.setup.bid_order
    assert session.entry.active == bidder
    leaderboard = driver.tagged("leaderboard")
    sheet = driver.tagged("sheet")
    menu = driver.tagged("game-menu")
    key = driver.tagged("pad-0")
    line = driver.tagged(f"line-{bidder}")
    untouched = driver.tagged(f"line-{others[-1]}")
    app.game.tap_number(0)
    await driver.settle()
    assert driver.has(f"revision-{app.revision}")  # the tap was drawn
    assert driver.tagged("leaderboard") is leaderboard
    assert driver.tagged("sheet") is sheet
    assert driver.tagged("game-menu") is menu
    # this screen's own tap keeps the keys as drawn (a burst of taps lands as meant; only a
    # change made elsewhere draws new ones: issue 21)
    assert driver.tagged("pad-0") is key
    assert driver.tagged(f"line-{others[-1]}") is untouched
    redrawn = driver.tagged(f"line-{bidder}")  # the line that changed, with the bid in it
    assert redrawn is not line and "0" in chip_texts(redrawn)


async def test_the_kept_menu_stops_offering_to_end_the_game_once_it_is_over(
    driver: ViewDriver,
) -> None:
    app = driver.app
    start(app, "golf", ["Ann", "Bob"])
    await driver.settle()
    assert "End the game early" in menu_texts(driver)
    session = app.game.session
    assert session is not None
    while session.game.next_round is not None:
        play_round(app)
        await driver.settle()  # each round drawn, as at the table (no refresh at the end)
    assert menu_texts(driver) == [
        "One more hand",  # a game over plays on if the table wants
        "Export as CSV",
        "Export as PDF",
        "Export record (JSON)",
    ]


async def test_the_tap_that_ends_the_bidding_leaves_the_suits_and_untouched_lines_as_drawn(
    driver: ViewDriver,
) -> None:
    """The last bid takes the round's line (who deals, who leads) off the screen. The parts
    after it are matched by their slot, not their place, so the suits and the lines the tap
    did not change are the very controls drawn before (Flet sends nothing for them), not
    the whole round sent again."""
    app = driver.app
    start(app, "golf", ["Ann", "Bob", "Cat", "Dan"])
    await driver.settle()
    play_round(app)
    await driver.settle()
    app.game.choose_trump(Suit.CLUBS)
    await driver.settle()
    session = app.game.session
    assert session is not None and session.entry is not None
    order = session.entry.setup.bid_order
    for _ in order[:-1]:
        app.game.tap_number(0)
        await driver.settle()
    assert driver.has("round-info")
    suit = driver.tagged("suit-clubs")
    untouched = driver.tagged(f"line-{order[1]}")  # neither the last bidder nor the first count
    app.game.tap_number(1)
    await driver.settle()
    assert session.entry is not None and session.entry.stage is Stage.TRICKS
    assert not driver.has("round-info")
    assert driver.tagged("suit-clubs") is suit
    assert driver.tagged(f"line-{order[1]}") is untouched


async def test_a_recorded_round_leaves_the_earlier_rows_of_the_sheet_as_drawn(
    driver: ViewDriver,
) -> None:
    """Every screen at the table draws the sheet again when a round is recorded: the rows of
    the rounds before it are the very controls drawn last time (Flet skips them), so the work
    per screen grows with what changed, not with the length of the game (issue 21)."""
    app = driver.app
    start(app, "golf", ["Ann", "Bob", "Cat", "Dan"])
    await driver.settle()
    play_round(app)
    play_round(app)
    await driver.settle()
    app.game.show_tab(GameTab.SHEET)
    await driver.settle()
    first, second = driver.tagged("sheet-row-1"), driver.tagged("sheet-row-2")
    app.game.show_tab(GameTab.ROUND)
    play_round(app)
    app.game.show_tab(GameTab.SHEET)
    await driver.settle()
    assert driver.tagged("sheet-row-1") is first
    assert driver.tagged("sheet-row-2") is second
    assert driver.has("sheet-row-3")


async def test_a_view_drawn_outside_a_page_draws_its_kept_parts(tmp_path: Path) -> None:
    """Views are also drawn on their own (tests/ui/test_stateful.py checks that every
    screen draws): there kept parts are drawn directly, not left as empty components."""
    app = ScorepadApp(open_store(tmp_path / "data"), rng=random.Random(5))
    start(app, "golf", ["Ann", "Bob"])
    app.game.choose_trump(Suit.CLUBS)
    view = game_view(app, 360)
    tags = {c.identifier for c in walk_all(view) if isinstance(c, ft.Semantics)}
    assert {"leaderboard", "line-Ann", "line-Bob", "pad-0", "pad-1", "record-round"} <= tags


def walk_all(control: ft.BaseControl) -> list[ft.BaseControl]:
    """Every control under ``control``, whatever field holds it."""
    found = [control]
    for name in ("content", "controls", "appbar"):
        child = getattr(control, name, None)
        for item in child if isinstance(child, list) else [child]:
            if isinstance(item, ft.BaseControl):
                found += walk_all(item)
    return found
