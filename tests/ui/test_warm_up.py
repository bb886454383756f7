"""The web build's warm-up (scorepad/browser/warm_up.py) goes where it says: a first game's
first round, drawn screen by screen. Were a step refused or a screen broken, the build would
compile less than a phone imports, and nothing would say so; here it fails."""

from __future__ import annotations

import logging
import sys
from pathlib import Path

import pytest

from scorepad.browser.warm_up import PLAYERS, draw_first_screens
from scorepad.ui.state import Screen
from scorepad.web_build.start_trace import Drawn  # as the build runs it
from tests.ui.flet_session import bare_page  # skips on an untested Flet


@pytest.mark.asyncio
async def test_the_warm_up_draws_a_first_game_through_its_first_round(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    with bare_page() as (connection, session, page):
        with caplog.at_level(logging.WARNING):
            app = await draw_first_screens(page, Drawn(session))
        games = app.store.list_games()
    assert app.screen is Screen.HOME
    assert app.message is None
    assert [(game.variant, game.players, game.rounds_played) for game in games] == [
        ("Mormon Bridge", PLAYERS, 1)
    ]
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]
    drawn_screens = {"home", "new_game", "game", "sheet", "leaderboard"}
    assert {f"scorepad.ui.views.{name}" for name in drawn_screens} <= set(sys.modules)
    assert len(connection.messages) > 5  # the page, then a patch for each step
