"""Say when the connection is lost: a notice over the page instead of an endless spinner.

When the server goes away (stopped, restarted, the laptop asleep) Flet's browser client
replaces the screen with a spinner and drops every tap without a word, then reconnects by
itself when it can. Flet 1.0.5 offers no hook for it, so scorepad adds one small script of its
own to the page (:data:`SCRIPT_FILE`, served from this server at :data:`SCRIPT_PATH`, so the
page still asks no other host for anything): it watches the app's WebSocket and shows
"Connection lost – reconnecting…" the moment it closes, and "Connected again" once the client
is back. While it is lost the screen as it was stays readable under the notice (a copy of the
client's last frame, since the client blanks its own) and every tap is taken by a clear layer.
The notice is a DOM element with ``role="status"``, read out by screen readers. Its sentences
come from the catalogues like every other (:func:`notice_script` puts them before the script in
each language offered), and the page picks the reader's: the one picked in the app on that
device, else the browser's.

The script is added to every HTML page the server answers with (the app's page is Flet's
``index.html``, at ``/`` and at every route such as ``/game/<id>``), just before ``</head>``:
before Flet's client loads, so that it sees the client's socket being made. So is a second
one (:data:`LINK_SCRIPT_FILE`, the offline app's too): it turns a game's link
(``#game=…``, a fragment the browser never sends) into the app's route for it before Flutter
reads the address.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from scorepad.i18n import LANGUAGES, N_, tr, use_language

logger = logging.getLogger(__name__)

SCRIPT_FILE = Path(__file__).with_name("connection_notice.js")
SCRIPT_PATH = "/scorepad-notice/connection.js"
SCRIPT_TAG = f'<script src="{SCRIPT_PATH}"></script>\n'.encode()
LINK_SCRIPT_FILE = Path(__file__).with_name("game_link.js")
LINK_SCRIPT_PATH = "/scorepad-notice/game-link.js"
LINK_SCRIPT_TAG = f'<script src="{LINK_SCRIPT_PATH}"></script>\n'.encode()
HEAD_END = b"</head>"

NOTICE_SENTENCES = {
    # TRANSLATORS: shown over the app in the browser when the laptop's server is gone
    "lost": N_("Connection lost – reconnecting…"),
    # TRANSLATORS: under "Connection lost – reconnecting…"
    "lostDetail": N_(
        "Everything entered so far is saved, the seats and the bids made on phones too. "
        "The screen comes back by itself."
    ),
    # TRANSLATORS: shown for a moment once the browser reaches the app again
    "back": N_("Connected again"),
}
"""What the notice says, by the name its script reads them by."""


def notice_words() -> dict[str, dict[str, str]]:
    """The notice's sentences in every language offered, and each one's direction.

    >>> notice_words()["en"]["back"], notice_words()["en"]["dir"]
    ('Connected again', 'ltr')
    """
    words: dict[str, dict[str, str]] = {}
    for language in LANGUAGES:
        with use_language(language):
            said = {name: tr(sentence) for name, sentence in NOTICE_SENTENCES.items()}
        words[language.code] = {**said, "dir": "rtl" if language.right_to_left else "ltr"}
    return words


def notice_script(script: Path = SCRIPT_FILE) -> bytes:
    """The notice's script as it is served: its words first, as data the script reads."""
    words = json.dumps(notice_words(), ensure_ascii=True, sort_keys=True)
    return f"window.scorepadNoticeWords = {words};\n".encode() + script.read_bytes()


def with_notice(page: bytes) -> bytes:
    """An HTML page with the notice's and the link's scripts added before ``</head>`` (once).

    >>> print(with_notice(b"<head></head><body></body>").decode())
    <head><script src="/scorepad-notice/game-link.js"></script>
    <script src="/scorepad-notice/connection.js"></script>
    </head><body></body>
    >>> with_notice(b"<p>no head</p>")
    b'<p>no head</p>'
    """
    if SCRIPT_TAG in page or HEAD_END not in page:
        return page
    return page.replace(HEAD_END, LINK_SCRIPT_TAG + SCRIPT_TAG + HEAD_END, 1)


def _is_html_page(start: Message) -> bool:
    """Whether a response (its ``http.response.start``) is a whole HTML page as it is stored:
    not a 304 or an error, and not compressed."""
    headers: list[tuple[bytes, bytes]] = start.get("headers", [])
    kinds = [
        value.split(b";")[0].strip().lower()
        for key, value in headers
        if key.lower() == b"content-type"
    ]
    encoded = any(key.lower() == b"content-encoding" for key, _ in headers)
    return start.get("status") == 200 and not encoded and kinds == [b"text/html"]


class NoticeApp:
    """ASGI middleware: serves the notice's script and adds it to the app's HTML pages."""

    def __init__(
        self, app: ASGIApp, script: Path = SCRIPT_FILE, link_script: Path = LINK_SCRIPT_FILE
    ) -> None:
        self.app = app
        # read once: a missing file fails at start, not later
        self.scripts = {
            SCRIPT_PATH: notice_script(script),
            LINK_SCRIPT_PATH: link_script.read_bytes(),
        }

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        if scope["path"] in self.scripts:
            response = Response(self.scripts[scope["path"]], media_type="text/javascript")
            await response(scope, receive, send)
            return
        # the page's body must come as bytes to be rewritten, not as a file for the server
        extensions = {
            name: value
            for name, value in scope.get("extensions", {}).items()
            if name != "http.response.pathsend"
        }
        rewriter = PageRewriter(send, head=scope["method"] == "HEAD")
        await self.app({**scope, "extensions": extensions}, receive, rewriter)


class PageRewriter:
    """Passes a response on; an HTML page is held back until it is whole, then sent with the
    notice's script in it (and its length corrected)."""

    def __init__(self, send: Send, *, head: bool) -> None:
        self.send = send
        self.head = head
        self.start: Message | None = None
        self.body: list[bytes] = []

    async def __call__(self, message: Message) -> None:
        if message["type"] == "http.response.start" and _is_html_page(message):
            self.start = message
            return
        if self.start is None or message["type"] != "http.response.body":
            await self.send(message)
            return
        self.body.append(message.get("body", b""))
        if message.get("more_body", False):
            return
        page = with_notice(b"".join(self.body))
        headers = [
            (key, value)
            for key, value in self.start.get("headers", [])
            if key.lower() != b"content-length"
        ]
        if not self.head:  # a HEAD answer has no body to measure: it goes without a length
            headers.append((b"content-length", str(len(page)).encode()))
        await self.send({**self.start, "headers": headers})
        await self.send({"type": "http.response.body", "body": b"" if self.head else page})
