"""One bad entry never breaks the list: whatever lies in the store folder, the other games list,
load, export and recover as before.

A regular file that is not a good game is listed as damaged; what is not a regular file at all
(a symlink, FIFO, device or folder) is not something scorepad wrote and is left alone, never
opened: no read follows a symlink out of the store, blocks on a FIFO or reads without end.
"""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Iterator
from pathlib import Path
from types import FrameType

import pytest

from scorepad.cli import main
from scorepad.store import (
    GameIdError,
    GameNotFoundError,
    StoreAccessError,
    StoreUnreadableError,
    TinyDBStore,
    recover_store,
)
from scorepad.store.catalogue import CATALOGUE_MAX_BYTES
from scorepad.store.errors import StoreFileTooLargeError
from scorepad.store.files import MAX_FILE_BYTES
from scorepad.store.storage import DurableJSONStorage
from tests.store.test_store import FOUR, new_golf, record_zero_round


@pytest.fixture(autouse=True)
def never_hang() -> Iterator[None]:
    """A read that blocks (a FIFO) fails the test instead of hanging the suite."""
    if not hasattr(signal, "SIGALRM"):
        yield
        return

    def hung(_signum: int, _frame: FrameType | None) -> None:
        raise TimeoutError("a store read blocked")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(60)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


HUGE = "0000000d"
NESTED = "0000000e"
WRONG_ID = "0000000f"


def put_hostile_entries(store: TinyDBStore, good_id: str, outside: Path) -> dict[str, Path]:
    """Every kind of bad entry in games/, by what it is."""
    games = store.games_dir
    entries = {
        "dangling symlink": games / "0000000a.json",
        "symlink to a device": games / "0000000b.json",
        "symlink out of the store": games / "00000010.json",
        "folder": games / "0000000c.json",
        "folder named x.json": games / "x.json",
        "huge": games / f"{HUGE}.json",
        "deeply nested": games / f"{NESTED}.json",
        "inner id differs": games / f"{WRONG_ID}.json",
    }
    entries["dangling symlink"].symlink_to(outside / "nowhere.json")
    entries["symlink to a device"].symlink_to("/dev/zero")
    outside_game = outside / "elsewhere.json"
    outside_game.write_bytes(store.game_path(good_id).read_bytes())
    entries["symlink out of the store"].symlink_to(outside_game)
    entries["folder"].mkdir()
    entries["folder named x.json"].mkdir()
    with entries["huge"].open("wb") as handle:
        handle.truncate(MAX_FILE_BYTES + 1)
    entries["deeply nested"].write_text("[" * 100_000)
    entries["inner id differs"].write_bytes(store.game_path(good_id).read_bytes())
    if hasattr(os, "mkfifo"):
        entries["FIFO"] = games / "00000011.json"
        os.mkfifo(entries["FIFO"])
    return entries


def test_bad_entries_never_break_the_list_or_the_other_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tmp_path / "data"
    outside = tmp_path / "outside"
    outside.mkdir()
    store = TinyDBStore(root)
    first, second = new_golf(store), new_golf(store, ["Eve", "Fay"])
    record_zero_round(store, first)
    entries = put_hostile_entries(store, first, outside)

    listed = {s.id: s for s in TinyDBStore(root).list_games()}
    assert set(listed) == {first, second, HUGE, NESTED, WRONG_ID}
    assert (listed[first].status, listed[second].status) == ("in_progress", "in_progress")
    for damaged in (HUGE, NESTED, WRONG_ID):
        assert (listed[damaged].status, listed[damaged].recoverable) == ("damaged", True)
    assert "far more than a scorepad file holds (at most 10.0 MB)" in (listed[HUGE].problem or "")
    assert "nested far too deeply" in (listed[NESTED].problem or "")
    assert f"the game in it is '{first}', not {WRONG_ID} as its file name says" in (
        listed[WRONG_ID].problem or ""
    )

    assert list(store.load_game(first).record.players) == FOUR
    assert len(store.load_game(first).record.rounds) == 1
    for ignored in ("0000000a", "0000000b", "00000010", "0000000c", "00000011"):
        with pytest.raises(GameNotFoundError):
            store.load_game(ignored)
    with pytest.raises(StoreUnreadableError, match="as its file name says"):
        store.load_game(WRONG_ID)

    assert main(["export", first, "--data-dir", str(root)]) == 0
    assert json.loads(capsys.readouterr().out)["players"] == FOUR

    report = recover_store(root)
    assert sorted(p.name for p in report.lost) == sorted(
        f"{i}.json" for i in (HUGE, NESTED, WRONG_ID)
    )
    assert report.restored == [] and report.left_alone == []
    for what, path in entries.items():  # nothing that is not a regular file was touched
        assert os.path.lexists(path), what
    assert entries["symlink out of the store"].is_symlink()
    assert (outside / "elsewhere.json").read_bytes() == store.game_path(first).read_bytes()
    assert len(store.list_games()) == 5


def test_a_game_whose_inner_id_differs_is_restored_from_its_own_backup(tmp_path: Path) -> None:
    store = TinyDBStore(tmp_path)
    first, second = new_golf(store), new_golf(store, ["Eve", "Fay"])
    record_zero_round(store, first)
    record_zero_round(store, first)  # a backup of `first` now exists
    store.game_path(first).write_bytes(store.game_path(second).read_bytes())
    report = recover_store(tmp_path)
    assert report.restored == [store.game_path(first)]
    assert list(store.load_game(first).record.players) == FOUR


