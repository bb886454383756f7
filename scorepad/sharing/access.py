"""The shared table's secrets: the PIN that lets a phone keep score, the scorekeeper's token,
and the limit on guessing the PIN.

A 4-digit PIN is short on purpose (it is read aloud across a card table), so guessing it must
be slow: :class:`RateLimiter` allows a few wrong tries a minute per phone, and a few more for
all phones together, so opening many sessions does not multiply the guesses. The token is
long (128 bits) and never typed, so it needs no limit. Secrets are compared in constant time
so the time a refusal takes says nothing about how close a guess was.
"""

from __future__ import annotations

import hmac
import math
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable

from scorepad.sharing.errors import TooManyTriesError

PIN_LENGTH = 4
"""Digits in a PIN made by :func:`make_pin`: short enough to read out at the table."""

TRIES_PER_WINDOW = 5
"""Wrong PINs one phone may try within :data:`WINDOW_SECONDS` before it must wait."""

TRIES_PER_WINDOW_FOR_EVERYONE = 10
"""Wrong PINs all phones together may try within :data:`WINDOW_SECONDS`. Twice one phone's
limit, so one fumbling phone does not lock out the others, while a guesser with many sessions
still needs hours, on average, to find a 4-digit PIN."""

WINDOW_SECONDS = 60.0

EVERYONE = "\x00everyone"
"""The global bucket's key; no device key (``token_urlsafe`` text) can be equal to it."""

Clock = Callable[[], float]


def make_pin() -> str:
    """A new random PIN of :data:`PIN_LENGTH` digits (leading zeros kept), from :mod:`secrets`.

    >>> pin = make_pin()
    >>> len(pin), pin.isdigit()
    (4, True)
    """
    return f"{secrets.randbelow(10**PIN_LENGTH):0{PIN_LENGTH}d}"


def make_token() -> str:
    """A new scorekeeper's token: 16 random bytes, URL-safe, to put in the address.

    >>> len(make_token()) >= 21
    True
    """
    return secrets.token_urlsafe(16)


def pins_match(given: str, expected: str) -> bool:
    """Whether two secrets are equal, compared in constant time (no early exit on the first
    wrong character). Works for PINs and tokens alike.

    >>> pins_match("0420", "0420"), pins_match("0421", "0420"), pins_match("é", "e")
    (True, False, False)
    """
    return hmac.compare_digest(given.encode("utf-8"), expected.encode("utf-8"))


class RateLimiter:
    """At most ``limit`` failures per key, and ``global_limit`` for all keys together, within
    any ``window_seconds``; :meth:`check` refuses once either is reached.

    The caller checks *before* looking at the guess and records a miss *after*, so during a
    wait even the right PIN is refused: otherwise a guesser could keep guessing and learn from
    which answer is accepted. The clock is injectable for tests; it must never go backwards
    (:func:`time.monotonic`).

    >>> now = [0.0]
    >>> limiter = RateLimiter(limit=2, window_seconds=60, clock=lambda: now[0])
    >>> limiter.failed("phone"); limiter.failed("phone")
    >>> limiter.check("phone")
    Traceback (most recent call last):
    ...
    scorepad.sharing.errors.TooManyTriesError: too many wrong PINs from this screen: wait 60 \
seconds and try again
    >>> limiter.check("another phone")  # its own bucket is empty, the global one is not full
    >>> now[0] = 60.0
    >>> limiter.check("phone")
    """

    def __init__(
        self,
        limit: int = TRIES_PER_WINDOW,
        window_seconds: float = WINDOW_SECONDS,
        clock: Clock = time.monotonic,
        *,
        global_limit: int | None = None,
    ) -> None:
        if limit < 1 or window_seconds <= 0:
            raise ValueError("a rate limit needs at least 1 try in a window longer than 0")
        self.limit = limit
        self.global_limit = (
            max(limit, TRIES_PER_WINDOW_FOR_EVERYONE * limit // TRIES_PER_WINDOW)
            if global_limit is None
            else global_limit
        )
        self.window_seconds = window_seconds
        self._clock = clock
        self._lock = threading.Lock()
        self._misses: dict[str, deque[float]] = {}

    def check(self, key: str) -> None:
        """Raise :class:`TooManyTriesError` if ``key`` (or everyone) must wait; the error says
        for how many whole seconds (rounded up, at least 1)."""
        with self._lock:
            now = self._clock()
            self._forget_before(now - self.window_seconds)
            everyone = self._misses.get(EVERYONE)
            mine = self._misses.get(key)
            if mine is not None and len(mine) >= self.limit:
                raise TooManyTriesError(self._wait(mine, self.limit, now))
            if everyone is not None and len(everyone) >= self.global_limit:
                raise TooManyTriesError(self._wait(everyone, self.global_limit, now), everyone=True)

    def failed(self, key: str) -> None:
        """Record one wrong try by ``key`` (it counts for everyone too)."""
        with self._lock:
            now = self._clock()
            self._forget_before(now - self.window_seconds)
            for bucket in (key, EVERYONE):
                self._misses.setdefault(bucket, deque()).append(now)

    def misses(self, key: str) -> int:
        """Wrong tries by ``key`` still inside the window (for the screen: "3 tries left")."""
        with self._lock:
            self._forget_before(self._clock() - self.window_seconds)
            return len(self._misses.get(key, ()))

    def _wait(self, misses: deque[float], limit: int, now: float) -> int:
        # The bucket frees a place when the miss that filled it to the limit leaves the window.
        oldest_that_counts = misses[len(misses) - limit]
        return max(1, math.ceil(oldest_that_counts + self.window_seconds - now))

    def _forget_before(self, start: float) -> None:
        # Dropping old misses (and emptied keys) keeps memory bounded: at most global_limit
        # misses can be inside one window, whatever number of keys a guesser invents.
        for key in list(self._misses):
            misses = self._misses[key]
            while misses and misses[0] <= start:
                misses.popleft()
            if not misses:
                del self._misses[key]
