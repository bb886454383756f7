"""The store on a platform like Pyodide in a browser: no ``os.link`` at all (an
``AttributeError``, not an ``OSError``), and folders that may not be fsynced. Saving, the
rolling backups and the kept copy of a damaged file all work there: copies instead of links.

Simulated on CPython by taking the missing pieces away; the same store runs unchanged in
Pyodide (checked there by hand: ``os.link`` is absent, a folder opens and fsyncs).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from scorepad.store import StoreUnreadableError, TinyDBStore, atomic
from tests.store.test_store import new_golf, record_zero_round


@pytest.fixture
def no_hard_links(monkeypatch: pytest.MonkeyPatch) -> None:
    """A platform without ``os.link`` (Pyodide), with every save backed up."""
    monkeypatch.delattr(os, "link")
    monkeypatch.setattr(atomic, "BACKUP_SPACING_NS", 0)


def rounds_in(path: Path) -> int:
    return len(json.loads(path.read_text())["game"]["1"]["record"]["rounds"])


@pytest.mark.usefixtures("no_hard_links")
def test_without_hard_links_saves_keep_their_backups_as_copies(tmp_path: Path) -> None:
    store = TinyDBStore(tmp_path)
    game_id = new_golf(store)
    for _ in range(4):
        record_zero_round(store, game_id)
    path = store.game_path(game_id)
    backups = sorted((tmp_path / "backups" / "games").glob(f"{game_id}.json.*"))
    assert [rounds_in(backup) for backup in backups] == [3, 2, 1]
    assert rounds_in(path) == 4
    assert all(backup.stat().st_ino != path.stat().st_ino for backup in backups)


@pytest.mark.usefixtures("no_hard_links")
def test_without_hard_links_a_damaged_game_is_kept_as_a_copy(tmp_path: Path) -> None:
    store = TinyDBStore(tmp_path)
    game_id = new_golf(store)
    record_zero_round(store, game_id)
    record_zero_round(store, game_id)
    path = store.game_path(game_id)
    path.write_bytes(b"\x00half a game")

    with pytest.raises(StoreUnreadableError) as caught:
        store.load_game(game_id)

    assert caught.value.kept_copy is not None
    assert caught.value.kept_copy.read_bytes() == b"\x00half a game"
    assert caught.value.backup is not None


def test_a_store_saves_where_a_folder_cannot_be_opened(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A platform that refuses to open a folder: the rename is still made (and is as durable
    as that platform allows)."""
    real_open = os.open
    refused: list[str] = []

    def open_no_folders(path: str | os.PathLike[str], flags: int, *args: int) -> int:
        if os.path.isdir(path):
            refused.append(os.fspath(path))
            raise PermissionError(13, "folders cannot be opened here", str(path))
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", open_no_folders)
    store = TinyDBStore(tmp_path)
    game_id = new_golf(store)
    record_zero_round(store, game_id)

    assert os.fspath(store.game_path(game_id).parent) in refused
    assert rounds_in(TinyDBStore(tmp_path).game_path(game_id)) == 1


def test_a_store_saves_where_a_folder_cannot_be_fsynced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_open, real_fsync = os.open, os.fsync
    folders: set[int] = set()
    refused: list[int] = []

    def open_noting_folders(path: str | os.PathLike[str], flags: int, *args: int) -> int:
        fd = real_open(path, flags, *args)
        if os.path.isdir(path):
            folders.add(fd)
        return fd

    def fsync_no_folders(fd: int) -> None:
        if fd in folders:
            refused.append(fd)
            raise OSError(22, "folders cannot be fsynced here")
        real_fsync(fd)

    monkeypatch.setattr(os, "open", open_noting_folders)
    monkeypatch.setattr(os, "fsync", fsync_no_folders)
    store = TinyDBStore(tmp_path)
    game_id = new_golf(store)
    record_zero_round(store, game_id)

    assert refused
    assert rounds_in(TinyDBStore(tmp_path).game_path(game_id)) == 1
