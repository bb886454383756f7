"""A sentence the engine says, kept as data: its English text and the named values in it.

The engine explains itself in sentences a player reads ("Ann deals and may not bid 0: the bids
would add up to 1, the number of tricks"), but it must not know who reads them, or in which
language: it stays pure (no catalogues, no locale). So a sentence leaves the engine as a
:class:`Message`, the English text with ``{named}`` placeholders (the catalogue's message id)
and the values that fill them. ``str()`` gives the English; :mod:`scorepad.i18n` gives the
reader's language, translating the text and writing each value (a number, an amount of
:class:`Money`, another message) the locale's way.

>>> hook = Message("{dealer} deals and may not bid {bid}", dealer="Ann", bid=0)
>>> str(hook)
'Ann deals and may not bid 0'
>>> hook.text, dict(hook.values)
('{dealer} deals and may not bid {bid}', {'dealer': 'Ann', 'bid': 0})

A message is its English sentence, so it joins, compares and prints like one:

>>> hook == "Ann deals and may not bid 0", f"{hook}!"
(True, 'Ann deals and may not bid 0!')
"""

from __future__ import annotations

import string
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Union

DOLLAR = "$"
"""The table's currency symbol until one is set (``Settings.currency_symbol`` in the store)."""


@dataclass(frozen=True, slots=True)
class Money:
    """An amount of the table's money, in whole cents, with the symbol the table writes it in.

    A value of a :class:`Message`, so the reader's locale writes it ("0,35 €"); in English it
    is the table's own way of saying it:

    >>> str(Money(30)), str(Money(125)), str(Money(-5, "€"))
    ('30¢', '$1.25', '-€0.05')
    """

    cents: int
    symbol: str = DOLLAR

    def __str__(self) -> str:
        sign = "-" if self.cents < 0 else ""
        cents = abs(self.cents)
        if self.symbol == DOLLAR and cents < 100:
            return f"{sign}{cents}¢"
        return f"{sign}{self.symbol}{cents // 100}.{cents % 100:02d}"


MessageValue = Union[str, int, Money, "Message", "Listing"]
"""What fills a placeholder: text from the table (already quoted or shown), a count or a round
number, an amount, or a sentence of its own."""


@dataclass(frozen=True, slots=True)
class Listing:
    """Several values said as one: "Ann, Bob, Cat". The locale may join them its own way.

    >>> str(Listing(("Ann", "Bob", Money(30))))
    'Ann, Bob, 30¢'
    """

    items: tuple[MessageValue, ...]

    def __str__(self) -> str:
        return ", ".join(str(item) for item in self.items)


class Message(str):
    """The English ``text`` with ``{named}`` placeholders, and the ``values`` that fill them.

    A message *is* its English sentence (a ``str``), so code that only shows, joins or
    compares the engine's text keeps working; code that speaks to a reader hands it to
    :func:`scorepad.i18n.say`, which sees the text and values. The text is the message id in
    the catalogues, so it must be a literal string where the message is made (that is where
    ``pybabel extract`` finds it).
    """

    text: str
    values: Mapping[str, MessageValue]

    def __new__(cls, text: str, /, **values: MessageValue) -> Message:
        wanted = set(placeholders(text))
        if wanted != set(values):
            raise TypeError(
                f"message {text!r} has placeholders {sorted(wanted)} but values {sorted(values)}"
            )
        english = text.format_map({name: str(value) for name, value in values.items()})
        message = super().__new__(cls, english)
        message.text = text
        message.values = dict(values)
        return message

    def __repr__(self) -> str:
        return f"Message({str(self)!r})"

    def __reduce__(self) -> tuple[object, ...]:
        return (_remake, (self.text, dict(self.values)))


def _remake(text: str, values: dict[str, MessageValue]) -> Message:
    return Message(text, **values)


def placeholders(text: str) -> Iterator[str]:
    """The names of the ``{placeholders}`` in ``text``, in order (a repeated one repeats).

    >>> list(placeholders("{payer} pays {payee} {amount}"))
    ['payer', 'payee', 'amount']
    """
    for _, name, _, _ in string.Formatter().parse(text):
        if name is not None:
            yield name


Said = str | Message
"""What the engine says: plain text (a name, a number) or a sentence to translate."""
