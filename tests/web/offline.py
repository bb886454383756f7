"""Drive a built web bundle (the app running in Pyodide, no server but a static one) in
Chromium on a persistent profile, with every request to another host refused and recorded.

Shared by the offline test (tests/web/) and the bundle benchmark (benchmarks/web_bundle.py):
a static server in a thread that can be stopped (to prove the service worker starts the app),
a browser profile that outlives one launch (to prove the game outlives a browser restart), and
a page driver like the browser tests' :class:`AppPage` but for an app whose Python runs in a
web worker instead of behind a websocket.
"""

from __future__ import annotations

import base64
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

import uvicorn
from playwright.sync_api import BrowserContext, Page, Playwright, Request, Route
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from starlette.types import ASGIApp

from tests.browser.harness import CHROMIUM, CHROMIUM_ARGS, AppPage

LOOPBACK = "127.0.0.1"
PHONE = {"width": 390, "height": 844}

PYODIDE_START_MS = 300_000
"""How long a page may take to show its first usable screen. Pyodide starts in 15-20 s on an
idle 2-core machine, but took 115 s with other browsers and test runs sharing the cores (load
average 12); a first load also downloads and installs every wheel. A slow start is not what
these checks are about, a start that never comes is."""

TAP_MS = 30_000
"""How long the app may take to answer one tap (well under a second when the machine is idle)."""

FIRST_SCREEN = '[flt-semantics-identifier^="revision-"]'
"""scorepad's first screen, as every screen, carries its revision marker."""

WATCH_THE_WORKER = """(() => {
    // Every message the page posts to the Python worker, base64-encoded (copied before the
    // buffer is transferred away): the web app's equivalent of the websocket frames AppPage
    // reads on a served app. Each document gets its own id, so a reader notices a reload.
    const sent = window.__toPython = [];
    window.__toPythonDocument = Math.random();
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (data, ...rest) {
        if (data instanceof Uint8Array || data instanceof ArrayBuffer) {
            const bytes = new Uint8Array(data instanceof Uint8Array ? data.buffer : data,
                data.byteOffset || 0, data.byteLength);
            let text = '';
            for (let i = 0; i < bytes.length; i += 8192) {
                text += String.fromCharCode.apply(null, bytes.subarray(i, i + 8192));
            }
            sent.push(btoa(text));
        }
        return post.call(this, data, ...rest);
    };
})()"""

NEW_MESSAGES = """([document, seen]) => window.__toPythonDocument === document
    ? {document, messages: window.__toPython.slice(seen)}
    : {document: window.__toPythonDocument ?? null, messages: window.__toPython ?? []}"""


class StaticServer:
    """A static host for a build on 127.0.0.1 (port chosen by the system), in a thread of this
    process, that can be stopped mid-test as a host going away would be.

    The app is handed in (the build's own ASGI app from ``scorepad.web_build``'s ``app_for``,
    wrapped as the caller likes), so what is served is what ``scorepad serve-web`` serves.
    """

    def __init__(self, app: ASGIApp) -> None:
        self._socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._socket.bind((LOOPBACK, 0))
        self.port = int(self._socket.getsockname()[1])
        self.url = f"http://{LOOPBACK}:{self.port}/"
        config = uvicorn.Config(app, log_level="warning", lifespan="off", access_log=False)
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(
            target=self._server.run, kwargs={"sockets": [self._socket]}, daemon=True
        )
        self.running = False

    def start(self) -> None:
        self._thread.start()
        deadline = time.monotonic() + 30
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError(f"the static server did not start on {self.url}")
            time.sleep(0.02)
        self.running = True

    def stop(self) -> None:
        """Stop serving and wait until the port refuses connections."""
        if not self.running:
            return
        self._server.should_exit = True
        self._thread.join(30)
        self._socket.close()
        self.running = False
        with socket.socket() as probe:
            if probe.connect_ex((LOOPBACK, self.port)) == 0:
                raise RuntimeError(f"the static server still answers on {self.url}")


@contextmanager
def serving(app: ASGIApp) -> Iterator[StaticServer]:
    server = StaticServer(app)
    server.start()
    try:
        yield server
    finally:
        server.stop()


class OtherHosts:
    """Every request the browser tried to make to a host other than 127.0.0.1: each is
    aborted (the page never reaches the internet) and its URL kept for the test to show."""

    def __init__(self) -> None:
        self.urls: list[str] = []

    def guard(self, context: BrowserContext) -> None:
        """Abort every request to another host, and keep its URL."""
        context.route("**/*", self._route)

    def watch(self, context: BrowserContext) -> None:
        """Only keep the URLs (Chromium's resolver fails the requests): no interception, which
        would turn off the browser's HTTP cache and slow what a benchmark measures."""
        context.on("request", self._requested)

    def _requested(self, request: Request) -> None:
        self._other(request.url)

    def _other(self, url: str) -> bool:
        if urlsplit(url).hostname == LOOPBACK or url.startswith(("data:", "blob:")):
            return False
        self.urls.append(url)
        return True

    def _route(self, route: Route) -> None:
        if self._other(route.request.url):
            route.abort("blockedbyclient")
        else:
            route.fallback()


