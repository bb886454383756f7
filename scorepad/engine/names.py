"""Players' names: what a name may be, and when two names are the same player.

One rule, used everywhere a name is typed or read (the player list, the first dealer, the keys
of a round's bids and tricks, the new-game form):

* a name is stored as typed, except that Unicode is normalised (NFC: an "é" typed as one
  character and one typed as "e" + accent are the same name), surrounding whitespace is
  dropped and each run of spaces inside becomes one space;
* a name may not be empty, may not hold control or invisible characters (a newline, a tab, a
  zero-width space, a bidi control), and has at most :data:`MAX_NAME_LENGTH` characters;
* two names are the same player when they match ignoring case (Unicode case folding), so
  "Ann", " ann " and "ANN" are one player at a table, and a bid written for "ann" is Ann's.

>>> clean_name("  Zoe   Lee ")
'Zoe Lee'
>>> name_key(" ANN ") == name_key("ann")
True
"""

from __future__ import annotations

import unicodedata

from scorepad.engine.errors import EmptyNameError, NameCharacterError, NameTooLongError
from scorepad.engine.text import is_unsafe

MAX_NAME_LENGTH = 40
"""The longest name, in characters: room for a full name, short enough for a column."""


def clean_name(raw: str) -> str:
    """The name as it is kept and shown: NFC, trimmed, inner whitespace runs made one space.

    Control characters are *not* removed here (a newline inside is collapsed like a space);
    :func:`checked_name` refuses them before cleaning."""
    return " ".join(unicodedata.normalize("NFC", raw).split())


def name_key(name: str) -> str:
    """What two names of the same player have in common (compare keys, never names)."""
    return unicodedata.normalize("NFC", clean_name(name).casefold())


def checked_name(raw: str, position: int) -> str:
    """The cleaned name of player ``position`` (1-based), or a typed :class:`PlayerError`."""
    trimmed = unicodedata.normalize("NFC", raw).strip()
    if not trimmed:
        raise EmptyNameError(position)
    bad = next((char for char in trimmed if is_unsafe(char)), None)
    if bad is not None:
        raise NameCharacterError(trimmed, bad)
    name = clean_name(trimmed)
    if len(name) > MAX_NAME_LENGTH:
        raise NameTooLongError(name, MAX_NAME_LENGTH)
    return name
