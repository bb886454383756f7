"""Drive the real app in headless Chromium: start it in web mode, click what a user clicks.

Flutter draws on a canvas; its accessibility tree (turned on first) is what a test, like a
screen reader, can reach: controls are found by role and name or by their semantics
identifier.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import random
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import msgpack
import pytest
from playwright.sync_api import (
    Browser,
    Locator,
    Page,
    Playwright,
    WebSocket,
    expect,
    sync_playwright,
)
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from scorepad.i18n.catalogues import translations
from scorepad.i18n.languages import language_for_locales

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
LISTEN_SECONDS = 60
"""How long the app gets to start listening. It takes about 2 s on a quiet 2-core machine and
5 s at load 13 (measured), and once took over 30 s while other test runs filled both cores; an
app that exits instead fails at once, with its output."""
FIELD_READY_MS = 15000
"""How long a field gets to take the cursor after a tap."""
FIELD_CLEARED_MS = 5000
"""How long a field the app clears gets to show it before the test taps back into it. With one
core hogged the clear took up to 2 s after Enter (measured); the rest is margin."""


PORTS_FROM, PORTS_PER_WORKER = 20000, 1000
"""Where each test worker picks its servers' ports: worker ``gwN`` (pytest-xdist) from
``PORTS_FROM + N * PORTS_PER_WORKER`` on, below Linux's ephemeral range (32768 up), so no
other worker and no outgoing connection is handed the port between the pick and the bind.
A port the kernel would give any caller (``bind(0)``) could go to the other worker's server
in that second, and a test would then wait on, or talk to, another test's app."""


def worker_number() -> int:
    """This test worker's number (0 without pytest-xdist)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    return int(worker.removeprefix("gw")) if worker.removeprefix("gw").isdigit() else 0


def free_port() -> int:
    """A loopback port nothing listens on, from this worker's own range."""
    low = PORTS_FROM + worker_number() * PORTS_PER_WORKER
    for port in random.sample(range(low, low + PORTS_PER_WORKER), 50):
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:  # in use, or still closing after an earlier test
                continue
            return port
    raise RuntimeError(f"no free port in {low}..{low + PORTS_PER_WORKER - 1}")


SERVERS_TEMP = Path(tempfile.mkdtemp(prefix="scorepad-test-servers-"))
"""The temporary folder of every server these tests start, removed when the tests end: a
server stopped with SIGKILL (a crash, on purpose) cannot remove its own work folder, and each
had left 8 MB in the system's temporary folder."""
atexit.register(shutil.rmtree, SERVERS_TEMP, ignore_errors=True)


def headless_env() -> dict[str, str]:
    """This environment without a display: the app serves the browser instead of a window
    (and keeps its temporary files in :data:`SERVERS_TEMP`)."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    return env | {"TMPDIR": str(SERVERS_TEMP)}


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
    deadline = time.monotonic() + LISTEN_SECONDS
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        if process.poll() is not None:
            raise RuntimeError(f"the app exited: {process.stdout.read() if process.stdout else ''}")
        time.sleep(0.1)
    raise RuntimeError(f"the app did not listen on port {port} within {LISTEN_SECONDS} s")


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


UPDATE_PROPS, CONTROL_EVENT = 4, 3
"""Flet's message kinds for a control's changed properties and for an event (a click)."""


def messages_told(frames: Sequence[bytes], kind: int) -> Iterator[dict[str, object]]:
    """The bodies of the messages of ``kind`` the page sent the app in ``frames``, in order.

    Flet's web client sends each message as a 0 byte and a msgpack array ``[kind, body]``;
    frames that are not one such message are skipped.
    """
    for frame in frames:
        try:
            message = msgpack.unpackb(frame[1:]) if frame[:1] == b"\x00" else None
        except ValueError:  # msgpack's errors for data that is not one message
            continue
        if isinstance(message, list) and len(message) == 2 and message[0] == kind:
            body = message[1]
            if isinstance(body, dict):
                yield body


def values_told(frames: Sequence[bytes]) -> list[str]:
    """The text values the page sent the app in ``frames``, in order: a field's change is
    ``[4, {"id": <control>, "props": {"value": "<its text>"}}]``."""
    values = []
    for body in messages_told(frames, UPDATE_PROPS):
        props = body.get("props")
        if isinstance(props, dict) and isinstance(props.get("value"), str):
            values.append(props["value"])
    return values


PAGE_EVENTS = frozenset(
    {
        "platform_brightness_change",
        "resize",
        "media_change",
        "route_change",
        "app_lifecycle_state_change",
        "keyboard_event",
        "window_event",
    }
)
"""Events the page sends of itself (its size, theme, address), never because of a tap."""


def taps_told(frames: Sequence[bytes]) -> list[str]:
    """The names of the control events (a click, a change) the page sent in ``frames``:
    ``[3, {"target": <control>, "name": "click", ...}]``. The page's own events are left
    out: at start it reports its size and theme a moment after the first frame (seen in CI
    just as the first tap was made), and those frames are no sign that a tap was sent."""
    return [
        name
        for body in messages_told(frames, CONTROL_EVENT)
        if isinstance(name := body.get("name"), str) and name not in PAGE_EVENTS
    ]


REACTION_MS = 30000
"""How long a tap gets to change the app's state before the test asks whether it was sent."""
SLOW_REACTION_MS = 60000
"""How much longer a tap the page did send gets: it is only slow, on a machine full of tests."""
STILL_SECONDS = 3.0
"""How long a tap waits for its control to stop moving before it taps anyway."""


