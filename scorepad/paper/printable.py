"""Text as the PDF's built-in fonts can print it.

The pad is printed with the PDF's standard Helvetica, which every PDF reader has and which
needs no font file: nothing to embed, nothing missing on a fresh machine. Its characters are
those of Windows-1252 (Latin-1 plus the typographic dashes, quotes, "…" and "€"). A name
outside them is printed as near as it can be: accents that Windows-1252 lacks are dropped
("Ō" prints "O"), a few letters with no accent to drop are spelt out ("Ł" prints "L"), and
anything else (Chinese, Greek, emoji) prints as "?". The CSV and the JSON record keep every
name exactly; only the paper is approximate.

Two names that print alike ("李" and "王" both print "?") get their seat number, so the
columns of a pad can always be told apart.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from scorepad.i18n import tr

PDF_ENCODING = "windows-1252"
"""What the standard PDF fonts print (fpdf2 writes them with WinAnsiEncoding)."""

UNPRINTABLE = "?"

_SPELT_OUT = str.maketrans(
    {"Ł": "L", "ł": "l", "Đ": "D", "đ": "d", "Ħ": "H", "ħ": "h", "ı": "i", "Ŧ": "T", "ŧ": "t"}
)


def _printable_char(char: str) -> str:
    try:
        char.encode(PDF_ENCODING)
    except UnicodeEncodeError:
        pass
    else:
        return char
    spelt = char.translate(_SPELT_OUT)
    if spelt != char:
        return spelt
    stripped = "".join(
        part for part in unicodedata.normalize("NFKD", char) if not unicodedata.combining(part)
    )
    try:
        stripped.encode(PDF_ENCODING)
    except UnicodeEncodeError:
        return UNPRINTABLE
    return stripped or UNPRINTABLE


def printable(text: str) -> str:
    """``text`` with every character the standard PDF fonts lack replaced, as near as possible.

    >>> printable("Zoë"), printable("Łukasz Ōta"), printable("李"), printable("1…9…1 — 5¢")
    ('Zoë', 'Lukasz Ota', '?', '1…9…1 — 5¢')
    """
    if text.isascii():
        return text
    return "".join(_printable_char(char) for char in text)


def printed_names(names: Sequence[str]) -> tuple[str, ...]:
    """The players' names as the pad prints them, each one distinct.

    A name that prints like another one (ignoring case) gets its seat number:

    >>> printed_names(["Ann", "李", "王", "Zoë"])
    ('Ann', '? (seat 2)', '? (seat 3)', 'Zoë')
    """
    printed = [printable(name) for name in names]
    keys = [name.casefold() for name in printed]
    # TRANSLATORS: a name on the printed pad that prints like another one, with its seat
    seated = tr("{name} (seat {seat})")
    return tuple(
        printable(seated.format(name=name, seat=seat)) if keys.count(key) > 1 else name
        for seat, (name, key) in enumerate(zip(printed, keys, strict=True), start=1)
    )
