"""Import a game in the browser (issue 10): the home screen's "Import a game" opens the
browser's own file chooser, the records picked there are read in the page (no upload) and
stored, and the list shows the game; a bad file picked with it is refused on the message
line. At 390x844, in headless Chromium, against the web-mode server."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import FilePayload

from scorepad.engine import GameRecord
from scorepad.store import open_store
from tests.browser.harness import AppPage, running_app
from tests.browser.test_export_download import TABLE  # the table the download test exports

pytestmark = pytest.mark.browser


def message_says(phone: AppPage, text: str, part: str = "message") -> None:
    """Wait until the message line reads ``text`` (among its lines) in its ``part``: the
    ``message`` (red, when something was refused) or, below it, the ``message-more`` (what
    went through, in the usual colour)."""
    phone.page.wait_for_function(
        "([text, part]) => [...document.querySelectorAll("
        '`[flt-semantics-identifier="${part}"] *`)]'
        ".some(e => (e.getAttribute('aria-label') || '').includes(text))",
        arg=[text, part],
        timeout=30000,
    )


def test_records_picked_in_the_browser_are_imported_into_the_list(
    tmp_path: Path, phone: AppPage
) -> None:
    data_dir = tmp_path / "data"
    open_store(data_dir)  # an empty store: the list starts empty
    record = (json.dumps(TABLE, ensure_ascii=False, indent=2) + "\n").encode()
    picked: list[FilePayload] = [
        {"name": "golf-2026-11-30.json", "mimeType": "application/json", "buffer": record},
        {"name": "notes.json", "mimeType": "application/json", "buffer": b"Ann 10, Bob 7"},
    ]
    with running_app(data_dir) as url:
        phone.open(url)
        button = phone.wait_for("import-game").first
        before = phone.revision()
        with phone.page.expect_file_chooser(timeout=30000) as chooser:
            button.click()
        assert chooser.value.is_multiple()
        chooser.value.set_files(picked)
        phone.wait_for_change(before)
        card = phone.page.locator('[flt-semantics-identifier^="game-"]').first
        card.wait_for(state="attached", timeout=30000)
        game_id = (card.get_attribute("flt-semantics-identifier") or "").removeprefix("game-")
        message_says(
            phone,
            f"Imported 'golf-2026-11-30.json' as game {game_id}: Golf with Ann, Zoë and 李, "
            "1 of 18 rounds played.",
            part="message-more",  # a game that went in is not drawn as an error
        )
        message_says(phone, "'notes.json' was not imported: it is not JSON (unexpected 'Ann'")
    stored = open_store(data_dir)
    assert [summary.id for summary in stored.list_games()] == [game_id]
    assert stored.load_game(game_id).record == GameRecord.from_data(TABLE)
