"""House rules' scoring and hook, as RULINGS.md "House rules: what a table can say" states them.

Each example the rulings give is played as a game and checked against the points worked out
by hand; a property checks the engine against a plain formula written here from the rulings'
text, for random settings; and every variant survives the record and the store unchanged.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.engine import (
    GOLF,
    MORMON_BRIDGE,
    SCOTCH_BRIDGE,
    Game,
    HookError,
    RoundRecord,
    Variant,
    VariantSettingError,
    rule_sentences,
    worked_examples,
)
from scorepad.engine.record import GameRecord
from scorepad.store.tinydb_store import TinyDBStore
from tests.strategies import custom_variants

OH_HELL_ONE_OFF = MORMON_BRIDGE.with_changes(
    name="10 + tricks, -1 a trick off", points_per_trick_missed=0, points_per_trick_off=-1
)
FIVE_AND_FIVE = MORMON_BRIDGE.with_changes(
    name="5 + 5 a trick", made_bonus=5, points_per_trick_made=5, points_per_trick_missed=0,
    points_per_trick_off=-5,
)  # fmt: skip
WIZARD = MORMON_BRIDGE.with_changes(
    name="Wizard's scoring", made_bonus=20, points_per_trick_made=10, points_per_trick_missed=0,
    points_per_trick_off=-10,
)  # fmt: skip
FIVE_AND_TWO_A_BID = MORMON_BRIDGE.with_changes(
    name="5 + 2 a trick bid", made_bonus=5, points_per_trick_made=2, points_per_trick_missed=0,
    points_per_trick_off=-2,
)  # fmt: skip
FIVE_AND_THE_BID = MORMON_BRIDGE.with_changes(
    name="5 + bid", made_bonus=5, points_per_trick_made=1, points_per_trick_missed=0,
    missed_points=-5, points_per_trick_bid_missed=-1,
)  # fmt: skip
ZEROS_BY_THE_CARD = MORMON_BRIDGE.with_changes(
    name="Zeros by the card", made_zero_bonus=0, made_zero_per_card=10, missed_zero_points=0,
    missed_zero_per_card=-10,
)  # fmt: skip


@pytest.mark.parametrize(
    ("variant", "bid", "tricks", "cards", "points"),
    [
        # the three sheets
        (MORMON_BRIDGE, 2, 2, 5, 12),
        (MORMON_BRIDGE, 2, 4, 5, 4),
        (SCOTCH_BRIDGE, 0, 0, 13, 18),
        (SCOTCH_BRIDGE, 3, 2, 13, 0),
        (GOLF, 4, 4, 9, 14),
        (GOLF, 4, 3, 9, 0),
        # "10 + tricks, missed loses 1 per trick off"
        (OH_HELL_ONE_OFF, 3, 3, 7, 13),
        (OH_HELL_ONE_OFF, 3, 1, 7, -2),
        (OH_HELL_ONE_OFF, 1, 4, 7, -3),
        # "5 + 5 per trick, missed -5 per trick off"
        (FIVE_AND_FIVE, 2, 2, 7, 15),
        (FIVE_AND_FIVE, 2, 5, 7, -15),
        # "20 + 10 per trick, missed -10 per trick off"
        (WIZARD, 0, 0, 3, 20),
        (WIZARD, 3, 3, 3, 50),
        (WIZARD, 0, 2, 3, -20),
        # "5 + 2 per trick bid, missed -2 per trick off"
        (FIVE_AND_TWO_A_BID, 4, 4, 8, 13),
        (FIVE_AND_TWO_A_BID, 4, 1, 8, -6),
        # "5 + bid, missed -(5 + bid)"
        (FIVE_AND_THE_BID, 3, 3, 6, 8),
        (FIVE_AND_THE_BID, 3, 0, 6, -8),
        (FIVE_AND_THE_BID, 0, 2, 6, -5),
        # "zero made +10 x cards, zero missed -10 x cards"
        (ZEROS_BY_THE_CARD, 0, 0, 6, 60),
        (ZEROS_BY_THE_CARD, 0, 1, 6, -60),
        (ZEROS_BY_THE_CARD, 2, 2, 6, 12),  # any other bid scores as Mormon Bridge does
        (ZEROS_BY_THE_CARD, 2, 3, 6, 3),
    ],
)
def test_each_example_of_the_rulings_scores_as_written(
    variant: Variant, bid: int, tricks: int, cards: int, points: int
) -> None:
    assert variant.points(bid=bid, tricks=tricks, cards=cards) == points


def test_a_game_under_one_off_rules_totals_the_losses() -> None:
    """Two rounds of "10 + tricks, -1 a trick off" for three: the sheet adds the losses."""
    rules = OH_HELL_ONE_OFF.with_changes(hand_sizes=(3, 2))
    game = Game.start(rules, ["Ann", "Bob", "Cat"], first_dealer="Cat")
    game = game.record_round(
        RoundRecord(
            turned="clubs",
            bids={"Ann": 2, "Bob": 0, "Cat": 0},
            tricks={"Ann": 2, "Bob": 1, "Cat": 0},
        )
    )
    game = game.record_round(
        RoundRecord(
            turned="hearts",
            bids={"Ann": 2, "Bob": 1, "Cat": 1},
            tricks={"Ann": 0, "Bob": 1, "Cat": 1},
        )
    )
    assert [dict(result.points) for result in game.sheet.rounds] == [
        {"Ann": 12, "Bob": -1, "Cat": 10},
        {"Ann": -2, "Bob": 11, "Cat": 11},
    ]
    assert game.sheet.totals == {"Ann": 10, "Bob": 10, "Cat": 21}
    assert game.sheet.winners == ("Cat",)


def rulings_points(variant: Variant, bid: int, tricks: int, cards: int) -> int:
    """The rulings' text, word for word: "A made bid scores a fixed bonus plus points per
    trick; a missed bid scores points per trick taken, and/or loses points per trick it was
    off by, and/or a fixed amount, and/or points per trick bid. A bid of zero may score its
    own way, made and missed, each a fixed amount plus points per card in the hand." """
    made = bid == tricks
    if bid == 0 and made and variant.made_zero_bonus is not None:
        return variant.made_zero_bonus + variant.made_zero_per_card * cards
    if bid == 0 and not made and variant.missed_zero_points is not None:
        return variant.missed_zero_points + variant.missed_zero_per_card * cards
    if made:
        return variant.made_bonus + variant.points_per_trick_made * bid
    off = bid - tricks if bid > tricks else tricks - bid
    return (
        variant.points_per_trick_missed * tricks
        + variant.points_per_trick_off * off
        + variant.missed_points
        + variant.points_per_trick_bid_missed * bid
    )


