"""Building a game checks every rule; each error names the round, the player and the rule."""

from __future__ import annotations

import pytest

from scorepad.engine import (
    DuplicateNameError,
    EmptyNameError,
    Game,
    GameOverError,
    GameRecord,
    MissingEntryError,
    RecordFormatError,
    RoundNotFoundError,
    RoundRecord,
    RoundShiftError,
    StakeError,
    StrangerError,
    Suit,
    TooManyRoundsError,
    TricksSumError,
    UnknownPlayerError,
)
from tests.helpers import play, round_of

FOUR = ["Ann", "Bob", "Cat", "Dan"]


def test_names_are_trimmed_and_must_be_unique_ignoring_case() -> None:
    assert Game.start("golf", ["  Ann ", "Bob"]).players == ("Ann", "Bob")
    with pytest.raises(DuplicateNameError, match="two players are called 'ann'"):
        Game.start("golf", ["Ann", "Bob", " ann"])
    with pytest.raises(EmptyNameError, match="player 2 has no name"):
        Game.start("golf", ["Ann", "  "])


def test_first_dealer_must_be_a_player() -> None:
    with pytest.raises(UnknownPlayerError, match="first dealer 'Eve' is not one of the players"):
        Game.start("golf", FOUR, first_dealer="Eve")


def test_a_stake_only_means_something_in_a_variant_with_payouts() -> None:
    with pytest.raises(StakeError, match="Mormon Bridge has no payouts"):
        Game.start("mormon-bridge", FOUR, stake_cents=5)


def test_every_player_bids_and_takes_tricks_and_nobody_else() -> None:
    game = Game.start("golf", FOUR)
    with pytest.raises(MissingEntryError, match="round 1: no bid recorded for Dan"):
        game.record_round(
            RoundRecord(
                turned=Suit.CLUBS,
                bids={"Ann": 0, "Bob": 0, "Cat": 0},
                tricks={"Ann": 1, "Bob": 0, "Cat": 0, "Dan": 0},
            )
        )
    with pytest.raises(StrangerError, match="round 1: a bid recorded for 'Eve', who is not"):
        game.record_round(
            RoundRecord(
                turned=Suit.CLUBS,
                bids={"Ann": 0, "Bob": 0, "Cat": 0, "Eve": 0},
                tricks={"Ann": 1, "Bob": 0, "Cat": 0, "Dan": 0},
            )
        )


def test_no_rounds_beyond_the_schedule() -> None:
    game = Game.start("mormon-bridge", ["A", "B", "C", "D", "E", "F", "G"])
    for _ in range(7):
        game = play(game, [0] * 7, [game.next_round.cards] + [0] * 6)  # type: ignore[union-attr]
    assert game.sheet.finished
    with pytest.raises(GameOverError, match="all 7 rounds are recorded"):
        game.record_round(game.record.rounds[-1])
    record = game.record.model_copy(
        update={"rounds": [*game.record.rounds, game.record.rounds[-1]]}
    )
    with pytest.raises(
        TooManyRoundsError, match="round 8: Mormon Bridge with 7 players has only 7"
    ):
        Game(record)


def test_an_error_changes_nothing() -> None:
    game = play(Game.start("golf", FOUR), [0, 0, 0, 0], [1, 0, 0, 0])
    before = game.sheet
    with pytest.raises(TricksSumError):
        play(game, [0, 0, 0, 0], [1, 0, 0, 0])
    assert game.sheet == before


def test_replacing_an_earlier_round_re_derives_the_totals_after_it() -> None:
    game = Game.start("mormon-bridge", ["Ann", "Bob"])
    game = play(game, [5, 5], [5, 5])
    game = play(game, [4, 4], [4, 5])
    assert game.sheet.totals == {"Ann": 29, "Bob": 20}
    fixed = game.replace_round(1, round_of(game, [5, 4], [5, 5]))
    assert fixed.sheet.rounds[1].totals == {"Ann": 29, "Bob": 10}
    assert game.sheet.totals == {"Ann": 29, "Bob": 20}  # the old game is untouched


def test_deleting_the_last_round_always_works_and_a_middle_round_only_if_the_rest_fit() -> None:
    game = Game.start("mormon-bridge", ["Ann", "Bob"])
    game = play(game, [5, 5], [5, 5])
    game = play(game, [4, 4], [4, 5])
    game = play(game, [4, 4], [4, 4])
    assert len(game.delete_round(3).sheet.rounds) == 2
    with pytest.raises(RoundShiftError) as caught:
        game.delete_round(1)
    assert str(caught.value) == (
        "round 1 cannot be deleted: the rounds after it would move up one place, and round 2 "
        "would not fit as round 1 (the tricks taken add up to 9, but a 10-card round has "
        "exactly 10 tricks); correct round 1 instead"
    )
    assert isinstance(caught.value.__cause__, TricksSumError)
    with pytest.raises(RoundNotFoundError, match="there is no round 4: rounds 1 to 3 are recorded"):
        game.delete_round(4)


def test_an_abandoned_game_takes_no_more_rounds_but_can_still_be_corrected() -> None:
    game = play(Game.start("golf", FOUR), [0, 0, 0, 0], [1, 0, 0, 0]).abandon()
    assert game.next_round is None
    with pytest.raises(GameOverError, match="abandoned"):
        game.record_round(game.record.rounds[0])
    corrected = game.replace_round(
        1, game.record.rounds[0].model_copy(update={"turned": Suit.SPADES})
    )
    assert corrected.sheet.status == "abandoned"
    assert corrected.sheet.rounds[0].trump is Suit.SPADES


def test_the_record_round_trips_through_json() -> None:
    game = play(
        Game.start("golf", FOUR, first_dealer="Bob", stake_cents=10), [0, 0, 0, 0], [0, 1, 0, 0]
    )
    again = Game.from_data(game.record.to_data())
    assert again.sheet == game.sheet
    assert again.record == game.record


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[1, 2]", "a game record is a JSON object, not list"),
        ('{"players": ["A", "B"]}', "variant: this field is required"),
        ('{"variant": 7, "players": ["A", "B"]}', "variant: expected a preset name or a variant"),
        ('{"variant": "golf", "players": ["A", "B"], "stake": 5}', "stake: unknown field"),
        (
            '{"variant": "golf", "players": ["A", "B"], "rounds": [{"turned": "hearts", '
            '"bids": {"A": "1", "B": 0}, "tricks": {"A": 1, "B": 0}}]}',
            "round 1, bids, A: expected a whole number (got '1')",
        ),
        (
            '{"variant": "golf", "players": ["A", "B"], "rounds": [{"turned": "stars", '
            '"bids": {"A": 1, "B": 0}, "tricks": {"A": 1, "B": 0}}]}',
            "'stars' is not a suit",
        ),
        ("{not json", "not valid JSON"),
    ],
)
def test_malformed_records_get_one_line_saying_where(text: str, message: str) -> None:
    with pytest.raises(RecordFormatError) as caught:
        GameRecord.from_json(text)
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)
