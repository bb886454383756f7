"""What the app imports at start (issue 10): in the offline web app CPython runs in
WebAssembly, ~5x slower than on a laptop, and every module imported before the home screen
shows is paid again on every launch. flet-charts is the heaviest of them (its package imports
every chart type, matplotlib's too), and neither the home screen nor the game's pad draws a
chart: it is imported when the first chart is drawn.

Each check runs in a fresh interpreter: in this one the other tests have long imported
everything."""

from __future__ import annotations

import subprocess
import sys
import textwrap

HEAVY_AT_START = ("flet_charts", "scorepad.ui.views.charts", "scorepad.ui.state.charts")
"""Modules the home screen and the game's pad must not import: flet-charts and scorepad's
own charts (their dataclasses take ~20 ms natively, ~0.1 s in the browser)."""


def run_fresh(script: str) -> str:
    """Run ``script`` in a fresh interpreter from the repository's root; its stdout."""
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)],
        capture_output=True,
        text=True,
        check=False,
        timeout=180,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_importing_the_app_does_not_import_flet_charts() -> None:
    """The modules the browser's start-up imports (the views and, when there, the browser
    runtime) leave flet-charts unimported."""
    out = run_fresh(
        f"""
        import sys
        import scorepad.ui.views.app
        try:
            import scorepad.browser.start
        except ModuleNotFoundError as missing:
            if not (missing.name or "").startswith("scorepad.browser"):
                raise
        print(sorted(name for name in {HEAVY_AT_START!r} if name in sys.modules))
        """
    )
    assert out == "[]\n"


def test_home_and_pad_draw_without_flet_charts_and_the_sheet_draws_its_chart() -> None:
    """On a phone: the home screen and a game's pad after a round draw without importing
    flet-charts; the sheet's running totals chart then imports it and draws (a LineChart)."""
    out = run_fresh(
        f"""
        HEAVY_AT_START = {HEAVY_AT_START!r}
        import asyncio, random, sys, tempfile
        from pathlib import Path

        from scorepad.store import open_store
        from scorepad.ui.state import GameTab, ScorepadApp
        from tests.ui.driving import play_round, start
        from tests.ui.flet_session import ViewDriver

        def loaded() -> bool:
            return any(name in sys.modules for name in HEAVY_AT_START)

        async def main() -> None:
            with tempfile.TemporaryDirectory() as folder:
                app = ScorepadApp(open_store(Path(folder) / "data"), rng=random.Random(3))
                driver = ViewDriver(app)  # a phone: 390 x 844, round and sheet on tabs
                await driver.settle()
                print("home", driver.has("new-game"), loaded())
                start(app, "golf", ["Ann", "Bob", "Cat"])
                play_round(app)
                app.game.show_tab(GameTab.ROUND)
                await driver.settle()
                print("pad", app.game.session is not None, loaded())
                app.game.show_tab(GameTab.SHEET)
                await driver.settle()
                drew_it = loaded()  # before this script imports it to look for the chart
                import flet_charts

                charts = [c for c in driver.controls() if isinstance(c, flet_charts.LineChart)]
                print("sheet", driver.has("running-totals-chart"), len(charts), drew_it)
                driver.close()

        asyncio.run(main())
        """
    )
    assert out.splitlines() == ["home True False", "pad True False", "sheet True 1 True"]
