"""The data folder of scorepad in a browser: files in memory, kept in IndexedDB.

Pyodide's file system lives in the page's memory and is gone on reload. Its IndexedDB file
system (IDBFS) mirrors a folder into the browser's IndexedDB, but only when told to: a
``syncfs`` copies every file changed since the last one in one IndexedDB transaction (all of
them or none), asynchronously. So the store writes as on a laptop (atomic renames, backups),
and after every change of the app :meth:`BrowserDisk.changed` starts a sync; a change counts as
saved only once that sync has finished (``on_saved(revision)``), which the app shows as its
``saved-N`` marker. Syncs never overlap: a change made while one runs is covered by one more
sync after it, however many changes came meanwhile.

What cannot be kept is said, never raised: IndexedDB refused (some private windows), the
site's storage full, the app open in another tab of the same browser (two tabs would each
write their own copy of the folder over the other's). The app then goes on in memory and
says its changes are not kept (``on_failed(reason)``, :attr:`BrowserDisk.problem`).

The browser's side is a :class:`Backend`; :class:`IdbfsBackend` is Pyodide's, the only code
that touches ``pyodide_js`` (imported inside its methods: it exists only in Pyodide), so the
bookkeeping here runs and is tested on CPython with a fake backend.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from scorepad.i18n import describe, tr

log = logging.getLogger("scorepad.browser")

MOUNT = Path("/scorepad-data")
"""Where the data folder is mounted; IDBFS also names its IndexedDB database after it."""

LOCK_NAME = "scorepad-data"
"""The Web Lock held by the one tab that may write the data folder to IndexedDB."""

Tree = frozenset[tuple[str, int, int]]
"""Every path in the data folder with its modification time and size: what a sync compares
(IDBFS copies a file whose modification time differs from the one it holds)."""


class BrowserStorageError(Exception):
    """The browser would not keep the data folder; the message says why, in the user's words."""


class Backend(Protocol):
    """The browser's storage, as :class:`BrowserDisk` uses it."""

    async def claim(self, name: str) -> bool:
        """Whether this tab got the lock ``name`` (held until the tab closes)."""

    async def mount(self, folder: Path) -> None:
        """Make ``folder`` the IndexedDB-backed folder."""

    async def sync(self, populate: bool) -> None:
        """Copy IndexedDB into the folder (``populate``) or the folder into IndexedDB; raises
        :class:`BrowserStorageError`."""


