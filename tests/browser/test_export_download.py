"""The game's menu in the browser app: each export arrives as a download with the game's own
content (the same bytes as ``scorepad export``), and the message line says so. At 390x844,
in headless Chromium."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from scorepad.engine import GameRecord, RecordFile
from scorepad.paper import sheet_csv
from scorepad.store import open_store
from tests.browser.harness import AppPage, running_app

pytestmark = pytest.mark.browser
TABLE = {
    "variant": "golf",
    "players": ["Ann", "Zoë", "李"],
    "first_dealer": "Ann",
    "rounds": [
        {
            "turned": "hearts",
            "bids": {"Ann": 0, "Zoë": 0, "李": 0},
            "tricks": {"Ann": 0, "Zoë": 1, "李": 0},
        }
    ],
}


def download(phone: AppPage, item: str) -> tuple[str, bytes]:
    """Open the game's menu, tap ``item`` and return the download's name and bytes."""
    phone.by_id("game-menu").first.click()
    entry = phone.page.get_by_role("menuitem", name=item)
    entry.wait_for(timeout=30000)
    with phone.page.expect_download(timeout=30000) as arrival:
        entry.click()
    arrived = arrival.value
    assert arrived.failure() is None
    return arrived.suggested_filename, Path(arrived.path()).read_bytes()


def test_each_export_downloads_the_games_own_file(tmp_path: Path, phone: AppPage) -> None:
    data_dir = tmp_path / "data"
    stored = open_store(data_dir).create_game(GameRecord.from_data(TABLE))
    stem = f"golf-{stored.created:%Y-%m-%d}-{stored.id}"
    with running_app(data_dir) as url:
        phone.open(f"{url}game/{stored.id}")
        phone.wait_for("round-title")

        name, data = download(phone, "Export as CSV")
        assert name == f"{stem}.csv"
        assert data == sheet_csv(stored.game).encode("utf-8")
        phone.page.wait_for_function(
            "text => [...document.querySelectorAll('[flt-semantics-identifier=\"message\"] *')]"
            ".some(e => (e.getAttribute('aria-label') || '').includes(text))",
            arg=f"Saved the score sheet (CSV) as {stem}.csv (see your downloads).",
            timeout=30000,
        )

        name, data = download(phone, "Export as PDF")
        assert name == f"{stem}.pdf"
        text = PdfReader(io.BytesIO(data)).pages[0].extract_text()
        assert "Golf: Ann, Zoë, ?" in text
        assert "\n1 1 Ann hearts 0 0 10 10 0 1 0 0 0 0 10 10\n" in text

        name, data = download(phone, "Export record (JSON)")
        assert name == f"{stem}.json"
        assert RecordFile.from_json(data) == stored.record_file()  # and when it was played
