"""One test (or table) per ruling, in the order docs/rules.md states them."""

from __future__ import annotations

import pytest

from scorepad.engine import (
    GOLF,
    MORMON_BRIDGE,
    SCOTCH_BRIDGE,
    BidRangeError,
    Game,
    HookError,
    PlayerCountError,
    RoundRecord,
    Suit,
    TricksRangeError,
    TricksSumError,
    TurnedCardError,
)
from tests.helpers import play, round_of

FOUR = ["Ann", "Bob", "Cat", "Dan"]


# --- Table geometry -------------------------------------------------------------------------


def test_deal_passes_to_the_left_every_round_in_every_variant() -> None:
    for variant in ("mormon-bridge", "scotch-bridge", "golf"):
        game = Game.start(variant, FOUR, first_dealer="Cat")
        dealers = [game.setup(n).dealer for n in range(1, 7)]
        assert dealers == ["Cat", "Dan", "Ann", "Bob", "Cat", "Dan"], variant


def test_first_dealer_defaults_to_the_first_player() -> None:
    assert Game.start("golf", FOUR).setup(1).dealer == "Ann"


def test_player_to_the_dealers_left_leads_in_every_variant() -> None:
    for variant in ("mormon-bridge", "scotch-bridge", "golf"):
        game = Game.start(variant, FOUR, first_dealer="Dan")
        assert game.setup(1).leader == "Ann", variant
        assert game.setup(2).leader == "Bob", variant


@pytest.mark.parametrize("bad_bid", [-1, 5])
def test_a_bid_is_a_whole_number_from_0_to_the_cards(bad_bid: int) -> None:
    game = Game.start("mormon-bridge", FOUR)
    for _ in range(6):  # reach the 4-card round
        game = play(game, [0, 0, 0, 0], [game.next_round.cards, 0, 0, 0])  # type: ignore[union-attr]
    assert game.next_round is not None
    assert game.next_round.cards == 4
    with pytest.raises(BidRangeError, match=rf"round 7: Ann bid {bad_bid}, but a bid in a 4-card"):
        play(game, [bad_bid, 0, 0, 0], [4, 0, 0, 0])


def test_trick_counts_are_in_range_and_add_up_to_the_cards() -> None:
    game = Game.start("mormon-bridge", FOUR)  # 10 cards
    with pytest.raises(TricksRangeError, match="Bob took 11 tricks"):
        play(game, [0, 0, 0, 0], [0, 11, 0, 0])
    with pytest.raises(TricksSumError, match="add up to 9, but a 10-card round has exactly 10"):
        play(game, [0, 0, 0, 0], [3, 3, 3, 0])


def test_a_trump_needs_a_card_left_over_and_schedules_never_exceed_the_deck() -> None:
    for variant in (MORMON_BRIDGE, GOLF):
        for players in range(variant.min_players, variant.max_players + 1):
            assert all(players * c + 1 <= 52 for c in variant.schedule(players))
    assert all(4 * c <= 52 for c in SCOTCH_BRIDGE.schedule(4))


# --- Mormon Bridge --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "sizes"),
    [
        (2, tuple(range(10, 0, -1))),
        (5, tuple(range(10, 0, -1))),
        (6, tuple(range(8, 0, -1))),
        (7, tuple(range(7, 0, -1))),
        (8, tuple(range(6, 0, -1))),
    ],
)
def test_mormon_schedule_drops_sizes_the_deck_cannot_serve(
    players: int, sizes: tuple[int, ...]
) -> None:
    assert MORMON_BRIDGE.schedule(players) == sizes


@pytest.mark.parametrize("count", [1, 9])
def test_mormon_is_for_2_to_8_players(count: int) -> None:
    with pytest.raises(PlayerCountError, match=f"Mormon Bridge needs 2 to 8 players, not {count}"):
        Game.start("mormon-bridge", [f"P{i}" for i in range(count)])


