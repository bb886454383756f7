"""``scorepad --share`` (issue 11): what it prints at start, where it listens, and one line for
each way it cannot start.

Every server here listens on loopback only (``--share --host 127.0.0.1``, as the browser tests
and the benchmark run it) and every connection goes to 127.0.0.1. Which addresses the server
listens on is read from the kernel's table of listening sockets (``/proc/net/tcp``), not
guessed from what it prints.
"""

from __future__ import annotations

import http.client
import ipaddress
import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import pytest

from scorepad.sharing import ShareInfo
from scorepad.sharing.table import SharedTable
from scorepad.store import TableFile
from scorepad.store.table_file import TABLE_FILE_NAME
from scorepad.ui import launch
from scorepad.ui.launch import app_main, serving_host, share_lines, table_for
from scorepad.ui.state import ScorepadApp
from scorepad.ui.web_server import exposure_warning
from tests.browser.harness import free_port
from tests.qr import qr_texts
from tests.ui.test_share_address import terminal_image

PROJECT = Path(__file__).resolve().parents[1]
START_SECONDS = 60
"""How long the app gets to say it is serving (about 2 s on a quiet machine, far longer while
other test runs fill both cores)."""

PIN_LINE = re.compile(r"\bPIN\b\D{0,40}?\b(\d{4})\b")
TOKEN_ADDRESS = re.compile(r"http://127\.0\.0\.1:(\d+)/\?token=([A-Za-z0-9_-]+)")
"""How the browser tests (tests/browser/shared.py) find the PIN and the scorekeeper's address
in what ``--share`` prints: these lines are an interface."""

PROC_TABLES = (Path("/proc/net/tcp"), Path("/proc/net/tcp6"))
LISTEN = "0A"


def headless_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    return env | {"PYTHONUNBUFFERED": "1", "PYTHONIOENCODING": "utf-8"}


def listening_addresses(port: int) -> set[str]:
    """The local addresses of the sockets listening on TCP ``port``, from the kernel's tables
    (each address is hex, in the host's byte order per 32-bit word)."""
    found: set[str] = set()
    for table in PROC_TABLES:
        if not table.exists():
            continue
        for line in table.read_text().splitlines()[1:]:
            fields = line.split()
            local, state = fields[1], fields[3]
            address, _, port_hex = local.partition(":")
            if state != LISTEN or int(port_hex, 16) != port:
                continue
            raw = bytes.fromhex(address)
            words = b"".join(raw[i : i + 4][::-1] for i in range(0, len(raw), 4))
            found.add(str(ipaddress.ip_address(words)))
    return found


@dataclass
class Started:
    process: subprocess.Popen[str]
    lines: list[str]
    """Its stdout up to and including 'games are kept in ...'."""


@contextmanager
def started(*args: str, data_dir: Path) -> Iterator[Started]:
    """``scorepad ARGS`` without a display, until it says where the games are kept (it is then
    about to answer); stopped with SIGTERM afterwards, as Ctrl+C would."""
    process = subprocess.Popen(
        [sys.executable, "-m", "scorepad", *args, "--data-dir", str(data_dir)],
        cwd=PROJECT,
        env=headless_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
    )
    lines: queue.Queue[str | None] = queue.Queue()

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.put(line.rstrip("\n"))
        lines.put(None)

    threading.Thread(target=read, daemon=True).start()
    seen: list[str] = []
    try:
        deadline = time.monotonic() + START_SECONDS
        while not (seen and seen[-1].startswith("games are kept in")):
            line = lines.get(timeout=max(0.0, deadline - time.monotonic()))
            if line is None:
                stderr = process.stderr.read() if process.stderr else ""
                pytest.fail(f"scorepad exited: {seen} {stderr}")
            seen.append(line)
        yield Started(process, seen)
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def wait_listening(port: int) -> set[str]:
    """The addresses listening on ``port`` once there is one (the server takes its sockets
    from scorepad's bind, so they listen a moment after the start lines are printed)."""
    deadline = time.monotonic() + START_SECONDS
    while not (addresses := listening_addresses(port)):
        assert time.monotonic() < deadline, f"nothing listens on port {port}"
        time.sleep(0.05)
    return addresses


