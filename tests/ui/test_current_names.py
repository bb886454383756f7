"""A game keeps the name it was played under and shows the current one (issue 12).

A game played with "Bob", then Bob renamed "Robert" on the roster: the game list's card, the
game's leaderboard, sheet, round and prompts read "Robert" (a screen reader hears "Robert,
played as Bob"), while the stored record, and every tap on it, still says "Bob". Undoing the
rename shows "Bob" again; a merge shows the name merged into; two seats of one game that
became one person keep the names they were played under (one name on two rows would make
every tap on them ambiguous). A tap never reads the roster.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import flet as ft
import pytest

from scorepad.engine import name_key
from scorepad.store import open_store
from scorepad.ui.state import GameSession, ScorepadApp, Stage
from scorepad.ui.state.display_names import DisplayNames, RosterNames
from scorepad.ui.views.game import prompt, round_panel
from scorepad.ui.views.home import game_card
from scorepad.ui.views.leaderboard import leaderboard
from scorepad.ui.views.sheet import results_panel, sheet_panel
from tests.ui.driving import play_round, start, tap_for
from tests.ui.flet_session import ViewDriver
from tests.ui.test_sheet_view import tagged, walk

TABLE = ["Ann", "Bob", "Cat"]


def session_of(app: ScorepadApp) -> GameSession:
    session = app.game.session
    assert session is not None
    return session


def played_one_round(app: ScorepadApp) -> str:
    """A Golf game of Ann, Bob and Cat, Ann dealing, one round in (Bob is ahead, 0 to 10), then
    back on the game list; returns the game's id."""
    start(app, "golf", TABLE, dealer="Ann")
    play_round(app)
    game_id = session_of(app).stored.id
    app.go_home()
    return game_id


def texts(root: ft.BaseControl) -> list[str]:
    return [c.value for c in walk(root) if isinstance(c, ft.Text) and isinstance(c.value, str)]


def labels(root: ft.BaseControl) -> Iterator[str]:
    for control in walk(root):
        label = getattr(control, "semantics_label", None) or getattr(control, "label", None)
        if isinstance(label, str):
            yield label


def card_of(app: ScorepadApp, game_id: str) -> ft.Control:
    (summary,) = [game for game in app.home.games if game.id == game_id]
    return game_card(app, summary)


def stored_players(app: ScorepadApp, game_id: str) -> tuple[str, ...]:
    """What the game file says, read afresh (not the screen's copy)."""
    return app.store.load_game(game_id).game.record.players


def test_a_renamed_player_reads_under_the_new_name_and_the_record_keeps_the_old(
    app: ScorepadApp,
) -> None:
    game_id = played_one_round(app)
    app.store.rename_player("Bob", "Robert")
    app.go_home()

    card = texts(card_of(app, game_id))
    assert "Golf: Ann, Robert, Cat" in card
    assert any(line.endswith("· Robert is ahead, 0 to 10") for line in card), card
    assert not any("Bob" in line for line in card)

    app.home.open_game(game_id)
    session = session_of(app)
    board = leaderboard(session)
    chip = tagged(board, "standing-Bob")  # the identifier is the seat's, as played
    assert chip.label is not None and chip.label.startswith("1. Robert, played as Bob, 0 (+0)")
    assert "Robert" in texts(board) and "Bob" not in texts(board)

    head = tagged(sheet_panel(app.game, session), "sheet-player-Bob").content
    assert isinstance(head, ft.Container) and isinstance(head.content, ft.Text)
    assert head.content.value == "Robert"
    assert head.content.semantics_label == "Robert, played as Bob"

    entry = session.entry
    assert entry is not None
    rows, dock = round_panel(app.game, session, entry)
    line = tagged(rows, "line-Bob")
    assert "Robert" in texts(line) and "Bob" not in texts(line)
    assert "Robert, played as Bob" in labels(line)
    info = tagged(rows, "round-info").content
    assert isinstance(info, ft.Text)
    assert info.value == "Robert deals · Cat bids first · Cat leads"  # round 2: Bob deals
    assert "Bob" not in " ".join(texts(rows) + texts(dock))

    assert stored_players(app, game_id) == ("Ann", "Bob", "Cat")


def test_the_running_totals_chart_names_the_players_as_the_sheet_does(app: ScorepadApp) -> None:
    game_id = played_one_round(app)
    app.store.rename_player("Bob", "Robert")
    app.go_home()
    app.home.open_game(game_id)
    session = session_of(app)

    panel = sheet_panel(app.game, session)
    legend = texts(tagged(panel, "running-totals-chart-legend"))
    assert "Robert" in legend and "Bob" not in legend
    summary = " ".join(labels(tagged(panel, "running-totals-chart")))
    assert "Robert" in summary and "Bob" not in summary


