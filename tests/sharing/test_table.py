"""The shared table's rules of access, seats and hidden bids (issue 11)."""

from __future__ import annotations

import logging

import pytest

from scorepad.sharing import (
    AccessChanged,
    DeviceNotKnownError,
    NotSharedError,
    NotYourSeatError,
    PinFormatError,
    Role,
    ScorekeeperOnlyError,
    SeatTakenError,
    SharedTable,
    TableEvent,
    TooManyTriesError,
    ViewerCannotEditError,
    WrongPinError,
)

PIN = "0420"
TOKEN = "the-scorekeepers-token"


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def table(clock: FakeClock) -> SharedTable:
    table = SharedTable(PIN, TOKEN, clock=clock)
    assert table.open_with_token("laptop", TOKEN) is Role.SCOREKEEPER
    return table


def test_an_open_table_makes_every_device_the_scorekeeper() -> None:
    table = SharedTable.open_table()
    assert not table.sharing
    assert table.pin is None
    assert table.role_of(None) is Role.SCOREKEEPER
    assert table.role_of("any-phone") is Role.SCOREKEEPER
    with pytest.raises(NotSharedError, match="not shared"):
        table.enter_pin("any-phone", PIN)
    with pytest.raises(NotSharedError, match="not shared"):
        table.change_pin("any-phone")


def test_unknown_and_unidentified_devices_view_when_sharing(table: SharedTable) -> None:
    assert table.role_of(None) is Role.VIEWER
    assert table.role_of("phone") is Role.VIEWER


def test_a_wrong_or_missing_token_changes_nothing(table: SharedTable) -> None:
    assert table.open_with_token("phone", "guess") is Role.VIEWER
    assert table.open_with_token("phone", None) is Role.VIEWER
    assert table.open_with_token(None, TOKEN) is Role.VIEWER
    assert table.role_of("phone") is Role.VIEWER


def test_the_pin_with_spaces_around_makes_an_editor(table: SharedTable) -> None:
    table.enter_pin("phone", f"  {PIN}\t")
    assert table.role_of("phone") is Role.EDITOR


@pytest.mark.parametrize("typed", ["", "04a0", "042", "04200", "٠٤٢٠", "04 20", "0420\n1"])
def test_anything_but_the_pins_digits_is_a_format_error(table: SharedTable, typed: str) -> None:
    with pytest.raises(PinFormatError) as caught:
        table.enter_pin("phone", typed)
    assert caught.value.typed == typed
    assert "\n" not in str(caught.value)
    assert table.role_of("phone") is Role.VIEWER


def test_a_wrong_pin_is_refused_and_logged_without_the_pin(
    table: SharedTable, caplog: pytest.LogCaptureFixture
) -> None:
    with pytest.raises(WrongPinError):
        table.enter_pin("phone-key-123", "1234")
    assert table.role_of("phone-key-123") is Role.VIEWER
    assert "wrong PIN" in caplog.text
    assert "1234" not in caplog.text and PIN not in caplog.text
    assert "phone-key-123" not in caplog.text  # only a hint of the device key


def test_five_wrong_tries_a_minute_then_even_the_right_pin_waits(
    table: SharedTable, clock: FakeClock
) -> None:
    for _ in range(5):
        with pytest.raises(WrongPinError):
            table.enter_pin("phone", "1111")
        clock.now += 1
    with pytest.raises(TooManyTriesError, match="wait 55 seconds") as caught:
        table.enter_pin("phone", PIN)
    assert caught.value.wait_seconds == 55
    assert table.role_of("phone") is Role.VIEWER
    clock.now += 55
    table.enter_pin("phone", PIN)
    assert table.role_of("phone") is Role.EDITOR


