"""Game.entry keeps the rounds on the pad it worked out: the same draft gives the same state
without working it out again, and nothing kept outlives the game it was worked out for."""

from __future__ import annotations

import pytest

from scorepad.engine import Game, RoundDraft, RoundRecord, ScorepadError, Suit
from scorepad.engine.game import ENTRIES_KEPT


def golf() -> Game:
    return Game.start("golf", ["Ann", "Bob"], first_dealer="Bob")


def test_the_same_draft_gives_the_very_same_state() -> None:
    game = golf()
    draft = RoundDraft(turned=Suit.CLUBS, bids={"Ann": 1})
    first = game.entry(1, draft)
    assert game.entry(1, RoundDraft(turned=Suit.CLUBS, bids={"Ann": 1})) is first
    assert game.entry(1, RoundDraft(turned=Suit.CLUBS, bids={"Ann": 0})) != first


def test_a_draft_that_breaks_the_rules_is_refused_every_time() -> None:
    game = golf()
    wrong = RoundDraft(turned=Suit.CLUBS, bids={"Bob": 1})  # Ann bids first
    for _ in range(2):
        with pytest.raises(ScorepadError):
            game.entry(1, wrong)


def test_a_changed_game_works_its_rounds_out_afresh() -> None:
    """A recorded, corrected or undone round makes a new game: what the old one kept (the
    round it had next, its totals) is not what the new one shows."""
    game = golf()
    before = game.entry(1, RoundDraft(turned=Suit.CLUBS))
    played = game.record_round(
        RoundRecord(turned=Suit.CLUBS, bids={"Ann": 1, "Bob": 1}, tricks={"Ann": 1, "Bob": 0})
    )
    after = played.entry(2, RoundDraft(turned=Suit.CLUBS))
    assert after.setup.number == 2 and before.setup.number == 1
    corrected = played.replace_round(
        1, RoundRecord(turned=Suit.CLUBS, bids={"Ann": 0, "Bob": 0}, tricks={"Ann": 0, "Bob": 1})
    )
    assert (
        corrected.entry(1, corrected.correction_of(1)).lines
        != played.entry(1, played.correction_of(1)).lines
    )


def test_only_the_last_few_drafts_are_kept() -> None:
    game = golf()
    for bid in range(2):
        game.entry(1, RoundDraft(turned=Suit.CLUBS, bids={"Ann": bid}))
    for suit in Suit:
        for shown in (False, True):
            game.entry(1, RoundDraft(turned=suit, bids_shown=shown))
    assert len(game._on_the_pad) == ENTRIES_KEPT


def test_a_draft_that_cannot_be_hashed_is_worked_out_all_the_same() -> None:
    """``model_copy(update=...)`` does not check what it is given: a plain dict of bids makes
    a draft that cannot be a key. It is worked out every time instead of kept."""
    game = golf()
    draft = RoundDraft(turned=Suit.CLUBS).model_copy(update={"bids": {"Ann": 1}})
    assert game.entry(1, draft).bids == {"Ann": 1}
    assert game.entry(1, draft) is not game.entry(1, draft)
