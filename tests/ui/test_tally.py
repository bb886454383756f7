"""Marking the tricks as they fall, through the state the views call: each mark saved as it is
tapped, undone per trick or by the app's undo, resumed after a restart, and the round recorded
exactly as entering the counts would."""

from __future__ import annotations

from pathlib import Path

import flet as ft
import pytest

from scorepad.store import open_store
from scorepad.ui.state import Field, MessageKind, RoundEntryState, ScorepadApp, Stage
from tests.ui.driving import play_round, start, tap_for
from tests.ui.flet_session import ViewDriver

FOUR = ["Ann", "Bob", "Cat", "Dan"]
WINNERS = ["Bob", "Bob", "Ann"]
"""Round 3 of Golf (three cards each) as the tricks fell."""


def entry_of(app: ScorepadApp) -> RoundEntryState:
    session = app.game.session
    assert session is not None and session.entry is not None
    return session.entry


def at_round_three_tricks(app: ScorepadApp) -> None:
    """A Golf game of four, Dan dealing first, two rounds played, round 3's bids in."""
    start(app, "golf", FOUR, dealer="Dan")
    play_round(app)
    play_round(app)
    while (entry := entry_of(app)).stage is not Stage.TRICKS:
        tap_for(app, entry, bids={"Ann": 1, "Bob": 2, "Cat": 0, "Dan": 1})


def stored_draft_winners(app: ScorepadApp) -> tuple[str, ...]:
    """What the game file says, read afresh (not the screen's copy)."""
    session = app.game.session
    assert session is not None
    draft = app.store.load_game(session.stored.id).draft
    assert draft is not None
    return draft.trick_winners


def test_a_round_marked_trick_by_trick_records_what_counting_at_the_end_records(
    tmp_path: Path,
) -> None:
    counted, marked = (
        ScorepadApp(open_store(tmp_path / "a")),
        ScorepadApp(open_store(tmp_path / "b")),
    )
    for app in (counted, marked):
        at_round_three_tricks(app)
    while (entry := entry_of(counted)).stage is Stage.TRICKS:  # the last count fills in
        assert entry.active is not None
        counted.game.tap_number(WINNERS.count(entry.active))
    marked.game.choose_tally(True)
    assert entry_of(marked).tallying and entry_of(marked).pad == ()
    for name in WINNERS:
        marked.game.mark_trick(name)
        assert marked.message is None, marked.message
    assert entry_of(marked).stage is entry_of(counted).stage is Stage.CONFIRM
    assert entry_of(marked).record() == entry_of(counted).record()
    counted.game.confirm_round()
    marked.game.confirm_round()
    sessions = [app.game.session for app in (counted, marked)]
    assert sessions[0] is not None and sessions[1] is not None
    assert sessions[0].game.record.rounds == sessions[1].game.record.rounds
    assert sessions[0].sheet.totals == sessions[1].sheet.totals
    assert sessions[0].stored.draft is None


def test_a_table_that_marks_the_tricks_keeps_marking_next_round(app: ScorepadApp) -> None:
    at_round_three_tricks(app)
    app.game.choose_tally(True)
    for name in WINNERS:
        app.game.mark_trick(name)
    app.game.confirm_round()
    entry = entry_of(app)
    assert entry.number == 4 and entry.stage is Stage.TRUMP
    assert entry.draft.tallying and entry.draft.trick_winners == ()
    while (entry := entry_of(app)).stage is not Stage.TRICKS:
        tap_for(app, entry)
    assert entry.tally is not None and entry.pad == (), "the marks, not the number pad"
    app.game.choose_tally(False)  # nothing marked yet: back to counting at the end
    assert not entry_of(app).tallying and entry_of(app).active is not None


