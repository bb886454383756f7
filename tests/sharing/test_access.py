"""PINs, tokens and the limit on guessing the PIN (scorepad.sharing.access)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.sharing import RateLimiter, TooManyTriesError, make_pin, make_token, pins_match


def test_pins_are_four_digits_and_vary() -> None:
    pins = {make_pin() for _ in range(200)}
    assert all(len(pin) == 4 and pin.isascii() and pin.isdigit() for pin in pins)
    assert len(pins) > 100


def test_tokens_are_long_url_safe_and_unique() -> None:
    tokens = {make_token() for _ in range(50)}
    assert len(tokens) == 50
    assert all(
        len(token) >= 21 and token.replace("-", "").replace("_", "").isalnum() for token in tokens
    )


@pytest.mark.parametrize(
    ("given_", "expected", "match"),
    [("0420", "0420", True), ("0421", "0420", False), ("042", "0420", False), ("", "0420", False)],
)
def test_pins_match_only_when_equal(given_: str, expected: str, match: bool) -> None:
    assert pins_match(given_, expected) is match


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_limiter_refuses_a_key_after_its_limit_but_not_the_others() -> None:
    clock = FakeClock()
    limiter = RateLimiter(clock=clock)
    for _ in range(5):
        limiter.check("a")
        limiter.failed("a")
    with pytest.raises(TooManyTriesError) as caught:
        limiter.check("a")
    assert (caught.value.wait_seconds, caught.value.everyone) == (60, False)
    limiter.check("b")


def test_the_wait_rounds_up_to_whole_seconds_and_is_never_zero() -> None:
    clock = FakeClock()
    limiter = RateLimiter(limit=1, window_seconds=60, clock=clock)
    limiter.failed("a")
    clock.now = 59.999
    with pytest.raises(TooManyTriesError, match="wait 1 second and") as caught:
        limiter.check("a")
    assert caught.value.wait_seconds == 1
    clock.now = 0.5
    with pytest.raises(TooManyTriesError, match="wait 60 seconds"):
        limiter.check("a")


def test_the_global_bucket_is_twice_the_per_key_limit_by_default() -> None:
    assert RateLimiter().global_limit == 10
    assert RateLimiter(limit=3, global_limit=4).global_limit == 4


def test_forgotten_keys_free_their_memory() -> None:
    clock = FakeClock()
    limiter = RateLimiter(limit=5, global_limit=1000, clock=clock)
    for n in range(500):
        limiter.failed(f"key-{n}")
    clock.now = 61
    limiter.check("new")
    assert limiter._misses == {}  # the memory bound is the point


@pytest.mark.parametrize(("limit", "window"), [(0, 60.0), (5, 0.0)])
def test_a_limiter_needs_a_positive_limit_and_window(limit: int, window: float) -> None:
    with pytest.raises(ValueError, match="at least 1 try"):
        RateLimiter(limit=limit, window_seconds=window)


# --- The limiter against a model: every miss inside the window counts, nothing else --------


@dataclass
class Model:
    limit: int
    global_limit: int
    window: float
    misses: list[tuple[str, float]] = field(default_factory=list)

    def inside(self, now: float, key: str | None) -> list[float]:
        return [t for k, t in self.misses if (key is None or k == key) and t > now - self.window]

    def wait(self, now: float, key: str) -> tuple[int, bool] | None:
        """Expected (wait, everyone) of a refusal, or None when the check passes."""
        for times, limit, everyone in (
            (self.inside(now, key), self.limit, False),
            (self.inside(now, None), self.global_limit, True),
        ):
            if len(times) >= limit:
                oldest_that_counts = sorted(times)[len(times) - limit]
                return max(1, math.ceil(oldest_that_counts + self.window - now)), everyone
        return None


steps = st.lists(
    st.tuples(
        st.integers(min_value=0, max_value=80).map(lambda quarters: quarters / 4),
        st.sampled_from(["a", "b", "c", "d"]),
        st.booleans(),
    ),
    max_size=60,
)


@settings(max_examples=150, deadline=None)
@given(
    limit=st.integers(min_value=1, max_value=5),
    extra=st.integers(min_value=0, max_value=5),
    steps=steps,
)
def test_the_limiter_refuses_exactly_when_a_bucket_is_full(
    limit: int, extra: int, steps: list[tuple[float, str, bool]]
) -> None:
    clock = FakeClock()
    limiter = RateLimiter(limit=limit, window_seconds=30, clock=clock, global_limit=limit + extra)
    model = Model(limit, limit + extra, 30)
    for advance, key, miss in steps:
        clock.now += advance
        expected = model.wait(clock.now, key)
        refused = refusal(limiter, key)
        if refused is None:
            assert expected is None
            if miss:
                limiter.failed(key)
                model.misses.append((key, clock.now))
            continue
        assert expected == (refused.wait_seconds, refused.everyone)
        # After the wait the bucket that refused has room; a second earlier it had none.
        later = model.wait(clock.now + refused.wait_seconds, key)
        assert later is None or later[1] != refused.everyone
        if refused.wait_seconds > 1:
            assert model.wait(clock.now + refused.wait_seconds - 1, key) is not None


def refusal(limiter: RateLimiter, key: str) -> TooManyTriesError | None:
    try:
        limiter.check(key)
    except TooManyTriesError as refused:
        return refused
    return None
