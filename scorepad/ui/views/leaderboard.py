"""The running leaderboard: one band of chips above the round, best first."""

from __future__ import annotations

import flet as ft

from scorepad.engine import Standing, format_cents
from scorepad.ui.state import GameSession
from scorepad.ui.views.common import bounded_name, tagged

CHIP_NAME_WIDTH = 110
"""The most room a name takes in a chip (about a dozen letters at the chip's size): a longer
name ends in an ellipsis, so one long name cannot push everyone else's total out of view."""


def leaderboard(session: GameSession) -> ft.Control:
    """Rank, name, total and the last round's change, best first, readable across a table; in
    a game played for a stake also each player's sets and what they owe for them so far."""
    sheet = session.sheet
    started = bool(sheet.rounds)
    owed = sheet.owed_so_far()
    chips = [
        standing_chip(
            standing,
            started=started,
            leading=started and standing.rank == 1,
            owes=None if owed is None else owed[standing.player],
        )
        for standing in sheet.standings
    ]
    # one band that scrolls sideways: wrapped, 5+ players took three rows of a phone's height
    return tagged("leaderboard", ft.Row(chips, spacing=6, scroll=ft.ScrollMode.AUTO))


def tab_text(sets: int, owes: int) -> str:
    """A player's sets and what they cost so far, as short as a chip needs it."""
    if sets == 0:
        return "no sets"
    return f"{sets} set{'s' if sets != 1 else ''} · owes {format_cents(owes)}"


def standing_chip(
    standing: Standing, *, started: bool, leading: bool, owes: int | None
) -> ft.Control:
    """One player's chip. The name may be cut short on screen; the chip's accessible name says
    everything in full ("1. Ann 34 (+12), 2 sets · owes 10¢"), read as one phrase."""
    rank = f"{standing.rank}. " if started else ""
    change = "" if standing.last_change is None else f" ({standing.last_change:+d})"
    tab = None if owes is None else tab_text(standing.sets, owes)
    parts: list[ft.Control] = []
    if rank:
        parts.append(ft.Text(rank.strip(), size=16))
    parts += [
        bounded_name(standing.player, size=16, width=CHIP_NAME_WIDTH),
        ft.Text(str(standing.total), size=18, weight=ft.FontWeight.BOLD),
    ]
    if change:
        parts.append(ft.Text(change.strip(), size=13))
    if tab is not None:
        parts.append(ft.Text(f"· {tab}", size=13))
    label = f"{rank}{standing.player} {standing.total}{change}" + (f", {tab}" if tab else "")
    return ft.Semantics(
        identifier=f"standing-{standing.player}",
        label=label,
        exclude_semantics=True,
        content=ft.Container(
            padding=ft.Padding.symmetric(horizontal=10, vertical=4),
            border_radius=16,
            bgcolor=ft.Colors.TERTIARY_CONTAINER if leading else ft.Colors.SURFACE_CONTAINER_HIGH,
            content=ft.Row(
                parts,
                spacing=4,
                tight=True,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
        ),
    )
