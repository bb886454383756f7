"""Small pieces shared by the screens."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import Any, cast

import flet as ft

from scorepad.i18n import say, tr
from scorepad.ui.state import Confirmation, Message, MessageKind, ScorepadApp, TapMeaning

READING_WIDTH = 720
VIEW_KEY = "scorepad"
"""Every screen is the same page to Flutter's navigator (same key, same route): switching
screens patches that page in place, with no page-transition animation between taps."""
TAP = 56
SIDE_PANEL_WIDTH = 460
"""Width of the panel a wide window shows beside the score sheet: the round being entered, or
at the end who won and who pays (game.py, viewer.py)."""
SIDE_PANEL_GAP = 24
"""The gap between that panel and the sheet."""
"""Height of a large tap target (px); Material asks for at least 48."""
SUIT_COLORS = {
    "clubs": ft.Colors.ON_SURFACE,
    "spades": ft.Colors.ON_SURFACE,
    # the theme's red, explicit per theme in app.py so it reads on light and dark alike
    "hearts": ft.Colors.ERROR,
    "diamonds": ft.Colors.ERROR,
}


SUIT_FONT = "ScorepadSuits"
"""Card-suit glyphs bundled in assets/fonts: the app's own fonts have none, and offline there is
no font to fall back on. Relative to the page's base address, so the offline web app hosted in a
sub-folder (``build-web --base-url /games/``) finds it as the served app and the window do."""
FONTS = {SUIT_FONT: "fonts/ScorepadSuits.ttf"}
"""The fonts every page registers."""
HEBREW_FONT = "Noto Sans Hebrew"
"""Hebrew letters with the Latin ones beside them (names, numbers): Flutter draws with its own
fonts, which have no Hebrew, and would fetch one from Google's servers (or, offline and with
the app's own origin only, draw boxes). Bundled in assets/fonts (SIL Open Font Licence)."""
SCRIPT_FONTS = {"he": HEBREW_FONT}
"""The text font of a language whose script Flutter's fonts lack; the others keep Roboto."""
SCRIPT_FONT_FILES = {HEBREW_FONT: "fonts/NotoSansHebrew-Regular.ttf"}
"""Where each script font lies in the assets: registered only on a page that reads its
language, as the client downloads every registered font when the page starts."""


def text_font(code: str) -> str | None:
    """The font the page's text is drawn in for the language ``code`` (None: Flutter's own)."""
    return SCRIPT_FONTS.get(code)


def page_fonts(code: str) -> dict[str, str]:
    """The fonts a page reading the language ``code`` registers: the suits, and its script's
    font where Flutter's own lack the letters."""
    family = text_font(code)
    return FONTS if family is None else {**FONTS, family: SCRIPT_FONT_FILES[family]}


def connected_loop(page: ft.Page) -> asyncio.AbstractEventLoop | None:
    """The event loop a job for ``page`` runs on, or None while its browser is away (or for
    a page never connected, in a test): asked before ``page.run_task``, which would make the
    job's coroutine first and then fail to run it."""
    try:
        connection = page.session.connection
        loop = None if connection is None else connection.loop
    except RuntimeError:  # no session, or a connection not given its loop yet
        return None
    return None if loop is None or loop.is_closed() else loop


def tagged(
    identifier: str,
    control: ft.Control,
    meaning: TapMeaning | None = None,
    button: bool | None = None,
) -> ft.Control:
    """Give a control an identifier a browser test (or a screen reader tool) can find.

    The wrapper takes over the control's ``expand``: an expanding control inside a
    non-expanding wrapper would get no width in a row. ``meaning``: what a tap on the control
    means (:class:`~scorepad.ui.state.TapMeaning`); a control with a new meaning is a new
    control, so a click still on its way to the old one cannot be taken for the new.
    ``button``: say the control is a button to a screen reader, where it is not one of Flet's
    buttons (a :func:`quick_key`). The flag is part of the key: Flutter's web page lost the
    identifier of a node whose button flag was taken away (an open pad key closed by the
    hook, found by no test afterwards), so a control that gains or loses it is a new one.
    """
    key = None if meaning is None else f"{identifier}@{meaning.key}"
    if button:
        key = f"{key or identifier}+button"
    return ft.Semantics(
        identifier=identifier, content=control, expand=control.expand, key=key, button=button
    )


