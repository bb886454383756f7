"""The schedule changed during a game (RULINGS.md, "House rules": "insert a hand, skip or
resize a hand not yet played, add one more hand at the end"): a recorded change between
rounds like a join, re-derived with everything else, refused with the round and the reason."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from scorepad.engine import (
    GOLF,
    MORMON_BRIDGE,
    Game,
    GameRecord,
    GameStatus,
    HandChange,
    Join,
    RoundRecord,
    TableChangeError,
    change_in_words,
)

SHORT = MORMON_BRIDGE.with_changes(name="Short", hand_sizes=(3, 2, 1))


def all_to_the_dealer(game: Game) -> Game:
    setup = game.next_round
    assert setup is not None
    bids = dict.fromkeys(setup.bid_order, 0)
    tricks = dict.fromkeys(setup.bid_order, 0) | {setup.dealer: setup.cards}
    return game.record_round(RoundRecord(turned="clubs", bids=bids, tricks=tricks))


def test_a_hand_put_in_after_round_one_is_played_next_and_the_deal_passes_left() -> None:
    game = all_to_the_dealer(Game.start(SHORT, ["Ann", "Bob", "Cat"], first_dealer="Ann"))
    game = game.record_change(HandChange(after=1, edit="insert", hand=2, cards=5))
    assert game.schedule == (3, 5, 2, 1)
    setup = game.next_round
    assert setup is not None and (setup.number, setup.cards, setup.dealer) == (2, 5, "Bob")
    assert game.setup(3).dealer == "Cat" and game.setup(4).dealer == "Ann"
    assert game.sheet.rounds_total == 4


@pytest.mark.parametrize(
    ("change", "schedule"),
    [
        (HandChange(after=1, edit="skip", hand=3), (3, 2)),
        (HandChange(after=1, edit="resize", hand=2, cards=6), (3, 6, 1)),
        (HandChange(after=1, edit="extra", cards=1), (3, 2, 1, 1)),
        (HandChange(after=1, edit="insert", hand=4, cards=1), (3, 2, 1, 1)),
    ],
)
def test_each_change_of_the_hands_not_yet_played(
    change: HandChange, schedule: tuple[int, ...]
) -> None:
    game = all_to_the_dealer(Game.start(SHORT, ["Ann", "Bob", "Cat"]))
    assert game.record_change(change).schedule == schedule


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (
            HandChange(after=1, edit="resize", hand=1, cards=4),
            "after round 1: round 1 is played already: only a hand not yet played can change",
        ),
        (
            HandChange(after=1, edit="skip", hand=5),
            "after round 1: there is no round 5: the schedule has 3 rounds",
        ),
        (
            HandChange(after=1, edit="insert", hand=2, cards=18),
            "after round 1: 3 players cannot each be dealt 18 cards with a card left to turn",
        ),
    ],
)
def test_a_change_the_rules_refuse_names_the_round_and_the_reason(
    change: HandChange, reason: str
) -> None:
    game = all_to_the_dealer(Game.start(SHORT, ["Ann", "Bob", "Cat"]))
    with pytest.raises(TableChangeError, match=reason):
        game.record_change(change)


def test_the_only_hand_left_cannot_be_skipped_before_the_first() -> None:
    game = Game.start(SHORT.with_changes(hand_sizes=(3,)), ["Ann", "Bob"])
    with pytest.raises(TableChangeError, match="the only hand left"):
        game.record_change(HandChange(after=0, edit="skip", hand=1))


def test_one_more_hand_plays_on_past_the_end_of_a_finished_game() -> None:
    game = Game.start(SHORT, ["Ann", "Bob", "Cat"], first_dealer="Ann")
    for _ in range(3):
        game = all_to_the_dealer(game)
    assert game.status is GameStatus.FINISHED
    more = game.record_change(HandChange(after=3, edit="extra", cards=1))
    assert more.status is GameStatus.IN_PROGRESS and more.schedule == (3, 2, 1, 1)
    assert more.next_round is not None and more.next_round.dealer == "Ann"
    assert all_to_the_dealer(more).status is GameStatus.FINISHED
    assert more.delete_change(0).record == game.record  # taken back: as it was


def test_a_join_after_a_hand_put_in_drops_it_when_the_deck_cannot_serve_it() -> None:
    """The deck decides, as for the planned hands: 6 players cannot be dealt 9 with a card left
    to turn."""
    rules = MORMON_BRIDGE.with_changes(name="Five", hand_sizes=(3, 2, 1))
    game = all_to_the_dealer(Game.start(rules, ["Ann", "Bob", "Cat", "Dan", "Eve"]))
    game = game.record_change(HandChange(after=1, edit="insert", hand=2, cards=9))
    assert game.schedule == (3, 9, 2, 1)
    joined = game.record_change(Join(after=1, player="Fay", left_of="Eve"))
    assert joined.schedule == (3, 2, 1)


def test_the_record_holds_the_change_and_reads_it_back() -> None:
    game = all_to_the_dealer(Game.start(GOLF, ["Ann", "Bob"]))
    game = game.record_change(HandChange(after=1, edit="insert", hand=2, cards=1))
    data = json.loads(game.record.model_dump_json())
    assert data["changes"] == [
        {"after": 1, "kind": "hand", "edit": "insert", "hand": 2, "cards": 1}
    ]
    again = Game(GameRecord.from_json(json.dumps(data)))
    assert again.schedule == game.schedule and again.record == game.record
    assert str(change_in_words(again.record.changes[0], {})) == (
        "After round 1: a hand of 1 card put in as round 2"
    )


@pytest.mark.parametrize(
    "data",
    [
        {"after": 1, "kind": "hand", "edit": "insert", "hand": 2},
        {"after": 1, "kind": "hand", "edit": "skip", "hand": 2, "cards": 3},
        {"after": 1, "kind": "hand", "edit": "extra", "hand": 2, "cards": 3},
        {"after": 1, "kind": "hand", "edit": "resize", "hand": 2, "cards": 27},
        {"after": 1, "kind": "hand", "edit": "shuffle", "hand": 2},
    ],
)
def test_a_malformed_change_of_the_hands_is_refused_at_the_edge(data: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        GameRecord.model_validate({"variant": "golf", "players": ["Ann", "Bob"], "changes": [data]})
