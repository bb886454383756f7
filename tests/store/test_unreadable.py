"""A file that cannot be read is never overwritten: the store says what and where, keeps a copy,
and can start again from the last good backup."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from scorepad.engine import GameRecord
from scorepad.store import (
    NewerSchemaError,
    StoreUnreadableError,
    TinyDBStore,
    atomic,
    recover_store,
    schema,
)
from tests.store.test_store import new_golf, record_zero_round


@pytest.fixture(autouse=True)
def back_up_every_write(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests write faster than backups are spaced in real use; keep every version."""
    monkeypatch.setattr(atomic, "BACKUP_SPACING_NS", 0)


DAMAGES: dict[str, Callable[[bytes], bytes]] = {
    "corrupt": lambda raw: raw[: len(raw) // 2] + b"\x00garbage",
    "truncated": lambda raw: raw[: len(raw) // 3],
    "empty": lambda _: b"",
    "not JSON text": lambda _: b"\xff\xfe\x00\x01",
    "wrong shape": lambda _: b"[1, 2, 3]",
}


@pytest.mark.parametrize("damage", list(DAMAGES))
def test_a_damaged_game_is_reported_with_its_path_and_never_overwritten(
    tmp_path: Path, damage: str
) -> None:
    store = TinyDBStore(tmp_path)
    game_id = new_golf(store)
    for _ in range(3):
        record_zero_round(store, game_id)
    path = store.game_path(game_id)
    path.write_bytes(DAMAGES[damage](path.read_bytes()))
    bad = path.read_bytes()

    with pytest.raises(StoreUnreadableError) as caught:
        store.load_game(game_id)
    error = caught.value
    assert error.path == path
    assert str(path) in str(error)
    assert error.kept_copy is not None
    assert error.kept_copy.read_bytes() == bad
    assert error.backup is not None
    with pytest.raises(StoreUnreadableError):
        record_zero_round(store, game_id)
    assert path.read_bytes() == bad  # never overwritten

    listed = store.list_games()
    assert [(s.id, s.status) for s in listed] == [(game_id, "damaged")]
    assert str(path) in (listed[0].problem or "")

    report = recover_store(tmp_path)
    assert report.restored == [path]
    recovered = store.load_game(game_id)
    assert len(recovered.record.rounds) == 2  # the last good version before the damage
    assert store.list_games()[0].status == "in_progress"


def test_a_damaged_game_without_backups_stays_as_it_is(tmp_path: Path) -> None:
    store = TinyDBStore(tmp_path)
    game_id = new_golf(store)
    path = store.game_path(game_id)
    path.write_bytes(b"{")
    with pytest.raises(StoreUnreadableError, match="no good backup"):
        store.load_game(game_id)
    report = recover_store(tmp_path)
    assert report.lost == [path]
    assert path.read_bytes() == b"{"


def test_a_damaged_meta_file_stops_the_store_opening_until_recovered(tmp_path: Path) -> None:
    store = TinyDBStore(tmp_path)
    game_id = new_golf(store)
    store.add_players(["Zed"])
    meta = tmp_path / "catalogue.json"
    meta.write_bytes(meta.read_bytes()[:10])
    with pytest.raises(
        StoreUnreadableError, match=r"catalogue\.json cannot be read: not valid JSON"
    ):
        TinyDBStore(tmp_path)
    report = recover_store(tmp_path)
    assert report.restored == [meta]
    reopened = TinyDBStore(tmp_path)
    assert "Zed" not in [p.name for p in reopened.roster()]  # the backup is one write behind
    assert "Ann" in [p.name for p in reopened.roster()]
    assert list(reopened.load_game(game_id).record.players) == ["Ann", "Bob", "Cat", "Dan"]


def test_a_meta_file_with_no_backup_starts_fresh_with_the_roster_rebuilt(tmp_path: Path) -> None:
    store = TinyDBStore(tmp_path)
    new_golf(store)
    for backup in (tmp_path / "backups").glob("catalogue.json.*"):
        backup.unlink()
    (tmp_path / "catalogue.json").write_text("")
    report = recover_store(tmp_path)
    assert report.started_fresh == [tmp_path / "catalogue.json"]
    assert [p.name for p in TinyDBStore(tmp_path).roster()] == ["Ann", "Bob", "Cat", "Dan"]
    assert any((tmp_path / "damaged").iterdir())


def test_data_from_a_newer_scorepad_is_refused_untouched(tmp_path: Path) -> None:
    store = TinyDBStore(tmp_path)
    game_id = new_golf(store)
    meta = tmp_path / "catalogue.json"
    data = json.loads(meta.read_text())
    data["schema"]["1"]["version"] = 99
    meta.write_text(json.dumps(data))
    before = meta.read_bytes()
    with pytest.raises(NewerSchemaError, match="written by a newer scorepad \\(schema 99"):
        TinyDBStore(tmp_path)
    assert meta.read_bytes() == before

    game_file = store.game_path(game_id)
    data = json.loads(game_file.read_text())
    data["game"]["1"]["schema"] = schema.SCHEMA_VERSION + 1
    game_file.write_text(json.dumps(data))
    with pytest.raises(NewerSchemaError):
        store.load_game(game_id)


def test_a_game_file_that_breaks_the_rules_is_damaged_not_misread(tmp_path: Path) -> None:
    store = TinyDBStore(tmp_path)
    game_id = store.create_game(GameRecord(variant="golf", players=["A", "B"])).id
    path = store.game_path(game_id)
    data = json.loads(path.read_text())
    data["game"]["1"]["record"]["players"] = ["A"]
    path.write_text(json.dumps(data))
    with pytest.raises(StoreUnreadableError, match="Golf needs 2 to 8 players, not 1"):
        store.load_game(game_id)
