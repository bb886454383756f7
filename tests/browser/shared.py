"""The shared table (issue 11) as the tests and the benchmark drive it: ``scorepad --share`` on
loopback with its printed PIN and scorekeeper address, several browser "phones" in one
Chromium (each a context of its own: its own storage, so its own device), a record of every
WebSocket frame a phone receives, and crafted frames sent over a phone's own WebSocket.

A "remote phone" is any context that opened the address without the token: every connection
goes to 127.0.0.1, nothing here binds or targets another address.
"""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack
from playwright.sync_api import Browser

from tests.browser.harness import (
    CHROMIUM_SESSION,
    LISTEN_SECONDS,
    PROJECT,
    AppPage,
    free_port,
    headless_env,
    wait_until_listening,
)

PHONE = (390, 844)
LAPTOP = (1024, 800)

PIN_LINE = re.compile(r"\bPIN\b\D{0,40}?\b(\d{4})\b")
"""The PIN as ``scorepad --share`` prints it (a line naming the PIN, then its four digits)."""
TOKEN_ADDRESS = re.compile(r"(http://127\.0\.0\.1:\d+/\?token=[A-Za-z0-9_\-]+)")
"""The scorekeeper's address as ``scorepad --share`` prints it: loopback, with the token."""

# --- the server -------------------------------------------------------------------------------


class Output:
    """Everything a server process prints, read on a thread as it comes, so a test can wait for
    a line (the PIN, the address) without blocking on a pipe or guessing a time."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.lines: list[str] = []
        self._changed = threading.Condition()
        self._done = False
        self._thread = threading.Thread(target=self._read, args=(process,), daemon=True)
        self._thread.start()

    def _read(self, process: subprocess.Popen[str]) -> None:
        assert process.stdout is not None
        for line in process.stdout:
            with self._changed:
                self.lines.append(line.rstrip("\n"))
                self._changed.notify_all()
        with self._changed:
            self._done = True
            self._changed.notify_all()

    @property
    def text(self) -> str:
        with self._changed:
            return "\n".join(self.lines)

    def wait_for(self, pattern: re.Pattern[str], timeout: float = LISTEN_SECONDS) -> re.Match[str]:
        """The first match of ``pattern`` in the output, waiting up to ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                found = pattern.search("\n".join(self.lines))
                if found:
                    return found
                left = deadline - time.monotonic()
                if self._done or left <= 0:
                    break
                self._changed.wait(left)
        raise AssertionError(
            f"the server never printed {pattern.pattern!r}"
            f"{' (it exited)' if self._done else ''}; it printed:\n" + "\n".join(self.lines)
        )


@dataclass
class SharedServer:
    """A running ``scorepad --share --host 127.0.0.1``: where to open it, with and without the
    token, its PIN, and its folder (games and ``scorepad.log``)."""

    process: subprocess.Popen[str]
    output: Output
    port: int
    data_dir: Path
    pin: str = ""
    scorekeeper_url: str = ""

    @property
    def url(self) -> str:
        """The address a phone opens: the same server, without the token."""
        return f"http://127.0.0.1:{self.port}/"

    @property
    def log_path(self) -> Path:
        return self.data_dir / "scorepad.log"

    def log_text(self) -> str:
        return self.log_path.read_text(encoding="utf-8") if self.log_path.exists() else ""

    def wait_for_log(self, pattern: str, *, since: int = 0, timeout: float = 10.0) -> str:
        """The first log line after the first ``since`` characters matching ``pattern``
        (a regular expression, case-insensitive); waits for the server to write it."""
        wanted = re.compile(pattern, re.IGNORECASE)
        deadline = time.monotonic() + timeout
        while True:
            for line in self.log_text()[since:].splitlines():
                if wanted.search(line):
                    return line
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"nothing like {pattern!r} in {self.log_path}; it holds:\n"
                    + self.log_text()[since:][-3000:]
                )
            time.sleep(0.05)

    def rss_bytes(self) -> int:
        return rss_bytes(self.process.pid)

    def cpu_seconds(self) -> float:
        return cpu_seconds(self.process.pid)


