"""Days typed by a user: the one reader of "2026-11-25" for every date a range is asked by.

Records are picked by the day a game started (``scorepad stats --since``, ``scorepad ledger
--until``, a player's page From and To). Each of those reads its text here, so every one of
them takes the same days and refuses the rest with the same words.

Only ``YYYY-MM-DD`` is taken. Python's ``date.fromisoformat`` also takes "20261125" and week
dates ("2026-W48-3"); a day typed without its dashes is more likely a slip than a wish, and
one form is one thing to explain. A day the calendar does not have says why, rather than
that the form is wrong when it is not:

>>> parse_day(" 2026-11-25 ")
datetime.date(2026, 11, 25)
>>> parse_day("2026-11-31")
Traceback (most recent call last):
...
scorepad.engine.errors.DayError: 2026-11-31 is not a day: November has 30 days
>>> parse_day("20261125")
Traceback (most recent call last):
...
scorepad.engine.errors.DayError: '20261125' is not a day written YYYY-MM-DD (such as 2026-11-30)
"""

from __future__ import annotations

import calendar
import re
from datetime import date

from scorepad.engine.errors import DayError
from scorepad.engine.message import Message
from scorepad.engine.text import quoted

DAY_FORM = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")
"""A day as typed: four digits, two, two (ASCII digits only: "２０２６" is not taken)."""
DAY_EXAMPLE = "2026-11-30"
"""The example every message about the form gives."""
MONTHS = (
    Message("January"),
    Message("February"),
    Message("March"),
    Message("April"),
    # TRANSLATORS: the month ("2026-05-32 is not a day: May has 31 days")
    Message("May"),
    Message("June"),
    Message("July"),
    Message("August"),
    Message("September"),
    Message("October"),
    Message("November"),
    Message("December"),
)
"""The months' names, said in the reader's language as the rest of a message is (not
``calendar.month_name``, which follows the process's locale)."""


def parse_day(text: str) -> date:
    """The day ``text`` names (surrounding spaces ignored), or :class:`DayError` saying why
    it names none: not written ``YYYY-MM-DD``, or a month or day the calendar lacks."""
    typed = text.strip()
    found = DAY_FORM.fullmatch(typed)
    if found is None:
        raise DayError(
            Message(
                "{text} is not a day written YYYY-MM-DD (such as {example})",
                text=quoted(text),
                example=DAY_EXAMPLE,
            )
        )
    year, month, day = (int(part) for part in found.groups())
    if year < 1:
        raise DayError(Message("{day} is not a day: years start at 0001", day=typed))
    if not 1 <= month <= 12:
        raise DayError(
            Message(
                "{day} is not a day: a month is 01 to 12, not {month}", day=typed, month=found[2]
            )
        )
    days = calendar.monthrange(year, month)[1]
    if day < 1:
        raise DayError(Message("{day} is not a day: the days of a month start at 01", day=typed))
    if day > days:
        if month == 2:  # leap years: the year says why
            # the year as written (a number would be grouped as thousands: "2.026")
            said = Message(
                "{day} is not a day: February {year} has {days} days",
                day=typed,
                year=str(year),
                days=days,
            )
        else:
            said = Message(
                "{day} is not a day: {month} has {days} days",
                day=typed,
                month=MONTHS[month - 1],
                days=days,
            )
        raise DayError(said)
    return date(year, month, day)