class BrowserDisk:
    """The data folder in IndexedDB, and which app revision is durable there.

    ``await load()`` once before the store opens; then ``changed(revision)`` after every change
    (from the app's listeners, on the event loop). ``on_saved`` and ``on_failed`` are set once
    the app exists; both are called on the event loop and their failures are only logged.
    """

    def __init__(self, backend: Backend | None = None, folder: Path = MOUNT) -> None:
        self.backend: Backend = IdbfsBackend() if backend is None else backend
        self.folder = folder
        self.on_saved: Callable[[int], None] = _ignore
        """Called with the newest revision whose changes IndexedDB holds."""
        self.on_failed: Callable[[str], None] = _ignore
        """Called with the reason when a sync fails (once per state of the folder tried)."""
        self.problem: str | None = None
        """Why nothing is kept in this tab (set by :meth:`load`), or ``None``."""
        self.durable = 0
        """The newest revision whose changes are durable."""
        self._wanted = 0
        self._tried = 0
        self._synced: Tree | None = None
        self._failed: Tree | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._task: asyncio.Task[None] | None = None

    @property
    def keeps_changes(self) -> bool:
        return self.problem is None

    async def load(self) -> None:
        """Mount the folder and fill it from IndexedDB; never raises.

        A tab that cannot use IndexedDB (or is not the only tab open) still gets the folder, in
        memory only, and :attr:`problem` says why: it never writes to IndexedDB, so a folder
        filled only partly, or another tab's newer games, are never written over.
        """
        self._loop = asyncio.get_running_loop()
        try:
            if not await self.backend.claim(LOCK_NAME):
                self.problem = tr(
                    "scorepad is open in another tab or window of this browser, and only one "
                    "can keep games; close this one and use the other"
                )
            await self.backend.mount(self.folder)
            await self.backend.sync(populate=True)
        except BrowserStorageError as problem:
            self.problem = str(problem)
        except Exception as problem:  # the browser's own failure, in its words
            log.exception("the data folder could not be loaded from IndexedDB")
            self.problem = f"{type(problem).__name__}: {describe(problem)}"
        self.folder.mkdir(parents=True, exist_ok=True)
        if self.problem is not None:
            log.warning("changes in this tab are not kept: %s", self.problem)
            return
        self._synced = tree_of(self.folder)

    def changed(self, revision: int) -> None:
        """The app changed (``revision``): make the folder durable, after any sync running."""
        if self.problem is not None or revision <= self._wanted:
            return
        loop = self._loop
        if loop is None:
            raise RuntimeError("BrowserDisk.changed before load()")
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:  # called from a thread: hand it to the loop
            running = None
        if running is not loop:
            loop.call_soon_threadsafe(self.changed, revision)
            return
        self._wanted = revision
        if self._task is None or self._task.done():
            self._task = loop.create_task(self._sync_until_settled())

    async def settled(self) -> None:
        """Wait until no sync runs and none is due (for tests and for leaving)."""
        while self._task is not None and not self._task.done():
            await asyncio.shield(self._task)

    async def _sync_until_settled(self) -> None:
        # One turn of the loop first: the change's redraw, woken in the same turn as this
        # task, goes to the screen before the sync walks the folder (a tap is drawn without
        # waiting for its save; 13 ms of 50 on the test machine, more with many games kept).
        await asyncio.sleep(0)
        try:
            while self._tried < self._wanted:
                await self._sync_once(self._wanted)
        except Exception:  # a bug here must not end saving with a traceback on screen
            log.exception("saving to IndexedDB stopped")

    async def _sync_once(self, target: int) -> None:
        """One sync covering every change up to revision ``target``."""
        self._tried = target
        tree = tree_of(self.folder)
        if tree == self._synced:  # nothing written since the last sync: already durable
            self._saved(target)
            return
        if tree == self._failed:  # the same files failed already: no news to give
            return
        try:
            await self.backend.sync(populate=False)
        except Exception as problem:
            self._failed = tree
            if self._wanted > target:  # changed meanwhile (which can fail a sync): try again
                log.info("a sync failed while the folder changed; trying again: %s", problem)
                return
            reason = str(problem) if isinstance(problem, BrowserStorageError) else repr(problem)
            log.warning("could not save to IndexedDB: %s", reason)
            _call(self.on_failed, reason)
            return
        self._synced, self._failed = tree, None
        self._saved(target)

    def _saved(self, target: int) -> None:
        if target > self.durable:
            self.durable = target
            _call(self.on_saved, target)


def tree_of(folder: Path) -> Tree:
    """Every file and folder under ``folder`` with its modification time and size.

    Walked with ``scandir`` (half the time of ``os.walk`` and ``lstat`` in Pyodide: 77 ms for
    4,000 files, a thousand games and their backups, on a busy laptop).
    """
    entries = []
    folders = [os.fspath(folder)]
    while folders:
        try:
            listing = os.scandir(folders.pop())
        except OSError:  # gone meanwhile
            continue
        with listing:
            for entry in listing:
                try:
                    status = entry.stat(follow_symlinks=False)
                    if entry.is_dir(follow_symlinks=False):
                        folders.append(entry.path)
                except OSError:
                    continue
                entries.append((entry.path, status.st_mtime_ns, status.st_size))
    return frozenset(entries)


def _ignore(_: object) -> None:
    """No one to tell yet."""


