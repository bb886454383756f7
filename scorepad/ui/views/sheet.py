"""The score sheet like the paper pad, the standings, and the end of the game."""

from __future__ import annotations

import flet as ft

from scorepad.engine import Winner
from scorepad.ui.state import GameController, GameSession, ScorepadApp
from scorepad.ui.views.common import SUIT_COLORS, heading, icon_button, symbol_text, tagged

STANDINGS_MAX_WIDTH = 420
"""Wide enough for rank, a long name, total, last and sets; no wider."""


def standings_table(session: GameSession) -> ft.Control:
    sheet = session.sheet
    low_wins = session.game.variant.winner is Winner.LOWEST
    rows = [
        ft.DataRow(
            cells=[
                ft.DataCell(ft.Text(str(s.rank))),
                ft.DataCell(ft.Text(s.player, weight=ft.FontWeight.W_500)),
                ft.DataCell(
                    tagged(
                        f"total-{s.player}",
                        ft.Text(str(s.total), size=18, weight=ft.FontWeight.BOLD),
                    )
                ),
                ft.DataCell(ft.Text("" if s.last_change is None else f"{s.last_change:+d}")),
                ft.DataCell(ft.Text(str(s.sets))),
            ]
        )
        for s in sheet.standings
    ]
    table = ft.DataTable(
        columns=[
            ft.DataColumn(label=ft.Text("#"), numeric=True),
            ft.DataColumn(label=ft.Text("player")),
            ft.DataColumn(label=ft.Text("total"), numeric=True),
            ft.DataColumn(label=ft.Text("last"), numeric=True),
            ft.DataColumn(label=ft.Text("sets"), numeric=True),
        ],
        rows=rows,
        column_spacing=20,
        heading_row_height=36,
        data_row_min_height=40,
        data_row_max_height=44,
    )
    return ft.Column(
        [
            heading("Standings" + (" (low score wins)" if low_wins else "")),
            tagged("standings", ft.Container(content=table, width=standings_width())),
        ]
    )


def standings_width() -> float | None:
    """How wide the standings may be: bounded on a wide window, so a player's name and total
    stay side by side instead of drifting to opposite edges of a laptop screen; on a phone
    (narrower than the bound) the table keeps its own width."""
    try:
        window = ft.context.page.width or 1024
    except RuntimeError:  # drawn outside a running page (a test rendering views): no window
        window = 1024
    return STANDINGS_MAX_WIDTH if window > STANDINGS_MAX_WIDTH else None


def rounds_table(game: GameController, session: GameSession) -> ft.Control:
    sheet = session.sheet
    players = sheet.players
    columns = [
        ft.DataColumn(label=ft.Text("#"), numeric=True),
        ft.DataColumn(label=ft.Text("cards"), numeric=True),
        ft.DataColumn(label=ft.Text("trump")),
        *[ft.DataColumn(label=ft.Text(f"{p}\nbid/took pts")) for p in players],
        ft.DataColumn(label=ft.Text("")),
    ]
    rows = []
    for result in sheet.rounds:
        cells = [
            ft.DataCell(ft.Text(str(result.number))),
            ft.DataCell(ft.Text(str(result.cards))),
            ft.DataCell(
                symbol_text(
                    result.trump.symbol if result.trump else "–",
                    size=20,
                    tooltip=result.trump_note,
                    color=SUIT_COLORS[result.trump.value] if result.trump else None,
                )
            ),
        ]
        for p in players:
            made = result.made[p]
            cells.append(
                ft.DataCell(
                    ft.Column(
                        [
                            ft.Text(
                                f"{result.bids[p]}/{result.tricks[p]}  {result.points[p]:+d}",
                                color=None if made else ft.Colors.ERROR,
                            ),
                            ft.Text(str(result.totals[p]), weight=ft.FontWeight.BOLD),
                        ],
                        spacing=0,
                        tight=True,
                    )
                )
            )
        cells.append(
            ft.DataCell(
                tagged(
                    f"edit-round-{result.number}",
                    icon_button(
                        ft.Icons.EDIT,
                        tooltip=f"Correct round {result.number}",
                        on_click=lambda _, n=result.number: game.edit_round(n),
                    ),
                )
            )
        )
        rows.append(ft.DataRow(cells=cells))
    table = ft.DataTable(
        columns=columns,
        rows=rows,
        column_spacing=14,
        heading_row_height=48,
        data_row_min_height=48,
        data_row_max_height=52,
    )
    return ft.Column(
        [
            heading("Score sheet"),
            tagged("sheet", ft.Row([table], scroll=ft.ScrollMode.AUTO))
            if rows
            else ft.Text("No rounds recorded yet."),
        ]
    )


def sheet_panel(game: GameController, session: GameSession) -> ft.Control:
    return ft.Column([standings_table(session), rounds_table(game, session)], spacing=12)


def results_panel(app: ScorepadApp, session: GameSession) -> ft.Control:
    """The end: winners celebrated, and for a game with a stake, who pays whom."""
    sheet = session.sheet
    parts: list[ft.Control] = []
    if sheet.winners:
        names = " and ".join(sheet.winners)
        verb = "wins" if len(sheet.winners) == 1 else "share the win"
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
                                f"{names} {verb}!", size=28, weight=ft.FontWeight.BOLD, expand=True
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
                    f"Ended early after {len(sheet.rounds)} of {sheet.rounds_total} rounds: "
                    "no winner, no payouts.",
                    size=18,
                ),
            )
        )
    summary = sheet.settlement_summary()
    if summary is not None:
        lines: list[ft.Control] = [ft.Text(line, size=18) for line in summary.payments]
        if summary.note is not None:
            lines.append(ft.Text(summary.note, size=16))
        lines += [ft.Text(line, size=18, weight=ft.FontWeight.BOLD) for line in summary.collections]
        lines.append(ft.Text(summary.sets, size=15))
        parts.append(heading("Settlement"))
        parts.append(tagged("settlement", ft.Column(lines, spacing=4)))
    if session.can_continue:
        parts.append(
            tagged(
                "continue-game",
                ft.FilledButton(
                    "Continue this game",
                    icon=ft.Icons.PLAY_ARROW,
                    on_click=app.game.continue_game,
                    tooltip="Take the game up again from the next round",
                ),
            )
        )
    parts.append(
        ft.Row(
            [
                tagged(
                    "play-again",
                    ft.FilledButton(
                        "Play again, same table",
                        icon=ft.Icons.REPLAY,
                        on_click=app.new_game.play_again,
                    ),
                ),
                ft.OutlinedButton("All games", icon=ft.Icons.HOME, on_click=app.go_home),
            ],
            wrap=True,
        )
    )
    return ft.Column(parts, spacing=10)
