"""Small things a table notices: what a correction changed, what the home card says is next,
and a standings table that stays together on a wide window."""

from __future__ import annotations

from scorepad.engine import Suit
from scorepad.ui.state import Field, ScorepadApp
from tests.ui.driving import play_round, start


def test_a_correction_that_moves_no_points_says_what_was_corrected(app: ScorepadApp) -> None:
    start(app, "mormon-bridge", ["Ann", "Bob"])
    play_round(app, bids={"Ann": 5, "Bob": 4}, tricks={"Ann": 5, "Bob": 5}, suit=Suit.HEARTS)
    session = app.game.session
    assert session is not None
    totals = dict(session.sheet.totals)
    app.game.edit_round(1)
    app.game.select(Field.BID, "Bob")
    app.game.tap_number(3)  # missed either way: the score stays as it was
    app.game.confirm_round()
    assert dict(session.sheet.totals) == totals
    assert session.changes == ["round 1: Bob's bid 4 → 3", "no totals changed"]