def _call(callback: Callable[[Any], None], value: object) -> None:
    try:
        callback(value)
    except Exception:
        log.exception("could not tell the app about saving")


# --- Pyodide's side ----------------------------------------------------------------------------

_JS_HELPERS = """
(() => {
  const describe = (e) => {
    if (e === null || e === undefined) return "unknown error";
    const name = e.name && e.name !== "Error" ? e.name + ": " : "";
    const errno = e.errno !== undefined ? " (errno " + e.errno + ")" : "";
    return name + (e.message || String(e)) + errno;
  };
  return {
    mount: (FS, path) => {
      FS.mkdirTree(path);
      FS.mount(FS.filesystems.IDBFS, {}, path);
    },
    strict: (FS, path) => new Promise((resolve) => {
      // IDBFS opens its transactions with the browser's default durability, "relaxed" in
      // Chrome: committed before it reaches the disk. Ask for "strict" (flushed, as the
      // laptop's fsync), on the one connection IDBFS keeps for the folder.
      try {
        FS.filesystems.IDBFS.getDB(path, (e, db) => {
          if (e || !db) return resolve(false);
          const open = db.transaction.bind(db);
          db.transaction = (stores, mode) => open(stores, mode, { durability: "strict" });
          resolve(true);
        });
      } catch (e) {
        resolve(false);
      }
    }),
    sync: (FS, populate) => new Promise((resolve) => {
      try {
        FS.syncfs(populate, (e) => resolve(e ? describe(e) : null));
      } catch (e) {
        resolve(describe(e));
      }
    }),
    claim: (name) => new Promise((resolve) => {
      const locks = globalThis.navigator && navigator.locks;
      if (!locks) return resolve(true);
      locks.request(name, { ifAvailable: true }, (lock) => {
        resolve(lock !== null);
        return lock === null ? undefined : new Promise(() => {});
      }).catch(() => resolve(true));
    }),
  };
})()
"""
"""FS.syncfs takes a callback that may be called twice after an error; a Promise settles once,
so Python awaits it and no Python callable is handed to JavaScript."""

PRIVATE_WINDOW_HINTS = ("InvalidStateError", "SecurityError", "UnknownError", "IndexedDB")


class IdbfsBackend:
    """Pyodide's IDBFS and the Web Locks API (in Pyodide only)."""

    def __init__(self) -> None:
        self._helpers: Any = None

    def _js(self) -> tuple[Any, Any]:
        import pyodide_js  # type: ignore[import-not-found]  # only in Pyodide
        from pyodide.code import run_js  # type: ignore[import-not-found]

        if self._helpers is None:
            self._helpers = run_js(_JS_HELPERS)
        return pyodide_js.FS, self._helpers

    async def claim(self, name: str) -> bool:
        _, helpers = self._js()
        return bool(await helpers.claim(name))

    async def mount(self, folder: Path) -> None:
        fs, helpers = self._js()
        helpers.mount(fs, str(folder))
        if not await helpers.strict(fs, str(folder)):  # IndexedDB refused: the populate says so
            log.info("IndexedDB's strict durability could not be asked for")

    async def sync(self, populate: bool) -> None:
        fs, helpers = self._js()
        failure = await helpers.sync(fs, populate)
        if failure:
            raise BrowserStorageError(in_plain_words(str(failure)))


def in_plain_words(failure: str) -> str:
    """The browser's reason for not keeping the data, as the user reads it.

    >>> in_plain_words("QuotaExceededError: The quota has been exceeded.")
    "this site's storage in the browser is full (QuotaExceededError: The quota has been exceeded.)"
    """
    if "QuotaExceeded" in failure:
        return tr("this site's storage in the browser is full ({failure})").format(failure=failure)
    if any(hint.lower() in failure.lower() for hint in PRIVATE_WINDOW_HINTS):
        return tr(
            "this browser does not let the app keep data (a private window?) ({failure})"
        ).format(failure=failure)
    return tr("the browser's storage failed ({failure})").format(failure=failure)
