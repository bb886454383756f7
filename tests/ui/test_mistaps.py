"""Mis-taps never cost a game: a deletion cannot lock it, the round in progress survives a
deletion where it still fits, destructive actions ask once, a game ended early can be taken up
again, and undo is kept with the game."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from scorepad.engine import GOLF, MORMON_BRIDGE, RoundDraft, Suit
from scorepad.store import open_store
from scorepad.store.models import UNDO_KEPT
from scorepad.ui.state import ChoiceKey, Field, GameTab, ScorepadApp, Screen, Stage
from scorepad.ui.state.game import CHANGED_ELSEWHERE
from tests.ui.driving import play_round, start

FOUR = ["Ann", "Bob", "Cat", "Dan"]
ODD_GOLF = GOLF.with_changes(name="Odd Golf", hand_sizes=(1, 1, 3))
"""House rules that repeat a size and then rise: deleting round 1 makes round 3's deal a
1-card one."""
MORMON_TWOS = MORMON_BRIDGE.with_changes(name="Mormon Twos", hand_sizes=(2, 2, 2))
"""Bids shown at once and every round the same size: a round in progress fits any place."""


def reopened(app: ScorepadApp) -> ScorepadApp:
    """The app started again on the same store, with the same game open."""
    session = app.game.session
    assert session is not None
    again = ScorepadApp(open_store(app.store.root), rng=random.Random(1))
    again.home.open_game(session.stored.id)
    assert again.screen is Screen.GAME, again.message
    return again


def odd_golf_with_round_3_in_progress(app: ScorepadApp) -> None:
    """Odd Golf, rounds 1 and 2 recorded, round 3 (3 cards) half entered: bids and one
    trick count."""
    app.store.save_variant(ODD_GOLF)
    start(app, "saved:Odd Golf", FOUR, dealer="Dan")
    play_round(app)
    play_round(app)
    session = app.game.session
    assert session is not None
    app.game.choose_trump(Suit.HEARTS)
    app.game.tap_number(3)
    while (entry := session.entry) is not None and entry.stage is Stage.BIDS:
        app.game.tap_number(next(k.value for k in entry.pad if k.enabled))
    app.game.tap_number(2)
    entry = session.entry
    assert entry is not None and entry.number == 3 and entry.stage is Stage.TRICKS


# --- 1. deleting an earlier round never locks the game ---------------------------------------


def test_deleting_round_1_clears_a_round_in_progress_that_no_longer_fits_and_says_so(
    app: ScorepadApp,
) -> None:
    odd_golf_with_round_3_in_progress(app)
    session = app.game.session
    assert session is not None
    app.game.delete_round(1)
    assert app.message is not None and app.message.kind == "info", app.message
    assert app.message.text.startswith(
        "The round being entered no longer fitted round 2 after the change and was cleared ("
    )
    entry = session.entry
    assert entry is not None
    assert (entry.number, entry.setup.cards, entry.stage) == (2, 1, Stage.TRUMP)
    assert entry.draft == RoundDraft()
    assert [line.bid for line in entry.lines] == [None] * 4
    assert app.store.load_game(session.stored.id).draft is None
    again = reopened(app)  # and the game opens again, as often as you like
    assert again.message is None
    entry = again.game.session.entry if again.game.session else None
    assert entry is not None and entry.number == 2 and entry.stage is Stage.TRUMP


@pytest.mark.parametrize(
    ("draft", "why"),
    [
        (RoundDraft(turned=Suit.CLUBS, bids={"Bob": 5}), "a bid in a 1-card round is 0 to 1"),
        (RoundDraft(turned=Suit.CLUBS, bids={"Ann": 0}), "it is Bob's turn to bid, not Ann's"),
        (
            RoundDraft(turned=Suit.CLUBS, bids={"Bob": 0, "Cat": 0, "Dan": 0, "Ann": 1}),
            "Ann deals and may not bid 1",
        ),
        (RoundDraft(bids={"Bob": 0}), "bids were entered before the turned suit"),
        (
            RoundDraft(turned=Suit.CLUBS, bids={"Bob": 1, "Cat": 0}, tricks={"Bob": 1}),
            "no bid recorded for Dan",
        ),
        (
            RoundDraft(
                turned=Suit.CLUBS,
                bids={"Bob": 1, "Cat": 0, "Dan": 1, "Ann": 0},
                tricks={"Bob": 1, "Cat": 1},
            ),
            "the tricks taken add up to 2, but a 1-card round has exactly 1 trick",
        ),
        (
            RoundDraft(
                turned=Suit.CLUBS, bids={"Bob": 0, "Cat": 0, "Dan": 0, "Ann": 0}, tricks={"Bob": 4}
            ),
            "Bob took 4 tricks, but a 1-card round has 0 to 1",
        ),
        (RoundDraft(turned=Suit.CLUBS, bids={"Eve": 0}), "'Eve', who is not playing"),
    ],
)
def test_a_stored_round_in_progress_that_does_not_fit_opens_as_an_empty_round_with_a_note(
    app: ScorepadApp, draft: RoundDraft, why: str
) -> None:
    start(app, "golf", FOUR, dealer="Ann")  # round 1: 1 card, Bob bids first, Ann deals
    session = app.game.session
    assert session is not None
    app.store.save_draft(session.stored.id, draft)  # as a deletion on today's main left it
    app.go_home()
    app.home.open_game(session.stored.id)
    assert app.message is not None and app.message.kind == "info"
    assert app.message.text.startswith(
        "The round being entered no longer fitted round 1 after the change and was cleared"
    )
    assert why in app.message.text
    entry = app.game.session.entry if app.game.session else None
    assert entry is not None and entry.draft == RoundDraft() and entry.stage is Stage.TRUMP
    app.game.choose_trump(Suit.SPADES)  # and play goes on
    assert app.message is None
    assert app.store.load_game(session.stored.id).draft == RoundDraft(turned=Suit.SPADES)


def test_a_turned_suit_kept_for_a_round_where_every_card_is_dealt_is_cleared(
    app: ScorepadApp,
) -> None:
    start(app, "scotch-bridge", FOUR)  # round 1: 13 cards each, all 52 dealt
    session = app.game.session
    assert session is not None
    app.store.save_draft(session.stored.id, RoundDraft(turned=Suit.CLUBS))
    again = reopened(app)
    assert again.message is not None
    assert "all 52 cards are dealt, so no card can be turned" in again.message.text
    entry = again.game.session.entry if again.game.session else None
    assert entry is not None and entry.stage is Stage.BIDS and entry.bids == {}


# --- 2. deleting an earlier round keeps the round in progress -----------------------------


def mormon_twos_with_round_3_in_progress(app: ScorepadApp) -> RoundDraft:
    app.store.save_variant(MORMON_TWOS)
    start(app, "saved:Mormon Twos", ["Ann", "Bob", "Cat"])
    play_round(app)
    play_round(app)
    app.game.choose_trump(Suit.DIAMONDS)
    app.game.say_go()
    app.game.tap_number(1)
    app.game.tap_number(2)
    session = app.game.session
    assert session is not None and session.stored.draft is not None
    return session.stored.draft


@pytest.mark.parametrize("deleted", [1, 2])
def test_deleting_an_earlier_round_keeps_the_round_in_progress(
    app: ScorepadApp, deleted: int
) -> None:
    draft = mormon_twos_with_round_3_in_progress(app)
    session = app.game.session
    assert session is not None
    app.game.delete_round(deleted)
    assert app.message is None, app.message
    entry = session.entry
    assert entry is not None and entry.number == 2 and entry.draft == draft
    assert entry.stage is Stage.BIDS and len(entry.bids) == 2
    assert app.store.load_game(session.stored.id).draft == draft
    app.game.undo()
    entry = session.entry
    assert entry is not None and entry.number == 3 and entry.draft == draft


# --- 3. end early, delete a round, delete house rules: each asks once ----------------------


def test_deleting_a_round_asks_first_and_cancel_keeps_everything(app: ScorepadApp) -> None:
    start(app, "golf", FOUR)
    play_round(app)
    play_round(app)
    session = app.game.session
    assert session is not None
    before = app.store.load_game(session.stored.id)
    app.game.edit_round(2)
    app.game.ask_to_delete_round(2)
    assert app.confirmation is not None
    assert app.confirmation.question == "Delete round 2?"
    assert app.confirmation.go_ahead == "Delete round 2"
    assert len(session.game.results) == 2
    assert app.store.load_game(session.stored.id).record == before.record
    app.cancel_confirmation()
    assert app.confirmation is None
    assert len(session.game.results) == 2 and session.editing == 2
    assert app.store.load_game(session.stored.id).revision == before.revision
    app.game.ask_to_delete_round(2)
    app.confirm()
    assert app.confirmation is None
    assert len(session.game.results) == 1
    assert len(app.store.load_game(session.stored.id).record.rounds) == 1


def test_ending_early_asks_first(app: ScorepadApp) -> None:
    start(app, "golf", FOUR)
    play_round(app)
    session = app.game.session
    assert session is not None
    app.game.ask_to_abandon_game()
    assert app.confirmation is not None and app.confirmation.question == "End the game early?"
    assert session.sheet.status == "in_progress"
    app.cancel_confirmation()
    assert session.sheet.status == "in_progress"
    assert app.store.load_game(session.stored.id).game.status == "in_progress"
    app.game.ask_to_abandon_game()
    app.confirm()
    assert session.sheet.status == "abandoned"
    assert app.store.load_game(session.stored.id).game.status == "abandoned"


def test_deleting_house_rules_asks_first(app: ScorepadApp) -> None:
    app.store.save_variant(GOLF.with_changes(name="Dime Golf", stake_cents=10))
    app.house_rules.open(ChoiceKey.saved("Dime Golf"))
    app.house_rules.ask_to_delete("Dime Golf")
    assert app.confirmation is not None
    assert app.confirmation.question == "Delete the house rules Dime Golf?"
    assert [v.name for v in app.store.saved_variants()] == ["Dime Golf"]
    app.cancel_confirmation()
    assert [v.name for v in app.store.saved_variants()] == ["Dime Golf"]
    assert app.screen is Screen.HOUSE_RULES
    app.house_rules.ask_to_delete("Dime Golf")
    app.confirm()
    assert app.store.saved_variants() == []


def test_any_other_tap_drops_the_question_and_confirm_alone_does_nothing(
    app: ScorepadApp,
) -> None:
    start(app, "golf", FOUR)
    play_round(app)
    session = app.game.session
    assert session is not None
    app.game.ask_to_abandon_game()
    app.game.choose_trump(Suit.CLUBS)  # the table plays on
    assert app.confirmation is None
    app.confirm()
    assert app.message is not None and app.message.text == "nothing is waiting to be confirmed"
    assert session.sheet.status == "in_progress"


# --- 4. a game ended early can be continued ------------------------------------------------


def test_a_game_ended_early_is_continued_from_its_sheet_and_that_can_be_undone(
    app: ScorepadApp,
) -> None:
    start(app, "golf", FOUR, dealer="Dan")
    play_round(app)
    app.game.choose_trump(Suit.CLUBS)
    app.game.tap_number(1)
    session = app.game.session
    assert session is not None
    draft = session.stored.draft
    app.game.abandon_game()
    assert session.entry is None and session.can_continue
    app.go_home()
    assert [g.status for g in app.home.games] == ["abandoned"]
    app.home.open_game(session.stored.id)
    session = app.game.session
    assert session is not None and session.tab.value == "sheet"
    app.game.continue_game()
    assert app.message is not None and app.message.text == "The game goes on from round 2."
    assert session.sheet.status == "in_progress" and not session.can_continue
    assert session.tab is GameTab.ROUND
    entry = session.entry
    assert entry is not None and entry.number == 2 and entry.draft == draft
    assert app.store.load_game(session.stored.id).game.status == "in_progress"
    assert app.game.undo_label == "continuing the game"
    app.game.undo()
    assert session.sheet.status == "abandoned"
    assert app.game.undo_label == "ending the game early"
    app.game.undo()
    assert session.sheet.status == "in_progress"
    assert app.store.load_game(session.stored.id).game.status == "in_progress"


def test_only_a_game_ended_early_can_be_continued(app: ScorepadApp) -> None:
    start(app, "golf", FOUR)
    session = app.game.session
    assert session is not None
    revision = session.stored.revision
    app.game.continue_game()
    assert app.message is not None and app.message.kind == "error"
    assert app.message.text == (
        "the game is in progress, not ended early: there is nothing to continue"
    )
    assert app.store.load_game(session.stored.id).revision == revision


# --- 5. undo is kept with the game ---------------------------------------------------------


def bid_until_cat_bids_3(app: ScorepadApp) -> None:
    session = app.game.session
    assert session is not None
    app.game.choose_trump(Suit.HEARTS)
    app.game.say_go()
    while (entry := session.entry) is not None and entry.active != "Cat":
        app.game.tap_number(1)
    app.game.tap_number(3)


def test_undo_survives_going_home_and_a_restart(app: ScorepadApp) -> None:
    start(app, "mormon-bridge", FOUR)
    bid_until_cat_bids_3(app)
    session = app.game.session
    assert session is not None
    game_id = session.stored.id
    app.go_home()
    assert app.game.undo_label is None
    app.home.open_game(game_id)
    assert app.game.undo_label == "Cat bid 3"
    again = reopened(app)
    assert again.game.undo_label == "Cat bid 3"
    again.game.undo()
    assert again.message is not None and again.message.text == "undone: Cat bid 3"
    entry = again.game.session.entry if again.game.session else None
    assert entry is not None and "Cat" not in entry.bids and entry.active == "Cat"
    assert "Cat" not in (again.store.load_game(game_id).draft or RoundDraft()).bids
    while again.game.can_undo:
        again.game.undo()
    entry = again.game.session.entry if again.game.session else None
    assert entry is not None and entry.stage is Stage.TRUMP
    assert again.store.load_game(game_id).draft is None


def test_recorded_corrected_and_deleted_rounds_are_undone_after_a_restart(
    app: ScorepadApp,
) -> None:
    start(app, "golf", FOUR, dealer="Dan")
    play_round(app)
    play_round(app)
    session = app.game.session
    assert session is not None
    recorded = session.game.record
    again = reopened(app)
    assert again.game.undo_label == "recording round 2"
    again.game.undo()
    entry = again.game.session.entry if again.game.session else None
    assert entry is not None and entry.number == 2 and entry.stage is Stage.CONFIRM
    again.game.confirm_round()
    assert again.game.session is not None and again.game.session.game.record == recorded

    again.game.edit_round(1)
    again.game.select(Field.BID, "Ann")
    again.game.tap_number(1)
    assert again.game.undo_label == "Ann bid 1"  # a tap on the correction: in memory only
    again.game.undo()
    again.game.choose_trump(Suit.CLUBS)
    again.game.confirm_round()
    assert again.game.session is not None and again.game.session.game.record != recorded
    third = reopened(again)
    assert third.game.undo_label == "correcting round 1"
    third.game.undo()
    assert third.game.session is not None and third.game.session.game.record == recorded

    third.game.ask_to_delete_round(2)
    third.confirm()
    assert third.game.session is not None and len(third.game.session.game.results) == 1
    fourth = reopened(third)
    assert fourth.game.undo_label == "delete round 2"
    fourth.game.undo()
    assert fourth.game.session is not None and fourth.game.session.game.record == recorded
    assert fourth.store.load_game(fourth.game.session.stored.id).record == recorded


def test_undo_keeps_the_last_50_steps_in_a_small_file(app: ScorepadApp) -> None:
    start(app, "golf", FOUR, dealer="Dan")
    suits = list(Suit)
    for tap in range(UNDO_KEPT + 10):
        app.game.choose_trump(suits[tap % 4])
    session = app.game.session
    assert session is not None
    stored = app.store.load_game(session.stored.id)
    assert len(stored.undo) == UNDO_KEPT
    assert stored.undo[0].label == f"turned {suits[10 % 4]}"
    assert stored.undo[-1].label == f"turned {suits[(UNDO_KEPT + 9) % 4]}"
    size = app.store.game_path(session.stored.id).stat().st_size  # type: ignore[attr-defined]
    assert size < 8_000, size


def test_a_game_changed_in_another_window_keeps_its_stored_undo_steps(tmp_path: Path) -> None:
    first = ScorepadApp(open_store(tmp_path))
    second = ScorepadApp(open_store(tmp_path))
    start(first, "golf", FOUR, dealer="Dan")
    game_id = first.game.session.stored.id if first.game.session else ""
    second.home.open_game(game_id)
    first.game.choose_trump(Suit.CLUBS)
    first.game.tap_number(1)
    second.game.choose_trump(Suit.HEARTS)  # refused: the game changed; it is reloaded
    assert second.message is not None and second.message.text.startswith(CHANGED_ELSEWHERE)
    assert second.game.undo_label == "Ann bid 1"
    second.game.undo()
    assert second.game.session is not None and second.game.session.stored.draft == RoundDraft(
        turned=Suit.CLUBS
    )
