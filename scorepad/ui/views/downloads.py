"""Saving an exported game through the screen: a save dialog in a window, a download in a
browser.

Flet's FilePicker does both: given the file's bytes, ``save_file`` writes them where the user
chooses in the desktop app, and in a browser hands them to it as a download (the page's own
blob, so nothing else is served). The state makes the file (:mod:`scorepad.ui.state.exports`);
this only carries it to the user and reports back what became of it.

Each file's sentences are whole (:data:`SAVE_TITLES`), in English the file's label in them:

>>> from scorepad.ui.state.exports import LABELS
>>> all(SAVE_TITLES[kind] == f"Save the {LABELS[kind]}" for kind in ExportKind)
True
>>> all(
...     NOT_CONNECTED[kind] == f"the {LABELS[kind]} cannot be saved: this screen is not connected"
...     for kind in ExportKind
... )
True
"""

from __future__ import annotations

import logging

import flet as ft

from scorepad.i18n import N_, describe, tr
from scorepad.ui.state import ActionRefused, ExportFile, ScorepadApp
from scorepad.ui.state.exports import ExportKind
from scorepad.ui.views.common import connected_loop

log = logging.getLogger("scorepad.ui")

SAVE_TITLES = {
    ExportKind.CSV: N_("Save the score sheet (CSV)"),
    ExportKind.PDF: N_("Save the printable score pad (PDF)"),
    ExportKind.RECORD: N_("Save the game record (JSON)"),
    ExportKind.BACKUP: N_("Save the backup of all games"),
}
"""The save dialog's title for each file, a whole sentence each (a language's article or case
for the file's name differs from one to the next)."""
NOT_CONNECTED = {
    ExportKind.CSV: N_("the score sheet (CSV) cannot be saved: this screen is not connected"),
    ExportKind.PDF: N_(
        "the printable score pad (PDF) cannot be saved: this screen is not connected"
    ),
    ExportKind.RECORD: N_("the game record (JSON) cannot be saved: this screen is not connected"),
    ExportKind.BACKUP: N_("the backup of all games cannot be saved: this screen is not connected"),
}
"""Why a file cannot be saved on a page that lost its connection, for each file."""


def save_files(page: ft.Page, app: ScorepadApp) -> None:
    """Give the game screen a way to save files on this page."""
    try:
        picker = ft.FilePicker()
    except Exception as problem:  # no file service on this platform: the menu says so
        log.warning("files cannot be saved on this screen: %s", problem)
        return

    def save(file: ExportFile) -> None:
        async def job() -> None:
            try:
                where = await picker.save_file(
                    dialog_title=tr(SAVE_TITLES[file.kind]),
                    file_name=file.name,
                    src_bytes=file.data,
                )
            except Exception as problem:
                log.warning("could not save %s: %s", file.name, problem)
                app.game.file_not_saved(file, f"{type(problem).__name__}: {describe(problem)}")
                return
            if page.web:  # the browser has it; where it goes is the browser's business
                app.game.file_saved(file, None)
            elif where is None:  # the dialog was closed without a file
                app.game.file_not_saved(file, None)
            else:
                app.game.file_saved(file, where)

        if connected_loop(page) is None:  # the page lost its connection: nothing to save to
            raise ActionRefused(tr(NOT_CONNECTED[file.kind]))
        page.run_task(job)

    app.game.save_file = save
