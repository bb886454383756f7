"""``scorepad import / games / export / recover`` over a store folder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorepad.cli import main
from scorepad.store import TinyDBStore
from tests.test_cli_score import ISSUE_EXAMPLE, write


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return tmp_path / "data"


def test_import_stores_valid_records_and_names_each_invalid_file(
    tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = write(tmp_path, ISSUE_EXAMPLE, "good.json")
    bad = write(tmp_path, {**ISSUE_EXAMPLE, "first_dealer": "Zed"}, "bad.json")
    code, out, err = run(capsys, "import", str(good), str(bad), "--data-dir", str(data))
    assert code == 1
    assert f"imported {good} as " in out
    assert f"not imported: {bad}: first dealer 'Zed' is not one of the players" in err
    assert "1 of 2 files not imported" in err
    stored = TinyDBStore(data).list_games()
    assert len(stored) == 1
    assert stored[0].players == ("Ann", "Bob", "Cat", "Dan")

    code, out, err = run(capsys, "--data-dir", str(data), "import", str(good))
    assert (code, err) == (0, "")
    assert out == f"{good}: already stored as {stored[0].id}; nothing imported\n"
    assert len(TinyDBStore(data).list_games()) == 1


def test_games_lists_id_variant_players_status_rounds_and_leaders(
    tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(capsys, "import", str(write(tmp_path, ISSUE_EXAMPLE)), "--data-dir", str(data))
    code, out, _ = run(capsys, "games", "--data-dir", str(data))
    assert code == 0
    row = out.splitlines()[-1]
    for cell in ("Golf", "Ann, Bob, Cat, Dan", "in progress", "1/18", "Dan"):
        assert cell in row
    code, out, _ = run(capsys, "games", "--json", "--data-dir", str(data))
    listed = json.loads(out)["games"]
    assert [(g["variant"], g["status"], g["rounds_played"], g["leaders"]) for g in listed] == [
        ("Golf", "in_progress", 1, ["Dan"])
    ]
    code, out, _ = run(capsys, "games", "--status", "finished", "--data-dir", str(data))
    assert out.strip() == f"no finished games in {data}"


def test_the_store_folder_comes_from_the_environment_too(
    tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SCOREPAD_DATA_DIR", str(data))
    run(capsys, "import", str(write(tmp_path, ISSUE_EXAMPLE)))
    assert len(TinyDBStore(data).list_games()) == 1


def test_scoring_an_export_gives_the_same_sheet(
    tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    original = write(tmp_path, ISSUE_EXAMPLE)
    run(capsys, "import", str(original), "--data-dir", str(data))
    game_id = TinyDBStore(data).list_games()[0].id
    exported = tmp_path / "export.json"
    code, _, err = run(
        capsys, "export", game_id[:4], "--out", str(exported), "--data-dir", str(data)
    )
    assert code == 0
    assert f"exported game {game_id}" in err
    _, from_original, _ = run(capsys, "score", str(original), "--json")
    _, from_export, _ = run(capsys, "score", str(exported), "--json")
    assert from_original == from_export
    code, printed, _ = run(capsys, "export", game_id, "--data-dir", str(data))
    assert json.loads(printed) == json.loads(exported.read_text())


def test_an_unknown_game_is_one_line(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "export", "nope", "--data-dir", str(data))
    assert (code, out) == (1, "")
    assert err == (
        "scorepad: no game with id 'nope': a game id is 8 characters from 0-9 and a-f, "
        "like 1a2b3c4d (or its first few characters)\n"
    )


def test_a_damaged_store_is_explained_and_recovered(
    tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = write(tmp_path, ISSUE_EXAMPLE)
    other = write(tmp_path, {"variant": "golf", "players": ["Eve", "Fay"]}, "2.json")
    run(capsys, "import", str(good), str(other), "--data-dir", str(data))
    meta = data / "catalogue.json"
    meta.write_text('{"schema": ')
    code, out, err = run(capsys, "games", "--data-dir", str(data))
    assert code == 1
    assert out == ""
    assert err.count("\n") == 1
    assert f"{meta} cannot be read: not valid JSON" in err
    assert "scorepad recover" in err
    code, out, _ = run(capsys, "recover", "--data-dir", str(data))
    assert code == 0
    assert f"restored {meta}" in out
    code, out, _ = run(capsys, "games", "--data-dir", str(data))
    assert code == 0
    assert out.count("Golf") == 2


def test_import_goes_on_past_a_file_the_json_reader_chokes_on(
    tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = write(tmp_path, ISSUE_EXAMPLE, "good.json")
    deep = write(tmp_path, "[" * 100_000, "deep.json")
    code, out, err = run(capsys, "import", str(deep), str(good), "--data-dir", str(data))
    assert code == 1
    assert f"imported {good} as " in out
    assert err.splitlines() == [
        f"scorepad: not imported: {deep}: arrays and objects are nested too deeply "
        "(a record nests at most 12 deep)",
        "scorepad: 1 of 2 files not imported (see above)",
    ]
    assert len(TinyDBStore(data).list_games()) == 1


def test_export_replaces_a_file_only_with_force(
    tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(capsys, "import", str(write(tmp_path, ISSUE_EXAMPLE)), "--data-dir", str(data))
    game_id = TinyDBStore(data).list_games()[0].id
    out = tmp_path / "out.json"
    out.write_text("mine")
    code, _, err = run(capsys, "export", game_id, "--out", str(out), "--data-dir", str(data))
    assert (code, out.read_text()) == (1, "mine")
    assert err == f"scorepad: {out}: cannot write: the file exists; add --force to replace it\n"
    argv = ["export", game_id, "--out", str(out), "--force", "--data-dir", str(data)]
    code, _, err = run(capsys, *argv)
    assert code == 0
    assert json.loads(out.read_text())["players"] == ["Ann", "Bob", "Cat", "Dan"]


def test_games_name_players_as_now_and_keep_the_names_played_under(
    tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(capsys, "import", str(write(tmp_path, ISSUE_EXAMPLE)), "--data-dir", str(data))
    TinyDBStore(data).rename_player("Dan", "Daniel")
    code, out, _ = run(capsys, "games", "--data-dir", str(data))
    row = out.splitlines()[-1]
    assert code == 0
    assert "Ann, Bob, Cat, Daniel (played as Dan)" in row
    assert row.rstrip().endswith("Daniel")  # the leader, as known now
    code, out, _ = run(capsys, "games", "--json", "--data-dir", str(data))
    (listed,) = json.loads(out)["games"]
    assert listed["players"] == ["Ann", "Bob", "Cat", "Dan"]
    assert listed["current_players"] == ["Ann", "Bob", "Cat", "Daniel"]


def test_export_then_import_elsewhere_keeps_when_the_game_was_played(
    tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``scorepad import`` of an exported record stamped the game with the import time."""
    played = write(tmp_path, {**ISSUE_EXAMPLE, "started": "2026-11-20T19:30:00+00:00"})
    run(capsys, "import", str(played), "--data-dir", str(data))
    (first,) = TinyDBStore(data).list_games()
    exported = tmp_path / "export.json"
    run(capsys, "export", first.id, "--out", str(exported), "--data-dir", str(data))
    assert json.loads(exported.read_text())["started"] == "2026-11-20T19:30:00+00:00"
    elsewhere = tmp_path / "elsewhere"
    code, _, _ = run(capsys, "import", str(exported), "--data-dir", str(elsewhere))
    assert code == 0
    (again,) = TinyDBStore(elsewhere).list_games()
    assert (again.created, again.updated) == (first.created, first.updated)
    assert again.created is not None and again.created.isoformat() == "2026-11-20T19:30:00+00:00"
    _, listed, _ = run(capsys, "games", "--json", "--data-dir", str(elsewhere))
    assert json.loads(listed)["games"][0]["created"].startswith("2026-11-20T19:30:00")
