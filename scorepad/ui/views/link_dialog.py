"""The game's link, over the game screen: a QR code to scan across the table, the link to copy
into a message, and what it holds. Opened from the game's menu ("Share as a link"). And over
the home screen, a field to paste a link received (for a link that opened elsewhere: in the
browser rather than the home-screen app, or at another computer's address). The state is
:class:`~scorepad.ui.state.game_links.GameLinks`.
"""

from __future__ import annotations

import logging

import flet as ft

from scorepad.i18n import N_, say, tr
from scorepad.ui.state import ScorepadApp, Screen
from scorepad.ui.state.game_links import GameLinks, SharedLink
from scorepad.ui.views.common import dialog_message, qr_image, revision_marker, tagged

log = logging.getLogger("scorepad.ui")

QR_SIZE = 280
"""The QR code's side in pixels: a game's link is a dense code, and a phone held across the
table still reads it at this size."""

# TRANSLATORS: a menu entry of the game screen: its link and QR code
SHARE_AS_LINK = N_("Share as a link")
"""The game menu's entry (in English: translate it where it is shown, ``tr(SHARE_AS_LINK)``)."""
OPEN_A_LINK = N_("Open a game's link")
"""The home screen's button and the paste dialog's title (English: ``tr(OPEN_A_LINK)``)."""


def link_dialog(app: ScorepadApp) -> ft.AlertDialog | None:
    """The dialog, while a link is shown for the game on show."""
    links = app.links
    shown = links.showing
    if shown is None:
        return None
    content: list[ft.Control] = [
        ft.Text(
            tr(
                "{about}. Whoever opens this link gets a copy of the game as it stands now, "
                "on their own device: it goes through no server."
            ).format(about=say(shown.about)),
            size=15,
        )
    ]
    if shown.has_qr:
        content.append(
            tagged(
                "link-qr",
                ft.Image(
                    src=qr_image(shown.link),
                    width=QR_SIZE,
                    height=QR_SIZE,
                    semantics_label=tr("QR code of the game's link"),
                ),
            )
        )
    else:
        content.append(ft.Text(tr("This game is too long for a QR code: copy the link."), size=14))
    content.append(
        tagged(
            "game-link",
            ft.Text(
                shown.link, size=12, selectable=True, max_lines=4, overflow=ft.TextOverflow.ELLIPSIS
            ),
        )
    )
    if shown.on_this_computer_only:
        content.append(
            ft.Text(
                tr(
                    "This address opens on this computer only. To open the game on a phone, "
                    "send the link and open it in scorepad there (its app or its server): the "
                    "game is in the part after #game=."
                ),
                size=13,
            )
        )
    content.append(copy_button(links, shown))
    if links.copy_note is not None:
        content.append(tagged("copy-note", ft.Text(say(links.copy_note), size=14)))
    content.append(revision_marker(app))  # the modal dialog hides the page's from tests
    return ft.AlertDialog(
        modal=True,
        title=ft.Text(tr("Share this game")),
        content=ft.Column(content, tight=True, spacing=10, width=320, scroll=ft.ScrollMode.AUTO),
        actions=[tagged("link-close", ft.TextButton(tr("Close"), on_click=links.close))],
        on_dismiss=links.close,
    )


def copy_button(links: GameLinks, shown: SharedLink) -> ft.Control:
    """Copy the link to the device's clipboard; the line under it says whether it worked."""

    async def copy(_: ft.Event[ft.Button]) -> None:
        try:
            await ft.Clipboard().set(shown.link)
        except Exception as problem:  # the browser refused (not a secure address, say)
            log.warning("could not copy the game's link: %s", problem)
            links.copied(False)
            return
        links.copied(True)

    return tagged(
        "copy-link",
        ft.FilledTonalButton(tr("Copy link"), icon=ft.Icons.CONTENT_COPY, on_click=copy),
    )


def paste_dialog(app: ScorepadApp) -> ft.AlertDialog | None:
    """The field to paste a game's link in, while it is asked for on the home screen."""
    links = app.links
    if not links.pasting or app.screen is not Screen.HOME:
        return None
    content: list[ft.Control] = [
        ft.Text(
            tr(
                "Paste a game's link (it has #game= in it). The game in it is checked, then "
                "added to this device's games after one more tap."
            ),
            size=15,
        ),
        tagged(
            "pasted-link",
            ft.TextField(
                label=tr("The game's link"),
                value=links.pasted,
                autofocus=True,
                on_change=lambda e: links.paste(str(e.control.value or "")),
                on_submit=lambda e: links.open_pasted(str(e.control.value or "")),
            ),
        ),
    ]
    content += dialog_message(app, "paste-message")
    content.append(revision_marker(app))
    return ft.AlertDialog(
        modal=True,
        title=ft.Text(tr(OPEN_A_LINK)),
        content=ft.Column(content, tight=True, spacing=10, width=320, scroll=None),
        actions=[
            tagged("paste-cancel", ft.TextButton(tr("Cancel"), on_click=links.cancel_paste)),
            tagged(
                "open-pasted",
                # a lambda: Flet would hand its event to open_pasted as the text
                # TRANSLATORS: a button: open the game in the pasted link
                ft.FilledButton(tr("Open"), on_click=lambda: links.open_pasted()),  # noqa: PLW0108
            ),
        ],
        on_dismiss=links.cancel_paste,
    )
