"""The table's changes under the score sheet, in the pad's words ("Dan joined after round 3,
starting on 12"), each with the way to correct it or take it out: a change made in error is
fixed where it is seen, as a round is (RULINGS.md: correcting an earlier change re-derives
everything after it). A viewer's phone reads the lines and corrects nothing."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import flet as ft

from scorepad.engine import change_in_words
from scorepad.i18n import say, tr
from scorepad.ui.state import GameController, GameSession
from scorepad.ui.views.common import heading, tagged


def table_notes(game: GameController | None, session: GameSession) -> ft.Control | None:
    """One line per change of the table, in the order made; ``None`` when the table never
    changed. ``game`` ``None``: read only."""
    changes = session.game.record.changes
    if not changes:
        return None
    starting = session.sheet.starting
    lines: list[ft.Control] = [heading(tr("Table changes"))]
    for index, change in enumerate(changes):
        said = say(change_in_words(change, starting, session.names.shown))
        text = ft.Text(said, size=13, expand=True)
        if game is None:
            lines.append(tagged(f"change-{index + 1}", text))
            continue
        lines.append(
            tagged(
                f"change-{index + 1}",
                ft.Row(
                    [
                        text,
                        line_button(
                            f"edit-change-{index + 1}",
                            ft.Icons.EDIT,
                            # TRANSLATORS: a change's button: correct it ("Correct: Dan joined…")
                            tr("Correct: {change}").format(change=said),
                            partial(game.edit_change, index),
                        ),
                        line_button(
                            f"remove-change-{index + 1}",
                            ft.Icons.DELETE_OUTLINE,
                            # TRANSLATORS: a change's button: take it out of the game
                            tr("Take out: {change}").format(change=said),
                            partial(game.ask_to_remove_change, index),
                        ),
                    ],
                    spacing=0,
                ),
            )
        )
    return tagged("table-notes", ft.Column(lines, spacing=2))


def line_button(
    identifier: str, icon: ft.IconData, tooltip: str, action: Callable[[], None]
) -> ft.Control:
    """A small icon button at the end of a change's line."""
    return tagged(
        identifier,
        ft.IconButton(icon, icon_size=18, tooltip=tooltip, on_click=lambda _: action()),
    )
