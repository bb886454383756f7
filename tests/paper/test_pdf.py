"""The printable score pad, read back with pypdf: the rounds as rows, the players' names, the
standings and the money; a blank pad ready for a pencil on one page."""

from __future__ import annotations

import io
import re
from datetime import date

import pytest
from pypdf import PdfReader

from scorepad.engine import (
    GOLF,
    PRESETS,
    DuplicateNameError,
    Game,
    HandChange,
    PlayerCountError,
    TrumpRule,
    Variant,
)
from scorepad.paper import PaperSize, blank_pad_pdf, sheet_pdf
from tests.helpers import play, zero_round

MM_PER_POINT = 25.4 / 72


def pages_of(data: bytes) -> list[str]:
    assert data.startswith(b"%PDF-")
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def lines_of(data: bytes) -> list[str]:
    return [line for page in pages_of(data) for line in page.splitlines()]


def round_lines(lines: list[str]) -> list[str]:
    """The grid's rows: a round number, then the cards."""
    return [line for line in lines if re.match(r"^\d+ \d+ ", line)]


def played(game: Game, rounds: int | None = None) -> Game:
    """The game with ``rounds`` more rounds played (all of them when ``None``)."""
    for _ in range(len(game.schedule) - len(game.results) if rounds is None else rounds):
        game = game.record_round(zero_round(game))
    return game


def test_a_finished_game_has_one_row_per_round_with_its_numbers() -> None:
    game = played(Game.start("golf", ["Ann", "Bob", "Cat", "Dan"], first_dealer="Ann"))
    assert game.sheet.finished
    pages = pages_of(sheet_pdf(game))
    assert len(pages) == 1
    lines = pages[0].splitlines()
    rows = round_lines(lines)
    assert len(rows) == len(game.results) == 18
    for line, result in zip(rows, game.results, strict=True):
        cells = [str(result.number), str(result.cards), result.dealer, str(result.trump)]
        for player in game.players:
            cells += [
                str(result.bids[player]),
                str(result.tricks[player]),
                str(result.points[player]),
                str(result.totals[player]),
            ]
        assert line == " ".join(cells)
    text = pages[0]
    for name in game.players:
        assert name in lines[2]  # the column heads name every player
    assert "Final standings: " in text
    assert "Finished: all 18 rounds played" in text


def test_a_stake_game_prints_its_settlement() -> None:
    rules = GOLF.with_changes(name="Short Golf", hand_sizes=(1, 1, 1))
    game = Game.start(rules, ["Ann", "Bob", "Cat"], first_dealer="Cat", stake_cents=10)
    for tricks in ([1, 0, 0], [0, 1, 0], [1, 0, 0]):  # set: Ann, Bob, Ann (low score wins)
        game = play(game, [0, 0, 0], tricks)
    text = "\n".join(pages_of(sheet_pdf(game)))
    summary = game.sheet.settlement_summary()
    assert summary is not None
    assert summary.payments == ("Bob pays Ann 10¢",)
    assert "Bob pays Ann 10¢" in text
    assert "Ann collects 10¢ in all" in text
    assert "Sets: Ann 2, Bob 1, Cat 0 (at 10¢ a set)" in text
    assert "Winner: Ann" in text


def test_a_game_in_progress_leaves_the_rounds_to_play_ready_for_a_pencil() -> None:
    game = played(Game.start("mormon-bridge", ["Ann", "Bob", "Cat"], first_dealer="Cat"), 3)
    rows = round_lines(lines_of(sheet_pdf(game)))
    assert len(rows) == len(game.schedule) == 10
    for number in range(4, 11):
        setup = game.setup(number)
        assert rows[number - 1] == f"{number} {setup.cards} {setup.dealer}"
    assert "In progress: 3 of 10 rounds played" in "\n".join(lines_of(sheet_pdf(game)))


def test_an_abandoned_game_prints_the_rounds_it_played() -> None:
    game = played(Game.start("mormon-bridge", ["Ann", "Bob"]), 2).abandon()
    lines = lines_of(sheet_pdf(game))
    assert len(round_lines(lines)) == 2
    assert any("Ended early after round 2 of 10" in line for line in lines)


@pytest.mark.parametrize("key", list(PRESETS))
def test_a_blank_pad_for_four_is_one_page_with_rounds_cards_and_dealers(key: str) -> None:
    variant = PRESETS[key]
    pages = pages_of(blank_pad_pdf(variant, 4))
    assert len(pages) == 1
    lines = pages[0].splitlines()
    assert lines[2].startswith("Round Cards Dealer Trump 1. 2. 3. 4.")
    game = Game.start(variant, ["1", "2", "3", "4"])
    rows = round_lines(lines)
    assert len(rows) == len(game.schedule)
    for number, line in enumerate(rows, start=1):
        setup = game.setup(number)
        expected = f"{number} {setup.cards} {setup.dealer}"
        if variant.trump_rule is TrumpRule.ROTATION:  # known ahead: printed round by round
            suit = variant.rotation_trump(number)
            assert line == f"{expected} {'no trump' if suit is None else suit.value}"
            continue
        # nothing is filled in but the no-trump of a round that deals every card
        assert line in (expected, f"{expected} no trump")


