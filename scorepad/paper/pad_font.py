"""The font the printable pad is drawn in: DejaVu Sans Condensed cut to a score pad's scripts.

The PDF's standard Helvetica prints only Windows-1252: a Polish pad lost its accents
("Rozdajacy" for "Rozdający") and a Hebrew one printed "?????" for every heading. The pad
embeds this font instead (regular and bold, made by ``tools/pdf_fonts.py``), which has every
language scorepad speaks and the names tables type in Latin, Greek, Cyrillic and Hebrew
letters. A character it lacks (Chinese, emoji) is still printed as near as it can be, by
:func:`scorepad.paper.printable.printable`.

Nothing here imports fpdf2 or fontTools until a PDF is made: the offline web app imports the
paper package without either.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

FONT_DIR = Path(__file__).resolve().parent / "fonts"
PAD_FONT_FAMILY = "ScorepadPad"
PAD_FONT_FILES = {"": "ScorepadPad.ttf", "B": "ScorepadPad-Bold.ttf"}
"""fpdf2's style ("" regular, "B" bold) and its file in :data:`FONT_DIR`."""


def font_path(style: str) -> Path:
    """The file of the pad's font in ``style`` ("" or "B")."""
    return FONT_DIR / PAD_FONT_FILES[style]


@cache
def printed_characters() -> frozenset[int]:
    """The code points the pad's font draws (in both styles: the regular's, which the bold
    shares, as both are cut to the same ranges). Read from the font itself, so the check and
    the font can never disagree; needs fontTools, which comes with fpdf2."""
    from fontTools.ttLib import TTFont

    with TTFont(font_path(""), lazy=True) as font:
        return frozenset(font.getBestCmap())
