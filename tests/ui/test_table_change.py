"""The game screen's Table action, in the app state: a change previewed before it is made,
made as one undo step between rounds, refused inside a round, kept across a restart."""

from __future__ import annotations

import random

import pytest

from scorepad.engine import Adjustment, Join, Leave, SitOut, TableChangeError, TakeOver
from scorepad.store import Store
from scorepad.ui.state import GameSession, MessageKind, ScorepadApp, Stage
from scorepad.ui.state.table_change import undo_label
from tests.ui.driving import play_round, start, tap_for

FIVE = ["Ann", "Bob", "Cat", "Dan", "Eve"]


def test_a_late_arrival_is_previewed_then_joins_as_one_undo_step(app: ScorepadApp) -> None:
    start(app, "mormon-bridge", FIVE, dealer="Ann")
    play_round(app)
    session = app.game.session
    assert session is not None
    before = session.sheet
    seen = app.game.preview_change(Join(after=1, player="Fay", left_of="Eve"))
    assert "Hands left: 8 7 6 5 4 3 2 1 (the 9 is dropped" in seen.summary
    assert session.sheet == before  # a preview saves nothing
    app.game.change_table(Join(after=1, player="Fay", left_of="Eve"))
    assert app.message is not None and app.message.kind is MessageKind.INFO
    assert app.message.text == seen.summary
    assert session.sheet.players == (*FIVE, "Fay")
    assert session.sheet.starting["Fay"] == min(before.totals.values())
    entry = session.entry
    assert entry is not None and entry.number == 2
    assert app.game.undo_label == "Fay joining"
    app.game.undo()
    assert session.sheet.players == tuple(FIVE) and session.sheet.starting == {}
    assert session.game.schedule == (10, 9, 8, 7, 6, 5, 4, 3, 2, 1)[: len(session.game.schedule)]


def test_a_change_inside_a_round_is_refused_and_changes_nothing(app: ScorepadApp) -> None:
    start(app, "golf", ["Ann", "Bob", "Cat"], dealer="Ann")
    play_round(app)
    session = app.game.session
    assert session is not None
    entry = session.entry
    assert entry is not None and entry.stage is Stage.TRUMP
    tap_for(app, entry)  # the turned suit: round 2 is under way
    revision = session.stored.revision
    app.game.change_table(SitOut(after=1, player="Cat"))
    assert app.message is not None and app.message.kind is MessageKind.ERROR
    assert "round 2 is under way: the table changes between rounds" in app.message.text
    assert session.stored.revision == revision and session.game.record.changes == ()


def test_the_rules_refusal_is_the_message_and_nothing_is_saved(app: ScorepadApp) -> None:
    start(app, "scotch-bridge", ["Ann", "Bob", "Cat", "Dan"], dealer="Ann")
    with pytest.raises(TableChangeError, match="written for 4 players"):
        app.game.preview_change(Join(after=0, player="Eve", left_of="Dan"))
    app.game.change_table(Leave(after=0, player="Dan"))
    assert app.message is not None and app.message.kind is MessageKind.ERROR
    assert app.message.text.startswith("before the first round: Scotch Bridge is written for 4")
    session = app.game.session
    assert session is not None and session.game.record.changes == ()
    app.game.change_table(TakeOver(after=0, seat="Bob", player="Zoe"))
    assert session.sheet.players == ("Ann", "Zoe", "Cat", "Dan")


def test_changes_and_their_undo_survive_a_restart(app: ScorepadApp, store: Store) -> None:
    """The changes are in the game file, with their undo step: a new app on the same store
    (a restart) shows the same table and can still take the last change back."""
    table = ScorepadApp(store, rng=random.Random(3))
    start(table, "golf", ["Ann", "Bob", "Cat", "Dan"], dealer="Ann")
    play_round(table)
    table.game.change_table(SitOut(after=1, player="Bob"))
    table.game.change_table(Adjustment(after=1, player="Cat", points=10, reason="renege"))
    session = table.game.session
    assert session is not None
    game_id, sheet = session.stored.id, session.sheet

    again = ScorepadApp(store, rng=random.Random(4))
    again.home.open_game(game_id)
    reopened = again.game.session
    assert reopened is not None and reopened.sheet == sheet
    assert reopened.entry is not None and "Bob" not in reopened.entry.setup.bid_order
    assert again.game.undo_label == undo_label(
        Adjustment(after=1, player="Cat", points=10, reason="renege")
    )
    again.game.undo()
    assert reopened.sheet.totals["Cat"] == sheet.totals["Cat"] - 10
    again.game.undo()
    assert reopened.game.record.changes == ()


