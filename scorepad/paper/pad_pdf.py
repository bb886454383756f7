"""The printable score pad (PDF), filled for a game or blank for a variant and a table.

Laid out like the paper pad, landscape: the round's number, cards, dealer and trump down the
left, then each player's bid, tricks taken, points and running total; the standings (and, in a
game played for a stake, who pays whom) under the grid. It is one page whenever the rows fit
at a height a pencil can write in; a longer schedule continues on further pages, each with the
column heads again. Drawn in the pad's own embedded font (:mod:`scorepad.paper.pad_font`), in
the reader's language; a right-to-left language's pad reads from the right, as its readers
write one: the round's number in the right-hand column, the players from right to left, each
line of text set right to left by fpdf2's text shaping (HarfBuzz). See
:mod:`scorepad.paper.printable` for names outside the font's characters.
"""

from __future__ import annotations

import importlib.util
import logging
import unicodedata
from collections.abc import Mapping, Sequence
from datetime import date
from functools import cached_property
from typing import TYPE_CHECKING

from scorepad.engine import DOLLAR, Game, Message, ScorepadError, Variant
from scorepad.i18n import N_, active_language, tr
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
    LineDirection,
    PaperSize,
    fit_rows,
    font_size,
)
from scorepad.paper.pad_font import PAD_FONT_FAMILY, PAD_FONT_FILES, font_path
from scorepad.paper.printable import printable
from scorepad.paper.renames import NO_RENAMES
from scorepad.paper.tally_box import draw_tally, tally_height

if TYPE_CHECKING:
    from fpdf import FPDF

log = logging.getLogger(__name__)

FONT = PAD_FONT_FAMILY
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


def needs_shaping(text: str) -> bool:
    """Whether ``text`` needs HarfBuzz to be printed right: a right-to-left letter (a Hebrew
    name on an English pad), a mark that sits on the letter before it, a direction control.
    Shaping a pad costs about as much again as drawing it (66 ms against 133 ms for eight
    players), so a pad with none of these is drawn without.

    >>> needs_shaping("Zoë"), needs_shaping("נועה"), needs_shaping("Zoe\u0308")
    (False, True, True)
    """
    if text.isascii():
        return False
    return any(
        unicodedata.bidirectional(char) in RIGHT_TO_LEFT_CLASSES or unicodedata.combining(char)
        for char in text
    )


RIGHT_TO_LEFT_CLASSES = frozenset({"R", "AL", "AN", "RLE", "RLO", "RLI", "FSI", "LRI", "PDI"})
"""Unicode bidi classes that take a line out of plain left-to-right order."""


def _shape_text(pdf: FPDF, *, rtl: bool) -> None:
    """Turn on fpdf2's text shaping (HarfBuzz): it sets a line of Hebrew right to left, a
    name in it in its own direction, and places accents typed as marks. Without uharfbuzz
    (a dependency, so only in an odd install) the pad is still made, its right-to-left lines
    in the order they were typed, and the log says why."""
    from fpdf.errors import FPDFException

    try:
        pdf.set_text_shaping(True, direction="rtl" if rtl else None)
    except FPDFException as missing:
        log.warning("the pad's text is not shaped: %s", missing)


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
        for style in PAD_FONT_FILES:
            pdf.add_font(FONT, style, font_path(style))
        rtl = active_language().right_to_left
        self.line = LineDirection(pdf.w, right_to_left=rtl)
        """Which way the pad's lines run: from the right for a right-to-left reader."""
        if rtl or any(needs_shaping(text) for text in grid.texts()):
            _shape_text(pdf, rtl=rtl)
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
            # output=LINES gives the lines; fpdf2 types every kind of output alike
            lines += [
                (str(line), bold) for line in (wrapped if isinstance(wrapped, list) else [text])
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
        title = self._clip(self.grid.title, pdf.epw)
        pdf.cell(0, TITLE_PT * PT_TO_MM * LINE_SPACING, title, align=self.line.start)
        pdf.ln()
        pdf.set_font(FONT, "", SUBTITLE_PT)
        subtitle = self._clip(self.grid.subtitle, pdf.epw)
        pdf.cell(0, SUBTITLE_PT * PT_TO_MM * LINE_SPACING, subtitle, align=self.line.start)
        pdf.ln()
        pdf.ln(1.5)

    def _cell_at(
        self, offset: float, top: float, size: tuple[float, float], text: str, align: str
    ) -> None:
        """A bordered cell of the grid, ``size`` (width, height), at ``offset`` along its line
        (see :class:`LineDirection`)."""
        width, height = size
        self.pdf.set_xy(self.line.x(offset, width), top)
        self.pdf.cell(width, height, text, border=1, align=align)

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
        offset = 0.0
        for width, head in zip(fixed, FIXED_COLUMNS, strict=True):
            self._cell_at(offset, top, (width, self._head_height), printable(tr(head)), "C")
            offset += width
        sub = self.widths[4] if len(self.widths) > 4 else 0.0
        group = sub * len(PLAYER_COLUMNS)
        for seat, name in enumerate(self.grid.players):
            shown = self._clip(name, group - 2)
            self._cell_at(offset + seat * group, top, (group, self.line_mm), shown, "C")
        pdf.set_font(FONT, "", self.pt)
        heads = [printable(tr(head)) for head in PLAYER_COLUMNS]
        if not all(pdf.get_string_width(label) <= sub - 1 for label in heads):
            heads = [printable(tr(head)) for head in SHORT_PLAYER_COLUMNS]
        label_top = top + self.line_mm
        for _ in self.grid.players:
            for label in heads:
                shown = self._clip(label, sub - 1)
                self._cell_at(offset, label_top, (sub, self.line_mm), shown, "C")
                offset += sub
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
        offset = 0.0
        for index, (width, (text, is_total)) in enumerate(zip(self.widths, cells, strict=True)):
            align = self.line.start if index in (2, 3) else "C"
            pdf.set_font(FONT, "B" if is_total else "", self.pt)
            self._cell_at(offset, top, (width, height), self._clip(text, width - 1.5), align)
            offset += width
        self._group_rules(top, height)
        pdf.set_xy(MARGIN_MM, top + height)

    def _group_rules(self, top: float, height: float) -> None:
        """A heavier line before each player's columns, as on the paper pad."""
        pdf = self.pdf
        pdf.set_line_width(0.5)
        offset = sum(self.widths[:4])
        for _ in range(len(self.grid.players) + 1):
            x = self.line.x(offset, 0.0)
            pdf.line(x, top, x, top + height)
            offset += self.widths[4] * len(PLAYER_COLUMNS) if len(self.widths) > 4 else 0.0
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
            pdf.cell(0, FOOTER_LINE_MM, text, align=self.line.start)
            pdf.ln()

    def _tally(self) -> None:
        """A blank pad for a stake: the box to tally sets and settle up, on a page of its own
        when the grid leaves no room for it."""
        if self.grid.tally is None:
            return
        if self.pdf.get_y() + self._tally_height > self._bottom() + 0.01:
            self.pdf.add_page()
        draw_tally(self.pdf, self.line, self.grid.players, self.grid.tally)
