"""Several browser sessions at one shared table, each a real Flet session without a browser.

Each :class:`TableDriver` is one browser tab: its own app on the server's one table, its own
page opened at an address, and a browser storage that keeps the device key (answered as a
browser would, so the session is recognised as soon as it is mounted). The sessions share
the test's event loop, as they share the server's.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable
from typing import Any

import flet as ft
from flet.controls.context import _context_page
from flet.messaging.protocol import MessageAction
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

from scorepad.ui.state import ScorepadApp
from scorepad.ui.views.app import mount
from tests.ui.flet_session import RecordingConnection, ViewDriver

PIN = "4821"
TOKEN = "the-scorekeepers-token"
"""The shared table of the ui tests (the ``table`` fixture in conftest.py): its PIN and the
scorekeeper's token."""


class BrowserWithStorage(RecordingConnection):
    """A browser whose storage keeps what the page sets (SharedPreferences get/set)."""

    def __init__(self, kept: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.kept: dict[str, Any] = dict(kept or {})
        self.answering = True
        """False: the storage never answers (a browser busy reloading, say)."""

    def send_message(self, message: Any) -> None:
        if message.action == MessageAction.INVOKE_METHOD and message.body.name in ("get", "set"):
            self.messages.append(message)
            if not self.answering:
                return
            body = message.body
            args = body.args or {}
            if body.name == "set":
                self.kept[args["key"]] = args["value"]
                result: Any = True
            else:
                result = self.kept.get(args["key"])
            assert self.session is not None
            asyncio.get_running_loop().call_soon(
                self.session.handle_invoke_method_results,
                body.control_id,
                body.call_id,
                result,
                None,
            )
            return
        super().send_message(message)

    def invoked(self, method: str) -> list[Any]:
        return [
            m.body.args
            for m in self.messages
            if m.action == MessageAction.INVOKE_METHOD and m.body.name == method
        ]


class TableDriver(ViewDriver):
    """One browser tab at the table, opened at ``route`` with ``kept`` in its storage."""

    def __init__(
        self,
        app: ScorepadApp,
        route: str = "/",
        kept: dict[str, Any] | None = None,
        width: float = 390,
        height: float = 844,
    ) -> None:
        self.app = app
        self.browser = BrowserWithStorage(kept)
        self.connection = self.browser
        self.connection.pubsubhub = PubSubHub()
        self.connection.loop = asyncio.get_running_loop()  # page.run_task hops onto it
        self.session = Session(self.connection)
        self.connection.session = self.session
        self.page = self.session.page
        self.page.width = width
        self.page.height = height
        self.page.route = route
        self._token = _context_page.set(self.page)
        mount(self.page, app)
        self.session.get_page_patch()  # type: ignore[no-untyped-call]

    @classmethod
    async def opened(
        cls, app: ScorepadApp, route: str = "/", kept: dict[str, Any] | None = None
    ) -> TableDriver:
        """A tab opened and drawn, its device recognised (the root listens to the app only
        once it is drawn: a change before that would not show)."""
        driver = cls(app, route, kept)
        await driver.settle()
        return driver

    async def settle(self) -> None:
        for _ in range(20):
            await asyncio.sleep(0)

    async def until(self, condition: Callable[[], bool], seconds: float = 5.0) -> None:
        """Wait for ``condition`` (something that takes real time, like a timeout running
        out), checking after each turn of the loop; fail after ``seconds``."""
        loop = asyncio.get_running_loop()
        end = loop.time() + seconds
        while not condition():
            assert loop.time() < end, "the condition never came true"
            await asyncio.sleep(0.01)

    # --- the dialog on show (the share panel) ---------------------------------------------

    def in_dialog(self, identifier: str) -> ft.Control | None:
        """The control tagged ``identifier`` in the dialog on show. Flet moves a re-rendered
        dialog's ids onto the new controls without indexing them (events still find them by
        walking the page), so the index cannot be asked: the dialog is walked instead."""

        def walk(value: object) -> ft.Control | None:
            if isinstance(value, ft.Semantics) and value.identifier == identifier:
                return value.content
            if isinstance(value, list):
                return next((found for v in value if (found := walk(v)) is not None), None)
            if isinstance(value, ft.BaseControl) and dataclasses.is_dataclass(value):
                for field in dataclasses.fields(value):
                    if not field.name.startswith("_"):
                        found = walk(getattr(value, field.name))
                        if found is not None:
                            return found
            return None

        return walk([d for d in self.page._dialogs.controls if d.open])

    def dialog_control(self, identifier: str) -> ft.Control:
        found = self.in_dialog(identifier)
        assert found is not None, f"nothing tagged {identifier!r} in a dialog on show"
        return found

    async def click_in_dialog(self, identifier: str) -> None:
        control = self.dialog_control(identifier)
        assert not getattr(control, "disabled", False), f"{identifier} is disabled"
        await self.session.dispatch_event(control._i, "click", None)
        await self.settle()

    async def toggle_in_dialog(self, identifier: str, value: bool) -> None:
        switch = self.dialog_control(identifier)
        assert isinstance(switch, ft.Switch)
        switch.value = value  # what the browser's patch does
        await self.session.dispatch_event(switch._i, "change", value)
        await self.settle()

    def act(self, action: Callable[[], object]) -> None:
        """Run ``action`` (a call on this tab's app) as this tab's own code, as its event
        handlers run: what it changes is drawn on this tab's page, not another's."""
        token = _context_page.set(self.page)
        try:
            action()
        finally:
            _context_page.reset(token)