def test_the_pad_deals_around_a_player_sitting_out_and_back_in_after(app: ScorepadApp) -> None:
    start(app, "golf", ["Ann", "Bob", "Cat", "Dan"], dealer="Ann")
    play_round(app)
    app.game.change_table(SitOut(after=1, player="Bob"))
    session = app.game.session
    assert session is not None and session.entry is not None
    # Bob would have dealt: Cat deals instead, and Dan, on Cat's left, bids first
    assert session.entry.setup.dealer == "Cat"
    assert session.entry.setup.bid_order == ("Dan", "Ann", "Cat")
    assert {line.name for line in session.entry.lines} == {"Ann", "Cat", "Dan"}
    play_round(app)
    second = session.sheet.rounds[1]
    assert second.sitting_out == ("Bob",) and second.dealer == "Cat"
    assert session.entry is not None and "Bob" in session.entry.setup.bid_order
    assert session.entry.setup.dealer == "Dan"  # the deal goes on left from Cat


# --- the Table dialog ---------------------------------------------------------------------------


def identifiers(control: object) -> set[str]:
    """Every semantics identifier drawn in ``control``."""
    import flet as ft

    from tests.ui.test_sheet_view import walk

    assert isinstance(control, ft.BaseControl)
    return {c.identifier for c in walk(control) if isinstance(c, ft.Semantics) and c.identifier}


def test_the_dialog_asks_for_a_late_arrival_shows_the_change_and_makes_it(
    app: ScorepadApp,
) -> None:
    from scorepad.ui.state.table_form import TableTask
    from scorepad.ui.views.table_dialog import table_dialog

    start(app, "mormon-bridge", FIVE, dealer="Ann")
    play_round(app)
    app.game.open_table_form(TableTask.JOIN)
    dialog = table_dialog(app)
    assert dialog is not None
    shown = identifiers(dialog)
    assert {"table-name", "table-left-of", "table-starting", "table-confirm"} <= shown
    assert "table-starting-total" not in shown
    assert app.game.table_preview() == ("type the newcomer's name", False)
    app.game.edit_table_form(name="Fay")
    assert app.game.table_preview() == ("pick whom Fay sits to the left of", False)
    app.game.edit_table_form(left_of="Eve", starting="number")
    assert "table-starting-total" in identifiers(table_dialog(app))
    app.game.edit_table_form(starting_text="abc")
    text, ok = app.game.table_preview()
    assert not ok and text == "the starting total: a whole number, like 0 or 45 (not 'abc')"
    app.game.confirm_table_form()  # refused: the dialog stays, saying why
    session = app.game.session
    assert session is not None and session.table_form is not None
    assert session.table_form.error == text
    app.game.edit_table_form(starting_text="7")
    text, ok = app.game.table_preview()
    assert ok and text.startswith("Fay joins to the left of Eve, starting on 7 (the number given)")
    app.game.confirm_table_form()
    assert session.table_form is None and table_dialog(app) is None
    assert session.sheet.starting == {"Fay": 7}
    assert app.message is not None and app.message.text == text


def test_the_dialog_refuses_what_the_rules_refuse_before_it_is_confirmed(
    app: ScorepadApp,
) -> None:
    from scorepad.ui.state.table_form import TableTask

    start(app, "golf", ["Ann", "Bob"], dealer="Ann")
    app.game.open_table_form(TableTask.LEAVE)
    assert app.game.table_choices() == ("Ann", "Bob")
    app.game.edit_table_form(player="Bob")
    text, ok = app.game.table_preview()
    assert (
        not ok and text == "before the first round: Bob cannot leave: Golf needs at least 2 players"
    )
    app.game.open_table_form(TableTask.ADJUST)
    app.game.edit_table_form(player="Bob", points_text="-10", reason="renege")
    text, ok = app.game.table_preview()
    assert not ok and "an adjustment follows a round" in text
    play_round(app)
    text, ok = app.game.table_preview()
    assert ok and text.startswith("Bob -10 points (renege).")
    app.game.confirm_table_form()
    session = app.game.session
    assert session is not None and session.sheet.rounds[0].adjustments == {"Bob": -10}


