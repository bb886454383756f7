"""Picking game records to import: the home screen's "Import a game".

Flet's FilePicker reads the files picked and hands over their bytes (``with_data``), in a
window and in a browser alike: with no server (the offline app) there is nowhere to upload
to, and a record is small. The chooser opens as a :class:`flet.PickFiles` action, which the
browser performs inside the tap itself: a browser opens a file chooser only while it handles
a tap, and the round trip to Python and back takes longer than that on a phone (iOS Safari
then ignores it without a word). The files come back through the picker's ``on_result``;
the state (:mod:`scorepad.ui.state.imports`) does the rest.
"""

from __future__ import annotations

import logging
from weakref import WeakKeyDictionary

import flet as ft

from scorepad.i18n import tr
from scorepad.ui.state import ScorepadApp
from scorepad.ui.state.imports import PickedFile

log = logging.getLogger("scorepad.ui")

RECORD_EXTENSIONS = ["json"]
"""What the chooser offers: the records scorepad exports (``golf-2026-11-30-1a2b3c.json``)."""

_pickers: WeakKeyDictionary[ft.Page, ft.FilePicker] = WeakKeyDictionary()
"""Each page's picker for records, made when the app is mounted on it (a service is
registered with the page before its first render, not in the middle of one)."""
_backup_pickers: WeakKeyDictionary[ft.Page, ft.FilePicker] = WeakKeyDictionary()
"""Each page's picker for a backup to restore (its own: its files go elsewhere)."""


def pick_records(page: ft.Page, app: ScorepadApp) -> None:
    """Give the home screen a way to pick record files, and a backup, on this page."""

    def picked(event: ft.FilePickerResultEvent) -> None:
        app.home.import_games(_files(event))

    def picked_backup(event: ft.FilePickerResultEvent) -> None:
        app.home.restore_backup(_files(event))

    try:
        _pickers[page] = ft.FilePicker(on_result=picked)
        _backup_pickers[page] = ft.FilePicker(on_result=picked_backup)
    except Exception as problem:  # no file service on this platform: no import button
        log.warning("game records cannot be picked on this screen: %s", problem)


def _files(event: ft.FilePickerResultEvent) -> list[PickedFile]:
    return [PickedFile(file.name, _content(file.bytes)) for file in event.files or []]


def _content(data: object) -> bytes | None:
    """The bytes of a picked file as the client sent them (bytes, or a list of byte values
    from some clients); ``None`` when it sent none."""
    if isinstance(data, bytes):
        return data
    if isinstance(data, list):
        return bytes(data)
    return None


def import_action(page: ft.Page) -> ft.PickFiles | None:
    """The chooser of record files, for a button on ``page`` (None: this page has none)."""
    return _chooser(_pickers.get(page), tr("Import a game"), allow_multiple=True)


def restore_action(page: ft.Page) -> ft.PickFiles | None:
    """The chooser of a backup file to restore, for a button on ``page`` (None: none)."""
    return _chooser(_backup_pickers.get(page), tr("Restore a backup"), allow_multiple=False)


def _chooser(
    picker: ft.FilePicker | None, title: str, *, allow_multiple: bool
) -> ft.PickFiles | None:
    """A chooser of JSON files with their bytes, opened by ``picker``."""
    if picker is None:
        return None
    return ft.PickFiles(
        picker,
        dialog_title=title,
        file_type=ft.FilePickerFileType.CUSTOM,
        allowed_extensions=RECORD_EXTENSIONS,
        allow_multiple=allow_multiple,
        with_data=True,
        # a phone slow to hand over the files must not lose them: a chooser closed without
        # a file then simply never answers, which is all the app needs to know
        cancel_upload_on_window_blur=False,
    )
