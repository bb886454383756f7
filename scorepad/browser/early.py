"""What the offline app's start imports before it has a page, imported while Flutter boots.

The build names this module as the app's early import
(:attr:`~scorepad.web_build.bundle.WebApp.early_imports`): the worker imports it as soon as
Pyodide is up, before the page connects (see :mod:`scorepad.web_build.early_python`). It holds
the app's own start and first screen, and the Flet controls that screen draws with: Flet
imports a control's module only when the app first names it (``ft.Container``), which in the
browser's Python made the first screen wait about 0.2 s for imports alone.
"""

from __future__ import annotations

import flet as ft
import flet.components.component  # renders components (Flet: at the first render)

import scorepad.browser.start
import scorepad.ui.views.app
import scorepad.ui.views.home

FIRST_SCREEN_MODULES = (scorepad.browser.start, scorepad.ui.views.app, scorepad.ui.views.home)
"""What main.py runs, the root of every screen, and the first screen."""

FIRST_SCREEN_CONTROLS = (
    ft.Button,
    ft.Card,
    ft.Column,
    ft.Container,
    ft.FilledButton,
    ft.FilledTonalButton,
    ft.Icon,
    ft.IconButton,
    ft.Icons,
    ft.OutlinedButton,
    ft.Row,
    ft.Semantics,
    ft.TextButton,
    ft.FilePicker,
    ft.SharedPreferences,
    ft.Wakelock,
)
"""Named here so that Flet imports them now: what the list of games and the app's services
(the files, the device's storage, the screen kept awake) are made of."""

FIRST_RENDER_HOOKS = (ft.use_dialog, ft.use_effect, ft.use_ref, ft.use_state)
"""And what the app's root component calls as it first renders (Flet imports these late too)."""

__all__ = ["FIRST_RENDER_HOOKS", "FIRST_SCREEN_CONTROLS", "FIRST_SCREEN_MODULES"]