def test_the_dialogs_late_dismissal_leaves_the_changes_message(app: ScorepadApp) -> None:
    """Flet reports a dialog's dismissal after the app has closed it: that report must not
    wipe the line saying what the change did (seen in Chromium)."""
    from scorepad.ui.state.table_form import TableTask

    start(app, "golf", ["Ann", "Bob", "Cat"], dealer="Ann")
    play_round(app)
    app.game.open_table_form(TableTask.SIT_OUT)
    app.game.edit_table_form(player="Cat")
    app.game.confirm_table_form()
    said = app.message
    assert said is not None and said.text.startswith("Cat sits out the next round")
    app.game.cancel_table_form()  # the dismissal, reported late
    assert app.message == said


# --- correcting an earlier change from the sheet ------------------------------------------------


def fay_joined_after_round_1(app: ScorepadApp) -> GameSession:
    """A Mormon Bridge game of FIVE where Fay joined after round 1, and round 2 played."""
    start(app, "mormon-bridge", FIVE, dealer="Ann")
    play_round(app)
    app.game.change_table(Join(after=1, player="Fay", left_of="Eve"))
    play_round(app)
    session = app.game.session
    assert session is not None
    return session


def test_a_late_arrivals_start_is_corrected_from_the_sheet_and_undone(app: ScorepadApp) -> None:
    """Fay joined on the worst total; the table meant 0. The sheet's line opens the dialog
    filled in, the correction re-scores every round after it, and one undo puts it back."""
    from scorepad.ui.views.sheet import sheet_panel
    from scorepad.ui.views.table_dialog import table_dialog

    session = fay_joined_after_round_1(app)
    worst = session.sheet.starting["Fay"]
    assert worst != 0
    before = dict(session.sheet.totals)
    assert {"table-notes", "edit-change-1", "remove-change-1"} <= identifiers(
        sheet_panel(app.game, session)
    )
    assert "edit-change-1" not in identifiers(sheet_panel(None, session))  # a viewer's sheet
    # the standings say how Fay came, under her name; nobody else has a note
    assert {i for i in identifiers(sheet_panel(app.game, session)) if "standing-note" in i} == {
        "standing-note-Fay"
    }
    assert session.sheet.seat_note("Fay") == f"joined after round 1 at {worst}"
    app.game.edit_change(0)
    dialog = table_dialog(app)
    assert dialog is not None
    shown = identifiers(dialog)
    assert "table-task-join" not in shown and {"table-name", "table-confirm"} <= shown
    form = session.table_form
    assert form is not None and (form.name, form.left_of, form.after) == ("Fay", "Eve", 1)
    assert "Fay" not in app.game.table_choices()  # not to her own left
    app.game.edit_table_form(starting="number", starting_text="0")
    text, ok = app.game.table_preview()
    assert ok and text.startswith("Corrected: Fay joined after round 1, starting on 0.")
    app.game.confirm_table_form()
    assert app.message is not None and app.message.kind is MessageKind.INFO
    assert app.message.text == text
    assert session.table_form is None and session.sheet.starting == {"Fay": 0}
    assert f"Fay's total {before['Fay']} → {before['Fay'] - worst}" in session.changes
    assert session.sheet.totals["Fay"] == before["Fay"] - worst
    assert {p: t for p, t in session.sheet.totals.items() if p != "Fay"} == {
        p: t for p, t in before.items() if p != "Fay"
    }
    assert len(session.sheet.rounds) == 2 and len(session.game.record.changes) == 1
    assert app.game.undo_label == "the correction of Fay joining"
    app.game.undo()
    assert session.sheet.starting == {"Fay": worst} and session.sheet.totals == before


def test_a_penalty_taken_out_asks_first_and_undo_puts_it_back_in_its_place(
    app: ScorepadApp, store: Store
) -> None:
    start(app, "golf", ["Ann", "Bob", "Cat"], dealer="Ann")
    play_round(app)
    app.game.change_table(SitOut(after=1, player="Cat"))
    app.game.change_table(Adjustment(after=1, player="Bob", points=5, reason="renege"))
    play_round(app)
    session = app.game.session
    assert session is not None
    before = session.game.record.changes
    bob = session.sheet.totals["Bob"]
    app.game.ask_to_remove_change(1)
    asked = app.confirmation
    assert asked is not None and asked.question == "Take out this change of the table?"
    assert asked.detail.startswith("After round 1: Bob +5 (renege).")
    app.confirm()
    assert session.sheet.totals["Bob"] == bob - 5
    assert f"Bob's total {bob} → {bob - 5}" in session.changes
    assert session.game.record.changes == before[:1]
    assert app.message is not None
    assert app.message.text == "Taken out: After round 1: Bob +5 (renege)."
    # a restart between: the step is in the game file
    again = ScorepadApp(store, rng=random.Random(5))
    again.home.open_game(session.stored.id)
    assert again.game.undo_label == "taking out +5 points for Bob"
    again.game.undo()
    reopened = again.game.session
    assert reopened is not None and reopened.game.record.changes == before
    assert reopened.sheet.totals["Bob"] == bob


