"""Connections that cannot hold the server: slow heads time out, one address holds few.

uvicorn waits for a request's head for as long as a client likes: 1,100 connections that
never finished their headers were all held, and at a laptop's usual limit of 1,024 open files
no new phone could connect until the attacker stopped. :class:`BoundedHttpProtocol` is
uvicorn's own protocol (httptools) with two bounds:

* a request's head must arrive within :data:`HEAD_SECONDS` of the connection opening (or of
  the previous response on a kept-alive one), or the connection is closed;
* one client address holds at most :data:`MAX_CONNECTIONS_PER_CLIENT` connections (a phone
  loading the app opens about seven: a WebSocket and six for files); more are closed at once.

:func:`raise_open_file_limit` lifts the process's soft limit on open files to its hard limit
(where the system allows), so the bounds, not the limit, decide.
"""

from __future__ import annotations

import asyncio
import logging
import resource
import time
import weakref
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

logger = logging.getLogger(__name__)

HEAD_SECONDS = 5.0
"""How long a request's head may take to arrive. A phone's is one packet, sent at once."""
MAX_CONNECTIONS_PER_CLIENT = 64
"""Connections one address may hold at once: a scorekeeper's laptop with several tabs open
and a phone loading the app stay far below it."""
REFUSAL_LOG_SECONDS = 60.0
"""A refused address is logged at most once in this long (a flood writes one line)."""
WANTED_OPEN_FILES = 65_536

_held: dict[str, weakref.WeakSet[asyncio.BaseTransport]] = {}
"""The open connections of each client address (every connection, an upgraded WebSocket's
too: the transport stays the same when the protocol changes)."""
_last_refusal_logged: dict[str, float] = {}


def raise_open_file_limit() -> int:
    """Lift the soft limit on open files towards :data:`WANTED_OPEN_FILES` (never above the
    hard limit); returns the soft limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = WANTED_OPEN_FILES if hard == resource.RLIM_INFINITY else min(hard, WANTED_OPEN_FILES)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        except (ValueError, OSError):
            logger.info("could not raise the open file limit above %d", soft)
            return soft
        return wanted
    return soft


def connections_of(host: str) -> int:
    """How many connections ``host`` holds now."""
    return sum(1 for transport in _held.get(host, ()) if not transport.is_closing())


class BoundedHttpProtocol(HttpToolsProtocol):
    """uvicorn's HTTP protocol with a deadline for each request's head and a cap on the
    connections of one address (see the module docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._head_deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        host = self.client[0] if self.client else ""
        if connections_of(host) >= MAX_CONNECTIONS_PER_CLIENT:
            _log_refusal(host)
            transport.abort()
            return
        _held.setdefault(host, weakref.WeakSet()).add(transport)
        self._wait_for_head()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_waiting()
        super().connection_lost(exc)

    def on_headers_complete(self) -> None:
        self._stop_waiting()
        super().on_headers_complete()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._wait_for_head()  # the next request on a kept-alive connection

    def _wait_for_head(self) -> None:
        self._stop_waiting()
        self._head_deadline = self.loop.call_later(HEAD_SECONDS, self._head_too_slow)

    def _stop_waiting(self) -> None:
        if self._head_deadline is not None:
            self._head_deadline.cancel()
            self._head_deadline = None

    def _head_too_slow(self) -> None:
        self._head_deadline = None
        if self.transport.get_protocol() is not self:
            return  # upgraded to a WebSocket: its own protocol keeps it alive or not
        if self.cycle is not None and not self.cycle.response_complete:
            return  # a request is being answered
        self.transport.close()


def _log_refusal(host: str) -> None:
    now = time.monotonic()
    if now - _last_refusal_logged.get(host, -REFUSAL_LOG_SECONDS) >= REFUSAL_LOG_SECONDS:
        _last_refusal_logged[host] = now
        logger.warning(
            "refused connections from %s: it holds %d already (at most %d)",
            host,
            connections_of(host),
            MAX_CONNECTIONS_PER_CLIENT,
        )
