"""Safari's engine on a machine with no display: WebKitGTK's MiniBrowser driven by Selenium
through ``WebKitWebDriver``, on an Xvfb display of the test's own (see
``../shared/notes/webkit.md``; the packages are Debian's ``webkit2gtk-driver`` and ``xvfb``).

What differs from the Chromium harness (tests/browser/harness.py), and why:

- WebKitGTK needs a display: each browser gets an ``Xvfb -displayfd`` of its own (the server
  picks a free display number and tells it, so parallel workers never collide), and only the
  driver and the browser see ``DISPLAY``.
- With no locale in the environment Flet's client never leaves its splash (Dart's
  ``Intl.Locale`` throws "invalid language tag"): the browser gets ``LANG=en_US.UTF-8``, as a
  real Safari always reports a language.
- Selenium's ``element.click()`` on a Flutter semantics node is refused ("element not
  interactable"): a tap is a pointer action at the node's centre.
- WebDriver gives no console log here: the page's errors are caught by listeners installed
  right after each load, and read back on a failure.

Connections go to 127.0.0.1 only (the app under test), as everywhere in the tests.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.common.exceptions import JavascriptException, WebDriverException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.webkitgtk.options import Options
from selenium.webdriver.webkitgtk.service import Service

WEBKIT_DRIVER = Path("/usr/bin/WebKitWebDriver")
MINIBROWSER_PLACES = (
    Path("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"),
    Path("/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser"),
    Path("/usr/lib/x86_64-linux-gnu/webkitgtk-6.0/MiniBrowser"),
    Path("/usr/lib/aarch64-linux-gnu/webkitgtk-6.0/MiniBrowser"),
)
XVFB = Path("/usr/bin/Xvfb")
LOCALE = "en_US.UTF-8"

START_S = 90.0
"""The longest a page may take to show the app's first screen: the served app is up in about
3 s, the offline app (Pyodide, software graphics) in 20-30 s on a loaded 2-core machine."""
TAP_S = 30.0
"""The longest a tap may take to be answered (a new revision drawn)."""

WATCH_ERRORS = """
if (!window.__scorepadErrors) {
  window.__scorepadErrors = [];
  window.addEventListener("error", e => window.__scorepadErrors.push("error: " + e.message));
  window.addEventListener("unhandledrejection",
    e => window.__scorepadErrors.push("unhandled rejection: " + e.reason));
  const original = console.error;
  console.error = function (...args) {
    window.__scorepadErrors.push("console.error: " + args.join(" "));
    original.apply(console, args);
  };
}
"""


def minibrowser() -> Path | None:
    return next((place for place in MINIBROWSER_PLACES if place.exists()), None)


def require_webkit() -> None:
    """Skip without WebKitGTK locally; under CI fail instead, so the tests never skip there."""
    missing = [str(path) for path in (WEBKIT_DRIVER, XVFB) if not path.exists()] + (
        [] if minibrowser() else ["WebKitGTK's MiniBrowser"]
    )
    if not missing:
        return
    if os.environ.get("CI"):
        pytest.fail(f"CI must run the WebKit tests: .ci/run installs them first ({missing})")
    pytest.skip(
        f"WebKitGTK is not installed ({', '.join(missing)}): apt-get install -y "
        "webkit2gtk-driver xvfb"
    )


@contextlib.contextmanager
def own_display() -> Iterator[str]:
    """An X display of this test's own (``:N``), gone afterwards."""
    read, write = os.pipe()
    server = subprocess.Popen(
        [str(XVFB), "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    try:
        with os.fdopen(read) as told:
            number = told.readline().strip()
        if not number.isdigit():
            raise RuntimeError(f"Xvfb told no display number ({number!r})")
        yield f":{number}"
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


class WebKitPage:
    """One WebKitGTK browser, driven as a person at a phone-sized window would use the app:
    taps at a node's centre, keys into the focused field, and waits for the app's answer."""

    def __init__(self, driver: webdriver.WebKitGTK, evidence: Path) -> None:
        self.driver = driver
        self.evidence = evidence
        self.notes: list[str] = []
        self._started = time.monotonic()

    def note(self, text: str) -> None:
        self.notes.append(f"{time.monotonic() - self._started:7.2f}s {text}")

    # --- loading ---------------------------------------------------------------------------

    def open(self, url: str, first: str = "new-game", timeout: float = START_S) -> None:
        """Load ``url``, turn on Flutter's semantics tree, and wait for ``first``."""
        self.note(f"open {url[:80]}")
        self.driver.get(url)
        self.show(first, timeout)

    def show(self, first: str = "new-game", timeout: float = START_S) -> None:
        """After a load: watch the page's errors, turn on the semantics tree, wait for
        ``first`` (the app's Python drew its first screen)."""
        self.driver.execute_script(WATCH_ERRORS)
        self.until(
            "document.querySelector('flt-semantics-placeholder') !== null",
            timeout,
            "Flutter's semantics placeholder",
        )
        self.driver.execute_script("document.querySelector('flt-semantics-placeholder').click()")
        self.wait_for(first, timeout)
        self.note(f"{first} shown")

    # --- finding and waiting ---------------------------------------------------------------

    def until(self, condition: str, timeout: float, what: str) -> object:
        """Wait until the JavaScript expression ``condition`` is true (returns its value)."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                value = self.driver.execute_script(f"return ({condition});")
            except JavascriptException as problem:  # a page being replaced
                value = None
                self.note(f"while waiting for {what}: {problem.msg}")
            if value:
                return value
            if time.monotonic() > deadline:
                self.keep_evidence(f"no {what} after {timeout:.0f} s")
                raise AssertionError(f"no {what} after {timeout:.0f} s (see {self.evidence})")
            time.sleep(0.05)

    def wait_for(self, identifier: str, timeout: float = TAP_S) -> None:
        self.until(
            f"document.querySelector('[flt-semantics-identifier=\"{identifier}\"]') !== null",
            timeout,
            f"node {identifier!r}",
        )

    def count(self, prefix: str) -> int:
        return int(
            self.driver.execute_script(
                "return document.querySelectorAll(arguments[0]).length;",
                f'[flt-semantics-identifier^="{prefix}"]',
            )
        )

    def text_of(self, identifier: str) -> str:
        self.wait_for(identifier)
        return str(
            self.driver.execute_script(
                "const e = document.querySelector(arguments[0]);"
                "return e.innerText || e.getAttribute('aria-label') || '';",
                f'[flt-semantics-identifier="{identifier}"]',
            )
        )

    def revision(self) -> int:
        found = self.driver.execute_script(
            "const m = document.querySelector('[flt-semantics-identifier^=\"revision-\"]');"
            "return m ? m.getAttribute('flt-semantics-identifier') : null;"
        )
        return int(str(found).removeprefix("revision-")) if found else -1

    def saved_through(self) -> int:
        found = self.driver.execute_script(
            "const m = document.querySelector('[flt-semantics-identifier^=\"saved-\"]');"
            "return m ? m.getAttribute('flt-semantics-identifier') : null;"
        )
        return int(str(found).removeprefix("saved-")) if found else -1

    def wait_for_change(self, since: int, timeout: float = TAP_S) -> None:
        deadline = time.monotonic() + timeout
        while self.revision() <= since:
            if time.monotonic() > deadline:
                self.keep_evidence(f"no answer after revision {since}")
                raise AssertionError(f"the app did not answer (revision {since}, {self.evidence})")
            time.sleep(0.05)

    def wait_until_saved(self, revision: int, timeout: float = TAP_S) -> None:
        deadline = time.monotonic() + timeout
        while self.saved_through() < revision:
            if time.monotonic() > deadline:
                self.keep_evidence(f"revision {revision} not saved")
                raise AssertionError(f"revision {revision} was not saved ({self.evidence})")
            time.sleep(0.05)

    # --- acting ----------------------------------------------------------------------------

    def tap(self, identifier: str) -> None:
        """Tap the node's centre (a pointer action: Selenium's click is refused on Flutter's
        semantics nodes) and wait for the app's answer."""
        self.wait_for(identifier)
        before = self.revision()
        self.tap_without_waiting(identifier)
        self.wait_for_change(before)

    def tap_without_waiting(self, identifier: str) -> None:
        self._pointer_tap(f'[flt-semantics-identifier="{identifier}"]')

    def _pointer_tap(self, selector: str) -> None:
        """A pointer's tap at the centre of the element ``selector`` finds, scrolled into view."""
        x, y = self.driver.execute_script(
            "const e = document.querySelector(arguments[0]);"
            "e.scrollIntoView({block: 'center'});"
            "const r = e.getBoundingClientRect();"
            "return [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)];",
            selector,
        )
        self.note(f"tap {selector} at {x},{y}")
        actions = ActionBuilder(self.driver)
        actions.pointer_action.move_to_location(x, y)  # type: ignore[no-untyped-call]
        actions.pointer_action.click()
        actions.perform()

    def focus_field(self, label: str) -> None:
        """Tap the text field labelled ``label`` and wait until it has the cursor."""
        selector = f'[aria-label="{label}"]'
        self.until(f"document.querySelector('{selector}') !== null", TAP_S, f"field {label!r}")
        self._pointer_tap(selector)
        self.until(
            f"document.activeElement && document.activeElement.matches('{selector}')",
            TAP_S,
            f"the cursor in {label!r}",
        )

    def type_keys(self, text: str) -> None:
        """Keys into the focused field, as a keyboard sends them."""
        ActionChains(self.driver).send_keys(text).perform()

    def press_enter(self) -> None:
        ActionChains(self.driver).send_keys(Keys.ENTER).perform()

    def errors(self) -> list[str]:
        try:
            return list(self.driver.execute_script("return window.__scorepadErrors || [];"))
        except WebDriverException:
            return ["(the page could not be asked)"]

    def keep_evidence(self, what: str) -> None:
        self.evidence.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(WebDriverException):
            self.driver.save_screenshot(str(self.evidence / "webkit.png"))
        lines = [f"{what}", *self.notes, "page errors:", *self.errors()]
        (self.evidence / "webkit-notes.txt").write_text("\n".join(lines))


@contextlib.contextmanager
def webkit_page(evidence: Path, width: int = 390, height: int = 844) -> Iterator[WebKitPage]:
    """A fresh WebKitGTK browser on a display of its own, at a phone's size."""
    browser = minibrowser()
    assert browser is not None
    with own_display() as display:
        options = Options()
        options.binary_location = str(browser)
        options.add_argument("--automation")
        environment = {**os.environ, "DISPLAY": display, "LANG": LOCALE, "LC_ALL": LOCALE}
        service = Service(executable_path=str(WEBKIT_DRIVER), env=environment)
        driver = webdriver.WebKitGTK(options=options, service=service)
        try:
            driver.set_window_size(width, height)
            page = WebKitPage(driver, evidence)
            try:
                yield page
            except BaseException:
                page.keep_evidence("the test failed")
                raise
        finally:
            with contextlib.suppress(WebDriverException):
                driver.quit()
