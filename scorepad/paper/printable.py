"""Text as the pad's font can print it.

The pad is drawn in its own embedded font (:mod:`scorepad.paper.pad_font`: DejaVu Sans cut to
Latin, Greek, Cyrillic and Hebrew letters, punctuation, currency signs and the suits), so every
language scorepad speaks and the names tables type print as they are. A name outside it is
printed as near as it can be: a letter the font lacks loses its accent where that helps, a
few are spelt out, and anything else (Chinese, emoji) prints as "?". The CSV and the JSON
record keep every name exactly; only the paper is approximate.

Two names that print alike ("李" and "王" both print "?") get their seat number, so the
columns of a pad can always be told apart.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from scorepad.i18n import tr
from scorepad.paper.pad_font import printed_characters

UNPRINTABLE = "?"

_SPELT_OUT = str.maketrans(
    {"Ł": "L", "ł": "l", "Đ": "D", "đ": "d", "Ħ": "H", "ħ": "h", "ı": "i", "Ŧ": "T", "ŧ": "t"}
)


def _prints(text: str) -> bool:
    drawn = printed_characters()
    return all(ord(char) in drawn for char in text)


BIDI_CONTROLS = frozenset("\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Marks and isolates that order a line's directions: kept, never drawn (text shaping takes
them out), whether or not the font has a glyph for them."""


def _printable_char(char: str) -> str:
    if char in BIDI_CONTROLS or _prints(char):
        return char
    spelt = char.translate(_SPELT_OUT)
    if spelt != char and _prints(spelt):
        return spelt
    stripped = "".join(
        part for part in unicodedata.normalize("NFKD", char) if not unicodedata.combining(part)
    )
    return stripped if stripped and _prints(stripped) else UNPRINTABLE


def printable(text: str) -> str:
    """``text`` with every character the pad's font lacks replaced, as near as possible; an
    accent typed as a letter and a combining mark is printed as the one letter it makes.

    >>> printable("Zoë"), printable("Łukasz Ōta"), printable("Rozdający"), printable("שליט")
    ('Zoë', 'Łukasz Ōta', 'Rozdający', 'שליט')
    >>> printable("李"), printable("1…9…1 — 5¢ ♠"), printable("Ann 🂡"), printable("Zoe\u0308")
    ('?', '1…9…1 — 5¢ ♠', 'Ann ?', 'Zoë')
    """
    if text.isascii():
        return text
    text = unicodedata.normalize("NFC", text)
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
