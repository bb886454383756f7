"""Taking turns at the store: one lock that every part of :class:`TinyDBStore` holds.

Every read-modify-write holds an in-process lock and a file lock, so threads and processes
take turns; it is one object shared by the store's parts (``games.py``, ``game_list.py``, ...)
so that a part calling another while holding it (a restore asking whether a record is stored
already) takes it again rather than waiting on itself: both locks are reentrant.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from pathlib import Path

from filelock import FileLock, Timeout

from scorepad.i18n import os_reason
from scorepad.store.errors import StoreBusyError, StoreReadOnlyError, StoreWriteError
from scorepad.store.files import is_read_only_error


class StoreLock:
    """The lock of the store in ``root``, and whether that store can be written at all: it is
    the lock that finds out. ``read_only`` starts as what opening the folder found and can only
    become set: a store whose lock file cannot be made is read-only from then on."""

    def __init__(self, root: Path, *, timeout: float, read_only: str | None) -> None:
        self.root = root
        self.timeout = timeout
        self.read_only = read_only
        """Why the store cannot be written, or ``None`` when it can."""
        self._thread_lock = threading.RLock()
        self._file_lock = FileLock(root / ".lock", timeout=timeout)

    @contextlib.contextmanager
    def held(self, *, write: bool = True) -> Iterator[None]:
        """Hold the store for one read or read-modify-write. A change to a read-only store is
        refused here, before anything is read or written."""
        with self._thread_lock:
            if self.read_only is None:
                try:
                    self._file_lock.acquire()
                except Timeout:
                    lock_file = Path(self._file_lock.lock_file)
                    raise StoreBusyError(lock_file, self.timeout) from None
                except OSError as exc:  # the lock file cannot be made: the folder is read-only
                    reason = os_reason(exc)
                    if not is_read_only_error(exc):
                        raise StoreWriteError(self.root / ".lock", reason) from None
                    self.read_only = reason
            if self.read_only is not None:
                if write:
                    raise StoreReadOnlyError(self.root, self.read_only)
                yield
                return
            try:
                yield
            finally:
                self._file_lock.release()
