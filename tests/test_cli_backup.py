"""``scorepad backup FILE`` / ``scorepad restore FILE [--merge]``, and importing a record
that is already stored."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from scorepad.cli import main
from scorepad.store import TinyDBStore
from tests.test_cli_score import ISSUE_EXAMPLE, write

OTHER = {"variant": "golf", "players": ["Eve", "Fay"]}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def listed(capsys: pytest.CaptureFixture[str], data: Path) -> object:
    code, out, _ = run(capsys, "games", "--json", "--data-dir", str(data))
    assert code == 0
    return json.loads(out)["games"]


def filled(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A store with two games, a renamed player and a house rule."""
    data = tmp_path / "source"
    records = [write(tmp_path, ISSUE_EXAMPLE, "a.json"), write(tmp_path, OTHER, "b.json")]
    assert run(capsys, "import", *map(str, records), "--data-dir", str(data))[0] == 0
    store = TinyDBStore(data)
    store.rename_player("Eve", "Evelyn")
    store.save_variant(
        store.load_game(store.list_games()[0].id).game.variant.with_changes(name="House Golf")
    )
    return data


def test_backup_then_restore_into_an_empty_store_gives_the_same_store(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = filled(tmp_path, capsys)
    file = tmp_path / "store.backup.json"
    code, out, err = run(capsys, "backup", str(file), "--data-dir", str(source))
    assert (code, err) == (0, "")
    assert out == f"backed up 2 games, 6 players and 1 house rule to {file}\n"
    target = tmp_path / "target"
    code, out, err = run(capsys, "restore", str(file), "--data-dir", str(target))
    assert (code, err) == (0, "")
    assert out == f"restored 2 games, 6 players, 1 house rule and the settings from {file}\n"
    assert listed(capsys, target) == listed(capsys, source)
    again, before = TinyDBStore(target), TinyDBStore(source)
    assert again.roster() == before.roster()
    assert again.saved_variants() == before.saved_variants()
    assert again.current_names()["eve"] == "Evelyn"


def test_restore_refuses_a_store_that_is_not_empty_unless_merging(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = filled(tmp_path, capsys)
    file = tmp_path / "store.backup.json"
    run(capsys, "backup", str(file), "--data-dir", str(source))
    target = tmp_path / "target"
    run(capsys, "import", str(write(tmp_path, ISSUE_EXAMPLE, "c.json")), "--data-dir", str(target))
    before = listed(capsys, target)
    code, out, err = run(capsys, "restore", str(file), "--data-dir", str(target))
    assert (code, out) == (1, "")
    assert err == (
        f"scorepad: the store {target} is not empty (it holds 1 game and 4 players); restore "
        "with --merge to add only what it lacks (nothing was changed)\n"
    )
    assert listed(capsys, target) == before
    stored_id = TinyDBStore(target).list_games()[0].id
    source_id = next(
        g.id for g in TinyDBStore(source).list_games() if g.players == ("Ann", "Bob", "Cat", "Dan")
    )
    code, out, err = run(capsys, "restore", str(file), "--merge", "--data-dir", str(target))
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        f"skipped game {source_id}: already stored as {stored_id}",
        f"restored 1 game, 2 players, 1 house rule and the settings from {file}",
    ]
    assert len(TinyDBStore(target).list_games()) == 2
    code, out, _ = run(capsys, "restore", str(file), "--merge", "--data-dir", str(target))
    assert (code, out.splitlines()[-1]) == (0, f"restored nothing new from {file}")
    assert len(TinyDBStore(target).list_games()) == 2


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (
            ISSUE_EXAMPLE,
            "not a scorepad backup (it is a game record; store it with scorepad "
            "import); give a file made by scorepad backup (nothing was restored)",
        ),
        (
            "{",
            "not a scorepad backup (it is not JSON: it stops before the end, at line 1: "
            "the file may be cut short)",
        ),
        (
            {
                "format": "scorepad-backup",
                "version": 1,
                "schema": 1,
                "roster": [{"name": "", "added": "2026-01-01T00:00:00Z"}],
            },
            "the backup is damaged: roster.0.name: the name is empty; every player needs one; "
            "nothing was restored",
        ),
        (
            {"format": "scorepad-backup", "version": 7, "schema": 1},
            "the backup was made by a "
            "newer scorepad (backup format 7; this one reads up to 1); update scorepad",
        ),
    ],
)
def test_restore_refuses_a_bad_file_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: object, message: str
) -> None:
    file = write(tmp_path, content, "bad.json")
    data = tmp_path / "data"
    code, out, err = run(capsys, "restore", str(file), "--data-dir", str(data))
    assert (code, out) == (1, "")
    assert err.count("\n") == 1
    assert err.startswith(f"scorepad: {file}: {message}")
    assert TinyDBStore(data).list_games() == [] and TinyDBStore(data).roster() == []


