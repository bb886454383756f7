"""How long a new phone takes to join the shared table while it is attacked (issue 20).

``scorepad --share`` on 127.0.0.1, started with a laptop's soft limit of 1,024 open files,
then three attacks, each with new phones joining (a raw
Flet client: WebSocket, register, first control patch drawn) and a phone already there
(the scorekeeper, by the token's address) changing screen (a route change to the new screen
drawn), before, during and after:

1. an event flood: one viewer's own socket sends 8,000 crafted control events at once;
2. 1,100 half-open connections from another loopback address, each half a request head;
3. the flood again, from 5 viewers at once.

Run: ``uv run python -m benchmarks.hostile_table``. Prints medians and maxima in ms.
"""

from __future__ import annotations

import resource
import statistics
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

from tests.browser.shared import SharedServer, shared_server
from tests.server.raw_phone import CONTROL_EVENT, RawPhone, draws_a_screen
from tests.server.test_one_phone_cannot_stall_the_table import (
    LAPTOP_OPEN_FILES,
    crafted_events,
    half_open,
)

JOINS = 5


def join_times(server: SharedServer, count: int = JOINS) -> list[float]:
    times = []
    for _ in range(count):
        with RawPhone(server.port) as phone:
            times.append(phone.register())
    return times


def screen_change(phone: RawPhone, route: str) -> float:
    """A route change sent to the new screen drawn (a tap's round trip, as the server sees it)."""
    started = time.monotonic()
    phone.send([CONTROL_EVENT, {"target": 1, "name": "route_change", "data": {"route": route}}])
    phone.wait_for(draws_a_screen)
    return time.monotonic() - started


def flood(port: int, done: threading.Event) -> None:
    with RawPhone(port) as attacker:
        attacker.register()
        for message in crafted_events(8_000):
            try:
                attacker.send(message)
            except Exception:  # closed by the server: the flood is over
                break
        attacker.drain(2.0)
    done.set()


def report(what: str, seconds: list[float]) -> None:
    ms = [s * 1000 for s in seconds]
    print(f"  {what:<44} median {statistics.median(ms):6.0f} ms   max {max(ms):6.0f} ms")


def during(server: SharedServer, attack: Callable[[], None], label: str) -> None:
    token = server.scorekeeper_url.split("token=", 1)[1]
    with RawPhone(server.port, route=f"/?token={token}") as keeper:
        keeper.register()
        report("a phone joins, before", join_times(server))
        report("a screen changes, before", [screen_change(keeper, r) for r in ("/players", "/")])
        started = threading.Thread(target=attack, daemon=True)
        started.start()
        report(f"a phone joins, during {label}", join_times(server))
        report(f"a screen changes, during {label}", [screen_change(keeper, "/players")])
        started.join(60)
        report(f"a phone joins, after {label}", join_times(server))
        report(f"a screen changes, after {label}", [screen_change(keeper, "/")])


def main() -> None:
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 8192), hard))
    with (
        tempfile.TemporaryDirectory() as scratch,
        shared_server(Path(scratch), open_files=LAPTOP_OPEN_FILES) as server,
    ):
        print("1. one viewer floods 8,000 crafted events")
        during(server, lambda: flood(server.port, threading.Event()), "the flood")
        print("2. 1,100 half-open connections held from 127.0.0.2")
        held: list[object] = []
        during(server, lambda: held.extend(half_open(server.port, 1_100, "127.0.0.2")), "1,100")
        print(f"   ({len(held)} connections were opened; the server closes slow heads)")
        print("3. five viewers flood at once")

        def five() -> None:
            threads = [
                threading.Thread(target=flood, args=(server.port, threading.Event()))
                for _ in range(5)
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(60)

        during(server, five, "5 floods")
        closed = server.log_text().count("closed the connection")
        print(f"the log: {closed} connections closed, {len(server.log_text()):,} characters")


if __name__ == "__main__":
    main()
