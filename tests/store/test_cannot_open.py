"""Damaged, cannot be opened, written by a newer scorepad: three cases, three answers.

Only a damaged file is ever replaced by a backup, and only once a copy of it is kept aside. A
file this user cannot open may hold the newest rounds: it is named with what to fix and left
alone. A file from a newer scorepad is never "recovered" into an older version of itself.
"""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

from scorepad.cli import main
from scorepad.store import (
    NewerSchemaError,
    StoreAccessError,
    StoreUnreadableError,
    TinyDBStore,
    atomic,
    recover_store,
)
from scorepad.store.errors import DamagedCopyError
from scorepad.ui.state import ScorepadApp
from tests.store.permissions import open_to_all, shared_tmp, unprivileged
from tests.store.test_store import new_golf, record_zero_round

__all__ = ["shared_tmp"]  # a fixture, used by name


@pytest.fixture(autouse=True)
def back_up_every_write(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(atomic, "BACKUP_SPACING_NS", 0)


def store_with_rounds(root: Path, rounds: int = 3) -> tuple[TinyDBStore, str]:
    store = TinyDBStore(root)
    game_id = new_golf(store)
    for _ in range(rounds):
        record_zero_round(store, game_id)
    return store, game_id


def test_a_game_this_user_cannot_open_is_named_and_never_restored(shared_tmp: Path) -> None:
    root = shared_tmp / "data"
    _, game_id = store_with_rounds(root)
    path = root / "games" / f"{game_id}.json"
    before = path.read_bytes()
    open_to_all(root)
    path.chmod(0o000)

    with unprivileged():
        store = TinyDBStore(root)
        with pytest.raises(StoreAccessError) as caught:
            store.load_game(game_id)
        listed = store.list_games()
        report = recover_store(root)

    error = caught.value
    assert not isinstance(error, StoreUnreadableError)
    assert not error.recoverable
    assert str(path) in str(error)
    assert "no permission; check its permissions" in str(error)
    assert "a copy was kept" not in str(error)
    assert [(s.id, s.status, s.recoverable) for s in listed] == [(game_id, "damaged", False)]
    assert "check its permissions" in (listed[0].problem or "")
    assert report.restored == [] and report.lost == []
    assert [type(p) for p in report.left_alone] == [StoreAccessError]
    assert report.left_alone[0].path == path
    assert path.read_bytes() == before  # the newest rounds are still there
    assert not (root / "damaged").exists()

    path.chmod(0o666)  # fixed: the game reads again, and the list shows it at once
    with unprivileged():
        store = TinyDBStore(root)
        assert len(store.load_game(game_id).record.rounds) == 3
        assert [s.status for s in store.list_games()] == ["in_progress"]


def test_a_games_folder_this_user_cannot_list_is_one_clear_message(
    shared_tmp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Not a crash (a bare PermissionError reached the CLI as "internal error" and the app's
    game list as a traceback), and nothing changed."""
    root = shared_tmp / "data"
    store_with_rounds(root, rounds=1)
    open_to_all(root)
    games = root / "games"
    games.chmod(0o000)

    with unprivileged():
        store = TinyDBStore(root)
        with pytest.raises(StoreAccessError) as caught:
            store.list_games()
        code = main(["games", "--data-dir", str(root)])
        app = ScorepadApp.open(root)
        shown = app.home.games

    assert caught.value.path == games
    assert "no permission; check its permissions" in str(caught.value)
    err = capsys.readouterr().err
    assert code == 1
    assert err.startswith(f"scorepad: {games} cannot be opened: no permission")
    assert "internal error" not in err
    assert shown == []
    assert app.message is not None and str(games) in app.message.text
    games.chmod(0o755)  # fixed: the game is listed again
    assert [s.rounds_played for s in TinyDBStore(root).list_games()] == [1]


def test_a_meta_file_this_user_cannot_open_is_named_and_never_restored(
    shared_tmp: Path,
) -> None:
    root = shared_tmp / "data"
    store, _ = store_with_rounds(root, rounds=0)
    store.add_players(["Zed"])
    meta = root / "catalogue.json"
    before = meta.read_bytes()
    open_to_all(root)
    meta.chmod(0o000)

    with unprivileged():
        with pytest.raises(StoreAccessError, match=r"catalogue\.json cannot be opened: no perm"):
            TinyDBStore(root)
        report = recover_store(root)
    assert report.restored == [] and report.started_fresh == []
    assert [p.path for p in report.left_alone] == [meta]
    assert meta.read_bytes() == before
    assert not (root / "damaged").exists()


def test_an_io_error_is_not_damage(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same for a failing disk, on any machine: reading the file fails with EIO."""
    store, game_id = store_with_rounds(tmp_path)
    path = store.game_path(game_id)
    real_open = os.open

    def failing_open(file: str | os.PathLike[str], flags: int, *args: int, **kw: int) -> int:
        if Path(file) == path and not flags & (os.O_WRONLY | os.O_RDWR):
            raise OSError(errno.EIO, os.strerror(errno.EIO), str(file))
        return real_open(file, flags, *args, **kw)

    monkeypatch.setattr(os, "open", failing_open)
    with pytest.raises(StoreAccessError, match=r"\(input/output error\); check its permissions"):
        TinyDBStore(tmp_path).load_game(game_id)
    report = recover_store(tmp_path)
    assert (report.restored, [p.path for p in report.left_alone]) == ([], [path])
    monkeypatch.undo()
    assert len(TinyDBStore(tmp_path).load_game(game_id).record.rounds) == 3


def test_a_newer_game_is_never_recovered_into_an_older_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store, game_id = store_with_rounds(tmp_path)
    path = store.game_path(game_id)
    data = json.loads(path.read_text())
    data["game"]["1"]["schema"] = 99
    data["game"]["1"]["a_field_from_the_future"] = True
    path.write_text(json.dumps(data))
    newer = path.read_bytes()

    with pytest.raises(NewerSchemaError, match="written by a newer scorepad") as caught:
        store.load_game(game_id)
    assert not isinstance(caught.value, StoreUnreadableError)
    assert "nothing was changed" in str(caught.value)
    [listed] = store.list_games()
    assert (listed.status, listed.recoverable) == ("damaged", False)

    report = recover_store(tmp_path)
    assert report.restored == [] and report.lost == []
    assert [type(p) for p in report.left_alone] == [NewerSchemaError]
    assert path.read_bytes() == newer  # never downgraded from the backups
    assert not (tmp_path / "damaged").exists()

    code = main(["recover", "--data-dir", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 1
    assert f"left as it is: {path} cannot be read: it was written by a newer scorepad" in err
    assert path.read_bytes() == newer


def test_a_newer_meta_file_is_never_recovered(tmp_path: Path) -> None:
    store_with_rounds(tmp_path, rounds=0)
    meta = tmp_path / "catalogue.json"
    data = json.loads(meta.read_text())
    data["schema"]["1"]["version"] = 99
    data["roster"] = {"1": {"a shape from the future": 1}}
    meta.write_text(json.dumps(data))
    newer = meta.read_bytes()
    with pytest.raises(NewerSchemaError):
        TinyDBStore(tmp_path)
    report = recover_store(tmp_path)
    assert (report.restored, report.started_fresh) == ([], [])
    assert [p.path for p in report.left_alone] == [meta]
    assert meta.read_bytes() == newer


def test_no_damaged_file_is_replaced_unless_a_copy_was_kept(tmp_path: Path) -> None:
    store, game_id = store_with_rounds(tmp_path)
    path = store.game_path(game_id)
    path.write_bytes(b"{ not json")
    (tmp_path / "damaged").write_text("a file where the damaged/ folder should be")

    with pytest.raises(StoreUnreadableError) as caught:
        store.load_game(game_id)
    assert caught.value.kept_copy is None
    assert "a copy was kept" not in str(caught.value)

    report = recover_store(tmp_path)
    assert report.restored == []
    assert [type(p) for p in report.left_alone] == [DamagedCopyError]
    assert "no copy of it could be kept aside" in str(report.left_alone[0])
    assert path.read_bytes() == b"{ not json"

    (tmp_path / "damaged").unlink()
    report = recover_store(tmp_path)
    assert report.restored == [path]
    [kept] = (tmp_path / "damaged").iterdir()
    assert kept.read_bytes() == b"{ not json"


def test_a_restored_meta_file_gets_back_every_player_who_has_a_game(tmp_path: Path) -> None:
    store = TinyDBStore(tmp_path)
    new_golf(store, ["Ann", "Bob"])
    new_golf(store, ["Eve", "Fay"])  # the newest backup of catalogue.json predates these two
    meta = tmp_path / "catalogue.json"
    meta.write_bytes(b"\x00")
    report = recover_store(tmp_path)
    assert report.restored == [meta]
    assert [p.name for p in TinyDBStore(tmp_path).roster()] == ["Ann", "Bob", "Eve", "Fay"]
