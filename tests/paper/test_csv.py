"""The score sheet as CSV: a row per round that reads back to the sheet's own numbers, names
kept exactly, and nothing a spreadsheet would run."""

from __future__ import annotations

import csv
import io

from hypothesis import HealthCheck, given, settings

from scorepad.engine import GOLF, Game
from scorepad.paper import sheet_csv
from tests.helpers import play, zero_round
from tests.strategies import games


def rows_of(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text, newline="")))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=games())
def test_each_round_reads_back_to_the_sheet(game: Game) -> None:
    header, *rows = rows_of(sheet_csv(game))
    assert header[:4] == ["round", "cards", "dealer", "trump"]
    assert len(header) == 4 + 4 * len(game.players)
    assert len(rows) == len(game.results)
    for row, result in zip(rows, game.results, strict=True):
        assert row[:2] == [str(result.number), str(result.cards)]
        assert row[3] == (result.trump.value if result.trump else "no trump")
        for seat, player in enumerate(game.players):
            bid, took, points, total = row[4 + 4 * seat : 8 + 4 * seat]
            assert header[4 + 4 * seat].endswith(" bid")
            assert (int(bid), int(took), int(points), int(total)) == (
                result.bids[player],
                result.tricks[player],
                result.points[player],
                result.totals[player],
            )


def test_a_game_with_no_rounds_is_the_header_alone() -> None:
    text = sheet_csv(Game.start("mormon-bridge", ["Ann", "Bob"]))
    assert text.endswith("\r\n")
    assert rows_of(text) == [
        ["round", "cards", "dealer", "trump"]
        + [
            f"{name} {what}"
            for name in ("Ann", "Bob")
            for what in ("bid", "tricks", "points", "total")
        ]
    ]


def test_names_that_a_spreadsheet_would_run_are_neutralised() -> None:
    players = ["=1+1", "+Bob", "-Cat", "@SUM(A1)"]
    game = Game.start("golf", players, first_dealer="=1+1")
    game = game.record_round(zero_round(game))
    header, row = rows_of(sheet_csv(game))
    names = [header[4 + 4 * seat].removesuffix(" bid") for seat in range(4)]
    assert names == ["'=1+1", "'+Bob", "'-Cat", "'@SUM(A1)"]
    assert row[2] == "'=1+1"  # the dealer's cell too
    assert not any(cell.startswith(("=", "+", "@")) for cell in header + row)


def test_negative_numbers_stay_numbers() -> None:
    """Only names are text cells; a negative score is a number and must not be quoted."""
    rules = GOLF.with_changes(name="Harsh Golf", points_per_trick_missed=-2)
    game = play(Game.start(rules, ["Ann", "Bob"], first_dealer="Bob"), [0, 0], [1, 0])
    _, row = rows_of(sheet_csv(game))
    assert row[4:8] == ["0", "1", "-2", "-2"]


def test_unicode_names_are_kept_exactly() -> None:
    game = Game.start("golf", ["Zoë", "李", "Ōta"], first_dealer="李")
    game = game.record_round(zero_round(game))
    header, row = rows_of(sheet_csv(game))
    assert header[4] == "Zoë bid" and header[8] == "李 bid" and header[12] == "Ōta bid"
    assert row[2] == "李"


def test_a_renamed_player_heads_their_columns_as_now_and_as_played() -> None:
    """The heads say "Robert (played as Bob)": a spreadsheet reads every line under the heads
    as a round, so the note that ties the sheet to its record goes in the heads."""
    game = play(Game.start(GOLF, ["Ann", "Bob"], first_dealer="Bob"), [0, 0], [1, 0])
    header, row = rows_of(sheet_csv(game, {"Bob": "Robert"}))
    assert header[4:] == [
        "Ann bid",
        "Ann tricks",
        "Ann points",
        "Ann total",
        "Robert (played as Bob) bid",
        "Robert (played as Bob) tricks",
        "Robert (played as Bob) points",
        "Robert (played as Bob) total",
    ]
    assert row[2] == "Robert"
    assert sheet_csv(game, {}) == sheet_csv(game)


def test_a_table_that_changed_says_who_sat_out_and_who_joined() -> None:
    from scorepad.engine import Join, RoundRecord, SitOut

    game = Game.start("golf", ["Ann", "Bob", "Cat"], first_dealer="Ann")
    game = game.record_round(
        RoundRecord(
            turned="clubs",
            bids={"Ann": 0, "Bob": 0, "Cat": 0},
            tricks={"Ann": 0, "Bob": 1, "Cat": 0},
        )
    )
    game = game.record_change(Join(after=1, player="Dan", left_of="Cat"))
    game = game.record_change(SitOut(after=1, player="Bob"))
    game = game.record_round(
        RoundRecord(
            turned="clubs",
            bids={"Ann": 0, "Cat": 0, "Dan": 0},
            tricks={"Ann": 0, "Cat": 0, "Dan": 2},
        )
    )
    rows = list(csv.reader(io.StringIO(sheet_csv(game))))
    assert rows[0][-4:] == ["Dan bid", "Dan tricks", "Dan points", "Dan total"]
    # hand 1: Dan not yet at the table; hand 2: Bob sat out (his 0 kept), Dan started at 10
    assert (
        rows[1][4:] == ["0", "0", "10", "10", "0", "1", "0", "0", "0", "0", "10", "10"] + [""] * 4
    )
    assert rows[2][8:12] == ["sat out", "", "0", "0"]
    assert rows[2][16:] == ["0", "2", "0", "10"]  # Dan bid 0 and took both: set
