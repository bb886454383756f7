"""A phone's address bar names the game it shows (issue 21).

A viewer's screen shows the game the table watches; its address is that game's
(``/game/<id>``), and it moves with the table: a phone that typed a game's address, or
reloaded at it, never keeps an old game's address once the table has moved on. While no game
is on the table the address is the join address (``/``). Each phone here is a real Flet
session (no browser) whose pushes into the browser's history are recorded.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest

from scorepad.sharing.table import SharedTable
from scorepad.store import Store
from scorepad.ui.state import ScorepadApp, Screen
from scorepad.ui.views.app import DEVICE_KEY
from tests.ui.driving import start
from tests.ui.table_driving import TableDriver

pytestmark = pytest.mark.asyncio

FOUR = ["Ann", "Bob", "Cat", "Dan"]


def new_game(keeper: ScorepadApp, variant: str = "golf") -> str:
    """The scorekeeper starts a game: the one the table watches from now on."""
    start(keeper, variant, FOUR, dealer="Dan")
    assert keeper.game.session is not None
    return keeper.game.session.stored.id


@asynccontextmanager
async def open_phone(
    store: Store, table: SharedTable, route: str, device: str
) -> AsyncIterator[TableDriver]:
    """A phone opened at ``route`` (its device key kept in its browser), closed afterwards."""
    app = ScorepadApp(store, rng=random.Random(3), table=table)
    phone = await TableDriver.opened(app, route, kept={DEVICE_KEY: device})
    try:
        assert app.screen is Screen.VIEWER
        yield phone
    finally:
        phone.close()


def address(phone: TableDriver) -> str:
    """What the phone's address bar shows: the last address the app pushed, else the one it
    was opened at."""
    pushed = phone.browser.invoked("push_route")
    return str(pushed[-1]["route"]) if pushed else str(phone.page.route)


async def test_a_phone_at_the_join_address_shows_the_watched_games_address_and_follows_it(
    store: Store, table: SharedTable, keeper: ScorepadApp
) -> None:
    async with open_phone(store, table, "/", "ann-phone") as phone:
        assert address(phone) == "/", "no game on the table yet: the join address"
        first = new_game(keeper)
        await phone.settle()
        assert address(phone) == f"/game/{first}"
        second = new_game(keeper, "mormon-bridge")
        await phone.settle()
        assert phone.app.viewer.game_id == second
        assert address(phone) == f"/game/{second}"


async def test_a_phone_that_typed_a_games_address_never_keeps_it_once_the_table_moves_on(
    store: Store, table: SharedTable, keeper: ScorepadApp
) -> None:
    first = new_game(keeper)
    async with open_phone(store, table, f"/game/{first}", "ann-phone") as phone:
        assert phone.app.message is None, "the watched game's own address is not refused"
        assert address(phone) == f"/game/{first}"
        second = new_game(keeper, "mormon-bridge")
        await phone.settle()
        assert phone.app.viewer.game_id == second
        assert address(phone) == f"/game/{second}", "the old game's address was kept"
        assert phone.app.message is None


async def test_a_phone_recognised_late_shows_the_watched_games_address(
    store: Store, table: SharedTable, keeper: ScorepadApp
) -> None:
    """A phone opened at the join address whose device key is read only after a game is on
    the table: its address follows as soon as it is drawn."""
    game_id = new_game(keeper)
    async with open_phone(store, table, "/", "bob-phone") as phone:
        assert address(phone) == f"/game/{game_id}"


async def test_a_phone_sent_back_to_the_join_address_shows_the_watched_games_address(
    store: Store, table: SharedTable, keeper: ScorepadApp
) -> None:
    """The browser's back (or the join address typed again) while a game is watched: the
    screen shows that game, and so does the address bar."""
    game_id = new_game(keeper)
    async with open_phone(store, table, f"/game/{game_id}", "ann-phone") as phone:
        await phone.session.dispatch_event(phone.page._i, "route_change", {"route": "/"})
        await phone.settle()
        assert phone.app.message is None
        assert address(phone) == f"/game/{game_id}"
