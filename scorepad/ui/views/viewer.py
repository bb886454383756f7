"""The viewer screen: the game the shared table watches, readable on a phone, and a seat to bid
from. It offers no control that changes anything but the PIN, the seat and the seat's own bid
(the state refuses everything else anyway: :mod:`scorepad.ui.state.viewer`)."""

from __future__ import annotations

import flet as ft

from scorepad.i18n import N_, say, tr
from scorepad.ui.state import GameSession, RoundEntryState, ScorepadApp, Stage
from scorepad.ui.state.viewer import SeatChoice, SeatState, Viewer
from scorepad.ui.views.common import (
    SIDE_PANEL_GAP,
    SIDE_PANEL_WIDTH,
    TAP,
    VIEW_KEY,
    heading,
    message_bar,
    tagged,
)
from scorepad.ui.views.game import (
    WIDE,
    pad_keys,
    pad_note_line,
    player_table,
    round_info,
    round_title,
)
from scorepad.ui.views.kept import redrawn_on
from scorepad.ui.views.language_menu import language_menus
from scorepad.ui.views.leaderboard import leaderboard
from scorepad.ui.views.sheet import results_panel, sheet_panel
from scorepad.ui.views.typed import typed_field

WAITING = N_("Waiting for the scorekeeper to open a game: it shows here as soon as they do.")
"""The viewer's line while no game is on the table (translated where shown)."""
NO_TRUMP_YET = N_("Waiting for the turned card")
"""The trump line before the card is turned (translated where shown)."""


def viewer_view(app: ScorepadApp, width: float) -> ft.View:
    """The viewer's one screen: the leaderboard, the round in progress with the seats (or
    this phone's seat and its pad), the score sheet, and the PIN to keep score; while no game
    is on the table, a line saying it will show here."""
    viewer = app.viewer
    session = viewer.session
    body: list[ft.Control | None] = [message_bar(app, viewer.names.in_words)]
    if session is None:
        body.append(waiting(viewer))
    else:
        body += game_parts(app, viewer, session, width)
    body.append(pin_part(viewer))
    title = "scorepad" if session is None else session.game.variant.name
    column = ft.Column([part for part in body if part is not None], spacing=14)
    return ft.View(
        key=VIEW_KEY,
        appbar=ft.AppBar(
            title=ft.Text(title, size=18),
            automatically_imply_leading=False,  # a viewer has nowhere else to go
            actions=language_menus(app),
        ),
        scroll=ft.ScrollMode.AUTO,
        padding=ft.Padding.symmetric(horizontal=12, vertical=8),
        controls=[tagged("viewer-screen", column)],
    )


def waiting(viewer: Viewer) -> ft.Control:
    lines: list[ft.Control] = [tagged("viewer-waiting", ft.Text(tr(WAITING), size=18))]
    if viewer.problem is not None:
        problem = say(viewer.problem)
        lines.append(tagged("viewer-problem", ft.Text(problem, color=ft.Colors.ERROR)))
    return ft.Column(lines, spacing=8)


def game_parts(
    app: ScorepadApp, viewer: Viewer, session: GameSession, width: float
) -> list[ft.Control | None]:
    """The game as the scorekeeper's screen shows it, every part read only: the sheet's round
    numbers correct nothing, the round's boxes take no tap, the end offers no way on. On a
    wide window (a laptop or a television at the table) the round and the seats sit beside
    the sheet, as on the scorekeeper's game screen."""
    parts: list[ft.Control | None] = [
        redrawn_on(
            (session.sheet, session.names, session.symbol, width), leaderboard, session, width
        )
    ]
    drawn = viewer.sheet_session or session  # a moment behind after a change at the table
    depends_on = (drawn.sheet, drawn.game.variant.winner, width, drawn.names)
    sheet = redrawn_on(depends_on, sheet_panel, None, drawn)
    entry = session.entry
    if entry is None:
        return [*parts, results_panel(app, session, read_only=True), sheet]
    playing = [round_part(viewer, session, entry), seat_part(viewer)]
    if width < WIDE:
        return [*parts, *playing, sheet]
    beside = ft.Row(
        [
            ft.Container(ft.Column(playing, spacing=14), width=SIDE_PANEL_WIDTH),
            ft.Container(sheet, expand=True),
        ],
        vertical_alignment=ft.CrossAxisAlignment.START,
        spacing=SIDE_PANEL_GAP,
    )
    return [*parts, beside]