def get(port: int, path: str) -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", path)
        return connection.getresponse().status
    finally:
        connection.close()


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scorepad", *args],
        cwd=PROJECT,
        env=headless_env(),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )


needs_proc = pytest.mark.skipif(
    not PROC_TABLES[0].exists(), reason="reads Linux's /proc/net/tcp to see where it listens"
)


# --- where it listens -------------------------------------------------------------------------


@needs_proc
@pytest.mark.process
def test_without_share_the_app_listens_on_this_machine_only(tmp_path: Path) -> None:
    port = free_port()
    with started("--web", "--port", str(port), data_dir=tmp_path) as app:
        assert wait_listening(port) == {"127.0.0.1"}
        assert app.lines[0] == f"scorepad is running at http://127.0.0.1:{port}/ (Ctrl+C to stop)"
        assert not any("PIN" in line or "token=" in line for line in app.lines)
        app.process.send_signal(signal.SIGTERM)
        assert app.process.wait(20) == 0
        assert app.process.stderr is not None
        assert app.process.stderr.read() == ""  # no exposure warning, no traceback


def test_the_host_is_loopback_unless_shared_or_asked_for() -> None:
    assert serving_host(None, share=False) == "127.0.0.1"
    assert serving_host(None, share=True) == "0.0.0.0"
    assert serving_host("127.0.0.1", share=True) == "127.0.0.1"  # an explicit --host wins
    assert serving_host("::1", share=False) == "::1"


# --- what --share prints ----------------------------------------------------------------------


@needs_proc
@pytest.mark.process
def test_share_prints_the_join_address_its_qr_code_the_pin_and_the_scorekeepers_address(
    tmp_path: Path,
) -> None:
    port = free_port()
    with started("--share", "--host", "127.0.0.1", "--port", str(port), data_dir=tmp_path) as app:
        assert wait_listening(port) == {"127.0.0.1"}  # the explicit --host wins
        text = "\n".join(app.lines)
        join = f"http://127.0.0.1:{port}/"
        assert app.lines[0] == "scorepad is sharing the table (Ctrl+C to stop)"
        assert app.lines[1] == (
            f"Players: scan this code, or open {join} to follow the game and bid on your phone"
        )
        qr = [line for line in app.lines if line and set(line) <= set(" █▀▄")]
        assert len(qr) >= 15
        assert qr_texts(terminal_image("\n".join(qr))) == [join]
        pin = PIN_LINE.search(text)
        assert pin is not None
        assert f"PIN to keep score: {pin.group(1)}" in app.lines
        token = TOKEN_ADDRESS.search(text)
        assert token is not None
        assert token.group(1) == str(port)
        assert len(token.group(2)) >= 16
        assert app.lines[-1] == f"games are kept in {tmp_path}"
        assert get(port, "/") == 200  # and it serves
        app.process.send_signal(signal.SIGTERM)
        assert app.process.wait(20) == 0
        assert app.process.stderr is not None
        assert app.process.stderr.read() == (  # phones cannot reach a loopback join address
            "scorepad: --host 127.0.0.1 is this computer only: phones cannot open the join "
            "address; leave out --host to share on the network\n"
        )


def test_each_start_has_its_own_pin_and_token() -> None:
    first, second = table_for(guarded=True), table_for(guarded=True)
    assert first.sharing
    assert first.pin is not None
    assert re.fullmatch(r"\d{4}", first.pin)
    assert first.token is not None
    assert first.token != second.token
    open_table = table_for(guarded=False)
    assert not open_table.sharing
    assert open_table.pin is None
    assert open_table.token is None


