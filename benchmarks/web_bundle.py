"""The offline web bundle against a hello-world Flet app built the same way: what a first visit
downloads, how fast the app starts (first visit, and from the service worker with the host
gone), and how fast it answers a tap, with the issue's goals printed beside the numbers.

Both apps are built by ``scorepad.web_build.build_web`` (the same Flet client, Pyodide and
service worker; only the Python app differs) and served on 127.0.0.1 by the build's own static
server (``app_for``: gzip, as a static host compresses). Each run uses a fresh Chromium profile:

- first load: from ``goto`` to a usable home screen (scorepad's New game; hello world's
  button), then, once the service worker has finished precaching, the bytes the host sent
  (over the wire, gzip-encoded, and decoded) and the number of requests;
- taps: the median time from a click to the app's answer on screen (scorepad's revision marker,
  hello world's counter), the first three left out as warm-up; for scorepad also the time until
  the tap is durable in IndexedDB (its ``saved-{n}`` marker);
- cached start: the host stopped, the browser restarted on the same profile, from ``goto`` to a
  usable home screen (the service worker serves everything).

Both starts are also timed to Flutter's first frame (its semantics placeholder): the client's
part, the same code in both apps; what follows it is Pyodide, the wheels and the app's Python.

Nothing is downloaded: the builds come from the wheel cache (``uv run scorepad build-web DIR``
fills it) or from folders given with --scorepad / --hello. Every request to another host fails
in the browser's resolver and is counted.

    uv run python -m benchmarks.web_bundle [--runs 3] [--taps 20] [--scorepad DIR] [--hello DIR]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Page, Playwright, sync_playwright
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from scorepad.web_build import (
    HELLO_WORLD_WEB_APP,
    SCOREPAD_WEB_APP,
    WebApp,
    WebBuildError,
    app_for,
    build_web,
)
from tests.web.offline import (
    PYODIDE_START_MS,
    TAP_MS,
    OtherHosts,
    WebAppPage,
    browser_profile,
    serving,
)

MIB = 1024 * 1024
STOCK_HELLO = "Flet hello"
"""Hello world with Flet's start as it ships (``build_web(faster_start=False)``): the goals'
baseline, "Flet's own template"."""
FAST_HELLO = "fast hello"
"""Hello world with scorepad's faster start (early Python, Pyodide's loader, bytecode)."""
SCOREPAD = "scorepad"
GOAL_CACHED_START = 0.8
"""Cached start: scorepad within this many times hello world's (issue 24: faster than it)."""
GOAL_FIRST_LOAD = 1.0
"""First visit to a usable home screen: scorepad within this many times hello world's."""
GOAL_TAP = 1.5
"""Tap latency: scorepad within this many times hello world's."""
GOAL_FIRST_LOAD_MIB = 25
"""What a first visit downloads (over the wire), at most."""
WARM_UP_TAPS = 3

HELLO_READY = "hello-tap"
"""The hello-world app's button (HELLO_WORLD_WEB_APP): its usable screen."""
HELLO_COUNT = "hello-count-"
"""The hello-world app's counter marker: ``hello-count-{n}`` after n taps."""

MARKER_AFTER = """([prefix, since]) => {
    const m = document.querySelector(`[flt-semantics-identifier^="${prefix}"]`);
    return m !== null
        && parseInt(m.getAttribute('flt-semantics-identifier').slice(prefix.length)) > since;
}"""

MARKER_AT_LEAST = """([prefix, since]) => {
    const m = document.querySelector(`[flt-semantics-identifier^="${prefix}"]`);
    return m !== null
        && parseInt(m.getAttribute('flt-semantics-identifier').slice(prefix.length)) >= since;
}"""

PRECACHED = """async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
}"""


