"""Fixing mistakes: undo, correcting a pad entry, editing and deleting earlier rounds."""

from __future__ import annotations

import pytest

from scorepad.engine import Suit
from scorepad.ui.state import Field, GameTab, ScorepadApp, Stage
from tests.ui.driving import play_round, start

FOUR = ["Ann", "Bob", "Cat", "Dan"]


def test_undo_takes_back_taps_one_at_a_time_and_is_saved(app: ScorepadApp) -> None:
    start(app, "golf", FOUR, dealer="Dan")
    session = app.game.session
    assert session is not None
    app.game.choose_trump(Suit.HEARTS)
    app.game.tap_number(1)
    app.game.tap_number(0)
    assert app.game.undo_label == "Bob bid 0"
    app.game.undo()
    assert app.message is not None and app.message.text == "undone: Bob bid 0"
    entry = session.entry
    assert entry is not None and entry.bids == {"Ann": 1}
    assert app.store.load_game(session.stored.id).draft == entry.draft
    app.game.undo()
    app.game.undo()
    entry = session.entry
    assert entry is not None and entry.stage is Stage.TRUMP
    assert not app.game.can_undo


def test_undo_after_recording_puts_the_round_back_on_the_pad(app: ScorepadApp) -> None:
    start(app, "golf", FOUR, dealer="Dan")
    play_round(
        app, bids={"Ann": 1, "Bob": 0, "Cat": 0, "Dan": 1}, tricks={"Ann": 1, "Bob": 0, "Cat": 0}
    )
    session = app.game.session
    assert session is not None and len(session.game.results) == 1
    app.game.undo()
    assert len(session.game.results) == 0
    assert len(app.store.load_game(session.stored.id).record.rounds) == 0
    entry = session.entry
    assert entry is not None and entry.stage is Stage.CONFIRM
    assert entry.tricks == {"Ann": 1, "Bob": 0, "Cat": 0, "Dan": 0}
    app.game.confirm_round()
    assert len(session.game.results) == 1


def test_a_tapped_entry_can_be_corrected_and_the_dealer_rebids_if_the_hook_says_so(
    app: ScorepadApp,
) -> None:
    start(app, "golf", FOUR, dealer="Cat")  # round 2: 2 cards, Dan deals, Ann bids first
    play_round(app)
    session = app.game.session
    assert session is not None
    app.game.choose_trump(Suit.CLUBS)
    for value in (1, 0, 0, 0):  # Ann, Bob, Cat; Dan may not bid 1
        app.game.tap_number(value)
    app.game.select(Field.BID, "Bob")
    entry = session.entry
    assert entry is not None and entry.active == "Bob"
    app.game.tap_number(1)  # now the bids would add up to 2 with Dan's 0: Dan must bid again
    assert app.message is not None
    assert app.message.text.startswith("Dan's bid of 0 is no longer allowed")
    entry = session.entry
    assert entry is not None and entry.stage is Stage.BIDS and entry.active == "Dan"
    assert [k.value for k in entry.pad if not k.enabled] == [0]


def test_the_filled_in_trick_count_cannot_be_picked(app: ScorepadApp) -> None:
    start(app, "golf", ["Ann", "Bob"], dealer="Bob")
    app.game.choose_trump(Suit.CLUBS)
    app.game.tap_number(1)
    app.game.tap_number(1)
    app.game.tap_number(1)  # Ann took it; Bob's 0 is filled in
    app.game.select(Field.TRICKS, "Bob")
    assert app.message is not None
    assert "worked out from the others" in app.message.text


def test_editing_an_earlier_round_re_derives_and_says_what_changed(app: ScorepadApp) -> None:
    start(app, "mormon-bridge", ["Ann", "Bob"])
    play_round(app, bids={"Ann": 5, "Bob": 4}, tricks={"Ann": 5, "Bob": 5}, suit=Suit.HEARTS)
    play_round(
        app, bids={"Ann": 5, "Bob": 4}, tricks={"Ann": 5, "Bob": 5}, suit=Suit.HEARTS
    )  # no trump
    play_round(
        app, bids={"Ann": 4, "Bob": 4}, tricks={"Ann": 4, "Bob": 4}, suit=Suit.HEARTS
    )  # hearts
    session = app.game.session
    assert session is not None
    assert [r.trump for r in session.sheet.rounds] == [Suit.HEARTS, None, Suit.HEARTS]
    app.game.edit_round(1)
    entry = session.entry
    assert entry is not None and entry.editing and entry.stage is Stage.CONFIRM
    app.game.choose_trump(Suit.SPADES)
    app.game.select(Field.BID, "Bob")
    app.game.tap_number(5)
    app.game.confirm_round()
    assert app.message is None
    assert [r.trump for r in session.sheet.rounds] == [Suit.SPADES, Suit.HEARTS, None]
    assert "round 1: trump hearts → spades" in session.changes
    assert "round 1: Bob 5 → 15 points" in session.changes
    assert "Bob's total 33 → 43" in session.changes
    assert "round 2: trump no trump → hearts" in session.changes
    assert session.entry is not None and session.entry.number == 4  # back to the next round
    stored = app.store.load_game(session.stored.id)
    assert stored.record.rounds[0].turned is Suit.SPADES


