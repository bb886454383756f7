"""The language button: every language in its own name, the one in use ticked.

On the list of games and on a viewer's screen (a viewer's phone has no list of games), so
every reader can reach it in any language: the button is a globe, which reads the same in
all of them.
"""

from __future__ import annotations

import flet as ft

from scorepad.i18n import tr
from scorepad.ui.state import ScorepadApp
from scorepad.ui.views.common import tagged


def language_menus(app: ScorepadApp) -> list[ft.Control]:
    """The language button, for a title bar's actions; none while English is the only
    language offered (a menu of one choice is no choice)."""
    return [language_menu(app)] if len(app.language.options) > 1 else []


def language_menu(app: ScorepadApp) -> ft.Control:
    choice = app.language
    current = choice.language
    label = tr("Language")
    items = [
        ft.PopupMenuItem(
            content=tagged(
                f"language-{language.code}", ft.Text(language.name, rtl=language.right_to_left)
            ),
            checked=language == current,
            on_click=lambda _, code=language.code: choice.choose(code),
        )
        for language in choice.options
    ]
    return tagged(
        "language-menu",
        ft.PopupMenuButton(
            icon=ft.Icon(
                ft.Icons.LANGUAGE,
                semantics_label=tr("Language: {language}").format(language=current.name),
            ),
            tooltip=label,
            items=items,
        ),
    )
