"""The root of the app: one view per screen, re-rendered whenever the app state changes."""

from __future__ import annotations

import logging
from dataclasses import dataclass

import flet as ft

from scorepad.ui.state import ScorepadApp, Screen
from scorepad.ui.views.common import FONTS, VIEW_KEY
from scorepad.ui.views.game import game_view
from scorepad.ui.views.home import home_view
from scorepad.ui.views.problem import problem_view
from scorepad.ui.views.rules import rules_view
from scorepad.ui.views.setup import setup_view

SEED_COLOR = ft.Colors.GREEN

# The colours text is read on, and read in, made explicit for both themes (the rest of the
# scheme is still grown from the seed, in Flutter). Flet builds the Material scheme on the
# Flutter side where Python cannot read it, so only colours named here can be checked for
# contrast: tests/ui/test_contrast.py holds every text colour to WCAG AA (4.5:1) against every
# background below. The red suits use ``error`` (see SUIT_COLORS): a deep red in the light
# theme, a light red in the dark one, where the fixed RED_700 was 3.4:1 on the dark surface.
LIGHT_SCHEME = ft.ColorScheme(
    surface="#F7FBF1",
    surface_container_lowest="#FFFFFF",
    surface_container_low="#F1F5EC",
    surface_container="#EBEFE6",
    surface_container_high="#E6E9E0",
    surface_container_highest="#E0E4DB",
    primary_container="#C3EFB8",
    secondary_container="#D5E8CF",
    tertiary_container="#BCEBF2",
    error_container="#FFDAD6",
    on_surface="#181D17",
    on_surface_variant="#414941",
    error="#BA1A1A",
    on_error="#FFFFFF",
    on_error_container="#93000A",
)
DARK_SCHEME = ft.ColorScheme(
    surface="#10140F",
    surface_container_lowest="#0B0F0A",
    surface_container_low="#181D17",
    surface_container="#1C211B",
    surface_container_high="#262B25",
    surface_container_highest="#31362F",
    primary_container="#23502A",
    secondary_container="#3B4B38",
    tertiary_container="#1F4D53",
    error_container="#93000A",
    on_surface="#E0E4DB",
    on_surface_variant="#C1C9BE",
    error="#FFB4AB",
    on_error="#690005",
    on_error_container="#FFDAD6",
)
log = logging.getLogger("scorepad.ui")


@dataclass
class Revision(ft.Observable):
    """Bumped whenever the app state changes; the root component re-renders on it."""

    number: int = 0


@ft.component
def Root(app: ScorepadApp) -> list[ft.View]:
    # flet's use_state cannot infer a type from a class used as its initializer
    revision, _ = ft.use_state(Revision)  # type: ignore[arg-type]

    def bump() -> None:
        revision.number += 1

    ft.use_effect(lambda: app.subscribe(bump), [])
    page = ft.context.page

    def apply_theme() -> None:
        page.theme_mode = ft.ThemeMode.DARK if app.dark else ft.ThemeMode.LIGHT

    ft.on_updated(apply_theme, [app.dark])

    screens = {
        Screen.PROBLEM: problem_view,
        Screen.HOME: home_view,
        Screen.SETUP: setup_view,
        Screen.GAME: game_view,
        Screen.RULES: rules_view,
    }
    try:
        view = screens[app.screen](app, page.width or 1024)
        view.controls.append(revision_marker(app))
        return [view]
    except Exception as problem:  # a bug in a view: say so, keep the way home open
        log.exception("could not draw the %s screen", app.screen)
        return [broken_view(app, problem)]


def revision_marker(app: ScorepadApp) -> ft.Control:
    """An invisible node naming the state's revision: browser tests wait for it to change
    after a tap instead of sleeping and hoping."""
    return ft.Semantics(
        identifier=f"revision-{app.revision}",
        label=f"revision {app.revision}",
        content=ft.Container(width=1, height=1),
    )


def broken_view(app: ScorepadApp, problem: Exception) -> ft.View:
    return ft.View(
        key=VIEW_KEY,
        appbar=ft.AppBar(title=ft.Text("scorepad")),
        controls=[
            ft.Text("This screen could not be drawn", size=22, weight=ft.FontWeight.BOLD),
            ft.Text(
                f"{type(problem).__name__}: {problem}. Your games are saved; the details are in "
                "scorepad.log in the data folder.",
                selectable=True,
            ),
            ft.FilledButton("Back to the games", on_click=app.go_home),
        ],
    )


def mount(page: ft.Page, app: ScorepadApp) -> None:
    """Set up the page and render the app into it."""
    page.title = "scorepad"
    page.fonts = FONTS
    page.theme = ft.Theme(color_scheme_seed=SEED_COLOR, color_scheme=LIGHT_SCHEME)
    page.dark_theme = ft.Theme(color_scheme_seed=SEED_COLOR, color_scheme=DARK_SCHEME)
    page.theme_mode = ft.ThemeMode.DARK if app.dark else ft.ThemeMode.LIGHT
    page.on_resize = lambda _: app.refresh()
    page.render_views(Root, app)
