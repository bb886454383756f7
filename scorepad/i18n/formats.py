"""Numbers and money the locale's way ("1.234", "0,35 €"), from Babel's CLDR data.

The amount is always the table's, in whole cents, and the symbol is the table's choice (a
German table that plays for dollars writes "1,25 $"); only how it is written follows the
reader's locale. English keeps the table's own way, cents under a dollar ("30¢").
"""

from __future__ import annotations

import datetime
from decimal import Decimal
from functools import cache

from babel import Locale
from babel.dates import format_skeleton
from babel.numbers import format_decimal

from scorepad.engine import DOLLAR, Money
from scorepad.i18n.active import active_language

CENT_SIGN = "¢"
NO_BREAK_SPACE = "\u00a0"


def number(value: int) -> str:
    """A whole number as the reader's locale writes it.

    >>> from scorepad.i18n import Language, use_language
    >>> with use_language(Language("de", "Deutsch")):
    ...     number(1234)
    '1.234'
    """
    code = active_language().code
    if code == "en" or -1000 < value < 1000:
        return str(value)
    return format_decimal(value, locale=code)


@cache
def _money_pattern(code: str, symbol: str) -> str:
    pattern = str(Locale.parse(code).currency_formats["standard"].pattern)
    literal = "'" + symbol.replace("'", "''") + "'"
    return pattern.replace("¤", literal)


def money(amount: Money) -> str:
    """``amount`` written the reader's way.

    >>> from scorepad.i18n import Language, use_language
    >>> with use_language(Language("de", "Deutsch")):
    ...     money(Money(35, "€")), money(Money(-125)), money(Money(30))
    ('0,35\\xa0€', '-1,25\\xa0$', '30\\xa0¢')
    >>> money(Money(30)), money(Money(115, "€"))
    ('30¢', '€1.15')
    """
    code = active_language().code
    if code == "en":
        return str(amount)
    if amount.symbol == DOLLAR and abs(amount.cents) < 100:
        return f"{format_decimal(amount.cents, locale=code)}{NO_BREAK_SPACE}{CENT_SIGN}"
    value = Decimal(amount.cents) / 100
    return format_decimal(value, format=_money_pattern(code, amount.symbol), locale=code)


def day(value: datetime.date, *, weekday: bool = False, year: bool = True) -> str:
    """A day the reader's way, as short as a picker or a chart's axis wants it.

    >>> from scorepad.i18n import Language, use_language
    >>> saturday = datetime.date(2026, 11, 28)
    >>> day(saturday, weekday=True), day(saturday, year=False)
    ('Sat 28 Nov 2026', '28 Nov')
    >>> with use_language(Language("de", "Deutsch")):
    ...     day(saturday, weekday=True), day(saturday, year=False)
    ('Sa., 28. Nov. 2026', '28. Nov.')
    """
    code = active_language().code
    if code == "en":  # the app's own English, as it always wrote it
        text = f"{value.day} {value:%b}"
        if year:
            text += f" {value.year}"
        return f"{value:%a} {text}" if weekday else text
    skeleton = ("y" if year else "") + "MMM" + ("E" if weekday else "") + "d"
    return format_skeleton(skeleton, value, locale=code)


FIRST_STRONG_ISOLATE = "\u2068"
POP_DIRECTIONAL_ISOLATE = "\u2069"


def isolated(text: str) -> str:
    """``text`` set apart in its own direction when the reader's language is right to left:
    an item of a list ("1. Ann 20", "Bob 5 ¢") inside a Hebrew sentence, which the Unicode
    bidi algorithm would otherwise run into its neighbours (the "1." of one name behind the
    last, a "¢" carried to the far end of the line). A left-to-right reader's text is left as
    it is.

    >>> from scorepad.i18n import Language, use_language
    >>> isolated("Ann 20")
    'Ann 20'
    >>> with use_language(Language("he", "עברית", right_to_left=True)):
    ...     isolated("Ann 20")
    '\u2068Ann 20\u2069'
    """
    if not active_language().right_to_left:
        return text
    return f"{FIRST_STRONG_ISOLATE}{text}{POP_DIRECTIONAL_ISOLATE}"


def signed(value: int) -> str:
    """Points won or lost with their sign ("+10", "-3", "+0"), the sign kept in front of the
    number in a right-to-left line too: on its own in a Hebrew chip, the bidi algorithm
    would carry the "+" to the number's far side ("10+").

    >>> from scorepad.i18n import Language, use_language
    >>> signed(10), signed(-3), signed(0)
    ('+10', '-3', '+0')
    >>> with use_language(Language("he", "עברית", right_to_left=True)):
    ...     signed(10)
    '\u2068+10\u2069'
    """
    return isolated(f"{value:+d}")
