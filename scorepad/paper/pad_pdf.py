"""The printable score pad (PDF), filled for a game or blank for a variant and a table.

Laid out like the paper pad, landscape: the round's number, cards, dealer and trump down the
left, then each player's bid, tricks taken, points and running total; the standings (and, in a
game played for a stake, who pays whom) under the grid. It is one page whenever the rows fit
at a height a pencil can write in; a longer schedule continues on further pages, each with the
column heads again. Drawn with fpdf2's standard Helvetica: see :mod:`scorepad.paper.printable`
for what happens to names outside its characters.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Mapping, Sequence
from datetime import date
from functools import cached_property
from typing import TYPE_CHECKING

from scorepad.engine import DOLLAR, Game, Message, ScorepadError, Variant
from scorepad.i18n import N_, tr
from scorepad.paper.grid import Grid, GridRow, blank_grid, game_grid
from scorepad.paper.layout import (
    DEALER_WIDTH_MM,
    DEFAULT_PAPER,
    FIXED_COLUMNS,
    FIXED_COLUMNS_MM,
    MARGIN_MM,
    PLAYER_COLUMNS,
    SHORT_PLAYER_COLUMNS,
    SUB_COLUMN_MAX_MM,
    PaperSize,
    fit_rows,
    font_size,
)
from scorepad.paper.printable import PDF_ENCODING, printable
from scorepad.paper.renames import NO_RENAMES
from scorepad.paper.tally_box import draw_tally, tally_height

if TYPE_CHECKING:
    from fpdf import FPDF

FONT = "helvetica"
TITLE_PT = 13.0
SUBTITLE_PT = 9.0
PT_TO_MM = 25.4 / 72
LINE_SPACING = 1.45
"""Line height as a multiple of the type size."""
FOOTER_LINE_MM = SUBTITLE_PT * PT_TO_MM * LINE_SPACING
FOOTER_GAP_MM = 3.0


class PdfUnavailableError(ScorepadError):
    """fpdf2 is not installed here: the offline web app runs without it (there is no
    WebAssembly build of its dependencies to rely on, and a phone prints rarely)."""

    def __init__(self, problem: ImportError) -> None:
        self.problem = problem
        super().__init__(
            Message(
                N_("a printable pad (PDF) cannot be made here: fpdf2 is not installed ({problem})"),
                problem=str(problem),
            )
        )


def pdf_available() -> bool:
    """Whether a PDF can be made here (fpdf2 is installed), asked without importing it: the
    offline web app leaves "Export as PDF" out of its menu rather than offer it and refuse.

    >>> pdf_available()  # the laptop app, and these tests, have it
    True
    """
    try:
        return importlib.util.find_spec("fpdf") is not None
    except (ImportError, ValueError):  # a module named so but broken, or blocked (None)
        return False


def _new_pdf(paper: PaperSize) -> FPDF:
    """A blank landscape document, fpdf2 imported only now: importing scorepad.paper (as the
    app does at start) must work where fpdf2 is missing, and only a PDF asked for fails."""
    try:
        from fpdf import FPDF
    except ImportError as missing:
        raise PdfUnavailableError(missing) from None
    return FPDF(orientation="landscape", unit="mm", format=paper.value)


def sheet_pdf(
    game: Game,
    paper: PaperSize = DEFAULT_PAPER,
    *,
    played_on: date | None = None,
    symbol: str = DOLLAR,
    renamed: Mapping[str, str] = NO_RENAMES,
) -> bytes:
    """The game's score pad, filled as far as it was played (rounds still to play have their
    number, cards and dealer, ready for a pencil); ``played_on`` heads it when known, and its
    money is written in the table's currency ``symbol``; ``renamed`` prints players under the
    names they go by now, with a line saying the names played under (see
    :mod:`scorepad.paper.renames`)."""
    grid = game_grid(game, played_on=played_on, symbol=symbol, renamed=renamed)
    return _PadWriter(grid, paper).write()


def blank_pad_pdf(
    variant: Variant, players: Sequence[str] | int, paper: PaperSize = DEFAULT_PAPER
) -> bytes:
    """A blank pad for a variant and a table: ``players`` is a count (the dealer column names
    seats 1 to N) or the names in seating order (the first deals first). A count or a name
    the variant cannot seat raises the engine's typed error."""
    return _PadWriter(blank_grid(variant, players), paper).write()


