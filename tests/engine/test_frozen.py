"""Frozen means frozen: no value the engine hands out can be changed in place."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from scorepad.engine import FrozenDict, Game, GameRecord, RoundDraft, RoundRecord

RECORD = {
    "variant": "golf",
    "players": ["Ann", "Bob"],
    "first_dealer": "Bob",
    "rounds": [
        {"turned": "clubs", "bids": {"Ann": 0, "Bob": 0}, "tricks": {"Ann": 1, "Bob": 0}},
    ],
}


def game() -> Game:
    return Game.from_data(RECORD)


def set_item(target: Any) -> None:
    target["Ann"] = 999


def append(target: Any) -> None:
    target.append("Zed")


def clear(target: Any) -> None:
    target.clear()


MUTATIONS: dict[str, tuple[Callable[[], Any], Callable[[Any], None]]] = {
    "ScoreSheet.totals": (lambda: game().sheet.totals, set_item),
    "ScoreSheet.sets": (lambda: game().sheet.sets, set_item),
    "RoundResult.bids": (lambda: game().results[0].bids, set_item),
    "RoundResult.tricks": (lambda: game().results[0].tricks, set_item),
    "RoundResult.made": (lambda: game().results[0].made, clear),
    "RoundResult.points": (lambda: game().results[0].points, set_item),
    "RoundResult.totals": (lambda: game().results[0].totals, set_item),
    "RoundRecord.bids": (lambda: game().record.rounds[0].bids, set_item),
    "RoundRecord.tricks": (lambda: game().record.rounds[0].tricks, clear),
    "GameRecord.players": (lambda: game().record.players, append),
    "GameRecord.rounds": (lambda: game().record.rounds, append),
    "RoundDraft.bids": (lambda: RoundDraft(bids={"Ann": 1}).bids, set_item),
    "RoundDraft.tricks": (lambda: RoundDraft(tricks={"Ann": 1}).tricks, set_item),
    "BiddingState.bids": (lambda: game().bidding({"Bob": 0}).bids, set_item),
    "TricksState.tricks": (lambda: game().tricks({"Bob": 0}).tricks, set_item),
    "RoundEntryState.bids": (lambda: game().entry(2, RoundDraft()).bids, set_item),
    "RoundEntryState.tricks": (lambda: game().entry(1, game().correction_of(1)).tricks, set_item),
}


@pytest.mark.parametrize("where", sorted(MUTATIONS))
def test_a_container_in_a_frozen_value_cannot_be_changed(where: str) -> None:
    get, mutate = MUTATIONS[where]
    target = get()
    before = repr(target)
    with pytest.raises((TypeError, AttributeError)):
        mutate(target)
    assert repr(target) == before


def test_the_cached_sheet_cannot_be_broken_through_its_totals() -> None:
    played = game()
    with pytest.raises(TypeError):
        played.sheet.totals["Ann"] = 999  # type: ignore[index]
    assert played.sheet.totals == {"Ann": 0, "Bob": 10}


def test_frozen_values_still_read_compare_and_print_as_dicts_and_lists() -> None:
    played = game()
    assert played.sheet.totals == {"Ann": 0, "Bob": 10}
    assert dict(played.sheet.totals) == {"Ann": 0, "Bob": 10}  # and as a plain dict
    assert repr(played.sheet.totals) == "{'Ann': 0, 'Bob': 10}"
    assert list(played.record.players) == ["Ann", "Bob"]
    assert hash(played.record) == hash(Game.from_data(RECORD).record)


def test_the_json_of_a_record_and_a_sheet_is_unchanged() -> None:
    played = game()
    assert played.record.to_data() == {**RECORD, "abandoned": False}
    assert json.loads(GameRecord.from_data(RECORD).model_dump_json()) == {
        **RECORD,
        "stake_cents": None,
        "changes": [],
        "abandoned": False,
    }
    sheet = json.loads(played.sheet.model_dump_json())
    assert sheet["totals"] == {"Ann": 0, "Bob": 10}
    assert sheet["rounds"][0]["made"] == {"Ann": False, "Bob": True}
    assert sheet["players"] == ["Ann", "Bob"]


def test_a_record_still_takes_lists_and_dicts_and_refuses_what_it_refused() -> None:
    record = RoundRecord.model_validate({"bids": {"Ann": 1}, "tricks": {}})
    assert isinstance(record.bids, FrozenDict)
    with pytest.raises(ValueError, match="valid integer"):
        RoundRecord.model_validate({"bids": {"Ann": True}, "tricks": {}})


def test_a_frozen_dict_builds_changed_copies_without_touching_itself() -> None:
    bids = FrozenDict({"Ann": 1, "Bob": 2})
    assert bids | {"Cat": 0} == {"Ann": 1, "Bob": 2, "Cat": 0}
    assert bids.without("Ann") == {"Bob": 2}
    assert bids.without("Zed") is bids
    assert bids == {"Ann": 1, "Bob": 2}


def test_equal_drafts_hash_alike_whatever_order_their_entries_came_in() -> None:
    """Equality ignores order, so hashing must too: a set kept both of two equal drafts."""
    first = RoundDraft(bids={"Ann": 1, "Bob": 0})
    second = RoundDraft(bids={"Bob": 0, "Ann": 1})
    assert first == second
    assert hash(first) == hash(second)
    assert len({first, second}) == 1
