"""The game open when the app was left comes back (issue 24): a reload keeps the game's
address, and now a browser closed and opened again (which starts at ``/``) opens that game
too, from what the device kept. The list of games, once shown on purpose, is what comes back.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from flet.messaging.protocol import MessageAction

from scorepad.store import open_store
from scorepad.ui.state import ScorepadApp, Screen
from scorepad.ui.views.app import OPEN_GAME_KEY
from tests.ui import flet_session
from tests.ui.driving import play_round, start
from tests.ui.flet_session import RecordingConnection, ViewDriver

FOUR = ["Ann", "Bob", "Cat", "Dan"]


def game_in_play(tmp_path: Path) -> str:
    """A Golf game with a round played, stored in ``tmp_path``; its id."""
    app = ScorepadApp(open_store(tmp_path))
    start(app, "golf", FOUR, dealer="Dan")
    play_round(app)
    assert app.game.session is not None
    return app.game.session.stored.id


def screen_of(app: ScorepadApp) -> Screen:
    return app.screen


# --- the state: what to keep, and coming back ------------------------------------------------


def test_the_game_on_show_is_kept_the_list_keeps_none_other_screens_keep_what_was_kept(
    tmp_path: Path,
) -> None:
    game_id = game_in_play(tmp_path)
    app = ScorepadApp(open_store(tmp_path))
    assert app.routes.game_to_keep("0badc0de") is None  # the list of games, on purpose
    app.home.open_game(game_id)
    assert app.routes.game_to_keep(None) == game_id
    app.players.open()
    assert app.routes.game_to_keep(game_id) == game_id
    app.ledger.open()
    assert app.routes.game_to_keep(game_id) == game_id


def test_coming_back_opens_the_kept_game_where_it_was_left(tmp_path: Path) -> None:
    game_id = game_in_play(tmp_path)
    app = ScorepadApp(open_store(tmp_path))
    app.routes.come_back_to(game_id)
    assert app.screen is Screen.GAME
    assert app.game.session is not None
    assert app.game.session.stored.id == game_id
    assert app.game.session.game.next_round is not None
    assert app.game.session.game.next_round.number == 2
    assert app.routes.current == f"/game/{game_id}"
    assert app.message is None


@pytest.mark.parametrize(
    "kept",
    ["0badc0de", "../../etc/passwd", "x" * 500, "/game/1"],
    ids=["a game deleted since", "a path", "too long", "an address"],
)
def test_a_kept_id_of_no_stored_game_leaves_the_list_without_a_word(
    tmp_path: Path, kept: str
) -> None:
    game_in_play(tmp_path)
    app = ScorepadApp(open_store(tmp_path))
    app.routes.come_back_to(kept)
    assert app.screen is Screen.HOME
    assert app.message is None


def test_coming_back_never_takes_the_user_from_a_screen_they_went_to(tmp_path: Path) -> None:
    game_id = game_in_play(tmp_path)
    app = ScorepadApp(open_store(tmp_path))
    app.new_game.open()
    app.routes.come_back_to(game_id)
    assert app.screen is Screen.NEW_GAME


# --- the page: the device keeps it, and a page opened at / reads it back ---------------------


class DeviceThatKept(RecordingConnection):
    """A browser whose storage kept ``kept`` under the open game's key from an earlier visit
    (and nothing else), recording every write."""

    kept: str | None = None

    def send_message(self, message: Any) -> None:
        body = message.body
        asked = message.action == MessageAction.INVOKE_METHOD and body.name == "get"
        if asked and body.args == {"key": OPEN_GAME_KEY}:
            self.messages.append(message)
            assert self.session is not None
            asyncio.get_running_loop().call_soon(
                self.session.handle_invoke_method_results,
                body.control_id,
                body.call_id,
                self.kept,
                None,
            )
            return
        super().send_message(message)

    def writes(self) -> list[str]:
        return [
            m.body.args["value"]
            for m in self.messages
            if m.action == MessageAction.INVOKE_METHOD
            and m.body.name == "set"
            and m.body.args.get("key") == OPEN_GAME_KEY
        ]


def kept_by_device(monkeypatch: pytest.MonkeyPatch, kept: str | None) -> None:
    class Device(DeviceThatKept):
        pass

    Device.kept = kept
    monkeypatch.setattr(flet_session, "RecordingConnection", Device)


def writes_of(driver: ViewDriver) -> list[str]:
    assert isinstance(driver.connection, DeviceThatKept)
    return driver.connection.writes()


@pytest.mark.asyncio
async def test_a_page_opened_at_the_start_comes_back_to_the_game_its_device_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = game_in_play(tmp_path)
    kept_by_device(monkeypatch, game_id)
    driver = ViewDriver(ScorepadApp(open_store(tmp_path)))
    try:
        await driver.settle()
        assert screen_of(driver.app) is Screen.GAME
        assert driver.has("round-title")
        assert writes_of(driver) == []  # what it kept is what it shows: nothing to write
        driver.app.go_home()
        await driver.settle()
        assert screen_of(driver.app) is Screen.HOME
        assert writes_of(driver) == [""]  # the list, on purpose: that is what comes back
        driver.app.home.open_game(game_id)
        await driver.settle()
        assert writes_of(driver) == ["", game_id]
    finally:
        driver.close()


@pytest.mark.asyncio
async def test_a_device_that_kept_nothing_opens_on_the_list_and_keeps_the_game_opened(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = game_in_play(tmp_path)
    kept_by_device(monkeypatch, None)
    driver = ViewDriver(ScorepadApp(open_store(tmp_path)))
    try:
        await driver.settle()
        assert screen_of(driver.app) is Screen.HOME
        assert writes_of(driver) == []
        driver.app.home.open_game(game_id)
        await driver.settle()
        assert writes_of(driver) == [game_id]
    finally:
        driver.close()
