"""The deck: four suits of thirteen cards, no jokers (every rule sheet says so)."""

from __future__ import annotations

from enum import StrEnum

DECK_SIZE = 52


class Suit(StrEnum):
    """A suit, spelled as the game record spells it.

    >>> Suit("hearts").symbol
    '♥'
    >>> Suit.parse(" Spades ")
    <Suit.SPADES: 'spades'>
    """

    CLUBS = "clubs"
    DIAMONDS = "diamonds"
    HEARTS = "hearts"
    SPADES = "spades"

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit forgivingly (case, spaces, symbol), as people type them."""
        cleaned = text.strip().lower()
        for suit in cls:
            if cleaned in (suit.value, suit.value.rstrip("s"), suit.symbol):
                return suit
        raise ValueError(f"{text!r} is not a suit; use one of {', '.join(s.value for s in cls)}")


_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}


def cards_left_over(players: int, cards_each: int) -> int:
    """Cards not dealt when each of ``players`` gets ``cards_each``; negative if too few.

    >>> cards_left_over(4, 13)
    0
    >>> cards_left_over(6, 9)
    -2
    """
    return DECK_SIZE - players * cards_each