@pytest.mark.process
def test_a_restart_is_the_same_table_and_new_table_starts_afresh(tmp_path: Path) -> None:
    """``scorepad --share`` after a stop (a crash, Ctrl+C) prints the same PIN and the same
    scorekeeper's address; ``--new-table`` prints new ones, and later starts keep those."""
    port = free_port()

    def start_lines(*extra: str) -> tuple[str, str]:
        args = ("--share", "--host", "127.0.0.1", "--port", str(port), *extra)
        with started(*args, data_dir=tmp_path) as app:
            text = "\n".join(app.lines)
            app.process.kill()  # as hard as a crash: nothing is written on the way out
        pin, token = PIN_LINE.search(text), TOKEN_ADDRESS.search(text)
        assert pin is not None and token is not None
        return pin.group(1), token.group(2)

    first = start_lines()
    assert start_lines() == first
    fresh = start_lines("--new-table")
    assert fresh[1] != first[1], "a new scorekeeper's address (the PIN may repeat by chance)"
    assert start_lines() == fresh
    kept = tmp_path / TABLE_FILE_NAME
    assert kept.stat().st_mode & 0o777 == 0o600, "the token is readable by the owner only"
    assert [old.name.endswith(".old") for old in tmp_path.glob("shared-table.json.*")] == [True]


def test_a_kept_table_that_cannot_be_read_is_set_aside_with_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = TableFile(tmp_path)
    file.write(b'{"pin": "12", "token": "x"}')
    table = table_for(guarded=True, root=tmp_path)
    assert table.pin is not None and len(table.pin) == 4
    err = capsys.readouterr().err
    assert "could not be read (its content is not a table)" in err and "a new table starts" in err
    assert list(tmp_path.glob("shared-table.json.*.old")), "the unreadable file is kept aside"
    again = table_for(guarded=True, root=tmp_path)
    assert (again.pin, again.token) == (table.pin, table.token), "the new table is kept"


def test_the_kept_table_holds_seats_and_secret_bids_but_no_game(tmp_path: Path) -> None:
    table = table_for(guarded=True, root=tmp_path)
    table.open_with_token("laptop", table.token)
    table.claim_seat("ann-phone", "g1", "Ann")
    table.hide_bid("ann-phone", "g1", 1, "Ann", 3)
    again = table_for(guarded=True, root=tmp_path)
    assert again.seat_of("ann-phone", "g1") == "Ann"
    assert again.hidden_bids("g1", 1) == {"Ann": 3}
    assert again.role_of("laptop").value == "scorekeeper"


def test_the_start_lines_without_a_terminal_that_can_draw_the_qr_code() -> None:
    info = ShareInfo(
        "http://192.168.1.20:8550/",
        "http://127.0.0.1:8550/?token=abc",
        ("http://172.20.10.2:8550/",),
    )
    lines = share_lines(info, "0427", "ascii")
    assert lines == [
        "Players: scan this code, or open http://192.168.1.20:8550/ "
        "to follow the game and bid on your phone",
        "  (or http://172.20.10.2:8550/, on another network of this computer)",
        "(the QR code needs a UTF-8 terminal; type the address instead)",
        "PIN to keep score: 0427",
        "Scorekeeper: open http://127.0.0.1:8550/?token=abc on this computer "
        "(keep it to yourself: it lets whoever opens it keep score)",
    ]
    pin = PIN_LINE.search("\n".join(lines))
    assert pin is not None
    assert pin.group(1) == "0427"


