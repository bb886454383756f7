"""The scorekeeper's share panel, over the game screen: the join address as text and as a QR
code, the PIN with Change PIN, the seats with Release, and when the secret bids are shown.

Opened from the game screen's app bar ("Share", only for the scorekeeper of a shared table);
the state is :class:`~scorepad.ui.state.share_panel.SharePanel`.
"""

from __future__ import annotations

import flet as ft

from scorepad.i18n import say, tr
from scorepad.ui.state import ScorepadApp, Screen
from scorepad.ui.state.share_panel import Seat, SharePanel
from scorepad.ui.views.common import (
    dialog_message,
    icon_button,
    qr_image,
    revision_marker,
    tagged,
)

QR_SIZE = 220
"""The QR code's side in pixels: a phone across the table reads it at once."""


def share_button(app: ScorepadApp) -> ft.Control | None:
    """The app bar's Share button (None where there is no share panel)."""
    if not app.share_panel.available:
        return None
    return tagged(
        "share",
        icon_button(
            ft.Icons.QR_CODE_2,
            tooltip=tr("Share: join address, PIN, seats"),
            on_click=app.share_panel.open,
        ),
    )


def share_dialog(app: ScorepadApp) -> ft.AlertDialog | None:
    """The panel, while it is open on the game screen of the table's scorekeeper."""
    panel = app.share_panel
    if not panel.is_open or app.screen is not Screen.GAME or not panel.available:
        return None
    content: list[ft.Control] = [*join_part(panel), *pin_part(app, panel)]
    seats = panel.seats()
    if seats:
        # TRANSLATORS: the players' places at the table, each taken by a phone or free
        content.append(ft.Text(tr("Seats"), size=16, weight=ft.FontWeight.BOLD))
        content += [seat_row(panel, seat) for seat in seats]
    if panel.bids_at_once:
        content.append(reveal_switch(panel))
    hidden = panel.hidden_bids()
    if hidden is not None:
        content.append(tagged("hidden-bids", ft.Text(say(hidden.words), size=15)))
    # a modal dialog hides the page (and its revision marker) from the accessibility tree:
    # the dialog carries its own, so a browser test can wait for a tap's effect
    content.append(revision_marker(app))
    return ft.AlertDialog(
        modal=True,
        title=ft.Text(tr("Join this table")),
        content=ft.Column(content, tight=True, spacing=10, width=300, scroll=ft.ScrollMode.AUTO),
        actions=[tagged("share-close", ft.TextButton(tr("Close"), on_click=panel.close))],
        on_dismiss=panel.close,
    )


def reveal_switch(panel: SharePanel) -> ft.Control:
    """Whether the last secret bid shows them all, or the scorekeeper's "Ready, set, go!";
    with a player without a phone the switch waits for the last phone's bid, and the line
    under it says when that player's bid is entered (the state's words)."""
    switch = tagged(
        "reveal-on-last-bid",
        ft.Switch(
            label=say(panel.reveal_label),
            value=panel.reveal_on_last_bid,
            on_change=lambda e: panel.set_reveal_on_last_bid(bool(e.control.value)),
        ),
    )
    note = panel.reveal_note
    if note is None:
        return switch
    return ft.Column([switch, tagged("no-phone", ft.Text(say(note), size=13))], spacing=2)


def join_part(panel: SharePanel) -> list[ft.Control]:
    """The join address as a QR code and as text (and the machine's other addresses, for
    phones on another of its networks)."""
    url = panel.join_url
    if url is None:
        return [ft.Text(tr("Open this server's address on each phone to join."), size=15)]
    parts: list[ft.Control] = [
        ft.Text(tr("Scan, or open on each phone:"), size=15),
        tagged(
            "join-qr",
            ft.Image(
                src=qr_image(url),
                width=QR_SIZE,
                height=QR_SIZE,
                semantics_label=tr("QR code of {address}").format(address=url),
            ),
        ),
        tagged("join-address", ft.Text(url, size=18, selectable=True, weight=ft.FontWeight.W_500)),
    ]
    others = panel.other_join_urls
    if others:
        # TRANSLATORS: between the addresses of a list ("http://10.0.0.2:8550, http://…")
        addresses = tr(", ").join(others)
        words = tr("On another network: {addresses}").format(addresses=addresses)
        parts.append(tagged("other-join-addresses", ft.Text(words, size=13, selectable=True)))
    return parts


def pin_part(app: ScorepadApp, panel: SharePanel) -> list[ft.Control]:
    """The PIN, with the line the last action left (the page's message line is under the
    dialog): the new PIN said, or why a tap was refused."""
    parts: list[ft.Control] = [
        tagged(
            "pin",
            ft.Text(
                tr("PIN to keep score: {pin}").format(pin=panel.pin),
                size=18,
                weight=ft.FontWeight.BOLD,
            ),
        ),
        tagged("change-pin", ft.OutlinedButton(tr("Change PIN"), on_click=panel.change_pin)),
    ]
    return [*parts, *dialog_message(app, "share-message")]


def seat_row(panel: SharePanel, seat: Seat) -> ft.Control:
    # TRANSLATORS: a seat taken by a player's phone ("on a phone") or no one's ("free")
    state = tr("on a phone") if seat.taken else tr("free")
    return tagged(
        f"seat-{seat.player}",
        ft.Row(
            [
                ft.Text(
                    seat.player,
                    size=16,
                    expand=True,
                    max_lines=1,
                    overflow=ft.TextOverflow.ELLIPSIS,
                    # TRANSLATORS: a seat as a screen reader says it: "Ann: on a phone"
                    semantics_label=tr("{player}: {state}").format(player=seat.player, state=state),
                ),
                ft.Text(state, size=14),
                tagged(
                    f"release-{seat.player}",
                    ft.TextButton(
                        content=ft.Text(
                            # TRANSLATORS: a button: free a player's seat for another phone
                            tr("Release"),
                            semantics_label=tr("Release {player}'s seat").format(
                                player=seat.player
                            ),
                        ),
                        disabled=not seat.taken,
                        on_click=lambda _, name=seat.player: panel.release(name),
                    ),
                ),
            ],
            spacing=6,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        ),
    )
