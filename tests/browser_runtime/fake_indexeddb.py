"""A fake IndexedDB for BrowserDisk: syncs the test finishes or fails by hand."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

from scorepad.browser.disk import BrowserDisk, BrowserStorageError


class FakeIndexedDB:
    """Keeps a copy of the folder. Each sync waits for the test to :meth:`finish` (copying the
    folder as it is then, as IDBFS reads the files when it writes them) or :meth:`fail` it."""

    def __init__(self, tmp_path: Path) -> None:
        self.kept = tmp_path / "indexeddb"
        self.kept.mkdir()
        self.folder: Path | None = None
        self.pending: asyncio.Future[None] | None = None
        self.syncs = 0
        self.populated = 0
        self.running = 0
        self.most_at_once = 0
        self.refuse: BrowserStorageError | None = None
        """Raised by mount (IndexedDB refused)."""
        self.other_tab = False

    async def claim(self, name: str) -> bool:
        assert name == "scorepad-data"
        return not self.other_tab

    async def mount(self, folder: Path) -> None:
        if self.refuse is not None:
            raise self.refuse
        folder.mkdir(parents=True, exist_ok=True)
        self.folder = folder

    async def sync(self, populate: bool) -> None:
        assert self.folder is not None
        if populate:
            self.populated += 1
            shutil.copytree(self.kept, self.folder, dirs_exist_ok=True)
            return
        self.syncs += 1
        self.running += 1
        self.most_at_once = max(self.most_at_once, self.running)
        self.pending = asyncio.get_running_loop().create_future()
        try:
            await self.pending
            shutil.rmtree(self.kept)
            shutil.copytree(self.folder, self.kept)
        finally:
            self.running -= 1
            self.pending = None

    async def started(self) -> None:
        while self.pending is None:
            await asyncio.sleep(0)

    async def finish(self) -> None:
        await self.started()
        assert self.pending is not None
        self.pending.set_result(None)
        await settle()

    async def fail(self, reason: str) -> None:
        await self.started()
        assert self.pending is not None
        self.pending.set_exception(BrowserStorageError(reason))
        await settle()


async def settle() -> None:
    for _ in range(10):
        await asyncio.sleep(0)


class Told:
    """What the disk told the app."""

    def __init__(self, disk: BrowserDisk) -> None:
        self.saved: list[int] = []
        self.failed: list[str] = []
        disk.on_saved = self.saved.append
        disk.on_failed = self.failed.append
