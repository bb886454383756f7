"""Showing text that came from a user: one line, nothing invisible, nothing the terminal obeys.

A name or a key from a game record ends up in error messages, score sheets and game lists. A
newline in it would split a one-line error in two; an escape sequence could move the cursor or
recolour the terminal; a bidi control could make "Ann" read as another name. So text from
outside is shown with such characters written as escapes (``\\n``, ``\\u202e``), the way
Python's ``repr`` shows them, and very long text is cut short.
"""

from __future__ import annotations

import json
import reprlib
import unicodedata
from collections.abc import Sequence

from scorepad.engine.message import Listing, Message

UNSAFE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
"""Controls, format characters (zero-width and bidi controls among them), lone surrogates,
and line and paragraph separators: none of them shows as itself."""

INVISIBLE_LETTERS = frozenset("\u034f\u115f\u1160\u3164\uffa0")
"""Characters Unicode files as marks or letters that still draw nothing: the combining
grapheme joiner and the Hangul fillers."""

_NAMED_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}

QUOTE_LIMIT = 60
"""Longer text is cut to this many characters (plus "…") when quoted in a message."""


def is_unsafe(char: str) -> bool:
    """Whether one character must never reach a screen as itself."""
    return char in INVISIBLE_LETTERS or unicodedata.category(char) in UNSAFE_CATEGORIES


def escape_char(char: str) -> str:
    """``\\n``, ``\\x1b``, ``\\u200b`` or ``\\U000e0001``: how Python writes the character."""
    if char in _NAMED_ESCAPES:
        return _NAMED_ESCAPES[char]
    code = ord(char)
    if code <= 0xFF:
        return f"\\x{code:02x}"
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def shown(text: str) -> str:
    """``text`` with every unsafe character escaped: safe to print, and always one line.

    >>> shown("Ann\\nBob\\u202e")
    'Ann\\\\nBob\\\\u202e'
    >>> shown("Zoë [guest]")
    'Zoë [guest]'
    """
    if all(not is_unsafe(char) for char in text):
        return text
    return "".join(escape_char(char) if is_unsafe(char) else char for char in text)


def quoted(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` in single quotes for a message: escaped, and cut short past ``limit`` characters.

    >>> quoted("0\\n0")
    "'0\\\\n0'"
    >>> quoted("x" * 100, limit=5)
    "'xxxxx…' (100 characters)"
    """
    if len(text) <= limit:
        return f"'{shown(text)}'"
    return f"'{shown(text[:limit])}…' ({len(text)} characters)"


_BRIEF = reprlib.Repr()
_BRIEF.maxstring = QUOTE_LIMIT
_BRIEF.maxother = QUOTE_LIMIT
_BRIEF.maxlevel = 3
_BRIEF.maxlist = _BRIEF.maxtuple = _BRIEF.maxdict = 6


def brief(value: object) -> str:
    """A value from outside as a message quotes it: ``repr``-like, escaped, and short (a
    record may hold a megabyte string or deeply nested lists, a form thousands of typed
    digits). JSON's constants are written as in JSON.

    >>> brief("Ann"), brief(None), brief(True)
    ("'Ann'", 'null', 'true')
    >>> len(brief("9" * 5000)) < 70
    True
    """
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    return shown(_BRIEF.repr(value))


def spoken_list(names: Sequence[str]) -> str:
    """Names as a sentence lists them: the last two joined by "and", the others by commas
    ("Ann, Bob and Dan share the win", not "Ann and Bob and Dan"). Two or more are a
    :class:`~scorepad.engine.message.Message`, so the reader's language joins them its way.

    >>> spoken_list(["Ann"]), spoken_list(["Ann", "Bob"]), spoken_list(["Ann", "Bob", "Dan"])
    ('Ann', Message('Ann and Bob'), Message('Ann, Bob and Dan'))
    >>> spoken_list([])
    ''
    """
    if len(names) <= 1:
        return "".join(names)
    # TRANSLATORS: a list of names: the others (already joined by commas), then the last one
    return Message("{names} and {last}", names=Listing(tuple(names[:-1])), last=names[-1])


def counted(*counts: tuple[int, str], also: Sequence[str] = ()) -> str:
    """Counts in words, the empty ones left out, then ``also``: what a backup holds or a
    restore brought, in the CLI's line and the app's message alike.

    >>> counted((3, "game"), (0, "player"), (1, "house rule"))
    '3 games and 1 house rule'
    >>> counted((0, "game"), also=["the settings"]), counted((0, "game"))
    ('the settings', '')
    """
    words = [f"{n} {word}{'' if n == 1 else 's'}" for n, word in counts if n]
    return str(spoken_list([*words, *also]))  # English words: said as they are


def clipped(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, the last of them "…", when it is longer: for a
    name in a line that must keep what follows it (a score after a long leader's name).

    >>> clipped("Ann", 12)
    'Ann'
    >>> clipped("Maximilian Alexander Fitzgerald-Worthing", 12)
    'Maximilian…'
    """
    if len(text) <= limit:
        return text
    return text[: limit - 1].rstrip() + "…"
