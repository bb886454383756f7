"""The score sheet like the paper pad, the standings, and the end of the game."""

from __future__ import annotations

import flet as ft

from scorepad.engine import Presence, RoundResult, SeatCell, Winner
from scorepad.i18n import say, signed, tr, tr_n
from scorepad.ui.state import GameController, GameSession, ScorepadApp
from scorepad.ui.state.display_names import DisplayNames
from scorepad.ui.views.common import (
    SIDE_PANEL_GAP,
    SIDE_PANEL_WIDTH,
    SUIT_COLORS,
    SUIT_FONT,
    bounded_name,
    heading,
    spoken_names,
    tagged,
)
from scorepad.ui.views.kept import kept
from scorepad.ui.views.table_notes import table_notes

STANDINGS_MAX_WIDTH = 420
"""Wide enough for rank, a long name, total, last and sets; no wider."""
STANDINGS_NAME_WIDTH = 150
"""The most room a name takes in the standings: with rank, total, last and sets beside it the
table fits a phone's 390 px; a longer name ends in an ellipsis."""


def standings_table(session: GameSession) -> ft.Control:
    sheet = session.sheet
    low_wins = session.game.variant.winner is Winner.LOWEST
    rows = [
        ft.DataRow(
            cells=[
                ft.DataCell(ft.Text(str(s.rank))),
                ft.DataCell(standing_name(session, s.player)),
                ft.DataCell(
                    tagged(
                        f"total-{s.player}",
                        ft.Text(str(s.total), size=18, weight=ft.FontWeight.BOLD),
                    )
                ),
                ft.DataCell(ft.Text("" if s.last_change is None else signed(s.last_change))),
                ft.DataCell(ft.Text(str(s.sets))),
            ]
        )
        for s in sheet.standings
    ]
    table = ft.DataTable(
        columns=[
            # TRANSLATORS: the standings' column of ranks (1, 2, 3…)
            ft.DataColumn(label=ft.Text(tr("#")), numeric=True),
            # TRANSLATORS: the standings' column of names
            ft.DataColumn(label=ft.Text(tr("player"))),
            # TRANSLATORS: the standings' column of each player's total score
            ft.DataColumn(label=ft.Text(tr("total")), numeric=True),
            # TRANSLATORS: the standings' column of the points of the last round
            ft.DataColumn(label=ft.Text(tr("last")), numeric=True),
            # TRANSLATORS: the standings' column counting the rounds each player was set
            ft.DataColumn(label=ft.Text(tr("sets")), numeric=True),
        ],
        rows=rows,
        column_spacing=16,
        horizontal_margin=8,
        heading_row_height=36,
        data_row_min_height=40,
        data_row_max_height=56 if any(sheet.seat_note(p) for p in sheet.players) else 44,
    )
    return ft.Column(
        [
            heading(tr("Standings (low score wins)") if low_wins else tr("Standings")),
            tagged("standings", ft.Container(content=table, width=standings_width())),
        ]
    )


def standing_name(session: GameSession, player: str) -> ft.Control:
    """The name, and under it how they came or went ("joined after round 1 at 10", "left
    after round 7"), as the printed pad's standings say it."""
    name = bounded_name(session.names.shown(player), size=15, width=STANDINGS_NAME_WIDTH)
    note = session.sheet.seat_note(player)
    if note is None:
        return name
    return tagged(
        f"standing-note-{player}",
        ft.Column(
            [
                name,
                ft.Text(
                    session.names.in_words(say(note)),
                    size=11,
                    max_lines=1,
                    overflow=ft.TextOverflow.ELLIPSIS,
                    width=STANDINGS_NAME_WIDTH,
                ),
            ],
            spacing=0,
            tight=True,
            alignment=ft.MainAxisAlignment.CENTER,
        ),
    )


def window_width() -> float:
    """The window's width; a laptop's when the view is drawn outside a running page (a test
    rendering views directly)."""
    try:
        return ft.context.page.width or 1024
    except RuntimeError:
        return 1024