class CountedBytes:
    """ASGI wrapper counting what the host sends: requests, body bytes as sent (gzip-encoded
    where the server compressed) and as decoded (what the browser gets after inflating)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.requests = 0
        self.encoded = 0
        self.decoded = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        self.requests += 1
        inflater: list[zlib._Decompress] = []

        async def counting(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = {bytes(k).lower(): bytes(v) for k, v in message.get("headers", [])}
                if headers.get(b"content-encoding") == b"gzip":
                    inflater.append(zlib.decompressobj(16 + zlib.MAX_WBITS))
            elif message["type"] == "http.response.body":
                body = bytes(message.get("body", b""))
                self.encoded += len(body)
                self.decoded += len(inflater[0].decompress(body)) if inflater else len(body)
            await send(message)

        await self.app(scope, receive, counting)

    def total(self) -> tuple[int, int, int]:
        return self.requests, self.encoded, self.decoded


@dataclass
class Run:
    """One run of one app: seconds, bytes and requests as measured."""

    first_load: float = 0.0
    first_load_frame: float = 0.0
    """Seconds to Flutter's first frame (the client; the rest is Python starting)."""
    requests: int = 0
    encoded: int = 0
    decoded: int = 0
    cached_start: float = 0.0
    cached_start_frame: float = 0.0
    taps: list[float] = field(default_factory=list)
    saved: list[float] = field(default_factory=list)


@dataclass(frozen=True)
class Subject:
    """One of the two apps: its build, what marks its usable home screen, how it is tapped."""

    name: str
    folder: Path
    ready: str
    tapping: Callable[[WebAppPage, int, Run], None]


def timed_tap(page: Page, identifier: str, prefix: str, since: int) -> float:
    """Seconds from a click at ``identifier``'s centre until the marker ``prefix<n>`` passes
    ``since`` (the page polled once per frame)."""
    box = page.locator(f'[flt-semantics-identifier="{identifier}"]').first.bounding_box()
    assert box is not None, f"{identifier} is not on screen"
    started = time.perf_counter()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function(MARKER_AFTER, arg=[prefix, since], polling="raf", timeout=TAP_MS)
    return time.perf_counter() - started


def marker(page: Page, prefix: str) -> int:
    found = page.locator(f'[flt-semantics-identifier^="{prefix}"]').first
    found.wait_for(state="attached", timeout=TAP_MS)
    return int((found.get_attribute("flt-semantics-identifier") or prefix + "0")[len(prefix) :])


def hello_taps(app: WebAppPage, taps: int, run: Run) -> None:
    for _ in range(taps + WARM_UP_TAPS):
        run.taps.append(
            timed_tap(app.page, HELLO_READY, HELLO_COUNT, marker(app.page, HELLO_COUNT))
        )
    del run.taps[:WARM_UP_TAPS]


def scorepad_taps(app: WebAppPage, taps: int, run: Run) -> None:
    """Mormon Bridge for four (typed in: a phone's browser starts empty), then the number pad's
    taps as a round goes (trump, go and record are taps too, but not timed)."""
    players = ["Ann", "Bob", "Cat", "Dan"]
    app.tap("new-game")
    app.tap("variant-preset:mormon-bridge")
    app.add_players(players)
    app.tap("start-game")
    app.wait_for("round-title")
    saved_marker = app.saved_through() is not None
    while len(run.taps) < taps + WARM_UP_TAPS:
        app.tap("suit-hearts" if len(run.taps) % 2 else "suit-spades")
        app.tap("go")
        cards = int(app.text_of("round-title").split(": ")[1].split()[0])
        pad = ["pad-0"] * len(players) + [f"pad-{cards}"] + ["pad-0"] * (len(players) - 2)
        for key in pad:
            since = app.revision()
            started = time.perf_counter()
            run.taps.append(timed_tap(app.page, key, "revision-", since))
            if saved_marker:
                app.page.wait_for_function(
                    MARKER_AT_LEAST, arg=["saved-", since + 1], polling="raf", timeout=TAP_MS
                )
                run.saved.append(time.perf_counter() - started)
        app.tap("record-round")
    del run.taps[:WARM_UP_TAPS], run.taps[taps:]
    del run.saved[:WARM_UP_TAPS], run.saved[taps:]
    # back to the list, as left on purpose: the cached start then opens on the home screen
    # (a device that left a game open comes back to it), like hello world's one screen
    app.page.get_by_role("button", name="All games").first.click()
    app.wait_for("new-game")
    app.page.wait_for_function(
        "() => ['\"\"', null].includes(localStorage.getItem('flutter.scorepad.open_game'))",
        timeout=TAP_MS,
    )


