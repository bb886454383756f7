"""Tap latency: from a click on the number pad to the app's answer on screen, against the same
measure for a minimal Flet counter (the framework's floor), in one run, in headless Chromium.

Each tap is a mouse click at the key's centre; the clock stops when the page's accessibility
tree shows the app's new state (scorepad's revision marker, the counter's value), polled once
per animation frame. Every scorepad tap is saved durably before the screen moves on, as in
real use (a store in a temporary folder on the same disk).

    uv run python benchmarks/tap_latency.py [--taps 40]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Page

from tests.browser.harness import (
    AppPage,
    browser_page,
    free_port,
    headless_env,
    running_app,
    wait_until_listening,
)

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

MARKER_AFTER = """([prefix, since]) => {
    const m = document.querySelector(`[flt-semantics-identifier^="${prefix}"]`);
    return m && parseInt(m.getAttribute('flt-semantics-identifier').slice(prefix.length)) > since;
}"""


def click_and_wait(page: Page, identifier: str, prefix: str, since: int) -> float:
    """Seconds from a click on ``identifier`` to the marker ``prefix<n>`` passing ``since``."""
    box = page.locator(f'[flt-semantics-identifier="{identifier}"]').first.bounding_box()
    assert box is not None, identifier
    started = time.perf_counter()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function(MARKER_AFTER, arg=[prefix, since], polling="raf", timeout=30000)
    return time.perf_counter() - started


def marker(page: Page, prefix: str) -> int:
    found = page.locator(f'[flt-semantics-identifier^="{prefix}"]').first
    found.wait_for(state="attached", timeout=30000)
    return int((found.get_attribute("flt-semantics-identifier") or prefix + "0")[len(prefix) :])


def counter_taps(taps: int) -> list[float]:
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
                AppPage(page).open(f"http://127.0.0.1:{port}/")
                times = []
                for _ in range(taps + 3):
                    times.append(click_and_wait(page, "tap", "count-", marker(page, "count-")))
                return times[3:]  # the first taps warm up both sides
        finally:
            process.terminate()
            process.wait(10)


def scorepad_taps(players: int, taps: int) -> list[float]:
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"][:players]
    times: list[float] = []
    with (
        tempfile.TemporaryDirectory() as folder,
        running_app(Path(folder)) as url,
        browser_page() as page,
    ):
        app = AppPage(page)
        app.open(url)
        app.tap("new-game")
        app.tap("variant-preset:mormon-bridge")
        for name in names:
            app.type_into("Add a player", name)
        app.tap("start-game")
        while len(times) < taps + 3:
            app.tap("suit-hearts" if len(times) % 2 else "suit-spades")
            app.tap("go")
            cards = int(app.text_of("round-title").split(": ")[1].split()[0])
            pad = ["pad-0"] * players + [f"pad-{cards}"] + ["pad-0"] * (players - 2)
            for key in pad:
                times.append(click_and_wait(page, key, "revision-", app.revision()))
            app.tap("record-round")
    return times[3 : taps + 3]


def summary(times: list[float]) -> str:
    ms = sorted(t * 1000 for t in times)
    p90 = ms[int(0.9 * (len(ms) - 1))]
    return f"median {statistics.median(ms):6.1f} ms   p90 {p90:6.1f} ms   ({len(ms)} taps)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=40)
    args = parser.parse_args()
    floor = counter_taps(args.taps)
    print("click to the answer on screen, headless Chromium:")
    print(f"  minimal Flet counter       {summary(floor)}")
    floor_median = statistics.median(floor)
    for players in (4, 8):
        times = scorepad_taps(players, args.taps)
        ratio = statistics.median(times) / floor_median
        print(f"  scorepad pad, {players} players  {summary(times)}   {ratio:.2f}x the floor")


if __name__ == "__main__":
    main()