@contextmanager
def browser_profile(
    playwright: Playwright, profile: Path, other_hosts: OtherHosts, *, intercept: bool = True
) -> Iterator[BrowserContext]:
    """Headless Chromium on the profile folder ``profile`` (kept between launches, as a phone's
    browser keeps its storage and service workers), refusing every other host.

    Besides the route guard, Chromium's resolver is told that no other name exists, so even a
    request the guard could not see (e.g. one a service worker makes) cannot leave the machine.
    With ``intercept`` off, requests to other hosts are only watched (see
    :meth:`OtherHosts.watch`).
    """
    context = playwright.chromium.launch_persistent_context(
        str(profile),
        executable_path=str(CHROMIUM),
        args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE {LOOPBACK}"],
        headless=True,
        viewport=PHONE,  # type: ignore[arg-type]  # a ViewportSize TypedDict, built as a dict
        service_workers="allow",
    )
    try:
        if intercept:
            other_hosts.guard(context)
        else:
            other_hosts.watch(context)
        context.add_init_script(WATCH_THE_WORKER)
        yield context
    finally:
        context.close()


class WebAppPage(AppPage):
    """:class:`AppPage` for the app in Pyodide: the same taps, markers and typing, with a
    first screen that waits for Python to start, and the messages the page posts to the Python
    worker standing in for the websocket frames a served app's page sends (so ``type_into``
    knows, as there, when the app has the whole text)."""

    def __init__(self, page: Page, first_screen: str = FIRST_SCREEN) -> None:
        self._told: list[bytes] = []
        self._document: float | None = None
        self._seen = 0
        super().__init__(page)
        self.first_screen = first_screen
        """A CSS selector for what the app's Python draws first."""
        self.first_frame_at = 0.0
        """When (``time.perf_counter``) Flutter last drew its first frame, before Python."""
        page.on("pageerror", lambda error: self.note(f"page error: {error}"))

    @property
    def sent(self) -> list[bytes]:
        """Every message the page has posted to the Python worker, across reloads."""
        new = self.page.evaluate(NEW_MESSAGES, [self._document, self._seen])
        if new["document"] != self._document:  # a new page load: its messages from the start
            self._document, self._seen = new["document"], 0
        self._told.extend(base64.b64decode(message) for message in new["messages"])
        self._seen += len(new["messages"])
        return self._told

    @sent.setter
    def sent(self, value: list[bytes]) -> None:
        self._told = value

    def open(self, url: str) -> None:
        """Go to ``url`` and wait for the app's first screen; see :meth:`show`."""
        self.note(f"open {url}")
        self.page.goto(url, timeout=PYODIDE_START_MS)
        self.show()

    def reload(self) -> None:
        self.note("reload")
        self.page.reload(timeout=PYODIDE_START_MS)
        self.show()

    def show(self) -> None:
        """Turn on Flutter's accessibility tree once it draws, then wait for the app's Python
        to draw its first screen."""
        try:
            placeholder = self.page.wait_for_selector(
                "flt-semantics-placeholder", state="attached", timeout=PYODIDE_START_MS
            )
            assert placeholder is not None
            self.first_frame_at = time.perf_counter()
            placeholder.dispatch_event("click")
            self.page.wait_for_selector(
                self.first_screen, state="attached", timeout=PYODIDE_START_MS
            )
        except PlaywrightTimeoutError:
            self.keep_evidence("the app did not show its first screen")
            raise
        self.note("first screen shown")

    def saved_through(self) -> int | None:
        """The revision the browser holds durably (the ``saved-{n}`` marker), None without it."""
        marker = self.page.locator('[flt-semantics-identifier^="saved-"]').first
        if marker.count() == 0:
            return None
        name = marker.get_attribute("flt-semantics-identifier") or "saved-"
        return int(name.removeprefix("saved-"))

    def wait_until_saved(self, revision: int, timeout: float = TAP_MS) -> None:
        """Wait until the browser holds ``revision`` durably (IndexedDB synced)."""
        self.page.wait_for_function(
            """revision => {
                const m = document.querySelector('[flt-semantics-identifier^="saved-"]');
                return m && parseInt(m.getAttribute('flt-semantics-identifier').slice(6))
                    >= revision;
            }""",
            arg=revision,
            timeout=timeout,
        )
