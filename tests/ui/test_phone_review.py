"""What a reviewer playing the app on a phone tripped over, checked on the app state: a stale
tap is explained in the table's words."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from scorepad.engine import Suit
from scorepad.store import open_store
from scorepad.ui.state import MessageKind, ScorepadApp
from scorepad.ui.state.game_session import CHANGED_ELSEWHERE
from tests.ui.driving import play_round, start

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