def standings_width() -> float | None:
    """How wide the standings may be: bounded on a wide window, so a player's name and total
    stay side by side instead of drifting to opposite edges of a laptop screen; on a phone
    (narrower than the bound) the table keeps its own width."""
    return STANDINGS_MAX_WIDTH if window_width() > STANDINGS_MAX_WIDTH else None


ALL_IN_VIEW_UP_TO = 5
"""Up to this many players every column fits a phone's width (390 px) and the columns share
the width; from one more the player columns scroll sideways beside the round numbers."""
ROUND_COLUMN = 54
PLAYER_COLUMN = 72
"""A player's column when the columns scroll (6 to 8 players)."""
ROOMY_FROM = 1200
"""From this window width every player's column has a fixed, roomier width instead of a
share of the row: shared out across a laptop's width, a player's numbers sat far apart."""
ROOMY_PLAYER_COLUMN = 88
HEADER_HEIGHT = 42
ROW_HEIGHT = 48
"""A row is a tap target: its round number opens the round for correction."""
RULE = ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)
FIXED_EDGE = ft.BorderSide(2, ft.Colors.OUTLINE)
"""The edge of the round numbers when the player columns scroll beside them."""
FADE = 18
"""How many pixels of the scrolling columns fade in at their left edge: a column scrolled half
out of view fades away instead of leaving cut digits beside the round numbers, and a whole
column (its numbers centred in 72 px) is untouched."""
PAGE_PADDING = 24
"""The game screen's padding, left and right together."""


def faded_at_the_left(scrolling: ft.Control) -> ft.Control:
    """``scrolling`` filling the rest of the row, its left edge fading to nothing.

    The mask's stops are fractions of its width, which the view does not know: it is taken
    as the window's less the padding and the round numbers (a phone's case); in the wide
    layout the sheet is narrower, so the fade is a little narrower too."""
    room = max(window_width() - PAGE_PADDING - ROUND_COLUMN, 2 * FADE)
    return ft.ShaderMask(
        content=scrolling,
        expand=True,
        blend_mode=ft.BlendMode.DST_IN,
        shader=ft.LinearGradient(
            begin=ft.Alignment.CENTER_LEFT,
            end=ft.Alignment.CENTER_RIGHT,
            colors=[ft.Colors.TRANSPARENT, ft.Colors.BLACK, ft.Colors.BLACK],
            stops=[0.0, FADE / room, 1.0],
        ),
    )


def rounds_table(game: GameController | None, session: GameSession) -> ft.Control:
    """The paper sheet: a row per round, a column per player (bid/took and points over the
    running total).

    The round numbers are a column of their own that never scrolls: tapping one corrects that
    round. Up to :data:`ALL_IN_VIEW_UP_TO` players the player columns share the width, so a
    phone shows everyone at once; with more they scroll sideways and the round numbers stay in
    view, so every row still says which round it is. On a laptop-wide window every column has
    a fixed width (see :data:`ROOMY_FROM`). ``game`` ``None``: read only (a viewer's screen),
    the round numbers correct nothing."""
    sheet = session.sheet
    if not sheet.rounds:
        return ft.Column([heading(tr("Score sheet")), ft.Text(tr("No rounds recorded yet."))])
    players = sheet.players
    roomy = window_width() >= ROOMY_FROM
    shared = len(players) <= ALL_IN_VIEW_UP_TO and not roomy
    width = ROOMY_PLAYER_COLUMN if roomy else PLAYER_COLUMN
    numbers: ft.Control = ft.Column(
        # TRANSLATORS: the heading of the score sheet's column of round numbers (narrow)
        [sheet_cell(ft.Text(tr("round"), size=12), height=HEADER_HEIGHT, width=ROUND_COLUMN)]
        + [round_number(game, result) for result in sheet.rounds],
        spacing=0,
    )
    scrolls = not shared and not roomy  # roomy columns fit; a fade would only dim a name
    if scrolls:
        # a rule down the fixed column: the column half scrolled under it reads as cut off,
        # not as digits belonging to the round numbers
        numbers = ft.Container(numbers, border=ft.Border(right=FIXED_EDGE))
    lines: list[ft.Control] = [
        ft.Row([player_header(p, width, shared, session.names) for p in players], spacing=0)
    ]
    # a recorded round adds a row: the rows before it are the very controls drawn last time
    lines += [
        score_row(
            result,
            tuple((sheet.cell(result, p), session.names.shown(p)) for p in players),
            width,
            shared,
        )
        for result in sheet.rounds
    ]
    grid = ft.Column(
        lines,
        spacing=0,
        expand=shared,
    )
    columns = (
        faded_at_the_left(ft.Row([grid], scroll=ft.ScrollMode.AUTO))
        if scrolls
        else ft.Container(content=grid, expand=True)
        if shared
        else ft.Row([grid], scroll=ft.ScrollMode.AUTO, expand=True)
    )
    return ft.Column(
        [
            heading(tr("Score sheet")),
            ft.Text(
                tr("Each box: bid/took and the round's points, the total below.")
                if game is None
                else tr(
                    "Each box: bid/took and the round's points, the total below. "
                    "Tap a round's number to correct it."
                ),
                size=12,
            ),
            tagged(
                "sheet",
                ft.Row(
                    [numbers, tagged("sheet-columns", columns)],
                    spacing=0,
                    vertical_alignment=ft.CrossAxisAlignment.START,
                ),
            ),
        ],
        spacing=6,
    )