def test_the_pad_asks_for_the_new_name_and_a_round_is_stored_under_the_old(
    app: ScorepadApp,
) -> None:
    game_id = played_one_round(app)
    app.store.rename_player("Bob", "Robert")
    app.home.open_game(game_id)
    session = session_of(app)
    while (entry := session.entry) is not None and entry.active != "Bob":
        tap_for(app, entry)
    assert entry is not None and entry.stage is Stage.BIDS
    assert prompt(entry, session.names) == "Robert bids"
    play_round(app)  # every tap names the seat as played: the engine knows no "Robert"
    assert app.message is None
    stored = app.store.load_game(game_id).game.record
    assert stored.players == ("Ann", "Bob", "Cat")
    assert [set(played.bids) for played in stored.rounds] == [set(TABLE)] * 2


def test_a_trick_marked_for_the_new_name_is_stored_under_the_old(app: ScorepadApp) -> None:
    game_id = played_one_round(app)
    app.store.rename_player("Bob", "Robert")
    app.home.open_game(game_id)
    session = session_of(app)
    while (entry := session.entry) is not None and entry.stage is not Stage.TRICKS:
        tap_for(app, entry)
    app.game.choose_tally(True)
    entry = session.entry
    assert entry is not None
    dock = round_panel(app.game, session, entry)[1]
    button = tagged(dock, "mark-Bob").content
    assert isinstance(button, ft.Container) and button.on_click is not None  # an ink-free key
    assert "Robert" in texts(button) and "Robert, played as Bob" in labels(button)
    button.on_click(None)  # type: ignore[arg-type,call-arg]  # the event is not read
    assert app.message is None
    draft = app.store.load_game(game_id).draft
    assert draft is not None and draft.trick_winners == ("Bob",)
    assert app.game.undo_label == "Bob took trick 1"  # the stored step, as played
    entry = session.entry
    assert entry is not None
    undo = tagged(round_panel(app.game, session, entry)[1], "undo-trick").content
    assert isinstance(undo, ft.OutlinedButton) and undo.tooltip == "Take back trick 1 (Robert)"


def test_undoing_the_rename_shows_the_old_name_again(app: ScorepadApp) -> None:
    game_id = played_one_round(app)
    app.store.rename_player("Bob", "Robert")
    app.go_home()
    assert "Golf: Ann, Robert, Cat" in texts(card_of(app, game_id))
    app.store.undo_roster_change()
    app.go_home()
    assert "Golf: Ann, Bob, Cat" in texts(card_of(app, game_id))
    app.home.open_game(game_id)
    session = session_of(app)
    assert not session.names
    chip = tagged(leaderboard(session), "standing-Bob")
    assert chip.label is not None and chip.label.startswith("1. Bob 0 (+0)")


def test_a_merge_shows_the_name_merged_into(app: ScorepadApp) -> None:
    start(app, "golf", ["Robert", "Dan"], dealer="Dan")
    app.go_home()
    game_id = played_one_round(app)
    app.store.merge_players("Bob", into="Robert")
    app.go_home()
    assert "Golf: Ann, Robert, Cat" in texts(card_of(app, game_id))
    app.home.open_game(game_id)
    session = session_of(app)
    head = tagged(sheet_panel(app.game, session), "sheet-player-Bob").content
    assert isinstance(head, ft.Container) and isinstance(head.content, ft.Text)
    assert head.content.value == "Robert"
    assert stored_players(app, game_id) == ("Ann", "Bob", "Cat")


def test_two_seats_that_became_one_person_keep_the_names_played_under(
    app: ScorepadApp,
) -> None:
    """Bob and Robert sat at the same table, then were merged: "Robert" on two rows would
    leave the table guessing whose bid is whose, so that game shows both as played."""
    start(app, "golf", ["Bob", "Robert", "Cat"], dealer="Cat")
    play_round(app)
    game_id = session_of(app).stored.id
    app.go_home()
    app.store.merge_players("Bob", into="Robert")
    app.go_home()
    assert "Golf: Bob, Robert, Cat" in texts(card_of(app, game_id))
    app.home.open_game(game_id)
    assert not session_of(app).names


