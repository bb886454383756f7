"""The shared table keeps itself across a restart (issue 21): every change is handed to the
keeper before it returns, a restored table is the same table, and a change that cannot be kept
is undone and refused."""

from __future__ import annotations

import errno

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from scorepad.sharing import Role, SharedTable
from scorepad.sharing.errors import TableNotKeptError
from scorepad.sharing.kept_state import MAX_DEVICES, KeptTable
from scorepad.sharing.table import GAMES_WITH_SEATS_KEPT

PIN = "0420"
TOKEN = "the-scorekeepers-token"


class Keeper:
    """Keeps every state handed to it; ``failing`` makes the next writes fail like a full disk."""

    def __init__(self) -> None:
        self.kept: list[KeptTable] = []
        self.failing = False

    def __call__(self, kept: KeptTable) -> None:
        if self.failing:
            raise OSError(errno.ENOSPC, "No space left on device")
        self.kept.append(KeptTable.model_validate_json(kept.model_dump_json()))

    @property
    def last(self) -> KeptTable:
        return self.kept[-1]


def an_evening(keeper: Keeper) -> SharedTable:
    table = SharedTable(PIN, TOKEN, keep=keeper)
    table.open_with_token("laptop", TOKEN)
    table.enter_pin("dan-phone", PIN)
    table.share_game("laptop", "g1")
    table.set_reveal_on_last_bid("laptop", True)
    table.claim_seat("ann-phone", "g1", "Ann")
    table.claim_seat("bob-phone", "g1", "Bob")
    table.hide_bid("ann-phone", "g1", 3, "Ann", 2)
    table.hide_bid("bob-phone", "g1", 3, "Bob", 0)
    return table


def test_a_restored_table_is_the_same_table() -> None:
    keeper = Keeper()
    an_evening(keeper)
    again = SharedTable.restored(keeper.last)
    assert (again.pin, again.token) == (PIN, TOKEN)
    assert again.role_of("laptop") is Role.SCOREKEEPER
    assert again.role_of("dan-phone") is Role.EDITOR
    assert again.role_of("ann-phone") is Role.VIEWER
    assert again.shared_game == "g1" and again.reveal_on_last_bid
    assert again.seat_of("ann-phone", "g1") == "Ann" and again.seat_of("bob-phone", "g1") == "Bob"
    assert again.hidden_bidders("g1", 3) == {"Ann", "Bob"}
    assert again.hidden_bids("g1", 3) == {"Ann": 2, "Bob": 0}


def test_every_change_is_kept_before_it_returns() -> None:
    keeper = Keeper()
    table = an_evening(keeper)
    writes = len(keeper.kept)
    table.release_seat("laptop", "g1", "Bob")
    assert keeper.last.seats == {"g1": {"Ann": "ann-phone"}}
    table.forget_hidden_bids("g1", 3)
    assert keeper.last.hidden == []
    table.change_pin("laptop")
    assert keeper.last.pin == table.pin and keeper.last.editors == frozenset()
    assert len(keeper.kept) == writes + 3


def test_what_changes_nothing_writes_nothing() -> None:
    keeper = Keeper()
    table = an_evening(keeper)
    writes = len(keeper.kept)
    table.open_with_token("laptop", TOKEN)  # the scorekeeper reloading
    table.claim_seat("ann-phone", "g1", "Ann")  # the same seat again
    table.share_game("laptop", "g1")
    table.role_of("bob-phone")
    assert len(keeper.kept) == writes


