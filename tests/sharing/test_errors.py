"""The shared table's refusals: typed, one line, quoting the input, saying what to do."""

from __future__ import annotations

import pytest

from scorepad.engine import ScorepadError
from scorepad.sharing import (
    BidsNotSecretError,
    NoSuchSeatError,
    NotYourSeatError,
    NotYourTurnError,
    PinFormatError,
    ScorekeeperOnlyError,
    SeatTakenError,
    SharingError,
    TooManyTriesError,
    ViewerCannotEditError,
    WrongPinError,
)

EVERY_ERROR: list[SharingError] = [
    PinFormatError("12\n34"),
    WrongPinError(),
    TooManyTriesError(12),
    ViewerCannotEditError("record the round"),
    ScorekeeperOnlyError("change the PIN"),
    SeatTakenError("Ann\u202e"),
    NotYourSeatError("Bob\n"),
    NoSuchSeatError("Zed\x1b[2J"),
    BidsNotSecretError(),
    NotYourTurnError("Ann", "Bob"),
]


@pytest.mark.parametrize("error", EVERY_ERROR, ids=lambda error: type(error).__name__)
def test_every_refusal_is_a_one_line_scorepad_error(error: SharingError) -> None:
    assert isinstance(error, ScorepadError) and isinstance(error, ValueError)
    message = str(error)
    assert message and message.isprintable()
    assert ":" in message  # what happened: what to do


def test_messages_quote_the_input_with_its_controls_escaped() -> None:
    assert "'12\\n34'" in str(PinFormatError("12\n34"))
    assert "'Ann\\u202e'" in str(SeatTakenError("Ann\u202e"))
    assert "'Zed\\x1b[2J'" in str(NoSuchSeatError("Zed\x1b[2J"))
    assert "x" * 60 + "…' (500 characters)" in str(PinFormatError("x" * 500))


def test_the_errors_keep_what_they_refused() -> None:
    assert PinFormatError("abc").typed == "abc"
    assert TooManyTriesError(7).wait_seconds == 7
    assert ViewerCannotEditError("undo").what == "undo"
    assert SeatTakenError("Ann").player == "Ann"
    assert (NotYourTurnError("Ann", "Bob").player, NotYourTurnError("Ann", "Bob").whose) == (
        "Ann",
        "Bob",
    )
