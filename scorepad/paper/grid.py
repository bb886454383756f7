"""What goes in the pad's boxes: one line per round, before any drawing.

A filled pad is the game's sheet: each recorded round with its trump, bids, tricks, points
and running totals, and the rounds still to play with only their number, cards and dealer,
ready for a pencil. A blank pad is all rounds of the schedule that way. Words only; the
drawing is :mod:`scorepad.paper.pad_pdf`'s.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import date

from scorepad.engine import (
    DOLLAR,
    Adjustment,
    Game,
    GameStatus,
    Money,
    Presence,
    RoundResult,
    RoundSetup,
    ScoreSheet,
    SeatCell,
    Variant,
    Winner,
    change_in_words,
    round_trump,
    schedule_in_words,
    suit_name,
)
from scorepad.i18n import N_, isolated, money, say, tr, tr_n
from scorepad.paper.printable import printable, printed_names
from scorepad.paper.renames import NO_RENAMES, in_current_words, now_called, played_as_note

# TRANSLATORS: the trump box of a round on the printed pad when it has no trump suit
NO_TRUMP = N_("no trump")
"""Marked for the catalogue: ``tr(NO_TRUMP)`` where it is printed."""
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
    """A blank pad for a stake: the price of a set ("5¢"), for a box to tally sets and
    settle by pencil; ``None`` for no box."""

    def texts(self) -> Iterator[str]:
        """Every piece of text the pad prints (the column heads aside)."""
        yield self.title
        yield self.subtitle
        yield from self.players
        for row in self.rows:
            yield row.dealer
            yield row.trump
        yield from self.footer
        yield from self.notes


def _trump_text(result: RoundResult) -> str:
    return printable(tr(NO_TRUMP) if result.trump is None else say(suit_name(result.trump)))


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
        # TRANSLATORS: the bid box of the printed pad in a hand the player sat out (short)
        return (printable(tr("out")), "", "0", total)
    if cell.presence is Presence.LEFT:
        # TRANSLATORS: the bid box of the printed pad once the player has left (short)
        return (printable(tr("left")), "", "", total)
    return EMPTY


def _table_notes(game: Game, printed: Mapping[str, str]) -> tuple[str, ...]:
    """The table's changes in words, under the pad: the totals carried in from another
    evening, who joined, left, took over a seat or sat a hand out, and each adjustment with
    its reason (the starred totals)."""
    starting = game.sheet.starting

    def shown(name: str) -> str:
        return printed.get(name, name)

    lines = [
        ("*" if isinstance(change, Adjustment) else "")
        + say(change_in_words(change, starting, shown))
        for change in game.record.changes
    ]
    if game.starting_totals:  # a game continued from another evening: first, as it came first
        carried = tr(", ").join(
            isolated(f"{shown(player)} {total}") for player, total in game.starting_totals.items()
        )
        # TRANSLATORS: under a printed pad: the totals players brought from another evening,
        # which the first round's totals include ("Ann 40, Cat -5")
        lines.insert(0, tr("Starting totals carried in: {totals}").format(totals=carried))
    return tuple(printable(line) for line in lines)


def _empty_row(setup: RoundSetup, variant: Variant, players: int, dealer: str) -> GridRow:
    """A round to play: a round that deals every card has no trump, known in advance."""
    return GridRow(
        number=setup.number,
        cards=setup.cards,
        dealer=dealer,
        trump=_known_trump(setup, variant),
        players=(EMPTY,) * players,
    )


def _known_trump(setup: RoundSetup, variant: Variant) -> str:
    """A round's trump when it is known before the deal (no card is turned: by the rotation,
    none in the game, or none where every card is dealt); blank for the table to write the
    turned suit."""
    if setup.card_turned:
        return ""
    trump = round_trump(variant, setup, None).trump
    return printable(tr(NO_TRUMP) if trump is None else say(suit_name(trump)))


def _rules_line(game: Game, symbol: str = DOLLAR) -> str:
    parts = [say(schedule_in_words(game.schedule))]  # as the table's changes left it
    parts.append(
        tr("low score wins") if game.variant.winner is Winner.LOWEST else tr("high score wins")
    )
    if game.variant.dealer_hook:
        # TRANSLATORS: a rule: the dealer may not bid what makes the bids add up to the tricks
        parts.append(tr("dealer hooked"))
    if game.stake_cents is not None:
        parts.append(a_set(money(Money(game.stake_cents, symbol))))
    return printable(tr(", ").join(parts))


def a_set(price: str) -> str:
    """The stake as the rules say it: "5¢ a set"."""
    # TRANSLATORS: the stake of a game: what a player pays for each hand they are set
    return tr("{amount} a set").format(amount=price)


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
    day = (
        ""
        if played_on is None
        else printable(tr("Played {day}.").format(day=f"{played_on:%Y-%m-%d}")) + " "
    )
    if sheet.status is GameStatus.IN_PROGRESS:
        for number in range(len(game.results) + 1, len(game.schedule) + 1):
            setup = game.setup(number)
            rows.append(_empty_row(setup, game.variant, len(names), printed[setup.dealer]))
    players = tr(", ").join(now_called(sheet.players, renamed))
    # TRANSLATORS: the title of a printed pad: the variant, then the players
    title = tr("{variant}: {players}").format(variant=game.variant.name, players=players)
    return Grid(
        title=printable(title),
        subtitle=f"{day}{printable(_status_line(game))}. {_rules_line(game, symbol)}",
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
    # the English says "rounds" for any count: both forms keep it, and a translation has its
    # own form for each count
    if game.status is GameStatus.FINISHED:
        return tr_n(
            "Finished: all {count} rounds played", "Finished: all {count} rounds played", total
        ).format(count=total)
    if game.status is GameStatus.ABANDONED:
        return tr("Ended early after round {played} of {count}").format(played=played, count=total)
    return tr_n(
        "In progress: {played} of {count} rounds played",
        "In progress: {played} of {count} rounds played",
        total,
    ).format(played=played, count=total)


def _footer(
    game: Game, printed: dict[str, str], renamed: Mapping[str, str], symbol: str
) -> tuple[str, ...]:
    sheet = game.sheet

    def now(sentence: str) -> str:  # the engine's sentence under today's names, printable
        return printable(in_current_words(say(sentence), game.timeline.everyone, renamed))

    if not game.results:
        return ()
    comma = tr(", ")
    standings = comma.join(
        isolated(f"{s.rank}. {printed[s.player]} {s.total}") for s in sheet.standings
    )
    # TRANSLATORS: under a printed pad: "Final standings: 1. Ann 45, 2. Bob 30"
    final = tr("Final standings: {standings}") if sheet.winners else tr("Standings: {standings}")
    lines = [printable(final.format(standings=standings))]
    if sheet.winners:
        # TRANSLATORS: between the names of tied winners ("Ann and Bob")
        winners = tr(" and ").join(printed[player] for player in sheet.winners)
        won = tr("Winner: {names}") if len(sheet.winners) == 1 else tr("Tied winners: {names}")
        lines.append(printable(won.format(names=winners)))
    summary = sheet.settlement_summary(symbol)
    if summary is not None:
        # TRANSLATORS: between the payments under a printed pad ("Bob pays Ann 30¢; ...")
        between = tr("; ")
        lines.append(now(summary.sets))
        if summary.payments:
            lines.append(now(between.join(say(payment) for payment in summary.payments)))
        if summary.collections:
            lines.append(now(between.join(say(line) for line in summary.collections)))
        if summary.note:
            lines.append(now(summary.note))
    else:
        owed = sheet.owed_so_far()
        sets = comma.join(
            isolated(f"{printed[player]} {sheet.sets[player]}") for player in sheet.players
        )
        # TRANSLATORS: under a printed pad: how often each player was set so far ("Ann 2, Bob 1")
        lines.append(printable(tr("Sets: {sets}").format(sets=sets)))
        if owed is not None and game.status is GameStatus.IN_PROGRESS:
            owing = comma.join(
                isolated(f"{printed[p]} {money(Money(owed[p], symbol))}") for p in sheet.players
            )
            lines.append(printable(tr("Owed so far: {owing}").format(owing=owing)))
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
    count = len(heads)
    table = printable(tr_n("{count} player.", "{count} players.", count).format(count=count))
    return Grid(
        # TRANSLATORS: the title of a blank printed pad: the variant's name, then this
        title=printable(tr("{variant}: score pad").format(variant=variant.name)),
        subtitle=f"{table} {_rules_line(game)}",
        players=heads,
        rows=tuple(rows),
        footer=(),
        tally=None if game.stake_cents is None else money(Money(game.stake_cents)),
    )
