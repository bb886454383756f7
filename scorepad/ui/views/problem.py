"""When the store cannot be opened: what is wrong, where the file is, and the way back."""

from __future__ import annotations

import flet as ft

from scorepad.i18n import describe, tr
from scorepad.store import NewerSchemaError, StoreUnreadableError
from scorepad.ui.state import ScorepadApp
from scorepad.ui.views.common import big_button, message_bar, screen_view, tagged


def problem_view(app: ScorepadApp, width: float) -> ft.View:
    problem = app.problem.error
    lines: list[ft.Control] = [
        ft.Text(tr("Your games could not be opened"), size=24, weight=ft.FontWeight.BOLD),
        tagged(
            "problem",
            ft.Text(
                describe(problem) if problem is not None else str(problem),
                selectable=True,
                size=16,
            ),
        ),
        ft.Text(
            tr(
                "Nothing has been overwritten. A copy of the unreadable file was kept, so "
                "nothing is lost by trying the backup."
            )
            if isinstance(problem, StoreUnreadableError) and problem.kept_copy is not None
            else tr("Nothing has been overwritten."),
            size=16,
        ),
    ]
    if isinstance(problem, NewerSchemaError):
        lines.append(ft.Text(tr("Update scorepad to open these games."), size=16))
    elif isinstance(problem, StoreUnreadableError):
        label = (
            tr("Start from the last good backup")
            if problem.backup is not None
            else tr("Start this file afresh (games are kept)")
        )
        lines.append(
            big_button(label, app.problem.recover, identifier="recover", icon=ft.Icons.RESTORE)
        )
    banner = message_bar(app)
    return screen_view(app, title="scorepad", width=width, body=[banner, *lines], back=False)
