"""Hand sizes written as text, and read back: one notation, printed and parsed here only.

A schedule is written as runs: ``10…1`` is ten rounds from 10 cards down to 1, and ``1-9, 9-1``
is Golf's eighteen hands. A chain ``a…b…c`` is the runs ``a…b`` and ``b…c`` one after the
other, so the card count where it turns is played twice (Golf's ``1…8…1`` for six players:
1 to 8, then 8 back to 1). What :func:`compress_sizes` and :func:`format_sizes` print,
:func:`parse_sizes` reads back to the same sizes:

>>> golf_for_six = (*range(1, 9), *range(8, 0, -1))
>>> compress_sizes(golf_for_six), format_sizes(golf_for_six)
('1…8…1', '1-8, 8-1')
>>> parse_sizes(compress_sizes(golf_for_six)) == parse_sizes("1-8, 8-1") == golf_for_six
True
>>> scotch = (*range(13, 0, -1), *range(2, 14))
>>> compress_sizes(scotch)
'13…1, 2…13'
>>> parse_sizes(compress_sizes(scotch)) == scotch
True
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from scorepad.engine.errors import VariantSettingError
from scorepad.engine.message import Message
from scorepad.engine.text import QUOTE_LIMIT, quoted

MAX_ROUNDS = 60
"""The most rounds a variant may list: far more than any table plays in an evening."""

MAX_WRITTEN_NUMBER = 999
"""The largest number read in a schedule; a hand is at most 26 cards (the variant says so),
but a typed ``1-100000000`` must be refused before it is counted out."""

_RANGE_MARK = r"(?:-|–|…|\.\.)"
_TOKEN = re.compile(rf"[0-9]+(?:{_RANGE_MARK}[0-9]+)*")


def _runs(sizes: Sequence[int]) -> list[list[int]]:
    """The sizes cut into runs that step by one in a single direction."""
    runs: list[list[int]] = []
    for size in sizes:
        run = runs[-1] if runs else None
        if (
            run is not None
            and abs(size - run[-1]) == 1
            and (len(run) == 1 or size - run[-1] == run[-1] - run[-2])
        ):
            run.append(size)
        else:
            runs.append([size])
    return runs


def format_sizes(sizes: Sequence[int]) -> str:
    """Hand sizes as the house-rules editor shows them: every run as a range.

    >>> format_sizes((1, 2, 3, 3, 2, 1))
    '1-3, 3-1'
    >>> format_sizes((13, 12, 11, 2, 3))
    '13-11, 2-3'
    """
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in _runs(sizes))


def compress_sizes(sizes: Sequence[int]) -> str:
    """Hand sizes the way players say them: runs of three or more as ``a…b``, and a run that
    starts on the count the previous one ended on chained to it (``1…3…1``).

    >>> compress_sizes((1, 2, 3, 3, 2, 1))
    '1…3…1'
    >>> compress_sizes((1, 2, 3, 2, 1))
    '1…3, 2, 1'
    >>> compress_sizes((13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3))
    '13…1, 2, 3'
    >>> compress_sizes((5, 3, 7)), compress_sizes((4,))
    ('5, 3, 7', '4')
    """
    parts: list[str] = []
    previous_end: int | None = None
    for run in _runs(sizes):
        if len(run) < 3:
            parts.extend(str(size) for size in run)
            previous_end = None
        elif previous_end == run[0]:
            parts[-1] += f"…{run[-1]}"
            previous_end = run[-1]
        else:
            parts.append(f"{run[0]}…{run[-1]}")
            previous_end = run[-1]
    return ", ".join(parts)


def parse_sizes(text: str) -> tuple[int, ...]:
    """Read hand sizes as typed: ``"10-1"``, ``"1-9, 9-1"``, ``"7 6 5"`` or ``"1…8…1"``.

    >>> parse_sizes("13-11, 2-3")
    (13, 12, 11, 2, 3)
    >>> parse_sizes("3..1..2")
    (3, 2, 1, 1, 2)
    >>> parse_sizes("ten")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    scorepad.engine.errors.VariantSettingError: hand_sizes: 'ten' is not a number or a range...
    >>> parse_sizes("1-100000")
    Traceback (most recent call last):
    ...
    scorepad.engine.errors.VariantSettingError: hand_sizes: 100000 is far more cards than a \
hand can hold
    """
    sizes: list[int] = []
    for token in re.split(r"[,\s]+", text.strip()):
        if not token:
            continue
        if _TOKEN.fullmatch(token) is None:
            raise VariantSettingError(
                "hand_sizes",
                Message("{text} is not a number or a range like 10-1", text=quoted(token)),
            )
        ends = [_size(number) for number in re.split(_RANGE_MARK, token)]
        if len(ends) == 1:
            sizes.append(ends[0])
        for start, end in itertools.pairwise(ends):
            step = 1 if end >= start else -1
            sizes.extend(range(start, end + step, step))
        if len(sizes) > MAX_ROUNDS:
            raise VariantSettingError(
                "hand_sizes",
                Message(
                    "{text} is more than {count} rounds; list fewer",
                    text=quoted(text.strip()),
                    count=MAX_ROUNDS,
                ),
            )
    return tuple(sizes)


def _size(digits: str) -> int:
    if len(digits) > len(str(MAX_WRITTEN_NUMBER)) or int(digits) > MAX_WRITTEN_NUMBER:
        number = digits if len(digits) <= QUOTE_LIMIT else f"{digits[:QUOTE_LIMIT]}…"
        raise VariantSettingError(
            "hand_sizes",
            # the digits as typed: a number would be grouped as thousands, or be too long
            Message("{number} is far more cards than a hand can hold", number=number),
        )
    return int(digits)