def test_mormon_no_suit_is_trump_two_rounds_running() -> None:
    game = Game.start("mormon-bridge", ["Ann", "Bob"])
    assert game.call_trump(Suit.HEARTS).trump is Suit.HEARTS  # the first round always has trump
    game = play(game, [0, 0], [10, 0], Suit.HEARTS)
    call = game.call_trump(Suit.HEARTS)
    assert call.trump is None
    assert call.note == "hearts again: no trump this round"
    game = play(game, [0, 0], [9, 0], Suit.HEARTS)
    # compared with the previous *trump* (none), not the previous turned card (hearts)
    assert game.call_trump(Suit.HEARTS).trump is Suit.HEARTS
    game = play(game, [0, 0], [8, 0], Suit.HEARTS)
    game = play(game, [0, 0], [7, 0], Suit.SPADES)
    assert [r.trump for r in game.sheet.rounds] == [Suit.HEARTS, None, Suit.HEARTS, Suit.SPADES]


def test_mormon_bids_are_simultaneous_and_the_dealer_is_not_hooked() -> None:
    game = Game.start("mormon-bridge", FOUR, first_dealer="Ann")
    setup = game.next_round
    assert setup is not None
    assert not setup.sequential_bids
    assert not setup.dealer_hooked
    # bids adding up to the tricks are fine, and may be entered in any order
    game.bidding({"Ann": 4, "Cat": 3})
    game = play(game, [4, 3, 2, 1], [4, 3, 2, 1])
    assert game.sheet.totals == {"Ann": 14, "Bob": 13, "Cat": 12, "Dan": 11}


def test_mormon_scores_a_point_a_trick_plus_ten_for_a_made_bid() -> None:
    game = Game.start("mormon-bridge", ["Ann", "Bob", "Cat"])
    game = play(game, [3, 5, 2], [3, 4, 3])
    assert game.sheet.rounds[0].points == {"Ann": 13, "Bob": 4, "Cat": 3}


# --- Scotch Bridge --------------------------------------------------------------------------


@pytest.mark.parametrize("count", [3, 5])
def test_scotch_is_for_exactly_four(count: int) -> None:
    with pytest.raises(PlayerCountError, match=f"exactly 4 players, not {count}"):
        Game.start("scotch-bridge", [f"P{i}" for i in range(count)])


def test_scotch_has_25_rounds_13_down_to_1_and_back() -> None:
    sizes = SCOTCH_BRIDGE.schedule(4)
    assert len(sizes) == 25
    assert sizes[:13] == tuple(range(13, 0, -1))
    assert sizes[12:] == tuple(range(1, 14))


def test_scotch_full_deals_have_no_trump_and_other_rounds_follow_the_kitty() -> None:
    game = Game.start("scotch-bridge", FOUR)
    assert game.next_round is not None
    assert game.next_round.all_dealt
    with pytest.raises(TurnedCardError, match="round 1: all 52 cards are dealt"):
        play(game, [0, 0, 0, 0], [13, 0, 0, 0], Suit.HEARTS)
    game = play(game, [0, 0, 0, 0], [13, 0, 0, 0], None)
    assert game.sheet.rounds[0].trump is None
    assert game.sheet.rounds[0].trump_note == "all 52 cards dealt: no trump"
    with pytest.raises(TurnedCardError, match="round 2: no turned suit recorded"):
        play(game, [0, 0, 0, 0], [12, 0, 0, 0], None)
    # no repeat rule: the same suit twice is trump twice
    game = play(game, [0, 0, 0, 0], [12, 0, 0, 0], Suit.HEARTS)
    game = play(game, [0, 0, 0, 0], [11, 0, 0, 0], Suit.HEARTS)
    assert [r.trump for r in game.sheet.rounds] == [None, Suit.HEARTS, Suit.HEARTS]
    for _ in range(21):
        game = play(game, [0, 0, 0, 0], [game.next_round.cards, 0, 0, 0])  # type: ignore[union-attr]
    assert game.next_round is not None
    assert game.next_round.number == 25
    assert game.next_round.all_dealt


