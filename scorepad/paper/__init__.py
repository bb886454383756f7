"""Paper: a game's score sheet as a spreadsheet (CSV) and as a printable score pad (PDF).

This package sits beside the store, on top of the engine: it turns a game (or a variant and a
table, for a blank pad) into bytes and text, and never touches the store or a screen. fpdf2 is
named nowhere else (the "fpdf only in paper" contract), and imported only when a PDF is made:
the offline web app runs without it (:class:`PdfUnavailableError`).
"""

from scorepad.paper.csv_sheet import neutralised, sheet_csv
from scorepad.paper.layout import DEFAULT_PAPER, PAPER_SIZES, PaperSize, paper_size
from scorepad.paper.pad_pdf import PdfUnavailableError, blank_pad_pdf, pdf_available, sheet_pdf
from scorepad.paper.printable import printable, printed_names
from scorepad.paper.renames import in_current_words

__all__ = [
    "DEFAULT_PAPER",
    "PAPER_SIZES",
    "PaperSize",
    "PdfUnavailableError",
    "blank_pad_pdf",
    "in_current_words",
    "neutralised",
    "paper_size",
    "pdf_available",
    "printable",
    "printed_names",
    "sheet_csv",
    "sheet_pdf",
]
