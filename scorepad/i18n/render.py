"""The engine's sentences (:class:`~scorepad.engine.message.Message`) in the reader's language.

The sentence comes from the reader's catalogue and each value is written the reader's way:

>>> from scorepad.engine import Message, Money
>>> from scorepad.i18n import Language, use_language
>>> paid = Message("{payer} pays {payee} {amount}", payer="Bob", payee="Ann", amount=Money(130))
>>> say(paid)
'Bob pays Ann $1.30'
>>> with use_language(Language("pl", "Polski")):
...     say(paid)
'Bob płaci Ann 1,30\\xa0$'
"""

from __future__ import annotations

import logging

from scorepad.engine import Listing, Message, MessageValue, Money
from scorepad.i18n.active import active_language, tr
from scorepad.i18n.formats import money, number

log = logging.getLogger("scorepad.i18n")


def say(said: str | Message) -> str:
    """``said`` in the active language: a message translated and its values written the
    locale's way; plain text (a name) as it is."""
    if not isinstance(said, Message):
        return said
    values = {name: _value(value) for name, value in said.values.items()}
    translated = tr(said.text)
    try:
        return translated.format_map(values)
    except (KeyError, IndexError, ValueError) as problem:
        # a translation with a broken placeholder (tests/i18n refuses them): the English
        # still says it right
        log.warning(
            "the %s translation of %r is broken (%s)", active_language().code, said.text, problem
        )
        return said.text.format_map(values)


def describe(problem: BaseException) -> str:
    """What went wrong, for the reader: an engine error's sentence in their language (every
    :class:`~scorepad.engine.errors.ScorepadError` keeps its :class:`Message` as ``said``),
    any other error's own text."""
    said = getattr(problem, "said", None)
    if isinstance(said, Message):
        return say(said)
    return str(problem)


def _value(value: MessageValue) -> str:
    if isinstance(value, Message):
        return say(value)
    if isinstance(value, Money):
        return money(value)
    if isinstance(value, Listing):
        # TRANSLATORS: between the items of a list ("Ann, Bob, Cat")
        return tr(", ").join(_value(item) for item in value.items)
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return number(value)
    return value
