"""Bulk reads pause the garbage collector (see ``scorepad/store/bulk.py``) and always leave
it as they found it, also when the read fails."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorepad.engine import GameRecord
from scorepad.store import StoreUnreadableError, TinyDBStore


@pytest.fixture
def collector_restored() -> Iterator[None]:
    was_enabled = gc.isenabled()
    yield
    if was_enabled:
        gc.enable()
    else:
        gc.disable()


def test_reads_leave_the_collector_on(tmp_path: Path, collector_restored: None) -> None:
    gc.enable()
    store = TinyDBStore(tmp_path)
    store.create_game(GameRecord(variant="Golf", players=("Ann", "Bob")))
    assert len(TinyDBStore(tmp_path).game_results()) == 1
    assert gc.isenabled()


def test_a_failed_read_leaves_the_collector_on(tmp_path: Path, collector_restored: None) -> None:
    gc.enable()
    TinyDBStore(tmp_path)
    (tmp_path / "catalogue.json").write_text('{"schema": {"1": {"version": 5}}, "roster": 7}')
    with pytest.raises(StoreUnreadableError):
        TinyDBStore(tmp_path)
    assert gc.isenabled()


def test_a_collector_turned_off_by_the_caller_stays_off(
    tmp_path: Path, collector_restored: None
) -> None:
    gc.disable()
    TinyDBStore(tmp_path).game_results()
    assert not gc.isenabled()
