"""The score sheet as text for a terminal, laid out like the paper pad.

Names and variant names are printed literally: rich reads no markup in them (``Bob[/i]`` is
a name, not a closing tag), and control characters are shown escaped, never sent raw to the
terminal. All text goes through a console with markup, highlighting and emoji codes off, and
every piece of user text through :func:`literal`.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence

from rich.console import Console
from rich.table import Table
from rich.text import Text

from scorepad.engine import (
    Ledger,
    PlayerStats,
    Presence,
    RoundResult,
    ScoreSheet,
    format_cents,
    shown,
    signed_money,
)
from scorepad.paper.renames import played_as
from scorepad.store import GameSummary, ListedStatus

STATUS_WORDS = {
    ListedStatus.IN_PROGRESS: "in progress",
    ListedStatus.FINISHED: "finished",
    ListedStatus.ABANDONED: "abandoned",
    ListedStatus.DAMAGED: "damaged",
}


def literal(text: str) -> Text:
    """User text as rich shows it: exactly these characters, unsafe ones escaped."""
    return Text(shown(text))


def plain_console(out: io.StringIO, width: int) -> Console:
    """A console that prints text as given: no markup, no highlighting, no emoji codes."""
    return Console(file=out, width=width, no_color=True, emoji=False, markup=False, highlight=False)


def render_sheet(sheet: ScoreSheet) -> str:
    """Rounds as rows (bid/taken, points, running total per player), then the standings."""
    out = io.StringIO()
    console = plain_console(out, width=60 + 22 * len(sheet.players))
    console.print(
        literal(
            f"{sheet.variant}: round {len(sheet.rounds)} of {sheet.rounds_total}, "
            f"{STATUS_WORDS[ListedStatus.of(sheet.status)]}"
        )
    )
    if sheet.rounds:
        console.print(rounds_table(sheet))
    if sheet.next_round is not None:
        upcoming = sheet.next_round
        console.print(
            literal(
                f"next: round {upcoming.number}, {upcoming.cards} cards each, "
                f"{upcoming.dealer} deals, {upcoming.first_bidder} bids first"
            )
        )
    console.print(standings_table(sheet))
    for line in outcome_lines(sheet):
        console.print(literal(line))
    return out.getvalue()


def rounds_table(sheet: ScoreSheet) -> Table:
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("#", justify="right")
    table.add_column("cards", justify="right")
    table.add_column("dealer")
    table.add_column("trump")
    for player in sheet.players:
        heading = " → ".join(sheet.seat_names.get(player, (player,)))
        table.add_column(literal(heading) + "\nbid/took  pts  total", justify="right")
    for result in sheet.rounds:
        cells = [literal(round_cell(sheet, result, p)) for p in sheet.players]
        trump = result.trump.value if result.trump else "none"
        table.add_row(str(result.number), str(result.cards), literal(result.dealer), trump, *cells)
    return table


def round_cell(sheet: ScoreSheet, result: RoundResult, place: str) -> str:
    """One place's cell in one round: bid/took, points and total, "sat out" with the total,
    "left" once gone, or nothing before a late arrival's first round; an adjustment given
    after the round follows its total."""
    cell = sheet.cell(result, place)
    after = f"  {cell.adjustment:+d} adj." if cell.adjustment else ""
    if cell.presence is Presence.NOT_YET:
        return ""
    if cell.presence is Presence.LEFT:
        return "left"
    if cell.presence is Presence.SAT_OUT:
        return f"sat out  {cell.total}{after}"
    return f"{cell.bid}/{cell.tricks}  {cell.points:+d}  {cell.total}{after}"


def standings_table(sheet: ScoreSheet) -> Table:
    table = Table(title="standings", show_edge=False, pad_edge=False)
    for heading in ("rank", "player", "total", "last", "sets"):
        table.add_column(heading, justify="left" if heading == "player" else "right")
    for standing in sheet.standings:
        last = "" if standing.last_change is None else f"{standing.last_change:+d}"
        table.add_row(
            str(standing.rank),
            literal(standing_name(sheet, standing.player)),
            str(standing.total),
            last,
            str(standing.sets),
        )
    return table


def standing_name(sheet: ScoreSheet, player: str) -> str:
    """A player as the standings name them, with how they came and went: "Dan (joined after
    round 1 at 2)", "Ann (left after round 7)", "Zoe (took over from Bob)"."""
    note = sheet.seat_note(player)
    return player if note is None else f"{player} ({note})"


