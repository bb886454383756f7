"""Text fields whose text the device owns: keys typed at any speed land as typed.

Every tap redraws the whole screen, and Flet then sends each control whose description
changed. A text field drawn with ``value=<the app's copy of its text>`` is such a control
whenever the copy lags behind the device: the browser reports each key (the field's new
text, then a change event), Flet applies the new text at once but runs the change handler
later, so a redraw in between describes the field with the text of a key or two ago. Flet
sends that, the device puts it in the field, and the keys typed since are gone ("Oh Hell
our way" saved as "Oh Hell ouay").

:func:`typed_field` draws the field with the text the device last reported (the live
control's own value), so a redraw never sends a field's text back. The app still changes a
field's text when it means to (a form opened, a field emptied after Add): the view tells
that apart by comparing the app's copy with the text the device last reported. They differ
only when the app set the text itself, since the app keeps every report as typed.

:func:`line_field` is the "Add a player" field, which takes a name per line (Enter is a
newline the device puts in by itself, never a round trip: see
:mod:`scorepad.ui.state.typed_lines`) and shows only the line being typed.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import flet as ft

from scorepad.ui.views.common import tagged

LINE_TEXT_SIZE = 16
LINE_HEIGHT = 2.0
"""The name field's line height, as a multiple of its font size. With the padding below,
the field's window is exactly one line high, so the finished lines above the one being
typed scroll out of sight without leaving a sliver (measured in Chromium at text scales
1 and 1.25)."""
LINE_PADDING = ft.Padding.symmetric(horizontal=12, vertical=8)


def typed_field(
    *,
    identifier: str,
    text: str,
    on_text: Callable[[str], None],
    **options: Any,
) -> ft.Control:
    """A ``TextField`` tagged ``identifier``, showing ``text`` (the app's copy), whose keys
    are never overwritten by a redraw; ``on_text`` gets each text the device reports, in the
    order it reported them. ``options`` are the field's other settings (label, error, ...)."""
    drawn = _drawn_on_this_page()
    last = drawn.get(identifier)
    live = last.control.value if last is not None and last.control is not None else None
    # The app's copy equals the last text reported unless the app set the text itself: then
    # it is sent. Otherwise the field keeps what the device holds, maybe a key or two ahead.
    shown = live if last is not None and text == last.told and live is not None else text
    told = TextTold(text)

    def changed(event: ft.Event[ft.TextField]) -> None:
        typed = reported(event)
        # the field drawn last, whichever drawing's handler this is (an event can reach a
        # field just before a redraw takes it over)
        (drawn.get(identifier) or told).told = typed
        on_text(typed)

    told.control = ft.TextField(value=shown, on_change=changed, **options)
    drawn[identifier] = told
    return tagged(identifier, told.control)


@dataclass
class TextTold:
    """A field as last drawn (Flet writes each text the device reports into it) and the
    last text the device reported, or the app set."""

    told: str
    control: ft.TextField | None = None


_DRAWN: weakref.WeakKeyDictionary[ft.Page, dict[str, TextTold]] = weakref.WeakKeyDictionary()
"""Each page's typed fields by identifier, between one drawing and the next."""


def _drawn_on_this_page() -> dict[str, TextTold]:
    """The typed fields drawn on the page being drawn (a view drawn on its own, in a test,
    gets a fresh record each time: there is no page to keep it for)."""
    try:
        page = ft.context.page
    except RuntimeError:
        return {}
    return _DRAWN.setdefault(page, {})


def reported(event: ft.Event[ft.TextField]) -> str:
    """The text a change event reports: its own, not the field's (a later key may already
    have been written into the field when the handler runs)."""
    return event.data if isinstance(event.data, str) else (event.control.value or "")


def line_field(
    *,
    identifier: str,
    text: str,
    on_text: Callable[[str], None],
    label: str,
    expand: bool = False,
    **options: Any,
) -> ft.Control:
    """A field taking one entry per line that shows only the line being typed: Enter is a
    newline the device adds by itself, so the keys typed right after it stay in the field
    (a one-line field loses the cursor on Enter until the app gives it back).

    The window is kept one line high at any text size by a sizer behind it: a line of
    blank text in the field's style and padding, which gives the stack its height; the field
    fills exactly that. ``identifier`` tags the field itself."""
    style = ft.TextStyle(size=LINE_TEXT_SIZE, height=LINE_HEIGHT)
    field = typed_field(
        identifier=identifier,
        text=text,
        on_text=on_text,
        multiline=True,
        fit_parent_size=True,
        label=label,
        content_padding=LINE_PADDING,
        text_style=style,
        text_size=LINE_TEXT_SIZE,
        **options,
    )
    sizer = ft.Container(
        ft.Text(" ", style=style, size=LINE_TEXT_SIZE),
        padding=LINE_PADDING,
        border=ft.Border.all(1, ft.Colors.TRANSPARENT),
    )
    window = ft.Container(field, left=0, top=0, right=0, bottom=0)
    return ft.Stack([sizer, window], expand=expand)