def test_restore_refuses_what_is_not_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    code, _, err = run(capsys, "restore", str(tmp_path), "--data-dir", str(data))
    assert (code, err) == (1, f"scorepad: {tmp_path}: cannot read: it is a folder, not a file\n")
    missing = tmp_path / "missing.json"
    code, _, err = run(capsys, "restore", str(missing), "--data-dir", str(data))
    assert (code, err) == (1, f"scorepad: {missing}: cannot read: no such file or folder\n")


def test_backup_writes_only_a_new_file_outside_the_store_unless_forced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = filled(tmp_path, capsys)
    file = tmp_path / "kept.json"
    file.write_text("mine")
    code, _, err = run(capsys, "backup", str(file), "--data-dir", str(source))
    assert (code, file.read_text()) == (1, "mine")
    assert err == f"scorepad: {file}: cannot write: the file exists; add --force to replace it\n"
    code, _, _ = run(capsys, "backup", str(file), "--force", "--data-dir", str(source))
    assert code == 0 and json.loads(file.read_text())["format"] == "scorepad-backup"
    inside = source / "backup.json"
    code, _, err = run(capsys, "backup", str(inside), "--data-dir", str(source))
    assert code == 1 and "it is inside the store folder" in err
    assert not inside.exists()


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
def test_a_backup_is_readable_by_its_owner_only_as_the_store_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = filled(tmp_path, capsys)
    file = tmp_path / "store.backup.json"
    umask = os.umask(0o022)  # the usual one, under which a plain new file is 0644
    try:
        code, _, err = run(capsys, "backup", str(file), "--data-dir", str(source))
    finally:
        os.umask(umask)
    assert (code, err) == (0, "")
    assert stat.S_IMODE(file.stat().st_mode) == 0o600
    assert stat.S_IMODE((source / "catalogue.json").stat().st_mode) == 0o600


def test_backup_names_a_damaged_game_it_cannot_hold(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = filled(tmp_path, capsys)
    damaged = TinyDBStore(source).list_games()[0].id
    (source / "games" / f"{damaged}.json").write_text("{broken")
    file = tmp_path / "store.backup.json"
    code, out, err = run(capsys, "backup", str(file), "--data-dir", str(source))
    assert code == 1
    assert out == f"backed up 1 game, 6 players and 1 house rule to {file}\n"
    lines = err.splitlines()
    assert lines[0].startswith(f"scorepad: not in the backup: game {damaged} cannot be read (")
    assert lines[1] == (
        "scorepad: 1 damaged game(s) not backed up (see above); scorepad recover may bring "
        "them back, then back up again"
    )
    assert len(json.loads(file.read_text())["games"]) == 1


def test_importing_a_record_already_stored_stores_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    first = write(tmp_path, ISSUE_EXAMPLE, "first.json")
    reordered = write(tmp_path, dict(reversed(list(ISSUE_EXAMPLE.items()))), "same.json")
    assert run(capsys, "import", str(first), "--data-dir", str(data))[0] == 0
    stored_id = TinyDBStore(data).list_games()[0].id
    code, out, err = run(capsys, "import", str(reordered), str(first), "--data-dir", str(data))
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        f"{reordered}: already stored as {stored_id}; nothing imported",
        f"{first}: already stored as {stored_id}; nothing imported",
    ]
    assert [g.id for g in TinyDBStore(data).list_games()] == [stored_id]


def test_restore_merge_carries_over_a_merge_and_a_rename_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The backup had Bob merged into Robert and Cat renamed Catherine; merged into a store
    holding Bob, Robert and Cat they stayed two players and Cat's rename was reversed."""
    source = TinyDBStore(tmp_path / "source")
    source.add_players(["Bob", "Robert", "Cat"])
    source.merge_players("Bob", "Robert")
    source.rename_player("Cat", "Catherine")
    file = tmp_path / "store.backup.json"
    run(capsys, "backup", str(file), "--data-dir", str(source.root))
    target = tmp_path / "target"
    TinyDBStore(target).add_players(["Bob", "Robert", "Cat"])
    code, out, err = run(capsys, "restore", str(file), "--merge", "--data-dir", str(target))
    assert (code, err) == (0, "")
    assert out.splitlines()[:2] == [
        "merged Bob into Robert, as in the backup",
        "renamed Cat to Catherine, as in the backup",
    ]
    names = TinyDBStore(target).current_names()
    assert (names["bob"], names["cat"]) == ("Robert", "Catherine")