def share_command(port: int, data_dir: Path, *extra: str) -> list[str]:
    """``scorepad --share`` bound to loopback only (an explicit ``--host`` wins over the
    share's default of every interface: see /tmp/team/ISSUE11.md's addendum)."""
    return [
        sys.executable,
        "-m",
        "scorepad",
        "--share",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--data-dir",
        str(data_dir),
        *extra,
    ]


@contextmanager
def running_process(command: list[str]) -> Iterator[tuple[subprocess.Popen[str], Output]]:
    """``command`` started headless with its output read as it comes; stopped afterwards."""
    process = subprocess.Popen(
        command,
        cwd=PROJECT,
        env={**headless_env(), "PYTHONUNBUFFERED": "1"},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        yield process, Output(process)
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextmanager
def shared_server(
    data_dir: Path, *extra: str, open_files: int | None = None, port: int | None = None
) -> Iterator[SharedServer]:
    """``scorepad --share --host 127.0.0.1`` on a free port (or ``port``: a restart on the
    same address) with its games in ``data_dir``; yields once it has printed its PIN and the
    scorekeeper's address and listens. ``open_files`` starts it with that soft limit on open
    files (a laptop's is 1,024)."""
    port = port or free_port()
    command = share_command(port, data_dir, *extra)
    if open_files is not None:
        command = ["prlimit", f"--nofile={open_files}:", *command]
    with running_process(command) as (process, output):
        server = SharedServer(process, output, port, data_dir)
        server.pin = output.wait_for(PIN_LINE).group(1)
        server.scorekeeper_url = output.wait_for(TOKEN_ADDRESS).group(1)
        assert server.scorekeeper_url.startswith(f"http://127.0.0.1:{port}/?token="), (
            server.scorekeeper_url
        )
        wait_until_listening(process, port)
        yield server


# --- what a process listens on, and its memory (Linux's /proc; no psutil) ---------------------


def rss_bytes(pid: int) -> int:
    """The resident memory of process ``pid`` (VmRSS in /proc/<pid>/status)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError(f"no VmRSS for process {pid}")


def cpu_seconds(pid: int) -> float:
    """The CPU time process ``pid`` has used so far, user and system (/proc/<pid>/stat).

    Unlike a wall-clock time it hardly depends on what else the machine is doing."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    user, system = int(fields[11]), int(fields[12])  # utime and stime: fields 14 and 15
    return (user + system) / os.sysconf("SC_CLK_TCK")


def _socket_inodes(pid: int) -> set[str]:
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:  # closed meanwhile
            continue
        if target.startswith("socket:["):
            inodes.add(target[len("socket:[") : -1])
    return inodes


def _address(hex_address: str, ipv6: bool) -> str:
    """An address of /proc/net/tcp{,6} (hex, in the kernel's byte order) as text."""
    import ipaddress

    raw = bytes.fromhex(hex_address)
    if not ipv6:
        return str(ipaddress.IPv4Address(raw[::-1]))
    words = b"".join(raw[i : i + 4][::-1] for i in range(0, 16, 4))
    return str(ipaddress.IPv6Address(words))


def listening_addresses(pid: int) -> set[tuple[str, int]]:
    """Every (address, port) that process ``pid`` listens on over TCP, IPv4 and IPv6."""
    mine = _socket_inodes(pid)
    found = set()
    for table, ipv6 in (("/proc/net/tcp", False), ("/proc/net/tcp6", True)):
        path = Path(table)
        if not path.exists():
            continue
        for row in path.read_text().splitlines()[1:]:
            cells = row.split()
            local, state, inode = cells[1], cells[3], cells[9]
            if state == "0A" and inode in mine:  # 0A: LISTEN
                address, port = local.split(":")
                found.add((_address(address, ipv6), int(port, 16)))
    return found


# --- the phones ---------------------------------------------------------------------------------

SOCKETS_KEPT = """(() => {
    // every WebSocket the page opens, so a test can send a crafted frame over the page's own
    // connection (as a modified client would), and when the page was last pressed
    const Socket = window.WebSocket;
    window.__sockets = [];
    window.__pressed = [];
    window.__hold = false;  // while true, what the page sends waits in __held
    window.__held = [];
    window.__sentAt = [];  // when (Date.now()) the page sent each message, and heard one
    window.__heardAt = [];
    window.WebSocket = class extends Socket {
        constructor(...args) {
            super(...args);
            window.__sockets.push(this);
            this.addEventListener('message', () => window.__heardAt.push(Date.now()));
        }
        send(data) {
            if (window.__hold) { window.__held.push([this, data]); return; }
            window.__sentAt.push(Date.now());
            return super.send(data);
        }
    };
    window.addEventListener('pointerdown', () => window.__pressed.push(Date.now()), true);
})()"""

SEEN_WATCH = """([name, test]) => {
    // the wall-clock time (ms) at which ``test`` first holds on this page: checked at every
    // change of the page's DOM (Flutter's accessibility tree included) and every frame
    const holds = new Function('return (' + test + ')();');
    window.__seen = window.__seen || {};
    delete window.__seen[name];
    const check = () => {
        if (name in window.__seen) return;
        let ok = false;
        try { ok = holds(); } catch (e) { ok = false; }
        if (ok) { window.__seen[name] = Date.now(); observer.disconnect(); return; }
        requestAnimationFrame(check);
    };
    const observer = new MutationObserver(check);
    observer.observe(document.documentElement,
        {subtree: true, attributes: true, childList: true, characterData: true});
    check();
}"""

A11Y_TEXT = """() => [...document.querySelectorAll('flt-semantics, input, textarea')]
    .map(e => [e.getAttribute('aria-label') || '', e.getAttribute('flt-semantics-identifier')
        || '', e.value || '', e.childElementCount ? '' : (e.textContent || '')].join(' | '))
    .join('\\n')"""
"""Every name, identifier, field value and leaf text in the page's accessibility tree: all a
screen reader (or a curious player) could read from the page."""


class Phone(AppPage):
    """One device at the table: a browser context of its own, driven as :class:`AppPage`, with
    every WebSocket frame it receives kept (with its arrival time)."""

    def __init__(self, page: Any, name: str) -> None:
        self.name = name
        self.received: list[bytes] = []
        self.received_at: list[float] = []
        super().__init__(page)

    def _watch(self, socket: Any) -> None:
        super()._watch(socket)
        socket.on("framereceived", self._received)

    def _received(self, payload: str | bytes) -> None:
        self.received.append(payload.encode() if isinstance(payload, str) else payload)
        self.received_at.append(time.time())

    # --- what the phone was told, and what it shows

    def strings_received(self, since: int = 0) -> list[str]:
        """Every string in the messages the server sent this phone after its first ``since``
        frames (control texts, labels, identifiers, values), in order."""
        found: list[str] = []
        for frame in self.received[since:]:
            found.extend(strings_in(decode_frame(frame)))
        return found

    def a11y_text(self) -> str:
        return str(self.page.evaluate(A11Y_TEXT))

    def shows(self, text: str) -> bool:
        return text in self.a11y_text()

    def wait_until_shown(self, text: str, timeout: float = 30000) -> None:
        """Wait until ``text`` is somewhere in the accessibility tree."""
        self.page.wait_for_function(
            f"text => ({A11Y_TEXT})().includes(text)", arg=text, timeout=timeout
        )

    def has_role(self, role: Any, name: str | re.Pattern[str]) -> bool:
        return self.page.get_by_role(role, name=name).count() > 0

    # --- timing across phones (wall clock: every phone is on this machine)

    def watch(self, name: str, test_js: str) -> None:
        """Start timing when ``test_js`` (a JS function body returning a boolean) first holds
        on this page; read it with :meth:`seen_at`."""
        self.page.evaluate(SEEN_WATCH, [name, test_js])

    def seen_at(self, name: str, timeout: float = 30000) -> float:
        """When (seconds since the epoch) the watched ``name`` first held; waits for it."""
        handle = self.page.wait_for_function(
            "name => window.__seen && window.__seen[name]", arg=name, timeout=timeout
        )
        return float(handle.json_value()) / 1000

    def sent_after(self, moment: float) -> float:
        """When (seconds since the epoch) the page first sent a message at or after
        ``moment``: a tap reaching the network."""
        return self._first_after("__sentAt", moment)

    def heard_after(self, moment: float) -> float:
        """When the page first heard from the server at or after ``moment``."""
        return self._first_after("__heardAt", moment)

    def wait_until_heard_after(self, moment: float, timeout: float = 10000) -> None:
        """Wait until the page has heard from the server at or after ``moment``."""
        self.page.wait_for_function(
            "ms => window.__heardAt.some(t => t >= ms)", arg=moment * 1000, timeout=timeout
        )

    def _first_after(self, name: str, moment: float) -> float:
        found = self.page.evaluate(
            "([name, ms]) => window[name].find(t => t >= ms) || 0", [name, moment * 1000]
        )
        return float(found) / 1000 if found else float("nan")

    def last_pressed(self) -> float:
        """When (seconds since the epoch) this page was last pressed (a pointer down)."""
        pressed = self.page.evaluate("() => window.__pressed.at(-1) || 0")
        assert pressed, f"{self.name} was never pressed"
        return float(pressed) / 1000

    # --- a modified client

    def hold_taps(self) -> None:
        """From now on what the page sends waits in the page (a phone on a slow network):
        the phone draws and taps as usual, the server hears nothing until :meth:`release`."""
        self.page.evaluate("() => { window.__hold = true; }")

    def wait_until_held(self, frames: int = 1) -> None:
        self.page.wait_for_function("n => window.__held.length >= n", arg=frames)

    def release(self) -> None:
        """Send what was held, in order, and stop holding."""
        self.page.evaluate(
            """() => {
                window.__hold = false;
                for (const [socket, data] of window.__held.splice(0)) socket.send(data);
            }"""
        )

    def send_crafted(self, message: list[Any]) -> None:
        """Send ``message`` (a Flet protocol message: ``[action, body]``) over this page's
        own open WebSocket, as a modified client could."""
        frame = b"\x00" + msgpack.packb(message)
        sent = self.page.evaluate(
            """bytes => {
                const open = window.__sockets.filter(s => s.readyState === 1);
                if (!open.length) return false;
                open.at(-1).send(new Uint8Array(bytes));
                return true;
            }""",
            list(frame),
        )
        assert sent, f"{self.name} has no open WebSocket to send over"


def decode_frame(frame: bytes) -> Any:
    """A Flet frame as the client decodes it (a 0 byte then one msgpack message), or None."""
    if frame[:1] != b"\x00":
        return None
    try:
        return msgpack.unpackb(frame[1:], strict_map_key=False, raw=False)
    except ValueError:  # msgpack's errors for data that is not one message
        return None


def strings_in(value: Any) -> Iterator[str]:
    """Every string inside a decoded message, keys included."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from strings_in(key)
            yield from strings_in(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings_in(item)


def control_ids(value: Any) -> Iterator[dict[str, Any]]:
    """Every control (a dict with ``_i`` and ``_c``) inside a decoded message."""
    if isinstance(value, dict):
        if "_i" in value and "_c" in value:
            yield value
        for item in value.values():
            yield from control_ids(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from control_ids(item)


@dataclass
class Table:
    """One Chromium holding every phone at the table (contexts are cheap; browsers are not)."""

    browser: Browser
    evidence_dir: Path
    phones: list[Phone] = field(default_factory=list)

    def phone(self, name: str, size: tuple[int, int] = PHONE) -> Phone:
        """A new device: a context of its own (its own storage, hence its own device key)."""
        context = self.browser.new_context(viewport={"width": size[0], "height": size[1]})
        context.add_init_script(SOCKETS_KEPT)
        phone = Phone(context.new_page(), name)
        phone.evidence_dir = self.evidence_dir
        self.phones.append(phone)
        return phone

    def leave(self, phone: Phone) -> None:
        """The phone closes its browser (its session on the server ends)."""
        phone.page.context.close()
        self.phones.remove(phone)


@contextmanager
def table(evidence_dir: Path) -> Iterator[Table]:
    """The run's Chromium, each phone a context of its own, all closed at the end."""
    chairs = Table(CHROMIUM_SESSION.browser(), evidence_dir)
    try:
        yield chairs
    finally:
        for phone in list(chairs.phones):
            with contextlib.suppress(Exception):  # closed with a browser that died
                chairs.leave(phone)