def sheet_cell(
    content: ft.Control, *, height: float, width: float | None = None, shared: bool = False
) -> ft.Container:
    """One box of the sheet: a fixed height so the round numbers and the players' boxes line
    up row by row; a fixed width, or an equal share of the row (``shared``)."""
    return ft.Container(
        content=content,
        height=height,
        width=None if shared else width,
        expand=shared,
        alignment=ft.Alignment.CENTER,
        padding=ft.Padding.symmetric(horizontal=2),
        border=ft.Border(bottom=RULE),
    )


def player_header(name: str, width: float, shared: bool, names: DisplayNames) -> ft.Control:
    """A player's column head: the name as known now on two lines at most, shortened with an
    ellipsis, the whole name its accessible name ("Robert, played as Bob" when renamed since
    the game; no tooltip: on a phone it would cover the first row)."""
    return tagged(
        f"sheet-player-{name}",
        sheet_cell(
            ft.Text(
                names.shown(name),
                size=12,
                weight=ft.FontWeight.W_500,
                max_lines=2,
                overflow=ft.TextOverflow.ELLIPSIS,
                text_align=ft.TextAlign.CENTER,
                semantics_label=names.said(name),
            ),
            height=HEADER_HEIGHT,
            width=width,
            shared=shared,
        ),
    )


@kept
def score_row(
    result: RoundResult,
    cells: tuple[tuple[SeatCell, str], ...],
    width: float,
    shared: bool,
) -> ft.Control:
    """A round's row of boxes (``cells``: the sheet's, with the name each is read with), drawn
    again only when that round's result (or the columns) change: a correction of round 3
    redraws round 3 and the totals after it."""
    return tagged(
        f"sheet-row-{result.number}",
        ft.Row(
            [score_cell(result.number, cell, width, shared, shown) for cell, shown in cells],
            spacing=0,
        ),
    )


