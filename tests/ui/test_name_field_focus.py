"""Enter in the "Add a player" field: the next name can be typed at once and lands whole."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import flet as ft
import msgpack
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


def emptied_fields(driver: ViewDriver, packed: bytes) -> set[int]:
    """The ids of the controls whose text a patch message sets to "" (read as the browser
    reads it: the first operation maps patch node numbers to paths from the patched control,
    the others set properties on those nodes)."""
    message = msgpack.unpackb(packed, strict_map_key=False)
    if MessageAction(message["action"]) is not MessageAction.PATCH_CONTROL:
        return set()
    body = message["body"]
    paths: dict[int, list[str | int]] = {}

    def walk(node: list[Any], path: list[str | int]) -> None:
        paths[node[0]] = path
        for key, child in (node[1] if len(node) > 1 else {}).items():
            walk(child, [*path, key])

    tree, *operations = body["patch"]
    walk(tree, [])
    emptied = set()
    for operation in operations:
        if operation[0] == 0 and operation[2] == "value" and operation[3] == "":
            target: Any = driver.session.index[body["id"]]
            for key in paths[operation[1]]:
                target = getattr(target, key) if isinstance(key, str) else target[key]
            emptied.add(target._i)
    return emptied


async def test_the_field_is_emptied_before_it_takes_the_focus_back(driver: ViewDriver) -> None:
    """Focus that reaches the browser before the emptied field gives the cursor to a field
    still showing the last name: the next name typed at once is lost or glued to it."""
    await driver.click("new-game")
    for name in ("Ann", "Bob"):
        field = driver.tagged("player-name")
        first = len(driver.connection.messages)
        await driver.type_text("player-name", name)
        sent = driver.connection.messages[first:]
        packed = driver.connection.packed[first:]
        actions = [message.action for message in sent]
        assert MessageAction.SESSION_CRASHED not in actions, "the app crashed on Enter"
        focus = [
            i
            for i, message in enumerate(sent)
            if message.action == MessageAction.INVOKE_METHOD and message.body.name == "focus"
        ]
        assert {sent[i].body.control_id for i in focus} == {field._i}, "another control focused"
        assert focus, f"the field did not take the focus back after {name}"
        emptied = [i for i, data in enumerate(packed) if field._i in emptied_fields(driver, data)]
        assert emptied and emptied[0] <= focus[0], "focus was asked for before the field emptied"
        shown = driver.tagged("player-name")
        assert isinstance(shown, ft.TextField) and shown.value == ""
    form = driver.app.new_game.form
    assert form is not None and form.players == ["Ann", "Bob"]