def test_a_blank_pad_with_names_deals_from_the_first_name() -> None:
    lines = lines_of(blank_pad_pdf(PRESETS["scotch-bridge"], ["Ann", "Bob", "Cat", "Dan"]))
    assert lines[2].startswith("Round Cards Dealer Trump Ann Bob Cat Dan")
    rows = round_lines(lines)
    assert rows[0] == "1 13 Ann no trump"  # all 52 cards dealt: no card is turned
    assert rows[1] == "2 12 Bob"
    assert rows[24] == "25 13 Ann no trump"


def test_eight_players_fit_one_page() -> None:
    names = ["Annabelle", "Bartholomew", "Catherine", "Dominique", "Evangeline", "F", "G", "H"]
    game = played(Game.start("mormon-bridge", names))
    assert len(pages_of(sheet_pdf(game))) == 1
    assert len(pages_of(blank_pad_pdf(GOLF, 8))) == 1


def test_names_outside_the_pdf_fonts_do_not_crash_and_stay_apart() -> None:
    names = ["Zoë", "李", "王", "Łukasz", "Иван", "Σοφία", "נועה"]
    game = played(Game.start("golf", names, first_dealer="Zoë"), 2)
    text = "\n".join(pages_of(sheet_pdf(game)))
    for name in ("Zoë", "Łukasz", "Иван", "Σοφία"):  # the pad's font prints them as typed
        assert name in text
    assert "? (seat 2)" in text and "? (seat 3)" in text  # told apart by their seats
    assert blank_pad_pdf(GOLF, ["李", "Zoë"]).startswith(b"%PDF-")


def test_a_long_schedule_runs_onto_more_pages_with_the_heads_again() -> None:
    rules = GOLF.with_changes(name="Marathon", hand_sizes=(1,) * 60)
    pages = pages_of(blank_pad_pdf(rules, 3))
    assert len(pages) > 1
    assert all("Round Cards Dealer Trump" in page for page in pages)
    numbers = [int(line.split()[0]) for line in round_lines(lines_of(blank_pad_pdf(rules, 3)))]
    assert numbers == list(range(1, 61))


@pytest.mark.parametrize(("paper", "width_mm"), [(PaperSize.A4, 297.0), (PaperSize.LETTER, 279.4)])
def test_the_pad_is_landscape_on_the_paper_asked_for(paper: PaperSize, width_mm: float) -> None:
    page = PdfReader(io.BytesIO(blank_pad_pdf(GOLF, 4, paper))).pages[0]
    assert float(page.mediabox.width) * MM_PER_POINT == pytest.approx(width_mm, abs=0.5)
    assert page.mediabox.width > page.mediabox.height


def test_a_table_the_variant_cannot_seat_is_refused_with_the_engines_errors() -> None:
    scotch: Variant = PRESETS["scotch-bridge"]
    with pytest.raises(PlayerCountError, match="Scotch Bridge"):
        blank_pad_pdf(scotch, 5)
    with pytest.raises(DuplicateNameError):
        blank_pad_pdf(GOLF, ["Ann", "ann"])


def test_the_day_played_heads_the_pad_when_known() -> None:
    game = Game.start("mormon-bridge", ["Ann", "Bob"])
    assert (
        "Played 2026-11-30. In progress: 0 of 10"
        in pages_of(sheet_pdf(game, played_on=date(2026, 11, 30)))[0]
    )
    assert "Played" not in pages_of(sheet_pdf(game))[0]


def test_long_standings_wrap_instead_of_being_cut_off() -> None:
    names = [f"Maximiliana Bartholomew Longname-Smythe{seat}" for seat in range(1, 9)]
    game = played(Game.start("golf", names, stake_cents=5))
    pages = pages_of(sheet_pdf(game))
    assert len(pages) == 1
    footer = pages[0].split("Final standings: ", 1)[1]
    for name in names:
        assert f"{name} " in footer  # whole, with its total after it
    assert "…" not in footer


@pytest.mark.parametrize("key", list(PRESETS))
def test_a_finished_game_of_four_is_one_page_with_its_standings(key: str) -> None:
    game = played(Game.start(PRESETS[key], ["Ann", "Bob", "Cat", "Dan"], stake_cents=None))
    assert game.sheet.finished
    pages = pages_of(sheet_pdf(game))
    assert len(pages) == 1
    assert len(round_lines(pages[0].splitlines())) == len(game.schedule)
    assert "Final standings: " in pages[0]


