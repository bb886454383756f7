"""The scorekeeper's share panel (issue 11): the join address as text and QR code, the PIN and
Change PIN, the seats with Release, and when the secret bids are shown; and, in a
simultaneous round before the go, who has bid (never what) on the scorekeeper's screen."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import flet as ft
import pytest
import pytest_asyncio

from scorepad.engine import Suit
from scorepad.sharing import ShareInfo
from scorepad.sharing.table import Role, SharedTable
from scorepad.store import Store
from scorepad.ui.state import ScorepadApp
from scorepad.ui.views.app import DEVICE_KEY
from tests.ui.driving import start
from tests.ui.table_driving import PIN, TOKEN, TableDriver

pytestmark = pytest.mark.asyncio

FOUR = ["Ann", "Bob", "Cat", "Dan"]
JOIN = "http://192.168.1.20:8550/"


def role_of(app: ScorepadApp) -> Role:
    """The session's role now (a call, so that mypy does not hold an earlier check's answer)."""
    return app.access.role


def app_at(store: Store, table: SharedTable) -> ScorepadApp:
    app = ScorepadApp(store, rng=random.Random(3), table=table)
    app.share_info = ShareInfo(
        join_url=JOIN, scorekeeper_url=f"http://127.0.0.1:8550/?token={TOKEN}"
    )
    return app


@pytest_asyncio.fixture
async def keeper(store: Store, table: SharedTable) -> AsyncIterator[TableDriver]:
    """The scorekeeper's tab on a Mormon Bridge game (bids at once), the turned suit tapped."""
    app = app_at(store, table)
    driver = TableDriver(app, f"/?token={TOKEN}", kept={DEVICE_KEY: "laptop"})
    await driver.settle()
    assert app.access.role is Role.SCOREKEEPER
    start(app, "mormon-bridge", FOUR, dealer="Dan")
    app.game.choose_trump(Suit.HEARTS)
    await driver.settle()
    yield driver
    driver.close()


def text_of(driver: TableDriver, identifier: str) -> str:
    """The words tagged ``identifier``: in the share panel when it is open, else on the page."""
    control = driver.in_dialog(identifier) or driver.tagged(identifier)
    assert isinstance(control, ft.Text), control
    return str(control.value)


def game_id_of(driver: TableDriver) -> str:
    session = driver.app.game.session
    assert session is not None
    return session.stored.id


async def test_the_panel_shows_the_join_address_its_qr_code_and_the_pin(
    keeper: TableDriver,
) -> None:
    assert keeper.in_dialog("join-address") is None
    await keeper.click("share")
    assert text_of(keeper, "join-address") == JOIN
    qr = keeper.dialog_control("join-qr")
    assert isinstance(qr, ft.Image) and isinstance(qr.src, bytes)
    assert qr.src.startswith(b"\x89PNG"), "a PNG image of the QR code"
    assert text_of(keeper, "pin") == f"PIN to keep score: {PIN}"
    await keeper.click_in_dialog("share-close")
    assert keeper.in_dialog("join-address") is None


async def test_change_pin_shows_the_new_pin_and_logs_the_other_editors_out(
    keeper: TableDriver, store: Store, table: SharedTable
) -> None:
    editor = app_at(store, table)
    editor.access.identify("phone", None)
    editor.access.enter_pin(PIN)
    assert editor.access.role is Role.EDITOR
    await keeper.click("share")
    await keeper.click_in_dialog("change-pin")
    new_pin = table.pin
    assert new_pin is not None and new_pin != PIN
    assert text_of(keeper, "pin") == f"PIN to keep score: {new_pin}"
    assert new_pin in text_of(keeper, "share-message")
    assert role_of(editor) is Role.VIEWER


async def test_a_seat_taken_shows_and_the_scorekeeper_releases_it(
    keeper: TableDriver, table: SharedTable
) -> None:
    game_id = game_id_of(keeper)
    table.claim_seat("phone-ann", game_id, "Ann")
    await keeper.click("share")
    release = keeper.dialog_control("release-Ann")
    assert isinstance(release, ft.TextButton) and not release.disabled
    bob = keeper.dialog_control("release-Bob")
    assert isinstance(bob, ft.TextButton) and bob.disabled, "a free seat has nothing to release"
    await keeper.click_in_dialog("release-Ann")
    assert table.seats(game_id) == {}
    assert "Ann's seat is free" in text_of(keeper, "share-message")