def test_a_change_that_cannot_be_kept_is_undone_and_refused() -> None:
    keeper = Keeper()
    table = an_evening(keeper)
    keeper.failing = True
    with pytest.raises(TableNotKeptError, match=r"could not keep your bid.*No space left"):
        table.hide_bid("ann-phone", "g1", 3, "Ann", 3)
    assert table.hidden_bids("g1", 3) == {"Ann": 2, "Bob": 0}, "the bid kept is the one shown"
    with pytest.raises(TableNotKeptError, match="claim the seat"):
        table.claim_seat("cat-phone", "g1", "Cat")
    assert table.seat_of("cat-phone", "g1") is None
    old_pin = table.pin
    with pytest.raises(TableNotKeptError):
        table.change_pin("laptop")
    assert table.pin == old_pin and table.role_of("dan-phone") is Role.EDITOR
    with pytest.raises(TableNotKeptError):
        table.open_with_token("new-laptop", TOKEN)
    assert table.role_of("new-laptop") is Role.VIEWER
    keeper.failing = False
    table.claim_seat("cat-phone", "g1", "Cat")
    assert keeper.last.seats["g1"]["Cat"] == "cat-phone"


def test_a_table_too_big_to_keep_refuses_the_change_that_would_overflow_it() -> None:
    keeper = Keeper()
    table = SharedTable(PIN, TOKEN, keep=keeper)
    for n in range(MAX_DEVICES):
        table.open_with_token(f"tab-{n}", TOKEN)
    with pytest.raises(TableNotKeptError, match="too much to keep"):
        table.open_with_token("one-too-many", TOKEN)
    assert len(keeper.last.scorekeepers) == MAX_DEVICES


def test_the_kept_state_is_checked_as_input() -> None:
    good = KeptTable(pin=PIN, token=TOKEN)
    for bad in (
        {"pin": "04a0"},
        {"token": "has spaces in it"},
        {"scorekeepers": ["ok", "not/ok"]},
        {"seats": {"g1": {"Ann": "bad key!"}}},
        {"hidden": [{"game_id": "g1", "round_number": 0, "bids": {}}]},
        {"hidden": [{"game_id": "g1", "round_number": 1, "bids": {"Ann": -1}}]},
        {"surprise": 1},
    ):
        with pytest.raises(ValidationError, match="1 validation error for KeptTable"):
            KeptTable.model_validate(good.model_dump() | bad)


@given(
    seats=st.dictionaries(st.sampled_from(["Ann", "Bob", "Cat", "Dan"]), st.integers(0, 5)),
    bids=st.dictionaries(st.sampled_from(["Ann", "Bob", "Cat", "Dan"]), st.integers(0, 13)),
)
def test_any_table_comes_back_as_it_was_kept(seats: dict[str, int], bids: dict[str, int]) -> None:
    keeper = Keeper()
    table = SharedTable(PIN, TOKEN, keep=keeper)
    table.open_with_token("laptop", TOKEN)
    for player, phone in seats.items():
        table.claim_seat(f"phone-{phone}", "g1", player)
    for player, bid in bids.items():
        table.hide_bid("laptop", "g1", 2, player, bid)
    again = SharedTable.restored(keeper.last)
    assert again.kept() == table.kept()
    assert again.seats("g1") == table.seats("g1")
    assert again.hidden_bids("g1", 2) == bids


def test_a_table_kept_for_months_lets_the_oldest_games_seats_go() -> None:
    keeper = Keeper()
    table = SharedTable(PIN, TOKEN, keep=keeper)
    for evening in range(GAMES_WITH_SEATS_KEPT + 5):
        table.claim_seat("ann-phone", f"game-{evening}", "Ann")
        table.hide_bid("ann-phone", f"game-{evening}", 1, "Ann", 1)
    table.claim_seat("bob-phone", "game-5", "Bob")  # an old game played again: kept longer
    table.claim_seat("ann-phone", "tonight", "Ann")  # a claim always works
    kept_games = set(keeper.last.seats)
    assert len(kept_games) == GAMES_WITH_SEATS_KEPT
    assert {"tonight", "game-5", f"game-{GAMES_WITH_SEATS_KEPT + 4}"} <= kept_games
    assert "game-0" not in kept_games and "game-6" not in kept_games
    assert len(keeper.last.hidden) == GAMES_WITH_SEATS_KEPT
