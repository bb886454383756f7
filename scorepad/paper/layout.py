"""The pad's geometry: paper sizes, and how the grid is fitted to the page.

The pad is printed landscape, as the paper pads are: rounds down the side, a group of four
columns (bid, took, points, total) for each player across. Everything here is arithmetic in
millimetres and points, kept apart from the drawing so it can be checked on its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from scorepad.i18n import N_


class PaperSize(StrEnum):
    LETTER = "letter"
    A4 = "a4"


PAPER_SIZES = tuple(size.value for size in PaperSize)

DEFAULT_PAPER = PaperSize.LETTER
"""The tables that play these games for nickels mostly print on Letter; A4 is a choice."""

MARGIN_MM = 10.0
"""Wide enough for any printer's unprintable edge."""

FIXED_COLUMNS_MM = {"Round": 12.5, "Cards": 11.5, "Trump": 17.0}
"""The round's own columns beside the dealer's (whose width follows the names)."""

FIXED_COLUMNS = (
    # TRANSLATORS: the column heads of a round on the printed pad: its number, the cards
    # dealt to each player, who deals, the trump suit (narrow columns: keep them short)
    N_("Round"),
    N_("Cards"),
    N_("Dealer"),
    N_("Trump"),
)
"""The heads of the round's own columns (marked: ``tr(head)`` where printed)."""

PLAYER_COLUMNS = (
    # TRANSLATORS: the column heads of a player on the printed pad: the bid, the tricks
    # taken, the round's points, the running total (narrow columns: keep them short)
    N_("Bid"),
    N_("Took"),
    N_("Pts"),
    N_("Total"),
)
SHORT_PLAYER_COLUMNS = (
    N_("Bid"),
    # TRANSLATORS: "Took" (tricks taken) cut short, for a very narrow column of the pad
    N_("Tk"),
    N_("Pts"),
    # TRANSLATORS: "Total" cut short, for a very narrow column of the pad
    N_("Tot"),
)
"""The same heads where eight players leave each column too narrow for the words (marked:
``tr(head)`` where printed)."""

SUB_COLUMN_MAX_MM = 17.0
"""A player's four columns stop growing here: a wider box is no easier to write in."""

ROW_HEIGHT_MM = (4.2, 12.0)
"""The shortest row that still takes a pencilled number, and the tallest worth printing: a
short schedule (eight at Mormon Bridge play six rounds) grows its rows to fill the page, as
a paper pad's would, up to a box a pencil needs no more than."""

DEALER_WIDTH_MM = (13.0, 30.0)


def paper_size(text: str) -> PaperSize:
    """A paper size by name, forgiving case.

    >>> paper_size("A4"), paper_size(" Letter ")
    (<PaperSize.A4: 'a4'>, <PaperSize.LETTER: 'letter'>)
    >>> paper_size("legal")
    Traceback (most recent call last):
    ...
    ValueError: 'legal' is not a paper size; use letter or a4
    """
    try:
        return PaperSize(text.strip().lower())
    except ValueError:
        raise ValueError(f"{text!r} is not a paper size; use {' or '.join(PAPER_SIZES)}") from None


def font_size(players: int) -> float:
    """The grid's type size in points: smaller as the columns get narrower.

    >>> font_size(2), font_size(4), font_size(6), font_size(8)
    (10.0, 9.0, 8.0, 7.0)
    """
    if players <= 3:
        return 10.0
    if players <= 4:
        return 9.0
    if players <= 6:
        return 8.0
    return 7.0


@dataclass(frozen=True)
class Rows:
    """How the rounds are spread over pages."""

    height: float
    """Of one round's row, in mm."""
    per_page: int
    """Rounds on each page (the last page may have fewer)."""


def fit_rows(rounds: int, first_page_mm: float, page_mm: float) -> Rows:
    """Rows as tall as the page allows; on one page when the shortest rows fit, else as many
    pages as it takes (``page_mm``: the room on a page after the first one).

    >>> fit_rows(10, 150.0, 170.0)
    Rows(height=12.0, per_page=10)
    >>> fit_rows(25, 150.0, 170.0)
    Rows(height=6.0, per_page=25)
    >>> fit_rows(60, 150.0, 170.0)
    Rows(height=4.2, per_page=40)
    """
    shortest, tallest = ROW_HEIGHT_MM
    if rounds * shortest <= first_page_mm:
        return Rows(min(tallest, first_page_mm / max(rounds, 1)), rounds)
    return Rows(shortest, int(page_mm // shortest))


@dataclass(frozen=True)
class LineDirection:
    """Which way a line of the pad runs: from the left margin, or, for a reader of a
    right-to-left language, from the right one. Both the grid and the tally box place their
    cells through this, so a pad mirrors as a whole.

    >>> ltr, rtl = LineDirection(279.4), LineDirection(279.4, right_to_left=True)
    >>> ltr.x(offset=12.5, width=11.5), round(rtl.x(offset=12.5, width=11.5), 1)
    (22.5, 245.4)
    >>> ltr.start, rtl.start
    ('L', 'R')
    """

    page_width_mm: float
    right_to_left: bool = False

    def x(self, offset: float, width: float) -> float:
        """The page's x of a cell ``width`` mm wide, ``offset`` mm along the line from where
        the line starts (its first cell at offset 0)."""
        if self.right_to_left:
            return self.page_width_mm - MARGIN_MM - offset - width
        return MARGIN_MM + offset

    @property
    def start(self) -> str:
        """fpdf2's alignment of text that starts where the reader starts a line."""
        return "R" if self.right_to_left else "L"
