"""Tap latency: from a click on the number pad to the app's answer on screen, against the same
measure for a minimal Flet counter (the framework's floor), in one run, in headless Chromium.

Each tap is a mouse click at the key's centre; the clock stops when the page's accessibility
tree shows the app's new state (scorepad's revision marker, the counter's value), polled once
per animation frame. Every scorepad tap is saved durably before the screen moves on, as in
real use (a store in a temporary folder on the same disk).

Each tap is also split where the page can see it: ``input`` from the press to the page sending
the tap to the server, ``server`` from that message to the last answer arriving (the network
there and back, and all of the server's work: the save, the views, the diff), ``screen`` from
that answer to the frame that shows it (Flutter applying the change, laying out, painting, up
to one frame of polling). Then the server's part of a scorepad tap is split in-process
(``benchmarks/tap_profile.py``: the save, the engine, the views, Flet's diff).

    uv run python -m benchmarks.tap_latency [--taps 40] [--no-profile]
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import Page

from scorepad.engine import GameRecord
from scorepad.store import open_store
from tests.browser.harness import (
    CHROMIUM_SESSION,
    AppPage,
    browser_page,
    free_port,
    headless_env,
    running_app,
    wait_until_listening,
)

WARM_UP = 3
"""Taps dropped from each app's count: the first taps warm up both sides."""

COUNTER = """
import sys
import flet as ft

def main(page):
    count = 0
    label = ft.Semantics(identifier="count-0", content=ft.Text("0"))

    def tap(_):
        nonlocal count
        count += 1
        label.identifier = f"count-{count}"
        label.content = ft.Text(str(count))

    page.add(ft.Semantics(identifier="tap", content=ft.Button("tap", on_click=tap)), label)

ft.run(main, host="127.0.0.1", port=int(sys.argv[1]), view=ft.AppView.WEB_BROWSER, no_cdn=True)
"""

WATCH = """(() => {
    // when the page was pressed, sent a message to the server, and heard back (ms)
    const taps = window.__taps = {down: [], sent: [], heard: [], shown: null};
    window.addEventListener('pointerdown', () => taps.down.push(performance.now()), true);
    const Socket = window.WebSocket;
    window.WebSocket = class extends Socket {
        constructor(...args) {
            super(...args);
            this.addEventListener('message', () => taps.heard.push(performance.now()));
        }
        send(data) {
            taps.sent.push(performance.now());
            return super.send(data);
        }
    };
})()"""

RESET = "() => { const t = window.__taps; t.down = []; t.sent = []; t.heard = []; t.shown = null; }"

MARKER_AFTER = """([prefix, since]) => {
    const m = document.querySelector(`[flt-semantics-identifier^="${prefix}"]`);
    const seen = m && parseInt(
        m.getAttribute('flt-semantics-identifier').slice(prefix.length)) > since;
    if (seen) window.__taps.shown = performance.now();
    return seen;
}"""

PHASES = """() => {
    const t = window.__taps;
    const down = t.down[0];
    const sent = t.sent.find(s => s >= down);
    const heard = t.heard.filter(h => h >= sent && h <= t.shown);
    const last = heard.length ? heard[heard.length - 1] : sent;
    return {input: sent - down, server: last - sent, screen: t.shown - last};
}"""


@dataclass
class Tap:
    """One tap, in seconds: the whole of it, and its phases as the page saw them."""

    whole: float
    input: float
    server: float
    screen: float


def click_and_wait(page: Page, identifier: str, prefix: str, since: int) -> Tap:
    """A click on ``identifier`` until the marker ``prefix<n>`` passes ``since``."""
    box = page.locator(f'[flt-semantics-identifier="{identifier}"]').first.bounding_box()
    assert box is not None, identifier
    page.evaluate(RESET)
    started = time.perf_counter()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function(MARKER_AFTER, arg=[prefix, since], polling="raf", timeout=30000)
    whole = time.perf_counter() - started
    phases = page.evaluate(PHASES)
    return Tap(whole, *(phases[name] / 1000 for name in ("input", "server", "screen")))


def marker(page: Page, prefix: str) -> int:
    found = page.locator(f'[flt-semantics-identifier^="{prefix}"]').first
    found.wait_for(state="attached", timeout=30000)
    return int((found.get_attribute("flt-semantics-identifier") or prefix + "0")[len(prefix) :])


