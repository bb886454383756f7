"""The Table dialog's "The hands": a hand put in, skipped, resized or one more at the end,
previewed with the hands left before it is made, one undo step, correctable from the sheet,
and "One more hand" once a game is over."""

from __future__ import annotations

from scorepad.engine import GOLF, HandChange
from scorepad.store import Store
from scorepad.ui.state import ScorepadApp
from scorepad.ui.state.table_form import TableTask
from tests.ui.driving import play_round, start


def test_a_hand_put_in_through_the_dialog_is_previewed_made_and_undone(
    app: ScorepadApp,
) -> None:
    start(app, "mormon-bridge", ["Ann", "Bob", "Cat"], dealer="Ann")
    play_round(app)
    session = app.game.session
    assert session is not None
    app.game.open_table_form(TableTask.HANDS)
    offered = app.game.hands_to_change("insert")
    assert [said for _, said in offered] == [
        *(f"{n}: {11 - n} cards" for n in range(2, 10)),  # the next eight hands
        "10: 1 card",  # and the last
        "11: at the end",
    ]
    assert [number for number, _ in app.game.hands_to_change("skip")][-2:] == [9, 10]
    app.game.edit_table_form(hand_edit="insert", hand="2")
    preview, can_go = app.game.table_preview()
    assert not can_go and preview == "type how many cards each player gets"
    app.game.edit_table_form(cards_text="1")
    preview, can_go = app.game.table_preview()
    assert can_go
    assert preview == (
        "After round 1: a hand of 1 card put in as round 2. Next: round 2, 1 card, Bob deals. "
        "Hands left: 1 9 8 7 6 5 4 3 2 1."
    )
    app.game.confirm_table_form()
    assert session.game.schedule == (10, 1, 9, 8, 7, 6, 5, 4, 3, 2, 1)
    assert session.entry is not None and session.entry.setup.cards == 1
    assert app.game.undo_label == "the hands changed after round 1"
    app.game.undo()
    assert session.game.schedule == tuple(range(10, 0, -1))


def test_a_hand_skipped_is_corrected_from_the_sheet_into_a_resize(app: ScorepadApp) -> None:
    start(app, "golf", ["Ann", "Bob", "Cat"], dealer="Ann")
    play_round(app)
    app.game.change_table(HandChange(after=1, edit="skip", hand=2))
    session = app.game.session
    assert session is not None and session.game.schedule[:3] == (1, 3, 4)
    app.game.edit_change(0)
    form = session.table_form
    assert form is not None and (form.task, form.hand_edit, form.hand) == (
        TableTask.HANDS,
        "skip",
        "2",
    )
    app.game.edit_table_form(hand_edit="resize", cards_text="5")
    app.game.confirm_table_form()
    assert session.game.schedule[:3] == (1, 5, 3)


def test_one_more_hand_once_the_game_is_over(app: ScorepadApp, store: Store) -> None:
    store.save_variant(GOLF.with_changes(name="Two Golf", hand_sizes=(1, 1)))
    start(app, "saved:Two Golf", ["Ann", "Bob"], dealer="Ann")
    play_round(app)
    play_round(app)
    session = app.game.session
    assert session is not None and session.sheet.finished
    app.game.open_one_more_hand()
    preview, can_go = app.game.table_preview()
    assert can_go and preview.startswith("After round 2: one more hand of 1 card at the end.")
    app.game.confirm_table_form()
    assert not session.sheet.finished and session.entry is not None
    assert session.entry.number == 3
