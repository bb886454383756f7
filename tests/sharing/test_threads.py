"""The table under many sessions at once: Flet calls each session from its own thread."""

from __future__ import annotations

import threading
from collections.abc import Callable

from scorepad.sharing import (
    AccessChanged,
    Role,
    SeatsChanged,
    SeatTakenError,
    SharedTable,
    TableEvent,
    TooManyTriesError,
    WrongPinError,
)

THREADS = 40


def run_together(work: Callable[[int], None], count: int = THREADS) -> None:
    """Run ``work(0..count-1)`` in threads released at once; re-raise the first failure."""
    start = threading.Barrier(count)
    failures: list[BaseException] = []

    def run(n: int) -> None:
        start.wait()
        try:
            work(n)
        except BaseException as failure:  # reported below, in the test's thread
            failures.append(failure)

    threads = [threading.Thread(target=run, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert not any(thread.is_alive() for thread in threads), "a thread is stuck"
    if failures:
        raise failures[0]


def test_guesses_at_once_get_no_more_than_the_global_limit() -> None:
    table = SharedTable("0420", "token")
    outcomes: list[str] = []
    lock = threading.Lock()

    def guess(n: int) -> None:
        try:
            table.enter_pin(f"session-{n}", "9999")
        except (WrongPinError, TooManyTriesError) as refused:
            with lock:
                outcomes.append(type(refused).__name__)

    run_together(guess)
    assert outcomes.count("WrongPinError") == 10
    assert outcomes.count("TooManyTriesError") == THREADS - 10


def test_one_seat_claimed_at_once_by_many_phones_has_one_holder() -> None:
    table = SharedTable("0420", "token")
    winners: list[str] = []

    def claim(n: int) -> None:
        try:
            table.claim_seat(f"phone-{n}", "g1", "Ann")
        except SeatTakenError:
            return
        winners.append(f"phone-{n}")

    run_together(claim)
    assert len(winners) == 1
    assert table.seats("g1") == {"Ann": winners[0]}


def test_a_listener_may_use_the_table_while_it_is_told() -> None:
    """Announcing outside the lock: a listener that reads the table must not deadlock it."""
    table = SharedTable("0420", "token")
    table.open_with_token("laptop", "token")
    seen: list[tuple[TableEvent, Role, str | None]] = []
    table.subscribe(lambda event: seen.append((event, table.role_of("laptop"), table.pin)))
    done = threading.Event()

    def change() -> None:
        table.change_pin("laptop")
        done.set()

    threading.Thread(target=change, daemon=True).start()
    assert done.wait(timeout=10), "change_pin deadlocked with its listener"
    assert seen == [(AccessChanged(), Role.SCOREKEEPER, table.pin)]


def test_subscribing_and_announcing_at_once_loses_no_steady_listener() -> None:
    table = SharedTable("0420", "token")
    heard: list[TableEvent] = []
    lock = threading.Lock()

    def steady(event: TableEvent) -> None:
        with lock:
            heard.append(event)

    table.subscribe(steady)

    def churn(n: int) -> None:
        if n % 2:
            table.announce(SeatsChanged(f"g{n}"))
        else:
            table.subscribe(lambda _event: None)()

    run_together(churn)
    assert sorted(event.game_id for event in heard if isinstance(event, SeatsChanged)) == sorted(
        f"g{n}" for n in range(1, THREADS, 2)
    )
