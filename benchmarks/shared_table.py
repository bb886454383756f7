"""Load check of the shared table (issue 11): many viewers on one game over loopback.

``scorepad --share --host 127.0.0.1`` serves a Golf game. The scorekeeper plays it in headless
Chromium (opened with the printed token), and viewers open the join address: one viewer, then
(on a fresh server) twenty. For each recorded round, the clock runs from the scorekeeper's
press on Record (the page's pointer-down, wall clock) to each viewer showing the round.

Viewers are real sessions of the server (each registers, gets its own ScorepadApp, answers the
server's calls to the device, receives every patch), but only one of them draws: one viewer
is a Chromium page, timed when its accessibility tree shows the new round (so its time
includes Flutter drawing it); the others speak Flet's protocol themselves (a WebSocket, a
0 byte and a msgpack message, as the browser's client does), timed when the patch that shows
the round arrives. Twenty Flutter pages would measure a 2-core machine's drawing, not the
server. The server's memory is its resident set (VmRSS), read after the viewers have joined
and the rounds are played.

    uv run python -m benchmarks.shared_table [--viewers 20] [--rounds 6]

The goal (issue 11): every viewer within 1 s, the server under 100 MB with 20 viewers.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed
from websockets.typing import Origin

from scorepad.engine import GameRecord
from scorepad.store import open_store
from tests.browser.shared import (
    LAPTOP,
    Phone,
    SharedServer,
    Table,
    decode_frame,
    shared_server,
    strings_in,
    table,
)

PLAYERS = ["Ann", "Bob", "Cat"]
"""Golf for three: a round is a suit, three bids of 0 and two tricks of 0 (the dealer's are
worked out), then Record. Bids of 0 never add up to the tricks, so the hook never bites."""
GOAL_SECONDS = 1.0
GOAL_BYTES = 100 * 1024 * 1024

CLIENT_PAGE: dict[str, Any] = {
    "route": "/",
    "pwa": False,
    "web": True,
    "debug": False,
    "wasm": True,
    "test": False,
    "multi_view": False,
    "pyodide": False,
    "platform_brightness": "light",
    "width": 390.0,
    "height": 844.0,
    "platform": "linux",
    "window": {},
    "media": {
        "padding": {"top": 0.0, "right": 0.0, "bottom": 0.0, "left": 0.0},
        "view_padding": {"top": 0.0, "right": 0.0, "bottom": 0.0, "left": 0.0},
        "view_insets": {"top": 0.0, "right": 0.0, "bottom": 0.0, "left": 0.0},
        "device_pixel_ratio": 1.0,
        "orientation": "portrait",
        "always_use_24_hour_format": False,
    },
}
"""The page a phone's Flet client describes when it registers (captured from Chromium at
390x844)."""

REGISTER = 1
INVOKE_METHOD = 5


@dataclass
class ProtocolViewer:
    """One viewer session spoken to in Flet's protocol: it registers at the join address,
    answers every call the server makes to the device (storage, wake lock: no value, as a
    browser without a stored key answers) and keeps every frame with its arrival time."""

    port: int
    frames: list[tuple[float, bytes]] = field(default_factory=list)
    joined: asyncio.Event = field(default_factory=asyncio.Event)

    async def run(self, stop: asyncio.Event) -> None:
        origin = Origin(f"http://127.0.0.1:{self.port}")
        async with connect(
            f"ws://127.0.0.1:{self.port}/ws", origin=origin, max_size=None
        ) as socket:
            await send(
                socket, [REGISTER, {"session_id": None, "page_name": "", "page": CLIENT_PAGE}]
            )
            reading = asyncio.ensure_future(self._read(socket))
            await stop.wait()
            reading.cancel()

    async def _read(self, socket: ClientConnection) -> None:
        try:
            async for data in socket:
                arrived = time.time()
                frame = data if isinstance(data, bytes) else data.encode()
                self.frames.append((arrived, frame))
                message = decode_frame(frame)
                if isinstance(message, list) and message and message[0] == REGISTER:
                    self.joined.set()
                if isinstance(message, list) and message and message[0] == INVOKE_METHOD:
                    call = message[1]
                    await send(
                        socket,
                        [
                            INVOKE_METHOD,
                            {
                                "control_id": call["control_id"],
                                "call_id": call["call_id"],
                                "result": None,
                                "error": None,
                            },
                        ],
                    )
        except ConnectionClosed:
            return

    def first_showing(self, since: float, shows: Callable[[list[str]], bool]) -> float | None:
        """When the first frame after ``since`` whose strings ``shows`` accepts arrived."""
        for arrived, frame in self.frames:
            if arrived >= since and shows(list(strings_in(decode_frame(frame)))):
                return arrived
        return None


async def send(socket: ClientConnection, message: list[Any]) -> None:
    await socket.send(b"\x00" + msgpack.packb(message))


class Viewers:
    """``count`` protocol viewers on their own event loop, in a thread (Playwright's sync API
    drives the scorekeeper's browser on the main thread)."""

    def __init__(self, port: int, count: int) -> None:
        self.loop = asyncio.new_event_loop()
        self.viewers: list[ProtocolViewer] = []
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self._thread.start()
        self._tasks = asyncio.run_coroutine_threadsafe(self._start(port, count), self.loop)

    async def _start(self, port: int, count: int) -> None:
        self._stop = asyncio.Event()
        self.viewers = [ProtocolViewer(port) for _ in range(count)]
        runs = [asyncio.ensure_future(viewer.run(self._stop)) for viewer in self.viewers]
        await asyncio.wait_for(
            asyncio.gather(*(viewer.joined.wait() for viewer in self.viewers)), 60
        )
        self._runs = runs

    def wait_joined(self) -> None:
        self._tasks.result(90)

    def quiet_since(self) -> float:
        """Seconds since any viewer last heard from the server."""
        last = max((viewer.frames[-1][0] for viewer in self.viewers if viewer.frames), default=0)
        return time.time() - last

    def close(self) -> None:
        async def stop() -> None:
            assert self._stop is not None
            self._stop.set()
            await asyncio.gather(*self._runs, return_exceptions=True)

        asyncio.run_coroutine_threadsafe(stop(), self.loop).result(30)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(10)


def play_round(keeper: Phone) -> None:
    """Everything of a round but Record."""
    keeper.tap("suit-spades")
    for _ in PLAYERS:
        keeper.tap("pad-0")
    for _ in PLAYERS[:-1]:
        keeper.tap("pad-0")


def round_shown_js(number: int) -> str:
    """The viewer's screen shows round ``number`` as played: the next round is the one in
    progress (or the round is on the sheet)."""
    return (
        "() => [...document.querySelectorAll('flt-semantics')].some(e => "
        f"/Round {number + 1}\\b/.test((e.getAttribute('aria-label') || '') + ' ' "
        "+ (e.childElementCount ? '' : (e.textContent || ''))))"
    )


def round_shown(number: int) -> Callable[[list[str]], bool]:
    import re

    pattern = re.compile(rf"Round {number + 1}\b")
    return lambda strings: any(pattern.search(text) for text in strings)


@dataclass
class Run:
    viewers: int
    latencies: list[float] = field(default_factory=list)
    """Every viewer's time for every round (s)."""
    drawn: list[float] = field(default_factory=list)
    """The Chromium viewer's times, drawing included (s)."""
    missed: int = 0
    rss_idle: int = 0
    rss: int = 0


def wait_quiet(viewers: Viewers, seconds: float = 0.3, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while viewers.quiet_since() < seconds and time.monotonic() < deadline:
        time.sleep(0.05)


def measure(count: int, rounds: int, scratch: Path) -> Run:
    """A fresh server and store, ``count`` viewers (one in Chromium), ``rounds`` rounds."""
    store = scratch / f"store-{count}"
    game_id = (
        open_store(store)
        .create_game(GameRecord.from_data({"variant": "golf", "players": PLAYERS}))
        .id
    )
    run = Run(count)
    with shared_server(store) as server, table(scratch) as chairs:
        run.rss_idle = server.rss_bytes()
        keeper = open_keeper(chairs, server, game_id)
        drawing = chairs.phone("viewer")
        drawing.open(server.url)
        drawing.wait_for("viewer-screen")
        viewers = Viewers(server.port, count - 1)
        try:
            viewers.wait_joined()
            for number in range(1, rounds + 1):
                play_round(keeper)
                wait_quiet(viewers)
                drawing.watch(f"round-{number}", round_shown_js(number))
                keeper.tap("record-round")
                pressed = keeper.last_pressed()
                run.drawn.append(drawing.seen_at(f"round-{number}", timeout=30000) - pressed)
                wait_quiet(viewers)
                for viewer in viewers.viewers:
                    seen = viewer.first_showing(pressed, round_shown(number))
                    if seen is None:
                        run.missed += 1
                    else:
                        run.latencies.append(seen - pressed)
            run.latencies.extend(run.drawn)
            run.rss = server.rss_bytes()
        finally:
            viewers.close()
    return run


def open_keeper(chairs: Table, server: SharedServer, game_id: str) -> Phone:
    keeper = chairs.phone("scorekeeper", LAPTOP)
    keeper.open(server.scorekeeper_url)
    keeper.tap(f"game-{game_id}")
    keeper.wait_for("round-title")
    return keeper


def report(runs: Sequence[Run]) -> str:
    mib = 1024 * 1024
    lines = [
        "viewers  rounds x viewers  median    max       Chromium viewer (drawn)  "
        "server RSS idle -> with viewers",
    ]
    for run in runs:
        shown = run.latencies or [float("nan")]
        drawn = run.drawn or [float("nan")]
        lines.append(
            f"{run.viewers:>7}  {len(run.latencies):>16}  "
            f"{statistics.median(shown) * 1000:6.0f} ms {max(shown) * 1000:6.0f} ms  "
            f"median {statistics.median(drawn) * 1000:4.0f} ms max {max(drawn) * 1000:4.0f} ms  "
            f"{run.rss_idle / mib:6.1f} MiB -> {run.rss / mib:6.1f} MiB"
            + (f"  ({run.missed} never showed it)" if run.missed else "")
        )
    worst = max(max(run.latencies or [float("inf")]) for run in runs)
    biggest = max(run.rss for run in runs)
    in_time = "met" if worst < GOAL_SECONDS else "MISSED"
    lines.append(
        f"goal: every viewer within {GOAL_SECONDS:.0f} s: {in_time}"
        f" (worst {worst * 1000:.0f} ms); server under {GOAL_BYTES // mib} MB: "
        f"{'met' if biggest < GOAL_BYTES else 'MISSED'} ({biggest / mib:.1f} MiB)"
    )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--viewers", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=6)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as scratch:
        runs = [measure(count, args.rounds, Path(scratch)) for count in (1, args.viewers)]
    print(report(runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
