"""BrowserDisk's bookkeeping on CPython, over a fake IndexedDB whose syncs the test finishes
or fails by hand: a change counts as saved only once a sync that started after it finished;
syncs never overlap, and changes made during one are covered by one more after it; a failure
is told once and never counted as saved; a tab that cannot keep anything says so and never
writes to IndexedDB."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from scorepad.browser.disk import BrowserDisk, BrowserStorageError, in_plain_words, tree_of
from tests.browser_runtime.fake_indexeddb import FakeIndexedDB, Told, settle

pytestmark = pytest.mark.asyncio


@pytest.fixture
def db(tmp_path: Path) -> FakeIndexedDB:
    return FakeIndexedDB(tmp_path)


async def loaded(db: FakeIndexedDB, folder: Path) -> tuple[BrowserDisk, Told]:
    disk = BrowserDisk(db, folder)
    await disk.load()
    return disk, Told(disk)


async def test_a_change_counts_as_saved_only_once_its_sync_has_finished(
    db: FakeIndexedDB, tmp_path: Path
) -> None:
    disk, told = await loaded(db, tmp_path / "tab")
    (tmp_path / "tab" / "game.json").write_text("round 1")
    disk.changed(1)
    await db.started()
    assert told.saved == [] and disk.durable == 0

    await db.finish()

    assert told.saved == [1] and disk.durable == 1
    reloaded, _ = await loaded(db, tmp_path / "after reload")
    assert (tmp_path / "after reload" / "game.json").read_text() == "round 1"
    assert reloaded.keeps_changes


async def test_changes_during_a_sync_are_covered_by_one_more_sync_after_it(
    db: FakeIndexedDB, tmp_path: Path
) -> None:
    disk, told = await loaded(db, tmp_path / "tab")
    game = tmp_path / "tab" / "game.json"
    game.write_text("round 1")
    disk.changed(1)
    await db.started()
    for revision in (2, 3, 4):  # three taps while the first sync runs
        game.write_text(f"round {revision}")
        disk.changed(revision)
    await settle()
    assert db.syncs == 1

    await db.finish()
    assert told.saved == [1]  # the first sync may have copied later files: not claimed
    await db.finish()

    assert told.saved == [1, 4]
    assert (db.syncs, db.most_at_once) == (2, 1)
    assert (db.kept / "game.json").read_text() == "round 4"


async def test_a_change_that_wrote_nothing_is_saved_at_once_without_a_sync(
    db: FakeIndexedDB, tmp_path: Path
) -> None:
    (db.kept / "game.json").write_text("from last time")
    disk, told = await loaded(db, tmp_path / "tab")
    disk.changed(1)  # the screen changed, no file did
    await settle()
    assert told.saved == [1] and db.syncs == 0


async def test_a_failed_sync_is_told_once_and_never_counted_as_saved(
    db: FakeIndexedDB, tmp_path: Path
) -> None:
    disk, told = await loaded(db, tmp_path / "tab")
    game = tmp_path / "tab" / "game.json"
    game.write_text("round 1")
    disk.changed(1)
    await db.fail("this site's storage in the browser is full")

    assert told.failed == ["this site's storage in the browser is full"]
    assert told.saved == [] and disk.durable == 0
    disk.changed(2)  # dismissing the message: nothing new to save, nothing new to say
    await settle()
    assert (db.syncs, len(told.failed), told.saved) == (1, 1, [])

    game.write_text("round 2, with room again")
    disk.changed(3)
    await db.finish()
    assert told.saved == [3] and len(told.failed) == 1
    assert (db.kept / "game.json").read_text() == "round 2, with room again"


async def test_a_sync_that_fails_while_the_folder_changes_is_tried_again_without_a_word(
    db: FakeIndexedDB, tmp_path: Path
) -> None:
    """IDBFS lists the files, then reads them: a file deleted in between fails that sync."""
    disk, told = await loaded(db, tmp_path / "tab")
    game = tmp_path / "tab" / "game.json"
    game.write_text("round 1")
    disk.changed(1)
    await db.started()
    game.unlink()
    (tmp_path / "tab" / "other.json").write_text("another game")
    disk.changed(2)
    await db.fail("ENOENT (errno 44)")
    await db.finish()

    assert told.failed == [] and told.saved == [2]
    assert sorted(path.name for path in db.kept.iterdir()) == ["other.json"]


async def test_a_tab_where_indexeddb_is_refused_keeps_working_in_memory_and_says_so(
    db: FakeIndexedDB, tmp_path: Path
) -> None:
    db.refuse = BrowserStorageError(in_plain_words("InvalidStateError: A mutation was made"))
    disk, told = await loaded(db, tmp_path / "tab")

    assert disk.problem is not None and "private window" in disk.problem
    assert not disk.keeps_changes
    (tmp_path / "tab" / "game.json").write_text("round 1")  # the folder is there, in memory
    disk.changed(1)
    await settle()
    assert (db.syncs, told.saved, told.failed) == (0, [], [])
    assert disk.durable == 0


async def test_a_second_tab_shows_the_games_kept_but_never_writes_over_them(
    db: FakeIndexedDB, tmp_path: Path
) -> None:
    (db.kept / "game.json").write_text("the first tab's game")
    db.other_tab = True
    disk, told = await loaded(db, tmp_path / "second tab")

    assert disk.problem is not None and "another tab" in disk.problem
    assert (tmp_path / "second tab" / "game.json").read_text() == "the first tab's game"
    (tmp_path / "second tab" / "game.json").write_text("changed in the second tab")
    disk.changed(1)
    await settle()
    assert db.syncs == 0 and told.saved == []
    assert (db.kept / "game.json").read_text() == "the first tab's game"


async def test_a_change_told_from_a_thread_is_saved_on_the_event_loop(
    db: FakeIndexedDB, tmp_path: Path
) -> None:
    disk, told = await loaded(db, tmp_path / "tab")
    (tmp_path / "tab" / "game.json").write_text("round 1")
    worker = threading.Thread(target=disk.changed, args=(1,))
    worker.start()
    worker.join()
    await db.finish()
    assert told.saved == [1]


async def test_an_app_that_fails_to_take_the_news_does_not_stop_saving(
    db: FakeIndexedDB, tmp_path: Path
) -> None:
    disk = BrowserDisk(db, tmp_path / "tab")
    await disk.load()

    def broken(revision: int) -> None:
        raise RuntimeError("a bug in the app")

    disk.on_saved = broken
    game = tmp_path / "tab" / "game.json"
    game.write_text("round 1")
    disk.changed(1)
    await db.finish()
    game.write_text("round 2")
    disk.changed(2)
    await db.finish()
    await disk.settled()
    assert disk.durable == 2 and db.syncs == 2


async def test_the_browser_s_reasons_are_put_in_plain_words() -> None:
    assert "full" in in_plain_words("QuotaExceededError: The quota has been exceeded.")
    assert "private window" in in_plain_words("Unable to connect to IndexedDB")
    assert "private window" in in_plain_words("ReferenceError: indexedDB is not defined")
    assert "SyntaxError: x" in in_plain_words("SyntaxError: x")


async def test_the_tree_sees_a_change_deep_in_the_folder_and_nothing_else(tmp_path: Path) -> None:
    game = tmp_path / "scorepad" / "backups" / "games" / "0123abcd.json.1"
    game.parent.mkdir(parents=True)
    game.write_text("round 1")
    before = tree_of(tmp_path)
    assert tree_of(tmp_path) == before
    assert str(game) in {path for path, _, _ in before}

    game.write_text("round 1 and 2")

    assert tree_of(tmp_path) != before


async def test_a_change_s_redraw_runs_before_its_sync_walks_the_folder(
    db: FakeIndexedDB, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As in the app: the store's subscriber (the disk) is told first, then the view's, which
    wakes Flet's update task through an event; the redraw must not wait behind the walk of
    every file kept (77 ms for 4,000 files in Pyodide)."""
    import asyncio

    import scorepad.browser.disk as disk_module

    disk, _ = await loaded(db, tmp_path / "tab")
    order: list[str] = []
    walk = disk_module.tree_of

    def walked(folder: Path) -> disk_module.Tree:
        order.append("walk")
        return walk(folder)

    monkeypatch.setattr(disk_module, "tree_of", walked)
    redraw_due = asyncio.Event()

    async def updates() -> None:  # Flet's updates scheduler, waiting for work
        await redraw_due.wait()
        order.append("redraw")

    scheduler = asyncio.create_task(updates())
    await asyncio.sleep(0)  # the scheduler waits on its event
    (tmp_path / "tab" / "game.json").write_text("round 1")
    disk.changed(1)  # the disk's subscriber first,
    redraw_due.set()  # then the view's (Root's revision bump)
    await db.started()
    await scheduler
    assert order[:2] == ["redraw", "walk"]
