"""Players' records and the leaderboard, checked against a small history worked out by hand.

The history (games from tests/engine/test_results.py, whose docstrings show the sheets):

* g1, 1 Nov: Short Mormon, finished: Ann 22, Bob 22 (both win), Cat 12. No stake.
* g2, 2 Nov: Two-hand Golf for 5 cents, finished: Ann 12, Bob 10, Cat 10 (Bob and Cat win);
  Ann pays 5 cents, Bob collects 3, Cat 2.
* g3, 3 Nov: Short Mormon abandoned after its first round (every bid made: 11 / 10 / 12).
* g4, 4 Nov: Short Mormon in progress, with Dan at the table: it does not count yet.
"""

from __future__ import annotations

from datetime import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorepad.engine import (
    DuplicateGameError,
    Game,
    GameResults,
    GameStatus,
    HandTally,
    MinGamesError,
    PlayerStats,
    RoundRecord,
    SeatLine,
    leaderboard,
    line_stats,
    name_key,
    player_stats,
)
from scorepad.engine.stats import current_name
from tests.engine.test_results import SHORT_MORMON, short_mormon, two_hand_golf
from tests.strategies import games


def day(number: int) -> datetime:
    return datetime(2026, 11, number, 20, 0)


def history() -> list[GameResults]:
    g1 = GameResults.of(short_mormon(), game_id="g1", played_on=day(1))
    g2 = GameResults.of(two_hand_golf(), game_id="g2", played_on=day(2))
    g3 = GameResults.of(short_mormon(rounds=1).abandon(), game_id="g3", played_on=day(3))
    in_progress = Game.start(SHORT_MORMON, ["Ann", "Dan", "Bob"], first_dealer="Ann")
    in_progress = in_progress.record_round(
        RoundRecord(
            turned="hearts",
            bids={"Ann": 1, "Dan": 0, "Bob": 2},
            tricks={"Ann": 1, "Dan": 0, "Bob": 2},
        )
    )
    g4 = GameResults.of(in_progress, game_id="g4", played_on=day(4))
    assert (g1.status, g2.status, g3.status, g4.status) == (
        GameStatus.FINISHED,
        GameStatus.FINISHED,
        GameStatus.ABANDONED,
        GameStatus.IN_PROGRESS,
    )
    return [g4, g3, g2, g1]  # in no particular order


def by_name(stats: list[PlayerStats]) -> dict[str, PlayerStats]:
    return {player.name: player for player in stats}


def test_records_over_a_history_match_the_hand_count() -> None:
    stats = player_stats(history())
    assert [player.name for player in stats] == ["Ann", "Bob", "Cat"]  # Dan has not finished
    ann, bob, cat = stats
    assert ann == PlayerStats(
        name="Ann",
        games=3,
        finished=2,
        abandoned=1,
        wins=1,
        win_rate=1 / 3,
        average_total=None,  # Mormon's totals go up, Golf's down: no average across both
        best_total=None,  # and no best
        rounds=6,  # 3 + 2 + 1: the abandoned game's round was really played
        bids_made=4,
        accuracy=4 / 6,
        hands=(
            HandTally(cards=1, rounds=1, made=1),
            HandTally(cards=2, rounds=3, made=1),
            HandTally(cards=3, rounds=2, made=2),
        ),
        zeros_bid=3,
        zeros_made=1,
        sets=2,
        cents=-5,
        cents_won=0,
        cents_lost=5,
        money_games=1,  # Golf's: the Mormon games had no stake
        last_played=day(3),
    )
    assert (bob.games, bob.wins, bob.win_rate, bob.average_total) == (3, 2, 2 / 3, None)
    assert (bob.bids_made, bob.zeros_bid, bob.zeros_made, bob.sets) == (4, 4, 3, 2)
    assert (bob.cents, bob.cents_won, bob.cents_lost) == (3, 3, 0)
    assert (cat.games, cat.wins, cat.average_total, cat.bids_made) == (3, 1, None, 3)
    assert (cat.zeros_bid, cat.zeros_made, cat.sets, cat.cents) == (1, 1, 3, 2)


