"""The shared table's phones follow a change of the table live, in Chromium: the phone of a
player who sits the next hand out is told so and offered no pad, the phone of one who leaves
is told and offered the seats still free, and a late arrival's phone claims her seat and bids
at her turn (issue 23)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorepad.store import TinyDBStore
from tests.browser.shared import SharedServer, Table
from tests.browser.test_shared_table import (
    at_table,  # noqa: F401 (a fixture)
    game_id,  # noqa: F401 (a fixture)
    scorekeeper,
    server,  # noqa: F401 (a fixture)
    store_dir,  # noqa: F401 (a fixture)
    viewer,
)
from tests.browser.test_table_changes_in_chromium import comes_to_say, open_table_task

pytestmark = pytest.mark.browser


def test_phones_are_told_of_a_hand_sat_out_a_leaver_and_a_late_arrivals_seat(
    at_table: Table,  # noqa: F811
    server: SharedServer,  # noqa: F811
    game_id: str,  # noqa: F811
    store_dir: Path,  # noqa: F811
) -> None:
    keeper = scorekeeper(at_table, server, game_id)
    phones = {}
    for player in ("Cat", "Dan"):
        phones[player] = viewer(at_table, server, player.lower())
        phones[player].tap(f"claim-{player}")
        assert f"You are {player}" in phones[player].text_of("my-seat")

    # Cat sits the first hand out: her phone says so, and has no pad to bid on
    open_table_task(keeper, "sit_out")
    keeper.tap("table-player-Cat")
    keeper.tap("table-confirm")
    cat = phones["Cat"]
    assert cat.says("my-bid", "Cat sits out round 1: no cards, no bid"), cat.text_of("my-bid")
    assert cat.by_id("pad-0").count() == 0

    # Dan has to go: his phone is told, and offered the seats still free
    open_table_task(keeper, "leave")
    keeper.tap("table-player-Dan")
    keeper.tap("table-confirm")
    dan = phones["Dan"]
    gone = "Dan left the game before the first round, with 0 kept. No more bids from here"
    assert dan.says("my-bid", gone), dan.text_of("my-bid")
    dan.wait_for("claim-Ann")  # a free seat, offered
    assert dan.by_id("claim-Cat").count() == 0, "Cat's phone holds hers"

    # Eve arrives, sits to the left of Bob, and claims her seat on her own phone
    open_table_task(keeper, "join")
    keeper.tap("table-left-of-Bob")
    keeper.type_into("The newcomer's name", "Eve")  # Enter confirms
    assert comes_to_say(keeper, "Eve joins to the left of Bob")
    dan.wait_for("claim-Eve")  # her seat is free until her phone claims it
    eve = viewer(at_table, server, "eve")
    eve.tap("claim-Eve")
    assert "You are Eve" in eve.text_of("my-seat")
    dan.by_id("claim-Eve").wait_for(state="detached")  # held now: no longer offered
    game = TinyDBStore(store_dir).load_game(game_id).game
    assert [change.kind for change in game.record.changes] == ["sit_out", "leave", "join"]
    assert game.next_round is not None and game.next_round.bid_order[0] == "Bob"
