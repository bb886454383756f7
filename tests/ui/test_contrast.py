"""Every text colour the app sets meets WCAG AA (4.5:1) against every background it is read
on, in the light and the dark theme.

Flet builds the Material colour scheme in Flutter, out of Python's reach, so the app names the
colours that carry text explicitly (``LIGHT_SCHEME`` and ``DARK_SCHEME``) and this test holds
those to the standard with the WCAG 2 formula.
"""

from __future__ import annotations

import random
from pathlib import Path

import flet as ft
import pytest

from scorepad.engine import Suit
from scorepad.store import open_store
from scorepad.ui.state import ScorepadApp
from scorepad.ui.views.app import DARK_SCHEME, LIGHT_SCHEME
from scorepad.ui.views.common import SUIT_COLORS
from tests.ui.driving import start
from tests.ui.flet_session import ViewDriver

AA = 4.5

TEXT = ("on_surface", "on_surface_variant", "error")
"""Colours text is drawn in: plain text, secondary text, and red (missed bids, problems, and
the red suits)."""

BACKGROUNDS = (
    "surface",
    "surface_container_lowest",
    "surface_container_low",
    "surface_container",
    "surface_container_high",
    "surface_container_highest",
    "primary_container",
    "secondary_container",
    "tertiary_container",
)
"""What that text sits on: the page, cards and bars, the chosen suit, the active player's line,
the message bar, the winners' banner."""

PAIRS = [(text, background) for text in TEXT for background in BACKGROUNDS] + [
    ("on_error", "error"),  # the danger buttons
    ("on_error_container", "error_container"),  # an error message bar
]

SCHEMES = {"light": LIGHT_SCHEME, "dark": DARK_SCHEME}


def relative_luminance(colour: str) -> float:
    """WCAG 2 relative luminance of an ``#RRGGBB`` colour."""
    assert colour.startswith("#") and len(colour) == 7, colour
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    red, green, blue = linear
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(foreground: str, background: str) -> float:
    """WCAG 2 contrast ratio, from 1 (none) to 21 (black on white)."""
    lighter, darker = sorted(
        (relative_luminance(foreground), relative_luminance(background)), reverse=True
    )
    return (lighter + 0.05) / (darker + 0.05)


def test_the_formula_matches_known_ratios() -> None:
    assert contrast("#000000", "#FFFFFF") == pytest.approx(21)
    assert contrast("#777777", "#FFFFFF") == pytest.approx(4.48, abs=0.01)
    # the old red suits on a dark Material surface: the bug this test exists for
    assert contrast("#D32F2F", "#10140F") < AA


@pytest.mark.parametrize("theme", SCHEMES)
@pytest.mark.parametrize(("text", "background"), PAIRS)
def test_text_meets_wcag_aa_on_its_background(theme: str, text: str, background: str) -> None:
    scheme = SCHEMES[theme]
    foreground, behind = getattr(scheme, text), getattr(scheme, background)
    assert foreground is not None and behind is not None, f"{theme}: {text} or {background} unset"
    ratio = contrast(foreground, behind)
    assert ratio >= AA, f"{theme}: {text} {foreground} on {background} {behind} is {ratio:.2f}:1"


def test_closed_mark_buttons_are_drawn_in_colours_the_contrast_test_checks() -> None:
    """The greyed mark buttons at the Record step (still read: who made it, who is set) were
    under 4.5:1 in Material's disabled colours."""
    from scorepad.ui.views.tally import CLOSED_BACKGROUND, CLOSED_TEXT

    names = {ft.Colors.ON_SURFACE_VARIANT: "on_surface_variant"}
    backgrounds = {ft.Colors.SURFACE_CONTAINER_HIGHEST: "surface_container_highest"}
    assert (names[CLOSED_TEXT], backgrounds[CLOSED_BACKGROUND]) in PAIRS


@pytest.mark.asyncio
async def test_a_closed_mark_button_uses_them(tmp_path: Path) -> None:
    from scorepad.ui.views.tally import CLOSED_BACKGROUND, CLOSED_TEXT

    app = ScorepadApp(open_store(tmp_path / "data"), rng=random.Random(3))
    driver = ViewDriver(app)
    await driver.settle()
    try:
        start(app, "golf", ["Ann", "Bob"], dealer="Bob")
        app.game.choose_trump(Suit.CLUBS)
        app.game.tap_number(0)
        app.game.tap_number(0)
        app.game.choose_tally(True)
        app.game.mark_trick("Ann")  # the one trick: every button closes, Record waits
        await driver.settle()
        button = driver.tagged("mark-Ann")
        assert isinstance(button, ft.Button) and button.disabled and button.style is not None
        assert button.style.color == {ft.ControlState.DISABLED: CLOSED_TEXT}
        assert button.style.bgcolor == {ft.ControlState.DISABLED: CLOSED_BACKGROUND}
    finally:
        driver.close()


def test_suits_are_drawn_in_the_theme_colours_the_contrast_test_checks() -> None:
    assert {SUIT_COLORS[s] for s in ("hearts", "diamonds")} == {ft.Colors.ERROR}
    assert {SUIT_COLORS[s] for s in ("clubs", "spades")} == {ft.Colors.ON_SURFACE}


@pytest.mark.asyncio
async def test_the_page_uses_the_checked_schemes_in_both_themes(tmp_path: Path) -> None:
    app = ScorepadApp(open_store(tmp_path / "data"), rng=random.Random(3))
    driver = ViewDriver(app)
    try:
        await driver.settle()
        theme, dark_theme = driver.page.theme, driver.page.dark_theme
        assert theme is not None and dark_theme is not None
        assert theme.color_scheme == LIGHT_SCHEME
        assert dark_theme.color_scheme == DARK_SCHEME
    finally:
        driver.close()