@kept
def round_number(game: GameController | None, result: RoundResult) -> ft.Control:
    """The round's number with its deal and trump under it, and the way to correct the round:
    a tap on the number opens it in the pad (the accessible name says so: "Correct round 4").
    ``game`` ``None``: the number and the deal only (a viewer corrects nothing)."""
    number = result.number
    suit = result.trump
    deal = ft.Text(
        spans=[
            ft.TextSpan(str(result.cards)),
            ft.TextSpan(
                suit.symbol if suit else "–",
                ft.TextStyle(color=SUIT_COLORS[suit.value] if suit else None),
            ),
        ],
        size=12,
        font_family_fallback=[SUIT_FONT],
        # TRANSLATORS: a round's deal and trump, as a screen reader says it ("3 cards, hearts")
        semantics_label=tr_n(
            "{count} card, {trump}", "{count} cards, {trump}", result.cards
        ).format(count=result.cards, trump=say(result.trump_note)),
    )
    number_text: ft.Control = ft.Text(str(number), size=16, weight=ft.FontWeight.BOLD)
    if game is not None:  # a pencil says the round can be corrected
        number_text = ft.Row(
            [number_text, ft.Icon(ft.Icons.EDIT, size=11, color=ft.Colors.PRIMARY)],
            spacing=1,
            tight=True,
        )
    cell = ft.Container(
        content=ft.Column(
            [number_text, deal],
            spacing=0,
            tight=True,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            alignment=ft.MainAxisAlignment.CENTER,
        ),
        width=ROUND_COLUMN,
        height=ROW_HEIGHT,
        alignment=ft.Alignment.CENTER,
        border=ft.Border(bottom=RULE),
    )
    if game is None:  # read-only (a viewer's phone): nothing to tap
        return cell
    cell.ink = True
    cell.on_click = lambda: game.edit_round(number)
    return ft.Semantics(
        identifier=f"edit-round-{number}",
        label=tr("Correct round {number}").format(number=number),
        button=True,
        content=cell,
    )


def score_cell(number: int, cell: SeatCell, width: float, shared: bool, shown: str) -> ft.Control:
    """A player's box in round ``number``: "bid/took points" (red when set) over the running
    total; "sat out" or "left" over it when the table changed, and empty before a late
    arrival's first round (``shown``: the name the box is read with)."""
    if cell.presence is Presence.NOT_YET:
        return sheet_cell(ft.Text(""), height=ROW_HEIGHT, width=width, shared=shared)
    total = cell.total
    if cell.presence is Presence.PLAYED:
        points = signed(cell.points or 0)  # a hand played has its points
        line = f"{cell.bid}/{cell.tricks} {points}"
        said = (
            # TRANSLATORS: a player's box of the sheet, as a screen reader says it
            tr("{name}, round {number}: bid {bid}, took {tricks}, made it, {points}")
            if cell.made
            # TRANSLATORS: a player's box of the sheet, as a screen reader says it
            else tr("{name}, round {number}: bid {bid}, took {tricks}, set, {points}")
        ).format(name=shown, number=number, bid=cell.bid, tricks=cell.tricks, points=points)
    elif cell.presence is Presence.SAT_OUT:
        # TRANSLATORS: a player's box of the sheet in a round they sat out (a narrow box)
        line = tr("sat out")
        said = tr("{name}, round {number}: sat out").format(name=shown, number=number)
    else:
        # TRANSLATORS: a player's box of the sheet in a round after they left (a narrow box)
        line = tr("left")
        said = tr("{name}, round {number}: left").format(name=shown, number=number)
    if cell.adjustment:
        line += f" {signed(cell.adjustment)}*"
        # TRANSLATORS: a box of the sheet as said, then the points adjusted in that round
        said = tr("{box}, adjusted {points}").format(box=said, points=signed(cell.adjustment))
    return sheet_cell(
        ft.Column(
            [
                ft.Text(
                    line,
                    size=12,
                    color=ft.Colors.ERROR if cell.made is False else None,
                    max_lines=1,
                    overflow=ft.TextOverflow.ELLIPSIS,
                    semantics_label=said,
                ),
                ft.Text(
                    str(total),
                    size=16,
                    weight=ft.FontWeight.BOLD,
                    max_lines=1,
                    # TRANSLATORS: a player's running total under a box of the sheet
                    semantics_label=tr("total {total}").format(total=total),
                ),
            ],
            spacing=0,
            tight=True,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            alignment=ft.MainAxisAlignment.CENTER,
        ),
        height=ROW_HEIGHT,
        width=width,
        shared=shared,
    )


