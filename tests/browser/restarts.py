"""The app as a server that can be stopped and started again on the same port and folder, as
after a crash, a restart or a laptop waking up; and the page's own connection notice."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.browser.harness import (
    PROJECT,
    AppPage,
    app_command,
    headless_env,
    wait_until_listening,
)

NOTICE = "#scorepad-connection"
"""The page's connection notice (scorepad/ui/connection_notice.js)."""


class Server:
    """``scorepad --web`` on a fixed port and data folder: stop it and start it again."""

    def __init__(self, port: int, data_dir: Path) -> None:
        self.port = port
        self.data_dir = data_dir
        self.url = f"http://127.0.0.1:{port}/"
        self.process: subprocess.Popen[str] | None = None

    def start(self) -> float:
        """Start the app; returns how long it took to listen, in seconds."""
        started = time.monotonic()
        self.process = subprocess.Popen(
            app_command(self.port, self.data_dir),
            cwd=PROJECT,
            env=headless_env(),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        wait_until_listening(self.process, self.port)
        return time.monotonic() - started

    def stop(self, *, kill: bool = False) -> None:
        """Ctrl+C's signal (SIGTERM), or SIGKILL as a crash or a pulled plug would."""
        if self.process is None:
            return
        if kill:
            self.process.kill()
        else:
            self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None


@contextmanager
def server(port: int, data_dir: Path) -> Iterator[Server]:
    app = Server(port, data_dir)
    app.start()
    try:
        yield app
    finally:
        app.stop()


def leave(phone: AppPage) -> None:
    """Close the app in this tab, as a user closing it would (the tab goes to a blank page), so
    that nothing reconnects by itself when the server comes back.

    A page left open reconnects to a restarted server on its own, and the new server starts a
    session for it that asks the phone for its kept theme. A reload in that moment loses the
    phone's answer: the app waits for it forever (a Flet 1.0.5 invoke has no timeout) and the
    reloaded page, joined to that session, stays light. That is a bug of the app's, not of the
    test's; a test that means "open the app again after a restart" closes it first, so that it
    tests that and not the race.
    """
    phone.note("the tab leaves the app")
    phone.page.goto("about:blank")


def notice_state(phone: AppPage) -> str | None:
    """``"lost"``, ``"back"``, ``"hidden"``, or None before the notice was ever needed."""
    state = phone.page.evaluate(
        "sel => { const n = document.querySelector(sel); return n ? n.dataset.state : null; }",
        NOTICE,
    )
    return None if state is None else str(state)


def wait_for_notice(phone: AppPage, state: str, timeout: float = 60000) -> float:
    """Wait until the notice is in ``state``; returns how long that took, in seconds."""
    started = time.monotonic()
    phone.page.wait_for_function(
        "([sel, state]) => { const n = document.querySelector(sel);"
        " return n !== null && n.dataset.state === state; }",
        arg=[NOTICE, state],
        timeout=timeout,
    )
    return time.monotonic() - started


def turn_on_semantics(phone: AppPage) -> None:
    """After a reload: Flutter's accessibility tree is off again in the new page."""
    placeholder = phone.page.wait_for_selector(
        "flt-semantics-placeholder", state="attached", timeout=60000
    )
    assert placeholder is not None
    placeholder.dispatch_event("click")
    phone.page.wait_for_selector("flt-semantics", state="attached", timeout=30000)
