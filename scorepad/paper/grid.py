"""What goes in the pad's boxes: one line per round, before any drawing.

A filled pad is the game's sheet: each recorded round with its trump, bids, tricks, points
and running totals, and the rounds still to play with only their number, cards and dealer,
ready for a pencil. A blank pad is all rounds of the schedule that way. Words only; the
drawing is :mod:`scorepad.paper.pad_pdf`'s.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date

from scorepad.engine import (
    DOLLAR,
    Adjustment,
    Game,
    GameStatus,
    Presence,
    RoundResult,
    RoundSetup,
    ScoreSheet,
    SeatCell,
    TrumpRule,
    Variant,
    Winner,
    change_in_words,
    format_cents,
)
from scorepad.paper.printable import printable, printed_names
from scorepad.paper.renames import NO_RENAMES, in_current_words, now_called, played_as_note

NO_TRUMP = "no trump"
EMPTY = ("", "", "", "")


@dataclass(frozen=True)
class GridRow:
    number: int
    cards: int
    dealer: str
    trump: str
    players: tuple[tuple[str, str, str, str], ...]
    """Bid, took, points and total for each player, in seating order ("" to write in)."""


@dataclass(frozen=True)
class Grid:
    """A whole pad: titles, the players' column heads, the rows and the lines under them."""

    title: str
    subtitle: str
    players: tuple[str, ...]
    rows: tuple[GridRow, ...]
    footer: tuple[str, ...]
    notes: tuple[str, ...] = ()
    """Plain lines after the footer (who played under another name)."""
    tally: str | None = None
    """A blank pad for a stake: the stake ("5¢ a set"), for a box to tally sets and settle
    by pencil; ``None`` for no box."""


def _trump_text(result: RoundResult) -> str:
    return NO_TRUMP if result.trump is None else result.trump.value


def _played_row(result: RoundResult, sheet: ScoreSheet, dealer: str) -> GridRow:
    return GridRow(
        number=result.number,
        cards=result.cards,
        dealer=dealer,
        trump=_trump_text(result),
        players=tuple(_cell_boxes(sheet.cell(result, place)) for place in sheet.players),
    )


def _cell_boxes(cell: SeatCell) -> tuple[str, str, str, str]:
    """Bid, took, points and total as the pad writes them: "out" in the bid box of a hand
    sat out, "left" once the player has gone (the total frozen), nothing before a late
    arrival's first hand; an adjustment's total carries a star, explained under the pad."""
    total = "" if cell.total is None else f"{cell.total}{'*' if cell.adjustment else ''}"
    if cell.presence is Presence.PLAYED:
        return (str(cell.bid), str(cell.tricks), str(cell.points), total)
    if cell.presence is Presence.SAT_OUT:
        return ("out", "", "0", total)
    if cell.presence is Presence.LEFT:
        return ("left", "", "", total)
    return EMPTY


def _table_notes(game: Game, printed: Mapping[str, str]) -> tuple[str, ...]:
    """The table's changes in words, under the pad: who joined, left, took over a seat or sat
    a hand out, and each adjustment with its reason (the starred totals)."""
    starting = game.sheet.starting

    def shown(name: str) -> str:
        return printed.get(name, name)

    lines = [
        ("*" if isinstance(change, Adjustment) else "") + change_in_words(change, starting, shown)
        for change in game.record.changes
    ]
    return tuple(printable(line) for line in lines)


def _empty_row(setup: RoundSetup, variant: Variant, players: int, dealer: str) -> GridRow:
    """A round to play: a round that deals every card has no trump, known in advance."""
    no_turn = setup.all_dealt and variant.trump_rule is TrumpRule.NONE_WHEN_ALL_DEALT
    return GridRow(
        number=setup.number,
        cards=setup.cards,
        dealer=dealer,
        trump=NO_TRUMP if no_turn else "",
        players=(EMPTY,) * players,
    )


def _rules_line(game: Game, symbol: str = DOLLAR) -> str:
    parts = [game.variant.describe_schedule(len(game.players))]
    parts.append("low score wins" if game.variant.winner is Winner.LOWEST else "high score wins")
    if game.variant.dealer_hook:
        parts.append("dealer hooked")
    if game.stake_cents is not None:
        parts.append(f"{format_cents(game.stake_cents, symbol)} a set")
    return printable(", ".join(parts))


