"""Serving the browser app: bind the address, say who can reach it, stop promptly.

Flet's own ``ft.run`` web server accepts any page's WebSocket, loads a script from a CDN and
can take seconds, or forever, to stop while a browser tab is open. So scorepad builds Flet's
ASGI app (``ft.run(..., export_asgi_app=True)``), wraps it in its own middleware
(:mod:`scorepad.ui.web_guard`, :mod:`scorepad.ui.web_offline`, :mod:`scorepad.ui.web_notice`)
and serves it with uvicorn:

* the listening sockets are bound here first, so a name that does not resolve, a port in use
  or an address of another machine each get their own message;
* one phone cannot hold the table: each WebSocket's messages are checked and budgeted
  (:mod:`scorepad.ui.web_budget`), slow request heads time out and one address holds few
  connections (:mod:`scorepad.ui.web_connections`);
* Ctrl+C or SIGTERM closes every WebSocket and stops within :data:`GRACE_SECONDS` even if a
  tab does not answer. Event handlers (and the saves inside them) run to the end on the event
  loop before the shutdown can begin, so a grace period cannot cut a save in half.
"""

from __future__ import annotations

import errno
import logging
import os
import signal
import socket
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any, cast

from starlette.types import ASGIApp

from scorepad.engine import shown
from scorepad.i18n import os_reason, tr
from scorepad.sharing import is_loopback
from scorepad.ui.web_budget import MAX_FILES_FRAME_BYTES, BudgetedApp
from scorepad.ui.web_guard import GuardedApp, ServedAddress
from scorepad.ui.web_notice import NoticeApp
from scorepad.ui.web_offline import OfflineApp, OfflineClient

logger = logging.getLogger(__name__)

SUIT_FONT_FILE = "fonts/ScorepadSuits.ttf"
"""The app's own font in the assets: it answers Flutter's fallback font requests."""

GRACE_SECONDS = 1
"""How long open connections get to finish after Ctrl+C. A browser answers the WebSocket's
close at once; only a frozen or vanished tab waits this out (and is then dropped)."""

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class ServeError(OSError):
    """The app cannot be served on the host and port asked for; the message says what to do."""


class HostDoesNotResolveError(ServeError):
    def __init__(self, host: str) -> None:
        self.host = host
        super().__init__(
            tr("cannot serve on {host}: the host name does not resolve").format(host=shown(host))
        )


class PortInUseError(ServeError):
    def __init__(self, host: str, port: int) -> None:
        super().__init__(
            tr("port {port} on {host} is in use; pick another with --port").format(
                port=port, host=shown(host)
            )
        )


class NotThisMachineError(ServeError):
    def __init__(self, host: str, instead: str | None = None) -> None:
        self.host = host
        instead = tr("leave out --host to serve on 127.0.0.1") if instead is None else instead
        super().__init__(
            # TRANSLATORS: {instead} says what to do ("leave out --host to serve on 127.0.0.1")
            tr("cannot serve on {host}: it is not an address of this machine; {instead}").format(
                host=shown(host), instead=instead
            )
        )


class PortNotAllowedError(ServeError):
    def __init__(self, port: int) -> None:
        super().__init__(
            tr(
                "cannot serve on port {port}: not allowed for this user; pick one above 1023"
            ).format(port=port)
        )


class NotAPortError(ServeError):
    def __init__(self, port: int) -> None:
        super().__init__(
            tr("cannot serve on port {port}: a port is a number from 1 to 65535").format(port=port)
        )


@dataclass(frozen=True)
class Listeners:
    """Bound sockets, ready for the server to listen on."""

    sockets: list[socket.socket]
    addresses: tuple[str, ...]
    """The IP addresses bound (what the host name resolved to)."""

    def close(self) -> None:
        for sock in self.sockets:
            sock.close()


def resolve(host: str, port: int) -> list[tuple[Any, ...]]:
    """``getaddrinfo`` for a server socket; a name that does not resolve is a clear error."""
    try:
        return socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError):
        raise HostDoesNotResolveError(host) from None


