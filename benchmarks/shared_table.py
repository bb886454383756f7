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
import os
import re
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
from tests.server.raw_phone import PAGE

PLAYERS = ["Ann", "Bob", "Cat"]
"""Golf for three: a round is a suit, three bids of 0 and two tricks of 0 (the dealer's are
worked out), then Record. Bids of 0 never add up to the tricks, so the hook never bites."""
GOAL_SECONDS = 1.0
GOAL_BYTES = 100 * 1024 * 1024


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
            await send(socket, [REGISTER, {"session_id": None, "page_name": "", "page": PAGE}])
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
        self._runs: list[asyncio.Task[None]] = []
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


def round_shown_js(number: int, title: str = "viewer-round-title") -> str:
    """The screen shows round ``number`` as played: its round title (``title``: the viewer's,
    or ``round-title`` on the scorekeeper's screen) has moved on to the next round."""
    return (
        f"() => [...document.querySelectorAll('[flt-semantics-identifier=\"{title}\"]')]"
        f".some(e => /Round {number + 1}\\b/.test((e.getAttribute('aria-label') || '') + ' ' "
        "+ (e.textContent || '')))"
    )


def round_shown(number: int) -> Callable[[list[str]], bool]:
    """The same for a protocol viewer: a patch holds the next round's title."""
    pattern = re.compile(rf"Round {number + 1}\b")
    return lambda strings: any(pattern.search(text) for text in strings)


@dataclass
class Run:
    """One server's numbers, every time in seconds from the scorekeeper's press on Record."""

    viewers: int
    arrived: list[float] = field(default_factory=list)
    """The protocol viewers: when the patch showing the round arrived (each viewer, each
    round)."""
    heard: list[float] = field(default_factory=list)
    """The Chromium viewer: when its page heard the first message after the press."""
    drawn: list[float] = field(default_factory=list)
    """The Chromium viewer: when its accessibility tree showed the round (drawn)."""
    own: list[float] = field(default_factory=list)
    """The scorekeeper's own screen showing its round recorded."""
    spread: list[float] = field(default_factory=list)
    """Per round, from the first protocol viewer's patch to the last one's: the server
    updates its sessions one after another on one event loop."""
    cpu_per_tap: float = 0.0
    """The server's CPU time (user + system) per scorekeeper tap while the rounds were
    played: hardly depends on the machine's load, unlike the times above."""
    missed: int = 0
    rss_idle: int = 0
    rss_joined: int = 0
    rss: int = 0
    load: tuple[float, float] = (0.0, 0.0)
    """The machine's 1-minute load average before and after."""

    @property
    def shown(self) -> list[float]:
        """Every viewer's time to show each round: patches arrived, and the drawn page."""
        return self.arrived + self.drawn


