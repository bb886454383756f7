"""The game's menu exports the game: the score sheet (CSV), the printable pad (PDF) and the
record (JSON), the same files as ``scorepad export``, handed to the screen to save; what
became of the file is the message line."""

from __future__ import annotations

import io
import json
import random
from collections.abc import AsyncIterator
from pathlib import Path

import flet as ft
import pytest
import pytest_asyncio
from pypdf import PdfReader

from scorepad.engine import RecordFile, Suit
from scorepad.paper import sheet_csv
from scorepad.store import open_store
from scorepad.ui.state import ExportFile, ExportKind, MessageKind, ScorepadApp
from scorepad.ui.state.exports import export_file
from tests.ui.driving import play_round, start
from tests.ui.flet_session import ViewDriver

FOUR = ["Ann", "Bob", "Cat", "Dan"]


@pytest_asyncio.fixture
async def driver(tmp_path: Path) -> AsyncIterator[ViewDriver]:
    app = ScorepadApp(open_store(tmp_path / "data"), rng=random.Random(3))
    view = ViewDriver(app, width=1200)
    await view.settle()
    yield view
    view.close()


def menu_item(driver: ViewDriver, text: str) -> ft.BaseControl:
    found = [c for c in driver.controls() if isinstance(c, ft.PopupMenuItem) and c.content == text]
    assert found, f"no menu item {text!r}"
    return found[-1]


def menu_texts(driver: ViewDriver) -> list[str]:
    return [str(c.content) for c in driver.controls() if isinstance(c, ft.PopupMenuItem)]


@pytest.mark.asyncio
async def test_the_menu_hands_each_file_to_the_screen(driver: ViewDriver) -> None:
    app = driver.app
    start(app, "golf", FOUR)
    play_round(app)
    await driver.settle()
    saved: list[ExportFile] = []
    app.game.save_file = saved.append
    assert menu_texts(driver) == [
        "End the game early",
        "Change the table",
        "Export as CSV",
        "Export as PDF",
        "Export record (JSON)",
    ]
    for text in ("Export as CSV", "Export as PDF", "Export record (JSON)"):
        await driver.click(menu_item(driver, text))
    session = app.game.session
    assert session is not None
    csv_file, pdf_file, record_file = saved
    stamp = f"golf-{session.stored.created:%Y-%m-%d}-{session.stored.id}"
    assert [f.name for f in saved] == [f"{stamp}.csv", f"{stamp}.pdf", f"{stamp}.json"]
    assert csv_file.data == sheet_csv(session.game).encode()
    assert csv_file.media_type == "text/csv"
    text = PdfReader(io.BytesIO(pdf_file.data)).pages[0].extract_text()
    assert "Golf: Ann, Bob, Cat, Dan" in text
    assert RecordFile.from_json(record_file.data) == session.stored.record_file()
    assert app.message is None  # nothing said until the screen reports back


@pytest.mark.asyncio
async def test_a_finished_game_still_exports(driver: ViewDriver) -> None:
    app = driver.app
    start(app, "golf", ["Ann", "Bob"])
    session = app.game.session
    assert session is not None
    while session.game.next_round is not None:
        play_round(app)
    app.refresh()
    await driver.settle()
    assert menu_texts(driver) == [
        "One more hand",  # a game over plays on if the table wants
        "Export as CSV",
        "Export as PDF",
        "Export record (JSON)",
    ]


def test_what_became_of_the_file_is_the_message_line(app: ScorepadApp) -> None:
    start(app, "golf", FOUR)
    session = app.game.session
    assert session is not None
    file = export_file(session.stored, ExportKind.CSV)
    app.game.file_saved(file, "/home/ann/golf.csv")
    assert app.message is not None
    assert app.message.text == "Saved the score sheet (CSV) to /home/ann/golf.csv."
    app.game.file_saved(file, None)
    assert app.message.text == f"Saved the score sheet (CSV) as {file.name} (see your downloads)."
    app.game.file_not_saved(file, None)
    assert app.message.text == "The score sheet (CSV) was not saved."
    app.game.file_not_saved(file, "PermissionError: denied")
    assert app.message.kind is MessageKind.ERROR
    assert "could not be saved: PermissionError: denied. The game itself is safe." in (
        app.message.text
    )


def test_without_a_screen_to_save_through_the_export_is_refused_in_words(
    app: ScorepadApp,
) -> None:
    start(app, "golf", FOUR)
    before = app.game.session.stored if app.game.session else None
    app.game.export(ExportKind.PDF)
    assert app.message is not None and app.message.kind is MessageKind.ERROR
    assert app.message.text == (
        "the printable score pad (PDF) cannot be saved here: this app has no window to save to"
    )
    assert app.game.session is not None and app.game.session.stored == before


def test_the_record_export_reads_back_as_the_record(app: ScorepadApp) -> None:
    start(app, "golf", ["Zoë", "李"])
    play_round(app)
    session = app.game.session
    assert session is not None
    data = export_file(session.stored, ExportKind.RECORD).data
    assert json.loads(data)["players"] == ["Zoë", "李"]
    assert RecordFile.from_json(data).record == session.stored.record


def test_after_a_rename_the_menu_s_files_name_players_as_the_game_screen_does(
    app: ScorepadApp,
) -> None:
    """The game screen says Robert after Bob's rename; so do its CSV and PDF, each noting
    "played as Bob"; the record (JSON) keeps Bob, as played."""
    start(app, "golf", FOUR)
    play_round(app)
    session = app.game.session
    assert session is not None
    app.store.rename_player("Bob", "Robert")
    app.go_home()
    app.home.open_game(session.stored.id)
    saved: list[ExportFile] = []
    app.game.save_file = saved.append
    for kind in (ExportKind.CSV, ExportKind.PDF, ExportKind.RECORD):
        app.game.export(kind)
    csv_file, pdf_file, record_file = saved
    assert "Robert (played as Bob) bid" in csv_file.data.decode()
    text = PdfReader(io.BytesIO(pdf_file.data)).pages[0].extract_text()
    assert "Golf: Ann, Robert, Cat, Dan" in text
    assert "Names as known now: Robert played as Bob." in text
    assert json.loads(record_file.data)["players"] == FOUR


def test_a_record_saved_mid_round_says_the_round_being_entered_is_not_in_it(
    app: ScorepadApp,
) -> None:
    start(app, "golf", FOUR)
    session = app.game.session
    assert session is not None
    record = export_file(session.stored, ExportKind.RECORD)
    app.game.file_saved(record, None)
    assert app.message is not None and "being entered" not in app.message.text
    app.game.choose_trump(Suit.HEARTS)
    session = app.game.session
    assert session is not None
    record = export_file(session.stored, ExportKind.RECORD)
    assert "hearts" not in record.data.decode()  # a record holds recorded rounds only
    app.game.file_saved(record, None)
    assert app.message is not None
    assert app.message.text.endswith(
        " Round 1, being entered, is not in it: record it first to take it along."
    )
    sheet = export_file(session.stored, ExportKind.CSV)
    app.game.file_saved(sheet, None)
    assert "being entered" not in app.message.text


@pytest.mark.asyncio
async def test_the_menus_table_item_opens_the_table_dialog(driver: ViewDriver) -> None:
    app = driver.app
    start(app, "golf", FOUR)
    await driver.settle()
    await driver.click(menu_item(driver, "Change the table"))
    session = app.game.session
    assert session is not None and session.table_form is not None
    assert session.table_form.task == "join"  # the dialog's chips switch to the others
