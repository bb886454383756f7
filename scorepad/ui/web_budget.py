"""What one browser's WebSocket may cost the table: checked before Flet sees a byte of it.

Flet runs every message a socket sends: each control event becomes a task on the one event
loop that serves every phone. A viewer that sent 8,000 crafted events in a tenth of a second
froze the table for over two minutes, and a crafted route change (``{"route": {...}}``) broke
its session for good, writing a traceback at every resync. So each socket's messages pass
through :class:`BudgetedApp` first:

* a frame larger than :data:`MAX_FRAME_BYTES` (:data:`MAX_FILES_FRAME_BYTES` for the files
  picked to import) closes the socket, as does sending more bytes than :data:`BYTE_BURST`
  at once or :data:`BYTES_PER_SECOND` after;
* a message that is not one of the four a Flet client sends, in the shapes it sends them
  (:func:`problem_in`), is dropped with one log line; :data:`MAX_REFUSED` of them close it;
* control events are spent from a budget (:class:`EventBudget`: :data:`EVENT_BURST` at once,
  :data:`EVENTS_PER_SECOND` after), every message from a larger one: a socket that
  overspends either is closed, and logged once.

What the app sends after the page has gone is dropped (a closed tab is not an error, and
was logged as one with a traceback). A socket closed here is a tab that went away: the page
reconnects as a new session, and the table's roles and seats (kept by the table, not the
session) are recognised again.
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import msgpack
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.protocols.utils import ClientDisconnected

logger = logging.getLogger(__name__)

MAX_FRAME_BYTES = 64 * 1024
"""The largest frame taken but one. A phone's largest is its first (the page's size,
platform and route: under 2 KB); a name typed is a few bytes."""
MAX_FILES_FRAME_BYTES = 17 * 1024 * 1024
"""The largest file chooser's answer taken (the files picked to import, in one frame: four
of the 4 MB an import reads at most); uvicorn refuses any larger frame itself."""
BYTES_PER_SECOND = 1024 * 1024
BYTE_BURST = 20 * 1024 * 1024
"""Bytes a socket may send at once and each second after: two imports of large files in a
row, never a stream of them."""
FILES_EVENT = b"\xa4name\xa6result"
"""How a file chooser's answer names its event, in MessagePack ("name": "result")."""
EVENTS_PER_SECOND = 40.0
"""Control events a socket may send each second, on and on: a fast typist at 30 ms a key
sends 33 (each key a change event), a finger tapping far fewer."""
EVENT_BURST = 60
"""Control events a socket may send at once (the budget's size): a phone keyboard's burst or
a page that resizes while it loads stays well inside it, and five sockets flooding at once
cost the table at most 300 events' work before they are closed."""
MESSAGES_PER_SECOND = 200.0
"""Messages of any kind a socket may send each second (a property update is cheap: the page's
size and media as a window is dragged, a text field's value with each key)."""
MESSAGE_BURST = 400
MAX_REFUSED = 20
"""Messages of a shape no Flet client sends before the socket is closed."""
CLOSE_POLICY_VIOLATION = 1008
"""The WebSocket close code for a peer that broke the rules (RFC 6455, 7.4.1)."""
MAX_EVENT_NAME = 64
SHOWN_CHARACTERS = 32
"""How much of a key or a value sent is quoted in a log line."""

REGISTER_CLIENT, CONTROL_EVENT, UPDATE_CONTROL_PROPS, INVOKE_METHOD = 1, 3, 4, 5
"""The messages a Flet client sends (``flet.messaging.protocol.MessageAction``)."""
FLET_MESSAGE = 0x00
"""The first byte of a frame holding a MessagePack message (0x01 is a data channel, which
scorepad does not use)."""

CALL_FRAME_START = bytes([FLET_MESSAGE, 0x92, INVOKE_METHOD])
"""How a frame holding a method call (server to page) or its result (page to server) starts:
the type byte, a MessagePack array of two, the action."""
MAX_PENDING_CALLS = 256
REGISTERED_FRAME_START = bytes([FLET_MESSAGE, 0x92, REGISTER_CLIENT])
"""How the app's answer to a page's registration starts (it names the session)."""
MAX_SESSIONS_REMEMBERED = 1_000

SCALARS = (str, bytes, int, float, bool, type(None))
"""Values a client may send anywhere (bytes: a picked file's content)."""
FLET_EXTENSIONS = frozenset({1, 2, 3, 4})
"""MessagePack extension types the Flet client sends: a date, a time of day, a duration, and
a browser's text in a list (``navigator.languages`` in the device's information)."""
MAX_EXTENSION_BYTES = 256
"""The most an extension value may hold: a date or a language tag is a few bytes."""
MAX_NESTING = 4
"""How deeply a value a client sends may nest: the page's media (``{"padding": {"top": 0}}``)
is 2 deep."""


