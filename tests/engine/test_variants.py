"""Variants are data: presets, validated custom copies, and refused impossible combinations."""

from __future__ import annotations

import pytest

from scorepad.engine import (
    GOLF,
    MORMON_BRIDGE,
    PRESETS,
    SCOTCH_BRIDGE,
    BidMode,
    Game,
    TrumpRule,
    UnknownVariantError,
    Variant,
    VariantSettingError,
    Winner,
    preset,
    resolve_variant,
    schedule_in_words,
)


def test_presets_are_found_by_key_and_by_name() -> None:
    assert preset("golf") is GOLF
    assert preset("Mormon Bridge") is MORMON_BRIDGE
    assert preset(" scotch_bridge ") is SCOTCH_BRIDGE
    assert list(PRESETS) == [
        "mormon-bridge",
        "scotch-bridge",
        "golf",
        "nomination-whist",
        "up-and-down-the-river",
        "kachuful",
        "blackout",
    ]


def test_unknown_variant_names_the_input_and_the_choices() -> None:
    with pytest.raises(UnknownVariantError, match="unknown variant 'bridge'; the presets are"):
        preset("bridge")


def test_a_custom_variant_is_a_validated_copy_with_changes() -> None:
    shorter = SCOTCH_BRIDGE.with_changes(name="Short Scotch", hand_sizes=(7, 6, 5, 4, 3, 2, 1))
    assert shorter.schedule(4) == (7, 6, 5, 4, 3, 2, 1)
    assert shorter.dealer_hook
    assert shorter.made_zero_bonus == 5
    assert SCOTCH_BRIDGE.schedule(4)[0] == 13  # the preset is untouched


def test_based_on_in_a_record_changes_only_the_named_settings() -> None:
    variant = resolve_variant({"based_on": "golf", "stake_cents": 10})
    assert variant.name == "Golf (house rules)"
    assert variant.stake_cents == 10
    assert variant.model_dump(exclude={"name", "stake_cents"}) == GOLF.model_dump(
        exclude={"name", "stake_cents"}
    )


@pytest.mark.parametrize(
    ("changes", "setting", "reason"),
    [
        ({"min_players": 6, "max_players": 5}, "min_players", "6 is more than max_players (5)"),
        ({"bid_mode": "simultaneous"}, "dealer_hook", "needs one-by-one bidding"),
        ({"max_players": 5, "hand_sizes": (13, 12)}, "hand_sizes", "with 5 players none of"),
        (
            {"made_bonus": 0, "points_per_trick_made": 0, "made_zero_bonus": None},
            "made_bonus",
            "every bid, made or missed, would score 0 points",
        ),
        ({"hand_sizes": ()}, "hand_sizes", "list the cards each round, like 10-1, or give a shape"),
        ({"hand_sizes": (3, 0)}, "hand_sizes.1", "greater than or equal to 1"),
        ({"winner": "middle"}, "winner", "'highest' or 'lowest'"),
        ({"stake_cents": -5}, "stake_cents", "greater than or equal to 0"),
        ({"name": "   "}, "name", "at least 1 character"),
        ({"colour": "red"}, "colour", "is not a setting of a variant"),
    ],
)
def test_impossible_settings_are_refused_with_the_setting_and_the_reason(
    changes: dict[str, object], setting: str, reason: str
) -> None:
    with pytest.raises(VariantSettingError) as caught:
        SCOTCH_BRIDGE.with_changes(**changes)
    assert caught.value.setting == setting
    assert reason in str(caught.value)


def test_scotch_with_more_players_deals_only_what_the_deck_serves() -> None:
    five = SCOTCH_BRIDGE.with_changes(name="Scotch for five", max_players=5, hand_sizes=(10, 11))
    assert five.schedule(5) == (10,)  # 5 x 11 = 55 cards: dropped
    assert five.schedule(4) == (10, 11)


def test_a_custom_variant_plays_by_its_own_settings() -> None:
    harsh = Variant(
        name="Harsh",
        hand_sizes=(3, 2, 1),
        min_players=2,
        max_players=4,
        trump_rule=TrumpRule.EVERY_ROUND,
        bid_mode=BidMode.SEQUENTIAL_FROM_LEFT,
        dealer_hook=False,
        made_bonus=20,
        points_per_trick_made=2,
        points_per_trick_missed=-1,
        winner=Winner.HIGHEST,
    )
    game = Game.start(harsh, ["Ann", "Bob"])
    from tests.helpers import play

    game = play(game, [1, 1], [1, 2])
    assert game.sheet.rounds[0].points == {"Ann": 22, "Bob": -2}


def test_variant_describes_its_schedule_for_a_table() -> None:
    # a chain a…b…c plays the turning count twice (Golf: 8 cards twice); Scotch Bridge plays
    # one round of 1 card, so its runs are written apart ("13…1…13" read back as 26 rounds)
    assert schedule_in_words(GOLF.schedule(6)) == "16 rounds: 1…8…1"
    assert schedule_in_words(SCOTCH_BRIDGE.schedule(4)) == "25 rounds: 13…1, 2…13"
    assert schedule_in_words(MORMON_BRIDGE.schedule(7)) == "7 rounds: 7…1"


def test_variants_round_trip_through_json() -> None:
    for variant in PRESETS.values():
        assert Variant.parse(variant.model_dump(mode="json")) == variant
