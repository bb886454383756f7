"""Back up all games and restore them in the browser (issue 24): "Back up all games" on the
home screen downloads one file that ``scorepad restore`` reads, and "Restore a backup" on
another device (another browser, another store) brings every game back through the browser's
own file chooser. At 390x844, in headless Chromium, against the web-mode server."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import FilePayload

from scorepad.engine import GameRecord
from scorepad.store import open_store, parse_backup
from tests.browser.harness import phone_page, require_chromium, running_app
from tests.browser.test_export_download import TABLE
from tests.browser.test_import_in_chromium import message_says

pytestmark = pytest.mark.browser


@pytest.fixture(autouse=True)
def chromium_present() -> None:
    require_chromium()


def test_all_games_backed_up_on_one_device_come_back_on_another(tmp_path: Path) -> None:
    laptop_dir, phone_dir = tmp_path / "laptop", tmp_path / "phone"
    store = open_store(laptop_dir)
    ids = {
        store.create_game(GameRecord.from_data(TABLE)).id,
        store.create_game(GameRecord.from_data({"variant": "golf", "players": ["Eve", "Fay"]})).id,
    }
    open_store(phone_dir)
    with phone_page(tmp_path / "one") as one, running_app(laptop_dir) as url:
        one.open(url)
        button = one.wait_for("back-up-all").first
        with one.page.expect_download(timeout=30000) as arrival:
            button.click()
        backup = arrival.value
        assert backup.failure() is None
        name = backup.suggested_filename
        data = Path(backup.path()).read_bytes()
        message_says(one, f"Saved the backup of all games as {name} (see your downloads).")
    assert name.startswith("scorepad-backup-") and name.endswith(".json")
    assert {stored.id for stored in parse_backup(data).games} == ids  # scorepad restore's read

    picked: FilePayload = {"name": name, "mimeType": "application/json", "buffer": data}
    with phone_page(tmp_path / "two") as two, running_app(phone_dir) as url:
        two.open(url)
        button = two.wait_for("restore-backup").first
        before = two.revision()
        with two.page.expect_file_chooser(timeout=30000) as chooser:
            button.click()
        assert not chooser.value.is_multiple()
        chooser.value.set_files(picked)
        two.wait_for_change(before)
        message_says(two, f"Restored 2 games and 5 players from '{name}'.")
        for game_id in ids:
            two.wait_for(f"game-{game_id}")
    assert {summary.id for summary in open_store(phone_dir).list_games()} == ids