def round_part(viewer: Viewer, session: GameSession, entry: RoundEntryState) -> ft.Control:
    """The round in progress: the deal, the trump, who has bid in secret (names only) or
    the bids as they are entered, and the tricks."""
    names = session.names
    info = round_info(entry, names)
    trump = tr(NO_TRUMP_YET) if entry.trump is None else say(entry.trump.note)
    parts: list[ft.Control] = [
        tagged(
            "viewer-round-title",
            ft.Text(
                round_title(entry, session.sheet.rounds_total), size=20, weight=ft.FontWeight.BOLD
            ),
        ),
        ft.Text(
            info, size=15, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS, semantics_label=info
        ),
        tagged("viewer-trump", ft.Text(trump, size=16, weight=ft.FontWeight.W_500)),
    ]
    hidden = viewer.hidden_bids()
    if hidden is not None:
        words = names.in_words(say(hidden.words))
        parts.append(tagged("hidden-bids", ft.Text(words, size=15, semantics_label=words)))
    parts.append(player_table(None, entry, names))
    if entry.stage not in (Stage.TRUMP, Stage.GO):
        parts.append(tagged("balance", ft.Text(say(entry.balance), size=15)))
    return ft.Column(parts, spacing=8)


def seat_part(viewer: Viewer) -> ft.Control:
    """The seats: "Which seat is yours?" with a button per free seat; once seated, "You are
    Ann", what the phone's bid waits for, and the pad when it is Ann's turn (its closed keys
    with the engine's reason, as on the scorekeeper's pad)."""
    seat = viewer.my_seat
    names = viewer.names
    if seat is None:
        return seat_choices(viewer, tr("Which seat is yours?"))
    parts: list[ft.Control] = [
        tagged(
            "my-seat",
            # TRANSLATORS: on a player's own phone: the seat it bids for
            ft.Text(
                tr("You are {name}").format(name=names.shown(seat)),
                size=20,
                weight=ft.FontWeight.BOLD,
            ),
        )
    ]
    status = viewer.seat_status
    if status is not None:
        parts.append(tagged("my-bid", ft.Text(names.in_words(say(status)), size=16)))
    pad = viewer.my_pad
    if pad is not None:
        note = viewer.pad_note
        if note is not None:
            parts.append(pad_note_line(note, names))
        parts.append(pad_keys(viewer.bid, pad))
    if viewer.seat_gone:  # handed to a late arrival, or to whoever took the seat over
        parts.append(seat_choices(viewer, tr("Someone else's seat now?")))
    return ft.Column(parts, spacing=6)


def seat_choices(viewer: Viewer, question: str) -> ft.Control:
    return ft.Column(
        [
            heading(question),
            ft.Row(
                [seat_choice(viewer, choice) for choice in viewer.seats()],
                wrap=True,
                spacing=8,
                run_spacing=8,
            ),
        ],
        spacing=8,
    )


def seat_choice(viewer: Viewer, choice: SeatChoice) -> ft.Control:
    """A free seat is a button ("I am Ann"); one another phone holds is only said to be."""
    shown = viewer.names.shown(choice.player)
    if choice.state is SeatState.FREE:
        return tagged(
            f"claim-{choice.player}",
            ft.OutlinedButton(
                # TRANSLATORS: a button on a phone that claims a seat at the table
                tr("I am {name}").format(name=shown),
                icon=ft.Icons.PERSON,
                height=TAP - 8,
                on_click=lambda: viewer.claim_seat(choice.player),
            ),
        )
    return tagged(
        f"taken-{choice.player}",
        ft.Text(tr("{name}'s seat is taken").format(name=shown), size=14, italic=True),
    )


def pin_part(viewer: Viewer) -> ft.Control:
    """The way to keep score from this screen: the PIN shown on the scorekeeper's screen.
    Why the last Unlock was refused is said in the line right above the field, in place of
    the hint: the page's message line is at the top of a long page, out of sight of a field
    at its foot, and a line under the field would fall below the screen's edge."""
    refused = viewer.pin_message
    refusal = "" if refused is None else say(refused.text)
    hint = (
        ft.Text(tr("Enter the PIN to keep score"), size=14)
        if refused is None
        else tagged(
            "pin-message",
            ft.Text(refusal, size=14, color=ft.Colors.ERROR, semantics_label=refusal),
        )
    )
    return ft.Column(
        [
            heading(tr("Keep score")),
            hint,
            ft.Row(
                [
                    typed_field(
                        identifier="pin-field",
                        text=viewer.pin_typed,
                        on_text=viewer.type_pin,
                        # TRANSLATORS: the field for the four-digit code that unlocks scoring
                        label=tr("PIN"),
                        keyboard_type=ft.KeyboardType.NUMBER,
                        max_length=4,
                        width=140,
                        on_submit=lambda e: viewer.enter_pin(
                            e.data if isinstance(e.data, str) else viewer.pin_typed
                        ),
                    ),
                    tagged(
                        "unlock",
                        ft.FilledTonalButton(
                            tr("Unlock"),
                            icon=ft.Icons.LOCK_OPEN,
                            height=TAP - 8,
                            on_click=lambda: viewer.enter_pin(viewer.pin_typed),
                        ),
                    ),
                ],
                spacing=8,
                vertical_alignment=ft.CrossAxisAlignment.START,
            ),
        ],
        spacing=6,
    )
