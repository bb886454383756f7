"""What the app shows of saving, in the real Flet views (no browser): the ``saved-N`` marker
beside ``revision-N``, on a laptop at once, in a browser once IndexedDB holds the change; and
the message when the browser would not keep it."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from scorepad.browser.disk import BrowserDisk, BrowserStorageError
from scorepad.browser.start import open_app
from scorepad.engine import Suit
from scorepad.store import open_store
from scorepad.ui.state import ScorepadApp
from tests.browser_runtime.fake_indexeddb import FakeIndexedDB
from tests.ui.driving import start
from tests.ui.flet_session import ViewDriver

pytestmark = pytest.mark.asyncio


@pytest_asyncio.fixture
async def db(tmp_path: Path) -> FakeIndexedDB:
    return FakeIndexedDB(tmp_path)


async def in_browser(db: FakeIndexedDB, folder: Path) -> ViewDriver:
    app = await open_app(BrowserDisk(db, folder))
    app.rng = random.Random(3)
    driver = ViewDriver(app)
    await driver.settle()
    return driver


async def test_on_a_laptop_every_change_is_shown_saved_when_drawn(tmp_path: Path) -> None:
    app = ScorepadApp(open_store(tmp_path / "data"), rng=random.Random(3))
    driver = ViewDriver(app)
    await driver.settle()
    try:
        start(app, "golf", ["Ann", "Bob", "Cat"])
        await driver.settle()
        assert driver.has(f"revision-{app.revision}")
        assert driver.has(f"saved-{app.revision}")
    finally:
        driver.close()


async def test_in_a_browser_a_change_is_shown_saved_once_indexeddb_has_it(
    db: FakeIndexedDB, tmp_path: Path
) -> None:
    driver = await in_browser(db, tmp_path / "tab")
    app = driver.app
    try:
        assert driver.has("saved-0")
        start(app, "golf", ["Ann", "Bob", "Cat"])
        await db.started()
        await driver.settle()
        tapped = app.revision
        assert driver.has(f"revision-{tapped}") and driver.has("saved-0")

        await db.finish()
        await driver.settle()

        assert driver.has(f"saved-{tapped}")
        assert app.revision == tapped, "being saved is not a change to save again"
        assert db.syncs == 1
    finally:
        driver.close()
    reloaded = await in_browser(db, tmp_path / "after reload")
    try:
        assert [list(game.players) for game in reloaded.app.store.list_games()] == [
            ["Ann", "Bob", "Cat"]
        ]
    finally:
        reloaded.close()


async def test_a_finished_save_draws_its_marker_again_and_not_the_screen(
    db: FakeIndexedDB, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A save ends after every tap in a browser: drawing the whole screen again for the
    invisible marker cost the browser's Python as much as the tap's own drawing."""
    import scorepad.ui.views.game as game_views

    driver = await in_browser(db, tmp_path / "tab")
    app = driver.app
    try:
        start(app, "golf", ["Ann", "Bob", "Cat"])
        await db.started()
        await driver.settle()
        tapped = app.revision
        drawn: list[int] = []
        draw = game_views.game_view

        def counted(*args: Any, **kwargs: Any) -> Any:
            drawn.append(app.revision)
            return draw(*args, **kwargs)

        monkeypatch.setattr(game_views, "game_view", counted)

        await db.finish()
        await driver.settle()

        assert driver.has(f"saved-{tapped}") and driver.has(f"revision-{tapped}")
        assert drawn == [], "the game screen was drawn again for a save"
        app.game.choose_trump(Suit.SPADES)  # the next change draws the screen, marker and all
        await db.started()
        await driver.settle()
        assert drawn == [app.revision]
        assert driver.has(f"revision-{app.revision}") and driver.has(f"saved-{tapped}")
    finally:
        driver.close()


async def test_the_marker_follows_the_saves_once_however_often_the_screens_change(
    db: FakeIndexedDB, tmp_path: Path
) -> None:
    """Each time the marker leaves the page it stops following the saves: an evening of
    screens left no listener behind to be called, for nothing, at every save."""
    driver = await in_browser(db, tmp_path / "tab")
    app = driver.app
    following: list[object] = []
    follow = app.on_saved

    def counted(listener: Callable[[], None]) -> Callable[[], None]:
        following.append(listener)
        stop = follow(listener)

        def stop_counted() -> None:
            following.remove(listener)
            stop()

        return stop_counted

    app.on_saved = counted  # type: ignore[method-assign]
    try:
        start(app, "golf", ["Ann", "Bob", "Cat"])
        await driver.settle()
        session = app.game.session
        assert session is not None
        for _ in range(5):  # each screen saved, as in play: the marker drawn alone each time
            app.go_home()
            await driver.settle()
            app.home.open_game(session.stored.id)
            await driver.settle()
            while db.pending is not None:
                await db.finish()
            await driver.settle()
        assert len(following) == 1, f"{len(following)} markers follow the saves"
        assert driver.has(f"saved-{app.revision}")
    finally:
        driver.close()


async def test_a_failed_save_says_so_on_the_message_line_and_is_not_shown_saved(
    db: FakeIndexedDB, tmp_path: Path
) -> None:
    driver = await in_browser(db, tmp_path / "tab")
    app = driver.app
    try:
        start(app, "golf", ["Ann", "Bob", "Cat"])
        tapped = app.revision
        await db.fail("this site's storage in the browser is full")
        await driver.settle()

        assert driver.has(f"revision-{tapped}") and not driver.has(f"saved-{tapped}")
        assert driver.has("saved-0")
        said = " ".join(driver.texts())
        assert (
            "Could not save in this browser: this site's storage in the browser is full. "
            "Your last change may be lost on reload; export the game to keep it."
        ) in said
        app.dismiss_message()  # nothing new to save: the message stays dismissed
        await driver.settle()
        assert "Could not save" not in " ".join(driver.texts())
        assert db.syncs == 1
    finally:
        driver.close()


async def test_a_tab_that_keeps_nothing_says_so_and_never_shows_a_change_saved(
    db: FakeIndexedDB, tmp_path: Path
) -> None:
    db.refuse = BrowserStorageError("this browser does not let the app keep data")
    driver = await in_browser(db, tmp_path / "tab")
    app = driver.app
    try:
        assert (
            "Games are not kept in this browser: this browser does not let the app keep data. "
            "They last until this page is closed; export a game to keep it."
        ) in " ".join(driver.texts())
        start(app, "golf", ["Ann", "Bob", "Cat"])  # the game is played, in memory
        await driver.settle()
        assert app.game.session is not None
        assert driver.has("saved-0") and db.syncs == 0
        # no tap, message or dismissal takes the warning away: every tap here is lost
        app.game.undo()
        app.dismiss_message()
        await driver.settle()
        assert "Games are not kept in this browser" in " ".join(driver.texts())
        assert driver.has("standing-warning")
    finally:
        driver.close()


async def test_in_a_browser_a_screen_that_cannot_be_drawn_points_to_the_console(
    db: FakeIndexedDB, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """There is no scorepad.log a phone's user could open: the details are in the console."""

    def broken(*_: object) -> None:
        raise RuntimeError("a bug in the home screen")

    monkeypatch.setattr("scorepad.ui.views.home.home_view", broken)
    driver = await in_browser(db, tmp_path / "tab")
    try:
        shown = " ".join(driver.texts())
        assert "This screen could not be drawn" in shown
        assert "the details are in the browser's developer console" in shown
        assert "scorepad.log" not in shown
    finally:
        driver.close()
