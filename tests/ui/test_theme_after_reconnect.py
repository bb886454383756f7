"""The theme a device kept is shown again after the server restarts under an open tab.

The tab reconnects, the new session asks the browser for the theme it kept, the page reloads
before it answers and the answer is lost; the reloaded page rejoins that session. The read is
asked again on each (re)join, and no read or write of the theme waits forever.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import flet as ft
import pytest
import pytest_asyncio
from flet.messaging.protocol import MessageAction

from scorepad.store import open_store
from scorepad.ui.state import ScorepadApp
from scorepad.ui.views import app as app_views
from scorepad.ui.views import language as language_views
from scorepad.ui.views import page_tasks
from scorepad.ui.views.app import THEME_KEY
from tests.ui import flet_session
from tests.ui.flet_session import RecordingConnection, ViewDriver

pytestmark = pytest.mark.asyncio


class DeviceSlowToAnswer(RecordingConnection):
    """A browser whose storage answers only when the test says so (or never: a lost answer)."""

    def send_message(self, message: Any) -> None:
        if message.action == MessageAction.INVOKE_METHOD and message.body.name in ("get", "set"):
            self.messages.append(message)  # held: answered by answer(), if ever
            return
        super().send_message(message)

    def calls(self, name: str, key: str = THEME_KEY) -> list[Any]:
        """The calls ``name`` asked of the storage for ``key`` (the game left open is
        asked for too)."""
        return [
            m.body
            for m in self.messages
            if m.action == MessageAction.INVOKE_METHOD
            and m.body.name == name
            and (m.body.args or {}).get("key") == key
        ]

    def answer(self, call: Any, result: object) -> None:
        assert self.session is not None
        self.session.handle_invoke_method_results(call.control_id, call.call_id, result, None)


@pytest_asyncio.fixture
async def driver(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[ViewDriver]:
    monkeypatch.setattr(flet_session, "RecordingConnection", DeviceSlowToAnswer)
    view = ViewDriver(ScorepadApp(open_store(tmp_path)))
    await view.settle()
    yield view
    view.close()


def device(driver: ViewDriver) -> DeviceSlowToAnswer:
    assert isinstance(driver.connection, DeviceSlowToAnswer)
    return driver.connection


async def test_a_read_lost_in_a_reload_is_asked_again_when_the_page_rejoins(
    driver: ViewDriver,
) -> None:
    reads = device(driver).calls("get")
    assert [call.args for call in reads] == [{"key": THEME_KEY}]  # never answered: lost
    await driver.session.dispatch_connect_event()  # the reloaded page rejoins the session
    await driver.settle()
    reads = device(driver).calls("get")
    assert len(reads) == 2, "the theme kept was not asked for again"
    device(driver).answer(reads[1], "dark")
    await driver.settle()
    assert driver.app.dark
    assert driver.page.theme_mode == ft.ThemeMode.DARK
    await driver.session.dispatch_connect_event()  # answered once: not asked again
    await driver.settle()
    assert len(device(driver).calls("get")) == 2


async def test_a_theme_chosen_before_the_answer_is_not_overridden_on_rejoining(
    driver: ViewDriver,
) -> None:
    driver.app.toggle_theme()  # dark, chosen here while the device has not answered
    await driver.session.dispatch_connect_event()
    await driver.settle()
    assert len(device(driver).calls("get")) == 1
    device(driver).answer(device(driver).calls("get")[0], "light")
    await driver.settle()
    assert driver.app.dark


async def test_no_read_or_write_of_the_theme_waits_forever(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(app_views, "THEME_STORAGE_TIMEOUT_SECONDS", 0.01)
    monkeypatch.setattr(language_views, "STORAGE_TIMEOUT_SECONDS", 0.01)
    monkeypatch.setattr(flet_session, "RecordingConnection", DeviceSlowToAnswer)
    driver = ViewDriver(ScorepadApp(open_store(tmp_path)))  # a read, never answered
    try:
        await driver.settle()
        driver.app.toggle_theme()  # a write, never answered
        await driver.settle()
        assert device(driver).calls("get") and device(driver).calls("set")
        # On a busy machine both may have timed out already (that is the point); a read or a
        # write without a timeout would still be running here, and stay stuck below.
        pending = set(page_tasks._running)
        if pending:
            _, stuck = await asyncio.wait(pending, timeout=5)
            assert not stuck, "a read or write of the theme still waits for the device"
        await asyncio.sleep(0)  # a finished job leaves the list in its done callback
        assert not page_tasks._running, "a read or write of the theme still waits for the device"
    finally:
        driver.close()