def quick_key(
    label: ft.Text,
    on_click: Callable[[], None],
    enabled: bool,
    size: float,
    radius: float,
) -> ft.Control:
    """A key of a filled tonal colour that answers a tap with no ink ripple: for keys tapped
    several times a round, whose answer is the screen changing.

    A Flet button's ripple animates for about half a second, and each of its frames draws the
    whole screen again: in the offline app, on a phone's or a test machine's CPU, that kept
    the page from showing the tap's answer for 10 to 40 ms more. An open key is a plain
    container that takes clicks, coloured as a filled tonal button; tag it with
    ``button=True`` so that a screen reader says and taps it as a button. What it loses
    against a button: the ripple, a hover colour, and a place in the keyboard's Tab order.
    A closed key is a disabled button (never tapped, so never rippling): greyed as any other,
    and said to be disabled to a screen reader, which a container cannot be.
    """
    if not enabled:
        return ft.FilledTonalButton(
            content=label,
            width=size,
            height=size,
            disabled=True,
            style=ft.ButtonStyle(padding=0, shape=ft.RoundedRectangleBorder(radius=radius)),
        )
    label.color = ft.Colors.ON_SECONDARY_CONTAINER
    return ink_free_key(label, on_click, width=size, height=size, radius=radius)


def ink_free_key(
    content: ft.Control,
    on_click: Callable[[], None],
    *,
    width: float,
    height: float,
    radius: float,
    padding: ft.Padding | None = None,
) -> ft.Control:
    """An open key of :func:`quick_key`'s kind, around any content (a tally's mark button
    holds a name and a status): the filled tonal colour, no ripple. Its texts are to be
    drawn in ``ON_SECONDARY_CONTAINER``; tag it with ``button=True``."""
    return ft.Container(
        content=content,
        width=width,
        height=height,
        alignment=ft.Alignment.CENTER,
        border_radius=radius,
        bgcolor=ft.Colors.SECONDARY_CONTAINER,
        padding=padding,
        on_click=lambda _: on_click(),
    )


def slotted(parts: Iterable[tuple[str, ft.Control | None]]) -> list[ft.Control]:
    """The parts present (``None``: not on screen now), each keyed by its slot unless it has a
    key of its own.

    Flet pairs a list's old and new controls by position unless they carry keys. When a part
    comes or goes (the round's line once the bids are in, the pad's note), every part after it
    was paired with its neighbour's old control, found different and sent again whole: the
    tap that ends the bidding sent the trump, the table and the pad afresh. Keyed, each part is
    compared with its own last self and only what changed in it is sent.

    A kept part (:mod:`~scorepad.ui.views.kept`) is a Flet component, made frozen, and keeps
    no key: Flet pairs the unkeyed ones among themselves, in order, which the keys on all the
    others leave undisturbed as long as the kept parts keep their order.
    """
    shown = []
    for slot, control in parts:
        if control is None:
            continue
        if control.key is None and not isinstance(control, ft.Component):
            control.key = slot
        shown.append(control)
    return shown


def hover_tip(message: str) -> ft.Tooltip:
    """A tooltip for a control in a row or a list: shown while a mouse rests on it, never on a
    long press, where on a phone it would cover the row below (the control's accessible name
    says the same to a screen reader)."""
    # Flet 1.0.5 declares the modes as plain strings but types the field as their class
    manual = cast(ft.TooltipTriggerMode, ft.TooltipTriggerMode.MANUAL)
    return ft.Tooltip(message=message, trigger_mode=manual)


def icon_button(
    icon: ft.IconData, *, tooltip: str, in_row: bool = False, **options: Any
) -> ft.IconButton:
    """An icon button whose tooltip is also its accessible name, read out by screen readers
    (Flutter does not name an icon button after its tooltip). ``in_row``: one of a row's
    buttons, whose tooltip only a mouse shows (see :func:`hover_tip`)."""
    return ft.IconButton(
        icon=ft.Icon(icon, semantics_label=tooltip),
        tooltip=hover_tip(tooltip) if in_row else tooltip,
        **options,
    )


def symbol_text(text: str, **style: Any) -> ft.Text:
    """Text that may contain suit symbols (♣ ♦ ♥ ♠) or arrows, which the app's font lacks."""
    return ft.Text(text, font_family_fallback=[SUIT_FONT], **style)


def spoken_names(names: Sequence[str]) -> str:
    """Names as a sentence lists them, in the reader's language: "Ann, Bob and Dan" (the
    engine's ``spoken_list`` says it in English only).

    >>> spoken_names(["Ann"]), spoken_names(["Ann", "Bob", "Dan"]), spoken_names([])
    ('Ann', 'Ann, Bob and Dan', '')
    """
    if len(names) <= 1:
        return "".join(names)
    # TRANSLATORS: between the items of a list ("Ann, Bob, Cat")
    others = tr(", ").join(names[:-1])
    # TRANSLATORS: a list of names: the others (already joined by commas), then the last one
    return tr("{names} and {last}").format(names=others, last=names[-1])


AVERAGE_LETTER = 0.6
"""About how wide a letter is, as a share of the font size: enough to tell when a name will
not fit its room (an overestimate only costs a few pixels of a short name's room)."""


