"""How fast does the app come up, next to a hello-world Flet app started the same way? And how
many taps does a round take in the real app?

Each run spawns the server process (web mode, offline renderer), points headless Chromium at
it, and times from the spawn to Flutter's first frame (its semantics placeholder appears) and
to the first screen a user can act on. Prints numbers; asserts nothing.

    uv run python benchmarks/app_start.py [--runs 5]
"""

from __future__ import annotations

import argparse
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.browser.harness import (
    CHROMIUM,
    CHROMIUM_ARGS,
    AppPage,
    app_command,
    free_port,
    headless_env,
    running_app,
)

HELLO = """
import sys
import flet as ft

def main(page):
    page.add(ft.Semantics(identifier="hello", content=ft.Text("Hello, world")))

ft.run(main, host="127.0.0.1", port=int(sys.argv[1]), view=ft.AppView.WEB_BROWSER, no_cdn=True)
"""


def wait_for_port(port: int, process: subprocess.Popen[bytes]) -> None:
    while True:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        if process.poll() is not None:
            raise RuntimeError("the server exited")
        time.sleep(0.02)


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def one_run(page: Page, command: list[str], ready_identifier: str, port: int) -> dict[str, float]:
    env = headless_env()
    env["FLET_FORCE_WEB_SERVER"] = "true"
    started = time.perf_counter()
    process = subprocess.Popen(
        command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        wait_for_port(port, process)
        listening = time.perf_counter()
        page.goto(f"http://127.0.0.1:{port}/")
        placeholder = page.wait_for_selector(
            "flt-semantics-placeholder", state="attached", timeout=60000
        )
        first_frame = time.perf_counter()
        assert placeholder is not None
        placeholder.dispatch_event("click")
        page.wait_for_selector(
            f'[flt-semantics-identifier="{ready_identifier}"]', state="attached", timeout=60000
        )
        ready = time.perf_counter()
        memory = rss_mb(process.pid)
    finally:
        process.terminate()
        process.wait(10)
    return {
        "listening": listening - started,
        "first_frame": first_frame - started,
        "ready": ready - started,
        "rss_mb": memory,
    }


def taps_per_round(page: Page, url: str) -> dict[str, int]:
    """Count the taps of one round of each preset through the real screens: Record must be
    closed before every tap and open after the last one."""
    app = AppPage(page)
    app.open(url)
    counts = {}
    rounds = {
        "golf": ("suit-hearts", None, [0, 0, 0, 0], [1, 0, 0]),
        "mormon-bridge": ("suit-hearts", "go", [3, 2, 3, 1], [3, 2, 3]),
        "scotch-bridge": (None, None, [0, 4, 4, 4], [0, 4, 5]),
    }
    for variant, (suit, go, bids, tricks) in rounds.items():
        app.tap("new-game")
        app.tap(f"variant-preset:{variant}")
        for name in ("Ann", "Bob", "Cat", "Dan"):
            roster = app.by_id(f"roster-{name}")
            if roster.count():
                app.tap(f"roster-{name}")
            else:
                app.add_players([name])
        app.tap("start-game")
        app.wait_for("round-title")
        app.taps = 0
        steps = [step for step in (suit, go) if step] + [f"pad-{v}" for v in [*bids, *tricks]]
        for step in steps:  # the app, not this script, says when the round is complete
            if not app.is_disabled("record-round"):
                raise AssertionError(f"{variant}: Record was open after {app.taps} taps")
            app.tap(step)
        if app.is_disabled("record-round"):
            raise AssertionError(f"{variant}: Record still closed after {app.taps} taps")
        app.tap("record-round")
        app.wait_for("standing-Ann")
        counts[variant] = app.taps
        page.locator('[aria-label="All games"]').first.click()
        page.wait_for_timeout(300)
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        hello = Path(folder) / "hello.py"
        hello.write_text(HELLO)
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        results: dict[str, list[dict[str, float]]] = {"hello-world Flet": [], "scorepad": []}
        for run in range(args.runs):
            for name, runs in results.items():
                port = free_port()
                if name == "scorepad":
                    command = app_command(port, Path(folder) / f"data{run}")
                    ready = "new-game"
                else:
                    command = [sys.executable, str(hello), str(port)]
                    ready = "hello"
                page = browser.new_page(viewport={"width": 390, "height": 844})
                runs.append(one_run(page, command, ready, port))
                page.close()
        print(f"process start to ... in headless Chromium, median of {args.runs} runs (s)")
        print(
            f"{'app':>17} | {'listening':>9} | {'first frame':>11} | {'usable':>6} | {'RSS MB':>6}"
        )
        for name, runs in results.items():

            def median(key: str, runs: list[dict[str, float]] = runs) -> float:
                return statistics.median(r[key] for r in runs)

            print(
                f"{name:>17} | {median('listening'):>9.2f} | {median('first_frame'):>11.2f} | "
                f"{median('ready'):>6.2f} | {median('rss_mb'):>6.0f}"
            )
        with running_app(Path(folder) / "taps") as url:
            page = browser.new_page(viewport={"width": 390, "height": 844})
            counts = taps_per_round(page, url)
        print("taps for one 4-player round, trump and confirm included:")
        for variant, taps in counts.items():
            print(f"  {variant}: {taps}")
        browser.close()


if __name__ == "__main__":
    main()
