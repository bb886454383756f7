"""The settling-up box of a blank pad played for a stake: sets tallied and money owed, by pencil.

A blank pad says "5¢ a set" in its rules line, but money is settled at the end from each
player's sets, and a table with only the paper pad needs somewhere to count them: a row per
player with room for a tally mark each hand they are set, the count, and what they pay or
collect. The box goes under the grid (on the last page, or a page of its own when the rounds
fill the last one). Drawn with the pad's fonts; the pad's writer decides where.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from scorepad.i18n import N_, tr
from scorepad.paper.layout import LineDirection
from scorepad.paper.pad_font import PAD_FONT_FAMILY
from scorepad.paper.printable import printable

if TYPE_CHECKING:  # only drawn on a document the pad's writer made (fpdf2 loaded then)
    from fpdf import FPDF

TALLY_FONT = PAD_FONT_FAMILY
TALLY_PT = 9.0
TALLY_GAP_MM = 4.0
"""Space between the grid (or the lines under it) and the box."""
TALLY_ROW_MM = 7.0
"""Tall enough for a row of tally marks and a written sum."""
TALLY_HEADS = (
    # TRANSLATORS: the column heads of the settling-up box of a blank printed pad
    N_("Player"),
    N_("Sets: a mark for each hand set"),
    N_("Sets"),
    N_("Pays"),
    N_("Collects"),
)
"""Marked for the catalogue: ``tr(head)`` where they are printed."""
TALLY_WIDTHS_MM = (30.0, 90.0, 18.0, 28.0, 28.0)


def tally_title(price: str) -> str:
    """The box's heading: the stake (``price``: what a set costs) and how it is paid (the
    rules' words).

    >>> print(tally_title("5¢"))  # doctest: +NORMALIZE_WHITESPACE
    Settling up at 5¢ a set: each loser pays 5¢ for every hand they were set;
    the winner collects (tied winners share).
    """
    return printable(
        tr(
            "Settling up at {price} a set: each loser pays {price} for every hand they were "
            "set; the winner collects (tied winners share)."
        ).format(price=price)
    )


def tally_height(players: int) -> float:
    """The box's height in mm: the gap, its heading, the column heads and a row per player."""
    return TALLY_GAP_MM + (players + 2) * TALLY_ROW_MM


def draw_tally(pdf: FPDF, line: LineDirection, players: Sequence[str], price: str) -> None:
    """The box at the current height, its columns running the way the pad's lines do
    (``price``: what a set costs, "5¢")."""

    def row(cells: Sequence[tuple[str, str]]) -> None:
        """One line of the box: each column's text and alignment, in reading order."""
        top, offset = pdf.get_y(), 0.0
        for width, (text, align) in zip(TALLY_WIDTHS_MM, cells, strict=True):
            pdf.set_xy(line.x(offset, width), top)
            pdf.cell(width, TALLY_ROW_MM, text, border=1, align=align)
            offset += width
        pdf.ln()

    pdf.ln(TALLY_GAP_MM)
    pdf.set_font(TALLY_FONT, "B", TALLY_PT)
    pdf.cell(0, TALLY_ROW_MM, tally_title(price), align=line.start)
    pdf.ln()
    pdf.set_draw_color(0)
    pdf.set_line_width(0.2)
    row([(printable(tr(head)), "C") for head in TALLY_HEADS])
    pdf.set_font(TALLY_FONT, "", TALLY_PT)
    for player in players:
        name = player
        while len(name) > 1 and pdf.get_string_width(name) > TALLY_WIDTHS_MM[0] - 2:
            name = name[:-1]  # a long name is cut: the grid's heads above have it whole
        row([(name, line.start)] + [("", "L")] * (len(TALLY_WIDTHS_MM) - 1))
