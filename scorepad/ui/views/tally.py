"""The tricks step's other way: marking each trick's winner as it falls (tally mode).

Counting at the end (the number pad) stays the default; the choice sits above the pad on the
tricks step. In tally mode the pad gives way to one big button per player (tap: that player
took the trick being played), each showing the tricks taken and how the player stands ("needs
2 more", "made it so far", "set"), and "Undo last trick". Every rule (the status, the last
trick, what may be switched when) is the engine's (:mod:`scorepad.engine.tally`); this draws
it and passes taps on to the game controller.

On a phone the buttons sit three to a row (116 px each fit 390 px with the screen's padding),
so eight players and the undo take three rows of the docked pad.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad.engine import Tally, TallyLine, TrickStatus
from scorepad.ui.state import GameController, RoundEntry, Stage
from scorepad.ui.views.common import tagged
from scorepad.ui.views.kept import kept

MARK_WIDTH = 116
"""Three buttons and two gaps to a 366 px row (a 390 px phone less the screen's padding)."""
MARK_HEIGHT = 56
GAP = 6
CHOICE_HEIGHT = 48
"""Material's smallest tap target, as the pad's keys."""


def tally_prompt(entry: RoundEntry) -> str | None:
    """The dock's prompt while tricks are marked: which trick is being played."""
    tally = entry.state.tally
    if tally is None or entry.stage is not Stage.TRICKS or tally.trick_name is None:
        return None
    return f"Who took {tally.trick_name}?"


def tricks_choice(game: GameController, entry: RoundEntry) -> list[ft.Control]:
    """What the tricks step adds to the dock: the choice between counting at the end and
    marking as they fall, and in tally mode the button per player. Nothing on other steps,
    on a round being corrected, or once trick counts are entered (switching then would drop
    them; the engine refuses it too)."""
    state = entry.state
    if entry.editing or entry.selection is not None:
        return []
    tally = state.tally
    if tally is None:
        if entry.stage is not Stage.TRICKS or entry.draft.tricks:
            return []
        return [mode_choice(game, tallying=False, marked=0)]
    if entry.stage not in (Stage.TRICKS, Stage.CONFIRM):
        return []
    return [mode_choice(game, tallying=True, marked=tally.marked), tally_marks(game, tally)]


@kept
def mode_choice(game: GameController, tallying: bool, marked: int) -> ft.Control:
    """Two buttons, the way in use ticked. Back to counting is closed while tricks are
    marked (it would drop them): undo them first."""
    count_closed = tallying and marked > 0
    return tagged(
        "tricks-mode",
        ft.Row(
            [
                choice_button(
                    "tricks-count",
                    "Count at the end",
                    chosen=not tallying,
                    on_click=lambda: game.choose_tally(False),
                    tooltip="Undo the marked tricks first to count at the end instead"
                    if count_closed
                    else "Enter each player's tricks when the hand is over",
                    disabled=count_closed,
                ),
                choice_button(
                    "tricks-tally",
                    "Mark as they fall",
                    chosen=tallying,
                    on_click=lambda: game.choose_tally(True),
                    tooltip="Tap the winner of each trick as it is taken",
                ),
            ],
            spacing=GAP,
        ),
    )


def choice_button(
    identifier: str,
    text: str,
    *,
    chosen: bool,
    on_click: Callable[[], None],
    tooltip: str,
    disabled: bool = False,
) -> ft.Control:
    return tagged(
        identifier,
        ft.Button(
            content=text,
            icon=ft.Icons.CHECK if chosen else None,
            on_click=on_click,
            disabled=disabled,
            height=CHOICE_HEIGHT,
            tooltip=tooltip,
            expand=True,
            style=ft.ButtonStyle(
                bgcolor=ft.Colors.SECONDARY_CONTAINER if chosen else None,
                side=ft.BorderSide(1, ft.Colors.OUTLINE),
                padding=ft.Padding.symmetric(horizontal=8),
                shape=ft.RoundedRectangleBorder(radius=CHOICE_HEIGHT // 2),
            ),
        ),
    )


@kept
def tally_marks(game: GameController, tally: Tally) -> ft.Control:
    """A button per player and "Undo last trick", drawn again only when a mark changes."""
    buttons = [mark_button(game, line, closed=tally.complete) for line in tally.lines]
    last = tally.last_winner
    buttons.append(
        tagged(
            "undo-trick",
            ft.OutlinedButton(
                content="Undo last trick",
                icon=ft.Icons.UNDO,
                on_click=game.undo_trick,
                disabled=last is None,
                width=MARK_WIDTH,
                height=MARK_HEIGHT,
                tooltip=f"Take back trick {tally.marked} ({last})" if last else "No trick marked",
                style=ft.ButtonStyle(
                    padding=ft.Padding.symmetric(horizontal=6),
                    shape=ft.RoundedRectangleBorder(radius=12),
                ),
            ),
        )
    )
    return tagged("tally", ft.Row(buttons, wrap=True, spacing=GAP, run_spacing=GAP))


def mark_button(game: GameController, line: TallyLine, *, closed: bool) -> ft.Control:
    """One player's button: their name, tricks taken against the bid, and how they stand."""
    bid = "–" if line.bid is None else str(line.bid)
    status = line.text
    return tagged(
        f"mark-{line.name}",
        ft.Button(
            content=ft.Column(
                [
                    ft.Row(
                        [
                            ft.Text(
                                line.name,
                                size=15,
                                weight=ft.FontWeight.W_600,
                                max_lines=1,
                                overflow=ft.TextOverflow.ELLIPSIS,
                                semantics_label=line.name,  # whole, however it is shortened
                                expand=True,
                            ),
                            ft.Text(f"{line.taken}/{bid}", size=15, weight=ft.FontWeight.BOLD),
                        ],
                        spacing=4,
                    ),
                    ft.Text(
                        status,
                        size=12,
                        max_lines=1,
                        overflow=ft.TextOverflow.ELLIPSIS,
                        italic=line.status is TrickStatus.SET,
                        weight=ft.FontWeight.BOLD
                        if line.status is TrickStatus.SET
                        else ft.FontWeight.NORMAL,
                    ),
                ],
                spacing=0,
                alignment=ft.MainAxisAlignment.CENTER,
                tight=True,
            ),
            on_click=lambda: game.mark_trick(line.name),
            disabled=closed,
            width=MARK_WIDTH,
            height=MARK_HEIGHT,
            # no tooltip: the button says it all, and a tooltip would cover the next row
            style=ft.ButtonStyle(
                padding=ft.Padding.symmetric(horizontal=8),
                shape=ft.RoundedRectangleBorder(radius=12),
            ),
        ),
    )
