"""Every game has its own address in the browser: a reload and a restart of the server come
back to the same game and step, the browser's back goes home, and an address of nothing
shows the games with a line saying why. At 390x844, in headless Chromium."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorepad.engine import GameRecord
from scorepad.store import open_store
from tests.browser.harness import AppPage, free_port, phone_page, require_chromium
from tests.browser.restarts import server, turn_on_semantics, wait_for_notice

pytestmark = pytest.mark.browser
PHONE = (390, 844)
GOLF_TABLE = {"variant": "golf", "players": ["Ann", "Bob", "Cat", "Dan"]}


@pytest.fixture(autouse=True)
def chromium_present() -> None:
    require_chromium()


@pytest.fixture
def phone(tmp_path: Path) -> Iterator[AppPage]:
    with phone_page(tmp_path, *PHONE) as app:
        yield app


def new_game(data_dir: Path) -> str:
    """A game set up through the store: these tests are about addresses, not typing names."""
    return open_store(data_dir).create_game(GameRecord.from_data(GOLF_TABLE)).id


def mid_round(phone: AppPage, game_id: str) -> None:
    """Open the game from the list and tap a trump and one bid."""
    phone.tap(f"game-{game_id}")
    phone.wait_for("round-title")
    phone.tap("suit-hearts")
    phone.tap("pad-1")  # Bob bids 1


def shows_bid(phone: AppPage, player: str, bid: int) -> bool:
    """Whether the player's bid cell shows ``bid`` ("Bob's bid: 1: tap to change", or "1")."""
    text = phone.text_of(f"bid-{player}").strip()
    return re.search(rf"(^|bid: ){bid}(:|$)", text) is not None


def assert_same_game_and_step(phone: AppPage, base: str, game_id: str) -> None:
    phone.wait_for("round-title")
    assert phone.page.url == f"{base}game/{game_id}"
    assert "Round 1 of 18" in phone.text_of("round-title")
    assert "hearts turned" in phone.text_of("trump-note")
    assert shows_bid(phone, "Bob", 1)
    assert "Cat bids" in phone.text_of("prompt")


def test_a_reload_mid_round_shows_the_same_game_and_step(tmp_path: Path, phone: AppPage) -> None:
    game_id = new_game(tmp_path)
    with server(free_port(), tmp_path) as app:
        phone.open(app.url)
        mid_round(phone, game_id)
        assert phone.page.url == f"{app.url}game/{game_id}"

        phone.page.reload()
        turn_on_semantics(phone)

        assert_same_game_and_step(phone, app.url, game_id)
        phone.tap("pad-0")  # the reloaded page plays on: Cat bids 0
        assert shows_bid(phone, "Cat", 0)


def test_a_server_restart_mid_round_comes_back_to_the_same_game_and_step(
    tmp_path: Path, phone: AppPage
) -> None:
    game_id = new_game(tmp_path)
    with server(free_port(), tmp_path) as app:
        phone.open(app.url)
        mid_round(phone, game_id)

        app.stop()
        wait_for_notice(phone, "lost")
        app.start()  # same port, same folder; the page reconnects by itself, no reload
        wait_for_notice(phone, "back")

        assert_same_game_and_step(phone, app.url, game_id)
        phone.tap("pad-0")
        assert shows_bid(phone, "Cat", 0)


def test_the_app_opened_again_at_its_own_address_comes_back_to_the_game_left_open(
    tmp_path: Path, phone: AppPage
) -> None:
    """A browser closed and opened again (or the app's icon on a phone's home screen) starts
    at the app's address, not the game's: the device kept which game was open."""
    game_id = new_game(tmp_path)
    with server(free_port(), tmp_path) as app:
        phone.open(app.url)
        mid_round(phone, game_id)
        phone.page.wait_for_function(
            "id => Object.entries(localStorage).some("
            "([key, value]) => key.endsWith('scorepad.open_game') && value.includes(id))",
            arg=game_id,
            timeout=30000,
        )
        phone.reopen_in_a_new_tab(app.url)  # the browser closed and opened again

        phone.page.wait_for_url(f"{app.url}game/{game_id}")  # the game's address, as shown
        assert_same_game_and_step(phone, app.url, game_id)
        # the list of games, left on purpose, is what comes back next time
        phone.page.get_by_role("button", name="All games").first.click()
        phone.wait_for(f"game-{game_id}")
        phone.page.wait_for_function(
            "() => Object.entries(localStorage).some("
            "([key, value]) => key.endsWith('scorepad.open_game') && value === '\"\"')",
            timeout=30000,
        )
        phone.reopen_in_a_new_tab(app.url)
        phone.wait_for(f"game-{game_id}")
        assert phone.by_id("round-title").count() == 0


