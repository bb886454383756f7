"""A player's part in one game, checked against sheets worked out by hand."""

from __future__ import annotations

import pytest
from hypothesis import given
from pydantic import ValidationError

from scorepad.engine import (
    GOLF,
    MORMON_BRIDGE,
    Game,
    HandTally,
    PlayerResult,
    RoundRecord,
    player_results,
)
from tests.strategies import games

SHORT_MORMON = MORMON_BRIDGE.with_changes(name="Short Mormon", hand_sizes=(3, 2, 1))
TWO_HAND_GOLF = GOLF.with_changes(name="Two-hand Golf", hand_sizes=(2, 2))


def short_mormon(rounds: int = 3) -> Game:
    """Ann, Bob and Cat; worked out by hand (a round scores tricks + 10 if made):

    ====  =====  ===============  ===============  =========================
    cards  trump  bids A/B/C       tricks A/B/C     points A/B/C
    ====  =====  ===============  ===============  =========================
    3     hearts  1 / 0 / 2        1 / 0 / 2        11 / 10 / 12
    2     spades  0 / 1 / 1        1 / 1 / 0         1 / 11 /  0
    1     clubs   0 / 0 / 1        0 / 1 / 0        10 /  1 /  0
    ====  =====  ===============  ===============  =========================

    Totals 22 / 22 / 12: Ann and Bob tie for the win.
    """
    game = Game.start(SHORT_MORMON, ["Ann", "Bob", "Cat"], first_dealer="Ann")
    played = [
        RoundRecord(
            turned="hearts",
            bids={"Ann": 1, "Bob": 0, "Cat": 2},
            tricks={"Ann": 1, "Bob": 0, "Cat": 2},
        ),
        RoundRecord(
            turned="spades",
            bids={"Ann": 0, "Bob": 1, "Cat": 1},
            tricks={"Ann": 1, "Bob": 1, "Cat": 0},
        ),
        RoundRecord(
            turned="clubs",
            bids={"Ann": 0, "Bob": 0, "Cat": 1},
            tricks={"Ann": 0, "Bob": 1, "Cat": 0},
        ),
    ]
    for round_record in played[:rounds]:
        game = game.record_round(round_record)
    return game


def two_hand_golf(stake_cents: int = 5) -> Game:
    """Ann, Bob and Cat, Cat deals first; worked out by hand (made: 10 + tricks, missed: 0):

    Hand 1 (2 cards): bids 2 / 0 / 1, tricks 2 / 0 / 0: 12 / 10 / 0 (Cat set).
    Hand 2 (2 cards): bids 0 / 1 / 0, tricks 2 / 0 / 0:  0 /  0 / 10 (Ann and Bob set).
    Totals 12 / 10 / 10: Bob and Cat tie low and win. Ann lost with 1 set: she pays 5 cents,
    split 3 to Bob (who sits first) and 2 to Cat.
    """
    game = Game.start(TWO_HAND_GOLF, ["Ann", "Bob", "Cat"], "Cat", stake_cents=stake_cents)
    game = game.record_round(
        RoundRecord(
            turned="clubs",
            bids={"Ann": 2, "Bob": 0, "Cat": 1},
            tricks={"Ann": 2, "Bob": 0, "Cat": 0},
        )
    )
    return game.record_round(
        RoundRecord(
            turned="clubs",
            bids={"Bob": 1, "Cat": 0, "Ann": 0},
            tricks={"Bob": 0, "Cat": 0, "Ann": 2},
        )
    )


def test_a_finished_game_gives_each_player_their_part_in_seating_order() -> None:
    ann, bob, cat = player_results(short_mormon())
    assert ann == PlayerResult(
        player="Ann",
        total=22,
        rank=1,
        won=True,
        rounds=3,
        bids_made=2,
        zeros_bid=2,
        zeros_made=1,
        sets=1,
        hands=(
            HandTally(cards=1, rounds=1, made=1),
            HandTally(cards=2, rounds=1, made=0),
            HandTally(cards=3, rounds=1, made=1),
        ),
        cents=None,
    )
    assert (bob.total, bob.rank, bob.won, bob.bids_made, bob.zeros_bid, bob.zeros_made) == (
        22,
        1,
        True,
        2,
        2,
        1,
    )
    assert [(hand.cards, hand.made) for hand in bob.hands] == [(1, 0), (2, 1), (3, 1)]
    assert (cat.total, cat.rank, cat.won, cat.bids_made, cat.zeros_bid, cat.sets) == (
        12,
        3,
        False,
        1,
        0,
        2,
    )


def test_nobody_has_won_a_game_in_progress_even_the_leader() -> None:
    game = short_mormon(rounds=2)
    assert game.sheet.leaders == ("Bob",)
    results = player_results(game)
    assert [result.won for result in results] == [False, False, False]
    assert [result.rounds for result in results] == [2, 2, 2]
    assert [result.total for result in results] == [12, 21, 12]
    assert [result.rank for result in results] == [2, 1, 2]


def test_nobody_wins_an_abandoned_game_and_it_pays_nothing() -> None:
    game = two_hand_golf()
    started = Game.start(TWO_HAND_GOLF, ["Ann", "Bob", "Cat"], "Cat", stake_cents=5)
    abandoned = started.record_round(game.record.rounds[0]).abandon()
    results = player_results(abandoned)
    assert [(result.won, result.cents, result.sets) for result in results] == [
        (False, None, 0),
        (False, None, 0),
        (False, None, 1),
    ]


def test_a_stake_game_carries_each_players_money_as_the_sheet_settles_it() -> None:
    game = two_hand_golf()
    ann, bob, cat = player_results(game)
    assert (ann.cents, bob.cents, cat.cents) == (-5, 3, 2)
    assert (ann.won, bob.won, cat.won) == (False, True, True)
    assert (ann.rank, bob.rank, cat.rank) == (3, 1, 1)
    assert (ann.zeros_bid, ann.zeros_made, bob.zeros_made, cat.zeros_made) == (1, 0, 1, 1)
    assert ann.hands == (HandTally(cards=2, rounds=2, made=1),)


def test_money_is_none_without_a_stake_and_zero_for_a_stake_of_nothing() -> None:
    short = two_hand_golf(stake_cents=0)
    assert [result.cents for result in player_results(short)] == [0, 0, 0]
    assert [result.cents for result in player_results(short_mormon())] == [None, None, None]


def test_a_result_refuses_what_no_game_could_give() -> None:
    with pytest.raises(ValidationError):
        PlayerResult(
            player="Ann",
            total=0,
            rank=0,
            won=False,
            rounds=0,
            bids_made=0,
            zeros_bid=0,
            zeros_made=0,
            sets=0,
        )
    with pytest.raises(ValidationError):
        HandTally(cards=3, rounds=1, made=1, surprise=True)  # type: ignore[call-arg]


@given(games())
def test_results_agree_with_the_sheet(game: Game) -> None:
    sheet = game.sheet
    results = player_results(game)
    assert tuple(result.player for result in results) == sheet.players
    money = sheet.money_at_end()
    for result in results:
        assert result.total == sheet.totals[result.player]
        assert result.sets == sheet.sets[result.player]
        assert result.rounds == len(sheet.rounds)
        assert result.bids_made + result.sets == result.rounds
        assert sum(hand.rounds for hand in result.hands) == result.rounds
        assert sum(hand.made for hand in result.hands) == result.bids_made
        assert [hand.cards for hand in result.hands] == sorted({r.cards for r in sheet.rounds})
        assert result.zeros_made <= result.zeros_bid
        assert result.won == (sheet.finished and result.player in sheet.winners)
        assert result.cents == (None if money is None else money[result.player])
