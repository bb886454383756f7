"""A game as a file to keep: the score sheet (CSV), the printable pad (PDF) or the record (JSON).

The state only makes the file (its name, bytes and type) and hands it to :attr:`GameController
.save_file <scorepad.ui.state.game.GameController.save_file>`, which the views set: a
save dialog in the window, a download in the browser. What became of it comes back through
:meth:`~scorepad.ui.state.game.GameController.file_saved` /
:meth:`~scorepad.ui.state.game.GameController.file_not_saved` as the message line.
No Flet here.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from scorepad.engine import DOLLAR
from scorepad.i18n import N_, tr
from scorepad.paper import PdfUnavailableError, pdf_available, sheet_csv, sheet_pdf
from scorepad.store import StoredGame
from scorepad.ui.state.errors import ActionRefused


class ExportKind(StrEnum):
    CSV = "csv"
    PDF = "pdf"
    RECORD = "json"
    BACKUP = "backup"
    """Every game, the roster and the house rules (the home screen's, not a game's)."""


GAME_EXPORTS = (ExportKind.CSV, ExportKind.PDF, ExportKind.RECORD)
"""The files a game's menu can offer, in its order."""

LABELS = {
    # TRANSLATORS: a file to save, named inside sentences ("Saved the score sheet (CSV) …")
    ExportKind.CSV: N_("score sheet (CSV)"),
    # TRANSLATORS: a file to save, named inside sentences ("Saved the printable score pad …")
    ExportKind.PDF: N_("printable score pad (PDF)"),
    # TRANSLATORS: a file to save, named inside sentences ("Saved the game record (JSON) …")
    ExportKind.RECORD: N_("game record (JSON)"),
    # TRANSLATORS: a file to save, named inside sentences ("Saved the backup of all games …")
    ExportKind.BACKUP: N_("backup of all games"),
}
"""Each file as a sentence names it, in English (marked for the catalogue: ``tr(LABELS[kind])``
where it is shown, as :attr:`ExportFile.label` is)."""

MEDIA_TYPES = {
    ExportKind.CSV: "text/csv",
    ExportKind.PDF: "application/pdf",
    ExportKind.RECORD: "application/json",
    ExportKind.BACKUP: "application/json",
}


@dataclass(frozen=True)
class ExportFile:
    """A file the user asked for, ready to save."""

    kind: ExportKind
    name: str
    """A file name that is safe on every system: ``golf-2026-11-30-1a2b3c.pdf``."""
    data: bytes
    left_out: str = ""
    """What the file does not hold, said once it is saved (" Not in it: 1 game that cannot be
    read …"); the file's maker knows it, not the screen that saves it."""

    @property
    def label(self) -> str:
        """The file as a sentence names it, in the reader's language."""
        return tr(LABELS[self.kind])

    @property
    def media_type(self) -> str:
        return MEDIA_TYPES[self.kind]


PDF_UNAVAILABLE = N_(
    "PDF is not available in the offline app; export CSV or JSON, "
    "or print from scorepad on a computer"
)
"""What choosing the PDF says where fpdf2 is missing: the app in the browser, with no server.
The record (JSON) carries the whole game to a computer, whose scorepad prints it."""


def exports_offered() -> tuple[ExportKind, ...]:
    """The files this app can make, in the menu's order: all three, but no PDF where fpdf2
    is missing (the offline web app), so that nothing is offered only to be refused. The
    record (JSON) carries the game to a computer, whose scorepad prints it."""
    return tuple(kind for kind in GAME_EXPORTS if kind is not ExportKind.PDF or pdf_available())


FILE_STEM_LENGTH = 32
"""The most of a variant's name a file name keeps: enough to tell house rules apart, short
enough that the whole file name fits a phone's download bar."""


def file_stem(text: str) -> str:
    """Letters and digits of ``text`` for a file name, accents dropped, the rest as dashes.

    >>> file_stem("Scotch Bridge (house rules)"), file_stem("Zoë's Golf"), file_stem("李")
    ('scotch-bridge-house-rules', 'zoe-s-golf', 'game')
    """
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    dashed = re.sub(r"[^a-z0-9]+", "-", plain).strip("-")
    return dashed[:FILE_STEM_LENGTH].strip("-") or "game"


def export_file(
    stored: StoredGame,
    kind: ExportKind,
    *,
    symbol: str = DOLLAR,
    renamed: Mapping[str, str] | None = None,
) -> ExportFile:
    """The game as ``kind``, its money in the table's currency ``symbol``, its players under
    the names the game screen shows (``renamed``: played-under name to name now; the record,
    JSON, keeps the names played under): the same bytes as ``scorepad export GAME --format
    KIND``."""
    renamed = {} if renamed is None else renamed
    game = stored.game
    name = f"{file_stem(game.variant.name)}-{stored.created:%Y-%m-%d}-{stored.id}.{kind.value}"
    if kind is ExportKind.CSV:
        data = sheet_csv(game, renamed).encode("utf-8")
    elif kind is ExportKind.PDF:
        try:
            data = sheet_pdf(game, played_on=stored.created.date(), symbol=symbol, renamed=renamed)
        except PdfUnavailableError:  # the offline web app has no fpdf2: say what still works
            raise ActionRefused(tr(PDF_UNAVAILABLE)) from None
    elif kind is ExportKind.RECORD:
        text = json.dumps(stored.record_file().to_data(), ensure_ascii=False, indent=2) + "\n"
        data = text.encode("utf-8")
    else:  # a backup holds every game: see scorepad.ui.state.backups
        raise ValueError(f"a single game cannot be exported as {kind.value!r}")
    return ExportFile(kind, name, data)


def save_nowhere(file: ExportFile) -> None:
    """No screen to save through (the app without a window or browser, as in some tests)."""
    raise ActionRefused(
        tr("the {file} cannot be saved here: this app has no window to save to").format(
            file=file.label
        )
    )