@pytest.mark.parametrize(
    "rows",
    [
        {"1": {"signature": [1, 2, 3], "id": "abc"}},
        {"1": {"x": 1}},
        {"7": {"bogus": None}},
        {},
    ],
)
def test_catalogue_game_rows_of_the_wrong_shape_are_made_again(
    tmp_path: Path, rows: dict[str, object]
) -> None:
    store = TinyDBStore(tmp_path)
    game_id = new_golf(store)
    catalogue = tmp_path / "catalogue.json"
    document = json.loads(catalogue.read_text())
    document["games"] = rows
    catalogue.write_text(json.dumps(document))
    assert [(s.id, s.status) for s in TinyDBStore(tmp_path).list_games()] == [
        (game_id, "in_progress")
    ]
    rebuilt = json.loads(catalogue.read_text())
    assert [row["id"] for row in rebuilt["games"].values()] == [game_id]
    assert [p.name for p in store.roster()] == FOUR, "the roster is untouched"
    assert recover_store(tmp_path).left_alone == []


def test_a_huge_catalogue_is_damaged_with_a_clear_reason(tmp_path: Path) -> None:
    TinyDBStore(tmp_path)
    with (tmp_path / "catalogue.json").open("r+b") as handle:
        handle.truncate(CATALOGUE_MAX_BYTES + 1)
    with pytest.raises(StoreUnreadableError, match=r"it is 64\.0 MB, far more than"):
        TinyDBStore(tmp_path)
    assert recover_store(tmp_path).started_fresh == [tmp_path / "catalogue.json"]  # no backup yet
    assert TinyDBStore(tmp_path).roster() == []


@pytest.mark.parametrize("kind", ["symbolic link", "FIFO", "folder"])
def test_a_meta_file_that_is_not_a_regular_file_is_never_opened(tmp_path: Path, kind: str) -> None:
    root = tmp_path / "data"
    TinyDBStore(root)
    meta = root / "catalogue.json"
    elsewhere = tmp_path / "elsewhere.json"
    meta.rename(elsewhere)
    if kind == "symbolic link":
        meta.symlink_to(elsewhere)
    elif kind == "FIFO":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        os.mkfifo(meta)
    else:
        meta.mkdir()
    with pytest.raises(StoreAccessError, match=f"it is a {kind}.*, not a regular file; move it"):
        TinyDBStore(root)
    assert recover_store(root).left_alone[0].path == meta
    still_there = {"symbolic link": meta.is_symlink, "FIFO": meta.is_fifo, "folder": meta.is_dir}
    assert still_there[kind]()
    assert elsewhere.read_bytes().startswith(b"{")


# --- game ids -------------------------------------------------------------------------------

BAD_IDS = [
    "../meta",
    "../../etc/passwd",
    "/etc/passwd",
    "a/b",
    "a\\b",
    "",
    " ",
    "1234567",
    "123456789",
    "ABCDEF12",
    "1234567g",
    "12345678\n",
    "..",
    ".",
]


@pytest.mark.parametrize("bad", BAD_IDS)
def test_a_bad_game_id_never_names_a_file(tmp_path: Path, bad: str) -> None:
    store = TinyDBStore(tmp_path)
    game_id = new_golf(store)
    files = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    for attempt in (
        lambda: store.load_game(bad),
        lambda: store.save_draft(bad, None),
        lambda: store.update_game(bad, lambda game: game),
        lambda: store.game_path(bad),
    ):
        with pytest.raises(GameIdError) as caught:
            attempt()
        assert str(caught.value).startswith(f"no game with id {bad!r}: a game id is 8 ")
    assert {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()} == files
    assert not (tmp_path / "damaged").exists()
    assert store.load_game(game_id).id == game_id


@pytest.mark.parametrize("bad", ["../meta", "/", "", "  ", "x", "ab/", "abc*", "a?"])
def test_an_id_is_resolved_from_hex_characters_only(tmp_path: Path, bad: str) -> None:
    store = TinyDBStore(tmp_path)
    new_golf(store)
    with pytest.raises(GameIdError, match=r"or its first few characters"):
        store.resolve_game_id(bad)


def test_the_command_line_refuses_a_path_as_a_game_id(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = TinyDBStore(tmp_path)
    new_golf(store)
    assert main(["export", "../meta", "--data-dir", str(tmp_path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("scorepad: no game with id '../meta': a game id is 8 ")
    assert captured.err.count("\n") == 1


def test_a_file_larger_than_the_store_reads_back_is_never_written(tmp_path: Path) -> None:
    """A write that would make a file the store then refuses to read (over its limit) is
    refused, and the file as it was stays."""
    storage = DurableJSONStorage(tmp_path / "small.json", root=tmp_path, limit=1000)
    storage.write({"t": {"1": {"note": "fits"}}})
    before = (tmp_path / "small.json").read_bytes()
    with pytest.raises(StoreFileTooLargeError, match=r"over the 0\.0 MB a store file may hold"):
        storage.write({"t": {"1": {"note": "x" * 1000}}})
    assert (tmp_path / "small.json").read_bytes() == before
    assert storage.read() == {"t": {"1": {"note": "fits"}}}
