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
    Money,
    PlayerStats,
    Presence,
    RoundResult,
    ScoreSheet,
    shown,
    suit_name,
)
from scorepad.i18n import N_, money, say, tr, tr_n
from scorepad.paper.renames import played_as
from scorepad.store import GameSummary, ListedStatus

STATUS_WORDS = {
    # TRANSLATORS: a game's status in the game list and on the score sheet
    ListedStatus.IN_PROGRESS: N_("in progress"),
    # TRANSLATORS: a game's status in the game list and on the score sheet
    ListedStatus.FINISHED: N_("finished"),
    # TRANSLATORS: a game's status in the game list and on the score sheet
    ListedStatus.ABANDONED: N_("abandoned"),
    # TRANSLATORS: a game's status in the game list: its file cannot be read
    ListedStatus.DAMAGED: N_("damaged"),
}
"""Each status as the reports print it (marked: ``tr(STATUS_WORDS[status])`` where shown)."""


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
            tr("{variant}: round {played} of {rounds}, {status}").format(
                variant=sheet.variant,
                played=len(sheet.rounds),
                rounds=sheet.rounds_total,
                status=tr(STATUS_WORDS[ListedStatus.of(sheet.status)]),
            )
        )
    )
    if sheet.rounds:
        console.print(rounds_table(sheet))
    if sheet.next_round is not None:
        upcoming = sheet.next_round
        # the English says "cards" for any count: both forms keep it, and a translation has
        # its own form for each count
        said = tr_n(
            "next: round {number}, {cards} cards each, {dealer} deals, {bidder} bids first",
            "next: round {number}, {cards} cards each, {dealer} deals, {bidder} bids first",
            upcoming.cards,
        )
        console.print(
            literal(
                said.format(
                    number=upcoming.number,
                    cards=upcoming.cards,
                    dealer=upcoming.dealer,
                    bidder=upcoming.first_bidder,
                )
            )
        )
    console.print(standings_table(sheet))
    for line in outcome_lines(sheet):
        console.print(literal(line))
    return out.getvalue()


def rounds_table(sheet: ScoreSheet) -> Table:
    table = Table(show_edge=False, pad_edge=False)
    # TRANSLATORS: the round's number, a column head of the score sheet
    table.add_column(tr("#"), justify="right")
    # TRANSLATORS: how many cards each player is dealt, a column head of the score sheet
    table.add_column(tr("cards"), justify="right")
    # TRANSLATORS: a column head of the score sheet
    table.add_column(tr("dealer"))
    # TRANSLATORS: a column head of the score sheet: the trump suit of the round
    table.add_column(tr("trump"))
    # TRANSLATORS: the head of a player's column of the score sheet, under their name
    sub_heads = tr("bid/took  pts  total")
    for player in sheet.players:
        heading = " → ".join(sheet.seat_names.get(player, (player,)))
        table.add_column(literal(heading) + "\n" + sub_heads, justify="right")
    for result in sheet.rounds:
        cells = [literal(round_cell(sheet, result, p)) for p in sheet.players]
        # TRANSLATORS: the trump column of a round without a trump suit
        trump = say(suit_name(result.trump)) if result.trump else tr("none")
        table.add_row(
            str(result.number), str(result.cards), literal(result.dealer), literal(trump), *cells
        )
    return table


def round_cell(sheet: ScoreSheet, result: RoundResult, place: str) -> str:
    """One place's cell in one round: bid/took, points and total, "sat out" with the total,
    "left" once gone, or nothing before a late arrival's first round; an adjustment given
    after the round follows its total."""
    cell = sheet.cell(result, place)
    # TRANSLATORS: an adjustment after the round, beside the total ("+5 adj.")
    adjusted = tr("{points} adj.")
    after = "  " + adjusted.format(points=f"{cell.adjustment:+d}") if cell.adjustment else ""
    if cell.presence is Presence.NOT_YET:
        return ""
    if cell.presence is Presence.LEFT:
        # TRANSLATORS: a player's cell on the score sheet once they have left the table
        return tr("left")
    if cell.presence is Presence.SAT_OUT:
        # TRANSLATORS: a player's cell on the score sheet in a round they sat out, and their total
        return tr("sat out  {total}").format(total=cell.total) + after
    return f"{cell.bid}/{cell.tricks}  {cell.points:+d}  {cell.total}{after}"


def standings_table(sheet: ScoreSheet) -> Table:
    table = Table(title=tr("standings"), show_edge=False, pad_edge=False)
    headings = (
        tr("rank"),
        tr("player"),
        tr("total"),
        # TRANSLATORS: the standings' column of each player's points in the last round
        tr("last"),
        # TRANSLATORS: the standings' column of how often each player was set (missed a bid)
        tr("sets"),
    )
    for index, heading in enumerate(headings):
        table.add_column(heading, justify="left" if index == 1 else "right")
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
    # TRANSLATORS: a player in the standings, with how they came or went ("Ann (left after
    # round 7)")
    return player if note is None else tr("{player} ({note})").format(player=player, note=say(note))


