"""Trump by a fixed rotation, or none at all (RULINGS.md, "House rules": "Trump comes from the
turned card, or follows a fixed rotation of suits with no-trump hands in it, or there is
none"): no card is turned, the pad skips the turned suit, and the deck may be dealt whole."""

from __future__ import annotations

import pytest

from scorepad.engine import (
    MORMON_BRIDGE,
    Game,
    NoCardToTurnError,
    RoundDraft,
    RoundRecord,
    Stage,
    Suit,
    TurnedCardError,
    VariantSettingError,
    variant_in_words,
)

NOMINATION = MORMON_BRIDGE.with_changes(
    name="Rotating trumps",
    hand_sizes=(3, 2, 1, 2, 3),
    trump_rule="rotation",
    trump_rotation=("spades", "hearts", None),
)


def played(game: Game, bids: dict[str, int], tricks: dict[str, int]) -> Game:
    return game.record_round(RoundRecord(bids=bids, tricks=tricks))


def test_the_trump_follows_the_rotation_and_repeats() -> None:
    game = Game.start(NOMINATION, ["Ann", "Bob"], first_dealer="Bob")
    for cards in NOMINATION.hand_sizes:
        game = played(game, {"Ann": 0, "Bob": cards}, {"Ann": 0, "Bob": cards})
    assert [result.trump for result in game.sheet.rounds] == [
        Suit.SPADES,
        Suit.HEARTS,
        None,
        Suit.SPADES,
        Suit.HEARTS,
    ]
    assert [result.turned for result in game.sheet.rounds] == [None] * 5
    assert str(game.sheet.rounds[2].trump_note) == "no trump this round, by the rotation"


def test_the_pad_skips_the_turned_suit_and_refuses_one() -> None:
    game = Game.start(NOMINATION, ["Ann", "Bob"], first_dealer="Bob")
    entry = game.entry(1, RoundDraft())
    assert entry.stage is Stage.GO  # bids at once: straight to "ready, set, go"
    assert entry.trump is not None and entry.trump.trump is Suit.SPADES
    with pytest.raises(NoCardToTurnError, match="these rules know the trump already"):
        entry.choose_trump(Suit.CLUBS)
    with pytest.raises(TurnedCardError, match="turns no card for trump, but clubs was recorded"):
        game.record_round(
            RoundRecord(turned="clubs", bids={"Ann": 0, "Bob": 3}, tricks={"Ann": 0, "Bob": 3})
        )


def test_no_card_turned_lets_the_whole_deck_be_dealt() -> None:
    """Four players can be dealt 13 each when no card needs to be left to turn."""
    whole_deck = MORMON_BRIDGE.with_changes(
        name="No trump", hand_sizes=(13, 12), trump_rule="none", min_players=4, max_players=4
    )
    game = Game.start(whole_deck, ["Ann", "Bob", "Cat", "Dan"])
    assert game.schedule == (13, 12)
    assert MORMON_BRIDGE.with_changes(hand_sizes=(13, 12), max_players=4).schedule_for(4) == (12,)
    game = played(
        game,
        {"Ann": 13, "Bob": 0, "Cat": 0, "Dan": 0},
        {"Ann": 13, "Bob": 0, "Cat": 0, "Dan": 0},
    )
    assert game.sheet.rounds[0].trump is None
    assert str(game.sheet.rounds[0].trump_note) == "no trump in this game"


def test_a_rotation_needs_a_suit_and_reads_as_the_table_writes_it() -> None:
    with pytest.raises(VariantSettingError, match="trump_rotation: a rotation of trumps needs"):
        MORMON_BRIDGE.with_changes(trump_rule="rotation")
    assert "trumps in turn: ♠ ♥ NT" in str(variant_in_words(NOMINATION))