def bounded_name(
    name: str,
    *,
    size: float,
    width: float,
    weight: ft.FontWeight = ft.FontWeight.W_500,
    **style: Any,
) -> ft.Text:
    """A name on one line, never wider than ``width``: a longer one ends in an ellipsis and
    the whole name stays its accessible name. A name that fits keeps its own width, so a
    short name leaves no gap.

    No tooltip: names sit in rows and chips, and on a phone a long-press tooltip would cover
    the row below it. The accessible name carries the whole name instead."""
    long = len(name) * size * AVERAGE_LETTER > width
    return ft.Text(
        name,
        size=size,
        weight=weight,
        max_lines=1,
        overflow=ft.TextOverflow.ELLIPSIS,
        semantics_label=name,
        width=width if long else None,
        **style,
    )


def heading(text: str, identifier: str | None = None) -> ft.Control:
    title = ft.Text(text, theme_style=ft.TextThemeStyle.TITLE_MEDIUM, weight=ft.FontWeight.BOLD)
    return ft.Semantics(header=True, identifier=identifier, content=title)


def message_bar(app: ScorepadApp, words: Callable[[str], str] | None = None) -> ft.Control | None:
    """The last action's message, where the user is looking: red for a refusal. ``words``
    puts it in the screen's words (a game's screen names its players as known now). Above it,
    the app's standing warning (a browser tab that keeps nothing), which cannot be dismissed:
    it stays true for as long as the page is open."""
    bars = [] if app.standing_warning is None else [_bar(app.standing_warning, words, None)]
    if app.message is not None:
        bars.append(_bar(app.message, words, app.dismiss_message))
        if app.message.more is not None:  # its own colour; the close above dismisses both
            bars.append(_bar(app.message.more, words, None, tag="message-more"))
    if not bars:
        return None
    return bars[0] if len(bars) == 1 else ft.Column(bars, spacing=4)