def outcome_lines(sheet: ScoreSheet) -> list[str]:
    """Who won or leads, and who pays whom."""
    names = tr(", ")
    if sheet.winners:
        lines = [
            tr_n("winner: {names}", "winners: {names}", len(sheet.winners)).format(
                names=names.join(sheet.winners)
            )
        ]
    elif sheet.leaders:
        lines = [tr("leading: {names}").format(names=names.join(sheet.leaders))]
    else:
        lines = []
    summary = sheet.settlement_summary()
    if summary is not None and summary.payments:
        lines.append(tr("settlement:"))
        lines += [f"  {say(line)}" for line in (*summary.payments, *summary.collections)]
    return lines


def render_game_list(
    summaries: list[GameSummary], renamed: Mapping[str, Mapping[str, str]] | None = None
) -> str:
    """One row per stored game: id, variant, players, status, round n/N, leaders or winners;
    ``renamed`` (a game's id to its players' played-under names and the names they go by
    now, where those differ) names them as now: "Robert (played as Bob)"."""
    table = Table(show_edge=False, pad_edge=False)
    for heading in (
        # TRANSLATORS: the column heads of the game list ("id": the game's id)
        tr("id"),
        tr("variant"),
        tr("players"),
        tr("status"),
        tr("round"),
        tr("leaders"),
    ):
        table.add_column(heading)
    for summary in summaries:
        now = {} if renamed is None else renamed.get(summary.id, {})
        leaders = [now.get(name, name) for name in summary.winners or summary.leaders]
        players = ", ".join(played_as(now.get(name, name), name) for name in summary.players)
        table.add_row(
            literal(summary.id),
            literal(summary.variant),
            literal(players),
            literal(tr(STATUS_WORDS[summary.status])),
            f"{summary.rounds_played}/{summary.rounds_total}",
            literal(
                leaders_cell(leaders, won=bool(summary.winners))
                if summary.status is not ListedStatus.DAMAGED
                else (summary.problem or "")
            ),
        )
    out = io.StringIO()
    plain_console(out, width=200).print(table)
    return out.getvalue()


def leaders_cell(leaders: Sequence[str], *, won: bool) -> str:
    """The game list's last column: who leads, or "won: " and who won."""
    names = tr(", ").join(leaders)
    # TRANSLATORS: the game list's column of who won a finished game
    return tr("won: {names}").format(names=names) if won else names


def render_leaderboard(players: Sequence[PlayerStats], symbol: str = "$") -> str:
    """The leaderboard as ranked: games (finished + abandoned), wins and win rate, average and
    best total, bid accuracy, sets and net money, one row per player."""
    table = Table(show_edge=False, pad_edge=False)
    headings = (
        # TRANSLATORS: a player's place on the leaderboard, a column head
        tr("#"),
        tr("player"),
        tr("games"),
        # TRANSLATORS: the leaderboard's column of games won
        tr("won"),
        tr("win rate"),
        tr("average"),
        tr("best"),
        tr("bids made"),
        tr("sets"),
        tr("money"),
    )
    for index, heading in enumerate(headings):
        table.add_column(heading, justify="left" if index == 1 else "right")
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
            literal(money(Money(player.cents, symbol))) if player.money_games else NO_MONEY,
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
    said = tr_n(
        "Not yet ranked (fewer than {count} game): {names}.",
        "Not yet ranked (fewer than {count} games): {names}.",
        min_games,
    )
    return (
        said.format(count=min_games, names=tr(", ").join(shown(name) for name in unranked)) + "\n"
    )


def percent(rate: float | None) -> str:
    """A rate as a whole percentage; nothing when there is no rate (no games, no rounds)."""
    return "" if rate is None else f"{rate:.0%}"


def render_ledger(ledger: Ledger, symbol: str = "$") -> str:
    """Each player's net (positive collects), then the payments that settle it
    ("Cat pays Dan 45¢")."""
    out = io.StringIO()
    console = plain_console(out, width=120)
    if not ledger.balances:
        console.print(literal(tr("no finished games played for a stake: nothing to settle")))
        return out.getvalue()
    table = Table(show_edge=False, pad_edge=False)
    table.add_column(tr("player"))
    # TRANSLATORS: the ledger's column of what each player is up or down in all
    table.add_column(tr("net"), justify="right")
    for name, cents in ledger.balances.items():
        table.add_row(literal(name), literal(signed(cents, symbol)))  # "+$1.85", as the app
    console.print(table)
    if not ledger.transfers:
        console.print(literal(tr("everyone is even: nothing to pay")))
    for payment in ledger.transfers:
        console.print(
            literal(
                tr("{payer} pays {payee} {amount}").format(
                    payer=payment.payer,
                    payee=payment.payee,
                    amount=money(Money(payment.cents, symbol)),
                )
            )
        )
    return out.getvalue()


def signed(cents: int, symbol: str) -> str:
    """A net with its sign always shown, in the reader's way of writing money ("+$1.85"; the
    English is :func:`~scorepad.engine.signed_money`'s)."""
    text = money(Money(cents, symbol))
    return f"+{text}" if cents > 0 else text
