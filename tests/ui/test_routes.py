"""Every screen has an address: a reload, a restart of the server or a reconnect comes back to
the same screen (mid-round included), the browser's back goes home, and an address of nothing
shows the list of games with a line saying why. The state (no Flet) first, then the Flet
wiring in a real Flet session without a browser."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from pathlib import Path

import flet as ft
import pytest
import pytest_asyncio
from flet.messaging.protocol import MessageAction

from scorepad.engine import GameRecord, Suit
from scorepad.store import GameIdError, Store, StoreUnreadableError, TinyDBStore, open_store
from scorepad.ui.state import ActionRefused, MessageKind, ScorepadApp, Screen, Stage
from scorepad.ui.state.routes import (
    GameRouteError,
    Place,
    UnknownRouteError,
    place_at,
)
from scorepad.ui.views.app import mount
from tests.ui.driving import start
from tests.ui.flet_session import ViewDriver, bare_page

GOLF_TABLE = {"variant": "golf", "players": ["Ann", "Bob", "Cat", "Dan"]}


def new_game(store: Store) -> str:
    return store.create_game(GameRecord.from_data(GOLF_TABLE)).id


def screen_of(app: ScorepadApp) -> Screen:
    """The screen on show (read afresh: mypy would keep an earlier check's narrowing)."""
    return app.screen


def restarted(app: ScorepadApp) -> ScorepadApp:
    """A new app on the same store, as after a restart of the server or a reload."""
    return ScorepadApp(open_store(app.store.root), rng=random.Random(7))


def test_each_screen_has_its_own_address(app: ScorepadApp) -> None:
    assert app.routes.current == "/"
    app.new_game.open()
    assert app.routes.current == "/new"
    app.go_home()
    app.house_rules.open()
    assert app.routes.current == "/rules"
    app.go_home()
    start(app, "golf", ["Ann", "Bob", "Cat"])
    session = app.game.session
    assert session is not None
    assert app.routes.current == f"/game/{session.stored.id}"
    assert place_at(app.routes.current) == Place(Screen.GAME, session.stored.id)


def test_back_to_the_new_game_form_from_the_game_it_started_goes_home(
    app: ScorepadApp,
) -> None:
    """The browser keeps ``/new`` before the game it started (Flet cannot replace it): back
    from the game lands there, and shows the list of games, not a blank form."""
    start(app, "golf", ["Ann", "Bob", "Cat", "Dan"])
    session = app.game.session
    assert session is not None
    app.routes.open("/new")  # the browser's back button
    assert screen_of(app) is Screen.HOME
    assert app.game.session is None
    assert app.new_game.form is None
    assert app.routes.current == "/"
    app.routes.open("/new")  # from the list, the form's address opens the form
    assert screen_of(app) is Screen.NEW_GAME


def test_a_games_address_opens_that_game_mid_round_after_a_restart(app: ScorepadApp) -> None:
    game_id = new_game(app.store)
    new_game(app.store)  # another game, so that the address has to pick the right one
    app.home.open_game(game_id)
    app.game.choose_trump(Suit.HEARTS)
    app.game.tap_number(1)  # Bob bids 1
    address = app.routes.current

    again = restarted(app)
    assert screen_of(again) is Screen.HOME
    again.routes.open(address)

    assert again.message is None, again.message
    assert screen_of(again) is Screen.GAME
    session = again.game.session
    assert session is not None
    assert session.stored.id == game_id
    entry = session.entry
    assert entry is not None
    assert entry.stage is Stage.BIDS
    assert entry.draft.turned is Suit.HEARTS
    assert entry.draft.bids == {"Bob": 1}
    assert again.routes.current == address


def test_going_home_gives_the_home_address_and_the_homes_address_leaves_a_game(
    app: ScorepadApp,
) -> None:
    game_id = new_game(app.store)
    app.routes.open(f"/game/{game_id}")
    assert screen_of(app) is Screen.GAME
    app.go_home()
    assert app.routes.current == "/"
    assert app.game.session is None

    app.routes.open(f"/game/{game_id}")
    app.routes.open("/")  # the browser's back button
    assert screen_of(app) is Screen.HOME
    assert app.game.session is None
    assert app.message is None


def test_the_address_on_show_again_changes_nothing(app: ScorepadApp) -> None:
    """The browser confirms each address the app gives it: that must not reset the form."""
    app.new_game.open()
    assert app.new_game.add_player("Ann")
    app.routes.open("/new")
    assert app.new_game.form is not None
    assert app.new_game.form.players == ["Ann"]


UNKNOWN_ID = "0badc0de"


@pytest.mark.parametrize(
    ("route", "said"),
    [
        ("/game/zzz", "there is no game at '/game/zzz': a game's address ends in its 8-char"),
        (f"/game/{UNKNOWN_ID}", "no game has that id (it may have been deleted)"),
        ("/game/../meta", "8-character id (0-9, a-f), like /game/1a2b3c4d"),
        ("/game/" + "9" * 5000, "…' (5006 characters)"),
        ("/../x", "there is no page at '/../x'"),
        ("/games", "there is no page at '/games'"),
        ("/game/", "there is no page at '/game/'"),
        ("//[x", "there is no page at '//[x'"),
        ("/new\n/x", "there is no page at '/new\\n/x'"),
    ],
)
def test_an_address_of_nothing_shows_the_games_and_says_why(
    app: ScorepadApp, route: str, said: str
) -> None:
    game_id = new_game(app.store)
    app.routes.open(f"/game/{game_id}")  # from inside a game: the address bar was edited
    assert screen_of(app) is Screen.GAME

    app.routes.open(route)

    assert screen_of(app) is Screen.HOME
    assert app.game.session is None
    assert app.message is not None
    assert app.message.kind is MessageKind.ERROR
    text = app.message.text
    assert said in text
    assert "here is the list of games" in text
    assert "\n" not in text
    assert len(text) < 240, text  # a long address is quoted cut short
    assert app.routes.current == "/"
    # the browser is then told "/"; that echo keeps the message on screen
    app.routes.open("/")
    assert app.message is not None
    assert app.message.text == text


def test_the_refusals_are_typed() -> None:
    with pytest.raises(UnknownRouteError):
        place_at("/../x")
    error = GameRouteError("/game/zzz", GameIdError("zzz", "8 hex digits"))
    assert isinstance(error, ActionRefused)
    assert error.route == "/game/zzz"


def test_a_damaged_games_address_says_the_file_cannot_be_read(app: ScorepadApp) -> None:
    game_id = new_game(app.store)
    TinyDBStore(app.store.root).game_path(game_id).write_bytes(b"{ not json")

    again = restarted(app)
    again.routes.open(f"/game/{game_id}")

    assert screen_of(again) is Screen.HOME
    assert again.message is not None
    assert again.message.text.startswith(f"cannot open the game at '/game/{game_id}': ")
    assert "\n" not in again.message.text


def test_the_problem_screen_keeps_the_address_asked_for(tmp_path: Path) -> None:
    broken = StoreUnreadableError(tmp_path / "catalogue.json", "not JSON", None, None)
    app = ScorepadApp(None, root=tmp_path, problem=broken)
    assert screen_of(app) is Screen.PROBLEM
    app.routes.open("/game/1a2b3c4d")
    assert screen_of(app) is Screen.PROBLEM
    assert app.routes.current == "/game/1a2b3c4d"
    assert app.message is None


# --- the Flet side: the page's address and the app in step ------------------------------------


@pytest_asyncio.fixture
async def driver(tmp_path: Path) -> AsyncIterator[ViewDriver]:
    app = ScorepadApp(open_store(tmp_path / "data"), rng=random.Random(3))
    view = ViewDriver(app)
    await view.settle()
    yield view
    view.close()


async def open_from_the_list(driver: ViewDriver, game_id: str) -> None:
    """Tap the game's card on the list, as a finger does (the card's tile takes the tap)."""
    card = driver.tagged(f"game-{game_id}")
    assert isinstance(card, ft.Card)
    assert card.content is not None
    await driver.click(card.content)


def invoked(driver: ViewDriver, method: str) -> list[object]:
    """The arguments of each call of ``method`` the page sent to the browser."""
    return [
        message.body.args
        for message in driver.connection.messages
        if message.action == MessageAction.INVOKE_METHOD and message.body.name == method
    ]


@pytest.mark.asyncio
async def test_opening_a_game_tells_the_browser_its_address_and_back_goes_home(
    driver: ViewDriver,
) -> None:
    game_id = new_game(driver.app.store)
    driver.app.lists.forget()
    driver.app.refresh()
    await driver.settle()
    await open_from_the_list(driver, game_id)
    assert screen_of(driver.app) is Screen.GAME
    assert invoked(driver, "push_route")[-1] == {"route": f"/game/{game_id}"}

    # the browser's back button: Flutter reports the address it went back to
    driver.connection.page_url = "http://127.0.0.1:8550"  # a browser page has one: Flet reads it
    await driver.session.dispatch_event(driver.page._i, "route_change", {"route": "/"})
    await driver.settle()
    assert screen_of(driver.app) is Screen.HOME
    assert driver.app.game.session is None
    assert invoked(driver, "push_route")[-1] == {"route": f"/game/{game_id}"}  # no echo back


@pytest.mark.asyncio
async def test_a_late_echo_of_an_address_does_not_reopen_the_screen_just_left(
    driver: ViewDriver,
) -> None:
    """The browser reports every address the app pushes; a game opened and left at once must
    not come back when the first report arrives after the second tap."""
    game_id = new_game(driver.app.store)
    driver.app.lists.forget()
    driver.app.refresh()
    await driver.settle()
    driver.connection.page_url = "http://127.0.0.1:8550"
    await open_from_the_list(driver, game_id)
    driver.app.go_home()
    await driver.settle()
    assert invoked(driver, "push_route")[-2:] == [{"route": f"/game/{game_id}"}, {"route": "/"}]

    async def browser_reports(route: str) -> None:
        await driver.session.dispatch_event(driver.page._i, "route_change", {"route": route})
        await driver.settle()

    await browser_reports(f"/game/{game_id}")  # the echo of the first push, late
    assert screen_of(driver.app) is Screen.HOME
    await browser_reports("/")
    assert screen_of(driver.app) is Screen.HOME
    await browser_reports(f"/game/{game_id}")  # now the browser's forward button
    assert screen_of(driver.app) is Screen.GAME


@pytest.mark.asyncio
async def test_a_page_loaded_at_a_games_address_opens_on_that_game(tmp_path: Path) -> None:
    """A reload, or the browser coming back after a restart: Flet's page knows its address
    before the app is mounted."""
    app = ScorepadApp(open_store(tmp_path / "data"), rng=random.Random(3))
    game_id = new_game(app.store)
    with bare_page(route=f"/game/{game_id}") as (connection, session, page):
        mount(page, app)
        session.get_page_patch()  # type: ignore[no-untyped-call]
        for _ in range(8):
            await asyncio.sleep(0)
        assert screen_of(app) is Screen.GAME
        assert any(
            isinstance(c, ft.Semantics) and c.identifier == "round-title"
            for c in session.index.values()
        )
        calls = [
            m.body.name for m in connection.messages if m.action == MessageAction.INVOKE_METHOD
        ]
        assert "push_route" not in calls  # the address is already right
        assert "enable" in calls, "the screen is asked to stay awake in a game"


@pytest.mark.asyncio
async def test_the_screen_stays_awake_in_a_game_only(driver: ViewDriver) -> None:
    game_id = new_game(driver.app.store)
    driver.app.lists.forget()
    driver.app.refresh()
    await driver.settle()
    assert invoked(driver, "enable") == []
    await open_from_the_list(driver, game_id)
    assert len(invoked(driver, "enable")) == 1
    driver.app.go_home()  # the game screen's "All games"
    await driver.settle()
    assert screen_of(driver.app) is Screen.HOME
    assert len(invoked(driver, "disable")) == 1
