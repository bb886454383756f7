"""Nobody but the user: only the app's own page, at an address the app serves, may use it.

The browser app listens on a port of this machine, and every web page the user has open can
send requests to that port: a page from another site, or from another port of this machine.
The browser's same-origin policy does not hold back a WebSocket, and Flet marks every response
``Access-Control-Allow-Origin: *`` (any site may read it). So the server decides who it talks
to, from two headers a page's script cannot forge:

* **Host** must name an address the app is served on: ``127.0.0.1``, ``localhost``, ``[::1]``
  or the ``--host`` value, with the served port. A page on ``evil.example`` whose name was
  pointed at 127.0.0.1 (DNS rebinding) still sends ``Host: evil.example`` and is refused.
* **Origin**, when present, must be the app's own origin: ``http://`` plus the Host the request
  was sent to. Browsers send Origin on every WebSocket and on every cross-origin fetch, so
  another page's script is refused; a WebSocket without an Origin is refused too. A GET or HEAD
  without Origin (typing the address, the page loading its own files) is what a browser sends
  for a navigation and is fine; any other method must carry the app's own Origin.

Every response loses Flet's wildcard CORS header and tells the browser that no other site may
frame the app or embed its files.
"""

from __future__ import annotations

import ipaddress
import logging
import socket
from collections.abc import Iterable
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from scorepad.engine import quoted

logger = logging.getLogger(__name__)

LOOPBACK_NAMES = frozenset({"127.0.0.1", "localhost", "::1"})
"""The names of this machine that only this machine can reach."""

WILDCARD_HOSTS = frozenset({"0.0.0.0", "::"})
"""Hosts that bind every interface: the app is then reached at any of this machine's
addresses, which the server cannot list in advance."""

LOGGED_REFUSALS = 100
"""Distinct refusals written to the log; the same refusal again is not logged."""

SAFE_METHODS = frozenset({"GET", "HEAD"})
"""Methods a browser uses for a navigation without sending Origin; they change nothing here."""

DROPPED_HEADERS = frozenset({b"access-control-allow-origin"})
ADDED_HEADERS = (
    (b"content-security-policy", b"frame-ancestors 'self'"),
    (b"x-frame-options", b"SAMEORIGIN"),
    (b"cross-origin-resource-policy", b"same-origin"),
)
"""No other site may put the app in a frame (and trick taps into it) or embed its files."""


def host_and_port(authority: str, default_port: int | None = None) -> tuple[str, int] | None:
    """``("127.0.0.1", 8550)`` from ``"127.0.0.1:8550"`` (``[::1]:8550`` gives ``"::1"``);
    ``None`` for anything that is not a plain host with an optional port.

    >>> host_and_port("[::1]:8550")
    ('::1', 8550)
    >>> host_and_port("LocalHost.:80")
    ('localhost', 80)
    >>> host_and_port("evil.example@127.0.0.1:8550") is None
    True
    """
    try:
        parts = urlsplit(f"//{authority.strip()}")
        port = parts.port
    except ValueError:
        return None
    if not parts.hostname or parts.username is not None or parts.path or parts.query:
        return None
    port = port if port is not None else default_port
    if port is None:
        return None
    return parts.hostname.rstrip("."), port


def is_ip_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


