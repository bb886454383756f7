"""The score sheet as text for a terminal, laid out like the paper pad."""

from __future__ import annotations

import io

from rich.console import Console
from rich.table import Table

from scorepad.engine import ScoreSheet, format_cents, net_cents
from scorepad.store import GameSummary

STATUS_WORDS = {"in_progress": "in progress", "finished": "finished", "abandoned": "abandoned"}


def render_sheet(sheet: ScoreSheet) -> str:
    """Rounds as rows (bid/taken, points, running total per player), then the standings."""
    out = io.StringIO()
    console = Console(file=out, width=60 + 22 * len(sheet.players), no_color=True, emoji=False)
    console.print(
        f"{sheet.variant}: round {len(sheet.rounds)} of {sheet.rounds_total}, "
        f"{STATUS_WORDS[sheet.status]}"
    )
    if sheet.rounds:
        console.print(rounds_table(sheet))
    if sheet.next_round is not None:
        upcoming = sheet.next_round
        console.print(
            f"next: round {upcoming.number}, {upcoming.cards} cards each, "
            f"{upcoming.dealer} deals, {upcoming.first_bidder} bids first"
        )
    console.print(standings_table(sheet))
    for line in outcome_lines(sheet):
        console.print(line)
    return out.getvalue()


def rounds_table(sheet: ScoreSheet) -> Table:
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("#", justify="right")
    table.add_column("cards", justify="right")
    table.add_column("dealer")
    table.add_column("trump")
    for player in sheet.players:
        table.add_column(f"{player}\nbid/took  pts  total", justify="right")
    for result in sheet.rounds:
        cells = [
            f"{result.bids[p]}/{result.tricks[p]}  {result.points[p]:+d}  {result.totals[p]}"
            for p in sheet.players
        ]
        trump = result.trump.value if result.trump else "none"
        table.add_row(str(result.number), str(result.cards), result.dealer, trump, *cells)
    return table


def standings_table(sheet: ScoreSheet) -> Table:
    table = Table(title="standings", show_edge=False, pad_edge=False)
    for heading in ("rank", "player", "total", "last", "sets"):
        table.add_column(heading, justify="left" if heading == "player" else "right")
    for standing in sheet.standings:
        last = "" if standing.last_change is None else f"{standing.last_change:+d}"
        table.add_row(
            str(standing.rank), standing.player, str(standing.total), last, str(standing.sets)
        )
    return table


def outcome_lines(sheet: ScoreSheet) -> list[str]:
    """Who won or leads, and who pays whom."""
    if sheet.winners:
        lines = [f"winner{'s' if len(sheet.winners) > 1 else ''}: {', '.join(sheet.winners)}"]
    elif sheet.leaders:
        lines = [f"leading: {', '.join(sheet.leaders)}"]
    else:
        lines = []
    if sheet.settlement:
        lines.append("settlement:")
        lines += [
            f"  {payment.payer} pays {payment.payee} {format_cents(payment.cents)}"
            for payment in sheet.settlement
        ]
        lines += [
            f"  {player} collects {format_cents(cents)} in all"
            for player, cents in net_cents(sheet.players, sheet.settlement).items()
            if cents > 0
        ]
    return lines


def render_game_list(summaries: list[GameSummary]) -> str:
    """One row per stored game: id, variant, players, status, round n/N, leaders or winners."""
    table = Table(show_edge=False, pad_edge=False)
    for heading in ("id", "variant", "players", "status", "round", "leaders"):
        table.add_column(heading)
    for summary in summaries:
        leaders = summary.winners or summary.leaders
        table.add_row(
            summary.id,
            summary.variant,
            ", ".join(summary.players),
            STATUS_WORDS.get(summary.status, summary.status),
            f"{summary.rounds_played}/{summary.rounds_total}",
            ("won: " if summary.winners else "") + ", ".join(leaders)
            if summary.status != "damaged"
            else (summary.problem or ""),
        )
    out = io.StringIO()
    Console(file=out, width=200, no_color=True, emoji=False).print(table)
    return out.getvalue()
