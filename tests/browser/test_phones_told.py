"""What the phones at a shared table are told (issue 21), in Chromium: several contexts (each
its own device) on one ``scorepad --share --host 127.0.0.1``, loopback only.

- The phone whose seat the scorekeeper released is told so, in words, on its message line;
  the other phones are told nothing.
- A PIN refused shows right above the PIN field, at the foot of the phone's long page, where
  the eye is after the tap: not in the message line at the top, out of sight.
- A phone's address bar names the game it shows, and follows the table to the next game even
  when the phone typed the old game's address.
- "Reveal when the last bid is in" with a player without a phone: the switch and the panel say
  what will happen; the last seated phone's bid shows the phones' bids, and the scorekeeper's
  pad then waits on the bid of the player without a phone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorepad.engine import GameRecord
from scorepad.store import open_store
from tests.browser.shared import LAPTOP, PHONE, Phone, SharedServer, Table, shared_server
from tests.browser.test_shared_table import (
    PLAYERS,
    at_table,  # noqa: F401 (a fixture)
    bid_shown_js,
    bids_saved,
    game_id,  # noqa: F401 (a fixture)
    other_pin,
    said,
    scorekeeper,
    server,  # noqa: F401 (a fixture)
    store_dir,  # noqa: F401 (a fixture)
    tap_never_refused,
    text_js,
    try_pin,
    viewer,
)

pytestmark = pytest.mark.browser

FREED = "The scorekeeper freed Cat's seat"


def seated(chairs: Table, host: SharedServer, player: str) -> Phone:
    phone = viewer(chairs, host, player)
    phone.tap(f"claim-{player}")
    assert f"You are {player}" in phone.text_of("my-seat")
    return phone


def test_the_phone_whose_seat_is_released_is_told_so_and_no_other_phone_is(
    at_table: Table,  # noqa: F811
    server: SharedServer,  # noqa: F811
    game_id: str,  # noqa: F811
) -> None:
    keeper = scorekeeper(at_table, server, game_id)
    cat, dan = seated(at_table, server, "Cat"), seated(at_table, server, "Dan")
    onlooker = viewer(at_table, server, "onlooker")
    onlooker.wait_for("taken-Cat")

    keeper.tap("share")
    keeper.tap("release-Cat")
    assert "Cat's seat is free" in keeper.text_of("share-message")

    cat.wait_for("claim-Cat", timeout=10000)  # the seat is offered again ...
    cat.page.wait_for_function(
        """words => [...document.querySelectorAll('[flt-semantics-identifier="message"]')]
            .some(line => (line.innerText + ' ' + [...line.querySelectorAll('*')]
                .map(e => e.getAttribute('aria-label') || '').join(' ')).includes(words))""",
        arg=FREED,
        timeout=10000,
    )  # ... and the phone is told why, in words
    assert re.search(r'to bid from here again, tap "I am" and your name', said(cat)), said(cat)
    assert cat.by_id("my-seat").count() == 0

    onlooker.wait_for("claim-Cat", timeout=10000)  # every phone sees the seat free ...
    for phone in (dan, onlooker):  # ... but only Cat's is told anything
        assert FREED not in said(phone), phone.name
        assert FREED not in phone.a11y_text(), phone.name
    assert "You are Dan" in dan.text_of("my-seat")


def test_a_refused_pin_shows_beside_the_pin_field_at_the_foot_of_the_page(
    at_table: Table,  # noqa: F811
    server: SharedServer,  # noqa: F811
    game_id: str,  # noqa: F811
) -> None:
    scorekeeper(at_table, server, game_id)  # a game on the table: the phone's page is long
    phone = viewer(at_table, server, "friend")
    phone.wait_for("standing-Ann")

    refused = try_pin(phone, other_pin(server.pin))
    assert refused.startswith("that is not the PIN"), refused
    assert said(phone) == "", "the message line at the top of the page says it again"
    field = phone.page.get_by_role("textbox", name="PIN", exact=True).first.bounding_box()
    line = phone.by_id("pin-message").first.bounding_box()
    assert field is not None and line is not None
    height = PHONE[1]
    print(f"PIN field at y={field['y']:.0f}, its message at y={line['y']:.0f} (screen {height})")
    assert line["y"] >= 0 and line["y"] + line["height"] <= height, "the message is on screen"
    assert 0 <= field["y"] - (line["y"] + line["height"]) <= 40, "right above the field"

    refused = try_pin(phone, "12")
    assert refused.startswith("the PIN is 4 digits, and '12' is not"), refused
    try_pin(phone, server.pin)  # the field works as before: the right PIN keeps score
    phone.wait_for("round-title")
    assert phone.by_id("viewer-screen").count() == 0


@pytest.fixture
def two_games(store_dir: Path) -> tuple[str, str]:  # noqa: F811
    """Two Mormon Bridge games for the same four, made before the server starts."""
    store = open_store(store_dir)
    record = GameRecord.from_data({"variant": "mormon-bridge", "players": PLAYERS})
    return store.create_game(record).id, store.create_game(record).id


@pytest.fixture
def table_of_two(store_dir: Path, two_games: tuple[str, str]) -> Iterator[SharedServer]:  # noqa: F811
    with shared_server(store_dir) as running:
        yield running


def path_js() -> str:
    return "path => location.pathname === path"


def test_a_phone_that_typed_a_games_address_follows_the_table_to_the_next_game(
    at_table: Table,  # noqa: F811
    table_of_two: SharedServer,
    two_games: tuple[str, str],
) -> None:
    first, second = two_games
    keeper = scorekeeper(at_table, table_of_two, first)
    phone = at_table.phone("typist")
    phone.open(f"{table_of_two.url}game/{first}")  # the old game's address, typed
    phone.wait_for("viewer-screen")
    phone.wait_for("standing-Ann")
    phone.page.wait_for_function(path_js(), arg=f"/game/{first}", timeout=10000)
    joined = viewer(at_table, table_of_two, "joined")  # at the join address
    joined.page.wait_for_function(path_js(), arg=f"/game/{first}", timeout=10000)

    keeper.page.get_by_role("button", name="All games").first.click()
    keeper.wait_for(f"game-{second}")
    keeper.tap(f"game-{second}")
    keeper.wait_for("round-title")
    for watching in (phone, joined):
        watching.page.wait_for_function(path_js(), arg=f"/game/{second}", timeout=10000)
        assert f"/game/{first}" not in watching.page.url, watching.name
        assert said(watching) == "", (watching.name, said(watching))


def test_the_last_phones_bid_shows_the_bids_and_the_pad_waits_on_the_player_without_one(
    at_table: Table,  # noqa: F811
    server: SharedServer,  # noqa: F811
    game_id: str,  # noqa: F811
    store_dir: Path,  # noqa: F811
) -> None:
    keeper = scorekeeper(at_table, server, game_id)
    tap_never_refused(keeper, "suit-clubs")
    phones = {player: seated(at_table, server, player) for player in ("Ann", "Bob", "Cat")}

    keeper.tap("share")  # Dan has no phone: the switch and the panel say what will happen
    keeper.wait_for("seat-Cat")
    keeper.page.mouse.move(LAPTOP[0] / 2, LAPTOP[1] / 2)  # over the panel, which scrolls
    keeper.page.mouse.wheel(0, 600)  # down to the switch, under the seats
    keeper.wait_until_shown("Reveal when the last phone's bid is in", timeout=10000)
    assert keeper.says("no-phone", "Dan has no phone: Dan's bid is entered on this screen")
    assert keeper.says("no-phone", "(at Ready, set, go!)")
    keeper.tap("reveal-on-last-bid")
    assert keeper.says("no-phone", "(as soon as the last phone's bid is in)")
    assert keeper.says("hidden-bids", "waiting for Bob, Cat, Ann · Dan has no phone")
    keeper.tap("share-close")

    phones["Ann"].tap("pad-1")
    phones["Bob"].tap("pad-2")
    keeper.page.wait_for_function(text_js("hidden-bids", "Bid: Bob, Ann"), timeout=10000)
    assert bids_saved(store_dir, game_id) == {}, "Cat's phone is still to bid"
    phones["Cat"].tap("pad-3")  # the last phone's bid: the phones' bids show at once
    for player, bid in (("Ann", 1), ("Bob", 2), ("Cat", 3)):
        keeper.page.wait_for_function(bid_shown_js(player, bid), timeout=10000)
    keeper.page.wait_for_function(text_js("prompt", "Dan"), timeout=10000)  # the pad on Dan
    assert "the scorekeeper enters Dan's" in said(phones["Cat"]), said(phones["Cat"])
    tap_never_refused(keeper, "pad-4")  # Dan's fingers
    assert bids_saved(store_dir, game_id) == {"Ann": 1, "Bob": 2, "Cat": 3, "Dan": 4}