@contextmanager
def counter_app() -> Iterator[Callable[[], Tap]]:
    """The minimal Flet counter, running: each call taps it once."""
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "counter.py"
        script.write_text(COUNTER)
        port = free_port()
        process = subprocess.Popen(
            [sys.executable, str(script), str(port)],
            env={**headless_env(), "FLET_FORCE_WEB_SERVER": "true"},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        try:
            wait_until_listening(process, port)
            with browser_page() as page:
                page.add_init_script(WATCH)
                AppPage(page).open(f"http://127.0.0.1:{port}/")
                yield lambda: click_and_wait(page, "tap", "count-", marker(page, "count-"))
        finally:
            process.terminate()
            process.wait(10)


@contextmanager
def scorepad_app(players: int) -> Iterator[Callable[[], Tap]]:
    """scorepad's number pad in a Mormon Bridge game, running: each call taps the next key
    (choosing trump, Go and Record in between, unmeasured)."""
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"][:players]
    with tempfile.TemporaryDirectory() as folder:
        # set up through the store: the typing of names is not what is measured
        record = GameRecord.from_data({"variant": "mormon-bridge", "players": names})
        game_id = open_store(Path(folder)).create_game(record).id
        with running_app(Path(folder)) as url, browser_page() as page:
            page.add_init_script(WATCH)
            app = AppPage(page)
            app.open(url)
            app.tap(f"game-{game_id}")

            def taps() -> Iterator[Tap]:
                for round_number in itertools.count():
                    app.tap("suit-hearts" if round_number % 2 else "suit-spades")
                    app.tap("go")
                    cards = int(app.text_of("round-title").split(": ")[1].split()[0])
                    pad = ["pad-0"] * players + [f"pad-{cards}"] + ["pad-0"] * (players - 2)
                    for key in pad:
                        yield click_and_wait(page, key, "revision-", app.revision())
                    app.tap("record-round")

            yield taps().__next__


def alternated(taps: int, *apps: Callable[[], Tap]) -> list[list[Tap]]:
    """``taps`` taps on each app, taken in turn (one on each, again and again), so that
    every app meets the same machine: a load that comes and goes falls on all of them.
    The first ``WARM_UP`` of each warm up both sides and are dropped."""
    times: list[list[Tap]] = [[] for _ in apps]
    for _ in range(taps + WARM_UP):
        for tap, kept in zip(apps, times, strict=True):
            kept.append(tap())
    return [kept[WARM_UP:] for kept in times]


def ms(values: Sequence[float]) -> tuple[float, float]:
    """Median and 90th percentile, in milliseconds."""
    ordered = sorted(v * 1000 for v in values)
    return statistics.median(ordered), ordered[int(0.9 * (len(ordered) - 1))]


def summary(times: list[Tap]) -> str:
    median, p90 = ms([t.whole for t in times])
    parts = "  ".join(
        f"{name} {ms([getattr(t, name) for t in times])[0]:5.1f}"
        for name in ("input", "server", "screen")
    )
    return f"median {median:6.1f} ms   p90 {p90:6.1f} ms   ({len(times)} taps; {parts})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=40)
    parser.add_argument(
        "--no-profile", action="store_true", help="skip the in-process split of the server's part"
    )
    args = parser.parse_args()
    print("click to the answer on screen, headless Chromium, the apps tapped in turn")
    print("(phases: median ms):")
    try:
        for players in (4, 8):
            with counter_app() as counter, scorepad_app(players) as pad:
                floor, times = alternated(args.taps, counter, pad)
            ratio = statistics.median(t.whole for t in times) / statistics.median(
                t.whole for t in floor
            )
            own = ms([t.whole for t in times])
            print(f"  minimal Flet counter       {summary(floor)}")
            print(
                f"  scorepad pad, {players} players  {summary(times)}   {ratio:.2f}x the "
                f"counter, p90 {own[1] / own[0]:.2f}x its own median"
            )
    finally:
        CHROMIUM_SESSION.stop()
    if not args.no_profile:
        from benchmarks import tap_profile

        print()
        tap_profile.main([f"--taps={args.taps}"])


if __name__ == "__main__":
    main()