def test_best_total_follows_the_variants_direction() -> None:
    golf = [game for game in history() if game.lowest_wins]
    mormon = [game for game in history() if not game.lowest_wins]
    assert [p.best_total for p in player_stats(golf)] == [12, 10, 10]  # lowest
    assert [p.best_total for p in player_stats(mormon)] == [22, 22, 12]  # highest, finished only


def test_the_average_total_follows_one_direction_only() -> None:
    golf = [game for game in history() if game.lowest_wins]
    mormon = [game for game in history() if not game.lowest_wins]
    assert [p.average_total for p in player_stats(golf)] == [12.0, 10.0, 10.0]
    # (22 + 12) / 2 would be Ann's over both: a high-wins and a low-wins total mean nothing added
    assert [p.average_total for p in player_stats(mormon)] == [22.0, 22.0, 12.0]
    assert [p.average_total for p in player_stats(history())] == [None, None, None]


def test_a_player_without_a_money_game_has_no_money_to_show() -> None:
    mormon = [game for game in history() if not game.lowest_wins]  # played for no stake
    assert [(p.cents, p.money_games) for p in player_stats(mormon)] == [(0, 0)] * 3
    golf = [game for game in history() if game.lowest_wins]
    assert [(p.cents, p.money_games) for p in player_stats(golf)] == [(-5, 1), (3, 1), (2, 1)]
    assert [p.money_games for p in player_stats(history())] == [1, 1, 1]


def test_a_game_counts_once_it_ends() -> None:
    in_progress = [game for game in history() if game.status is GameStatus.IN_PROGRESS]
    assert player_stats(in_progress) == []


def test_an_abandoned_game_counts_as_played_and_never_as_won() -> None:
    abandoned = [game for game in history() if game.status is GameStatus.ABANDONED]
    for player in player_stats(abandoned):
        assert (player.games, player.abandoned, player.finished, player.wins) == (1, 1, 0, 0)
        assert player.win_rate == 0.0
        assert (player.average_total, player.best_total) == (None, None)
        assert (player.rounds, player.bids_made, player.accuracy) == (1, 1, 1.0)


def test_a_renamed_player_keeps_their_record_under_the_new_name() -> None:
    stats = by_name(player_stats(history(), names={"bob": "Robert"}))
    assert sorted(stats) == ["Ann", "Cat", "Robert"]
    assert stats["Robert"].wins == 2
    assert stats["Robert"].cents == 3


def test_two_seats_merged_into_one_person_count_each_game_once() -> None:
    stats = by_name(player_stats(history(), names={"cat": "Ann"}))
    assert sorted(stats) == ["Ann", "Bob"]
    ann = stats["Ann"]
    assert (ann.games, ann.finished, ann.abandoned, ann.wins) == (3, 2, 1, 2)
    assert ann.rounds == 12  # both seats' rounds
    assert ann.average_total is None  # Mormon and Golf
    assert ann.cents == -5 + 2
    assert ann.money_games == 1  # two seats, one game with money
    mormon = [game for game in history() if not game.lowest_wins]
    assert by_name(player_stats(mormon, names={"cat": "Ann"}))["Ann"].average_total == (
        (22 + 12) / 2  # both seats of g1 (g3 was abandoned)
    )


def test_a_name_off_the_roster_is_one_player_whatever_its_case() -> None:
    later = Game.start(SHORT_MORMON, ["ANN", "Bob"], first_dealer="ANN").abandon()
    stats = player_stats([*history(), GameResults.of(later, game_id="g5", played_on=day(5))])
    ann = by_name(stats)["ANN"]  # shown as spelled in the latest game
    assert (ann.games, ann.abandoned) == (4, 2)


def test_the_same_game_given_twice_is_refused() -> None:
    g1 = history()[-1]
    with pytest.raises(DuplicateGameError, match="game 'g1' is listed twice"):
        player_stats([g1, g1])