def _plain(value: object, depth: int = 0) -> bool:
    """A scalar, or lists and string-keyed maps of plain values, at most
    :data:`MAX_NESTING` deep (the page's media, a selection, a size)."""
    if isinstance(value, SCALARS):
        return True
    if isinstance(value, msgpack.ExtType):
        return value.code in FLET_EXTENSIONS and len(value.data) <= MAX_EXTENSION_BYTES
    if depth >= MAX_NESTING:
        return False
    if isinstance(value, list):
        return all(_plain(item, depth + 1) for item in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain(v, depth + 1) for k, v in value.items())
    return False


def _text(value: object) -> bool:
    return isinstance(value, str)


def _text_or_none(value: object) -> bool:
    return isinstance(value, str | None)


def _changed_value(value: object) -> bool:
    """What a 'change' event carries: a field's text, a switch's or a checkbox's state."""
    return isinstance(value, str | bool | None)


def _number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _size(value: object) -> bool:
    return (
        isinstance(value, dict)
        and set(value) == {"width", "height"}
        and all(_number(v) for v in value.values())
    )


def _route(value: object) -> bool:
    return isinstance(value, dict) and _text(value.get("route"))


EVENT_DATA: dict[str, Callable[[object], bool]] = {
    "route_change": _route,
    "change": _changed_value,
    "submit": _text_or_none,
    "resize": _size,
}
"""What the data of the events the app reads must be; any other event's data is only
:func:`_plain`."""
PROPERTIES: dict[str, Callable[[object], bool]] = {
    "route": _text,
    "value": lambda value: isinstance(value, SCALARS),
    "width": _number,
    "height": _number,
}
"""What the properties the app reads must be, when a client updates them (a page's route
set to a map broke its session for good); any other property is only :func:`_plain`."""


def _keys(body: dict[Any, Any], *wanted: str) -> str | None:
    found = set(body)
    if found != set(wanted):
        shown = sorted(str(key)[:SHOWN_CHARACTERS] for key in list(found)[:8])
        return f"its keys are {shown}, not {sorted(wanted)}"
    return None


