"""Who may do what at a shared table: the scorekeeper, PIN holders and viewers (issue 11).

A viewer's app can read the games but never write one, whatever it is asked (its store is a
read-only guard, every refusal is logged), and it is shown only the viewer screen whatever
address it asks for. A role that changes (the token recognised, the PIN entered, the PIN
changed by the scorekeeper) changes the screen with it. An open table (no ``--share``) is
everyone's, as before.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from typing import Any

import pytest

from scorepad.engine import RoundDraft, Suit
from scorepad.sharing.errors import ScorekeeperOnlyError, ViewerCannotEditError
from scorepad.sharing.table import AccessChanged, Role, SharedTable
from scorepad.store import Settings, Store
from scorepad.ui.state import MessageKind, ScorepadApp, Screen
from tests.ui.driving import start
from tests.ui.table_driving import PIN, TOKEN

FOUR = ["Ann", "Bob", "Cat", "Dan"]


def shared_table() -> SharedTable:
    return SharedTable(PIN, TOKEN)


def session(store: Store, table: SharedTable) -> ScorepadApp:
    """A browser session at ``table`` (its own app, as each session has)."""
    return ScorepadApp(store, rng=random.Random(3), table=table)


def role_of(app: ScorepadApp) -> Role:
    """The session's role now (a call, so that mypy does not hold an earlier check's answer)."""
    return app.access.role


def screen_of(app: ScorepadApp) -> Screen:
    """The screen on show now (see :func:`role_of`)."""
    return app.screen


@pytest.fixture
def table() -> SharedTable:
    return shared_table()


def scorekeeper(store: Store, table: SharedTable, device: str = "laptop") -> ScorepadApp:
    app = session(store, table)
    app.access.identify(device, TOKEN)
    assert app.access.role is Role.SCOREKEEPER
    return app


def test_an_open_table_is_everyones_as_before(store: Store) -> None:
    app = ScorepadApp(store)
    assert app.access.role is Role.SCOREKEEPER and app.access.can_edit
    assert not app.table.sharing
    assert app.store is store, "an editor writes to the store itself"
    assert app.screen is Screen.HOME
    start(app, "golf", FOUR)
    assert app.game.session is not None


def test_a_session_not_yet_recognised_at_a_shared_table_is_a_viewer(
    store: Store, table: SharedTable
) -> None:
    app = session(store, table)
    assert app.access.role is Role.VIEWER
    assert app.screen is Screen.VIEWER
    with pytest.raises(ViewerCannotEditError):
        app.store  # noqa: B018  (the property refuses a viewer)
    assert app.reader.list_games() == []
    assert app.routes.current == "/"


ANYTHING: Any = None
"""An argument the guard never looks at: it refuses before reading what is to be written."""

WRITES: list[tuple[str, Callable[[Store], Any]]] = [
    ("create_game", lambda s: s.create_game(ANYTHING)),
    ("update_game", lambda s: s.update_game("1a2b3c4d", lambda g: g)),
    ("record_round", lambda s: s.record_round("1a2b3c4d", ANYTHING)),
    ("save_draft", lambda s: s.save_draft("1a2b3c4d", RoundDraft())),
    ("add_players", lambda s: s.add_players(["Eve"])),
    ("rename_player", lambda s: s.rename_player("Ann", "Anne")),
    ("merge_players", lambda s: s.merge_players("Ann", "Bob")),
    ("undo_roster_change", lambda s: s.undo_roster_change()),
    ("backup", lambda s: s.backup()),
    ("restore", lambda s: s.restore({})),
    ("save_variant", lambda s: s.save_variant(ANYTHING)),
    ("delete_variant", lambda s: s.delete_variant("Odd Golf")),
    ("save_settings", lambda s: s.save_settings(Settings())),
]


@pytest.mark.parametrize(("name", "write"), WRITES, ids=[name for name, _ in WRITES])
def test_every_write_of_a_viewers_store_is_refused_and_logged(
    store: Store,
    table: SharedTable,
    name: str,
    write: Callable[[Store], Any],
    caplog: pytest.LogCaptureFixture,
) -> None:
    viewer = session(store, table)
    viewer.access.identify("phone", None)
    with (
        caplog.at_level(logging.WARNING, logger="scorepad.ui.access"),
        pytest.raises(ViewerCannotEditError, match="this screen only views the game"),
    ):
        write(viewer.store)
    assert any("refused" in r.message and "viewer" in r.message for r in caplog.records), name


def test_no_viewer_write_reaches_the_files(store: Store, table: SharedTable) -> None:
    keeper = scorekeeper(store, table)
    start(keeper, "golf", FOUR)
    assert keeper.game.session is not None
    game_id = keeper.game.session.stored.id
    before = store.load_game(game_id)
    viewer = session(store, table)
    viewer.access.identify("phone", "a-wrong-token")
    assert viewer.access.role is Role.VIEWER
    viewer.game.show(viewer.reader.load_game(game_id))  # a crafted way onto the game screen
    viewer.game.choose_trump(Suit.SPADES)
    assert viewer.message is not None and viewer.message.kind is MessageKind.ERROR
    assert "this screen only views the game" in viewer.message.text
    assert store.load_game(game_id) == before
    assert viewer.screen is Screen.VIEWER, "the action ended on the viewer screen"


def test_a_viewer_sees_only_the_viewer_screen_whatever_the_address(
    store: Store, table: SharedTable, caplog: pytest.LogCaptureFixture
) -> None:
    viewer = session(store, table)
    viewer.access.identify("phone", None)
    for route in ("/rules", "/new", "/players", "/ledger", "/game/1a2b3c4d", "/players/Ann"):
        with caplog.at_level(logging.WARNING, logger="scorepad.ui.access"):
            viewer.routes.open(route)
        assert viewer.screen is Screen.VIEWER, route
        assert viewer.message is not None and viewer.message.kind is MessageKind.ERROR
        assert viewer.message.text == (
            f"this screen only views the game: enter the PIN to open '{route}'"
        )
        assert any("refused" in r.message for r in caplog.records), route
        caplog.clear()
    viewer.dismiss_message()
    with caplog.at_level(logging.WARNING, logger="scorepad.ui.access"):
        viewer.routes.open("/")  # the join address itself: nothing to refuse
    assert viewer.screen is Screen.VIEWER and viewer.message is None
    assert not caplog.records


def test_a_viewer_sent_to_another_screen_by_any_action_stays_on_the_viewer_screen(
    store: Store, table: SharedTable, caplog: pytest.LogCaptureFixture
) -> None:
    viewer = session(store, table)
    viewer.access.identify("phone", None)
    with caplog.at_level(logging.WARNING, logger="scorepad.ui.access"):
        viewer.new_game.open()
        viewer.house_rules.open()
        viewer.players.open()
    assert viewer.screen is Screen.VIEWER
    assert sum("refused" in r.message for r in caplog.records) >= 3


def test_the_scorekeepers_page_shows_the_address_it_was_opened_at_once_recognised(
    store: Store, table: SharedTable
) -> None:
    keeper = scorekeeper(store, table)
    start(keeper, "golf", FOUR)
    assert keeper.game.session is not None
    game_id = keeper.game.session.stored.id
    reloaded = session(store, table)  # the same laptop, reloaded, before its key is read
    reloaded.routes.open(f"/game/{game_id}?token={TOKEN}")
    assert reloaded.screen is Screen.VIEWER and reloaded.message is None
    reloaded.access.identify("laptop", TOKEN)
    assert screen_of(reloaded) is Screen.GAME
    assert reloaded.routes.current == f"/game/{game_id}", "the token is dropped"


def test_a_phone_opened_at_another_screens_address_is_refused_once_recognised(
    store: Store, table: SharedTable, caplog: pytest.LogCaptureFixture
) -> None:
    phone = session(store, table)
    phone.routes.open("/rules")  # the page's address, before its device key is read
    assert phone.screen is Screen.VIEWER and phone.message is None
    with caplog.at_level(logging.WARNING, logger="scorepad.ui.access"):
        phone.access.identify("phone", None)
    assert screen_of(phone) is Screen.VIEWER
    assert phone.message is not None
    assert phone.message.text == "this screen only views the game: enter the PIN to open '/rules'"
    assert [r.message for r in caplog.records] == ["refused to open '/rules' from a viewer (phon…)"]


def test_a_wrong_token_changes_nothing(store: Store, table: SharedTable) -> None:
    app = session(store, table)
    app.routes.open(f"/rules?token={TOKEN}x")
    app.access.identify("phone", TOKEN + "x")
    assert app.access.role is Role.VIEWER and app.screen is Screen.VIEWER


def test_the_pin_makes_a_viewer_an_editor_on_the_game_the_table_watches(
    store: Store, table: SharedTable
) -> None:
    keeper = scorekeeper(store, table)
    start(keeper, "golf", FOUR)
    assert keeper.game.session is not None
    game_id = keeper.game.session.stored.id
    assert table.shared_game == game_id, "a game started is the one the table watches"
    phone = session(store, table)
    phone.routes.open("/")
    phone.access.identify("phone", None)
    with phone.action("enter the PIN"):
        phone.access.enter_pin("0000" if PIN != "0000" else "1111")
    assert phone.screen is Screen.VIEWER
    assert phone.message is not None and phone.message.kind is MessageKind.ERROR
    assert phone.access.role is Role.VIEWER
    with phone.action("enter the PIN"):
        phone.access.enter_pin(PIN)
    assert role_of(phone) is Role.EDITOR
    assert screen_of(phone) is Screen.GAME
    assert phone.game.session is not None and phone.game.session.stored.id == game_id
    phone.game.choose_trump(Suit.HEARTS)
    assert phone.message is None, phone.message
    assert store.load_game(game_id).draft == RoundDraft(turned=Suit.HEARTS)


def test_a_pin_typed_before_the_device_is_known_is_refused_plainly(
    store: Store, table: SharedTable
) -> None:
    phone = session(store, table)
    with phone.action("enter the PIN"):
        phone.access.enter_pin(PIN)
    assert phone.message is not None
    assert phone.message.text.startswith("this browser is still being recognised")
    assert phone.access.role is Role.VIEWER


def test_changing_the_pin_makes_the_other_editors_viewers_again(
    store: Store, table: SharedTable
) -> None:
    keeper = scorekeeper(store, table)
    start(keeper, "golf", FOUR)
    phone = session(store, table)
    phone.access.identify("phone", None)
    phone.access.enter_pin(PIN)
    assert phone.screen is Screen.GAME
    keeper.share_panel.change_pin()
    assert keeper.message is not None and table.pin is not None
    assert table.pin in keeper.message.text and table.pin != PIN
    assert keeper.access.role is Role.SCOREKEEPER and keeper.screen is Screen.GAME
    phone.live.event(AccessChanged())  # as the table tells every session
    assert role_of(phone) is Role.VIEWER
    assert screen_of(phone) is Screen.VIEWER
    assert phone.message is not None and "The PIN was changed" in phone.message.text
    assert phone.routes.current == f"/game/{table.shared_game}", "the game it views"


def test_only_the_scorekeeper_changes_the_pin(store: Store, table: SharedTable) -> None:
    phone = session(store, table)
    phone.access.identify("phone", None)
    phone.access.enter_pin(PIN)
    with pytest.raises(ScorekeeperOnlyError):
        phone.access.change_pin()
    assert table.pin == PIN
