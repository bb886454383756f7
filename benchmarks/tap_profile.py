"""Where a number-pad tap's time goes on the server, measured in-process (no browser).

The app's real views run in a real Flet session whose connection packs every message as the
browser would receive it (tests/ui/flet_session.py). Each pad tap is timed whole (the click
handler, the durable save, and the re-render with its diff and packing), and in parts:

- ``save``: the store's read-modify-write with its fsyncs (``Store.update_game``),
- ``derive``: building games and round entries in the engine (``Game.__init__``,
  ``Game.entry``, the score sheet),
- ``render``: the views building the screen's controls (``game_view``),
- ``diff``: Flet comparing the new controls with the last ones (``ObjectPatch.from_diff``),
- ``pack``: packing the messages to the browser (msgpack), with their size in bytes.

``cpu`` is the processor time of the whole tap: on a machine busy with other work the wall
clock times grow, this much less.

The parts can nest (a save derives the game), so they need not add up to the whole.

    uv run python -m benchmarks.tap_profile [--players 4 8] [--taps 40] [--profile]
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import os
import pstats
import random
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from scorepad.engine import Game, RoundRecord, Stage, Suit
from scorepad.store import open_store
from scorepad.ui.state import ScorepadApp

try:
    from tests.ui.flet_session import ViewDriver
except BaseException as problem:  # pytest.skip raises a BaseException on another Flet
    sys.exit(f"the in-process Flet driver cannot run here: {problem}")


class Clock:
    """Time spent in wrapped functions, per part, outermost calls only."""

    def __init__(self) -> None:
        self.spent: dict[str, float] = defaultdict(float)
        self.depth: dict[str, int] = defaultdict(int)
        self.undo: list[Callable[[], None]] = []

    def wrap(self, owner: Any, name: str, part: str) -> None:
        original = getattr(owner, name)
        spent, depth = self.spent, self.depth

        def timed(*args: Any, **kwargs: Any) -> Any:
            depth[part] += 1
            started = time.perf_counter()
            try:
                return original(*args, **kwargs)
            finally:
                depth[part] -= 1
                if depth[part] == 0:
                    spent[part] += time.perf_counter() - started

        setattr(owner, name, timed)
        self.undo.append(lambda: setattr(owner, name, original))

    def take(self) -> dict[str, float]:
        taken = dict(self.spent)
        self.spent.clear()
        return taken

    def close(self) -> None:
        for undo in reversed(self.undo):
            undo()


@contextmanager
def clocked(app: ScorepadApp) -> Iterator[Clock]:
    from flet.controls import object_patch

    import scorepad.ui.views.game as game_view_module
    from scorepad.engine import game as game_module

    clock = Clock()
    clock.wrap(type(app.store), "update_game", "save")
    clock.wrap(game_module.Game, "__init__", "derive")
    clock.wrap(game_module.Game, "entry", "derive")
    clock.wrap(game_view_module, "game_view", "render")  # found by name at each render
    clock.wrap(object_patch.ObjectPatch, "from_diff", "diff")
    try:
        yield clock
    finally:
        clock.close()


def a_game_under_way(players: int) -> Game:
    """A Mormon Bridge game with two rounds recorded, as the browser benchmark plays it."""
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"][:players]
    game = Game.start("mormon-bridge", names, first_dealer=names[0])
    for number in (1, 2):
        setup = game.next_round
        assert setup is not None
        bids = dict.fromkeys(setup.bid_order, 0)
        if setup.dealer_hooked and sum(bids.values()) == setup.cards:
            bids[setup.bid_order[-1]] = 1
        tricks = dict.fromkeys(setup.bid_order, 0)
        tricks[setup.bid_order[0]] = setup.cards
        turned = None if setup.all_dealt else (Suit.SPADES if number % 2 else Suit.HEARTS)
        game = game.record_round(RoundRecord(turned=turned, bids=bids, tricks=tricks))
    return game


def next_key(app: ScorepadApp) -> str | None:
    """The pad key the benchmark taps next, or what else the round needs; ``None`` once the
    game is over."""
    session = app.game.session
    assert session is not None
    entry = session.entry
    if entry is None:
        return None
    if entry.stage is Stage.TRUMP:
        return "suit-spades"
    if entry.stage is Stage.GO:
        return "go"
    if entry.stage is Stage.CONFIRM:
        return "record-round"
    enabled = [key.value for key in entry.pad if key.enabled]
    if entry.stage is Stage.TRICKS and entry.active == entry.setup.bid_order[0]:
        return f"pad-{max(enabled)}"
    return f"pad-{0 if 0 in enabled else enabled[0]}"


async def pad_taps(
    players: int, taps: int, profiler: cProfile.Profile | None
) -> list[dict[str, float]]:
    with tempfile.TemporaryDirectory() as folder:
        app = ScorepadApp(open_store(Path(folder)), rng=random.Random(1))
        driver = ViewDriver(app)
        await driver.settle()

        async def a_new_game() -> None:
            stored = app.store.create_game(a_game_under_way(players).record)
            app.game.show(app.store.load_game(stored.id))
            app.refresh()
            await driver.settle()

        await a_new_game()
        rows: list[dict[str, float]] = []
        with clocked(app) as clock:
            while len(rows) < taps + 3:
                key = next_key(app)
                if key is None:  # more taps asked for than one game has: the next game
                    await a_new_game()
                    continue
                is_pad = key.startswith("pad-")
                connection = driver.connection
                sent_before = len(connection.packed)
                clock.take()
                started, cpu_started = time.perf_counter(), time.thread_time()
                if is_pad and profiler is not None and len(rows) >= 3:
                    profiler.enable()
                await driver.click(key)
                if profiler is not None:
                    profiler.disable()
                whole = time.perf_counter() - started
                cpu = time.thread_time() - cpu_started
                parts = clock.take()
                if not is_pad:
                    continue
                sent = connection.packed[sent_before:]
                pack_started = time.perf_counter()
                for message in connection.messages[sent_before:]:
                    _pack(message)
                parts["pack"] = time.perf_counter() - pack_started
                rows.append(
                    {"whole": whole, "cpu": cpu, **parts, "bytes": sum(len(m) for m in sent)}
                )
        driver.close()
        return rows[3:]


def _pack(message: Any) -> bytes:
    import flet as ft
    import msgpack
    from flet.messaging.protocol import configure_encode_object_for_msgpack

    packed: bytes = msgpack.packb(
        message,
        default=configure_encode_object_for_msgpack(ft.BaseControl),  # type: ignore[no-untyped-call]
    )
    return packed


def report(players: int, rows: list[dict[str, float]]) -> None:
    print(f"scorepad pad, {players} players, server side per tap ({len(rows)} taps), median:")
    for part in ("whole", "cpu", "save", "derive", "render", "diff", "pack"):
        values = [row.get(part, 0.0) * 1000 for row in rows]
        print(f"  {part:7} {statistics.median(values):7.2f} ms")
    print(f"  patch   {statistics.median(row['bytes'] for row in rows):7.0f} bytes")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[4, 8])
    parser.add_argument("--taps", type=int, default=40)
    parser.add_argument("--profile", action="store_true", help="print cProfile's top entries")
    args = parser.parse_args(argv)
    for players in args.players:
        profiler = cProfile.Profile() if args.profile else None
        rows = asyncio.run(pad_taps(players, args.taps, profiler))
        report(players, rows)
        if profiler is not None:
            out = io.StringIO()
            pstats.Stats(profiler, stream=out).sort_stats(
                os.environ.get("SORT", "cumulative")
            ).print_stats(45)
            print(out.getvalue())


if __name__ == "__main__":
    main()
