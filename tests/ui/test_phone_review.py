"""What a reviewer playing the app on a phone tripped over, checked on the app state: a stale
tap is explained in the table's words, the theme chosen is kept by the device, and a correction
left unsaved is not dropped without a word."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import pytest
from flet.messaging.protocol import MessageAction

from scorepad.engine import Suit
from scorepad.store import open_store
from scorepad.ui.state import Field, MessageKind, ScorepadApp, Screen
from scorepad.ui.state.game import CHANGED_ELSEWHERE
from scorepad.ui.views.app import THEME_KEY
from tests.ui import flet_session
from tests.ui.driving import play_round, start
from tests.ui.flet_session import RecordingConnection, ViewDriver

FOUR = ["Ann", "Bob", "Cat", "Dan"]


def test_a_stale_tap_is_explained_without_ids_or_revisions(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    first, second = ScorepadApp(open_store(tmp_path)), ScorepadApp(open_store(tmp_path))
    start(first, "golf", FOUR, dealer="Dan")
    assert first.game.session is not None
    game_id = first.game.session.stored.id
    second.home.open_game(game_id)
    play_round(first)  # another screen records round 1
    with caplog.at_level(logging.INFO, logger="scorepad.ui"):
        second.game.choose_trump(Suit.CLUBS)  # a tap meant for round 1
    assert second.message is not None and second.message.kind is MessageKind.ERROR
    assert second.message.text == (
        "This game was changed on another screen; it now shows the latest. Check it and tap again."
    )
    assert second.message.text == CHANGED_ELSEWHERE
    # the detail that helps whoever reads the log stays there
    assert any(game_id in record.getMessage() for record in caplog.records)


def test_the_theme_chosen_is_handed_to_the_device_to_keep(tmp_path: Path) -> None:
    app = ScorepadApp(open_store(tmp_path))
    kept: list[bool] = []
    app.keep_theme = kept.append
    app.toggle_theme()
    app.toggle_theme()
    assert kept == [True, False]


def test_a_device_that_cannot_keep_the_theme_still_switches_it(tmp_path: Path) -> None:
    app = ScorepadApp(open_store(tmp_path))

    def broken(dark: bool) -> None:
        raise OSError("storage full")

    app.keep_theme = broken
    app.toggle_theme()
    assert app.dark
    assert app.message is None


class DeviceThatKeptDark(RecordingConnection):
    """A browser whose storage kept the dark theme from an earlier visit."""

    def send_message(self, message: Any) -> None:
        body = message.body
        if (
            message.action == MessageAction.INVOKE_METHOD
            and body.name == "get"
            and body.args == {"key": THEME_KEY}
        ):
            self.messages.append(message)
            assert self.session is not None
            asyncio.get_running_loop().call_soon(
                self.session.handle_invoke_method_results,
                body.control_id,
                body.call_id,
                "dark",
                None,
            )
            return
        super().send_message(message)


@pytest.mark.asyncio
async def test_a_page_opens_in_the_theme_its_device_kept_and_keeps_a_new_choice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(flet_session, "RecordingConnection", DeviceThatKeptDark)
    driver = ViewDriver(ScorepadApp(open_store(tmp_path)))
    try:
        await driver.settle()
        assert driver.app.dark, "the dark theme the device kept is shown again"
        driver.app.toggle_theme()
        await driver.settle()
        sets = [
            m.body.args
            for m in driver.connection.messages
            if m.action == MessageAction.INVOKE_METHOD and m.body.name == "set"
        ]
        assert sets == [{"key": THEME_KEY, "value": "light"}]
    finally:
        driver.close()


def screen_of(app: ScorepadApp) -> Screen:
    """The screen on show (read afresh: mypy would keep an earlier check's narrowing)."""
    return app.screen


def correcting_round_3(tmp_path: Path) -> ScorepadApp:
    """A golf game with three rounds recorded, its round 3 open for correction."""
    app = ScorepadApp(open_store(tmp_path))
    start(app, "golf", FOUR, dealer="Dan")
    for _ in range(3):
        play_round(app)
    app.game.edit_round(3)
    return app


def change_dans_bid(app: ScorepadApp) -> None:
    app.game.select(Field.BID, "Dan")
    entry = app.game.session.entry if app.game.session else None
    assert entry is not None
    recorded = entry.draft.bids["Dan"] if entry.draft.bids else None
    app.game.tap_number(next(k.value for k in entry.pad if k.enabled and k.value != recorded))
    assert app.game.unsaved_correction == 3


@pytest.mark.parametrize("leave", ["All games", "browser back"])
def test_leaving_an_unsaved_correction_says_it_was_not_saved(tmp_path: Path, leave: str) -> None:
    app = correcting_round_3(tmp_path)
    assert app.game.session is not None
    game_id = app.game.session.stored.id
    before = app.store.load_game(game_id).game.results
    change_dans_bid(app)
    if leave == "All games":
        app.go_home()  # asked first: see the test below
        app.confirm()
    else:
        app.routes.open("/")  # the browser's back cannot wait for an answer
    assert app.screen is Screen.HOME
    assert app.message is not None
    assert app.message.text.startswith("The correction of round 3 was not saved"), app.message
    assert app.store.load_game(game_id).game.results == before  # as the message says


def test_leaving_a_correction_with_nothing_changed_says_nothing(tmp_path: Path) -> None:
    app = correcting_round_3(tmp_path)
    assert app.game.unsaved_correction is None
    app.go_home()
    assert app.screen is Screen.HOME
    assert app.message is None


def test_all_games_asks_before_dropping_an_unsaved_correction(tmp_path: Path) -> None:
    app = correcting_round_3(tmp_path)
    change_dans_bid(app)
    app.go_home()
    assert app.screen is Screen.GAME  # nothing left yet
    assert app.confirmation is not None
    assert app.confirmation.question == "Leave without saving the correction of round 3?"
    assert app.confirmation.go_ahead == "Leave without saving"
    app.cancel_confirmation()  # keep correcting
    assert app.screen is Screen.GAME
    assert app.game.unsaved_correction == 3  # the change is still on the pad
    app.game.confirm_round()  # saved
    assert app.message is None or app.message.kind is MessageKind.INFO
    app.go_home()  # nothing unsaved now: straight home, no question
    assert screen_of(app) is Screen.HOME
    assert app.confirmation is None