def test_a_renamed_player_prints_under_the_name_they_go_by_now() -> None:
    """After Bob's rename to Robert the pad says Robert everywhere a name is printed (heads,
    dealer, standings, who pays whom) and notes the name the record keeps."""
    rules = GOLF.with_changes(name="Short Golf", hand_sizes=(1, 1, 1))
    game = Game.start(rules, ["Ann", "Bob", "Cat"], first_dealer="Bob", stake_cents=10)
    for tricks in ([1, 0, 0], [0, 1, 0], [1, 0, 0]):  # set: Ann, Bob, Ann (low score wins)
        game = play(game, [0, 0, 0], tricks)
    lines = lines_of(sheet_pdf(game, renamed={"Bob": "Robert"}))
    text = "\n".join(lines)
    assert lines[0] == "Short Golf: Ann, Robert, Cat"
    assert lines[2].startswith("Round Cards Dealer Trump Ann Robert Cat")
    assert round_lines(lines)[0].startswith("1 1 Robert ")
    assert "Bob pays" not in text
    assert "Robert pays Ann 10¢" in text
    assert "Sets: Ann 2, Robert 1, Cat 0 (at 10¢ a set)" in text
    assert lines[-1] == "Names as known now: Robert played as Bob."
    assert "played as" not in "\n".join(lines_of(sheet_pdf(game)))  # no rename, no note


def round_tops_mm(data: bytes) -> dict[str, float]:
    """Where each row's round number is printed (mm up from the foot of page 1)."""
    page = PdfReader(io.BytesIO(data)).pages[0]
    found: dict[str, float] = {}

    def seen(text: str, _cm: object, tm: list[float], _font: object, _size: object) -> None:
        if tm[4] < 50 and text.strip().isdigit():  # the Round column, left of the others
            found.setdefault(text.strip(), tm[5] * MM_PER_POINT)

    page.extract_text(visitor_text=seen)
    return found


def test_a_short_schedule_grows_its_rows_to_use_the_page() -> None:
    """Eight at Mormon Bridge play six rounds: rows as tall as a pencil could want (12 mm),
    not the 8 mm that left two thirds of the page empty."""
    tops = round_tops_mm(blank_pad_pdf(PRESETS["mormon-bridge"], 8))
    assert tops["1"] - tops["2"] == pytest.approx(12.0, abs=0.1)
    assert tops["1"] - tops["6"] == pytest.approx(60.0, abs=0.5)


def test_a_blank_pad_for_a_stake_has_a_box_to_tally_sets_and_settle() -> None:
    pages = pages_of(blank_pad_pdf(GOLF, ["Ann", "Bob", "Cat", "Dan"]))
    assert len(pages) == 1
    lines = pages[0].splitlines()
    title = lines.index(
        "Settling up at 5¢ a set: each loser pays 5¢ for every hand they were set; "
        "the winner collects (tied winners share)."
    )
    assert lines[title + 1] == "Player Sets: a mark for each hand set Sets Pays Collects"
    assert lines[title + 2 :] == ["Ann", "Bob", "Cat", "Dan"]
    assert len(round_lines(lines)) == 18  # the rounds all still on the page above it
    assert len(pages_of(blank_pad_pdf(GOLF, 8))) == 1
    no_stake = pages_of(blank_pad_pdf(PRESETS["mormon-bridge"], 4))[0]
    assert "Settling up" not in no_stake


def test_a_table_that_changed_prints_who_came_went_and_sat_out_with_the_adjustment() -> None:
    from scorepad.engine import Adjustment, Join, SitOut, TakeOver

    game = played(Game.start("golf", ["Ann", "Bob", "Cat"], first_dealer="Ann"), 1)
    game = game.record_change(Join(after=1, player="Dan", left_of="Cat"))
    game = game.record_change(SitOut(after=1, player="Bob"))
    game = game.record_change(Adjustment(after=1, player="Ann", points=-5, reason="renege"))
    game = played(game, 1)
    game = game.record_change(TakeOver(after=2, seat="Cat", player="Zoe"))
    game = played(game, 1)
    lines = lines_of(sheet_pdf(game))
    text = "\n".join(lines)
    assert "Cat / Zoe" in text  # the seat's head names both who played it
    second = round_lines(lines)[1]
    bob = second.split()[8:11]  # round, cards, dealer, trump, Ann's four, then Bob's
    assert bob == ["out", "0", str(game.sheet.rounds[1].totals["Bob"])]
    start = game.sheet.starting["Dan"]
    assert f"Dan joined after round 1, starting on {start}" in text
    assert "Bob sat out round 2" in text
    assert "Zoe took over Cat's seat after round 2" in text
    assert "*After round 1: Ann -5 (renege)" in text


def test_the_printed_pad_follows_a_hand_put_in_and_notes_it() -> None:
    """The pad's schedule line is the game's as its changes left it, not the variant's, and
    the change is noted under the grid (issue 46: "on the sheet and the printed pad")."""
    rules = GOLF.with_changes(name="Short Golf", hand_sizes=(1, 2, 3))
    game = play(Game.start(rules, ["Ann", "Bob"], first_dealer="Bob"), [0, 0], [1, 0])
    game = game.record_change(HandChange(after=1, edit="insert", hand=2, cards=1))
    text = "\n".join(lines_of(sheet_pdf(game)))
    assert "1 of 4 rounds played. 4 rounds: 1, 1…3" in text
    assert "After round 1: a hand of 1 card put in as round 2" in text
    assert len(round_lines(lines_of(sheet_pdf(game)))) == 4
