"""Every session at the table shows a change made in another within a moment (issue 11).

Two editors see each other's taps without tapping; a tap meant for the game as it was is
still refused with the message, and the screen shows the game as it is. A correction in
progress is never swept away by a change elsewhere. The device is recognised from the
browser's storage and the token in the address, which is then dropped from the address bar.
A session that ends stops listening.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from scorepad.engine import RoundDraft, Suit
from scorepad.sharing.table import GameChanged, Role, SharedTable
from scorepad.store import Store
from scorepad.ui.state import MessageKind, ScorepadApp, Screen
from scorepad.ui.state.game import CHANGED_ELSEWHERE
from scorepad.ui.state.taps import Tap
from scorepad.ui.views import app as app_views
from scorepad.ui.views import language as language_views
from scorepad.ui.views import page_tasks
from scorepad.ui.views.app import DEVICE_KEY
from tests.ui.driving import play_round, start
from tests.ui.table_driving import PIN, TOKEN, TableDriver

pytestmark = pytest.mark.asyncio

FOUR = ["Ann", "Bob", "Cat", "Dan"]


def role_of(app: ScorepadApp) -> Role:
    """The session's role now (a call, so that mypy does not hold an earlier check's answer)."""
    return app.access.role


def screen_of(app: ScorepadApp) -> Screen:
    """The screen on show now (see :func:`role_of`)."""
    return app.screen


async def tab(
    store: Store, table: SharedTable, route: str = "/", device: str | None = None
) -> TableDriver:
    """A browser tab at ``table``, drawn (with ``device`` kept in its storage, if given)."""
    app = ScorepadApp(store, rng=random.Random(3), table=table)
    return await TableDriver.opened(app, route, kept={DEVICE_KEY: device} if device else None)


@pytest_asyncio.fixture
async def two_windows(store: Store) -> AsyncIterator[tuple[TableDriver, TableDriver, str]]:
    """Two windows on one game at an open table (``scorepad`` on 127.0.0.1: two tabs)."""
    table = SharedTable.open_table()
    first = await tab(store, table)
    first.act(lambda: start(first.app, "golf", FOUR, dealer="Dan"))
    await first.settle()
    assert first.app.game.session is not None
    game_id = first.app.game.session.stored.id
    second = await tab(store, table, f"/game/{game_id}")
    await second.settle()
    assert second.app.screen is Screen.GAME
    yield first, second, game_id
    second.close()
    first.close()


async def test_a_tap_in_one_window_shows_in_the_other_without_a_tap(
    two_windows: tuple[TableDriver, TableDriver, str],
) -> None:
    first, second, _ = two_windows
    await first.click("suit-hearts")
    await second.settle()
    session = second.app.game.session
    assert session is not None
    assert session.stored.draft == RoundDraft(turned=Suit.HEARTS)
    assert session.stored.revision == first.app.game.session.stored.revision  # type: ignore[union-attr]
    note = second.tagged("trump-note")
    assert "hearts" in str(getattr(note, "value", "")).lower()
    await second.click("pad-0")  # Ann's bid, on the game as it is now: taken at once
    await first.settle()
    assert second.app.message is None, second.app.message
    assert first.app.game.session.stored.draft.bids == {"Ann": 0}  # type: ignore[union-attr]


async def test_a_recorded_round_shows_in_the_other_window(
    two_windows: tuple[TableDriver, TableDriver, str],
) -> None:
    first, second, _ = two_windows
    first.act(lambda: play_round(first.app))
    await second.settle()
    session = second.app.game.session
    assert session is not None and len(session.game.results) == 1
    assert second.has("round-title")
    assert "Round 2" in str(getattr(second.tagged("round-title"), "value", ""))


async def test_a_tap_meant_for_the_game_as_it_was_is_refused_and_the_game_shown(
    two_windows: tuple[TableDriver, TableDriver, str],
) -> None:
    first, second, game_id = two_windows
    first.act(lambda: first.app.game.choose_trump(Suit.CLUBS))  # announced, not yet shown
    second.act(lambda: second.app.game.choose_trump(Suit.SPADES))  # on the screen as it was
    assert second.app.message is not None and second.app.message.kind is MessageKind.ERROR
    assert second.app.message.text.startswith(CHANGED_ELSEWHERE)
    assert second.app.game.session.stored.draft == RoundDraft(turned=Suit.CLUBS)  # type: ignore[union-attr]
    await second.settle()
    assert second.app.message is not None, "showing the change keeps the message"
    assert first.app.store.load_game(game_id).draft == RoundDraft(turned=Suit.CLUBS)


async def test_a_held_tap_meant_for_the_player_before_is_refused(
    two_windows: tuple[TableDriver, TableDriver, str],
) -> None:
    """Both windows read "Ann bids"; the first enters Ann's 0, and the second's 1, tapped for
    Ann on a slow phone, arrives only after its pad moved on to "Bob bids": not taken as
    Bob's. A 1 tapped on the pad as it is now is Bob's at once, however soon after."""
    first, second, game_id = two_windows
    first.act(lambda: first.app.game.choose_trump(Suit.SPADES))
    await second.settle()
    held = second.tagged("pad-1")  # the key under the finger, drawn for Ann's bid
    first.act(lambda: first.app.game.tap_number(0))  # Ann 0, from the first window
    await second.settle()  # shown in the second: "Bob bids"
    await second.session.dispatch_event(held._i, "click", None)  # the held tap lands
    await second.settle()
    draft = first.app.store.load_game(game_id).draft
    assert draft is not None and dict(draft.bids) == {"Ann": 0}, "Bob was not given Ann's 1"
    assert second.app.message is None, "nothing was done, so nothing to undo or explain"
    await second.click("pad-1")  # tapped on the screen as it is: Bob's 1, at once
    draft = first.app.store.load_game(game_id).draft
    assert draft is not None and dict(draft.bids) == {"Ann": 0, "Bob": 1}
    assert second.app.message is None, second.app.message


async def test_a_tap_that_arrives_as_the_screen_is_redrawn_is_refused_with_the_reason(
    two_windows: tuple[TableDriver, TableDriver, str],
) -> None:
    """The change reached the second window's game, but its tap was made on the pad drawn
    before: the tap carries what it meant (Ann's bid), the pad now enters Bob's: refused."""
    first, second, game_id = two_windows
    first.act(lambda: first.app.game.choose_trump(Suit.SPADES))
    await second.settle()
    seen = second.app.game.meaning(Tap.NUMBER)
    first.act(lambda: first.app.game.tap_number(0))
    await second.settle()
    second.act(lambda: second.app.game.tap_number(1, seen))
    assert second.app.message is not None and second.app.message.text == CHANGED_ELSEWHERE
    draft = first.app.store.load_game(game_id).draft
    assert draft is not None and dict(draft.bids) == {"Ann": 0}
    second.act(lambda: second.app.game.tap_number(1, second.app.game.meaning(Tap.NUMBER)))
    draft = first.app.store.load_game(game_id).draft
    assert draft is not None and dict(draft.bids) == {"Ann": 0, "Bob": 1}


async def test_two_screens_tapping_a_suit_at_once_keep_the_first(
    two_windows: tuple[TableDriver, TableDriver, str],
) -> None:
    """The scorekeeper taps hearts and the PIN holder spades at the same moment: the second
    suit, meant for a round with no trump yet, is not laid over the first unseen."""
    first, second, game_id = two_windows
    held = second.tagged("suit-spades")
    first.act(lambda: first.app.game.choose_trump(Suit.HEARTS))
    await second.settle()  # shown in the second: hearts turned
    await second.session.dispatch_event(held._i, "click", None)  # the finger was on its way
    await second.settle()
    draft = first.app.store.load_game(game_id).draft
    assert draft is not None and draft.turned is Suit.HEARTS
    await second.click("suit-spades")  # seen, and meant: the table turned spades after all
    draft = first.app.store.load_game(game_id).draft
    assert draft is not None and draft.turned is Suit.SPADES


async def test_a_tap_whose_meaning_the_change_did_not_move_is_taken_at_once(store: Store) -> None:
    """Mormon Bridge: the turned card comes in from the first window, and the second taps
    Ready, set, go! at once (a held tap, drawn before the card came): a go means the same
    whatever the trump."""
    table = SharedTable.open_table()
    first = await tab(store, table)
    first.act(lambda: start(first.app, "mormon-bridge", FOUR, dealer="Dan"))
    assert first.app.game.session is not None
    game_id = first.app.game.session.stored.id
    first.act(lambda: first.app.game.choose_trump(Suit.HEARTS))
    second = await tab(store, table, f"/game/{game_id}")
    try:
        seen = second.app.game.meaning(Tap.GO)
        first.act(first.app.game.undo)
        first.act(lambda: first.app.game.choose_trump(Suit.CLUBS))
        await second.settle()
        second.act(lambda: second.app.game.say_go(seen))
        assert second.app.message is None, second.app.message
        draft = first.app.store.load_game(game_id).draft
        assert draft is not None and draft.bids_shown and draft.turned is Suit.CLUBS
    finally:
        second.close()
        first.close()


async def test_a_correction_in_progress_is_not_swept_away_by_a_change_elsewhere(
    two_windows: tuple[TableDriver, TableDriver, str],
) -> None:
    first, second, _ = two_windows
    first.act(lambda: play_round(first.app))
    await second.settle()
    second.act(lambda: second.app.game.edit_round(1))
    first.act(lambda: first.app.game.choose_trump(Suit.DIAMONDS))
    await second.settle()
    session = second.app.game.session
    assert session is not None and session.editing == 1, "the correction stays"
    assert second.app.message is not None
    assert "cannot be saved" in second.app.message.text and "Cancel" in second.app.message.text
    second.act(second.app.game.cancel_edit)
    session = second.app.game.session
    assert session is not None and session.editing is None
    assert session.stored.draft == RoundDraft(turned=Suit.DIAMONDS), "Cancel shows the latest"


async def test_a_session_that_ends_stops_listening(
    store: Store,
) -> None:
    table = SharedTable.open_table()
    first = await tab(store, table)
    first.act(lambda: start(first.app, "golf", FOUR))
    assert first.app.game.session is not None
    game_id = first.app.game.session.stored.id
    second = await tab(store, table, f"/game/{game_id}")
    heard: list[object] = []
    second.app.live.event = heard.append  # type: ignore[method-assign,assignment]
    first.act(lambda: first.app.game.choose_trump(Suit.CLUBS))
    await first.settle()
    assert len(heard) == 1
    second.close()  # the browser gone for good: Flet closes the session
    await first.settle()
    first.act(lambda: first.app.game.tap_number(0))  # another change
    await first.settle()
    assert len(heard) == 1, "a closed session was still told"
    first.close()


async def test_the_scorekeepers_tab_is_recognised_and_the_token_dropped_from_the_address(
    store: Store,
) -> None:
    table = SharedTable(PIN, TOKEN)
    keeper = ScorepadApp(store, rng=random.Random(3), table=table)
    keeper.access.identify("laptop", TOKEN)
    start(keeper, "golf", FOUR)
    assert keeper.game.session is not None
    game_id = keeper.game.session.stored.id
    reloaded = await tab(store, table, f"/game/{game_id}?token={TOKEN}", device="laptop")
    try:
        await reloaded.settle()
        assert reloaded.app.access.device == "laptop", "the key kept in the browser"
        assert reloaded.app.access.role is Role.SCOREKEEPER
        assert reloaded.app.screen is Screen.GAME
        routes = reloaded.browser.invoked("push_route")
        assert routes and routes[-1] == {"route": f"/game/{game_id}"}, routes
    finally:
        reloaded.close()


async def test_a_new_device_gets_a_key_kept_in_its_browser(store: Store) -> None:
    table = SharedTable(PIN, TOKEN)
    phone = await tab(store, table)
    try:
        await phone.settle()
        device = phone.app.access.device
        assert device is not None and len(device) >= 16
        assert phone.browser.kept[DEVICE_KEY] == device
        assert phone.app.access.role is Role.VIEWER and phone.app.screen is Screen.VIEWER
    finally:
        phone.close()


async def test_a_browser_slow_to_answer_still_gets_the_token_then_its_kept_key(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(app_views, "DEVICE_STORAGE_TIMEOUT_SECONDS", 0.01)
    monkeypatch.setattr(app_views, "THEME_STORAGE_TIMEOUT_SECONDS", 0.01)
    monkeypatch.setattr(language_views, "STORAGE_TIMEOUT_SECONDS", 0.01)
    table = SharedTable(PIN, TOKEN)
    app = ScorepadApp(store, rng=random.Random(3), table=table)
    laptop = TableDriver(app, f"/?token={TOKEN}", kept={DEVICE_KEY: "laptop"})
    laptop.browser.answering = False
    try:
        await laptop.until(lambda: app.access.device is not None)
        assert app.access.device != "laptop", "a key of this visit's own"
        assert role_of(app) is Role.SCOREKEEPER, "the token works all the same"
        laptop.browser.answering = True
        await laptop.session.dispatch_connect_event()  # the browser rejoins: asked again
        await laptop.until(lambda: app.access.device == "laptop")
        assert role_of(app) is Role.SCOREKEEPER
        await laptop.until(lambda: not page_tasks._running)  # no read left waiting
    finally:
        laptop.close()


async def test_an_open_table_reads_no_device_key(store: Store) -> None:
    window = await tab(store, SharedTable.open_table())
    try:
        await window.settle()
        assert window.app.access.device is None
        assert all(args.get("key") != DEVICE_KEY for args in window.browser.invoked("get"))
        assert window.app.screen is Screen.HOME
    finally:
        window.close()


async def test_a_game_changed_elsewhere_is_not_loaded_again_for_its_own_announcement(
    two_windows: tuple[TableDriver, TableDriver, str],
) -> None:
    first, _, game_id = two_windows
    session = first.app.game.session
    assert session is not None
    assert not first.app.game.changed_elsewhere(game_id, session.stored.revision)
    assert not first.app.game.changed_elsewhere(game_id, session.stored.revision - 1), (
        "an announcement of this window's own earlier change, heard late"
    )
    first.app.table.announce(GameChanged(game_id, session.stored.revision))
    await first.settle()
    assert first.app.game.session is session, "the session was not replaced"


async def test_a_viewers_phone_follows_the_game_live(store: Store) -> None:
    table = SharedTable(PIN, TOKEN)
    keeper = ScorepadApp(store, rng=random.Random(3), table=table)
    keeper.access.identify("laptop", TOKEN)
    keeper.live.follow_role()
    start(keeper, "golf", FOUR, dealer="Dan")
    viewer = await tab(store, table, device="phone")
    try:
        assert viewer.app.screen is Screen.VIEWER
        keeper.game.choose_trump(Suit.HEARTS)
        await viewer.settle()
        watched = viewer.app.viewer.session
        assert watched is not None
        assert watched.stored.draft == RoundDraft(turned=Suit.HEARTS)
        assert viewer.has(f"revision-{viewer.app.revision}")
    finally:
        viewer.close()


async def test_a_pin_holders_tab_views_only_as_soon_as_the_pin_is_changed(store: Store) -> None:
    table = SharedTable(PIN, TOKEN)
    keeper = ScorepadApp(store, rng=random.Random(3), table=table)
    keeper.access.identify("laptop", TOKEN)
    start(keeper, "golf", FOUR, dealer="Dan")
    editor = await tab(store, table, device="phone")
    try:
        editor.act(lambda: editor.app.access.enter_pin(PIN))
        await editor.settle()
        assert editor.app.screen is Screen.GAME and editor.has("round-title")
        keeper.share_panel.change_pin()
        await editor.settle()
        assert role_of(editor.app) is Role.VIEWER
        assert screen_of(editor.app) is Screen.VIEWER
        assert not editor.has("round-title"), "no control of the game screen is left"
        assert editor.has("viewer-screen")
    finally:
        editor.close()


async def test_a_question_asked_of_the_game_as_it_was_is_dropped_when_it_changes(
    two_windows: tuple[TableDriver, TableDriver, str],
) -> None:
    first, second, game_id = two_windows
    first.act(lambda: play_round(first.app))
    first.act(lambda: play_round(first.app))
    await second.settle()
    second.act(lambda: second.app.game.ask_to_delete_round(2))
    assert second.app.confirmation is not None
    first.act(first.app.game.undo)  # round 2 taken back, and played again otherwise
    first.act(lambda: play_round(first.app, tricks={"Ann": 0, "Bob": 2, "Cat": 0, "Dan": 0}))
    assert first.app.message is None or first.app.message.kind is MessageKind.INFO
    await second.settle()
    assert second.app.confirmation is None, "Delete round 2 was asked of another round 2"
    assert second.app.message is not None and second.app.message.text == CHANGED_ELSEWHERE
    second.act(second.app.confirm)
    assert len(first.app.store.load_game(game_id).game.results) == 2


async def test_a_browser_back_from_sleep_catches_up_and_taps_at_once(
    two_windows: tuple[TableDriver, TableDriver, str],
) -> None:
    first, second, game_id = two_windows
    second.connection.loop = None  # the phone asleep: nothing reaches it
    first.act(lambda: first.app.game.choose_trump(Suit.HEARTS))
    await second.settle()
    assert second.app.game.session.stored.draft is None  # type: ignore[union-attr]
    second.connection.loop = asyncio.get_running_loop()
    await second.session.dispatch_connect_event()  # awake: the browser rejoins
    await second.settle()
    assert second.app.game.session.stored.draft == RoundDraft(turned=Suit.HEARTS)  # type: ignore[union-attr]
    await second.click("pad-0")  # a tap at once on the screen caught up is taken
    assert second.app.message is None, second.app.message
    draft = first.app.store.load_game(game_id).draft
    assert draft is not None and dict(draft.bids) == {"Ann": 0}


async def test_a_token_typed_into_a_tab_kept_by_the_browser_makes_it_the_scorekeeper(
    store: Store,
) -> None:
    """The laptop's tab lost its scorekeeper (the table was new); the new scorekeeper's address
    typed into the same tab (Flet keeps the session: no new page, a route change) wins."""
    table = SharedTable(PIN, TOKEN)
    laptop = await tab(store, table, "/", device="laptop")
    try:
        await laptop.settle()
        assert role_of(laptop.app) is Role.VIEWER
        laptop.connection.page_url = "http://127.0.0.1:8550"  # a browser page has one
        route = f"/?token={TOKEN}"
        await laptop.session.dispatch_event(laptop.page._i, "route_change", {"route": route})
        await laptop.until(lambda: role_of(laptop.app) is Role.SCOREKEEPER)
        assert laptop.app.access.device == "laptop", "the same device, now the scorekeeper"
        await laptop.until(lambda: screen_of(laptop.app) is Screen.HOME)
        await laptop.until(lambda: bool(laptop.browser.invoked("push_route")))
        routes = laptop.browser.invoked("push_route")
        assert routes and TOKEN not in routes[-1]["route"], "the token left the address bar"
        wrong = "/?token=not-the-token"
        await laptop.session.dispatch_event(laptop.page._i, "route_change", {"route": wrong})
        await laptop.settle()
        assert role_of(laptop.app) is Role.SCOREKEEPER, "a wrong token takes nothing away"
    finally:
        laptop.close()


async def test_a_phone_recognised_after_its_screen_was_drawn_shows_its_seat_at_once(
    store: Store,
) -> None:
    """After a restart a phone's screen is drawn before its browser has said which device it
    is: once it has, the screen shows the phone's seat and its secret bid without a tap (it
    showed "Which seat is yours?" with its own seat taken until something else changed)."""
    table = SharedTable(PIN, TOKEN)
    keeper = ScorepadApp(store, rng=random.Random(3), table=table)
    keeper.access.identify("laptop", TOKEN)
    start(keeper, "mormon-bridge", FOUR, dealer="Dan")
    keeper.game.choose_trump(Suit.CLUBS)
    assert keeper.game.session is not None
    game_id = keeper.game.session.stored.id
    table.claim_seat("ann-phone", game_id, "Ann")
    table.hide_bid("ann-phone", game_id, 1, "Ann", 3)
    app = ScorepadApp(store, rng=random.Random(4), table=table)
    phone = TableDriver(app, "/", kept={DEVICE_KEY: "ann-phone"})
    phone.browser.answering = False  # the browser busy reconnecting: its key comes later
    try:
        await phone.settle()
        assert phone.has("viewer-screen") and not phone.has("my-seat")
        phone.browser.answering = True
        await phone.session.dispatch_connect_event()  # the browser answers as it rejoins
        await phone.until(lambda: app.access.device == "ann-phone")
        await phone.settle()
        assert phone.has("my-seat"), "the phone's seat, shown as soon as it is known"
        assert "Ann" in str(getattr(phone.tagged("my-seat"), "value", ""))
        assert "bid is in" in str(getattr(phone.tagged("my-bid"), "value", ""))
    finally:
        phone.close()


async def test_a_burst_of_taps_on_one_screen_lands_tap_after_tap(
    two_windows: tuple[TableDriver, TableDriver, str],
) -> None:
    """Fingers faster than the screen: two taps on the pad's 0, the second made before the
    screen showed Bob's turn. Both were meant, one after the other (this screen's own taps
    move the pad on as the person expects): Ann's 0, then Bob's 0."""
    first, _, game_id = two_windows
    first.act(lambda: first.app.game.choose_trump(Suit.SPADES))
    await first.settle()
    key = first.tagged("pad-0")
    await first.session.dispatch_event(key._i, "click", None)  # no settling in between
    await first.session.dispatch_event(key._i, "click", None)
    await first.settle()
    draft = first.app.store.load_game(game_id).draft
    assert draft is not None and dict(draft.bids) == {"Ann": 0, "Bob": 0}
    assert first.app.message is None, first.app.message
