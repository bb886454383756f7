"""Add in the "Add a player" field: the next name can be typed at once and lands whole."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import flet as ft
import pytest
import pytest_asyncio
from flet.messaging.protocol import MessageAction

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


async def test_the_field_is_emptied_before_it_takes_the_focus_back(driver: ViewDriver) -> None:
    """Focus that reaches the browser before the emptied field gives the cursor to a field
    still showing the last name: the next name typed at once is lost or glued to it."""
    await driver.click("new-game")
    for name in ("Ann", "Bob"):
        field = driver.tagged("player-name")
        await driver.type_text("player-name", name, submit=False)
        first = len(driver.connection.messages)
        await driver.click("add-player")
        sent = driver.connection.messages[first:]
        actions = [message.action for message in sent]
        assert MessageAction.SESSION_CRASHED not in actions, "the app crashed on Add"
        focus = [
            i
            for i, message in enumerate(sent)
            if message.action == MessageAction.INVOKE_METHOD and message.body.name == "focus"
        ]
        assert focus, f"the field did not take the focus back after {name}"
        assert {sent[i].body.control_id for i in focus} == {field._i}, "another control focused"
        emptied = [
            i
            for i in range(len(sent))
            if (field._i, "") in driver.values_sent(first + i, first + i + 1)
        ]
        assert emptied and emptied[0] <= focus[0], "focus was asked for before the field emptied"
        shown = driver.tagged("player-name")
        assert isinstance(shown, ft.TextField) and shown.value == ""
    form = driver.app.new_game.form
    assert form is not None and form.players == ["Ann", "Bob"]
