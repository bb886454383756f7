"""The running tab of a game played for a stake: what each player owes for their sets so far."""

from __future__ import annotations

from scorepad.engine import GOLF, Game
from tests.helpers import zero_round


def test_each_set_so_far_costs_the_stake_before_the_end() -> None:
    game = Game.start("golf", ["Ann", "Bob", "Cat"], stake_cents=5)
    for _ in range(4):
        game = game.record_round(zero_round(game))
    sheet = game.sheet
    assert not sheet.winners
    assert any(sheet.sets.values())  # the leader took every trick with a bid of 0: set
    assert sheet.owed_so_far() == {name: sets * 5 for name, sets in sheet.sets.items()}


def test_at_the_end_the_tab_is_what_each_player_pays() -> None:
    rules = GOLF.with_changes(name="Short Golf", hand_sizes=(1, 2, 3, 2, 1))
    game = Game.start(rules, ["Ann", "Bob", "Cat"], stake_cents=25)
    while game.next_round is not None:
        game = game.record_round(zero_round(game))
    sheet = game.sheet
    assert sheet.winners
    paid = {
        name: sum(p.cents for p in sheet.settlement if p.payer == name) for name in sheet.players
    }
    assert sheet.owed_so_far() == paid


def test_a_game_without_a_stake_has_no_tab() -> None:
    game = Game.start("mormon-bridge", ["Ann", "Bob"])
    assert game.sheet.owed_so_far() is None