def test_scotch_bids_start_at_the_dealers_right_and_the_dealer_is_hooked() -> None:
    game = Game.start("scotch-bridge", FOUR, first_dealer="Bob")
    assert game.next_round is not None
    assert game.next_round.bid_order == ("Ann", "Dan", "Cat", "Bob")
    state = game.bidding({"Ann": 3, "Dan": 4, "Cat": 5})
    assert state.next_bidder == "Bob"
    assert state.forbidden == 1
    assert 1 not in state.allowed
    with pytest.raises(HookError, match="round 1: Bob deals and may not bid 1"):
        play(game, [3, 1, 5, 4], [3, 1, 5, 4], None)


def test_scotch_scoring_examples_from_the_sheet() -> None:
    game = Game.start("scotch-bridge", FOUR, first_dealer="Dan")
    # Ann bids 0 and takes 0 in the 13-card round: 13 + 5 = 18; Bob bids 5, takes 5: 15.
    game = play(game, [0, 5, 4, 3], [0, 5, 5, 3], None)
    assert game.sheet.rounds[0].points == {"Ann": 18, "Bob": 15, "Cat": 0, "Dan": 13}


# --- Golf -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "hands"), [(2, 18), (5, 18), (6, 16), (7, 14), (8, 12)])
def test_golf_drops_the_hand_sizes_the_deck_cannot_serve(players: int, hands: int) -> None:
    sizes = GOLF.schedule(players)
    assert len(sizes) == hands
    top = max(sizes)
    assert sizes == (*range(1, top + 1), *range(top, 0, -1))


def test_golf_has_trump_in_every_hand() -> None:
    game = Game.start("golf", ["Ann", "Bob"])
    game = play(game, [1, 1], [1, 0], Suit.SPADES)
    game = play(game, [0, 0], [2, 0], Suit.SPADES)
    assert [r.trump for r in game.sheet.rounds] == [Suit.SPADES, Suit.SPADES]


def test_golf_declares_from_the_dealers_left_and_hooks_the_dealer() -> None:
    game = Game.start("golf", FOUR, first_dealer="Bob")
    assert game.next_round is not None
    assert game.next_round.bid_order == ("Cat", "Dan", "Ann", "Bob")
    state = game.bidding({"Cat": 0, "Dan": 0, "Ann": 0})
    assert state.allowed == (0,)
    assert state.forbidden == 1


def test_golf_scores_ten_plus_tricks_for_a_made_bid_and_nothing_otherwise() -> None:
    game = Game.start("golf", ["Ann", "Bob", "Cat"])
    game = play(game, [0, 0, 0], [1, 0, 0])  # Ann deals: 0+0+0 != 1, hook respected
    assert game.sheet.rounds[0].points == {"Ann": 0, "Bob": 10, "Cat": 10}
    assert game.sheet.sets == {"Ann": 1, "Bob": 0, "Cat": 0}


def _golf_game(players: list[str], missers: dict[str, range]) -> Game:
    """A whole Golf game in which each player in ``missers`` misses their bid in the given
    rounds (1-based) and makes it in all others. One player who makes their bid takes every
    trick; a misser bids 1 and takes none. Someone misses every round, so the hook holds."""
    game = Game.start("golf", players)
    while (setup := game.next_round) is not None:
        missing = {name for name, rounds in missers.items() if setup.number in rounds}
        assert missing, "someone must miss (the hook)"
        assert len(missing) < len(players), "someone must make their bid and take the tricks"
        holder = next(name for name in players if name not in missing)
        tricks = {name: setup.cards if name == holder else 0 for name in players}
        bids = {name: 1 if name in missing else tricks[name] for name in players}
        game = game.record_round(RoundRecord(turned=Suit.CLUBS, bids=bids, tricks=tricks))
    return game


ALL_18 = range(1, 19)