class AppPage:
    """One browser tab on the app, with the taps it made counted."""

    def __init__(self, page: Page, locale: str = "en-US") -> None:
        self.page = page
        self.language = language_for_locales([locale]).code
        """The language the app speaks to a browser asking for ``locale``, as the app picks
        it (labels are read in it)."""
        self.taps = 0
        self.console: list[str] = []
        """Browser console lines and the test's own taps, timed, for a failure report."""
        self._started = time.monotonic()
        self.sent: list[bytes] = []
        """Every frame the page sent to the app, to know what the server has been told."""
        self._listen(page)

    def word(self, english: str) -> str:
        """``english`` as this tab's app shows it: a label found by its words is found in
        the language the browser asks for (the app's catalogue, as the app reads it)."""
        return translations(self.language).gettext(english)

    def _listen(self, page: Page) -> None:
        page.on("console", lambda message: self.note(f"{message.type}: {message.text}"))
        page.on("websocket", self._watch)

    def reopen_in_a_new_tab(self, url: str | None = None) -> None:
        """Close this tab and open its address (or ``url``) in a new one of the same browser
        context (the same device: its storage and device key are the context's). A tab whose
        renderer is stuck stays stuck across a reload (seen in CI on a doubly loaded machine:
        the reload itself timed out after 30 s, and so did a screenshot); a new tab gets a
        renderer of its own, as a person would close a frozen tab and open the app again.
        A new tab is also a new Flet session: the old one is not rejoined, as after a
        browser closed and opened again."""
        context = self.page.context
        url = url or self.page.url
        with contextlib.suppress(PlaywrightError):  # a stuck tab may not close cleanly
            self.page.close(run_before_unload=False)
        self.page = context.new_page()
        self._listen(self.page)
        self.open(url)

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
        """The app state's revision, shown in an invisible node (see ``revision_marker``).

        Waited for as long as any reaction (:data:`REACTION_MS`): with two test runs on two
        cores a screen drawn with its controls once had no marker yet after 10 s."""
        marker = self.page.locator('[flt-semantics-identifier^="revision-"]').first
        marker.wait_for(state="attached", timeout=REACTION_MS)
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
        try:
            self._bring_into_view(target)
            sent_before = len(self.sent)
            target.click()
        except PlaywrightTimeoutError:
            if self.draws_frames():
                self.keep_evidence(f"{identifier} could not be tapped")
                raise
            # Headless Chromium on a busy machine has stopped drawing frames (seen twice in
            # CI: the click waited 30 s for the control to be "stable" and a screenshot timed
            # out too). Nothing on the page can be tapped then, by a test or a person; a
            # person opens the app again, and it must come back at the same screen: so does this.
            self.note(f"the page drew no frame: opened it in a new tab to tap {identifier}")
            self.reopen_in_a_new_tab()
            target = self.wait_for(identifier).first
            before = self.revision()
            sent_before = len(self.sent)
            target.click()
        self.taps += 1
        self._wait_for_reaction(identifier, target, before, sent_before)

    def _wait_for_reaction(
        self, identifier: str, target: Locator, before: int, sent_before: int
    ) -> None:
        """Wait until the app has handled a tap, however loaded the machine.

        Two test runs side by side on 2 cores once kept a tap unanswered for 30 s. A tap
        the page never sent (no frame left it: the click landed while Flutter was still
        rebuilding its semantics) is tapped again, as a person whose tap did nothing taps
        again; a tap the page did send is only slow, and is waited for longer, never sent
        twice (a second Record would record twice)."""
        for tapped_again in (False, True):
            if tapped_again:
                self.note(f"tap {identifier}: the page sent nothing; tapped again")
                sent_before = len(self.sent)
                target.click()
            try:
                self.wait_for_change(before, timeout=REACTION_MS)
                return
            except PlaywrightTimeoutError:
                pass
            if taps_told(self.sent[sent_before:]):  # sent: only slow, never sent twice
                self.note(f"tap {identifier}: sent but unanswered for {REACTION_MS} ms; waiting")
                try:
                    self.wait_for_change(before, timeout=SLOW_REACTION_MS)
                    return
                except PlaywrightTimeoutError:
                    break
        self.keep_evidence(f"the app did not react to a tap on {identifier}")
        raise AssertionError(
            f"the app did not react to a tap on {identifier} (revision still {before})"
        )

    def _bring_into_view(self, target: Locator) -> None:
        """Scroll a control into view and wait until it stops moving, as a finger waits for
        a row to stop scrolling before it taps: the canvas moves a scrolled row a frame after
        the screen reader's copy, and a click aimed at a chip still sliding in (the last of a
        sideways roster) once landed on its neighbour."""
        for attempt in range(1, 4):
            try:
                target.scroll_into_view_if_needed(timeout=10000)
                break
            except PlaywrightError as problem:
                # the screen reader's copy was rebuilt under the finger (seen in CI right after
                # a reconnect: the node found was replaced a moment later): look again
                if "not attached" not in str(problem) or attempt == 3:
                    raise
                self.note(f"the control was redrawn while scrolled to; found again ({attempt})")
                self.page.wait_for_timeout(100)
        deadline = time.monotonic() + STILL_SECONDS
        last = target.bounding_box()
        while time.monotonic() < deadline:
            self.page.wait_for_timeout(50)
            now = target.bounding_box()
            if now == last:
                return
            last = now

    def draws_frames(self) -> bool:
        """Whether the page still draws animation frames, within 5 s. Asked with a timeout
        of Playwright's own: a page whose main thread is stuck runs no timer either, and a
        promise racing a ``setTimeout`` inside it never settled (a test waited out its 300 s)."""
        try:
            self.page.wait_for_function("() => true", polling="raf", timeout=5000)
        except PlaywrightTimeoutError:
            return False
        return True

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

    def says(self, identifier: str, text: str, timeout: float = 10.0) -> bool:
        """Whether the control comes to hold ``text`` within ``timeout`` seconds: the screen
        reader's copy of a screen is rebuilt a frame after the app's answer, which a busy
        machine can delay past the revision the tap waited for."""
        deadline = time.monotonic() + timeout
        while text not in (shown := self.text_of(identifier)):
            if time.monotonic() > deadline:
                self.note(f"{identifier} says {shown!r}, not {text!r}")
                return False
            self.page.wait_for_timeout(50)
        return True

    def cell_value(self, identifier: str) -> str:
        """What a bid or took cell shows: its accessible name reads "Bob's bid: 1: tap to
        change" (or "… (worked out): tap to change"), a cell not yet entered just its text."""
        text = self.text_of(identifier).strip()
        said = re.search(r": ([^:]+?)(?: \(worked out\))?: tap to change$", text)
        return said.group(1) if said else text

    def type_into(self, label: str, text: str) -> None:
        """Type ``text`` into the empty field labelled ``label`` as a person would, then Enter.

        A person looks before typing: at a field that is empty and has the cursor. The test
        waits for exactly that, not for a time. After a name is added the app clears the field
        and gives it the cursor again, and on a busy machine the clear comes well after the
        player is seated: measured with one core hogged, the field had the cursor back, still
        showing the last name, for up to a second before it was cleared. Keys typed in that
        second joined the old name ("AnnBob") or were wiped by the clear.

        Enter is pressed only once the page has told the app that the field holds exactly
        ``text`` (see :meth:`_app_was_told`): the browser's input element can hold the last
        key before Flutter does, and an Enter in between would submit "An" for "Ann". Keys
        typed in the very instant Flutter swaps its editing element can land in one it no
        longer listens to: then the field's text is selected and typed again, up to three
        times, each retry noted for the failure report.
        """
        field = self.page.get_by_role("textbox", name=label).first
        self._wait_until_empty(field, label)
        for attempt in range(1, 4):
            sent_before = len(self.sent)
            self._focus(field, label)
            if attempt > 1:
                self.page.keyboard.press("ControlOrMeta+A")
            self.page.keyboard.type(text)
            if self._app_was_told(text, since=sent_before):
                break
            self.note(f"typed {text!r} did not reach the app ({self._focused()}); again")
        else:
            self.keep_evidence(f"typing {text!r} into {label!r} failed ({self._focused()})")
            raise AssertionError(
                f"could not type {text!r} into {label!r}: the app was last told "
                f"{self._last_told(0)!r}"
            )
        before = self.revision()
        self.note(f"type {text!r} into {label!r} and press Enter (revision {before})")
        self.page.keyboard.press("Enter")
        self.wait_for_change(before, timeout=REACTION_MS + SLOW_REACTION_MS)

    def add_players(self, names: Sequence[str], *, key_delay_ms: float = 0) -> None:
        """Type each of ``names`` and Enter into "Add a player" without a pause, as a fast
        typist or a phone's keyboard does, then wait until the seats show every one of them
        in order (after any players already seated).

        Nothing waits between the names: the field takes a name per line and the app never
        writes to it while it is typed in, so no key can be lost or joined to the next name.
        """
        label = self.word("Add a player")
        field = self.page.get_by_role("textbox", name=label).first
        seated = self.page.locator('[flt-semantics-identifier^="seat-"]').count()
        self._focus(field, label)
        self.note(f"type {list(names)!r} with Enter after each ({key_delay_ms} ms a key)")
        first, *rest = names
        self._first_key(field, first[0])
        self.page.keyboard.type(first[1:], delay=key_delay_ms)
        self.page.keyboard.press("Enter")
        for name in rest:
            self.page.keyboard.type(name, delay=key_delay_ms)
            self.page.keyboard.press("Enter")
        last = seated + len(names)
        try:
            self.wait_for(f"seat-{last}", timeout=REACTION_MS + SLOW_REACTION_MS)
            for seat, name in enumerate(names, start=seated + 1):
                expect(self.by_id(f"seat-{seat}").first).to_contain_text(
                    self.word("Remove {name}").format(name=name), timeout=FIELD_CLEARED_MS
                )
        except (AssertionError, PlaywrightTimeoutError):
            self.keep_evidence(f"{list(names)!r} were not all seated")
            raise

    def _first_key(self, field: Locator, key: str) -> None:
        """Type the first key into the field that just took the cursor, and wait until the app
        is told of it. A person looks at the cursor before typing; a test types in the same
        instant, and Flutter may still be swapping the field's editing element for one it
        listens to: a key typed then lands nowhere ("nn" for "Ann"). Typed again (only when
        the field does not hold it: a slow report is waited for, never answered with a second
        key), up to three times, each noted; every later key goes at full speed. A field that
        lost the cursor meanwhile (a late redraw on a loaded machine swapped its element: the
        key went to the page's body) takes it back first, its text selected as the caller
        left it, so the key replaces the same text."""
        for attempt in range(3):
            if attempt and not field.evaluate("e => e === document.activeElement"):
                self.note(f"the field lost the cursor ({self._focused()}); focused again")
                field.focus()
                expect(field).to_be_focused(timeout=FIELD_READY_MS)
                self.page.keyboard.press("ControlOrMeta+A")
            since = len(self.sent)
            self.page.keyboard.type(key)
            if self._app_was_told_ending(key, since=since):
                return
            if field.input_value().endswith(key):  # it landed; the report is slow
                if self._app_was_told_ending(key, since=since, timeout=FIELD_READY_MS / 1000):
                    return
                break
            self.note(f"the first key {key!r} did not reach the app ({self._focused()}); again")
        self.keep_evidence(f"the first key {key!r} never reached the app")
        raise AssertionError(f"the first key {key!r} never reached the app ({self._focused()})")

    def _app_was_told_ending(self, key: str, *, since: int, timeout: float = 3.0) -> bool:
        deadline = time.monotonic() + timeout
        while not (self._last_told(since) or "").endswith(key):
            if time.monotonic() > deadline:
                return False
            self.page.wait_for_timeout(25)
        return True

    def seated(self) -> list[str]:
        """The names in the seating list, in order (read from each seat's Remove button)."""
        names = []
        seats = self.page.locator('[flt-semantics-identifier^="seat-"]')
        for index in range(seats.count()):
            text = seats.nth(index).evaluate("e => e.innerText || e.getAttribute('aria-label')")
            found = re.search(r"Remove (.+?)\s*$", str(text), re.S)
            names.append(found.group(1).strip() if found else str(text))
        return names

    def _wait_until_empty(self, field: Locator, label: str) -> None:
        """Wait until ``field`` holds no text: a field the app has just cleared (after a name
        was added) holds the old text until the clear arrives.

        Under load the clear can reach the screen but not the browser's input element that
        Flutter types through: the field shows empty, its input still holds "Ann", and keys
        typed then either join it ("AnnBob") or reach nothing. A person whose keys do not
        appear taps away and back into the field, which hands the input Flutter's own text
        again; so does this, noted each time, up to three times.
        """
        taps_back = 0
        while True:
            try:
                expect(field).to_have_value("", timeout=FIELD_CLEARED_MS)
                return
            except AssertionError:
                shown = field.input_value()
            if taps_back == 3:
                break
            taps_back += 1
            self.note(f"{label!r} still holds {shown!r} in its input: tap away and back")
            field.blur()
            field.click()
        self.keep_evidence(f"{label!r} still held {shown!r}")
        raise AssertionError(
            f"the field {label!r} still held {shown!r} after three taps back into it: "
            "the app never cleared it"
        )

    def _focus(self, field: Locator, label: str) -> None:
        """Tap ``field`` unless it has the cursor already (the app gives the name field the
        cursor back after Enter: a person just types on), and wait until it has it."""
        if not field.evaluate("e => e === document.activeElement"):
            field.click()
        try:
            expect(field).to_be_focused(timeout=FIELD_READY_MS)
        except AssertionError:
            self.keep_evidence(f"{label!r} did not take the cursor ({self._focused()})")
            raise

    def _app_was_told(self, text: str, *, since: int, timeout: float = 10.0) -> bool:
        """Whether the page tells the app, within ``timeout`` seconds, that the field holds
        exactly ``text``.

        Flutter sends every change of a field to the app as a frame holding the field's new
        value, so once the last value sent is ``text``, Flutter's own copy is ``text`` and an
        Enter submits all of it. The whole value is compared: "AnnBob" does not count as
        "Bob".
        """
        deadline = time.monotonic() + timeout
        while self._last_told(since) != text:
            if time.monotonic() > deadline:
                return False
            self.page.wait_for_timeout(25)
        return True

    def _last_told(self, since: int) -> str | None:
        """The last text value the page sent the app after its first ``since`` frames."""
        told = values_told(self.sent[since:])
        return told[-1] if told else None

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
def phone_page(
    evidence_dir: Path, width: int = 390, height: int = 844, locale: str = "en-US"
) -> Iterator[AppPage]:
    """A fresh browser's page, driven as :class:`AppPage`, keeping its evidence (screenshots
    of taps that got no answer) in ``evidence_dir``; the browser reads ``locale`` (its
    ``navigator.languages``, which the app follows)."""
    with browser_page(width, height, locale) as page:
        app = AppPage(page, locale)
        app.evidence_dir = evidence_dir
        yield app