def test_the_end_of_the_game_names_winners_and_payers_as_known_now(app: ScorepadApp) -> None:
    start(app, "golf", TABLE, dealer="Ann", stake=5)
    session = session_of(app)
    play_round(app, tricks={"Ann": 1, "Bob": 0, "Cat": 0})  # Ann set, once: she pays
    while (entry := session.entry) is not None:  # then Bob takes every trick: set, so low
        play_round(app, tricks={"Ann": 0, "Bob": entry.setup.cards, "Cat": 0})
    game_id = session.stored.id
    assert session.sheet.winners == ("Bob",)
    app.go_home()
    app.store.rename_player("Bob", "Robert")
    app.go_home()
    assert any(line == "won by Robert" for line in texts(card_of(app, game_id)))
    app.home.open_game(game_id)
    end = results_panel(app, session_of(app))
    assert texts(tagged(end, "winners"))[-1] == "Robert wins!"
    settlement = texts(tagged(end, "settlement"))
    assert settlement and not any("Bob" in line for line in settlement)
    assert any(line.startswith("Robert collects") for line in settlement), settlement


def test_names_in_the_engine_s_sentences_are_replaced_only_as_whole_names() -> None:
    names = DisplayNames.of(["Ann", "Ann Marie", "Annabel"], {"ann": "Annie"})
    assert names.in_words("Ann Marie pays Ann 30¢") == "Ann Marie pays Annie 30¢"
    assert names.in_words("Sets: Annabel 1, Ann 2, Ann Marie 0") == (
        "Sets: Annabel 1, Annie 2, Ann Marie 0"
    )
    assert names.in_words("Ann's bid") == "Annie's bid"
    assert DisplayNames().in_words("Ann pays Bob 5¢") == "Ann pays Bob 5¢"


def test_the_roster_alone_names_everyone_as_the_store_does(app: ScorepadApp) -> None:
    """The screens read the roster, not the store's scan of every game: the same lookups."""
    played_one_round(app)
    start(app, "golf", ["Robert", "Dan", "Eve"], dealer="Dan")
    app.go_home()
    app.store.merge_players("Bob", into="Robert")
    app.store.rename_player("Cat", "Catherine")
    from_roster = RosterNames.read(app.store).names
    everyone = app.store.current_names()
    assert everyone["bob"] == "Robert" and everyone["cat"] == "Catherine"
    for key, now in everyone.items():  # a name the roster does not list is its own
        assert from_roster.get(key, now) == now
        assert key in from_roster or name_key(now) == key


def test_a_tap_never_reads_the_roster(app: ScorepadApp, monkeypatch: pytest.MonkeyPatch) -> None:
    """The names are read when the game opens; a tap costs what it cost before."""
    game_id = played_one_round(app)
    app.store.rename_player("Bob", "Robert")
    app.home.open_game(game_id)
    reads: list[str] = []
    store = app.store
    for method in ("roster", "current_names"):
        original = getattr(store, method)

        def counted(_method: str = method, _original: object = original) -> object:
            reads.append(_method)
            assert callable(_original)
            return _original()

        monkeypatch.setattr(store, method, counted)
    play_round(app)
    app.game.undo()
    assert reads == []
    assert session_of(app).names.shown("Bob") == "Robert"


@pytest.mark.asyncio
async def test_the_game_screen_drawn_in_a_page_shows_the_new_name(tmp_path: Path) -> None:
    """The kept parts of the screen (rows, chips, sheet) are drawn with the names too."""
    app = ScorepadApp(open_store(tmp_path / "data"), rng=random.Random(7))
    driver = ViewDriver(app, width=390)
    try:
        await driver.settle()
        game_id = played_one_round(app)
        app.store.rename_player("Bob", "Robert")
        app.go_home()
        await driver.settle()
        assert any("Robert" in text for text in driver.texts())
        app.home.open_game(game_id)
        await driver.settle()
        assert "Robert" in driver.texts() and "Bob" not in driver.texts()
        entry = session_of(app).entry
        while entry is not None and entry.active != "Bob":
            tap_for(app, entry)
            entry = session_of(app).entry
        await driver.settle()
        assert "Robert bids" in driver.texts()
        await driver.click("pad-0")  # Robert's bid, stored as Bob's
        assert app.store.load_game(game_id).draft.bids["Bob"] == 0  # type: ignore[union-attr]
        app.game.undo()  # the step is stored as played; the message line says it as shown
        await driver.settle()
        assert "undone: Robert bid 0" in driver.texts()
    finally:
        driver.close()


def test_play_again_seats_the_table_under_the_names_used_now(app: ScorepadApp) -> None:
    """The next game is a new record: it is played under the current names."""
    start(app, "golf", TABLE, dealer="Ann")
    session = session_of(app)
    while session.entry is not None:
        play_round(app)
    game_id = session.stored.id
    app.go_home()
    app.store.rename_player("Bob", "Robert")
    app.home.open_game(game_id)
    assert session_of(app).game.next_first_dealer == "Bob"  # the deal moves one seat left
    app.new_game.play_again()
    form = app.new_game.form
    assert form is not None and form.players == ["Ann", "Robert", "Cat"]
    assert form.first_dealer == "Robert"