def bind(host: str, port: int) -> Listeners:
    """Bind every address ``host`` resolves to (both 127.0.0.1 and ::1 for ``localhost``).

    An address this machine lacks is skipped when another one binds (a machine without IPv6
    still serves ``localhost``).
    """
    if not 0 < port < 65536:
        raise NotAPortError(port)
    sockets: list[socket.socket] = []
    bound: list[str] = []
    problem: OSError | None = None
    for family, kind, proto, _, address in resolve(host, port):
        if address[0] in bound:
            continue
        sock = socket.socket(family, kind, proto)
        try:
            if os.name != "nt":  # on Windows SO_REUSEADDR would let two servers share the port
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:  # as asyncio does: IPv6 only, IPv4 has its own
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            sock.bind(address)
        except OSError as exc:
            sock.close()
            if exc.errno == errno.EADDRNOTAVAIL:
                problem = problem or exc
                continue
            for done in sockets:
                done.close()
            raise bind_error(exc, host, port) from None
        sockets.append(sock)
        bound.append(str(address[0]))
    if not sockets:
        raise bind_error(problem or OSError(errno.EADDRNOTAVAIL, "no address"), host, port)
    return Listeners(sockets, tuple(bound))


def bind_error(exc: OSError, host: str, port: int) -> ServeError:
    if exc.errno == errno.EADDRINUSE:
        return PortInUseError(host, port)
    if exc.errno == errno.EADDRNOTAVAIL:
        return NotThisMachineError(host)
    if exc.errno == errno.EACCES:
        return PortNotAllowedError(port)
    return ServeError(
        tr("cannot serve on {host} port {port}: {reason}").format(
            host=shown(host), port=port, reason=os_reason(exc)
        )
    )


def reaches_beyond(addresses: Sequence[str]) -> bool:
    """Whether a server bound to ``addresses`` can be reached from other machines.

    >>> reaches_beyond(["::1", "127.0.0.1"]), reaches_beyond(["0.0.0.0"])
    (False, True)
    """
    return not (addresses and all(is_loopback(address) for address in addresses))


def exposure_warning(host: str, addresses: Sequence[str], *, share: bool = False) -> str | None:
    """What serving beyond this machine means, or ``None`` when only it can connect.

    Beyond this machine the table is always shared (a PIN guards editing): anyone who reaches
    the address watches the game, and only the scorekeeper's address and the PIN let a device
    keep score. Both travel as plain HTTP, readable by anyone on the same network, hence the
    advice to share on a network the table trusts. ``share`` is ``scorepad --share``, which
    asked for exactly this: a note, not a warning.

    >>> exposure_warning("localhost", ["::1", "127.0.0.1"]) is None
    True
    >>> print(exposure_warning("0.0.0.0", ["0.0.0.0"]))  # doctest: +ELLIPSIS
    warning: --host 0.0.0.0 serves the app beyond this machine: anyone on your network ...
    """
    if not reaches_beyond(addresses):
        return None
    guarded = (
        "only the scorekeeper's address and the PIN printed below let a device keep score, "
        "and both travel unencrypted (plain HTTP)"
    )
    if share:
        return (
            "note: the table is open to your network: anyone who can reach it can watch the "
            f"game being played; {guarded}, so share on a network you trust (your own Wi-Fi "
            "or a phone's hotspot)"
        )
    return (
        f"warning: --host {shown(host)} serves the app beyond this machine: anyone on your "
        f"network who can reach it can watch the game being played; {guarded}; "
        "leave out --host to keep it to this machine"
    )


def url_of(host: str, port: int) -> str:
    """The address to open in a browser (this machine's, for a wildcard host)."""
    name = "127.0.0.1" if host in ("0.0.0.0", "") else "::1" if host == "::" else host
    if ":" in name and not name.startswith("["):
        name = f"[{name}]"
    return f"http://{name}:{port}/"