class _PadWriter:
    """Draws one :class:`Grid` on as few pages as it fits."""

    def __init__(self, grid: Grid, paper: PaperSize) -> None:
        self.grid = grid
        pdf = _new_pdf(paper)
        pdf.core_fonts_encoding = PDF_ENCODING
        pdf.set_margins(MARGIN_MM, MARGIN_MM, MARGIN_MM)
        pdf.set_auto_page_break(auto=False)
        pdf.set_creator("scorepad")
        pdf.set_title(grid.title)
        self.pdf = pdf
        self.pt = font_size(len(grid.players))
        self.line_mm = self.pt * PT_TO_MM * LINE_SPACING
        self.widths = self._column_widths()

    # --- measuring ---------------------------------------------------------------------------

    def _text_width(self, text: str, *, bold: bool = False) -> float:
        self.pdf.set_font(FONT, "B" if bold else "", self.pt)
        return self.pdf.get_string_width(text)

    def _column_widths(self) -> tuple[float, ...]:
        """Round, cards, dealer, trump, then four per player."""
        room = self.pdf.w - 2 * MARGIN_MM
        low, high = DEALER_WIDTH_MM
        dealer = max(
            [self._text_width(printable(tr(FIXED_COLUMNS[2])), bold=True)]
            + [self._text_width(row.dealer) for row in self.grid.rows]
        )
        dealer = min(high, max(low, dealer + 3))
        fixed = (
            FIXED_COLUMNS_MM["Round"],
            FIXED_COLUMNS_MM["Cards"],
            dealer,
            FIXED_COLUMNS_MM["Trump"],
        )
        per_player = len(PLAYER_COLUMNS) * max(len(self.grid.players), 1)
        sub = min(SUB_COLUMN_MAX_MM, (room - sum(fixed)) / per_player)
        return fixed + (sub,) * per_player

    @property
    def _head_height(self) -> float:
        return 2 * self.line_mm

    @cached_property
    def _footer_lines(self) -> tuple[tuple[str, bool], ...]:
        """The lines under the grid, wrapped to the page's width (a long line of standings or
        payments is never cut off), each with whether it is bold (the standings)."""
        from fpdf.enums import MethodReturnValue  # fpdf2 is there: the document is made

        pdf = self.pdf
        lines: list[tuple[str, bool]] = []
        for index, text in enumerate(self.grid.footer + self.grid.notes):
            bold = index == 0 and bool(self.grid.footer)
            pdf.set_font(FONT, "B" if bold else "", SUBTITLE_PT)
            wrapped = pdf.multi_cell(
                pdf.epw, FOOTER_LINE_MM, text, dry_run=True, output=MethodReturnValue.LINES
            )
            # output=LINES gives the lines; fpdf2 types every kind of output alike. They come
            # back as the font's bytes read as latin-1 ("€" as "\x80"): made text again here,
            # or writing them would encode them a second time and refuse "€", "—" and "…"
            lines += [
                (str(line).encode("latin-1").decode(PDF_ENCODING), bold)
                for line in (wrapped if isinstance(wrapped, list) else [text])
            ]
        return tuple(lines)

    @property
    def _footer_height(self) -> float:
        lines = len(self._footer_lines)
        return 0.0 if not lines else FOOTER_GAP_MM + lines * FOOTER_LINE_MM

    @property
    def _tally_height(self) -> float:
        return 0.0 if self.grid.tally is None else tally_height(len(self.grid.players))

    def _bottom(self) -> float:
        return self.pdf.h - MARGIN_MM

    # --- drawing -----------------------------------------------------------------------------

    def write(self) -> bytes:
        pdf = self.pdf
        pdf.add_page()
        self._titles()
        first_room = self._bottom() - pdf.get_y() - self._head_height - self._footer_height
        later_room = self._bottom() - MARGIN_MM - self._head_height
        rounds = len(self.grid.rows)
        rows = fit_rows(rounds, first_room - self._tally_height, later_room)
        if rows.per_page < rounds:  # the box would push rounds over: they keep page one
            rows = fit_rows(rounds, first_room, later_room)
        self._column_heads()
        for row in self.grid.rows:
            if pdf.get_y() + rows.height > self._bottom() + 0.01:
                pdf.add_page()
                self._column_heads()
            self._row(row, rows.height)
        self._footer()
        self._tally()
        return bytes(pdf.output())

    def _titles(self) -> None:
        pdf = self.pdf
        pdf.set_font(FONT, "B", TITLE_PT)
        pdf.cell(0, TITLE_PT * PT_TO_MM * LINE_SPACING, self._clip(self.grid.title, pdf.epw))
        pdf.ln()
        pdf.set_font(FONT, "", SUBTITLE_PT)
        pdf.cell(0, SUBTITLE_PT * PT_TO_MM * LINE_SPACING, self._clip(self.grid.subtitle, pdf.epw))
        pdf.ln()
        pdf.ln(1.5)

    def _clip(self, text: str, width: float) -> str:
        """``text`` cut with "…" to fit ``width`` in the current font."""
        pdf = self.pdf
        if pdf.get_string_width(text) <= width:
            return text
        while text and pdf.get_string_width(text + "…") > width:
            text = text[:-1]
        return text.rstrip() + "…"

    def _column_heads(self) -> None:
        """Two rows: the player's name over their four columns, then the columns' names."""
        pdf = self.pdf
        pdf.set_draw_color(0)
        pdf.set_font(FONT, "B", self.pt)
        fixed = self.widths[:4]
        top = pdf.get_y()
        for width, head in zip(fixed, FIXED_COLUMNS, strict=True):
            pdf.cell(width, self._head_height, printable(tr(head)), border=1, align="C")
        sub = self.widths[4] if len(self.widths) > 4 else 0.0
        group = sub * len(PLAYER_COLUMNS)
        for name in self.grid.players:
            pdf.cell(group, self.line_mm, self._clip(name, group - 2), border=1, align="C")
        pdf.set_xy(MARGIN_MM + sum(fixed), top + self.line_mm)
        pdf.set_font(FONT, "", self.pt)
        heads = [printable(tr(head)) for head in PLAYER_COLUMNS]
        if not all(pdf.get_string_width(label) <= sub - 1 for label in heads):
            heads = [printable(tr(head)) for head in SHORT_PLAYER_COLUMNS]
        for _ in self.grid.players:
            for label in heads:
                pdf.cell(sub, self.line_mm, self._clip(label, sub - 1), border=1, align="C")
        pdf.set_xy(MARGIN_MM, top + self._head_height)

    def _row(self, row: GridRow, height: float) -> None:
        pdf = self.pdf
        pdf.set_font(FONT, "", self.pt)
        top = pdf.get_y()
        cells = [(str(row.number), False), (str(row.cards), False), (row.dealer, False)]
        cells.append((row.trump, False))
        for player in row.players:
            *marks, total = player  # the running total is the column a player's eye looks for
            cells += [(mark, False) for mark in marks] + [(total, True)]
        for index, (width, (text, is_total)) in enumerate(zip(self.widths, cells, strict=True)):
            align = "L" if index in (2, 3) else "C"
            pdf.set_font(FONT, "B" if is_total else "", self.pt)
            pdf.cell(width, height, self._clip(text, width - 1.5), border=1, align=align)
        self._group_rules(top, height)
        pdf.set_xy(MARGIN_MM, top + height)

    def _group_rules(self, top: float, height: float) -> None:
        """A heavier line before each player's columns, as on the paper pad."""
        pdf = self.pdf
        pdf.set_line_width(0.5)
        x = MARGIN_MM + sum(self.widths[:4])
        for _ in range(len(self.grid.players) + 1):
            pdf.line(x, top, x, top + height)
            x += self.widths[4] * len(PLAYER_COLUMNS) if len(self.widths) > 4 else 0.0
        pdf.set_line_width(0.2)

    def _footer(self) -> None:
        pdf = self.pdf
        if not self._footer_lines:
            return
        if pdf.get_y() + self._footer_height > self._bottom() + 0.01:
            pdf.add_page()
        pdf.ln(FOOTER_GAP_MM)
        for text, bold in self._footer_lines:
            pdf.set_font(FONT, "B" if bold else "", SUBTITLE_PT)
            pdf.cell(0, FOOTER_LINE_MM, text)
            pdf.ln()

    def _tally(self) -> None:
        """A blank pad for a stake: the box to tally sets and settle up, on a page of its own
        when the grid leaves no room for it."""
        if self.grid.tally is None:
            return
        if self.pdf.get_y() + self._tally_height > self._bottom() + 0.01:
            self.pdf.add_page()
        draw_tally(self.pdf, MARGIN_MM, self.grid.players, self.grid.tally)
