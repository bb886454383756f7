"""A phone without a browser: Flet's protocol spoken over a WebSocket of our own, on loopback.

What any page's script (or a program on the table's network) can send the server: the
frames a Flet client sends, crafted ones, or a flood. :class:`RawPhone` registers as the
browser does and reads what the server sends back, so a test can time a join and see every
byte a viewer was ever sent.
"""

from __future__ import annotations

import time
from contextlib import ExitStack
from typing import Any

import msgpack
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin

REGISTER_CLIENT, PATCH_CONTROL, CONTROL_EVENT, INVOKE_METHOD = 1, 2, 3, 5
PAGE: dict[str, Any] = {
    "route": "/",
    "pwa": False,
    "web": True,
    "debug": False,
    "wasm": True,
    "test": False,
    "multi_view": False,
    "pyodide": False,
    "platform_brightness": "light",
    "width": 390.0,
    "height": 844.0,
    "platform": "linux",
    "window": {},
    "media": {
        "padding": {"top": 0.0, "right": 0.0, "bottom": 0.0, "left": 0.0},
        "view_padding": {"top": 0.0, "right": 0.0, "bottom": 0.0, "left": 0.0},
        "view_insets": {"top": 0.0, "right": 0.0, "bottom": 0.0, "left": 0.0},
        "device_pixel_ratio": 1.0,
        "orientation": "portrait",
        "always_use_24_hour_format": False,
    },
}
"""The page a phone's Flet client describes when it registers (captured from Chromium at
390x844)."""


REVISION_MARKER = b"revision-"
"""The identifier every screen of the app carries (its state's revision): a patch holding it
has drawn a screen."""


def draws_a_screen(message: list[Any]) -> bool:
    return message[0] == PATCH_CONTROL and REVISION_MARKER in msgpack.packb(message)


def frame(message: object) -> bytes:
    """A Flet protocol frame: the type byte 0x00, then MessagePack."""
    packed: bytes = msgpack.packb(message)
    return b"\x00" + packed


class RawPhone:
    """One WebSocket to the app on loopback, opened as a page's script opens it (the app's
    own origin)."""

    def __init__(
        self, port: int, *, route: str = "/", timeout: float = 30.0, answers: bool = True
    ) -> None:
        self.port = port
        self.route = route
        self.answers = answers
        """Whether it answers the methods the app asks it to run, as a browser does."""
        self.calls: list[dict[str, Any]] = []
        """Every method the app asked it to run."""
        self.session_id: str | None = None
        self.received: list[bytes] = []
        """Every frame the server sent this socket."""
        self._open = ExitStack()
        self.socket: ClientConnection = self._open.enter_context(
            connect(
                f"ws://127.0.0.1:{port}/ws",
                origin=Origin(f"http://127.0.0.1:{port}"),
                open_timeout=timeout,
                max_size=None,
                ping_interval=None,
            )
        )

    def register(self, timeout: float = 30.0, session_id: str | None = None) -> float:
        """Register (as a new session, or back into ``session_id``) and wait until the app's
        screen is drawn (a patch that carries the screen's revision marker); returns how long
        that took, in seconds."""
        started = time.monotonic()
        page = PAGE | {"route": self.route}
        self.send([REGISTER_CLIENT, {"session_id": session_id, "page_name": "", "page": page}])
        self.wait_for(draws_a_screen, timeout)
        return time.monotonic() - started

    def send(self, message: object) -> None:
        self.socket.send(frame(message))

    def send_raw(self, data: bytes) -> None:
        self.socket.send(data)

    def wait_for(self, wanted: Any, timeout: float = 30.0) -> list[Any]:
        """Read frames until one whose decoded message ``wanted`` accepts; returns it."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"nothing wanted within {timeout} s")
            data = self.socket.recv(timeout=left)
            assert isinstance(data, bytes)
            self.received.append(data)
            message = msgpack.unpackb(data[1:], raw=False, strict_map_key=False)
            self._answer(message)
            if wanted(message):
                return message  # type: ignore[no-any-return]

    def _answer(self, message: list[Any]) -> None:
        """Answer a method the app asks the page to run (the theme kept, the device key) as
        a browser with nothing kept does: no result, no error."""
        if message[0] == REGISTER_CLIENT:
            self.session_id = message[1].get("session_id")
        if message[0] == INVOKE_METHOD:
            body = message[1]
            self.calls.append(body)
            if not self.answers:
                return
            self.send(
                [
                    INVOKE_METHOD,
                    {
                        "control_id": body["control_id"],
                        "call_id": body["call_id"],
                        "result": None,
                        "error": None,
                    },
                ]
            )

    def drain(self, seconds: float) -> bool:
        """Read whatever comes for ``seconds``; ``False`` if the server closed the socket."""
        deadline = time.monotonic() + seconds
        try:
            while (left := deadline - time.monotonic()) > 0:
                try:
                    data = self.socket.recv(timeout=left)
                except TimeoutError:
                    return True
                raw = data if isinstance(data, bytes) else data.encode()
                self.received.append(raw)
                self._answer(msgpack.unpackb(raw[1:], raw=False, strict_map_key=False))
        except ConnectionClosed:
            return False
        return True

    def is_closed_by_server(self, timeout: float = 10.0) -> bool:
        """Whether the server closes this socket within ``timeout`` seconds."""
        return not self.drain(timeout)

    def close(self) -> None:
        self._open.close()

    def __enter__(self) -> RawPhone:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()