class SessionChromium:
    """One Chromium for a whole test run, a new context (its own storage, cookies and device
    key: a new phone) for each test.

    Starting Playwright and Chromium took about 0.45 s a test; contexts are cheap. Playwright's
    sync API leaves its event loop set on the thread once started, so no asyncio test may run
    after it: the suite runs its browser tests last (``tests/conftest.py``), and stops this at
    the end. A browser that died (a crash, a timeout's kill) is launched again for the next.
    """

    def __init__(self) -> None:
        self._playwright: Playwright | None = None
        self._browser: Browser | None = None

    def playwright(self) -> Playwright:
        if self._playwright is None:
            self._playwright = sync_playwright().start()
        return self._playwright

    def browser(self) -> Browser:
        if self._browser is None or not self._browser.is_connected():
            self._browser = self.playwright().chromium.launch(
                executable_path=str(CHROMIUM), args=CHROMIUM_ARGS
            )
        return self._browser

    def close_browser(self) -> None:
        """Close the browser (a frozen one too); the next test launches a new one."""
        browser, self._browser = self._browser, None
        with contextlib.suppress(Exception):  # a frozen or crashed browser may not answer
            if browser is not None:
                browser.close()

    def stop(self) -> None:
        """Close the browser and Playwright, if they were started (idempotent)."""
        browser, self._browser = self._browser, None
        playwright, self._playwright = self._playwright, None
        with contextlib.suppress(Exception):  # already gone with a crashed browser
            if browser is not None:
                browser.close()
        if playwright is not None:
            playwright.stop()


CHROMIUM_SESSION = SessionChromium()


@contextmanager
def browser_page(width: int = 390, height: int = 844, locale: str = "en-US") -> Iterator[Page]:
    """A page of its own context in the run's Chromium (see :class:`SessionChromium`), in a
    browser that reads ``locale``."""
    context = CHROMIUM_SESSION.browser().new_context(
        viewport={"width": width, "height": height}, locale=locale
    )
    try:
        yield context.new_page()
    finally:
        with contextlib.suppress(Exception):  # closed with a browser that died
            context.close()
