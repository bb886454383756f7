"""Drive the real app in headless Chromium: start it in web mode, click what a user clicks.

Flutter draws on a canvas; its accessibility tree (turned on first) is what a test, like a
screen reader, can reach: controls are found by role and name or by their semantics
identifier.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, WebSocket, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PROJECT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def headless_env() -> dict[str, str]:
    """This environment without a display: the app serves the browser instead of a window."""
    return {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}


def app_command(port: int, data_dir: Path, *extra: str) -> list[str]:
    """``scorepad --web`` as a user starts it, on ``port`` with its games in ``data_dir``."""
    return [
        sys.executable,
        "-m",
        "scorepad",
        "--web",
        "--port",
        str(port),
        "--data-dir",
        str(data_dir),
        *extra,
    ]


def wait_until_listening(process: subprocess.Popen[str], port: int) -> None:
    """Wait until the app accepts connections on ``port``; fail with its output if it exits."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        if process.poll() is not None:
            raise RuntimeError(f"the app exited: {process.stdout.read() if process.stdout else ''}")
        time.sleep(0.1)
    raise RuntimeError(f"the app did not listen on port {port} within 30 s")


@contextmanager
def running_app(data_dir: Path, *extra: str, kill: bool = False) -> Iterator[str]:
    """``scorepad --web`` on a free port; yields its URL, stops it afterwards (with SIGKILL,
    as a crash or a pulled plug would, when ``kill``)."""
    port = free_port()
    process = subprocess.Popen(
        app_command(port, data_dir, *extra),
        cwd=PROJECT,
        env=headless_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        wait_until_listening(process, port)
        yield f"http://127.0.0.1:{port}/"
    finally:
        if kill:
            process.kill()
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()


class AppPage:
    """One browser tab on the app, with the taps it made counted."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.taps = 0
        self.console: list[str] = []
        """Browser console lines and the test's own taps, timed, for a failure report."""
        self._started = time.monotonic()
        page.on("console", lambda message: self.note(f"{message.type}: {message.text}"))
        self.sent: list[bytes] = []
        """Every frame the page sent to the app, to know what the server has been told."""
        page.on("websocket", self._watch)

    def _watch(self, socket: WebSocket) -> None:
        self.note(f"websocket opened: {socket.url}")
        socket.on("framesent", self._sent)

    def _sent(self, payload: str | bytes) -> None:
        self.sent.append(payload.encode() if isinstance(payload, str) else payload)

    def note(self, text: str) -> None:
        self.console.append(f"{time.monotonic() - self._started:7.2f}s {text}")

    def open(self, url: str) -> None:
        self.page.goto(url)
        placeholder = self.page.wait_for_selector(
            "flt-semantics-placeholder", state="attached", timeout=60000
        )
        assert placeholder is not None
        placeholder.dispatch_event("click")  # turn on Flutter's accessibility tree
        self.page.wait_for_selector("flt-semantics", state="attached", timeout=30000)

    def by_id(self, identifier: str) -> Locator:
        return self.page.locator(f'[flt-semantics-identifier="{identifier}"]')

    def wait_for(self, identifier: str, timeout: float = 30000) -> Locator:
        locator = self.by_id(identifier)
        locator.first.wait_for(state="attached", timeout=timeout)
        return locator

    def revision(self) -> int:
        """The app state's revision, shown in an invisible node (see ``revision_marker``)."""
        marker = self.page.locator('[flt-semantics-identifier^="revision-"]').first
        marker.wait_for(state="attached", timeout=10000)
        name = marker.get_attribute("flt-semantics-identifier") or "revision-0"
        return int(name.removeprefix("revision-"))

    def wait_for_change(self, since: int, timeout: float = 30000) -> None:
        """Wait until the app has handled the last tap (its state moved past ``since``)."""
        self.page.wait_for_function(
            """since => {
                const m = document.querySelector('[flt-semantics-identifier^="revision-"]');
                return m && parseInt(m.getAttribute('flt-semantics-identifier').slice(9)) > since;
            }""",
            arg=since,
            timeout=timeout,
        )

    def tap(self, identifier: str) -> None:
        """Click the control with this identifier, as a finger would, and wait for the app to
        handle it."""
        target = self.wait_for(identifier).first
        before = self.revision()
        self.note(f"tap {identifier} (revision {before})")
        target.click()
        self.taps += 1
        try:
            self.wait_for_change(before)
        except PlaywrightTimeoutError:
            self.keep_evidence(f"the app did not react to a tap on {identifier}")
            raise

    evidence_dir: Path | None = None
    """Where to save a screenshot when a tap gets no reaction (set by the test fixture)."""

    def keep_evidence(self, what: str) -> None:
        """Screenshot the page now, while the server is still up, and note where it is."""
        self.note(what)
        if self.evidence_dir is None:
            return
        shot = self.evidence_dir / f"no-reaction-{len(self.console)}.png"
        self.page.screenshot(path=str(shot))
        self.note(f"screenshot: {shot}")

    def is_disabled(self, identifier: str) -> bool:
        return bool(
            self.wait_for(identifier).first.evaluate(
                "e => e.getAttribute('aria-disabled') === 'true'"
                " || e.querySelector('[aria-disabled=\"true\"]') !== null"
            )
        )

    def text_of(self, identifier: str) -> str:
        locator = self.wait_for(identifier).first
        return str(locator.evaluate("e => e.innerText || e.getAttribute('aria-label') || ''"))

    def cell_value(self, identifier: str) -> str:
        """What a bid or took cell shows: its accessible name reads "Bob's bid: 1: tap to
        change" (or "… (worked out): tap to change"), a cell not yet entered just its text."""
        text = self.text_of(identifier).strip()
        said = re.search(r": ([^:]+?)(?: \(worked out\))?: tap to change$", text)
        return said.group(1) if said else text

    def type_into(self, label: str, text: str) -> None:
        """Tap the text field and type, as on a keyboard, then Enter.

        Flutter swaps in its own editing element when a field takes focus, so the keys go to
        whatever has focus once it is an input (filling the located element could fill one
        that is about to be replaced, and the text would be lost). Keys typed in the very
        instant of that swap can land in an element Flutter no longer listens to (a person
        does not type within milliseconds of tapping): then the field is tapped again, its text
        selected and the name typed again, until the page has told the app the whole name.
        """
        for attempt in range(1, 4):
            sent_before = len(self.sent)
            self.page.get_by_role("textbox", name=label).click()
            self.page.wait_for_function(
                "() => document.activeElement && "
                "['INPUT', 'TEXTAREA'].includes(document.activeElement.tagName)"
            )
            if attempt > 1:
                self.page.keyboard.press("ControlOrMeta+A")
            self.page.keyboard.type(text)
            if self._field_holds(text, timeout=2000) and self._app_was_told(
                text, since=sent_before
            ):
                break
            self.note(f"typed {text!r} did not reach the app ({self._focused()}); again")
        else:
            self.keep_evidence(f"typing {text!r} into {label!r} failed ({self._focused()})")
            raise AssertionError(f"could not type {text!r} into {label!r}")
        before = self.revision()
        self.note(f"type {text!r} into {label!r} and press Enter (revision {before})")
        self.page.keyboard.press("Enter")
        self.wait_for_change(before)

    def _app_was_told(self, text: str, *, since: int, timeout: float = 5.0) -> bool:
        """Whether the page tells the app, within ``timeout`` seconds, that the field holds all
        of ``text``.

        The browser's input element can hold the last key before Flutter's own copy of the text
        does; on a busy machine an Enter pressed in between submits the name without its last
        letter ("An" for "Ann"). Flutter sends every change to the app, so once a frame with the
        whole text has gone out, Flutter has it too. A person never types that fast.
        """
        wanted = text.encode()
        deadline = time.monotonic() + timeout
        while not any(wanted in frame for frame in self.sent[since:]):
            if time.monotonic() > deadline:
                return False
            self.page.wait_for_timeout(25)
        return True

    def _field_holds(self, text: str, timeout: float) -> bool:
        try:
            self.page.wait_for_function(
                "text => document.activeElement && document.activeElement.value === text",
                arg=text,
                timeout=timeout,
            )
        except PlaywrightTimeoutError:
            return False
        return True

    def _focused(self) -> str:
        return str(
            self.page.evaluate(
                "() => { const a = document.activeElement; return a ? "
                "[a.tagName, a.getAttribute('aria-label'), a.value].join(' | ') : 'none' }"
            )
        )


def require_chromium() -> None:
    """Skip without Chromium locally; under CI fail instead, so the tests never skip there."""
    if CHROMIUM.exists():
        return
    if os.environ.get("CI"):
        pytest.fail("CI must run the browser tests: .ci/run installs Chromium first")
    pytest.skip("Chromium is not installed (/usr/bin/chromium): apt-get install -y chromium")


@contextmanager
def phone_page(evidence_dir: Path, width: int = 390, height: int = 844) -> Iterator[AppPage]:
    """A fresh browser's page, driven as :class:`AppPage`, keeping its evidence (screenshots
    of taps that got no answer) in ``evidence_dir``."""
    with browser_page(width, height) as page:
        app = AppPage(page)
        app.evidence_dir = evidence_dir
        yield app


@contextmanager
def browser_page(width: int = 390, height: int = 844) -> Iterator[Page]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": width, "height": height})
            yield page
        finally:
            browser.close()