def test_back_from_a_game_goes_home(tmp_path: Path, phone: AppPage) -> None:
    game_id = new_game(tmp_path)
    with server(free_port(), tmp_path) as app:
        phone.open(app.url)
        phone.tap(f"game-{game_id}")
        phone.wait_for("round-title")

        phone.page.go_back()

        phone.wait_for(f"game-{game_id}")
        assert phone.by_id("round-title").count() == 0
        assert phone.page.url == app.url

        # and the game screen's own way home gives the home address too
        phone.tap(f"game-{game_id}")
        phone.wait_for("round-title")
        phone.page.get_by_role("button", name="All games").first.click()
        phone.wait_for(f"game-{game_id}")
        phone.page.wait_for_url(app.url)


def test_back_from_a_game_just_started_goes_home_not_to_the_form(
    tmp_path: Path, phone: AppPage
) -> None:
    with server(free_port(), tmp_path) as app:
        phone.open(app.url)
        phone.tap("new-game")
        phone.page.wait_for_url(f"{app.url}new")
        phone.tap("variant-preset:golf")
        phone.add_players(["Ann", "Bob", "Cat", "Dan"])
        phone.tap("start-game")
        phone.wait_for("round-title")
        phone.page.wait_for_url(re.compile(r".*/game/[0-9a-f]{8}$"))

        phone.page.go_back()

        phone.wait_for("new-game")  # the list of games, with its New game button
        assert phone.by_id("round-title").count() == 0
        assert phone.by_id("start-game").count() == 0
        phone.page.wait_for_url(app.url)


@pytest.mark.parametrize("address", ["game/zzz", "game/0badc0de", "nowhere"])
def test_an_address_of_nothing_shows_the_games_and_a_message(
    tmp_path: Path, phone: AppPage, address: str
) -> None:
    """The message's wording in full is checked in tests/ui/test_routes.py; here, that a
    screen reader hears it (its text is selectable, which Flutter names for nobody)."""
    game_id = new_game(tmp_path)
    with server(free_port(), tmp_path) as app:
        phone.open(app.url + address)
        phone.wait_for(f"game-{game_id}")
        phone.wait_for("message")
        said = phone.page.get_by_label(f"'/{address}'", exact=False)
        said.first.wait_for(state="attached", timeout=10_000)
        assert "there is no" in (said.first.get_attribute("aria-label") or "")
        phone.page.wait_for_url(app.url)  # the address bar shows where the user is


WATCH_WAKE_LOCKS = """
(() => {
  window.scorepadWakeLocks = { taken: 0, held: 0 };
  if (!navigator.wakeLock) { return; }
  const request = navigator.wakeLock.request.bind(navigator.wakeLock);
  navigator.wakeLock.request = async (type) => {
    const lock = await request(type);
    window.scorepadWakeLocks.taken += 1;
    window.scorepadWakeLocks.held += 1;
    lock.addEventListener("release", () => { window.scorepadWakeLocks.held -= 1; });
    return lock;
  };
})();
"""


def wake_locks_held(phone: AppPage, count: int) -> None:
    phone.page.wait_for_function(
        "count => window.scorepadWakeLocks.held === count", arg=count, timeout=30000
    )


def test_the_screen_stays_awake_in_a_game_and_may_sleep_elsewhere(
    tmp_path: Path, phone: AppPage
) -> None:
    """The browser's Screen Wake Lock, as Flet's Wakelock service asks for it, watched from
    the page."""
    game_id = new_game(tmp_path)
    phone.page.add_init_script(WATCH_WAKE_LOCKS)
    with server(free_port(), tmp_path) as app:
        phone.open(app.url)
        phone.wait_for(f"game-{game_id}")
        assert phone.page.evaluate("() => navigator.wakeLock !== undefined")
        assert phone.page.evaluate("() => window.scorepadWakeLocks.taken") == 0

        phone.tap(f"game-{game_id}")
        phone.wait_for("round-title")
        wake_locks_held(phone, 1)

        phone.page.go_back()
        phone.wait_for(f"game-{game_id}")
        wake_locks_held(phone, 0)