def usable_after(app: WebAppPage, url: str, ready: str) -> tuple[float, float]:
    """Seconds from asking for ``url`` to the control ``ready`` on screen, and to Flutter's
    first frame on the way (what comes after it is Python starting and drawing)."""
    started = time.perf_counter()
    app.open(url)
    app.wait_for(ready, timeout=PYODIDE_START_MS)
    return time.perf_counter() - started, app.first_frame_at - started


def one_run(playwright: Playwright, subject: Subject, profile: Path, taps: int) -> Run:
    run = Run()
    other_hosts = OtherHosts()
    first_screen = f'[flt-semantics-identifier="{subject.ready}"]'
    counted = CountedBytes(app_for(subject.folder))
    with serving(counted) as host:
        with browser_profile(playwright, profile, other_hosts, intercept=False) as context:
            app = WebAppPage(
                context.pages[0] if context.pages else context.new_page(), first_screen
            )
            run.first_load, run.first_load_frame = usable_after(app, host.url, subject.ready)
            if not app.page.evaluate(PRECACHED):
                raise RuntimeError(f"{subject.name}: no service worker controls the page")
            wait_until_quiet(counted)
            run.requests, run.encoded, run.decoded = counted.total()
            subject.tapping(app, taps, run)
        host.stop()
        with browser_profile(playwright, profile, other_hosts, intercept=False) as context:
            app = WebAppPage(
                context.pages[0] if context.pages else context.new_page(), first_screen
            )
            run.cached_start, run.cached_start_frame = usable_after(app, host.url, subject.ready)
    if other_hosts.urls:
        raise RuntimeError(f"{subject.name} asked other hosts: {other_hosts.urls}")
    return run


def wait_until_quiet(counted: CountedBytes, quiet: float = 1.0) -> None:
    """Wait until the host has sent nothing for ``quiet`` seconds (the service worker's
    precache and the page's own late requests are part of a first visit)."""
    last = counted.total()
    still_since = time.monotonic()
    while time.monotonic() - still_since < quiet:
        time.sleep(0.1)
        now = counted.total()
        if now != last:
            last, still_since = now, time.monotonic()


def built(app: WebApp, given: Path | None, folder: Path, *, faster_start: bool = True) -> Path:
    if given is not None:
        if not (given / "index.html").is_file():
            sys.exit(f"{given} is not a built bundle (no index.html): run scorepad build-web first")
        return given
    try:
        build_web(folder, app, allow_download=False, faster_start=faster_start)
    except WebBuildError as problem:
        sys.exit(
            f"could not build without downloading: {problem}\n"
            "run `uv run scorepad build-web build/web` once to fill the wheel cache"
        )
    return folder


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def verdict(met: bool) -> str:
    return "met" if met else "NOT MET"


