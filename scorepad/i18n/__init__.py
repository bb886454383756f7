"""scorepad in the reader's language: gettext catalogues through Babel, and the locale's way
of writing numbers and money.

Every sentence a person reads goes through :func:`tr` (or :func:`tr_n` when it counts
something) with its English text as the message id, or comes from the engine as a
:class:`~scorepad.engine.message.Message`, which :func:`say` renders. The language is the one
active where the text is made: a process-wide default (the CLI's ``--lang``, the system's
locale) that a screen overrides for its own reader (two phones at one table may differ).

>>> from scorepad.engine import Money
>>> from scorepad.i18n import Language, money, tr, use_language
>>> tr("New game")
'New game'
>>> with use_language(Language("de", "Deutsch")):
...     money(Money(35, "€"))
'0,35\xa0€'
"""

from scorepad.i18n.active import (
    N_,
    active_language,
    set_default_language,
    set_language_resolver,
    tr,
    tr_in,
    tr_n,
    use_language,
)
from scorepad.i18n.formats import day, isolated, money, number, signed
from scorepad.i18n.languages import (
    ENGLISH,
    LANGUAGES,
    Language,
    UnknownLanguageError,
    find_language,
    language_for_locales,
    system_language,
)
from scorepad.i18n.os_errors import os_reason
from scorepad.i18n.render import describe, say

__all__ = [
    "ENGLISH",
    "LANGUAGES",
    "N_",
    "Language",
    "UnknownLanguageError",
    "active_language",
    "day",
    "describe",
    "find_language",
    "isolated",
    "language_for_locales",
    "money",
    "number",
    "os_reason",
    "say",
    "set_default_language",
    "set_language_resolver",
    "signed",
    "system_language",
    "tr",
    "tr_in",
    "tr_n",
    "use_language",
]
