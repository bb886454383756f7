"""A game as a link in the browser (issue 24): "Share as a link" in the game's menu shows the
link and its QR code; the link opened on another device (another browser, another store, here
another server) asks once and imports the whole game, a 25-round Scotch Bridge game with every
round as it was. The record travels in the fragment, so the server that serves the page is
never asked for it. At 390x844, in headless Chromium, against the web-mode server."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorepad.engine import RecordFile, pack_record
from scorepad.store import open_store
from tests.browser.harness import AppPage, phone_page, require_chromium, running_app
from tests.browser.test_import_in_chromium import message_says
from tests.ui.test_game_links import a_whole_scotch_bridge_game

pytestmark = pytest.mark.browser


@pytest.fixture(autouse=True)
def chromium_present() -> None:
    require_chromium()


def shared_link(phone: AppPage, origin: str) -> str:
    """Open the game's menu, tap "Share as a link", then "Copy link", and read the link from
    the clipboard (as a user pastes it into a message)."""
    phone.page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=origin)
    phone.by_id("game-menu").first.click()
    entry = phone.page.get_by_role("menuitem", name="Share as a link")
    entry.wait_for(timeout=30000)
    entry.click()
    phone.wait_for("link-qr")
    phone.tap("copy-link")
    assert phone.says("copy-note", "Copied: paste it in a message.")
    return str(phone.page.evaluate("() => navigator.clipboard.readText()"))


def turn_on_the_screen_reader_tree(phone: AppPage) -> None:
    """After the page loaded itself again: Flutter's accessibility tree is off in a new
    page, as after :meth:`AppPage.open`."""
    placeholder = phone.page.wait_for_selector(
        "flt-semantics-placeholder", state="attached", timeout=60000
    )
    assert placeholder is not None
    placeholder.dispatch_event("click")


def test_a_whole_game_shared_as_a_link_is_imported_on_another_device(tmp_path: Path) -> None:
    laptop_dir, phone_dir = tmp_path / "laptop", tmp_path / "phone"
    game = a_whole_scotch_bridge_game()
    stored = open_store(laptop_dir).create_game(game.record)
    open_store(phone_dir)
    with phone_page(tmp_path / "one") as one, running_app(laptop_dir) as url:
        one.open(f"{url}game/{stored.id}")
        link = shared_link(one, url.rstrip("/"))
    assert link.startswith(f"{url}#game=1."), link
    assert len(link) < 800
    token = link.partition("#game=")[2]

    requested: list[str] = []
    with phone_page(tmp_path / "two") as two, running_app(phone_dir) as there:
        two.page.on("request", lambda request: requested.append(request.url))
        two.open(f"{there}#game={token}")
        two.wait_for("confirm-question")
        assert two.text_of("confirm-question") == "Import the game in this link?"
        assert open_store(phone_dir).list_games() == []  # nothing before the tap
        two.tap("confirm")
        message_says(two, "Imported the game in this link as game ")
        two.wait_for("standing-Ann")
        (summary,) = open_store(phone_dir).list_games()
        assert two.page.url == f"{there}game/{summary.id}"
    imported = open_store(phone_dir).load_game(summary.id)
    assert imported.game.record == game.record
    assert imported.game.sheet.standings == game.sheet.standings
    assert not any(token in address for address in requested), "the record went to a server"


def test_a_link_opened_in_a_tab_already_on_the_app_is_offered_too(tmp_path: Path) -> None:
    """A link tapped in a tab that shows scorepad already changes only the fragment (the
    browser loads nothing): the page loads itself again at the link's address."""
    data_dir = tmp_path / "data"
    game = a_whole_scotch_bridge_game()
    token = pack_record(RecordFile(record=game.record).to_data())
    with phone_page(tmp_path / "one") as one, running_app(data_dir) as url:
        one.open(url)
        one.wait_for("new-game")
        with one.page.expect_navigation(url=f"{url}link/{token}", timeout=30000):
            one.page.evaluate("token => { window.location.hash = 'game=' + token; }", token)
        turn_on_the_screen_reader_tree(one)
        one.wait_for("confirm-question")
        one.tap("cancel-confirm")
        one.wait_for("new-game")
    assert open_store(data_dir).list_games() == []


def test_a_damaged_link_says_so_and_stores_nothing(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    with phone_page(tmp_path / "one") as one, running_app(data_dir) as url:
        one.open(f"{url}#game=1.eNqrVipLzMlMSUzPK1GyUkrPT8lR0lE")
        message_says(one, "this link holds no game: it is cut short or was changed")
        one.wait_for("new-game")
    assert open_store(data_dir).list_games() == []