def table(runs: dict[str, list[Run]]) -> list[str]:
    """The medians side by side; the goal is scorepad within a ratio of Flet's own hello world
    (its start as Flet ships it); the ratio to hello world with scorepad's faster start shows
    what is left that is scorepad's own."""
    stock, fast, scorepad = runs[STOCK_HELLO], runs[FAST_HELLO], runs[SCOREPAD]

    def each(of: Callable[[list[Run]], float]) -> tuple[float, float, float]:
        return of(stock), of(fast), of(scorepad)

    def three(pick: Callable[[Run], float]) -> tuple[float, float, float]:
        return each(lambda runs: median([pick(r) for r in runs]))

    def taps_ms(taps: Callable[[Run], list[float]], runs: list[Run]) -> float:
        return median([t for r in runs for t in taps(r)]) * 1000

    rows = [
        f"{'':<34}{'Flet hello':>11}{'fast hello':>11}{'scorepad':>10}"
        f"{'vs Flet':>9}{'vs fast':>9}   goal"
    ]

    def row(label: str, values: tuple[float, float, float], form: str, goal: str = "") -> None:
        a, b, c = values
        ratios = "".join(f"{c / x:.2f}x".rjust(9) if x else "-".rjust(9) for x in (a, b))
        cells = "".join(
            form.format(v).rjust(width) for v, width in zip(values, (11, 11, 10), strict=True)
        )
        rows.append(f"{label:<34}{cells}{ratios}   {goal}".rstrip())

    wire = three(lambda r: r.encoded / MIB)
    under = f"scorepad under {GOAL_FIRST_LOAD_MIB} MiB: {verdict(wire[2] < GOAL_FIRST_LOAD_MIB)}"
    row("first load: over the wire (gzip)", wire, "{:.1f} MiB", under)
    row("first load: decoded", three(lambda r: r.decoded / MIB), "{:.1f} MiB")
    row("first load: requests", three(lambda r: r.requests), "{:.0f}")

    def within(label: str, values: tuple[float, float, float], form: str, goal: float) -> None:
        """A row whose goal is scorepad within ``goal`` times Flet's hello world's."""
        met = verdict(values[2] <= goal * values[0])
        row(label, values, form, f"within {goal}x of Flet's: {met}")

    within("first load to usable home", three(lambda r: r.first_load), "{:.1f} s", GOAL_FIRST_LOAD)
    row("  of which to Flutter's first frame", three(lambda r: r.first_load_frame), "{:.1f} s")
    within(
        "cached start to usable home",
        three(lambda r: r.cached_start),
        "{:.1f} s",
        GOAL_CACHED_START,
    )
    row("  of which to Flutter's first frame", three(lambda r: r.cached_start_frame), "{:.1f} s")
    taps = each(lambda runs: taps_ms(lambda r: r.taps, runs))
    within("tap to answer on screen, median", taps, "{:.0f} ms", GOAL_TAP)
    saved = taps_ms(lambda r: r.saved, scorepad)
    rows.append(f"{'tap to saved in IndexedDB, median':<34}{'-':>11}{'-':>11}{saved:>7.0f} ms")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--taps", type=int, default=20, help="timed taps per run and app")
    parser.add_argument("--scorepad", type=Path, help="a scorepad build to use (not rebuilt)")
    parser.add_argument("--hello", type=Path, help="a hello-world build to use (not rebuilt)")
    parser.add_argument(
        "--flet-hello", type=Path, help="a hello-world build with Flet's own start (not rebuilt)"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work, sync_playwright() as playwright:
        folder = Path(work)
        subjects = [
            Subject(
                STOCK_HELLO,
                built(
                    HELLO_WORLD_WEB_APP, args.flet_hello, folder / "flet-hello", faster_start=False
                ),
                HELLO_READY,
                hello_taps,
            ),
            Subject(
                FAST_HELLO,
                built(HELLO_WORLD_WEB_APP, args.hello, folder / "hello"),
                HELLO_READY,
                hello_taps,
            ),
            Subject(
                SCOREPAD,
                built(SCOREPAD_WEB_APP, args.scorepad, folder / "scorepad"),
                "new-game",
                scorepad_taps,
            ),
        ]
        runs: dict[str, list[Run]] = {subject.name: [] for subject in subjects}
        for number in range(1, args.runs + 1):
            for subject in subjects:  # alternate, so a busy moment hits both
                profile = folder / f"profile-{subject.name.replace(' ', '-')}-{number}"
                run = one_run(playwright, subject, profile, args.taps)
                runs[subject.name].append(run)
                print(
                    f"run {number} {subject.name}: first load {run.first_load:.1f} s, "
                    f"cached start {run.cached_start:.1f} s, {run.requests} requests, "
                    f"{run.encoded / MIB:.1f} MiB over the wire",
                    flush=True,
                )
    print()
    print(
        f"offline web bundle: a hello-world Flet app with Flet's own start and with scorepad's "
        f"faster one, and scorepad; all with the build's service worker, served with gzip "
        f"on 127.0.0.1; headless Chromium, median of {args.runs} runs (fresh profile each), "
        f"{args.taps} taps a run; requests to other hosts: 0"
    )
    for line in table(runs):
        print(line)


if __name__ == "__main__":
    main()
