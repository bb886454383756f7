"""The new-game form's totals carried in from another evening: a switch, a number per player,
each bad number refused where it was typed, and the game started from them."""

from __future__ import annotations

import random
from pathlib import Path

import flet as ft
import pytest

from scorepad.engine import Game, RoundRecord
from scorepad.store import open_store
from scorepad.ui.state import ChoiceKey, GameTab, ScorepadApp, Screen
from scorepad.ui.state.charts import running_totals
from tests.ui.flet_session import ViewDriver


def test_a_game_starts_from_the_totals_carried_in(app: ScorepadApp) -> None:
    app.new_game.open(players=["Ann", "Bob", "Cat"], variant=ChoiceKey.preset("mormon-bridge"))
    form = app.new_game.form
    assert form is not None
    assert not form.carry_in
    app.new_game.carry_in_totals(True)
    app.new_game.type_start_total("Ann", "40")
    app.new_game.type_start_total("Cat", "−5")  # a phone's minus sign
    assert form.start_errors == {}
    assert form.problem is None
    app.new_game.start_game()
    session = app.game.session
    assert app.screen is Screen.GAME and session is not None
    assert session.game.record.starting_totals == {"Ann": 40, "Cat": -5}
    assert session.sheet.totals == {"Ann": 40, "Bob": 0, "Cat": -5}
    (stored,) = app.store.list_games()
    assert app.store.load_game(stored.id).record.starting_totals == {"Ann": 40, "Cat": -5}


def test_a_bad_number_is_refused_in_its_field_and_blocks_start(app: ScorepadApp) -> None:
    app.new_game.open(players=["Ann", "Bob"], variant=ChoiceKey.preset("golf"))
    form = app.new_game.form
    assert form is not None
    app.new_game.carry_in_totals(True)
    app.new_game.type_start_total("Bob", "12.5")
    assert form.start_errors == {"Bob": "a whole number, like -5 or 40 (not '12.5')"}
    assert form.problem == "starting total for Bob: a whole number, like -5 or 40 (not '12.5')"
    app.new_game.type_start_total("Bob", "20000")
    assert form.start_errors == {"Bob": "at most 10000 either way (not 20000)"}
    app.new_game.start_game()
    assert app.screen is Screen.NEW_GAME
    assert app.message is not None and "starting total for Bob" in app.message.text
    assert app.store.list_games() == []
    app.new_game.type_start_total("Bob", "")  # empty: carries nothing in
    assert form.problem is None
    app.new_game.start_game()
    session = app.game.session
    assert session is not None and session.game.record.starting_totals == {}


def test_nothing_typed_is_lost_when_the_switch_goes_off_or_a_player_is_moved(
    app: ScorepadApp,
) -> None:
    app.new_game.open(players=["Ann", "Bob", "Cat"])
    form = app.new_game.form
    assert form is not None
    app.new_game.carry_in_totals(True)
    app.new_game.type_start_total("Ann", "forty")
    app.new_game.carry_in_totals(False)
    assert form.problem is None  # switched off, the totals typed do not count
    assert form.record().starting_totals == {}
    assert form.start_text("Ann") == "forty"
    app.new_game.move_player("Ann", 2)
    app.new_game.remove_player("Ann")
    app.new_game.add_player("Ann")
    app.new_game.carry_in_totals(True)
    assert form.start_text("Ann") == "forty"
    assert form.start_errors == {"Ann": "a whole number, like -5 or 40 (not 'forty')"}


@pytest.mark.asyncio
async def test_the_switch_shows_a_field_per_player_and_its_refusal(tmp_path: Path) -> None:
    app = ScorepadApp(open_store(tmp_path / "data"), rng=random.Random(3))
    driver = ViewDriver(app)
    try:
        await driver.settle()
        app.new_game.open(players=["Ann", "Bob"], variant=ChoiceKey.preset("golf"))
        await driver.settle()
        assert driver.has("carry-in")
        assert not driver.has("start-total-Ann")
        await driver.toggle("carry-in", True)
        assert driver.has("start-total-Ann") and driver.has("start-total-Bob")
        await driver.type_text("start-total-Ann", "ten", submit=False)
        field = driver.tagged("start-total-Ann")
        assert isinstance(field, ft.TextField)
        assert field.error == "a whole number, like -5 or 40 (not 'ten')"
        assert driver.tagged("start-game").disabled
        await driver.type_text("start-total-Ann", "10", submit=False)
        assert not driver.tagged("start-game").disabled
        await driver.click("start-game")
        session = app.game.session
        assert app.screen is Screen.GAME and session is not None
        assert session.sheet.totals == {"Ann": 10, "Bob": 0}
        app.game.show_tab(GameTab.SHEET)
        await driver.settle()
        assert "carried in 10" in driver.texts()  # under Ann's name in the standings
    finally:
        driver.close()


def test_the_running_totals_chart_starts_each_line_at_its_carried_in_total() -> None:
    game = Game.start("golf", ["Ann", "Bob"], first_dealer="Bob", starting_totals={"Ann": 30})
    game = game.record_round(
        RoundRecord(turned="clubs", bids={"Ann": 0, "Bob": 0}, tricks={"Ann": 1, "Bob": 0})
    )
    chart = running_totals(game.sheet, width=366, low_wins=True)
    assert [line.values for line in chart.series] == [((0, 30), (1, 30)), ((0, 0), (1, 10))]