def test_a_change_the_rounds_after_it_depend_on_cannot_be_taken_out(app: ScorepadApp) -> None:
    """Cat sat out round 2, which was played without her: taking the sit-out back would
    leave round 2 without her bid, so it is refused before anything is asked, and so is a
    correction naming someone who played that round."""
    start(app, "golf", ["Ann", "Bob", "Cat"], dealer="Ann")
    play_round(app)
    app.game.change_table(SitOut(after=1, player="Cat"))
    play_round(app)
    session = app.game.session
    assert session is not None
    revision = session.stored.revision
    app.game.ask_to_remove_change(0)
    assert app.confirmation is None
    assert app.message is not None and app.message.kind is MessageKind.ERROR
    assert "the rounds recorded after it would no longer fit (round 2:" in app.message.text
    app.game.edit_change(0)
    app.game.edit_table_form(player="Bob")
    text, ok = app.game.table_preview()
    assert not ok and "the rounds recorded after it would no longer fit" in text
    app.game.confirm_table_form()
    assert session.table_form is not None and session.table_form.error == text
    app.game.cancel_table_form()
    assert session.stored.revision == revision
    app.game.edit_change(3)
    assert app.message is not None and app.message.text.endswith(
        "there is no change 4 of the table: 1 were made"
    )


def test_a_round_before_a_late_arrival_is_corrected_without_a_failure(app: ScorepadApp) -> None:
    """Fay was not at the table in round 1: saving a correction of round 1 compares her
    empty box there, and says what moved (it once failed on the missing box)."""
    session = fay_joined_after_round_1(app)
    sheet = session.sheet
    app.game.edit_round(1)
    app.game.confirm_round()
    assert app.message is None or app.message.kind is MessageKind.INFO
    assert session.editing is None and session.sheet == sheet
    assert session.changes == ["round 1: nothing changed"]


def test_the_home_list_names_a_late_arrival_with_those_who_started(app: ScorepadApp) -> None:
    """The list said "Mormon Bridge: Ann, Bob, Cat, Dan, Eve" for a game Fay played in: its
    row named only the players the game started with."""
    import flet as ft

    from scorepad.ui.views.home import game_card
    from tests.ui.test_sheet_view import walk

    session = fay_joined_after_round_1(app)
    app.go_home_now()
    (summary,) = [game for game in app.home.games if game.id == session.stored.id]
    assert summary.players == (*FIVE, "Fay")
    titles = [c.value for c in walk(game_card(app, summary)) if isinstance(c, ft.Text)]
    assert "Mormon Bridge: Ann, Bob, Cat, Dan, Eve, Fay" in titles


def test_a_newcomers_name_typed_loosely_joins_as_the_sheet_spells_it(app: ScorepadApp) -> None:
    """A name typed with two spaces and a combining accent ("A\u0301yi  Jo") is "Áyi Jo": the
    preview read the late arrival's starting total under the name as typed, and failed."""
    from scorepad.ui.state.table_form import TableTask

    start(app, "mormon-bridge", FIVE, dealer="Ann")
    play_round(app)
    app.game.open_table_form(TableTask.JOIN)
    app.game.edit_table_form(name=" A\u0301yi  Jo ", left_of="Eve")
    said, can = app.game.table_preview()
    assert can and said.startswith("Áyi Jo joins to the left of Eve, starting on "), said
    app.game.confirm_table_form()
    session = app.game.session
    assert session is not None and app.message is not None and app.message.text == said
    assert session.sheet.players == (*FIVE, "Áyi Jo")
    assert app.game.undo_label == "Áyi Jo joining"


def test_the_home_list_names_who_handed_a_seat_over_and_who_took_it(app: ScorepadApp) -> None:
    """Bob played round 1 before Zoe took his seat over: the list names them both, in the
    order they came to the table."""
    start(app, "mormon-bridge", FIVE, dealer="Ann")
    play_round(app)
    app.game.change_table(TakeOver(after=1, seat="Bob", player="Zoe"))
    session = app.game.session
    assert session is not None and session.sheet.players[1] == "Zoe"
    app.go_home_now()
    (summary,) = [game for game in app.home.games if game.id == session.stored.id]
    assert summary.players == (*FIVE, "Zoe")
