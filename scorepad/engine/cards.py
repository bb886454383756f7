"""The deck: four suits of thirteen cards, no jokers (every rule sheet says so)."""

from __future__ import annotations

from enum import StrEnum

from scorepad.engine.message import Listing, Message

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
        raise ValueError(
            Message(
                "{text} is not a suit; use one of {suits}",
                text=repr(text),
                suits=Listing(tuple(suit.value for suit in cls)),
            )
        )


_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}


def suit_name(suit: Suit) -> Message:
    """The suit as a sentence names it ("hearts turned: hearts are trump"): the word for the
    reader, where :class:`Suit`'s value is the record's key and stays "hearts" in every
    language.

    >>> suit_name(Suit.HEARTS), suit_name(Suit.HEARTS) == Suit.HEARTS.value
    (Message('hearts'), True)
    """
    if suit is Suit.CLUBS:
        # TRANSLATORS: the suit, as a sentence names it ("clubs turned: clubs are trump")
        return Message("clubs")
    if suit is Suit.DIAMONDS:
        # TRANSLATORS: the suit, as a sentence names it ("diamonds turned: diamonds are trump")
        return Message("diamonds")
    if suit is Suit.HEARTS:
        # TRANSLATORS: the suit, as a sentence names it ("hearts turned: hearts are trump")
        return Message("hearts")
    # TRANSLATORS: the suit, as a sentence names it ("spades turned: spades are trump")
    return Message("spades")


def cards_left_over(players: int, cards_each: int) -> int:
    """Cards not dealt when each of ``players`` gets ``cards_each``; negative if too few.

    >>> cards_left_over(4, 13)
    0
    >>> cards_left_over(6, 9)
    -2
    """
    return DECK_SIZE - players * cards_each
