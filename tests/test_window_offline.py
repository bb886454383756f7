"""The first start on a machine with a display but no internet: the desktop window's client
cannot be downloaded, so scorepad says what it could not fetch and why, and opens the app in
the browser instead (issue 19: it printed only "<urlopen error …>" and exited 1)."""

from __future__ import annotations

import os
import selectors
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.browser.harness import PROJECT, free_port, wait_until_listening

pytestmark = pytest.mark.process

WAIT_SECONDS = 60


def closed_port() -> int:
    """A loopback port nothing listens on: a download from it is refused at once."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_no_internet_for_the_window_opens_the_browser_app_instead(tmp_path: Path) -> None:
    port = free_port()
    client = f"http://127.0.0.1:{closed_port()}/flet-linux-amd64.tar.gz"
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("WAYLAND_DISPLAY",)},
        "DISPLAY": ":99",  # a display: scorepad would open its window
        "HOME": str(tmp_path / "home"),  # no client cached from an earlier start
        "FLET_CLIENT_URL": client,  # where the client would come from: nothing answers
        "BROWSER": "true",  # the browser scorepad opens: a command that does nothing
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "scorepad", "--port", str(port), "--data-dir", str(tmp_path)],
        cwd=PROJECT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    said: list[str] = []
    try:
        assert process.stdout is not None
        waiting = selectors.DefaultSelector()
        waiting.register(process.stdout, selectors.EVENT_READ)
        deadline = time.monotonic() + WAIT_SECONDS
        while not any("scorepad is running at" in line for line in said):
            assert time.monotonic() < deadline, f"no browser app within {WAIT_SECONDS} s: {said}"
            assert process.poll() is None, f"scorepad exited: {said}"
            if waiting.select(timeout=0.5):
                said.append(process.stdout.readline())
        wait_until_listening(process, port)  # the browser app answers
    finally:
        process.terminate()
        process.wait(10)
    text = "".join(said)
    assert "Traceback" not in text
    assert (
        f"scorepad: the desktop window needs Flet's client, downloaded once from {client}, "
        "and it could not be fetched (" in text
    )
    assert "opening scorepad in the browser instead" in text
    assert f"scorepad is running at http://127.0.0.1:{port}/" in text
