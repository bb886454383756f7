"""The tricks step's other way: marking each trick's winner as it falls (tally mode).

Counting at the end (the number pad) stays the default; the choice is a compact two-way
switch beside the prompt on the tricks step, so that it costs the docked pad no row of its own.
In tally mode the pad gives way to one big button per player (tap: that player took the trick
being played), each showing the tricks taken and how the player stands ("needs 2 more",
"made it so far", "set"), and "Undo last trick". Every rule (the status, the last trick, what
may be switched when) is the engine's (:mod:`scorepad.engine.tally`); this draws it and passes
taps on to the game controller.

On a phone the buttons sit three to a row (116 px each fit 390 px with the screen's padding),
so eight players and the undo take three rows of the docked pad.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad.engine import Tally, TallyLine, TrickStatus
from scorepad.i18n import say, tr
from scorepad.ui.state import GameController, RoundEntryState, Stage, Tap, TapMeaning
from scorepad.ui.state.display_names import DisplayNames
from scorepad.ui.views.common import ink_free_key, tagged
from scorepad.ui.views.kept import kept

MARK_WIDTH = 116
"""Three buttons and two gaps to a 366 px row (a 390 px phone less the screen's padding)."""
MARK_HEIGHT = 48
"""Material's smallest tap target: a name on two lines and the status line under it. Three
rows of these, the prompt's row and Record leave room above the dock for eight players'
lines (with the leaderboard's chips on three lines, in a game played for a stake)."""
GAP = 6
RUN_GAP = 4
CLOSED_TEXT = ft.Colors.ON_SURFACE_VARIANT
CLOSED_BACKGROUND = ft.Colors.SURFACE_CONTAINER_HIGHEST
"""A closed mark button's colours: a pair the contrast test holds to WCAG AA in both themes."""
CHOICE_HEIGHT = 48
"""Material's smallest tap target, as the pad's keys."""
CHOICE_WIDTH = 98
"""Each half of the switch: "undo counts first" in small type fits it."""


def tally_prompt(entry: RoundEntryState) -> str | None:
    """The dock's prompt while tricks are marked: which trick is being played. Before the
    first mark it says that the tricks are being marked (a table that marked last round
    marks again, and whoever meant to count sees the way chosen, beside the switch)."""
    tally = entry.tally
    if tally is None or entry.stage is not Stage.TRICKS or tally.trick_name is None:
        return None
    trick = say(tally.trick_name)
    if not tally.marked:
        # TRANSLATORS: the prompt before the first trick is marked ("trick 1 of 5")
        return tr("Marking as they fall: who took {trick}?").format(trick=trick)
    # TRANSLATORS: the prompt while tricks are marked ("trick 2 of 5", "the last trick")
    return tr("Who took {trick}?").format(trick=trick)


def tricks_mode(game: GameController, entry: RoundEntryState) -> ft.Control | None:
    """The switch between counting at the end and marking as they fall, for the prompt's
    row: on the tricks step only, never on a round being corrected or an entry picked to
    correct. A way closed by what is entered (switching would drop it; the engine refuses it
    too) stays in view, greyed, saying what to undo first."""
    if entry.editing or entry.selection is not None or entry.stage is not Stage.TRICKS:
        return None
    tally = entry.tally
    if tally is None:
        return mode_choice(
            game,
            tallying=False,
            entered=bool(entry.draft.tricks),
            seen=game.meaning(Tap.TALLY_MODE),
        )
    return mode_choice(
        game, tallying=True, entered=tally.marked > 0, seen=game.meaning(Tap.TALLY_MODE)
    )


def tricks_marks(
    game: GameController, entry: RoundEntryState, names: DisplayNames
) -> ft.Control | None:
    """In tally mode, the button per player and "Undo last trick" (kept until Record, so the
    last mark can still be taken back); each player under the name they are known by now."""
    tally = entry.tally
    if tally is None or entry.editing or entry.selection is not None:
        return None
    if entry.stage not in (Stage.TRICKS, Stage.CONFIRM):
        return None
    return tally_marks(game, tally, names, game.meaning(Tap.MARK))


@kept
def mode_choice(
    game: GameController, tallying: bool, entered: bool, seen: TapMeaning | None = None
) -> ft.Control:
    """Two halves, the way in use filled in. The other way is closed once something is
    entered the way in use (counts typed, or tricks marked): it says to undo that first."""
    return tagged(
        "tricks-mode",
        ft.Row(
            [
                choice_button(
                    "tricks-count",
                    # TRANSLATORS: half of a switch: count the tricks at the end of the hand
                    tr("Count"),
                    # TRANSLATORS: under "Count" on the switch (small, narrow)
                    tr("at the end"),
                    chosen=not tallying,
                    on_click=lambda: game.choose_tally(False, seen),
                    # TRANSLATORS: under "Count" when closed: take back the marked tricks first
                    closed=tr("undo marks first") if tallying and entered else None,
                    meaning=tr(
                        "Count at the end: enter each player's tricks when the hand is over"
                    ),
                ),
                choice_button(
                    "tricks-tally",
                    # TRANSLATORS: half of a switch: mark each trick's winner as it is taken
                    tr("Mark"),
                    # TRANSLATORS: under "Mark" on the switch (small, narrow)
                    tr("as they fall"),
                    chosen=tallying,
                    on_click=lambda: game.choose_tally(True, seen),
                    # TRANSLATORS: under "Mark" when closed: take back the counts entered first
                    closed=tr("undo counts first") if not tallying and entered else None,
                    meaning=tr("Mark as they fall: tap the winner of each trick as it is taken"),
                ),
            ],
            spacing=0,
            tight=True,
        ),
        seen,
    )


def choice_button(
    identifier: str,
    title: str,
    detail: str,
    *,
    chosen: bool,
    on_click: Callable[[], None],
    closed: str | None,
    meaning: str,
) -> ft.Control:
    """One half of the switch: its name over a short line that says what it means, or, when
    closed, what to undo first (the accessible name says it all)."""
    left = identifier == "tricks-count"
    radius = CHOICE_HEIGHT // 2
    label = meaning
    if closed is not None:
        # TRANSLATORS: a switch's half for a screen reader: what it means, then why it is closed
        label = tr("{meaning} (closed: {reason})").format(meaning=meaning, reason=closed)
    if chosen:
        # TRANSLATORS: a switch's half for a screen reader: the way in use
        label = tr("{meaning} (chosen)").format(meaning=label)
    return tagged(
        identifier,
        ft.Button(
            # an accessible name, not a tooltip: on a phone a long press would cover the pad
            content=ft.Semantics(
                label=label,
                exclude_semantics=True,
                content=ft.Column(
                    [
                        ft.Text(title, size=15, weight=ft.FontWeight.W_600),
                        ft.Text(closed or detail, size=11, max_lines=1, no_wrap=True),
                    ],
                    spacing=0,
                    tight=True,
                    horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                    alignment=ft.MainAxisAlignment.CENTER,
                ),
            ),
            on_click=on_click,
            disabled=closed is not None,
            width=CHOICE_WIDTH,
            height=CHOICE_HEIGHT,
            style=ft.ButtonStyle(
                bgcolor=ft.Colors.SECONDARY_CONTAINER if chosen else None,
                side=ft.BorderSide(2 if chosen else 1, ft.Colors.OUTLINE),
                padding=ft.Padding.symmetric(horizontal=4),
                elevation=0,
                shape=ft.RoundedRectangleBorder(
                    radius=ft.BorderRadius.only(
                        top_left=radius if left else 0,
                        bottom_left=radius if left else 0,
                        top_right=0 if left else radius,
                        bottom_right=0 if left else radius,
                    )
                ),
            ),
        ),
    )


@kept
def tally_marks(
    game: GameController, tally: Tally, names: DisplayNames, seen: TapMeaning | None = None
) -> ft.Control:
    """A button per player and "Undo last trick", drawn again only when a mark changes."""
    buttons = [
        mark_button(game, line, names, closed=tally.complete, seen=seen) for line in tally.lines
    ]
    undo_seen = None if seen is None else TapMeaning(Tap.UNDO_TRICK, seen.shift)  # moves with MARK
    last = tally.last_winner
    buttons.append(
        tagged(
            "undo-trick",
            ft.OutlinedButton(
                content=tr("Undo last trick"),
                icon=ft.Icons.UNDO,
                on_click=lambda: game.undo_trick(undo_seen),
                disabled=last is None,
                width=MARK_WIDTH,
                height=MARK_HEIGHT,
                # TRANSLATORS: the tooltip of "Undo last trick": which trick, and who took it
                tooltip=tr("Take back trick {number} ({name})").format(
                    number=tally.marked, name=names.shown(last)
                )
                if last
                else tr("No trick marked"),
                style=ft.ButtonStyle(
                    padding=ft.Padding.symmetric(horizontal=6),
                    shape=ft.RoundedRectangleBorder(radius=12),
                ),
            ),
            undo_seen,
        )
    )
    return tagged("tally", ft.Row(buttons, wrap=True, spacing=GAP, run_spacing=RUN_GAP))


def mark_button(
    game: GameController,
    line: TallyLine,
    names: DisplayNames,
    *,
    closed: bool,
    seen: TapMeaning | None = None,
) -> ft.Control:
    """One player's button: their name as known now (on two lines when long, so that
    "Anne-Marie Johnson" and "Anne-Marie Jones" differ), how they stand and the tricks taken
    against the bid. The tap passes on the name the game knows the seat by.

    An open button is an ink-free key, as the number pad's are (``quick_key`` in common.py):
    it is tapped once a trick, and a Flet button's ripple kept the page from showing the mark
    for 10 to 40 ms more. A closed one (every trick marked) is a disabled button, never
    tapped, still read at the Record step in colours the contrast test checks."""
    bid = "–" if line.bid is None else str(line.bid)
    status = say(line.text)
    ink = None if closed else ft.Colors.ON_SECONDARY_CONTAINER
    content = ft.Column(
        [
            ft.Text(
                names.shown(line.name),
                size=13,
                weight=ft.FontWeight.W_600,
                max_lines=2,
                overflow=ft.TextOverflow.ELLIPSIS,
                semantics_label=names.said(line.name),  # whole, however shortened
                color=ink,
            ),
            ft.Row(
                [
                    ft.Text(
                        status,
                        size=11,
                        max_lines=1,
                        overflow=ft.TextOverflow.ELLIPSIS,
                        italic=line.status is TrickStatus.SET,
                        weight=ft.FontWeight.BOLD
                        if line.status is TrickStatus.SET
                        else ft.FontWeight.NORMAL,
                        expand=True,
                        color=ink,
                    ),
                    ft.Text(f"{line.taken}/{bid}", size=13, weight=ft.FontWeight.BOLD, color=ink),
                ],
                spacing=4,
            ),
        ],
        spacing=0,
        alignment=ft.MainAxisAlignment.CENTER,
        tight=True,
    )
    padding = ft.Padding.symmetric(horizontal=6)
    key: ft.Control = (
        ink_free_key(
            content,
            lambda: game.mark_trick(line.name, seen),
            width=MARK_WIDTH,
            height=MARK_HEIGHT,
            radius=12,
            padding=padding,
        )
        if not closed
        else ft.Button(
            content=content,
            disabled=True,
            width=MARK_WIDTH,
            height=MARK_HEIGHT,
            # no tooltip: the button says it all, and a tooltip would cover the next row
            style=ft.ButtonStyle(
                padding=padding,
                shape=ft.RoundedRectangleBorder(radius=12),
                # closed once every trick is marked, yet still read at the Record step (who
                # made it, who is set): Material's greyed text was under 4.5:1
                color={ft.ControlState.DISABLED: CLOSED_TEXT},
                bgcolor={ft.ControlState.DISABLED: CLOSED_BACKGROUND},
            ),
        )
    )
    # a closed one is a (disabled) button already
    return tagged(f"mark-{line.name}", key, button=not closed or None)