@given(custom_variants(), st.integers(1, 13), st.data())
def test_the_engine_scores_as_the_rulings_text_says(
    variant: Variant, cards: int, data: st.DataObject
) -> None:
    bid = data.draw(st.integers(0, cards), label="bid")
    tricks = data.draw(st.integers(0, cards), label="tricks")
    assert variant.points(bid=bid, tricks=tricks, cards=cards) == rulings_points(
        variant, bid, tricks, cards
    )


@settings(max_examples=25)
@given(custom_variants())
def test_any_variant_round_trips_through_the_record_and_the_store(variant: Variant) -> None:
    players = [f"P{seat}" for seat in range(variant.min_players)]
    game = Game.start(variant, players)
    again = GameRecord.from_json(game.record.model_dump_json())
    assert Game(again).variant == variant
    with tempfile.TemporaryDirectory(prefix="scorepad-house-") as folder:
        store = TinyDBStore(Path(folder))
        stored = store.create_game(game.record)
        assert store.load_game(stored.id).game.variant == variant
        saved = store.save_variant(variant)
        assert next(v for v in store.saved_variants() if v.name == saved.name).variant == variant


@pytest.mark.parametrize(
    ("changes", "hooked_rounds"),
    [
        ({}, [True, True, True, True]),
        ({"hook_from_cards": 3}, [False, False, True, True]),
        ({"hook_skips_first_round": True}, [False, True, True, True]),
    ],
)
def test_the_hook_holds_where_the_house_rule_says(
    changes: dict[str, object], hooked_rounds: list[bool]
) -> None:
    """Golf's hook in four hands of 1, 2, 3 and 4 cards: every round, from 3 cards, or every
    round but the first."""
    rules = GOLF.with_changes(name="Short Golf", hand_sizes=(1, 2, 3, 4), **changes)
    game = Game.start(rules, ["Ann", "Bob"], first_dealer="Bob")
    assert [game.setup(n).dealer_hooked for n in range(1, 5)] == hooked_rounds


def test_an_unhooked_round_takes_the_bid_that_makes_the_total() -> None:
    rules = GOLF.with_changes(name="Hook from 3", hand_sizes=(1, 3), hook_from_cards=3)
    game = Game.start(rules, ["Ann", "Bob"], first_dealer="Bob")
    game = game.record_round(
        RoundRecord(turned="clubs", bids={"Ann": 0, "Bob": 1}, tricks={"Ann": 0, "Bob": 1})
    )
    with pytest.raises(HookError, match="round 2: Ann deals and may not bid 1"):
        game.record_round(
            RoundRecord(turned="clubs", bids={"Bob": 2, "Ann": 1}, tricks={"Bob": 2, "Ann": 1})
        )


def test_a_hook_from_more_cards_than_a_hand_holds_is_refused() -> None:
    with pytest.raises(VariantSettingError, match="hook_from_cards"):
        GOLF.with_changes(hook_from_cards=27)


def test_settings_that_score_nothing_are_still_refused_with_the_new_terms() -> None:
    nothing = {
        "made_bonus": 0,
        "points_per_trick_made": 0,
        "points_per_trick_missed": 0,
        "made_zero_bonus": None,
    }
    with pytest.raises(VariantSettingError, match="every bid, made or missed, would score 0"):
        GOLF.with_changes(**nothing)
    assert GOLF.with_changes(**nothing, points_per_trick_off=-1).points(2, 0, 3) == -2


def test_the_rules_read_as_sentences_with_a_worked_example() -> None:
    assert [str(s) for s in rule_sentences(OH_HELL_ONE_OFF)] == [
        "A made bid scores 10 points plus 1 point per trick",
        "A missed bid loses 1 point per trick it was off by",
    ]
    assert [str(line) for line in worked_examples(FIVE_AND_THE_BID, ["Ann", "Bob", "Cat"])] == [
        "In a hand of 5 cards:",
        "Ann bids 3 and takes 3: 8",
        "Bob bids 3 and takes 1: -8",
        "Cat bids 0 and takes 2: -5",
    ]
    assert str(rule_sentences(FIVE_AND_THE_BID)[1]) == (
        "A missed bid loses 5 points plus 1 point per trick bid"
    )
