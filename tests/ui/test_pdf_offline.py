"""The offline web app has no fpdf2 (issue 10): the app starts without it, its game menu
offers no PDF (issue 24), and a PDF asked for anyway says what still works instead of
failing; CSV and JSON export as before."""

from __future__ import annotations

import subprocess
import sys

import flet as ft
import pytest

from scorepad.engine import GOLF
from scorepad.paper import PdfUnavailableError, blank_pad_pdf
from scorepad.ui.state import ExportFile, ExportKind, MessageKind, ScorepadApp
from scorepad.ui.state.exports import PDF_UNAVAILABLE
from scorepad.ui.views.game import game_menu
from tests.ui.driving import play_round, start

WITHOUT_FPDF = "import sys; sys.modules['fpdf'] = None\n"
"""As in Pyodide, where fpdf2 is not installed: importing it fails."""


@pytest.fixture
def no_fpdf(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "fpdf", None)
    monkeypatch.setitem(sys.modules, "fpdf.enums", None)


@pytest.mark.process
def test_the_app_starts_without_fpdf() -> None:
    """Nothing the app loads at start imports fpdf: the views, the state, the browser's own
    start-up (when there) and the CLI, in a fresh interpreter where importing fpdf fails."""
    started = subprocess.run(
        [
            sys.executable,
            "-c",
            WITHOUT_FPDF + "import scorepad.cli, scorepad.ui.views.app\n"
            "try:\n"
            "    import scorepad.browser.start\n"
            "except ModuleNotFoundError as missing:\n"
            "    if not (missing.name or '').startswith('scorepad.browser'):\n"
            "        raise\n"
            "print('started')",
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert started.returncode == 0, started.stderr
    assert started.stdout == "started\n"


@pytest.mark.usefixtures("no_fpdf")
def test_without_fpdf_the_pdf_says_what_still_works(app: ScorepadApp) -> None:
    start(app, "golf", ["Ann", "Bob"])
    play_round(app)
    saved: list[ExportFile] = []
    app.game.save_file = saved.append
    app.game.export(ExportKind.PDF)
    assert app.message is not None
    assert app.message.kind is MessageKind.ERROR
    assert app.message.text == (
        "PDF is not available in the offline app; export CSV or JSON, "
        "or print from scorepad on a computer"
    )
    assert app.message.text == PDF_UNAVAILABLE
    assert saved == []
    app.game.export(ExportKind.CSV)
    app.game.export(ExportKind.RECORD)
    assert [file.kind for file in saved] == [ExportKind.CSV, ExportKind.RECORD]
    assert app.message is None  # nothing said until the screen reports back


@pytest.mark.usefixtures("no_fpdf")
def test_without_fpdf_a_blank_pad_is_refused_in_one_line() -> None:
    """``scorepad pad`` where fpdf2 is missing: a typed refusal, not an ImportError."""
    with pytest.raises(PdfUnavailableError, match=r"^a printable pad \(PDF\) cannot be made here"):
        blank_pad_pdf(GOLF, 3)


def menu_entries(app: ScorepadApp) -> list[str]:
    """The game's "More" menu, as drawn."""
    menu = game_menu(app.game, app.links, can_end=True)
    button = menu.content if isinstance(menu, ft.Semantics) else menu
    assert isinstance(button, ft.PopupMenuButton)
    return [str(item.content) for item in button.items]


@pytest.mark.usefixtures("no_fpdf")
def test_without_fpdf_the_menu_offers_no_pdf_only_what_works(app: ScorepadApp) -> None:
    start(app, "golf", ["Ann", "Bob"])
    assert app.game.exports == (ExportKind.CSV, ExportKind.RECORD)
    entries = menu_entries(app)
    assert "Export as PDF" not in entries
    assert {"Export as CSV", "Export record (JSON)"} <= set(entries)


def test_with_fpdf_the_menu_offers_all_three_files(app: ScorepadApp) -> None:
    start(app, "golf", ["Ann", "Bob"])
    assert app.game.exports == (ExportKind.CSV, ExportKind.PDF, ExportKind.RECORD)
    assert [entry for entry in menu_entries(app) if entry.startswith("Export")] == [
        "Export as CSV",
        "Export as PDF",
        "Export record (JSON)",
    ]
