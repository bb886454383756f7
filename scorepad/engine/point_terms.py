"""Points written as a variant's one-line description writes them: "10 + 1 a trick".

Kept apart from :mod:`scorepad.engine.variant` so the variant's model stays its settings and
their checks; this is only how a sum of terms reads.

>>> described_points((10, None), (1, A_TRICK))
Message('10 + 1 a trick')
>>> described_points((0, None), (-1, A_TRICK_OFF))
Message('-1 a trick off')
>>> described_points((-5, None), (-1, A_TRICK_BID))
Message('-5 - 1 a trick bid')
>>> described_points((0, None), (0, A_TRICK))
0
"""

from __future__ import annotations

from scorepad.engine.message import Message

A_TRICK = "a trick"
A_TRICK_OFF = "a trick off"
A_TRICK_BID = "a trick bid"
A_CARD = "a card"


def _term(count: int, unit: str) -> Message:
    # each spelled out, so that the catalogue has the whole phrase
    if unit == A_TRICK:
        return Message("{count} a trick", count=count)
    if unit == A_TRICK_OFF:
        return Message("{count} a trick off", count=count)
    if unit == A_TRICK_BID:
        return Message("{count} a trick bid", count=count)
    return Message("{count} a card", count=count)


def described_points(*terms: tuple[int, str | None]) -> int | Message:
    """A sum of terms, each a count and its unit (``None``: a fixed number of points), with
    the terms that are zero left out; ``0`` when all are."""
    said = [(count, unit) for count, unit in terms if count]
    if not said:
        return 0
    first_count, first_unit = said[0]
    text: int | Message = first_count if first_unit is None else _term(first_count, first_unit)
    for count, unit in said[1:]:
        if unit is None:  # a fixed amount goes first in every caller's terms
            raise ValueError(f"a fixed term ({count}) must come first")
        text = Message(
            "{points} {sign} {term}", points=text, sign=_sign(count), term=_term(abs(count), unit)
        )
    return text


def _sign(count: int) -> str:
    return "+" if count >= 0 else "-"


def signed(number: int) -> str:
    """ "+ 5" or "- 5": written out here, a sign and a number (not a sentence)."""
    return f"+ {number}" if number >= 0 else f"- {-number}"