def test_a_phone_held_by_the_limit_is_logged_once_without_the_pin(
    table: SharedTable, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    for _ in range(5):
        with pytest.raises(WrongPinError):
            table.enter_pin("phone-abcdef", "1111")
    for _ in range(20):  # a guesser hammering on during the hold adds nothing to the log
        with pytest.raises(TooManyTriesError):
            table.enter_pin("phone-abcdef", "1111")
    held = [r.getMessage() for r in caplog.records if "refused for a while" in r.getMessage()]
    assert len(held) == 1
    assert "5 wrong PINs" in held[0]
    assert PIN not in caplog.text and "1111" not in caplog.text


def test_guesses_spread_over_many_sessions_hit_the_global_limit(
    table: SharedTable, clock: FakeClock
) -> None:
    for n in range(10):
        with pytest.raises(WrongPinError):
            table.enter_pin(f"session-{n}", "1111")
    with pytest.raises(TooManyTriesError, match="at this table: wait 60 seconds"):
        table.enter_pin("fresh-session", PIN)
    clock.now += 60
    table.enter_pin("fresh-session", PIN)
    assert table.role_of("fresh-session") is Role.EDITOR


def test_changing_the_pin_logs_the_editors_out_and_announces_it(table: SharedTable) -> None:
    heard: list[TableEvent] = []
    table.subscribe(heard.append)
    table.enter_pin("phone", PIN)
    new = table.change_pin("laptop")
    assert new != PIN and table.pin == new
    assert table.role_of("phone") is Role.VIEWER
    assert table.role_of("laptop") is Role.SCOREKEEPER
    assert heard == [AccessChanged()]
    with pytest.raises(WrongPinError):
        table.enter_pin("phone", PIN)
    table.enter_pin("phone", new)
    assert table.role_of("phone") is Role.EDITOR


def test_change_pin_never_returns_the_same_pin(clock: FakeClock) -> None:
    pins = iter([PIN, PIN, "9999"])
    table = SharedTable(PIN, TOKEN, clock=clock, new_pin=lambda: next(pins))
    table.open_with_token("laptop", TOKEN)
    assert table.change_pin("laptop") == "9999"


def test_only_the_scorekeeper_changes_the_pin(table: SharedTable) -> None:
    table.enter_pin("editor", PIN)
    for device in ("editor", "viewer", None):
        with pytest.raises(ScorekeeperOnlyError, match="only the scorekeeper can change the PIN"):
            table.change_pin(device)
    assert table.pin == PIN


def test_viewers_cannot_share_a_game_release_a_seat_or_set_the_reveal(table: SharedTable) -> None:
    with pytest.raises(ViewerCannotEditError, match="enter the PIN to"):
        table.share_game("viewer", "g1")
    with pytest.raises(ViewerCannotEditError):
        table.set_reveal_on_last_bid("viewer", True)
    table.claim_seat("ann-phone", "g1", "Ann")
    with pytest.raises(ViewerCannotEditError):
        table.release_seat("viewer", "g1", "Ann")
    assert table.shared_game is None
    assert not table.reveal_on_last_bid
    assert table.seats("g1") == {"Ann": "ann-phone"}
    table.share_game("laptop", "g1")
    table.set_reveal_on_last_bid("laptop", True)
    table.release_seat("laptop", "g1", "Ann")
    assert table.shared_game == "g1"
    assert table.reveal_on_last_bid
    assert table.seats("g1") == {}


def test_a_seat_held_by_another_phone_is_taken(table: SharedTable) -> None:
    table.claim_seat("ann-phone", "g1", "Ann")
    with pytest.raises(SeatTakenError, match="'Ann' is already taken"):
        table.claim_seat("other-phone", "g1", "Ann")
    assert table.seat_of("ann-phone", "g1") == "Ann"
    table.claim_seat("ann-phone", "g1", "Ann")  # a reconnecting phone keeps its seat
    table.claim_seat("other-phone", "g2", "Ann")  # another game, another seat
    assert table.seats("g2") == {"Ann": "other-phone"}


def test_a_released_seat_is_logged_with_who_freed_it(
    table: SharedTable, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    table.open_with_token("laptop", TOKEN)
    table.claim_seat("ann-phone", "g1", "Ann")
    table.release_seat("laptop", "g1", "Ann")
    table.release_seat("laptop", "g1", "Bob")  # nobody sat there: nothing happened to log
    released = [r.getMessage() for r in caplog.records if "released" in r.getMessage()]
    assert released == ["device lapt… released the seat of 'Ann' in g1 (held by ann-…)"]


def test_claiming_another_seat_moves_the_phone(table: SharedTable) -> None:
    table.claim_seat("phone", "g1", "Ann")
    table.claim_seat("phone", "g1", "Bob")
    assert table.seats("g1") == {"Bob": "phone"}
    assert table.seat_of("phone", "g1") == "Bob"


def test_hidden_bids_come_from_the_seat_or_an_editor(table: SharedTable) -> None:
    table.claim_seat("ann-phone", "g1", "Ann")
    table.hide_bid("ann-phone", "g1", 1, "Ann", 2)
    with pytest.raises(NotYourSeatError, match="'Bob'"):
        table.hide_bid("ann-phone", "g1", 1, "Bob", 0)
    with pytest.raises(NotYourSeatError):
        table.hide_bid(None, "g1", 1, "Ann", 0)
    table.hide_bid("laptop", "g1", 1, "Cy", 1)  # for a player without a phone
    assert table.hidden_bidders("g1", 1) == {"Ann", "Cy"}
    assert table.hidden_bids("g1", 1) == {"Ann": 2, "Cy": 1}
    assert table.hidden_bidders("g1", 1) == {"Ann", "Cy"}, "reading the bids keeps them"
    table.forget_hidden_bids("g1", 1)
    assert table.hidden_bidders("g1", 1) == frozenset()
    assert table.hidden_bids("g1", 1) == {}


def test_a_failing_listener_is_logged_and_the_others_still_hear(
    table: SharedTable, caplog: pytest.LogCaptureFixture
) -> None:
    heard: list[TableEvent] = []

    def broken(event: TableEvent) -> None:
        raise RuntimeError("session gone")

    table.subscribe(broken)
    unsubscribe = table.subscribe(heard.append)
    table.announce(AccessChanged())
    assert heard == [AccessChanged()]
    assert "session gone" in caplog.text
    unsubscribe()
    unsubscribe()
    table.announce(AccessChanged())
    assert heard == [AccessChanged()]


def test_something_other_than_text_for_a_pin_is_a_format_error(table: SharedTable) -> None:
    for crafted in (None, 420, ["0420"]):
        with pytest.raises(PinFormatError, match="the PIN is 4 digits"):
            table.enter_pin("phone", crafted)  # type: ignore[arg-type]
    assert table.role_of("phone") is Role.VIEWER


def test_the_scorekeeper_stays_the_scorekeeper(table: SharedTable) -> None:
    table.enter_pin("laptop", PIN)
    assert table.role_of("laptop") is Role.SCOREKEEPER
    table.change_pin("laptop")
    assert table.role_of("laptop") is Role.SCOREKEEPER


def test_an_unidentified_session_cannot_enter_the_pin_or_claim_a_seat(table: SharedTable) -> None:
    with pytest.raises(DeviceNotKnownError, match="not recognised yet"):
        table.enter_pin(None, PIN)
    with pytest.raises(DeviceNotKnownError):
        table.claim_seat(None, "g1", "Ann")
    assert table.seat_of(None, "g1") is None
    assert table.seats("g1") == {}


def test_a_pin_holder_may_bid_for_any_player(table: SharedTable) -> None:
    table.claim_seat("ann-phone", "g1", "Ann")
    table.enter_pin("bob-phone", PIN)
    table.hide_bid("bob-phone", "g1", 2, "Ann", 1)
    table.hide_bid("bob-phone", "g1", 2, "Bob", 0)
    table.hide_bid("ann-phone", "g1", 2, "Ann", 3)  # a second bid replaces the first
    assert table.hidden_bids("g1", 2) == {"Ann": 3, "Bob": 0}


def test_a_table_needs_both_a_pin_and_a_token_and_a_pin_of_digits() -> None:
    with pytest.raises(ValueError, match="both a PIN and a token"):
        SharedTable("0420", None)
    with pytest.raises(ValueError, match="digits"):
        SharedTable("04a0", TOKEN)