def test_every_session_joins_the_one_table_and_gets_the_share_info(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each browser session gets its own app on the server's one table, with the addresses the
    scorekeeper's panel shows."""
    mounted: list[ScorepadApp] = []
    monkeypatch.setattr("scorepad.ui.views.app.mount", lambda _page, app: mounted.append(app))
    table = table_for(guarded=True)
    info = ShareInfo("http://192.168.1.20:8550/", "http://127.0.0.1:8550/?token=t")
    main = app_main(tmp_path, table, info)
    main(object())  # type: ignore[arg-type]  # mount is replaced: no page is needed
    main(object())  # type: ignore[arg-type]
    first, second = mounted
    assert first is not second
    for app in mounted:
        assert app.table is table
        assert app.share_info == info
    assert isinstance(table, SharedTable)
    assert first.seat_store is second.seat_store, "one store (and its caches) for every session"
    assert first.access is not second.access, "each session is its own device"


def test_sessions_open_the_store_again_until_it_opens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A store that cannot be opened gives a session the problem screen; a later session
    tries again (the folder may have been fixed meanwhile), then shares the store it opened."""
    mounted: list[ScorepadApp] = []
    monkeypatch.setattr("scorepad.ui.views.app.mount", lambda _page, app: mounted.append(app))
    blocked = tmp_path / "store"
    blocked.write_text("not a folder", encoding="utf-8")
    main = app_main(blocked, table_for(guarded=False))
    main(object())  # type: ignore[arg-type]
    assert mounted[-1].store_problem is not None
    blocked.unlink()
    main(object())  # type: ignore[arg-type]
    main(object())  # type: ignore[arg-type]
    assert mounted[-2].store_problem is None and mounted[-1].seat_store is mounted[-2].seat_store


# --- beyond loopback, without binding anything beyond it ------------------------------------------


@dataclass
class Served:
    """What :func:`launch.serve_table` handed the server, with the lines it printed."""

    table: SharedTable
    info: ShareInfo | None
    out: list[str]
    err: list[str]


def serve_as_if_bound(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    *,
    share: bool,
    host: str | None,
    bound: tuple[str, ...],
    network: list[str],
) -> Served:
    """``serve_table`` as it runs for a host beyond this machine, with the sockets' binding,
    this machine's addresses and the server itself stood in for: nothing listens and nothing
    connects."""
    from scorepad.ui import share_address, web_server

    handed: list[tuple[SharedTable, ShareInfo | None]] = []

    def fake_serve_app(
        listeners: web_server.Listeners,
        load_main: Callable[[], object],
        assets: str | None,
        served: object,
        *,
        ready: Callable[[], None],
    ) -> None:
        assert isinstance(load_main, partial)
        _root, table, info = load_main.args
        handed.append((table, info))
        ready()

    def fake_bind(host: str, port: int) -> web_server.Listeners:
        bound_to.append((host, port))
        return web_server.Listeners([], bound)

    def fake_lan_addresses(*, ipv6: bool = False) -> list[str]:
        assert not ipv6
        return list(network)

    bound_to: list[tuple[str, int]] = []
    monkeypatch.setattr(web_server, "bind", fake_bind)
    monkeypatch.setattr(web_server, "serve_app", fake_serve_app)
    monkeypatch.setattr(share_address, "lan_addresses", fake_lan_addresses)
    launch.serve_table(tmp_path, None, share=share, host=host, port=8550)
    assert bound_to == [(launch.serving_host(host, share=share), 8550)]
    (table, info), captured = handed[0], capsys.readouterr()
    return Served(table, info, captured.out.splitlines(), captured.err.splitlines())


def test_share_on_every_interface_prints_this_machines_network_address(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    served = serve_as_if_bound(
        monkeypatch,
        capsys,
        tmp_path,
        share=True,
        host=None,
        bound=("0.0.0.0",),
        network=["192.168.1.20", "172.20.10.2"],
    )
    assert served.table.sharing
    assert served.info is not None
    assert served.info.join_url == "http://192.168.1.20:8550/"
    assert served.table.token is not None
    assert served.info.scorekeeper_url == f"http://127.0.0.1:8550/?token={served.table.token}"
    out = [line for line in served.out if not set(line) <= set(" █▀▄")]
    assert out == [
        "scorepad is sharing the table (Ctrl+C to stop)",
        "Players: scan this code, or open http://192.168.1.20:8550/ "
        "to follow the game and bid on your phone",
        "  (or http://172.20.10.2:8550/, on another network of this computer)",
        f"PIN to keep score: {served.table.pin}",
        f"Scorekeeper: open {served.info.scorekeeper_url} on this computer "
        "(keep it to yourself: it lets whoever opens it keep score)",
        f"games are kept in {tmp_path}",
    ]
    qr = "\n".join(line for line in served.out if line and set(line) <= set(" █▀▄"))
    assert qr_texts(terminal_image(qr)) == ["http://192.168.1.20:8550/"]
    (note,) = served.err
    assert note.startswith("scorepad: note: the table is open to your network")


def test_share_on_no_network_says_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    served = serve_as_if_bound(
        monkeypatch, capsys, tmp_path, share=True, host=None, bound=("0.0.0.0",), network=[]
    )
    assert served.info is not None
    assert served.info.join_url == "http://127.0.0.1:8550/"
    assert served.err[0] == (
        "scorepad: this computer is on no network yet: connect it to the table's Wi-Fi or a "
        "phone's hotspot, then start scorepad again so phones can join"
    )


def test_a_host_beyond_loopback_gets_the_same_pin_rules(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``--host`` without ``--share``: the issue keeps it working "with the same PIN rules"."""
    served = serve_as_if_bound(
        monkeypatch,
        capsys,
        tmp_path,
        share=False,
        host="192.168.1.20",
        bound=("192.168.1.20",),
        network=["10.9.9.9"],  # not asked: the server answers on its one address only
    )
    assert served.table.sharing
    assert served.info is not None
    assert served.info.join_url == "http://192.168.1.20:8550/"
    assert served.info.scorekeeper_url.startswith("http://192.168.1.20:8550/?token=")
    assert f"PIN to keep score: {served.table.pin}" in served.out
    (warning,) = served.err
    assert warning.startswith("scorepad: warning: --host 192.168.1.20 serves the app beyond")


def test_loopback_serving_is_an_open_table(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    served = serve_as_if_bound(
        monkeypatch,
        capsys,
        tmp_path,
        share=False,
        host="localhost",
        bound=("::1", "127.0.0.1"),
        network=["192.168.1.20"],
    )
    assert not served.table.sharing
    assert served.info is None
    assert served.out == [
        "scorepad is running at http://localhost:8550/ (Ctrl+C to stop)",
        f"games are kept in {tmp_path}",
    ]
    assert served.err == []


# --- what it says when it cannot start ---------------------------------------------------------


@pytest.mark.process
def test_share_on_a_port_in_use_says_so_in_one_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = run_cli(
            "--share", "--host", "127.0.0.1", "--port", str(port), "--data-dir", str(tmp_path)
        )
    assert done.returncode == 1
    assert (
        done.stderr == f"scorepad: port {port} on 127.0.0.1 is in use; pick another with --port\n"
    )
    assert done.stdout == ""  # no PIN or token printed for a server that never ran


@pytest.mark.process
def test_share_on_another_machines_address_says_so_in_one_line(tmp_path: Path) -> None:
    """198.51.100.7 is a documentation address (TEST-NET-2): never this machine's. Binding to it
    fails at once; nothing is sent anywhere."""
    done = run_cli(
        "--share", "--host", "198.51.100.7", "--port", str(free_port()), "--data-dir", str(tmp_path)
    )
    assert done.returncode == 1
    assert done.stderr == (
        "scorepad: cannot serve on 198.51.100.7: it is not an address of this machine; "
        "leave out --host to share on every network of this computer\n"
    )
    assert done.stdout == ""


# --- what serving beyond this machine means -----------------------------------------------------


def test_beyond_this_machine_a_pin_guards_editing_and_the_warning_says_so() -> None:
    for host, addresses in (("0.0.0.0", ["0.0.0.0"]), ("192.168.1.20", ["192.168.1.20"])):
        warning = exposure_warning(host, addresses)
        assert warning is not None
        assert warning.startswith(f"warning: --host {host} serves the app beyond this machine")
        assert "can watch the game being played" in warning
        assert "the PIN printed below let a device keep score" in warning
        assert "there is no PIN" not in warning
        assert "plain HTTP" in warning
        assert "\n" not in warning
    note = exposure_warning("0.0.0.0", ["0.0.0.0"], share=True)
    assert note is not None
    assert note.startswith("note: the table is open to your network")
    assert "share on a network you trust" in note
    assert exposure_warning("127.0.0.1", ["127.0.0.1"], share=True) is None


def test_the_window_is_an_open_table(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The desktop window is this machine's own user: every change is the scorekeeper's."""
    ran: list[object] = []
    monkeypatch.setattr(launch, "log_to_file", lambda folder: folder / "scorepad.log")
    monkeypatch.setattr(launch, "has_display", lambda: True)
    monkeypatch.setattr(launch, "missing_window_client", lambda: None)  # as if downloaded
    monkeypatch.setattr(launch, "app_main", lambda _root, table, _info=None: ran.append(table))
    monkeypatch.setattr("flet.run", lambda *_args, **_kwargs: None)
    assert launch.run_app(tmp_path) == "window"
    (table,) = ran
    assert isinstance(table, SharedTable)
    assert not table.sharing
