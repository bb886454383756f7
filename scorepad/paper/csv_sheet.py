"""The score sheet as CSV: a row per recorded round, for a spreadsheet.

Each round's row has its number, the cards dealt, the dealer, the trump, then for each player
(in seating order) the bid, the tricks taken, the round's points and the running total. The
names are kept exactly as played (the file is UTF-8); a name that a spreadsheet would read as
a formula (it starts with ``=``, ``+``, ``-`` or ``@``) is written with a leading apostrophe,
so opening the file can never run it. A game continued from another evening has a "start"
row first, with the totals carried in.

After a rename on the roster the sheet names each player as they go by now, and a player's
column heads say the name the game was played under too: "Robert (played as Bob) bid". The
note lives in the head because a CSV has nowhere else to put it: a line under the rows would
be read as one more round by every spreadsheet (and summed), and the heads are what a reader
matches against the game's record, which says "Bob". The dealer column names them as now.
"""

from __future__ import annotations

import csv
import io
import unicodedata
from collections.abc import Mapping, Sequence

from scorepad.engine import Game, Presence, RoundResult, ScoreSheet, suit_name
from scorepad.i18n import N_, say, tr
from scorepad.paper.renames import NO_RENAMES, played_as

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What makes a spreadsheet read a cell as a formula (the tab and carriage return are the
OWASP list's: some spreadsheets skip them and read the formula behind)."""

# TRANSLATORS: the trump cell of a round played without a trump suit (in the spreadsheet)
NO_TRUMP = N_("no trump")
# TRANSLATORS: a player's bid cell (in the spreadsheet) in a round they sat out
SAT_OUT = N_("sat out")
# TRANSLATORS: a player's bid cell (in the spreadsheet) once they have left the table
LEFT = N_("left")
# TRANSLATORS: the round cell (in the spreadsheet) of the row before the first round that
# holds the totals carried in from another evening
START = N_("start")
"""What a place's bid cell says in a round its player sat out, or after they left (marked:
``tr(SAT_OUT)`` where written)."""


def neutralised(text: str) -> str:
    """A text cell that no spreadsheet evaluates.

    Spreadsheets fold the full-width forms ("＝", "＋", "－", "＠") to their ASCII twins
    before they look for a formula, so those are neutralised too:

    >>> neutralised("=HYPERLINK(1)"), neutralised("-Bob"), neutralised("Ann")
    ("'=HYPERLINK(1)", "'-Bob", 'Ann')
    >>> neutralised("＝1+1"), neutralised("﹢Bob")
    ("'＝1+1", "'﹢Bob")
    """
    first = unicodedata.normalize("NFKC", text[:1])
    return f"'{text}" if first.startswith(FORMULA_STARTS) else text


def header(players: Sequence[str], renamed: Mapping[str, str] = NO_RENAMES) -> list[str]:
    """The header row: the round's columns, then four per player (each named as now, with the
    name played under when it differs).

    >>> header(("Ann", "=Bob"))  # doctest: +NORMALIZE_WHITESPACE
    ['round', 'cards', 'dealer', 'trump', 'Ann bid', 'Ann tricks', 'Ann points', 'Ann total',
     "'=Bob bid", "'=Bob tricks", "'=Bob points", "'=Bob total"]
    >>> header(["Bob"], {"Bob": "Robert"})[4]
    'Robert (played as Bob) bid'
    """
    # TRANSLATORS: the spreadsheet's column heads of a round: its number, the cards dealt to
    # each player, who dealt, the trump suit
    columns = [tr("round"), tr("cards"), tr("dealer"), tr("trump")]
    heads = (
        # TRANSLATORS: the spreadsheet's column heads of a player: their bid, the tricks they
        # took, the round's points and their running total
        tr("{name} bid"),
        tr("{name} tricks"),
        tr("{name} points"),
        tr("{name} total"),
    )
    for player in players:
        name = played_as(renamed.get(player, player), player)
        columns += [neutralised(head.format(name=name)) for head in heads]
    return columns


def round_row(
    sheet: ScoreSheet, result: RoundResult, renamed: Mapping[str, str] = NO_RENAMES
) -> list[str | int]:
    """A round's row. A place whose player sat the round out has "sat out" for the bid, no
    tricks and 0 points; one who has left has "left" and their frozen total; a late arrival's
    place is empty before their first round. An adjustment after the round is in the total
    (the record and the printed pad say why)."""
    row: list[str | int] = [
        result.number,
        result.cards,
        neutralised(renamed.get(result.dealer, result.dealer)),
        tr(NO_TRUMP) if result.trump is None else say(suit_name(result.trump)),
    ]
    for place in sheet.players:
        cell = sheet.cell(result, place)
        if cell.presence is Presence.PLAYED:
            row += [cell.bid or 0, cell.tricks or 0, cell.points or 0, cell.total or 0]
        elif cell.presence is Presence.SAT_OUT:
            row += [neutralised(tr(SAT_OUT)), "", 0, cell.total or 0]
        elif cell.presence is Presence.LEFT:
            row += [neutralised(tr(LEFT)), "", "", cell.total or 0]
        else:
            row += ["", "", "", ""]
    return row


def start_row(sheet: ScoreSheet) -> list[str | int]:
    """The row before the first round of a game continued from another evening: "start" in
    the round's cell and, in each total's, what the place started the game on (0, or the
    total carried in); empty for a late arrival's place. Only the totals are filled in, so
    no round, card or point is counted twice.

    >>> game = Game.start("golf", ["Ann", "Bob"], starting_totals={"Bob": -5})
    >>> start_row(game.sheet)
    ['start', '', '', '', '', '', '', 0, '', '', '', -5]
    """
    row: list[str | int] = [tr(START), "", "", ""]
    for place in sheet.players:
        row += ["", "", "", "" if place in sheet.joined else sheet.starting.get(place, 0)]
    return row


def sheet_csv(game: Game, renamed: Mapping[str, str] = NO_RENAMES) -> str:
    """The game's score sheet as CSV text (RFC 4180: commas, CRLF line ends, a header row,
    then a "start" row when totals were carried in from another evening, see
    :func:`start_row`); ``renamed``: each played-under name to the name the player goes by
    now, where it differs.

    >>> from scorepad.engine import RoundRecord
    >>> game = Game.start("golf", ["Ann", "Bob"], first_dealer="Bob")
    >>> game = game.record_round(RoundRecord(turned="hearts", bids={"Ann": 0, "Bob": 0},
    ...     tricks={"Ann": 1, "Bob": 0}))
    >>> sheet_csv(game).splitlines()[1:]
    ['1,1,Bob,hearts,0,1,0,0,0,0,10,10']
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    sheet = game.sheet
    writer.writerow(header(sheet.players, renamed))
    if game.starting_totals:
        writer.writerow(start_row(sheet))
    for result in sheet.rounds:
        writer.writerow(round_row(sheet, result, renamed))
    return out.getvalue()