def _bar(
    message: Message,
    words: Callable[[str], str] | None,
    dismiss: Callable[[], None] | None,
    tag: str | None = None,
) -> ft.Control:
    said = say(message.text)  # an engine's sentence in the reader's language
    text = said if words is None else words(said)
    error = message.kind is MessageKind.ERROR
    close = (
        []
        if dismiss is None
        else [icon_button(ft.Icons.CLOSE, tooltip=tr("Dismiss message"), on_click=dismiss)]
    )
    return tagged(
        tag or ("message" if dismiss is not None else "standing-warning"),
        ft.Container(
            bgcolor=ft.Colors.ERROR_CONTAINER if error else ft.Colors.SECONDARY_CONTAINER,
            border_radius=8,
            padding=ft.Padding.symmetric(horizontal=12, vertical=6),
            content=ft.Row(
                [
                    ft.Icon(
                        ft.Icons.ERROR_OUTLINE if error else ft.Icons.INFO_OUTLINE,
                        color=ft.Colors.ON_ERROR_CONTAINER if error else None,
                    ),
                    # selectable, so a path or a reason can be copied; Flutter then names the
                    # text for nobody, so the words are said again for screen readers
                    ft.Semantics(
                        label=text,
                        live_region=True,
                        expand=True,
                        content=ft.Text(
                            text,
                            color=ft.Colors.ON_ERROR_CONTAINER if error else None,
                            selectable=True,
                        ),
                    ),
                    *close,
                ],
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
        ),
    )


DANGER = ft.ButtonStyle(bgcolor=ft.Colors.ERROR, color=ft.Colors.ON_ERROR)
"""The go-ahead of an action that loses something."""
CONFIRM_BAR_HEIGHT = 168
"""Room for the question, two lines of detail on a phone and the buttons."""


def confirm_bar(app: ScorepadApp) -> ft.BottomAppBar | None:
    """The question about an action that loses something (delete, end early), asked once: the
    action waits for the go-ahead button; the other keeps everything.

    It sits in the screen's bottom bar, which does not scroll: the button that asked may be
    far down a long page or up in the title bar's menu, and the question must be in view
    either way."""
    asked: Confirmation | None = app.confirmation
    if asked is None:
        return None
    return ft.BottomAppBar(
        bgcolor=ft.Colors.TERTIARY_CONTAINER,
        padding=ft.Padding.symmetric(horizontal=12, vertical=8),
        height=CONFIRM_BAR_HEIGHT,
        content=tagged(
            "confirm-bar",
            ft.Column(
                [
                    tagged(
                        "confirm-question",
                        ft.Text(say(asked.question), size=18, weight=ft.FontWeight.BOLD),
                    ),
                    ft.Text(say(asked.detail), size=14),
                    ft.Row(
                        [
                            tagged(
                                "confirm",
                                ft.FilledButton(
                                    say(asked.go_ahead),
                                    icon=ft.Icons.CHECK,
                                    on_click=app.confirm,
                                    height=TAP - 8,
                                    style=DANGER if asked.loses else None,
                                ),
                            ),
                            tagged(
                                "cancel-confirm",
                                ft.OutlinedButton(
                                    say(asked.keep),
                                    on_click=app.cancel_confirmation,
                                    height=TAP - 8,
                                ),
                            ),
                        ],
                        wrap=True,
                    ),
                ],
                spacing=4,
                scroll=ft.ScrollMode.AUTO,
            ),
        ),
    )


def big_button(
    text: str,
    on_click: Callable[[], Any] | None,
    *,
    identifier: str,
    icon: ft.IconData | None = None,
    disabled: bool = False,
    filled: bool = True,
    action: ft.ClientAction | None = None,
) -> ft.Control:
    """A main action of a screen. ``action``: what the browser itself does on the tap (open a
    file chooser, which a browser allows only inside the tap), with ``on_click`` ``None``."""
    style = ft.ButtonStyle(
        text_style=ft.TextStyle(size=18), padding=ft.Padding.symmetric(horizontal=20)
    )
    kind = ft.FilledButton if filled else ft.OutlinedButton
    handler = on_click
    return tagged(
        identifier,
        # a zero-argument lambda: Flet passes the event to a handler that takes an argument
        kind(
            text,
            icon=icon,
            on_click=None if handler is None else lambda: handler(),  # noqa: PLW0108
            disabled=disabled,
            height=TAP,
            style=style,
            action=action,
        ),
    )


def theme_button(app: ScorepadApp) -> ft.Control:
    return icon_button(
        ft.Icons.LIGHT_MODE if app.dark else ft.Icons.DARK_MODE,
        tooltip=tr("Light theme") if app.dark else tr("Dark theme"),
        on_click=app.toggle_theme,
    )


def screen_view(
    app: ScorepadApp,
    *,
    title: str,
    width: float,
    body: Sequence[ft.Control | None],
    back: bool = True,
    actions: list[ft.Control] | None = None,
    dock: ft.Control | None = None,
) -> ft.View:
    """A screen of the app: title bar (with the way back home), then the body in a column
    no wider than a comfortable reading width, centred on a wide window.

    A ``dock`` (the screen's main button) stays under the body, which then scrolls on its
    own: the button is in reach however long the body grows.

    Every screen is one and the same page to Flutter (see :data:`VIEW_KEY`).
    """
    leading = (
        icon_button(ft.Icons.ARROW_BACK, tooltip=tr("Back to the games"), on_click=app.go_home)
        if back
        else None
    )
    appbar = ft.AppBar(leading=leading, title=ft.Text(title), actions=actions or [])
    column = ft.Column([part for part in body if part is not None], spacing=12)
    if dock is None:
        return ft.View(
            key=VIEW_KEY,
            appbar=appbar,
            bottom_appbar=confirm_bar(app),
            scroll=ft.ScrollMode.AUTO,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            controls=[ft.Container(width=min(width, READING_WIDTH), content=column)],
        )
    column.scroll = ft.ScrollMode.AUTO
    return ft.View(
        key=VIEW_KEY,
        appbar=appbar,
        bottom_appbar=confirm_bar(app),
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        spacing=8,
        controls=[
            ft.Container(width=min(width, READING_WIDTH), content=column, expand=True),
            ft.Container(width=min(width, READING_WIDTH), content=dock),
        ],
    )


def revision_marker(app: ScorepadApp) -> ft.Control:
    """An invisible node naming the state's revision: browser tests wait for it to change
    after a tap instead of sleeping and hoping."""
    return ft.Semantics(
        identifier=f"revision-{app.revision}",
        label=f"revision {app.revision}",  # a marker for tests, not words: never translated
        content=ft.Container(width=1, height=1),
    )


def error_line(identifier: str, error: str) -> ft.Control:
    """A refusal in red, read once: the words are the node's accessible name, and the text
    drawn under it is kept out of the tree (a screen reader said it twice before)."""
    return tagged(
        identifier,
        ft.Semantics(
            label=error,
            live_region=True,
            exclude_semantics=True,
            content=ft.Text(error, color=ft.Colors.ERROR, size=14),
        ),
    )


def dialog_message(app: ScorepadApp, identifier: str) -> list[ft.Control]:
    """The line the last action left, inside a modal dialog (the page's message line is under
    it): what a tap in the dialog did, or why it was refused, in red."""
    message = app.message
    if message is None:
        return []
    color = ft.Colors.ERROR if message.kind is MessageKind.ERROR else None
    return [tagged(identifier, ft.Text(say(message.text), size=14, color=color))]


@lru_cache(maxsize=4)
def qr_image(text: str) -> bytes:
    """``text`` (an address) as a QR code PNG, made once per text: a dialog drawn again keeps
    it. segno is imported here, when a QR code is first shown: no other screen needs it."""
    from scorepad.ui.qr_code import qr_png

    return qr_png(text)