def test_deleting_a_middle_round_that_no_longer_fits_is_refused(app: ScorepadApp) -> None:
    start(app, "mormon-bridge", ["Ann", "Bob"])
    for _ in range(3):
        play_round(app)
    session = app.game.session
    assert session is not None
    app.game.delete_round(1)
    assert app.message is not None and app.message.kind == "error"
    assert app.message.text.startswith("round 1 cannot be deleted")
    assert len(session.game.results) == 3
    assert app.game.undo_label == "recording round 3"  # a refused change leaves nothing to undo
    app.game.delete_round(3)
    assert len(session.game.results) == 2
    assert session.changes[0] == "round 3 deleted"
    app.game.undo()
    assert len(session.game.results) == 3


def test_a_round_that_cannot_be_deleted_is_refused_before_asking(app: ScorepadApp) -> None:
    """It asked "Delete round 2? …" and refused only after the table said yes."""
    start(app, "mormon-bridge", ["Ann", "Bob"])
    for _ in range(3):
        play_round(app)
    app.game.ask_to_delete_round(1)
    assert app.confirmation is None
    assert app.message is not None and app.message.kind == "error"
    assert app.message.text == (
        "round 1 cannot be deleted: the rounds after it would move up one place, and round 2 "
        "would not fit as round 1 (the tricks taken add up to 9, but a 10-card round has "
        "exactly 10 tricks); correct round 1 instead"
    )
    app.game.ask_to_delete_round(3)  # the last round always can be: asked as before
    assert app.confirmation is not None and app.confirmation.question == "Delete round 3?"


def test_abandoning_keeps_the_game_without_a_winner(app: ScorepadApp) -> None:
    start(app, "golf", FOUR)
    play_round(app)
    app.game.abandon_game()
    session = app.game.session
    assert session is not None
    assert session.sheet.status == "abandoned" and session.sheet.winners == ()
    assert session.entry is None
    app.go_home()
    assert [(g.status, g.rounds_played) for g in app.home.games] == [("abandoned", 1)]


def corrected_golf_for_a_stake(app: ScorepadApp, *, from_tab: GameTab) -> list[str]:
    """Golf for 10¢ a set: round 1 recorded with Ann set (she took the one trick on a bid of
    0), then corrected from ``from_tab`` so that Cat took it instead. What changed."""
    start(app, "golf", FOUR, dealer="Dan", stake=10)
    zero = dict.fromkeys(FOUR, 0)
    play_round(app, bids=zero, tricks={**zero, "Ann": 1})
    play_round(app)
    app.game.show_tab(from_tab)
    app.game.edit_round(1)
    app.game.select(Field.TRICKS, "Ann")
    app.game.tap_number(0)
    app.game.select(Field.TRICKS, "Cat")
    app.game.tap_number(1)
    app.game.confirm_round()
    assert app.message is None
    session = app.game.session
    assert session is not None
    return session.changes


def test_a_correction_in_a_stake_game_says_what_the_sets_now_cost(app: ScorepadApp) -> None:
    changes = corrected_golf_for_a_stake(app, from_tab=GameTab.ROUND)
    assert "Ann: sets 1 → 0, 10¢ → 0¢" in changes
    assert "Cat: sets 0 → 1, 0¢ → 10¢" in changes


@pytest.mark.parametrize("tab", list(GameTab))
def test_saving_a_correction_goes_back_to_the_tab_it_was_started_from(
    app: ScorepadApp, tab: GameTab
) -> None:
    corrected_golf_for_a_stake(app, from_tab=tab)
    session = app.game.session
    assert session is not None and session.editing is None
    assert session.tab is tab
