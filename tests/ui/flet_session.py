"""The real Flet views in a real Flet session, without Flutter or a browser.

As Flet's own tests do: a Connection that msgpack-packs every message it would send (packing
refreshes the diff state) and records it; a real ``Session``; events dispatched by control id.
This uses Flet internals, which change between releases without notice: the app accepts any
Flet 1.0.x (pyproject.toml), uv.lock pins the one the tests run on, and on any Flet this driver
was not written for, the tests that use it are skipped with the reason instead of failing with
an obscure ImportError or AttributeError deep inside Flet.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from importlib.metadata import PackageNotFoundError, version
from typing import Any

import pytest

WRITTEN_FOR = ("1.0.5",)
"""The Flet releases whose session internals this driver has been checked against."""


def installed_flet() -> str | None:
    try:
        return version("flet")
    except PackageNotFoundError:
        return None


if installed_flet() not in WRITTEN_FOR:
    pytest.skip(
        f"the Flet-session test driver (tests/ui/flet_session.py) was written for Flet "
        f"{', '.join(WRITTEN_FOR)} and uses its internals; installed: {installed_flet()}. "
        "Run the tests with the locked version (uv sync), or check the driver against this "
        "version and add it to WRITTEN_FOR.",
        allow_module_level=True,
    )

# Imported only once the version is known to fit (hence E402).
import flet as ft  # noqa: E402
import msgpack  # noqa: E402
from flet.controls.context import _context_page  # noqa: E402
from flet.messaging.connection import Connection  # noqa: E402
from flet.messaging.protocol import (  # noqa: E402
    MessageAction,
    configure_encode_object_for_msgpack,
)
from flet.messaging.session import Session  # noqa: E402
from flet.pubsub.pubsub_hub import PubSubHub  # noqa: E402

from scorepad.ui.state import ScorepadApp  # noqa: E402
from scorepad.ui.views.app import mount  # noqa: E402


class RecordingConnection(Connection):
    """Records what would go to the browser; answers method calls (focus, ...) as a browser
    would, so that a handler awaiting one goes on."""

    def __init__(self) -> None:
        super().__init__()
        self.messages: list[Any] = []
        self.packed: list[bytes] = []
        """Each message as the browser would have received it (packed when it was sent)."""
        self.session: Session | None = None

    def send_message(self, message: Any) -> None:
        self.packed.append(
            msgpack.packb(message, default=configure_encode_object_for_msgpack(ft.BaseControl))
        )
        self.messages.append(message)
        if message.action == MessageAction.INVOKE_METHOD and self.session is not None:
            body = message.body
            asyncio.get_running_loop().call_soon(
                self.session.handle_invoke_method_results, body.control_id, body.call_id, None, None
            )


@contextmanager
def bare_page(
    width: float = 390, height: float = 844, route: str | None = None
) -> Iterator[tuple[RecordingConnection, Session, ft.Page]]:
    """A page in a real session with nothing mounted on it yet (for a test that mounts the
    app itself, as a reload or the web build's warm-up does); closed afterwards."""
    connection = RecordingConnection()
    connection.pubsubhub = PubSubHub()
    session = Session(connection)
    connection.session = session
    page = session.page
    page.width, page.height = width, height
    if route is not None:
        page.route = route
    token = _context_page.set(page)
    try:
        yield connection, session, page
    finally:
        session.close()
        _context_page.reset(token)


def _node_paths(tree: list[Any]) -> dict[int, list[str | int]]:
    """A patch's node numbers, each with its path from the patched control."""
    paths: dict[int, list[str | int]] = {}

    def walk(node: list[Any], path: list[str | int]) -> None:
        paths[node[0]] = path
        for key, child in (node[1] if len(node) > 1 else {}).items():
            walk(child, [*path, key])

    walk(tree, [])
    return paths


class ViewDriver:
    """Mounts the app's views into a session and taps controls by semantics identifier."""

    def __init__(self, app: ScorepadApp, width: float = 390, height: float = 844) -> None:
        self.app = app
        self.connection = RecordingConnection()
        self.connection.pubsubhub = PubSubHub()
        self.session = Session(self.connection)
        self.connection.session = self.session
        self.page = self.session.page
        self.page.width = width
        self.page.height = height
        self._token = _context_page.set(self.page)
        mount(self.page, app)
        self.session.get_page_patch()

    async def settle(self) -> None:
        for _ in range(8):
            await asyncio.sleep(0)

    def close(self) -> None:
        self.session.close()
        _context_page.reset(self._token)

    # --- finding ---------------------------------------------------------------------------

    def controls(self) -> Iterator[ft.BaseControl]:
        yield from list(self.session.index.values())

    def tagged(self, identifier: str) -> ft.Control:
        """The control wrapped in ``Semantics(identifier=...)``."""
        found = [
            c for c in self.controls() if isinstance(c, ft.Semantics) and c.identifier == identifier
        ]
        assert found, f"nothing tagged {identifier!r} on the {self.app.screen} screen"
        content = found[-1].content
        assert content is not None
        return content

    def has(self, identifier: str) -> bool:
        return any(
            isinstance(c, ft.Semantics) and c.identifier == identifier for c in self.controls()
        )

    def texts(self) -> list[str]:
        return [c.value for c in self.controls() if isinstance(c, ft.Text) and c.value]

    def values_sent(self, since: int = 0, until: int | None = None) -> list[tuple[int, Any]]:
        """Every ``value`` the app sent the browser in its messages ``since`` to ``until``,
        as (control id, value), read as the browser reads a patch: the first operation maps
        node numbers to paths from the patched control, the others set properties."""
        sent = []
        for packed in self.connection.packed[since:until]:
            message = msgpack.unpackb(packed, strict_map_key=False)
            if MessageAction(message["action"]) is not MessageAction.PATCH_CONTROL:
                continue
            body = message["body"]
            tree, *operations = body["patch"]
            paths = _node_paths(tree)
            for operation in operations:
                if operation[0] != 0 or operation[2] != "value" or operation[1] not in paths:
                    continue
                target: Any = self.session.index.get(body["id"])
                for key in paths[operation[1]]:
                    target = getattr(target, key) if isinstance(key, str) else target[key]
                sent.append((getattr(target, "_i", -1), operation[3]))
        return sent

    # --- acting ----------------------------------------------------------------------------

    async def click(self, target: str | ft.BaseControl) -> None:
        control = self.tagged(target) if isinstance(target, str) else target
        assert not getattr(control, "disabled", False), f"{target} is disabled"
        await self.session.dispatch_event(control._i, "click", None)
        await self.settle()

    async def type_text(
        self, identifier: str, text: str, submit: bool = True, pause: bool = True
    ) -> None:
        """Type ``text``; with ``pause=False`` Enter comes before the app has re-rendered."""
        field = self.tagged(identifier)
        self.session.apply_patch(field._i, {"value": text})
        await self.session.dispatch_event(field._i, "change", text)
        if pause:
            await self.settle()
        if submit:
            field = self.tagged(identifier)
            await self.session.dispatch_event(field._i, "submit", text)
            await self.settle()

    async def type_lines(self, identifier: str, lines: list[str], pause: bool = True) -> None:
        """Type each of ``lines`` and Enter into a field that takes a line per entry (the
        names field): Enter is a newline the device adds itself, so the field's text grows."""
        for line in lines:
            field = self.tagged(identifier)
            assert isinstance(field, ft.TextField)
            text = f"{field.value or ''}{line}\n"
            self.session.apply_patch(field._i, {"value": text})
            await self.session.dispatch_event(field._i, "change", text)
            if pause:
                await self.settle()
        await self.settle()

    async def toggle(self, identifier: str, value: bool) -> None:
        switch = self.tagged(identifier)
        self.session.apply_patch(switch._i, {"value": value})
        await self.session.dispatch_event(switch._i, "change", value)
        await self.settle()

    async def select(self, identifier: str, value: str) -> None:
        dropdown = self.tagged(identifier)
        self.session.apply_patch(dropdown._i, {"value": value})
        await self.session.dispatch_event(dropdown._i, "select", value)
        await self.settle()