def _is_id(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**53


def problem_in(frame: bytes) -> str | None:
    """What is wrong with a frame a browser sent, or ``None`` for one in a shape the Flet
    client sends: MessagePack ``[action, body]`` with exactly the body's fields, each of its
    type (see :data:`EVENT_DATA` and :data:`PROPERTIES`).

    >>> frame = lambda message: bytes([FLET_MESSAGE]) + msgpack.packb(message)
    >>> problem_in(frame([3, {"target": 7, "name": "click", "data": None}])) is None
    True
    >>> problem_in(frame([3, {"target": 1, "name": "route_change", "data": {"route": {}}}]))
    "a 'route_change' event whose data is not what it carries"
    >>> problem_in(frame([3, {"target": 7, "name": "change", "data": True}])) is None  # a switch
    True
    >>> problem_in(frame([3, {"target": 7, "name": "change", "data": {"value": "x"}}]))
    "a 'change' event whose data is not what it carries"
    >>> problem_in(frame([4, {"id": 1, "props": {"route": {"a": 1}}}]))
    "a 'route' property of the wrong type"
    >>> device = {"language": "he-IL", "languages": [msgpack.ExtType(4, b"he-IL")]}
    >>> problem_in(frame([5, {"control_id": 1, "call_id": "a", "result": device, "error": None}]))
    >>> problem_in(frame([5, {"control_id": 1, "call_id": "a", "result": msgpack.ExtType(9, b""),
    ...     "error": None}]))
    "a method's result of the wrong types"
    >>> problem_in(frame([9, {}]))
    'action 9 is not one a Flet client sends'
    """
    if not frame or frame[0] != FLET_MESSAGE:
        return f"a frame of type {frame[:1].hex() or 'none'}, not a Flet message"
    try:
        message = msgpack.unpackb(frame[1:], raw=False, strict_map_key=False)
    except Exception as exc:
        return f"not MessagePack ({type(exc).__name__})"
    if not (isinstance(message, list) and len(message) == 2 and isinstance(message[1], dict)):
        return "not an [action, body] pair"
    action, body = message
    check = BODY_CHECKS.get(action) if isinstance(action, int) else None
    if check is None:
        return f"action {str(action)[:SHOWN_CHARACTERS]} is not one a Flet client sends"
    return check(body)


def _event_problem(body: dict[Any, Any]) -> str | None:
    missing = _keys(body, "target", "name", "data")
    if missing:
        return missing
    name, data = body["name"], body["data"]
    if not _is_id(body["target"]):
        return "an event whose target is not a control id"
    if not (isinstance(name, str) and 0 < len(name) <= MAX_EVENT_NAME and name.isidentifier()):
        return "an event whose name is not an event's name"
    if not EVENT_DATA.get(name, _plain)(data):
        return f"a {name!r} event whose data is not what it carries"
    return None


def _properties_problem(body: dict[Any, Any]) -> str | None:
    missing = _keys(body, "id", "props")
    if missing:
        return missing
    props = body["props"]
    if not _is_id(body["id"]) or not isinstance(props, dict):
        return "properties that are not a control id and a map"
    for key, value in props.items():
        if not isinstance(key, str) or not PROPERTIES.get(key, _plain)(value):
            return f"a {str(key)[:SHOWN_CHARACTERS]!r} property of the wrong type"
    return None


def _register_problem(body: dict[Any, Any]) -> str | None:
    missing = _keys(body, "session_id", "page_name", "page")
    if missing:
        return missing
    page = body["page"]
    if not _text_or_none(body["session_id"]) or not _text(body["page_name"]):
        return "a registration whose session or page name is not text"
    if not isinstance(page, dict) or not _plain(page):
        return "a registration whose page is not a map of plain values"
    for key, value in page.items():
        if not PROPERTIES.get(key, _plain)(value):
            return f"a registration whose {key[:SHOWN_CHARACTERS]!r} is of the wrong type"
    return None


def _method_problem(body: dict[Any, Any]) -> str | None:
    missing = _keys(body, "control_id", "call_id", "result", "error")
    if missing:
        return missing
    if not (
        _is_id(body["control_id"])
        and _text(body["call_id"])
        and _plain(body["result"])
        and _text_or_none(body["error"])
    ):
        return "a method's result of the wrong types"
    return None


BODY_CHECKS: dict[int, Callable[[dict[Any, Any]], str | None]] = {
    REGISTER_CLIENT: _register_problem,
    CONTROL_EVENT: _event_problem,
    UPDATE_CONTROL_PROPS: _properties_problem,
    INVOKE_METHOD: _method_problem,
}


class EventBudget:
    """A token bucket: ``burst`` tokens, refilled at ``rate`` a second."""

    def __init__(
        self,
        rate: float = EVENTS_PER_SECOND,
        burst: int = EVENT_BURST,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = float(burst)
        self.checked = clock()

    def spend(self, cost: float = 1) -> bool:
        """Take ``cost`` tokens; ``False`` (taking none) when there are not that many left.

        >>> now = [0.0]
        >>> budget = EventBudget(rate=2, burst=3, clock=lambda: now[0])
        >>> [budget.spend() for _ in range(4)]
        [True, True, True, False]
        >>> now[0] = 1.0  # a second later: two more
        >>> [budget.spend() for _ in range(3)]
        [True, True, False]
        """
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.checked) * self.rate)
        self.checked = now
        if self.tokens < cost:
            return False
        self.tokens -= cost
        return True


