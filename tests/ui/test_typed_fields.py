"""Keys typed faster than the app redraws land as typed, in every text field.

The browser writes each key into the field at once and reports it; Flet applies the new text
when the report arrives but runs the change handler later, as a task. A redraw in between (any
tap's, or the one a finished name causes) must not describe the field with the text of a key
or two ago: Flet would send that, and the device would lose the keys typed since. These tests
deliver the reports as the server reads them (texts applied back to back, handlers queued) and
assert that the app sends no text of the field back, except when it sets the text itself.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from pathlib import Path

import flet as ft
import pytest
import pytest_asyncio

from scorepad.store import open_store
from scorepad.ui.state import ScorepadApp
from tests.ui.flet_session import ViewDriver

pytestmark = pytest.mark.asyncio


@pytest_asyncio.fixture
async def driver(tmp_path: Path) -> AsyncIterator[ViewDriver]:
    view = ViewDriver(ScorepadApp(open_store(tmp_path / "data"), rng=random.Random(3)))
    await view.settle()
    yield view
    view.close()


async def burst(driver: ViewDriver, identifier: str, texts: list[str]) -> int:
    """Report ``texts`` as a fast typist's keys reach the server: each text is applied when
    it arrives, each handler runs later. Returns the field's control id."""
    field = driver.tagged(identifier)
    handlers = []
    for text in texts:
        driver.session.apply_patch(field._i, {"value": text})
        handlers.append(
            asyncio.create_task(driver.session.dispatch_event(field._i, "change", text))
        )
        await asyncio.sleep(0)  # the receive loop reads the next key before the handler runs
    await asyncio.gather(*handlers)
    await driver.settle()
    return field._i


def keys(text: str) -> list[str]:
    """The texts a field reports while ``text`` is typed into it, key by key."""
    return [text[:end] for end in range(1, len(text) + 1)]


async def test_names_typed_with_enter_between_are_seated_and_never_echoed(
    driver: ViewDriver,
) -> None:
    await driver.click("new-game")
    since = len(driver.connection.packed)
    field = await burst(driver, "player-name", keys("Ann\nBob van der\nCat\nDan"))
    form = driver.app.new_game.form
    assert form is not None
    assert form.players == ["Ann", "Bob van der", "Cat"]  # each as typed, as Enter came
    assert form.name_text == "Dan"
    echoed = [value for control, value in driver.values_sent(since) if control == field]
    assert echoed == [], "the app sent typed text back to the name field"
    shown = driver.tagged("player-name")
    assert isinstance(shown, ft.TextField) and shown.value == "Ann\nBob van der\nCat\nDan"


async def test_leaving_the_name_field_keeps_only_the_line_being_typed(
    driver: ViewDriver,
) -> None:
    await driver.click("new-game")
    await burst(driver, "player-name", keys("Ann\nBo"))
    field = driver.tagged("player-name")
    since = len(driver.connection.packed)
    await driver.session.dispatch_event(field._i, "blur", None)
    await driver.settle()
    assert (driver.tagged("player-name")._i, "Bo") in driver.values_sent(since)


@pytest.mark.parametrize(
    ("identifier", "typed"),
    [
        ("rule-name", "Oh Hell our way"),
        ("rule-hand_sizes", "1-9, 9-1, 3 3"),
        ("rule-made_bonus", "-12"),
    ],
)
async def test_house_rules_fields_keep_every_key_typed_fast(
    driver: ViewDriver, identifier: str, typed: str
) -> None:
    """ "Oh Hell our way" was saved as "Oh Hell ouay": each key redraws the form (it is
    checked as it is typed), and a redraw between a key and its report sent the older text."""
    await driver.click("house-rules")
    field = driver.tagged(identifier)
    assert isinstance(field, ft.TextField)
    start = field.value or ""
    since = len(driver.connection.packed)
    # select all, then type: the first key replaces the whole text
    await burst(driver, identifier, keys(typed))
    echoed = [value for control, value in driver.values_sent(since) if control == field._i]
    assert echoed == [], f"the app sent {echoed} back to {identifier} (it held {start!r})"
    form = driver.app.house_rules.form
    assert form is not None
    setting = identifier.removeprefix("rule-")
    assert form.text_of(setting) == typed


async def test_a_field_the_app_sets_is_still_sent(driver: ViewDriver) -> None:
    """The app's own changes reach the field: Add empties it."""
    await driver.click("new-game")
    await burst(driver, "player-name", keys("Ann"))
    since = len(driver.connection.packed)
    await driver.click("add-player")
    assert (driver.tagged("player-name")._i, "") in driver.values_sent(since)