def test_every_mark_is_saved_before_the_tap_returns_and_a_restart_resumes_mid_hand(
    tmp_path: Path,
) -> None:
    app = ScorepadApp(open_store(tmp_path))
    at_round_three_tricks(app)
    app.game.choose_tally(True)
    app.game.mark_trick("Bob")
    assert stored_draft_winners(app) == ("Bob",)
    app.game.mark_trick("Cat")
    assert stored_draft_winners(app) == ("Bob", "Cat")
    game_id = app.game.session.stored.id if app.game.session else ""
    del app  # the app is killed mid-hand

    again = ScorepadApp(open_store(tmp_path))
    again.home.open_game(game_id)
    entry = entry_of(again)
    assert entry.number == 3 and entry.stage is Stage.TRICKS
    tally = entry.tally
    assert tally is not None and tally.winners == ("Bob", "Cat")
    assert {line.name: line.text for line in tally.lines} == {
        "Ann": "needs 1 more",  # bid 1
        "Bob": "needs 1 more",  # bid 2, took 1
        "Cat": "set",  # bid 0, took 1
        "Dan": "needs 1 more",  # bid 1, with one trick left
    }
    again.game.mark_trick("Dan")
    assert entry_of(again).stage is Stage.CONFIRM
    again.game.confirm_round()
    session = again.game.session
    assert session is not None
    assert dict(session.game.record.rounds[2].tricks) == {"Ann": 0, "Bob": 1, "Cat": 1, "Dan": 1}


def test_undo_last_trick_takes_back_one_mark_and_the_apps_undo_puts_it_back(
    app: ScorepadApp,
) -> None:
    at_round_three_tricks(app)
    app.game.choose_tally(True)
    for name in WINNERS:
        app.game.mark_trick(name)
    app.game.undo_trick()
    assert stored_draft_winners(app) == ("Bob", "Bob")
    assert entry_of(app).stage is Stage.TRICKS
    # the Undo button reads "Undo: taking back Ann's trick 3", not "Undo: undo trick 3 (Ann)"
    assert app.game.undo_label == "taking back Ann's trick 3"
    app.game.undo()  # the undo of "undo last trick": nothing is lost
    assert stored_draft_winners(app) == ("Bob", "Bob", "Ann")
    app.game.undo()  # the app's undo takes back a mark like any tap
    assert stored_draft_winners(app) == ("Bob", "Bob")
    assert app.message is not None and app.message.text == "undone: Ann took trick 3"


@pytest.mark.parametrize(
    ("tap", "refusal"),
    [
        (lambda app: app.game.mark_trick("Zed"), "a trick marked for 'Zed', who is not playing"),
        (lambda app: app.game.choose_tally(False), "1 trick marked; undo it first"),
        (lambda app: app.game.select("tricks", "Ann"), "Ann's tricks are marked as they fall"),
    ],
    ids=["stranger", "switch-back", "pick-a-count"],
)
def test_a_refused_tap_says_why_and_changes_nothing(
    app: ScorepadApp, tap: object, refusal: str
) -> None:
    at_round_three_tricks(app)
    app.game.choose_tally(True)
    app.game.mark_trick("Bob")
    session = app.game.session
    assert session is not None
    before = (session.stored.draft, session.stored.undo, session.stored.revision)
    assert callable(tap)
    tap(app)
    assert app.message is not None and app.message.kind is MessageKind.ERROR
    assert refusal in app.message.text
    assert (session.stored.draft, session.stored.undo, session.stored.revision) == before
    assert stored_draft_winners(app) == ("Bob",)


def test_all_tricks_marked_refuses_one_more_and_record_takes_the_round(app: ScorepadApp) -> None:
    at_round_three_tricks(app)
    app.game.choose_tally(True)
    for name in WINNERS:
        app.game.mark_trick(name)
    app.game.mark_trick("Cat")
    assert app.message is not None and "Cat cannot take trick 4" in app.message.text
    app.game.confirm_round()
    session = app.game.session
    assert session is not None and len(session.game.results) == 3