def test_golf_low_total_wins() -> None:
    sheet = _golf_game(["Ann", "Bob"], {"Ann": ALL_18}).sheet
    assert sheet.finished
    assert sheet.totals["Ann"] == 0 < sheet.totals["Bob"]
    assert sheet.winners == ("Ann",)
    assert sheet.standings[0].player == "Ann"
    assert sheet.settlement == ()  # the only other player was never set


def test_golf_set_six_times_owes_the_winner_thirty_cents() -> None:
    sheet = _golf_game(["Ann", "Bob", "Cat"], {"Bob": range(1, 7), "Cat": ALL_18}).sheet
    assert sheet.sets == {"Ann": 0, "Bob": 6, "Cat": 18}
    assert sheet.winners == ("Cat",)
    assert [(p.payer, p.payee, p.cents) for p in sheet.settlement] == [("Bob", "Cat", 30)]


def test_golf_stake_is_a_table_setting() -> None:
    game = Game.start("golf", ["Ann", "Bob"], stake_cents=25)
    assert game.sheet.stake_cents == 25
    assert Game.start("golf", ["Ann", "Bob"]).sheet.stake_cents == 5


def test_golf_tied_winners_split_the_pot_evenly_odd_cent_to_the_first_seated() -> None:
    sheet = _golf_game(
        ["Ann", "Bob", "Cat", "Dan"], {"Ann": ALL_18, "Bob": ALL_18, "Dan": range(1, 4)}
    ).sheet
    assert sheet.totals["Ann"] == sheet.totals["Bob"] == 0
    assert sheet.winners == ("Ann", "Bob")
    assert [(p.payer, p.payee, p.cents) for p in sheet.settlement] == [
        ("Dan", "Ann", 8),
        ("Dan", "Bob", 7),
    ]


def test_golf_tied_winners_shares_differ_by_at_most_a_cent_and_they_pay_nothing() -> None:
    players = ["Ann", "Bob", "Cat", "Dan", "Eve"]
    sheet = _golf_game(
        players, {"Ann": ALL_18, "Bob": ALL_18, "Cat": range(1, 2), "Dan": range(2, 3)}
    ).sheet
    assert sheet.winners == ("Ann", "Bob")
    collected = {w: sum(p.cents for p in sheet.settlement if p.payee == w) for w in sheet.winners}
    assert collected == {"Ann": 5, "Bob": 5}
    assert {p.payer for p in sheet.settlement} == {"Cat", "Dan"}


# --- Games in progress and corrections ------------------------------------------------------


def test_editing_an_earlier_round_re_derives_the_mormon_trump_chain() -> None:
    game = Game.start("mormon-bridge", ["Ann", "Bob"])
    game = play(game, [0, 0], [10, 0], Suit.HEARTS)
    game = play(game, [0, 0], [9, 0], Suit.HEARTS)  # no trump
    game = play(game, [0, 0], [8, 0], Suit.HEARTS)  # hearts again
    assert [r.trump for r in game.sheet.rounds] == [Suit.HEARTS, None, Suit.HEARTS]
    fixed = game.replace_round(2, round_of(game, [0, 0], [9, 0], Suit.SPADES))
    assert [r.trump for r in fixed.sheet.rounds] == [Suit.HEARTS, Suit.SPADES, Suit.HEARTS]
    fixed = game.replace_round(1, round_of(game, [0, 0], [10, 0], Suit.CLUBS))
    assert [r.trump for r in fixed.sheet.rounds] == [Suit.CLUBS, Suit.HEARTS, None]


def test_an_abandoned_game_has_no_winner_and_no_settlement() -> None:
    game = _golf_game(["Ann", "Bob"], {"Bob": ALL_18})
    shortened = game.delete_round(18).abandon()
    sheet = shortened.sheet
    assert sheet.status == "abandoned"
    assert not sheet.finished
    assert sheet.winners == ()
    assert sheet.settlement == ()
    assert sheet.leaders  # the standings are still shown
    assert game.sheet.winners  # the finished game had a winner