def outcome_lines(sheet: ScoreSheet) -> list[str]:
    """Who won or leads, and who pays whom."""
    if sheet.winners:
        lines = [f"winner{'s' if len(sheet.winners) > 1 else ''}: {', '.join(sheet.winners)}"]
    elif sheet.leaders:
        lines = [f"leading: {', '.join(sheet.leaders)}"]
    else:
        lines = []
    summary = sheet.settlement_summary()
    if summary is not None and summary.payments:
        lines.append("settlement:")
        lines += [f"  {line}" for line in (*summary.payments, *summary.collections)]
    return lines


def render_game_list(
    summaries: list[GameSummary], renamed: Mapping[str, Mapping[str, str]] | None = None
) -> str:
    """One row per stored game: id, variant, players, status, round n/N, leaders or winners;
    ``renamed`` (a game's id to its players' played-under names and the names they go by
    now, where those differ) names them as now: "Robert (played as Bob)"."""
    table = Table(show_edge=False, pad_edge=False)
    for heading in ("id", "variant", "players", "status", "round", "leaders"):
        table.add_column(heading)
    for summary in summaries:
        now = {} if renamed is None else renamed.get(summary.id, {})
        leaders = [now.get(name, name) for name in summary.winners or summary.leaders]
        players = ", ".join(played_as(now.get(name, name), name) for name in summary.players)
        table.add_row(
            literal(summary.id),
            literal(summary.variant),
            literal(players),
            literal(STATUS_WORDS[summary.status]),
            f"{summary.rounds_played}/{summary.rounds_total}",
            literal(
                ("won: " if summary.winners else "") + ", ".join(leaders)
                if summary.status is not ListedStatus.DAMAGED
                else (summary.problem or "")
            ),
        )
    out = io.StringIO()
    plain_console(out, width=200).print(table)
    return out.getvalue()


def render_leaderboard(players: Sequence[PlayerStats], symbol: str = "$") -> str:
    """The leaderboard as ranked: games (finished + abandoned), wins and win rate, average and
    best total, bid accuracy, sets and net money, one row per player."""
    table = Table(show_edge=False, pad_edge=False)
    headings = ("#", "player", "games", "won", "win rate", "average", "best", "bids made")
    for heading in (*headings, "sets", "money"):
        table.add_column(heading, justify="left" if heading == "player" else "right")
    for place, player in enumerate(players, 1):
        table.add_row(
            str(place),
            literal(player.name),
            str(player.games),
            str(player.wins),
            percent(player.win_rate),
            "" if player.average_total is None else f"{player.average_total:.1f}",
            "" if player.best_total is None else str(player.best_total),
            f"{player.bids_made}/{player.rounds} {percent(player.accuracy)}".strip(),
            str(player.sets),
            literal(format_cents(player.cents, symbol)) if player.money_games else NO_MONEY,
        )
    out = io.StringIO()
    plain_console(out, width=200).print(table)
    return out.getvalue()


NO_MONEY = "—"
"""The money of a player none of whose games had a stake: they have no net, not "0¢" (which
would say they broke even)."""


def unranked_line(unranked: Sequence[str], min_games: int) -> str:
    """Who played too few games to be ranked, as the app's leaderboard says it (a newcomer
    looking for their name learns why it is missing)."""
    fewer = f"fewer than {min_games} game{'' if min_games == 1 else 's'}"
    return f"Not yet ranked ({fewer}): {', '.join(shown(name) for name in unranked)}.\n"


def percent(rate: float | None) -> str:
    """A rate as a whole percentage; nothing when there is no rate (no games, no rounds)."""
    return "" if rate is None else f"{rate:.0%}"


def render_ledger(ledger: Ledger, symbol: str = "$") -> str:
    """Each player's net (positive collects), then the payments that settle it
    ("Cat pays Dan 45¢")."""
    out = io.StringIO()
    console = plain_console(out, width=120)
    if not ledger.balances:
        console.print(literal("no finished games played for a stake: nothing to settle"))
        return out.getvalue()
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("player")
    table.add_column("net", justify="right")
    for name, cents in ledger.balances.items():
        table.add_row(literal(name), literal(signed_money(cents, symbol)))  # "+$1.85", as the app
    console.print(table)
    if not ledger.transfers:
        console.print(literal("everyone is even: nothing to pay"))
    for payment in ledger.transfers:
        console.print(
            literal(f"{payment.payer} pays {payment.payee} {format_cents(payment.cents, symbol)}")
        )
    return out.getvalue()