async def test_the_reveal_switch_is_the_tables_choice(
    keeper: TableDriver, table: SharedTable
) -> None:
    await keeper.click("share")
    assert table.reveal_on_last_bid is False
    await keeper.toggle_in_dialog("reveal-on-last-bid", True)
    assert table.reveal_on_last_bid is True


async def test_the_switch_says_what_happens_to_the_bid_of_a_player_without_a_phone(
    keeper: TableDriver, table: SharedTable
) -> None:
    """With a seat no phone holds, the switch says what will happen (the others' bids are
    shown, then that player's is entered here), as it is set, instead of silently waiting."""
    game_id = game_id_of(keeper)
    for player in ("Ann", "Bob", "Cat"):
        table.claim_seat(f"phone-{player}", game_id, player)
    await keeper.click("share")
    switch = keeper.dialog_control("reveal-on-last-bid")
    assert isinstance(switch, ft.Switch)
    assert switch.label == "Reveal when the last phone's bid is in"
    assert text_of(keeper, "no-phone") == (
        "Dan has no phone: Dan's bid is entered on this screen after the others are shown "
        "(at Ready, set, go!)"
    )
    await keeper.toggle_in_dialog("reveal-on-last-bid", True)
    assert text_of(keeper, "no-phone") == (
        "Dan has no phone: Dan's bid is entered on this screen after the others are shown "
        "(as soon as the last phone's bid is in)"
    )
    assert (
        text_of(keeper, "hidden-bids")
        == "No bids yet · waiting for Ann, Bob, Cat · Dan has no phone"
    )
    table.claim_seat("phone-Dan", game_id, "Dan")
    keeper.app.refresh()
    await keeper.settle()
    assert keeper.in_dialog("no-phone") is None, "every player has a phone"
    switch = keeper.dialog_control("reveal-on-last-bid")
    assert isinstance(switch, ft.Switch) and switch.label == "Reveal when the last bid is in"


async def test_the_switch_says_when_no_seat_is_claimed(keeper: TableDriver) -> None:
    await keeper.click("share")
    assert text_of(keeper, "no-phone") == (
        "No seat is claimed: every bid is entered on this screen after Ready, set, go!"
    )


async def test_who_has_bid_in_secret_shows_on_the_scorekeepers_screen_never_what(
    keeper: TableDriver, table: SharedTable
) -> None:
    game_id = game_id_of(keeper)
    table.claim_seat("phone-cat", game_id, "Cat")
    table.hide_bid("phone-cat", game_id, 1, "Cat", 1)
    keeper.app.refresh()
    await keeper.settle()
    words = text_of(keeper, "hidden-bids")
    assert words == "Bid: Cat · every phone has bid · Ann, Bob and Dan have no phone"
    assert "1" not in words


async def test_a_pin_holder_and_an_open_table_have_no_share_panel(
    store: Store, table: SharedTable
) -> None:
    keeper = app_at(store, table)
    keeper.access.identify("laptop", TOKEN)
    start(keeper, "golf", FOUR)
    editor = TableDriver(app_at(store, table), kept={DEVICE_KEY: "phone"})
    try:
        await editor.settle()
        editor.app.access.enter_pin(PIN)
        await editor.settle()
        assert editor.app.access.role is Role.EDITOR and editor.has("round-title")
        assert not editor.has("share")
    finally:
        editor.close()
    window = TableDriver(ScorepadApp(store, table=SharedTable.open_table()))
    try:
        await window.settle()
        window.app.routes.open(f"/game/{game_id_of_app(keeper)}")
        await window.settle()
        assert window.has("round-title") and not window.has("share")
    finally:
        window.close()


def game_id_of_app(app: ScorepadApp) -> str:
    session = app.game.session
    assert session is not None
    return session.stored.id


async def test_a_game_bid_in_turn_has_no_choice_of_when_to_show_secret_bids(
    store: Store, table: SharedTable
) -> None:
    app = app_at(store, table)
    driver = await TableDriver.opened(app, f"/?token={TOKEN}", kept={DEVICE_KEY: "laptop"})
    try:
        driver.act(lambda: start(app, "golf", FOUR))
        await driver.settle()
        await driver.click("share")
        assert driver.in_dialog("pin") is not None
        assert driver.in_dialog("reveal-on-last-bid") is None
    finally:
        driver.close()
