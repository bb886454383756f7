"""Games whose table changes: the worked examples of issue 23, scored by hand from
RULINGS.md ("Table changes during a game"), and properties over any valid changes."""

from __future__ import annotations

import contextlib
from datetime import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorepad.engine import Game, GameRecord, GameResults, RoundRecord, ledger_of, player_stats
from scorepad.engine.cards import Suit
from scorepad.engine.errors import HookError, StrangerError
from scorepad.engine.results import player_results
from scorepad.engine.sheet import Payment, ScoreSheet
from scorepad.engine.table_changes import (
    Adjustment,
    Join,
    Leave,
    SitOut,
    TableChangeError,
    TakeOver,
)

FIVE = ["Ann", "Bob", "Cat", "Dan", "Eve"]


def leader_takes_all(game: Game) -> RoundRecord:
    """The next round: everyone dealt in bids 0 and the leader takes every trick (so the
    leader is set and everyone else makes their bid; the hook never bites)."""
    setup = game.next_round
    assert setup is not None
    return RoundRecord(
        turned=None if not setup.card_turned else Suit.HEARTS,
        bids=dict.fromkeys(setup.bid_order, 0),
        tricks={name: setup.cards if name == setup.leader else 0 for name in setup.bid_order},
    )


def test_a_sixth_player_after_round_one_drops_the_nine_and_starts_at_the_lowest_total() -> None:
    game = Game.start("mormon-bridge", FIVE, first_dealer="Ann")
    assert game.schedule == (10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
    game = game.record_round(
        RoundRecord(
            turned="spades",
            bids={"Ann": 2, "Bob": 3, "Cat": 1, "Dan": 0, "Eve": 4},
            tricks={"Ann": 2, "Bob": 3, "Cat": 2, "Dan": 0, "Eve": 3},
        )
    )
    # made: tricks + 10; missed: the tricks alone
    assert game.sheet.totals == {"Ann": 12, "Bob": 13, "Cat": 2, "Dan": 10, "Eve": 3}
    game = game.record_change(Join(after=1, player="Fay", left_of="Eve"))
    # 6 × 9 + 1 = 55 > 52: the 9-card hand goes; the rest keep their sizes
    assert game.schedule == (10, 8, 7, 6, 5, 4, 3, 2, 1)
    assert game.sheet.players == ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
    assert game.sheet.starting == {"Fay": 2}  # Cat's 2, the lowest where high wins
    assert game.sheet.totals["Fay"] == 2
    assert game.sheet.rounds[0].totals.keys() == set(FIVE)  # round 1's row is as it was
    upcoming = game.next_round
    assert upcoming is not None
    assert (upcoming.number, upcoming.cards, upcoming.dealer) == (2, 8, "Bob")
    assert upcoming.bid_order == ("Cat", "Dan", "Eve", "Fay", "Ann", "Bob")
    game = game.record_round(
        RoundRecord(
            turned="clubs",
            bids={"Ann": 1, "Bob": 1, "Cat": 1, "Dan": 1, "Eve": 1, "Fay": 3},
            tricks={"Ann": 1, "Bob": 1, "Cat": 1, "Dan": 1, "Eve": 1, "Fay": 3},
        )
    )
    assert game.sheet.totals == {
        "Ann": 23,
        "Bob": 24,
        "Cat": 13,
        "Dan": 21,
        "Eve": 14,
        "Fay": 15,  # 2 + 3 + 10
    }
    assert game.sheet.sets == {"Ann": 0, "Bob": 0, "Cat": 1, "Dan": 0, "Eve": 1, "Fay": 0}


def test_golf_with_a_hand_sat_out_and_a_player_gone_after_hand_twelve_settles_to_the_cent() -> None:
    """Cat sits out the first 9-card hand (hand 9) and Dan leaves after hand 12. In every hand
    the leader (the dealer's left) takes every trick: the leader is set, the others score 10.
    Dealers by hand: A B C D A B C D, then A (Cat out), B C D, then A B C A B C (Dan gone);
    leaders: B C D A B C D A, B, C D A, B C A B C A. Sets: Ann 5, Bob 5, Cat 5, Dan 3."""
    game = Game.start("golf", ["Ann", "Bob", "Cat", "Dan"], first_dealer="Ann", stake_cents=5)
    for hand in range(1, 19):
        if hand == 9:
            game = game.record_change(SitOut(after=8, player="Cat"))
            assert game.next_round is not None
            assert game.next_round.sitting_out == ("Cat",)
            assert (game.next_round.dealer, game.next_round.leader) == ("Ann", "Bob")
        if hand == 13:
            game = game.record_change(Leave(after=12, player="Dan"))
        game = game.record_round(leader_takes_all(game))
        if hand == 9:
            nine = game.sheet.rounds[8]
            assert nine.cards == 9 and sum(nine.tricks.values()) == 9
            assert "Cat" not in nine.bids and nine.points["Cat"] == 0
    sheet = game.sheet
    assert sheet.finished
    assert sheet.sets == {"Ann": 5, "Bob": 5, "Cat": 5, "Dan": 3}
    # 10 for every hand made: Ann and Bob 13 of 18, Cat 12 of 17, Dan 9 of 12
    assert sheet.totals == {"Ann": 130, "Bob": 130, "Cat": 120, "Dan": 90}
    assert sheet.left == {"Dan": 12}
    assert sheet.winners == ("Cat",)  # Dan's 90 is lower, but Dan left: he cannot win
    assert [(s.player, s.rank, s.left_after) for s in sheet.standings] == [
        ("Cat", 1, None),
        ("Ann", 2, None),
        ("Bob", 2, None),
        ("Dan", 4, 12),
    ]
    # a nickel a set, Dan's three included, all to Cat: 25 + 25 + 15 = 65 cents
    assert sheet.settlement == (
        Payment(payer="Ann", payee="Cat", cents=25),
        Payment(payer="Bob", payee="Cat", cents=25),
        Payment(payer="Dan", payee="Cat", cents=15),
    )
    assert sheet.money_at_end() == {"Ann": -25, "Bob": -25, "Cat": 65, "Dan": -15}


def test_scotch_bridge_refuses_a_join_and_takes_a_seat_taken_over() -> None:
    game = Game.start("scotch-bridge", ["Ann", "Bob", "Cat", "Dan"], first_dealer="Ann")
    with pytest.raises(TableChangeError, match="written for 4 players: nobody can join"):
        game.record_change(Join(after=0, player="Eve", left_of="Dan"))
    for _ in range(2):
        game = game.record_round(leader_takes_all(game))
    before = game.sheet
    game = game.record_change(TakeOver(after=2, seat="Bob", player="Zoe"))
    sheet = game.sheet
    assert sheet.players == ("Ann", "Zoe", "Cat", "Dan")  # Bob's place, Zoe's name
    assert sheet.totals["Zoe"] == before.totals["Bob"]
    assert sheet.sets["Zoe"] == before.sets["Bob"]
    assert sheet.seat_names == {"Zoe": ("Bob", "Zoe")}
    assert game.next_round is not None and "Zoe" in game.next_round.bid_order
    game = game.record_round(leader_takes_all(game))
    assert "Bob" in game.sheet.rounds[1].bids and "Zoe" in game.sheet.rounds[2].bids


def test_an_adjustment_counts_in_the_totals_and_the_ranking_only() -> None:
    game = Game.start("mormon-bridge", ["Ann", "Bob", "Cat"], first_dealer="Ann")
    game = game.record_round(leader_takes_all(game))
    made = dict(game.sheet.totals)
    game = game.record_change(Adjustment(after=1, player="Bob", points=-25, reason="renege"))
    row = game.sheet.rounds[0]
    assert row.adjustments == {"Bob": -25}
    assert row.points == game.sheet.rounds[0].points  # points as scored
    assert row.totals["Bob"] == made["Bob"] - 25 == game.sheet.totals["Bob"]
    assert game.sheet.sets == {"Ann": 0, "Bob": 1, "Cat": 0}  # Bob led and took all: set
    assert game.sheet.standings[-1].player == "Bob"


def test_a_change_that_a_recorded_round_contradicts_is_refused_with_that_rounds_reason() -> None:
    game = Game.start("golf", ["Ann", "Bob", "Cat"], first_dealer="Ann")
    for _ in range(3):
        game = game.record_round(leader_takes_all(game))
    with pytest.raises(TableChangeError, match="after round 1: the rounds recorded after") as info:
        game.record_change(SitOut(after=1, player="Cat"))
    assert isinstance(info.value.__cause__, StrangerError)
    assert "round 2" in str(info.value)
    assert game.record.changes == ()  # nothing changed


def test_a_leave_that_would_leave_one_player_and_a_change_inside_no_round_are_refused() -> None:
    game = Game.start("golf", ["Ann", "Bob"], first_dealer="Ann")
    with pytest.raises(TableChangeError, match="Ann cannot leave: Golf needs at least 2"):
        game.record_change(Leave(after=0, player="Ann"))
    with pytest.raises(TableChangeError, match="only 0 round"):
        game.record_change(Join(after=1, player="Cat", left_of="Bob"))


def test_the_hook_counts_only_those_dealt_in() -> None:
    game = Game.start("golf", ["Ann", "Bob", "Cat"], first_dealer="Cat")
    game = game.record_round(leader_takes_all(game))  # hand 1: 1 card
    game = game.record_change(SitOut(after=1, player="Bob"))
    setup = game.next_round
    assert setup is not None and setup.cards == 2
    assert setup.bid_order == ("Cat", "Ann")  # Bob out; Ann deals (the deal passes left)
    with pytest.raises(HookError, match="round 2"):
        game.record_round(
            RoundRecord(turned="clubs", bids={"Cat": 1, "Ann": 1}, tricks={"Cat": 1, "Ann": 1})
        )


def test_a_record_with_changes_round_trips_and_names_are_spelled_as_seated() -> None:
    game = Game.start("golf", ["Ann", "Bob", "Cat"], first_dealer="Ann")
    game = game.record_round(leader_takes_all(game))
    game = game.record_change(Join(after=1, player="  Dan ", left_of="cat", starting=7))
    game = game.record_change(Adjustment(after=1, player="ann", points=5, reason="bonus"))
    assert game.record.changes == (
        Join(after=1, player="Dan", left_of="Cat", starting=7),
        Adjustment(after=1, player="Ann", points=5, reason="bonus"),
    )
    data = game.record.to_data()
    assert data["changes"][0] == {
        "after": 1,
        "kind": "join",
        "player": "Dan",
        "left_of": "Cat",
        "starting": 7,
    }
    again = Game(GameRecord.from_json(game.record.model_dump_json()))
    assert again.record == game.record and again.sheet == game.sheet
    assert "changes" not in Game.start("golf", ["Ann", "Bob"]).record.to_data()


def test_a_change_taken_back_leaves_the_game_as_before() -> None:
    game = Game.start("golf", ["Ann", "Bob", "Cat"], first_dealer="Ann")
    game = game.record_round(leader_takes_all(game))
    changed = game.record_change(SitOut(after=1, player="Bob"))
    assert changed.delete_change(0).sheet == game.sheet
    corrected = changed.replace_change(0, SitOut(after=1, player="Cat"))
    assert corrected.next_round is not None
    assert corrected.next_round.sitting_out == ("Cat",)


# --- properties --------------------------------------------------------------------------------

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
NEWCOMERS = ["Gus", "Hal", "Ivy", "Jo"]


@st.composite
def evenings(draw: st.DrawFn) -> Game:
    """A Golf or Mormon game played some rounds, with a change tried before each: whatever the
    engine accepts is kept, whatever it refuses changes nothing."""
    variant = draw(st.sampled_from(["golf", "mormon-bridge"]))
    game = Game.start(variant, NAMES[: draw(st.integers(2, 6))])
    newcomers = iter(NEWCOMERS)
    for _ in range(draw(st.integers(0, 8))):
        if game.next_round is None:
            break
        seated = list(game.sheet.players)
        playing = [name for name in seated if name not in game.sheet.left]
        after = len(game.record.rounds)
        kind = draw(st.sampled_from(["none", "join", "leave", "take", "sit", "adjust"]))
        change: Join | Leave | TakeOver | SitOut | Adjustment | None = None
        someone = draw(st.sampled_from(playing))
        if kind == "join":
            newcomer = next(newcomers, None)
            if newcomer is not None:
                change = Join(after=after, player=newcomer, left_of=someone)
        elif kind == "take":
            newcomer = next(newcomers, None)
            if newcomer is not None:
                change = TakeOver(after=after, seat=someone, player=newcomer)
        elif kind == "leave":
            change = Leave(after=after, player=someone)
        elif kind == "sit":
            change = SitOut(after=after, player=someone)
        elif kind == "adjust" and after > 0:
            change = Adjustment(after=after, player=someone, points=-10, reason="renege")
        if change is not None:
            with contextlib.suppress(TableChangeError):  # refused: nothing changed
                game = game.record_change(change)
        game = game.record_round(leader_takes_all(game))
    if draw(st.booleans(), label="played to the end"):
        while game.next_round is not None:
            game = game.record_round(leader_takes_all(game))
    return game


def _handed_over(sheet: ScoreSheet) -> list[str]:
    return [person for seat in sheet.seat_names.values() for person in seat[:-1]]


@given(evenings())
def test_any_valid_evening_scores_round_trips_and_every_round_adds_up(game: Game) -> None:
    again = Game(GameRecord.from_data(game.record.to_data()))
    assert again.sheet == game.sheet
    running = dict.fromkeys(game.players, 0)
    for result in game.sheet.rounds:
        assert sum(result.tricks.values()) == result.cards
        assert set(result.bids) == set(result.bid_order)
        assert not set(result.bids) & set(result.sitting_out)
        assert len(result.bid_order) * result.cards + (1 if result.card_turned else 0) <= 52
        for name, points in result.points.items():
            running[name] = running.get(name, 0) + points
    # every total is its points, plus a start, plus adjustments, carried across a takeover
    sheet = game.sheet
    for name in sheet.players:
        seat = sheet.seat_names.get(name, (name,))
        points = sum(running.get(person, 0) for person in seat)
        adjusted = sum(r.adjustments.get(person, 0) for r in sheet.rounds for person in seat)
        assert sheet.totals[name] == sheet.starting.get(name, 0) + points + adjusted
    assert not set(sheet.winners) & set(sheet.left)
    if sheet.finished and game.variant.has_payouts:  # the ledger takes any such game
        played_on = datetime(2026, 12, 3, 20, 0)
        ledger = ledger_of([GameResults.of(game, game_id="g", played_on=played_on)])
        money = sheet.money_at_end()
        assert money is not None
        assert ledger.balances == {name: money.get(name, 0) for name in ledger.balances}
        assert set(ledger.balances) == {*sheet.players, *_handed_over(sheet)}


def test_records_credit_each_person_with_the_rounds_they_were_dealt_in() -> None:
    game = Game.start("golf", ["Ann", "Bob", "Cat"], first_dealer="Ann", stake_cents=5)
    for _ in range(2):
        game = game.record_round(leader_takes_all(game))
    game = game.record_change(TakeOver(after=2, seat="Bob", player="Zoe"))
    game = game.record_round(leader_takes_all(game))
    game = game.record_change(SitOut(after=3, player="Cat"))
    game = game.record_round(leader_takes_all(game))
    results = {result.player: result for result in player_results(game)}
    assert list(results) == ["Ann", "Zoe", "Cat", "Bob"]  # the sheet's places, then Bob
    assert (results["Bob"].rounds, results["Zoe"].rounds, results["Cat"].rounds) == (2, 2, 3)
    assert results["Ann"].rounds == 4
    assert results["Bob"].total == game.sheet.rounds[1].totals["Bob"]
    assert results["Zoe"].total == game.sheet.totals["Zoe"]  # the seat's, Bob's part in it
    assert results["Bob"].rank == 4 and not results["Bob"].won
    # dealers Ann, Bob, Cat, then Ann (Cat out): the leaders Bob, Cat, Ann, Zoe are set
    assert {name: result.sets for name, result in results.items()} == {
        "Ann": 1,
        "Zoe": 1,
        "Cat": 1,
        "Bob": 1,
    }
    assert game.sheet.sets["Zoe"] == 2  # the seat's: Bob's set and Zoe's


def cat_takes_all(game: Game) -> RoundRecord:
    """The next round: everyone bids 0 and Cat takes every trick, so Cat alone is set (a
    first hand that keeps the game that follows from ending in a tie)."""
    setup = game.next_round
    assert setup is not None
    return RoundRecord(
        turned=None if not setup.card_turned else Suit.HEARTS,
        bids=dict.fromkeys(setup.bid_order, 0),
        tricks={name: setup.cards if name == "Cat" else 0 for name in setup.bid_order},
    )


def test_the_ledger_settles_a_changed_table_as_its_sheet_does() -> None:
    """The ledger of an evening nets each game's own settlement, so the changes count in it
    as on the sheet: Dan, gone after hand 12 of a Golf game, still pays for his sets; in the
    next game Zoe took over Bob's seat and settles for it, while Bob, who handed it over,
    neither pays nor collects."""
    first = Game.start("golf", ["Ann", "Bob", "Cat", "Dan"], first_dealer="Ann", stake_cents=5)
    for hand in range(1, 19):
        if hand == 13:
            first = first.record_change(Leave(after=12, player="Dan"))
        first = first.record_round(leader_takes_all(first))
    second = Game.start("golf", ["Ann", "Bob", "Cat"], first_dealer="Ann", stake_cents=5)
    second = second.record_round(cat_takes_all(second))
    second = second.record_change(TakeOver(after=1, seat="Bob", player="Zoe"))
    while second.next_round is not None:
        second = second.record_round(leader_takes_all(second))
    evening = datetime(2026, 12, 3, 20, 0)
    games = [
        GameResults.of(game, game_id=str(n), played_on=evening)
        for n, game in enumerate((first, second))
    ]
    money_first, money_second = first.sheet.money_at_end(), second.sheet.money_at_end()
    assert money_first is not None and money_second is not None
    assert money_first["Dan"] < 0, "a player who left still pays for his sets"
    assert "Bob" not in money_second and money_second["Zoe"] != 0
    ledger = ledger_of(games)
    people = ["Ann", "Bob", "Cat", "Dan", "Zoe"]
    assert ledger.balances == {
        name: money_first.get(name, 0) + money_second.get(name, 0) for name in people
    }
    results = {result.player: result for result in games[1].results}
    assert results["Bob"].cents == 0, "Bob handed his seat over: he is even, not without money"
    assert sum(ledger.balances.values()) == 0


def test_a_player_who_left_has_played_the_game_and_not_won_it() -> None:
    """Dan left a Golf game after hand 12 with the lowest total (90 to the others' 120 and
    more): his records count the game as played, with its rounds and sets, never as a win,
    and the win goes to the best total still at the table."""
    game = Game.start("golf", ["Ann", "Bob", "Cat", "Dan"], first_dealer="Ann", stake_cents=5)
    for hand in range(1, 19):
        if hand == 13:
            game = game.record_change(Leave(after=12, player="Dan"))
        game = game.record_round(leader_takes_all(game))
    played_on = datetime(2026, 12, 3, 20, 0)
    stats = {
        player.name: player
        for player in player_stats([GameResults.of(game, game_id="g", played_on=played_on)])
    }
    dan = stats["Dan"]
    assert (dan.games, dan.wins, dan.win_rate, dan.rounds) == (1, 0, 0.0, 12)
    assert game.sheet.totals["Dan"] == min(game.sheet.totals.values())
    winners = [name for name, player in stats.items() if player.wins]
    assert winners == list(game.sheet.winners) and "Dan" not in winners
    assert dan.cents is not None and dan.cents < 0  # he still pays for his sets