class BudgetedApp:
    """ASGI middleware: each WebSocket's frames checked and its events budgeted (see the
    module docstring) before the app receives them."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        socket = _Socket(scope, receive, send)
        await self.app(scope, socket.receive, socket.send)


class _Socket:
    """One WebSocket as the app sees it: frames that pass, and a close when one may not."""

    def __init__(self, scope: Scope, receive: Receive, send: Send) -> None:
        client = scope.get("client") or ("?", 0)
        self.who = f"{client[0]}:{client[1]}"
        self._receive = receive
        self._send = send
        self.events = EventBudget()
        self.messages = EventBudget(MESSAGES_PER_SECOND, MESSAGE_BURST)
        self.bytes = EventBudget(BYTES_PER_SECOND, BYTE_BURST)
        self.refused = 0
        self.closed = False
        self.calls: set[tuple[object, object]] = set()
        """(control id, call id) of each method the app asked the page to run, unanswered."""

    async def send(self, message: Message) -> None:
        """Send for the app; once the page has gone (a tab closed, a phone asleep), what the
        app still sends is dropped. Flet's send loop would otherwise fail on it, skip its
        own clean-up of the session and log a traceback for an ordinary closed tab."""
        if self.closed:
            return
        self._note_call(message)
        try:
            await self._send(message)
        except (ClientDisconnected, OSError):
            self.closed = True
            logger.info("the page at %s went away", self.who)

    async def receive(self) -> Message:
        while True:
            message = await self._receive()
            if message["type"] != "websocket.receive" or self.closed:
                return message
            frame = message.get("bytes")
            if frame is None:
                frame = (message.get("text") or "").encode()
            why_closed = self._overspent(frame)
            if why_closed is not None:
                return await self._close(why_closed)
            problem = problem_in(frame) or self._unasked_result(frame)
            if problem is None:
                return message
            self.refused += 1
            logger.warning("refused a message from %s: %s", self.who, problem)
            if self.refused >= MAX_REFUSED:
                return await self._close(f"{MAX_REFUSED} messages no Flet client sends")

    def _note_call(self, message: Message) -> None:
        """Remember a method the app asks the page to run (a clipboard read, the wake lock),
        so that its result, and only its, is taken when the page answers; and, from the
        app's answer to the page's registration, which session this socket serves: a page
        that reconnects (a phone woken up) may answer a call the app made before."""
        frame = message.get("bytes") if message["type"] == "websocket.send" else None
        if not frame or frame[:3] not in (CALL_FRAME_START, REGISTERED_FRAME_START):
            return
        try:
            body = msgpack.unpackb(frame[1:], raw=False, strict_map_key=False)[1]
            if frame[:3] == REGISTERED_FRAME_START:
                self.calls = _calls_of_session(str(body["session_id"]), self.calls)
                return
            self.calls.add((body["control_id"], body["call_id"]))
        except (ValueError, TypeError, KeyError, IndexError):
            return
        if len(self.calls) > MAX_PENDING_CALLS:  # a page that never answers: forget one
            self.calls.pop()

    def _unasked_result(self, frame: bytes) -> str | None:
        """A method's result the app never asked this page for (Flet ends the session, with a
        traceback, on a result for a control it does not know)."""
        if frame[:3] != CALL_FRAME_START:
            return None
        body = msgpack.unpackb(frame[1:], raw=False, strict_map_key=False)[1]
        call = (body["control_id"], body["call_id"])
        if call not in self.calls:
            return "a method's result the app never asked for"
        self.calls.discard(call)
        return None

    def _overspent(self, frame: bytes) -> str | None:
        limit = MAX_FILES_FRAME_BYTES if _carries_files(frame) else MAX_FRAME_BYTES
        if len(frame) > limit:
            return f"a frame of {len(frame):,} bytes (at most {limit:,})"
        if not self.bytes.spend(len(frame)):
            return f"more than {BYTE_BURST:,} bytes at once or {BYTES_PER_SECOND:,} a second"
        if _is_event(frame) and not self.events.spend():
            return f"more than {EVENT_BURST} events at once or {EVENTS_PER_SECOND:.0f} a second"
        if not self.messages.spend():
            return (
                f"more than {MESSAGE_BURST} messages at once or {MESSAGES_PER_SECOND:.0f} a second"
            )
        return None

    async def _close(self, why: str) -> Message:
        """Close the socket (once, logged once) and tell the app it went away."""
        self.closed = True
        logger.warning("closed the connection of %s: %s", self.who, why)
        try:
            await self._send({"type": "websocket.close", "code": CLOSE_POLICY_VIOLATION})
        except Exception:
            logger.debug("the connection of %s was already closed", self.who)
        return {"type": "websocket.disconnect", "code": CLOSE_POLICY_VIOLATION}


_session_calls: OrderedDict[str, set[tuple[object, object]]] = OrderedDict()
"""The unanswered calls of each session, most recently registered last."""


def _calls_of_session(
    session_id: str, calls: set[tuple[object, object]]
) -> set[tuple[object, object]]:
    """The set of unanswered calls of ``session_id``, shared by every socket that serves it
    (the ones ``calls`` holds, made on this socket before it registered, join it)."""
    shared = _session_calls.pop(session_id, set())
    shared |= calls
    _session_calls[session_id] = shared
    while len(_session_calls) > MAX_SESSIONS_REMEMBERED:
        _session_calls.popitem(last=False)
    return shared


def _carries_files(frame: bytes) -> bool:
    """Whether a frame is a file chooser's answer (a control event named "result")."""
    return _is_event(frame) and FILES_EVENT in frame[:64]


def _is_event(frame: bytes) -> bool:
    """Whether a frame is a control event (a MessagePack array of 2 whose first item is 3)."""
    return len(frame) > 2 and frame[0] == FLET_MESSAGE and frame[1] == 0x92 and frame[2] == 3
