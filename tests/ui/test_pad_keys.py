"""The number pad's keys and the tally's mark buttons: an open one answers a tap with no ink
ripple (the ripple's frames drew the whole screen again and held back the tap's answer in the
offline app), and is still a button to a screen reader; a closed one is a disabled button.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import flet as ft
import pytest

from scorepad.engine import Stage, Suit
from scorepad.store import open_store
from scorepad.ui.state import ScorepadApp
from tests.ui.driving import start
from tests.ui.flet_session import ViewDriver

pytestmark = pytest.mark.asyncio


@asynccontextmanager
async def golf_on_the_pad(folder: Path) -> AsyncIterator[tuple[ScorepadApp, ViewDriver]]:
    """Golf for Ann, Bob and Cat on a phone's width, Ann dealing, spades turned: the pad is
    up for Bob's bid, and Ann will be hooked."""
    app = ScorepadApp(open_store(folder / "data"), rng=random.Random(3))
    driver = ViewDriver(app, width=390)
    try:
        await driver.settle()
        start(app, "golf", ["Ann", "Bob", "Cat"], dealer="Ann")
        app.game.choose_trump(Suit.SPADES)
        await driver.settle()
        yield app, driver
    finally:
        driver.close()


def key_tag(driver: ViewDriver, number: int) -> ft.Semantics:
    return tag(driver, f"pad-{number}")


def tag(driver: ViewDriver, identifier: str) -> ft.Semantics:
    found = [
        c for c in driver.controls() if isinstance(c, ft.Semantics) and c.identifier == identifier
    ]
    assert len(found) == 1, f"{identifier} is tagged {len(found)} times"
    return found[0]


async def test_open_keys_take_taps_without_a_ripple_and_the_hooked_key_is_a_disabled_button(
    tmp_path: Path,
) -> None:
    async with golf_on_the_pad(tmp_path) as (app, driver):
        open_one = key_tag(driver, 1)
        assert open_one.button is True
        assert isinstance(open_one.content, ft.Container)
        assert not open_one.content.ink and open_one.content.on_click is not None

        await driver.click("pad-0")  # Bob
        await driver.click("pad-0")  # Cat: Ann, the dealer, may not bid 1 (the hook)
        closed = key_tag(driver, 1)
        assert isinstance(closed.content, ft.FilledTonalButton) and closed.content.disabled
        assert closed.button is None, "the button inside says it is one, and disabled"
        assert closed.key != open_one.key, "a new node: the page kept no identifier otherwise"

        zero = key_tag(driver, 0)
        assert zero.button is True and isinstance(zero.content, ft.Container)
        await driver.click("pad-0")  # Ann bids 0
        entry = app.game.session.entry if app.game.session else None
        assert entry is not None and entry.bids == {"Bob": 0, "Cat": 0, "Ann": 0}


async def test_open_mark_buttons_take_taps_without_a_ripple_and_close_as_disabled_buttons(
    tmp_path: Path,
) -> None:
    async with golf_on_the_pad(tmp_path) as (app, driver):
        for _ in range(3):  # Bob, Cat, Ann: a one-card hand, every bid 0
            await driver.click("pad-0")
        entry = app.game.session.entry if app.game.session else None
        assert entry is not None and entry.stage is Stage.TRICKS
        await driver.click("tricks-tally")
        open_bob = tag(driver, "mark-Bob")
        assert open_bob.button is True
        assert isinstance(open_bob.content, ft.Container)
        assert not open_bob.content.ink and open_bob.content.on_click is not None

        await driver.click("mark-Bob")  # the one trick: every mark closes, Record waits
        entry = app.game.session.entry if app.game.session else None
        assert entry is not None and entry.tally is not None
        assert entry.tally.last_winner == "Bob" and entry.stage is Stage.CONFIRM
        closed = tag(driver, "mark-Bob")
        assert isinstance(closed.content, ft.Button) and closed.content.disabled
        assert closed.button is None, "the button inside says it is one, and disabled"
        assert closed.key != open_bob.key, "a new node: the page kept no identifier otherwise"
        assert "1/0" in [c.value for c in driver.controls() if isinstance(c, ft.Text)]