def sheet_panel(game: GameController | None, session: GameSession) -> ft.Control:
    """The standings, the rounds and the running totals' chart (``game`` ``None``: read
    only, for a viewer's screen)."""
    # The charts' module (and flet-charts with it) is imported when a sheet is first shown,
    # not when the app starts: the offline web app pays every import at each launch.
    from scorepad.ui.views.charts import running_totals_chart

    parts = [standings_table(session), rounds_table(game, session)]
    notes = table_notes(game, session)
    if notes is not None:
        parts.append(notes)
    chart = running_totals_chart(
        session.sheet,
        sheet_room(session),
        low_wins=session.game.variant.winner is Winner.LOWEST,
        shown=session.names.shown,
    )
    if chart is not None:
        parts.append(chart)
    return ft.Column(parts, spacing=12)


ROUND_PANEL = SIDE_PANEL_WIDTH + SIDE_PANEL_GAP
"""The room the side panel and its gap take from the sheet when they sit side by side."""


def sheet_room(session: GameSession) -> float:
    """The width the sheet has: the window's less the padding, or beside the round's panel
    on a wide window while a round is being entered."""
    from scorepad.ui.views.game import WIDE  # game.py draws this module's panel

    width = window_width()
    room = width - PAGE_PADDING
    if session.entry is not None and width >= WIDE:
        room -= ROUND_PANEL
    return room


def results_panel(app: ScorepadApp, session: GameSession, *, read_only: bool = False) -> ft.Control:
    """The end: winners celebrated, and for a game with a stake, who pays whom; with the ways
    on (continue, play again, all games) unless ``read_only`` (a viewer's screen)."""
    sheet = session.sheet
    parts: list[ft.Control] = []
    shown = session.names
    if sheet.winners:
        names = spoken_names(shown.all_shown(sheet.winners))
        won = tr_n("{names} wins!", "{names} share the win!", len(sheet.winners))
        parts.append(
            tagged(
                "winners",
                ft.Container(
                    bgcolor=ft.Colors.TERTIARY_CONTAINER,
                    border_radius=12,
                    padding=16,
                    content=ft.Row(
                        [
                            ft.Icon(ft.Icons.EMOJI_EVENTS, size=48, color=ft.Colors.AMBER),
                            ft.Text(
                                won.format(names=names),
                                size=28,
                                weight=ft.FontWeight.BOLD,
                                expand=True,
                            ),
                        ]
                    ),
                ),
            )
        )
    else:
        parts.append(
            tagged(
                "winners",
                ft.Text(
                    tr(
                        "Ended early after {played} of {total} rounds: no winner, no payouts."
                    ).format(played=len(sheet.rounds), total=sheet.rounds_total),
                    size=18,
                ),
            )
        )
    summary = sheet.settlement_summary(session.symbol)
    if summary is not None:
        # the engine's sentences, each player in them as known now
        lines: list[ft.Control] = [
            ft.Text(shown.in_words(say(line)), size=18) for line in summary.payments
        ]
        if summary.note is not None:
            lines.append(ft.Text(say(summary.note), size=16))
        lines += [
            ft.Text(shown.in_words(say(line)), size=18, weight=ft.FontWeight.BOLD)
            for line in summary.collections
        ]
        lines.append(ft.Text(shown.in_words(say(summary.sets)), size=15))
        parts.append(heading(tr("Settlement")))
        parts.append(tagged("settlement", ft.Column(lines, spacing=4)))
    if read_only:
        return ft.Column(parts, spacing=10)
    if session.can_continue:
        parts.append(
            tagged(
                "continue-game",
                ft.FilledButton(
                    tr("Continue this game"),
                    icon=ft.Icons.PLAY_ARROW,
                    on_click=app.game.continue_game,
                    tooltip=tr("Take the game up again from the next round"),
                ),
            )
        )
    parts.append(
        ft.Row(
            [
                tagged(
                    "play-again",
                    ft.FilledButton(
                        tr("Play again, same table"),
                        icon=ft.Icons.REPLAY,
                        on_click=app.new_game.play_again,
                    ),
                ),
                ft.OutlinedButton(tr("All games"), icon=ft.Icons.HOME, on_click=app.go_home),
            ],
            wrap=True,
        )
    )
    return ft.Column(parts, spacing=10)
