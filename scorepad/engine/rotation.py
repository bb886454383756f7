"""A rotation of trumps written as text, and read back: ``"♠ ♥ ♣ ♦ NT"``.

A table that plays trumps in turn (Nomination Whist: spades, hearts, clubs, diamonds, then a
no-trump hand) types the rotation once; a keyboard without suit symbols types letters or
names. What :func:`rotation_words` writes, :func:`parse_rotation` reads back:

>>> parse_rotation("s h c d nt")
(<Suit.SPADES: 'spades'>, <Suit.HEARTS: 'hearts'>, <Suit.CLUBS: 'clubs'>, \
<Suit.DIAMONDS: 'diamonds'>, None)
>>> parse_rotation(rotation_words(parse_rotation("Spades, no trump"))) == parse_rotation("♠ NT")
True
>>> parse_rotation("♠ joker")
Traceback (most recent call last):
...
scorepad.engine.errors.VariantSettingError: trump_rotation: 'joker' is not a suit; write ♠ ♥ \
♦ ♣ (or S H D C) and NT for a hand with no trump
"""

from __future__ import annotations

import re

from scorepad.engine.cards import Suit
from scorepad.engine.errors import VariantSettingError
from scorepad.engine.message import Message
from scorepad.engine.text import quoted
from scorepad.engine.variant import MAX_ROTATION

__all__ = ["parse_rotation", "rotation_words"]


def rotation_words(rotation: tuple[Suit | None, ...]) -> str:
    """A rotation of trumps as the table writes it: ``"♠ ♥ ♣ ♦ NT"``.

    >>> rotation_words((Suit.SPADES, Suit.HEARTS, None))
    '♠ ♥ NT'
    """
    return " ".join(NO_TRUMP_MARK if suit is None else suit.symbol for suit in rotation)


NO_TRUMP_MARK = "NT"
"""A no-trump hand in a written rotation, as bridge players write it."""


_NO_TRUMP_WORDS = {"nt", "no trump", "notrump", "no-trump", "none", "-"}
_LETTERS = {"s": Suit.SPADES, "h": Suit.HEARTS, "d": Suit.DIAMONDS, "c": Suit.CLUBS}


def parse_rotation(text: str) -> tuple[Suit | None, ...]:
    """The trumps of a rotation in order, ``None`` for a no-trump hand."""
    # "no trump" is two words: join them before splitting on spaces and commas
    cleaned = re.sub(r"no[\s-]+trump", "nt", text.strip().lower())
    rotation: list[Suit | None] = []
    for token in re.split(r"[,;\s]+", cleaned):
        if not token:
            continue
        if token in _NO_TRUMP_WORDS or token == NO_TRUMP_MARK.lower():
            rotation.append(None)
        elif token in _LETTERS:
            rotation.append(_LETTERS[token])
        else:
            try:
                rotation.append(Suit.parse(token))
            except ValueError:
                raise VariantSettingError(
                    "trump_rotation",
                    Message(
                        "{text} is not a suit; write ♠ ♥ ♦ ♣ (or S H D C) and NT for a hand "
                        "with no trump",
                        text=quoted(token),
                    ),
                ) from None
        if len(rotation) > MAX_ROTATION:
            raise VariantSettingError(
                "trump_rotation",
                Message("a rotation has at most {count} hands; list fewer", count=MAX_ROTATION),
            )
    return tuple(rotation)
