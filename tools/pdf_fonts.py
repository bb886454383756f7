"""Make the printable pad's fonts: ``uv run python -m tools.pdf_fonts [SOURCE_DIR]``.

The pad prints every language scorepad speaks (Polish's "ą ł ż", Hebrew right to left) and
the names a table types (Zoë, Łukasz, Иван, Σοφία), so it embeds a Unicode font instead of the
PDF's standard Helvetica, whose Windows-1252 has neither. The font is DejaVu Sans Condensed
(about Helvetica's width, so a pad's columns hold the same words; Bitstream Vera's licence:
free to use, embed and subset, as long as a modified copy is renamed), cut to the scripts a
score pad meets, regular and bold, and renamed "ScorepadPad". fpdf2 embeds only
the glyphs a document uses, so a pad stays a few kilobytes.

SOURCE_DIR holds DejaVuSansCondensed.ttf and DejaVuSansCondensed-Bold.ttf (default: Debian's
fonts-dejavu-core, ``/usr/share/fonts/truetype/dejavu``). The output is byte-for-byte the same
on every run.
"""

from __future__ import annotations

import io
import logging
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

from scorepad.paper.pad_font import FONT_DIR, PAD_FONT_FAMILY, PAD_FONT_FILES

DEFAULT_SOURCE = Path("/usr/share/fonts/truetype/dejavu")
SOURCES = {"": "DejaVuSansCondensed.ttf", "B": "DejaVuSansCondensed-Bold.ttf"}
"""fpdf2's style ("" or "B") and the DejaVu file it is cut from."""

RANGES = (
    (0x0020, 0x024F),  # Basic Latin, Latin-1, Latin Extended-A and -B
    (0x0250, 0x02FF),  # IPA and spacing modifiers (ʼ, ˆ)
    (0x0300, 0x036F),  # combining accents: names typed decomposed
    (0x0370, 0x03FF),  # Greek
    (0x0400, 0x052F),  # Cyrillic
    (0x0590, 0x05FF),  # Hebrew
    (0x1E00, 0x1EFF),  # Latin Extended Additional (Vietnamese, Welsh)
    (0x2000, 0x206F),  # punctuation: dashes, quotes, "…", bidi marks
    (0x20A0, 0x20CF),  # currency: € ₪ ₹ ...
    (0x2100, 0x214F),  # letterlike: №
    (0x2190, 0x21FF),  # arrows: "→" of the corrections
    (0x2212, 0x2212),  # the minus sign
    (0x2660, 0x2667),  # the card suits
)
"""What a score pad prints: the app's languages, the names tables type, its own signs."""


def cut(source: Path, style: str) -> bytes:
    """``source`` cut to :data:`RANGES`, its names made ScorepadPad's (as the licence asks)."""
    font = TTFont(source, recalcTimestamp=False)
    options = subset.Options()
    options.layout_features = ["*"]  # keep kerning, marks and Hebrew's own positioning
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.recalc_timestamp = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[c for low, high in RANGES for c in range(low, high + 1)])
    subsetter.subset(font)
    style_name = "Bold" if style == "B" else "Book"
    for record in font["name"].names:
        text = {
            1: PAD_FONT_FAMILY,
            3: f"{PAD_FONT_FAMILY} {style_name} (cut from DejaVu Sans for scorepad)",
            4: f"{PAD_FONT_FAMILY} {style_name}",
            6: f"{PAD_FONT_FAMILY}-{style_name}",
            16: PAD_FONT_FAMILY,
        }.get(record.nameID)
        if text is not None:
            record.string = text
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def main(argv: list[str]) -> int:
    logging.getLogger("fontTools.subset").setLevel(logging.ERROR)  # "FFTM NOT subset"
    source_dir = Path(argv[0]) if argv else DEFAULT_SOURCE
    for style, name in SOURCES.items():
        source = source_dir / name
        if not source.is_file():
            print(f"no {source}: install fonts-dejavu-core, or name the folder", file=sys.stderr)
            return 1
        target = FONT_DIR / PAD_FONT_FILES[style]
        target.write_bytes(cut(source, style))
        print(f"{target.relative_to(Path.cwd())}: {target.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
