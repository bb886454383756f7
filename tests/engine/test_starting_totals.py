"""Starting totals (RULINGS.md, "House rules: what a table can say"): a game continued from
another evening starts with a carried-in total for any player, which counts like an
adjustment before the first round: in the totals and the ranking, never in bids, tricks, sets
or money. Worked out by hand from the rulings."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorepad.engine import (
    GOLF,
    MAX_ADJUSTMENT,
    Game,
    GameRecord,
    Join,
    RecordFile,
    RecordFormatError,
    RoundRecord,
    StartingTotalError,
    TakeOver,
    pack_record,
    unpack_record,
)
from scorepad.paper import sheet_csv
from scorepad.paper.grid import game_grid
from scorepad.store import open_store
from tests.helpers import play

TABLE = ["Ann", "Bob", "Cat"]


def continued() -> Game:
    """Mormon Bridge for Ann, Bob and Cat, continued: Ann carries in 40, Cat -5."""
    return Game.start("mormon-bridge", TABLE, starting_totals={"Ann": 40, "Cat": -5})


def test_the_totals_start_from_what_was_carried_in_and_rank_with_it() -> None:
    game = continued()
    assert game.sheet.totals == {"Ann": 40, "Bob": 0, "Cat": -5}
    assert game.sheet.leaders == ()  # nobody leads before a round is played
    # Round 1, 10 cards: Ann bids 3 and makes it (13), Bob bids 4 and takes 5 (5, set),
    # Cat bids 2 and makes it (12).
    game = play(game, bids=[3, 4, 2], tricks=[3, 5, 2])
    (first,) = game.results
    assert dict(first.points) == {"Ann": 13, "Bob": 5, "Cat": 12}  # points are the round's
    assert dict(first.totals) == {"Ann": 53, "Bob": 5, "Cat": 7}
    assert dict(first.adjustments) == {}  # carried in before the game, not after round 1
    sheet = game.sheet
    assert sheet.totals == {"Ann": 53, "Bob": 5, "Cat": 7}
    assert [(s.rank, s.player, s.total, s.last_change) for s in sheet.standings] == [
        (1, "Ann", 53, 13),
        (2, "Cat", 7, 12),
        (3, "Bob", 5, 5),
    ]
    assert sheet.leaders == ("Ann",)
    assert sheet.sets == {"Ann": 0, "Bob": 1, "Cat": 0}  # sets come from the bids alone
    assert dict(first.bids) == {"Ann": 3, "Bob": 4, "Cat": 2}
    assert dict(first.made) == {"Ann": True, "Bob": False, "Cat": True}


def test_the_sheet_says_who_carried_what_in() -> None:
    sheet = continued().sheet
    assert sheet.starting == {"Ann": 40, "Cat": -5}
    assert sheet.joined == {}
    assert str(sheet.seat_note("Ann")) == "carried in 40"
    assert str(sheet.seat_note("Cat")) == "carried in -5"
    assert sheet.seat_note("Bob") is None


def test_a_seat_taken_over_keeps_the_total_carried_in_and_says_so() -> None:
    game = play(continued(), bids=[3, 4, 2], tricks=[3, 5, 2])
    game = game.record_change(TakeOver(after=1, seat="Ann", player="Zoe"))
    sheet = game.sheet
    assert sheet.totals["Zoe"] == 53
    assert sheet.starting == {"Zoe": 40, "Cat": -5}
    assert str(sheet.seat_note("Zoe")) == "took over from Ann; carried in 40"


def test_a_late_arrival_starts_on_the_worst_total_counting_what_was_carried_in() -> None:
    # high wins: the worst total before the first round is Cat's -5
    game = continued().record_change(Join(after=0, player="Dan", left_of="Cat"))
    assert game.sheet.starting == {"Ann": 40, "Cat": -5, "Dan": -5}
    assert str(game.sheet.seat_note("Dan")) == "joined before the first round at -5"
    # after round 1 the totals are 53, 5 and 7: the worst is Bob's 5
    later = play(continued(), bids=[3, 4, 2], tricks=[3, 5, 2]).record_change(
        Join(after=1, player="Dan", left_of="Cat")
    )
    assert later.sheet.totals["Dan"] == 5
    assert later.sheet.seat_note("Cat") is not None  # Cat's own note stays
    assert str(later.sheet.seat_note("Cat")) == "carried in -5"


def test_golf_money_comes_from_the_sets_whoever_the_carried_in_totals_make_the_winner() -> None:
    """Low wins. Bob is set twice, Ann never, so without a carried-in total Ann wins and Bob
    pays 2 × 5¢. Ann carries in 30: Bob's 0 beats Ann's 30 + 22, and Ann pays for her sets,
    none: nothing. The money never counts the points carried in."""
    rules = GOLF.with_changes(name="Short Golf", hand_sizes=(1, 1))

    def played(carried: dict[str, int]) -> Game:
        game = Game.start(rules, ["Ann", "Bob"], first_dealer="Bob", starting_totals=carried)
        for _ in range(2):  # Ann bids 1 and takes it (11); Bob bids 1, takes none: set
            game = game.record_round(
                RoundRecord(turned="clubs", bids={"Ann": 1, "Bob": 1}, tricks={"Ann": 1, "Bob": 0})
            )
        return game

    plain, carried = played({}), played({"Ann": 30})
    assert plain.sheet.totals == {"Ann": 22, "Bob": 0}  # Bob's 0 wins already: low wins
    assert carried.sheet.totals == {"Ann": 52, "Bob": 0}
    assert plain.sheet.sets == carried.sheet.sets == {"Ann": 0, "Bob": 2}
    assert plain.sheet.winners == carried.sheet.winners == ("Bob",)
    assert plain.sheet.money_at_end() == carried.sheet.money_at_end() == {"Ann": 0, "Bob": 0}
    # Bob carries in 30 instead: now Ann (22) wins, and Bob pays for his two sets
    bob = played({"Bob": 30})
    assert bob.sheet.totals == {"Ann": 22, "Bob": 30}
    assert bob.sheet.winners == ("Ann",)
    assert bob.sheet.money_at_end() == {"Ann": 10, "Bob": -10}  # 2 sets × 5¢, as ever
    assert bob.sheet.sets == plain.sheet.sets


@pytest.mark.parametrize(
    ("totals", "message"),
    [
        (
            {"Zed": 12},
            "starting total for 'Zed': Zed does not start this game (Ann, Bob, Cat)",
        ),
        (
            {"Ann": MAX_ADJUSTMENT + 1},
            "starting total for 'Ann': 10001 is out of range; a total carried in is at most "
            "10000 either way",
        ),
        (
            {"Cat": -MAX_ADJUSTMENT - 1},
            "starting total for 'Cat': -10001 is out of range; a total carried in is at most "
            "10000 either way",
        ),
        (
            {"Ann": 5, "ANN": 6},
            "starting total for 'ANN': Ann has two starting totals ('Ann' and 'ANN'); give "
            "each player one",
        ),
    ],
)
def test_a_starting_total_that_cannot_be_is_refused_naming_the_player(
    totals: dict[str, int], message: str
) -> None:
    with pytest.raises(StartingTotalError) as refused:
        Game.start("mormon-bridge", TABLE, starting_totals=totals)
    assert str(refused.value) == message


def test_a_late_arrival_carries_nothing_in_their_start_is_their_joins() -> None:
    record = GameRecord.from_data(
        {
            "variant": "mormon-bridge",
            "players": TABLE,
            "starting_totals": {"Dan": 10},
            "changes": [{"kind": "join", "after": 0, "player": "Dan", "left_of": "Cat"}],
        }
    )
    with pytest.raises(StartingTotalError, match=r"Dan does not start this game"):
        Game(record)


def test_the_largest_totals_are_taken_either_way() -> None:
    game = Game.start(
        "golf", ["Ann", "Bob"], starting_totals={"Ann": MAX_ADJUSTMENT, "Bob": -MAX_ADJUSTMENT}
    )
    assert game.sheet.totals == {"Ann": MAX_ADJUSTMENT, "Bob": -MAX_ADJUSTMENT}


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("ten", "starting_totals, Ann: expected a whole number (got 'ten')"),
        (1.5, "starting_totals, Ann: expected a whole number (got 1.5)"),
        (True, "starting_totals, Ann: expected a whole number (got true)"),
    ],
)
def test_a_starting_total_that_is_not_a_whole_number_is_a_format_error(
    value: object, message: str
) -> None:
    with pytest.raises(RecordFormatError) as refused:
        Game.from_data(
            {"variant": "golf", "players": ["Ann", "Bob"], "starting_totals": {"Ann": value}}
        )
    assert str(refused.value) == message


def test_the_record_keeps_the_names_as_seated_and_leaves_out_zeros() -> None:
    game = Game.start("golf", ["Ann", "Bob", "Cat"], starting_totals={" cat ": -5, "BOB": 0})
    assert game.record.starting_totals == {"Cat": -5}
    assert game.starting_totals == {"Cat": -5}
    assert game.sheet.totals == {"Ann": 0, "Bob": 0, "Cat": -5}


def test_the_record_round_trips_through_json_a_record_file_and_a_link() -> None:
    game = play(continued(), bids=[3, 4, 2], tricks=[3, 5, 2])
    again = Game(GameRecord.from_json(game.record.model_dump_json()))
    assert again.record == game.record
    assert again.sheet == game.sheet
    data = RecordFile(record=game.record).to_data()
    assert data["starting_totals"] == {"Ann": 40, "Cat": -5}
    assert Game.from_json(unpack_record(pack_record(data))).sheet == game.sheet


def test_an_old_record_without_starting_totals_reads_and_writes_as_before() -> None:
    text = (
        '{"variant": "golf", "players": ["Ann", "Bob"], "first_dealer": "Bob", "rounds": '
        '[{"turned": "clubs", "bids": {"Ann": 0, "Bob": 0}, "tricks": {"Ann": 1, "Bob": 0}}]}'
    )
    game = Game.from_json(text)
    assert game.record.starting_totals == {}
    assert game.sheet.totals == {"Ann": 0, "Bob": 10}
    assert game.sheet.starting == {}
    assert "starting_totals" not in game.record.to_data()
    assert game.sheet.seat_note("Ann") is None


def test_the_store_keeps_the_starting_totals(tmp_path: Path) -> None:
    game = play(continued(), bids=[3, 4, 2], tricks=[3, 5, 2])
    store = open_store(tmp_path / "data")
    stored = store.create_game(game.record)
    loaded = store.load_game(stored.id)
    assert loaded.record.starting_totals == {"Ann": 40, "Cat": -5}
    assert loaded.game.sheet.totals == {"Ann": 53, "Bob": 5, "Cat": 7}
    (row,) = store.list_games()
    assert row.standing_totals == (53, 7, 5)  # what the list shows, best first


def test_the_csv_has_a_start_row_and_the_printed_pad_a_note() -> None:
    game = play(continued(), bids=[3, 4, 2], tricks=[3, 5, 2])
    _, start, first = sheet_csv(game).splitlines()
    assert start == "start,,,,,,,40,,,,0,,,,-5"
    assert first.endswith("3,3,13,53,4,5,5,5,2,2,12,7")
    grid = game_grid(game)
    assert grid.notes[0] == "Starting totals carried in: Ann 40, Cat -5"
    assert "53" in grid.rows[0].players[0]
    # a game without carried-in totals has neither
    plain = play(Game.start("mormon-bridge", TABLE), bids=[3, 4, 2], tricks=[3, 5, 2])
    assert len(sheet_csv(plain).splitlines()) == 2
    assert not any("carried in" in note for note in game_grid(plain).notes)