def test_the_leaderboard_ranks_wins_then_win_rate_then_money() -> None:
    ranked = leaderboard(player_stats(history()))
    # Bob 2 wins; Ann and Cat 1 win in 3 games each: Cat's 2 cents beat Ann's -5.
    assert [player.name for player in ranked] == ["Bob", "Cat", "Ann"]


def test_the_leaderboard_leaves_out_players_under_the_minimum() -> None:
    stats = player_stats(history())
    golf_only = player_stats([game for game in history() if game.lowest_wins])
    newcomer = golf_only[1].model_copy(update={"name": "Newcomer"})  # 1 game, 1 win
    assert [p.name for p in leaderboard([*stats, newcomer])][:2] == ["Bob", "Newcomer"]
    assert [p.name for p in leaderboard([*stats, newcomer], min_games=2)] == ["Bob", "Cat", "Ann"]
    assert leaderboard(stats, min_games=4) == []
    assert len(leaderboard(stats, min_games=0)) == 3


@pytest.mark.parametrize("min_games", [-1, -100])
def test_a_negative_minimum_is_refused_with_the_number(min_games: int) -> None:
    with pytest.raises(MinGamesError, match=f"a minimum of {min_games} games"):
        leaderboard([], min_games=min_games)


@given(st.lists(games(), max_size=4))
def test_records_add_up_over_any_games(played: list[Game]) -> None:
    results = [
        GameResults.of(game, game_id=f"g{number}", played_on=day(1 + number))
        for number, game in enumerate(played)
    ]
    stats = player_stats(results)
    ended = [game for game in played if game.status is not GameStatus.IN_PROGRESS]
    seats = sum(len(game.players) for game in ended)
    assert sum(player.games for player in stats) <= seats
    assert sum(player.rounds for player in stats) == sum(
        len(game.players) * len(game.sheet.rounds) for game in ended
    )
    assert sum(player.cents for player in stats) == 0
    for player in stats:
        assert player.games == player.finished + player.abandoned
        assert 0 <= player.wins <= player.finished
        assert player.bids_made + player.sets == player.rounds
        assert sum(hand.rounds for hand in player.hands) == player.rounds
        assert player.cents == player.cents_won - player.cents_lost


def test_a_leaderboard_may_skip_the_hand_sizes_and_nothing_else() -> None:
    full = player_stats(history())
    quick = player_stats(history(), hands=False)
    assert [player.hands for player in quick] == [(), (), ()]
    assert [player.model_copy(update={"hands": ()}) for player in full] == quick


@given(st.lists(games(), max_size=4), st.data())
def test_one_player_s_stats_from_plain_lines_are_their_player_stats(
    played: list[Game], data: st.DataObject
) -> None:
    """What a store sums (plain lines, one player picked out) is what ``player_stats`` says of
    the same games, under any renames."""
    results = [
        GameResults.of(game, game_id=f"g{number}", played_on=day(1 + number))
        for number, game in enumerate(played)
    ]
    seated = sorted({name for game in played for name in game.players})
    names: dict[str, str] = {}
    if seated:
        renamed = data.draw(st.lists(st.sampled_from(seated), unique=True))
        for old in renamed:
            names[name_key(old)] = data.draw(st.sampled_from([*seated, "Zed"]))
    lines = [game.line() for game in results]
    everyone = player_stats(results, names=names)
    assert line_stats(lines, names=names) == everyone
    assert line_stats(lines, names=names, hands=False) == player_stats(
        results, names=names, hands=False
    )
    for name in [*seated, "Nobody"]:
        key = name_key(current_name(name, names))
        mine = [player for player in everyone if name_key(player.name) == key]
        assert line_stats(lines, names=names, player=name) == mine


def test_a_seat_line_is_its_player_result_as_plain_values() -> None:
    for game in history():
        for result in game.results:
            line = SeatLine.of(result)
            assert line.result() == result
            assert line.hands == tuple(
                n for hand in result.hands for n in (hand.cards, hand.rounds, hand.made)
            )
