"""Hand sizes printed and read back: what the schedule line writes, the editor reads."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorepad.engine import (
    GOLF,
    MAX_ROUNDS,
    PRESETS,
    VariantSettingError,
    compress_sizes,
    format_sizes,
    parse_sizes,
    schedule_in_words,
)

schedules = st.lists(st.integers(1, 26), min_size=1, max_size=MAX_ROUNDS).map(tuple)
"""Any hand sizes a variant may list."""

runs = (
    st.lists(st.tuples(st.integers(1, 26), st.integers(1, 26)), min_size=1, max_size=4)
    .map(
        lambda pairs: tuple(
            size
            for start, end in pairs
            for size in range(start, end + (1 if end >= start else -1), 1 if end >= start else -1)
        )
    )
    .filter(lambda sizes: len(sizes) <= MAX_ROUNDS)
)
"""Schedules made of runs up and down, the shape real games have (turns doubled or not)."""


@given(schedules | runs)
def test_what_the_schedule_line_writes_reads_back_the_same(sizes: tuple[int, ...]) -> None:
    assert parse_sizes(compress_sizes(sizes)) == sizes


@given(schedules | runs)
def test_what_the_editor_writes_reads_back_the_same(sizes: tuple[int, ...]) -> None:
    assert parse_sizes(format_sizes(sizes)) == sizes


@pytest.mark.parametrize("players", [2, 4, 6, 8])
def test_every_preset_schedule_line_reads_back_as_its_schedule(players: int) -> None:
    for variant in PRESETS.values():
        if variant.min_players <= players <= variant.max_players:
            written = schedule_in_words(variant.schedule(players)).split(": ", 1)[1]
            assert parse_sizes(written) == variant.schedule(players)


def test_golf_for_six_as_the_setup_screen_shows_it_is_read_by_the_editor() -> None:
    # the bug: "1…8…1" (what the new-game screen shows) was refused by the schedule field
    assert parse_sizes("1…8…1") == GOLF.schedule(6)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("ten", "'ten' is not a number or a range like 10-1"),
        ("3-", "'3-' is not a number or a range"),
        ("1-99999999999", "99999999999 is far more cards than a hand can hold"),
        ("9" * 5000, f"^hand_sizes: {'9' * 60}… is far more cards than a hand can hold$"),
        ("1-100", "more than 60 rounds"),
        ("\u0663", "is not a number"),  # an Arabic-Indic digit is not read as 3
    ],
)
def test_unreadable_sizes_are_refused_with_the_reason(text: str, says: str) -> None:
    with pytest.raises(VariantSettingError, match=says) as refused:
        parse_sizes(text)
    assert refused.value.setting == "hand_sizes"