def game_grid(
    game: Game,
    *,
    played_on: date | None = None,
    renamed: Mapping[str, str] = NO_RENAMES,
    symbol: str = DOLLAR,
) -> Grid:
    """The pad of a game as far as it was played (``played_on``: the day, for the title),
    its money in the table's currency ``symbol``,
    each player under the name ``renamed`` gives them now (see :mod:`scorepad.paper.renames`),
    with a note of the names played under."""
    sheet = game.sheet
    everyone = game.timeline.everyone
    printed = dict(zip(everyone, printed_names(now_called(everyone, renamed)), strict=True))
    names = tuple(
        " / ".join(printed[person] for person in sheet.seat_names.get(place, (place,)))
        for place in sheet.players
    )
    rows = [_played_row(result, sheet, printed[result.dealer]) for result in sheet.rounds]
    day = "" if played_on is None else f"Played {played_on:%Y-%m-%d}. "
    if sheet.status is GameStatus.IN_PROGRESS:
        for number in range(len(game.results) + 1, len(game.schedule) + 1):
            setup = game.setup(number)
            rows.append(_empty_row(setup, game.variant, len(names), printed[setup.dealer]))
    return Grid(
        title=printable(f"{game.variant.name}: {', '.join(now_called(sheet.players, renamed))}"),
        subtitle=f"{day}{_status_line(game)}. {_rules_line(game, symbol)}",
        players=names,
        rows=tuple(rows),
        footer=_footer(game, printed, renamed, symbol),
        notes=_table_notes(game, printed) + _notes(everyone, renamed),
    )


def _notes(players: Sequence[str], renamed: Mapping[str, str]) -> tuple[str, ...]:
    note = played_as_note(players, renamed)
    return () if note is None else (printable(note),)


def _status_line(game: Game) -> str:
    played, total = len(game.results), len(game.schedule)
    if game.status is GameStatus.FINISHED:
        return f"Finished: all {total} rounds played"
    if game.status is GameStatus.ABANDONED:
        return f"Ended early after round {played} of {total}"
    return f"In progress: {played} of {total} rounds played"


def _footer(
    game: Game, printed: dict[str, str], renamed: Mapping[str, str], symbol: str
) -> tuple[str, ...]:
    sheet = game.sheet

    def now(sentence: str) -> str:  # the engine's sentence under today's names, printable
        return printable(in_current_words(sentence, game.timeline.everyone, renamed))

    if not game.results:
        return ()
    standing_words = "Final standings" if sheet.winners else "Standings"
    standings = ", ".join(f"{s.rank}. {printed[s.player]} {s.total}" for s in sheet.standings)
    lines = [f"{standing_words}: {standings}"]
    if sheet.winners:
        winners = " and ".join(printed[player] for player in sheet.winners)
        lines.append(
            f"Winner: {winners}" if len(sheet.winners) == 1 else f"Tied winners: {winners}"
        )
    summary = sheet.settlement_summary(symbol)
    if summary is not None:
        lines.append(now(summary.sets))
        if summary.payments:
            lines.append(now("; ".join(summary.payments)))
        if summary.collections:
            lines.append(now("; ".join(summary.collections)))
        if summary.note:
            lines.append(now(summary.note))
    else:
        owed = sheet.owed_so_far()
        sets = ", ".join(f"{printed[player]} {sheet.sets[player]}" for player in sheet.players)
        lines.append(f"Sets: {sets}")
        if owed is not None and game.status is GameStatus.IN_PROGRESS:
            owing = ", ".join(
                f"{printed[p]} {format_cents(owed[p], symbol)}" for p in sheet.players
            )
            lines.append(f"Owed so far: {owing}")
    return tuple(lines)


def blank_grid(variant: Variant, players: Sequence[str] | int) -> Grid:
    """A blank pad for ``players`` (a count: seats numbered 1 to N; or the names, in seating
    order, the first one dealing first). Checks the count and the names as a game would."""
    if isinstance(players, int):
        variant.check_player_count(players)
        seats = [str(seat) for seat in range(1, players + 1)]
        game = Game.start(variant, seats)
        heads = tuple(f"{seat}." for seat in seats)
        dealers = {seat: seat for seat in seats}
    else:
        game = Game.start(variant, list(players))
        heads = printed_names(game.players)
        dealers = dict(zip(game.players, heads, strict=True))
    rows = []
    for number in range(1, len(game.schedule) + 1):
        setup = game.setup(number)
        rows.append(_empty_row(setup, variant, len(heads), dealers[setup.dealer]))
    return Grid(
        title=printable(f"{variant.name}: score pad"),
        subtitle=f"{len(heads)} players. {_rules_line(game)}",
        players=heads,
        rows=tuple(rows),
        footer=(),
        tally=None if game.stake_cents is None else f"{format_cents(game.stake_cents)} a set",
    )
