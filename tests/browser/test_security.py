"""Nobody but the user: the browser app answers only its own page, asks no other host for
anything, stops promptly, and says so when it is served beyond this machine.

Every connection here goes to 127.0.0.1 (a "foreign" page is one served from another port of
this machine, or one naming another host in its headers); nothing binds another address.
"""

from __future__ import annotations

import base64
import http.client
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from scorepad.ui.web_guard import ServedAddress, is_own_origin
from scorepad.ui.web_server import exposure_warning
from tests.browser.harness import (
    PROJECT,
    AppPage,
    app_command,
    browser_page,
    free_port,
    headless_env,
    require_chromium,
    running_app,
    wait_until_listening,
)


@pytest.fixture
def chromium() -> None:
    require_chromium()


@pytest.fixture(scope="module")
def app_port(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    """One running app for the checks that need no browser."""
    with running_app(tmp_path_factory.mktemp("store")) as url:
        port = urlsplit(url).port
        assert port is not None
        yield port


# --- who may connect -------------------------------------------------------------------------


def websocket_upgrade(port: int, origin: str | None, host: str | None = None) -> socket.socket:
    """A raw WebSocket handshake to the app's endpoint, as any page's script can start one."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    key = base64.b64encode(os.urandom(16)).decode()
    lines = [
        "GET /ws HTTP/1.1",
        f"Host: {host or f'127.0.0.1:{port}'}",
        "Upgrade: websocket",
        "Connection: Upgrade",
        f"Sec-WebSocket-Key: {key}",
        "Sec-WebSocket-Version: 13",
    ]
    if origin is not None:
        lines.append(f"Origin: {origin}")
    sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
    return sock


def status_of_upgrade(port: int, origin: str | None, host: str | None = None) -> int:
    with websocket_upgrade(port, origin, host) as sock:
        reply = b""
        while b"\r\n" not in reply:
            chunk = sock.recv(1024)
            if not chunk:
                break
            reply += chunk
    return int(reply.split(b" ")[1])


def test_the_websocket_opens_only_for_the_apps_own_page(app_port: int) -> None:
    own = f"http://127.0.0.1:{app_port}"
    assert status_of_upgrade(app_port, own) == 101
    assert (
        status_of_upgrade(app_port, f"http://localhost:{app_port}", f"localhost:{app_port}") == 101
    )
    refused = {
        "another site": ("http://evil.example", None),
        "another port of this machine": (f"http://localhost:{app_port + 1}", None),
        "another name for this machine": (f"http://localhost:{app_port}", None),
        "https": (f"https://127.0.0.1:{app_port}", None),
        "a sandboxed page": ("null", None),
        "no Origin": (None, None),
        "DNS rebinding": (f"http://evil.example:{app_port}", f"evil.example:{app_port}"),
        "another port in Host": (own, f"127.0.0.1:{app_port + 1}"),
    }
    for case, (origin, host) in refused.items():
        assert status_of_upgrade(app_port, origin, host) == 403, case


def http_get(
    port: int, path: str, origin: str | None = None, host: str | None = None, method: str = "GET"
) -> tuple[int, dict[str, str], bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
        connection.putheader("Host", host or f"127.0.0.1:{port}")
        if origin is not None:
            connection.putheader("Origin", origin)
        connection.endheaders()
        response = connection.getresponse()
        headers = {name.lower(): value for name, value in response.getheaders()}
        return response.status, headers, response.read()
    finally:
        connection.close()


def test_no_response_lets_another_site_read_it(app_port: int) -> None:
    own = f"http://127.0.0.1:{app_port}"
    for path in ("/", "/flutter_bootstrap.js", "/main.dart.js", "/no-such-route", "/icon.png"):
        for origin in (None, own):
            status, headers, _ = http_get(app_port, path, origin)
            assert status == 200, (path, origin)
            assert "access-control-allow-origin" not in headers, (path, origin)
            assert headers["content-security-policy"] == "frame-ancestors 'self'"


def test_http_routes_refuse_other_sites_and_other_names(app_port: int) -> None:
    status, _, body = http_get(app_port, "/", origin="http://evil.example")
    assert status == 403
    assert b"'http://evil.example' may not use the app" in body
    status, _, body = http_get(app_port, "/", host=f"evil.example:{app_port}")
    assert status == 403
    assert b"does not answer to 'evil.example:" in body
    assert http_get(app_port, "/", host=f"localhost:{app_port}")[0] == 200
    assert http_get(app_port, "/", host=f"[::1]:{app_port}")[0] == 200
    assert http_get(app_port, "/oauth_callback", method="POST")[0] == 403  # no Origin


def test_the_addresses_the_app_answers_to() -> None:
    served = ServedAddress("127.0.0.1", 8550)
    for host in ("127.0.0.1:8550", "localhost:8550", "LOCALHOST:8550", "[::1]:8550"):
        assert served.answers_to(host), host
    for host in ("evil.example:8550", "127.0.0.1:8551", "127.0.0.1", "192.168.1.9:8550", ""):
        assert not served.answers_to(host), host
    assert ServedAddress("pad.example", 8550).answers_to("pad.example:8550")
    everywhere = ServedAddress("0.0.0.0", 8550)
    assert everywhere.answers_to("192.168.1.9:8550")
    assert everywhere.answers_to("[fe80::1]:8550")
    assert not everywhere.answers_to("evil.example:8550")
    assert is_own_origin("http://[::1]:8550", "[::1]:8550")
    assert not is_own_origin("http://127.0.0.1:8550/x", "127.0.0.1:8550")


FOREIGN_PAGE = """<!doctype html>
<title>some other page</title>
<script>
const app = new URLSearchParams(location.search).get("app");
window.result = new Promise((resolve) => {
  const out = { websocket: "pending", page: "pending", files: "pending" };
  const settle = (key, value) => {
    if (out[key] === "pending") out[key] = value;
    if (Object.values(out).every((v) => v !== "pending")) resolve(out);
  };
  const socket = new WebSocket(`ws://127.0.0.1:${app}/ws`);
  socket.onopen = () => settle("websocket", "opened");
  socket.onerror = () => settle("websocket", "refused");
  socket.onclose = () => settle("websocket", "refused");
  const read = (path, key) => fetch(`http://127.0.0.1:${app}${path}`)
    .then((response) => response.text())
    .then((text) => settle(key, `read ${text.length} characters`), () => settle(key, "refused"));
  read("/", "page");
  read("/main.dart.mjs", "files");
});
</script>
"""


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        """Keep the test's output clean."""


@pytest.fixture
def foreign_site(tmp_path: Path) -> Iterator[int]:
    """Another web server on this machine, serving a page that tries to use the app."""
    folder = tmp_path / "site"
    folder.mkdir()
    (folder / "page.html").write_text(FOREIGN_PAGE, encoding="utf-8")
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(QuietHandler, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield int(server.server_address[1])
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.browser
@pytest.mark.usefixtures("chromium")
def test_a_page_from_another_origin_cannot_open_a_session_or_read_anything(
    tmp_path: Path, foreign_site: int
) -> None:
    with running_app(tmp_path / "store") as url, browser_page() as page:
        port = urlsplit(url).port
        for origin in (f"http://localhost:{foreign_site}", f"http://127.0.0.1:{foreign_site}"):
            page.goto(f"{origin}/page.html?app={port}")
            result = page.evaluate("window.result")
            assert result == {"websocket": "refused", "page": "refused", "files": "refused"}


# --- offline means offline -------------------------------------------------------------------


@pytest.mark.browser
@pytest.mark.usefixtures("chromium")
@pytest.mark.parametrize("renderer", ["auto", "canvaskit"], ids=["wasm client", "js client"])
def test_the_page_asks_no_other_host_for_anything(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, renderer: str, phone: AppPage
) -> None:
    """Chromium loads the WebAssembly client; browsers without WasmGC load the JavaScript one
    (forced here with Flet's renderer setting). Both hold the CDN address. On a phone page,
    so that a Chromium freeze (a page that stops drawing on a loaded machine) is told and the
    test run once more, as every phone test is (tests/browser/conftest.py)."""
    monkeypatch.setenv("FLET_WEB_RENDERER", renderer)
    with running_app(tmp_path / "store") as url:
        own = urlsplit(url).netloc
        requested: list[str] = []
        phone.page.context.on("request", lambda request: requested.append(request.url))
        phone.open(url)
        phone.tap("new-game")
        phone.wait_for("start-game")
    elsewhere = [
        address
        for address in requested
        if not address.startswith("data:") and urlsplit(address.removeprefix("blob:")).netloc != own
    ]
    assert elsewhere == []
    assert any(address.endswith("/rive_native.js") for address in requested)  # the local stub


# --- stopping --------------------------------------------------------------------------------


@pytest.mark.browser
@pytest.mark.usefixtures("chromium")
@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "Ctrl+C"])
def test_a_stop_signal_ends_the_server_promptly_with_sessions_open(
    tmp_path: Path, stop: signal.Signals
) -> None:
    """A tab in Chromium has a session open; another connection froze (it never answers the
    server's close, as a sleeping phone would). The server still stops within 2 s."""
    port = free_port()
    process = subprocess.Popen(
        app_command(port, tmp_path / "store"),
        cwd=PROJECT,
        env=headless_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        wait_until_listening(process, port)
        with browser_page() as page, websocket_upgrade(port, f"http://127.0.0.1:{port}"):
            app = AppPage(page)
            app.open(f"http://127.0.0.1:{port}/")
            app.tap("new-game")
            started = time.monotonic()
            process.send_signal(stop)
            code = process.wait(10)
            took = time.monotonic() - started
        print(f"scorepad stopped {took:.2f} s after {stop.name}")
        output = process.stdout.read() if process.stdout else ""
        assert took < 2.5
        assert code == 0, output
        assert output.strip().splitlines()[-1].startswith("scorepad stopped; every game is saved")
        assert "Traceback" not in output
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


# --- where it is served ----------------------------------------------------------------------


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scorepad", *args],
        cwd=PROJECT,
        env=headless_env(),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.process
def test_a_host_that_does_not_resolve_says_so(tmp_path: Path) -> None:
    done = run_cli(
        "--web", "--host", "nosuch.invalid", "--port", str(free_port()), "--data-dir", str(tmp_path)
    )
    assert done.returncode == 1
    assert done.stderr == (
        "scorepad: cannot serve on nosuch.invalid: the host name does not resolve\n"
    )


@pytest.mark.process
def test_a_port_in_use_says_so(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = run_cli("--web", "--port", str(port), "--data-dir", str(tmp_path))
    assert done.returncode == 1
    assert done.stderr == (
        f"scorepad: port {port} on 127.0.0.1 is in use; pick another with --port\n"
    )


def test_serving_beyond_this_machine_warns_that_anyone_there_can_watch_the_game() -> None:
    for host, addresses in (
        ("0.0.0.0", ["0.0.0.0"]),
        ("::", ["::"]),
        ("192.168.1.20", ["192.168.1.20"]),
        ("pad.lan", ["127.0.0.1", "10.0.0.7"]),
    ):
        warning = exposure_warning(host, addresses)
        assert warning is not None, host
        assert f"--host {host} serves the app beyond this machine" in warning
        assert "anyone on your network" in warning
        assert "can watch the game being played" in warning
        assert "the PIN printed below let a device keep score" in warning  # issue 11
        assert "\n" not in warning
    for host, addresses in (
        ("127.0.0.1", ["127.0.0.1"]),
        ("::1", ["::1"]),
        ("localhost", ["::1", "127.0.0.1"]),
        ("127.0.0.2", ["127.0.0.2"]),
    ):
        assert exposure_warning(host, addresses) is None, host