def wait_quiet(
    viewers: Viewers, drawing: Phone, seconds: float = 0.3, timeout: float = 10.0
) -> None:
    """Wait until no viewer, the drawing one included, has heard anything for ``seconds``:
    the round's entry has reached everyone, so the next patch is the recorded round's."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        drawn_quiet = drawing.page.evaluate(
            "() => (Date.now() - (window.__heardAt.at(-1) || 0)) / 1000"
        )
        if viewers.quiet_since() >= seconds and float(drawn_quiet) >= seconds:
            return
        drawing.page.wait_for_timeout(50)


def measure(count: int, rounds: int, scratch: Path) -> Run:
    """A fresh server and store, ``count`` viewers (one in Chromium), ``rounds`` rounds."""
    store = scratch / f"store-{count}"
    game_id = (
        open_store(store)
        .create_game(GameRecord.from_data({"variant": "golf", "players": PLAYERS}))
        .id
    )
    run = Run(count)
    load_before = os.getloadavg()[0]
    with shared_server(store) as server, table(scratch) as chairs:
        run.rss_idle = server.rss_bytes()
        keeper = open_keeper(chairs, server, game_id)
        drawing = chairs.phone("viewer")
        drawing.open(server.url)
        drawing.wait_for("viewer-screen")
        viewers = Viewers(server.port, count - 1)
        try:
            viewers.wait_joined()
            run.rss_joined = server.rss_bytes()
            cpu_before, taps_before = server.cpu_seconds(), keeper.taps
            for number in range(1, rounds + 1):
                play_round(keeper)
                wait_quiet(viewers, drawing)
                drawing.watch(f"round-{number}", round_shown_js(number))
                keeper.watch(f"round-{number}", round_shown_js(number, "round-title"))
                keeper.by_id("record-round").first.click()
                keeper.taps += 1
                pressed = keeper.last_pressed()
                run.drawn.append(drawing.seen_at(f"round-{number}") - pressed)
                run.heard.append(drawing.heard_after(pressed) - pressed)
                run.own.append(keeper.seen_at(f"round-{number}") - pressed)
                wait_quiet(viewers, drawing)
                this_round = []
                for viewer in viewers.viewers:
                    seen = viewer.first_showing(pressed, round_shown(number))
                    if seen is None:
                        run.missed += 1
                    else:
                        this_round.append(seen - pressed)
                run.arrived += this_round
                if len(this_round) > 1:
                    run.spread.append(max(this_round) - min(this_round))
            run.cpu_per_tap = (server.cpu_seconds() - cpu_before) / (keeper.taps - taps_before)
            run.rss = server.rss_bytes()
        finally:
            viewers.close()
    run.load = (load_before, os.getloadavg()[0])
    return run


def open_keeper(chairs: Table, server: SharedServer, game_id: str) -> Phone:
    keeper = chairs.phone("scorekeeper", LAPTOP)
    keeper.open(server.scorekeeper_url)
    keeper.tap(f"game-{game_id}")
    keeper.wait_for("round-title")
    return keeper


def ms(times: Sequence[float]) -> str:
    """ "median / max" in milliseconds, or "-" for no times."""
    if not times:
        return "-"
    return f"{statistics.median(times) * 1000:.0f} / {max(times) * 1000:.0f}"


def report(runs: Sequence[Run]) -> str:
    mib = 1024 * 1024
    rows = [
        (
            "viewers",
            "all viewers shown",
            "patch arrived",
            "Chromium heard",
            "Chromium drawn",
            "scorekeeper's own",
            "first to last patch",
            "server CPU/tap",
            "server RSS: idle, joined, end",
            "load",
        )
    ]
    for run in runs:
        rows.append(
            (
                str(run.viewers),
                ms(run.shown),
                ms(run.arrived),
                ms(run.heard),
                ms(run.drawn),
                ms(run.own),
                ms(run.spread),
                f"{run.cpu_per_tap * 1000:.0f} ms",
                f"{run.rss_idle / mib:.1f}, {run.rss_joined / mib:.1f}, {run.rss / mib:.1f} MiB",
                f"{run.load[0]:.1f}-{run.load[1]:.1f}",
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = [
        "  ".join(cell.rjust(width) for cell, width in zip(row, widths, strict=True))
        for row in rows
    ]
    lines.insert(1, "  ".join("-" * width for width in widths))
    lines.append("times: median / max ms from the scorekeeper's press on Record")
    missed = sum(run.missed for run in runs)
    if missed:
        lines.append(f"{missed} viewer-rounds never showed the round")
    worst = max(max(run.shown, default=float("inf")) for run in runs)
    biggest = max(run.rss for run in runs)
    in_time = "met" if worst < GOAL_SECONDS and not missed else "MISSED"
    small = "met" if biggest < GOAL_BYTES else "MISSED"
    lines.append(
        f"goal: every viewer within {GOAL_SECONDS:.0f} s: {in_time} (worst {worst * 1000:.0f} ms);"
        f" server under {GOAL_BYTES // mib} MB with {runs[-1].viewers} viewers: {small} "
        f"({biggest / mib:.1f} MiB)"
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
    print(
        f"{args.rounds} rounds each; one viewer draws in Chromium, the others speak Flet's protocol"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