@dataclass(frozen=True)
class ServedAddress:
    """The host and port the app is served on, and so the addresses it answers to."""

    host: str
    port: int
    names: frozenset[str] = field(init=False)

    def __post_init__(self) -> None:
        own = self.host.strip().strip("[]").rstrip(".").lower()
        names = set(LOOPBACK_NAMES) | {own}
        if self.wildcard:
            # Reached from the network by this machine's name (its mDNS name too): a page
            # elsewhere cannot make a browser send those names for its own origin.
            hostname = socket.gethostname().lower()
            names |= {hostname, f"{hostname.split('.')[0]}.local"}
        object.__setattr__(self, "names", frozenset(names))

    @property
    def wildcard(self) -> bool:
        return self.host.strip().strip("[]") in WILDCARD_HOSTS

    @property
    def where_to_open(self) -> str:
        """Where a refused page should go instead: on this machine its loopback address; on
        every interface (a shared table) the join address, which names this machine by IP.

        >>> ServedAddress("0.0.0.0", 8550).where_to_open
        "open the join address scorepad printed (this machine's IP address, port 8550)"
        """
        if self.wildcard:
            return (
                "open the join address scorepad printed "
                f"(this machine's IP address, port {self.port})"
            )
        own = self.host.strip().strip("[]").rstrip(".").lower()
        if own in ("127.0.0.1", "localhost"):
            return f"open http://127.0.0.1:{self.port}/ on this machine"
        return f"open http://{f'[{own}]' if ':' in own else own}:{self.port}/"

    def answers_to(self, authority: str) -> bool:
        """Whether a request's Host header names this server.

        On a wildcard bind any IP address of this machine may be in the address bar; an IP
        address is never a rebinding attack (the attacker's page has a name of its own).
        """
        parsed = host_and_port(authority, default_port=80)
        if parsed is None:
            return False
        name, port = parsed
        if port != self.port:
            return False
        return name in self.names or (self.wildcard and is_ip_address(name))


def is_own_origin(origin: str, authority: str) -> bool:
    """Whether ``origin`` is the page the app serves at ``authority`` (the Host header).

    >>> is_own_origin("http://127.0.0.1:8550", "127.0.0.1:8550")
    True
    >>> is_own_origin("http://localhost:8551", "127.0.0.1:8550")
    False
    >>> is_own_origin("null", "127.0.0.1:8550")
    False
    """
    parts = urlsplit(origin.strip())
    if parts.scheme != "http" or parts.path not in ("", "/"):
        return False
    return host_and_port(parts.netloc, default_port=80) == host_and_port(authority, 80)


def _header(scope: Scope, name: bytes) -> str | None:
    headers: Iterable[tuple[bytes, bytes]] = scope.get("headers", [])
    for key, value in headers:
        if key.lower() == name:
            return value.decode("latin-1")
    return None


def refusal(scope: Scope, served: ServedAddress) -> str | None:
    """Why this request may not reach the app, or ``None`` when it may."""
    host = _header(scope, b"host")
    if host is None or not served.answers_to(host):
        shown = quoted(host) if host is not None else "no Host header"
        return f"this server does not answer to {shown}; {served.where_to_open}"
    origin = _header(scope, b"origin")
    if origin is None:
        if scope["type"] == "websocket":
            return "a WebSocket without an Origin is refused: only the app's own page may connect"
        if scope["method"] not in SAFE_METHODS:
            return f"a {scope['method']} without an Origin is refused"
        return None
    if not is_own_origin(origin, host):
        return (
            f"a page from {quoted(origin)} may not use the app; "
            f"only its own page (http://{host}) may"
        )
    return None


class GuardedApp:
    """ASGI middleware: refuses requests from other sites or to other names, and removes
    the response headers that let any site read the app's answers."""

    def __init__(self, app: ASGIApp, served: ServedAddress) -> None:
        self.app = app
        self.served = served
        self._logged: set[str] = set()
        """Refusals already in the log: a page that keeps retrying must not fill the disk."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        reason = refusal(scope, self.served)
        if reason is not None:
            if reason not in self._logged and len(self._logged) < LOGGED_REFUSALS:
                self._logged.add(reason)
                logger.warning("refused %s %s: %s", scope["type"], scope.get("path", ""), reason)
            if scope["type"] == "websocket":
                await receive()  # websocket.connect; closing before accepting answers 403
                await send({"type": "websocket.close", "code": 1008})
            else:
                response = PlainTextResponse(f"scorepad: {reason}\n", status_code=403)
                await response(scope, receive, send)
            return

        async def send_safely(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [
                    (key, value)
                    for key, value in message.get("headers", [])
                    if key.lower() not in DROPPED_HEADERS
                ]
                message = {**message, "headers": [*headers, *ADDED_HEADERS]}
            await send(message)

        await self.app(scope, receive, send_safely)