@pytest.mark.asyncio
async def test_the_tricks_step_offers_marking_and_the_marks_take_the_pads_place(
    tmp_path: Path,
) -> None:
    app = ScorepadApp(open_store(tmp_path))
    view = ViewDriver(app)
    await view.settle()
    try:
        at_round_three_tricks(app)  # the views draw each change, as after a tap
        await view.settle()
        assert view.has("pad-0") and view.has("tricks-tally") and not view.has("mark-Ann")
        await view.click("tricks-tally")
        assert not view.has("pad-0"), "the number pad gives way to a button per player"
        assert all(view.has(f"mark-{name}") for name in FOUR)
        assert view.tagged("undo-trick").disabled, "nothing marked yet"
        await view.click("mark-Bob")
        assert view.tagged("tricks-count").disabled, "back to counting would drop the mark"
        assert "Who took trick 2 of 3?" in view.texts()
        await view.click("undo-trick")
        assert not view.tagged("tricks-count").disabled
        for name in WINNERS:
            await view.click(f"mark-{name}")
        assert all(view.tagged(f"mark-{name}").disabled for name in FOUR), "every trick is in"
        assert "made it" in view.texts() and "set" in view.texts()
        await view.click("record-round")
        assert entry_of(app).number == 4
        assert app.message is None or app.message.kind is MessageKind.INFO, app.message
    finally:
        view.close()


@pytest.mark.asyncio
async def test_the_switch_stays_in_view_closed_once_a_count_is_typed(tmp_path: Path) -> None:
    app = ScorepadApp(open_store(tmp_path))
    view = ViewDriver(app)
    await view.settle()
    try:
        at_round_three_tricks(app)
        app.game.tap_number(1)  # the first player's count: marking would now drop it
        await view.settle()
        assert view.has("tricks-tally"), "the choice does not vanish without a word"
        assert view.tagged("tricks-tally").disabled
        assert "undo counts first" in view.texts()
        assert view.has("pad-0") and not view.tagged("tricks-count").disabled
    finally:
        view.close()


@pytest.mark.asyncio
async def test_similar_long_names_show_on_two_lines_on_their_mark_buttons(tmp_path: Path) -> None:
    names = ["Anne-Marie Johnson", "Anne-Marie Jones", "Bob", "Cat"]
    app = ScorepadApp(open_store(tmp_path))
    view = ViewDriver(app)
    await view.settle()
    try:
        start(app, "golf", names, dealer="Cat")
        while (entry := entry_of(app)).stage is not Stage.TRICKS:
            tap_for(app, entry, bids=dict.fromkeys(names, 0))
        app.game.choose_tally(True)
        await view.settle()
        for name in names[:2]:
            button = view.tagged(f"mark-{name}")
            assert isinstance(button, ft.Container)  # an open mark: an ink-free key
            assert isinstance(button.content, ft.Column)
            shown = [c for c in button.content.controls if isinstance(c, ft.Text)]
            assert [text.value for text in shown] == [name]
            assert shown[0].max_lines == 2, "one line showed 'Anne-Mar…' for both"
            assert shown[0].semantics_label == name, "the whole name, however it is shortened"
    finally:
        view.close()


@pytest.mark.asyncio
async def test_correcting_a_count_moves_the_trick_from_the_one_who_holds_them(
    tmp_path: Path,
) -> None:
    app = ScorepadApp(open_store(tmp_path))
    view = ViewDriver(app)
    await view.settle()
    try:
        start(app, "golf", FOUR, dealer="Dan")
        play_round(app)
        play_round(app)  # round 2, two cards: the first in order took both
        app.game.edit_round(2)
        await view.settle()
        assert "All in: check the points and save round 2" in view.texts()
        entry = entry_of(app)
        taker, other = entry.setup.bid_order[0], entry.setup.bid_order[1]
        app.game.select(Field.TRICKS, other)
        await view.settle()
        assert not view.tagged("pad-1").disabled and not view.tagged("pad-2").disabled
        note = view.tagged("pad-note")
        assert isinstance(note, ft.Text)
        assert note.value == (f"{taker} took 2: a higher number takes the difference from {taker}")
        assert note.max_lines == 2 and note.semantics_label == note.value
        await view.click("pad-1")
        assert app.message is not None and app.message.text == f"{taker} took 2 → 1, {other} 1"
        assert "All in: check the points and save round 2" in view.texts()
    finally:
        view.close()