SESSION_KEPT_SECONDS = 900
"""How long a browser session is kept after its page went away (a phone asleep, a tab
closed), so that a page coming back finds it as it was. Flet keeps one for an hour, at about
0.75 MB each: at a shared table every phone that scans the code and leaves, or that any phone
on the network opens on purpose, would hold that memory for an hour. A phone asleep longer
than this comes back as a new session and is recognised again by its device key (its role
and seat are the table's, not the session's)."""

SESSION_TIMEOUT_VARIABLE = "FLET_SESSION_TIMEOUT"
"""Flet's own setting for :data:`SESSION_KEPT_SECONDS` (read as each page connects); a value
the user set is left alone."""


def build_app(
    main: Callable[[Any], None], assets_dir: str | None, served: ServedAddress, work_dir: Path
) -> ASGIApp:
    """Flet's ASGI app for ``main``: offline, answering only its own page, and saying on the
    page when the connection to it is lost."""
    import flet as ft
    from flet_web import get_package_web_dir  # type: ignore[import-untyped]  # no py.typed

    os.environ.setdefault(SESSION_TIMEOUT_VARIABLE, str(SESSION_KEPT_SECONDS))
    flet_app = ft.run(main, export_asgi_app=True, assets_dir=assets_dir, no_cdn=True)
    client = OfflineClient(Path(get_package_web_dir()), work_dir)
    font = Path(assets_dir) / SUIT_FONT_FILE if assets_dir else None
    fallback = font if font is not None and font.is_file() else None
    offline = OfflineApp(cast(ASGIApp, flet_app), client, fallback)
    return GuardedApp(BudgetedApp(NoticeApp(offline)), served)


def serve(app: ASGIApp, listeners: Listeners) -> int | None:
    """Serve until Ctrl+C or SIGTERM; returns the signal that stopped the server.

    uvicorn raises the signal it caught once more after it has stopped, so that the default
    action (an exit by signal, a traceback for Ctrl+C) still happens; a handler of our own
    takes it instead, and the caller reports a normal stop.
    """
    import uvicorn

    from scorepad.ui.web_connections import BoundedHttpProtocol, raise_open_file_limit

    raise_open_file_limit()
    config = uvicorn.Config(
        app,
        http=BoundedHttpProtocol,
        ws="websockets-sansio",
        ws_max_size=MAX_FILES_FRAME_BYTES,
        lifespan="on",
        log_config=None,  # log records go to the app's log file, not the terminal
        proxy_headers=False,  # no proxy in front: X-Forwarded-* from a local page mean nothing
        access_log=False,
        timeout_graceful_shutdown=GRACE_SECONDS,
    )
    server = uvicorn.Server(config)
    caught: list[int] = []

    def note(signum: int, _frame: FrameType | None) -> None:
        caught.append(signum)
        server.should_exit = True  # a signal before uvicorn took over still stops it

    previous = {sig: signal.signal(sig, note) for sig in STOP_SIGNALS}
    try:
        server.run(sockets=listeners.sockets)
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        listeners.close()
    return caught[0] if caught else None


def serve_app(
    listeners: Listeners,
    load_main: Callable[[], Callable[[Any], None]],
    assets_dir: str | None,
    served: ServedAddress,
    *,
    ready: Callable[[], None],
) -> int | None:
    """Build the app and serve it on ``listeners`` (closed at the end); returns the stop signal.

    The caller binds first (:func:`bind`), so a busy port is reported before anything slow
    happens; ``load_main`` gives Flet's entry point and is called only then (it loads the
    views, which takes a while). ``ready`` is called once the server is about to answer.
    """
    try:
        with tempfile.TemporaryDirectory(prefix="scorepad-web-") as work_dir:
            app = build_app(load_main(), assets_dir, served, Path(work_dir))
            ready()
            return serve(app, listeners)
    finally:
        listeners.close()
