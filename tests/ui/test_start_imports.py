"""What the app imports at start (issue 10): in the offline web app CPython runs in
WebAssembly, ~5x slower than on a laptop, and every module imported before the home screen
shows is paid again on every launch. flet-charts is the heaviest of them (its package imports
every chart type, matplotlib's too), and neither the home screen nor the game's pad draws a
chart: it is imported when the first chart is drawn.

Each check runs in a fresh interpreter: in this one the other tests have long imported
everything."""

from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from scorepad.store import StoredGame, files, open_store
from scorepad.store.games import GameFiles
from scorepad.ui.state import ScorepadApp
from tests.ui.driving import play_round, start

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


@pytest.mark.process
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


@pytest.mark.process
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


def played_store(folder: Path, games: int) -> None:
    """A store with ``games`` games of a round each, its catalogue up to date."""
    app = ScorepadApp.open(folder)
    for number in range(games):
        start(app, "golf", ["Ann", "Bob", f"P{number}"])
        play_round(app)
        app.go_home()
    assert len(app.store.list_games()) == games


def games_read_to_list(folder: Path, monkeypatch: pytest.MonkeyPatch) -> int:
    """How many game files listing the store at ``folder`` reads (the home screen's list)."""
    reads = []
    read_game = GameFiles.read

    def counted(files: GameFiles, game_id: str) -> StoredGame:
        reads.append(game_id)
        return read_game(files, game_id)

    with monkeypatch.context() as patched:
        patched.setattr(GameFiles, "read", counted)
        listed = open_store(folder).list_games()
    assert all(summary.problem is None for summary in listed)
    return len(reads)


@pytest.mark.parametrize("inodes_kept", [True, False])
def test_a_store_loaded_again_into_new_inodes_lists_from_its_catalogue(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, inodes_kept: bool
) -> None:
    """The offline web app loads the store folder from IndexedDB at each launch: the same
    files, modification times and sizes, but new inodes (as a copy keeping times does here).
    There the home screen's list comes from the catalogue, not from reading every game again;
    a game whose file did change is still read again. Where inodes are kept (a laptop), a
    new inode is a changed file, as before."""
    monkeypatch.setattr(files, "INODES_KEPT", inodes_kept)
    played_store(tmp_path / "first", 3)
    loaded = tmp_path / "loaded"
    shutil.copytree(tmp_path / "first", loaded)  # copy2: same mtime_ns and size, new inodes
    assert games_read_to_list(loaded, monkeypatch) == (3 if inodes_kept else 0)
    changed = next((loaded / "games").iterdir())
    changed.write_bytes(changed.read_bytes() + b"\n")  # still the same game, a new size
    assert games_read_to_list(loaded, monkeypatch) == 1


@pytest.mark.process
def test_the_early_imports_hold_everything_the_first_screen_imports() -> None:
    """What the offline app imports while Flutter boots (``scorepad.browser.early``) leaves
    nothing of Flet or scorepad for the list of games to import as it first draws (with a
    game kept, and with none), and nothing heavy: a control the first screen starts to use
    that is missing from the list fails here."""
    out = run_fresh(
        f"""
        HEAVY_AT_START = {HEAVY_AT_START!r}
        import asyncio, random, sys, tempfile
        from pathlib import Path

        import scorepad.browser.early
        from scorepad.engine import Game
        from scorepad.store import open_store
        from scorepad.ui.state import ScorepadApp, Screen
        from tests.ui.flet_session import ViewDriver

        async def first_screen(folder: Path) -> None:
            app = ScorepadApp(open_store(folder), rng=random.Random(1))
            driver = ViewDriver(app)
            await driver.settle()
            assert app.screen is Screen.HOME and driver.has("new-game"), app.screen
            driver.close()

        with tempfile.TemporaryDirectory() as empty, tempfile.TemporaryDirectory() as one:
            game = Game.start("mormon-bridge", ["Ann", "Bob", "Cat"], first_dealer="Ann")
            open_store(Path(one)).create_game(game.record)
            early = set(sys.modules)
            asyncio.run(first_screen(Path(empty)))
            asyncio.run(first_screen(Path(one)))
        late = sorted(
            name for name in set(sys.modules) - early if name.startswith(("flet", "scorepad"))
        )
        print(late, sorted(name for name in HEAVY_AT_START if name in sys.modules))
        """
    )
    assert out == "[] []\n"
