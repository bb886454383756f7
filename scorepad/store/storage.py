"""A TinyDB storage that never leaves a broken file behind.

TinyDB's stock ``JSONStorage`` rewrites its file in place, so a kill or a full disk mid-write
leaves a file that will not load. This storage replaces the file atomically, keeps rolling
backups of the last good versions, and refuses (rather than overwrites) a file it cannot read.
It re-reads the file on every access, so a change by another process is always seen; the
store's lock makes each read-modify-write exclusive.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tinydb import Storage

from scorepad.store.atomic import replace_atomically, rotate_backups
from scorepad.store.errors import (
    NewerSchemaError,
    StoreUnreadableError,
    StoreWriteError,
)
from scorepad.store.recovery import keep_damaged_copy, newest_good_backup, parse_store_json

Signature = tuple[int, int, int]


class NewerSchemaDataError(ValueError):
    """Raised by a ``check`` for data written by a newer scorepad."""


def _signature(path: Path) -> Signature | None:
    try:
        stat = path.stat()
    except FileNotFoundError:
        return None
    return (stat.st_ino, stat.st_mtime_ns, stat.st_size)


class DurableJSONStorage(Storage):
    """TinyDB storage over one JSON file; see the module docstring.

    ``root`` is the store folder (damaged copies go to ``root/damaged``); ``backups`` the folder
    for rolling backups, or ``None`` for files that are only caches. ``check`` validates the
    parsed content beyond JSON (e.g. the schema version) and raises ``ValueError``.
    """

    def __init__(
        self,
        path: str | Path,
        *,
        root: Path,
        backups: Path | None = None,
        check: Callable[[dict[str, Any]], None] | None = None,
    ) -> None:
        super().__init__()
        self.path = Path(path)
        self.root = root
        self.backups = backups
        self.check = check
        self._good_signature: Signature | None = None
        self.last_bytes: bytes | None = None
        """What was last read from or written to the file."""

    def read(self) -> dict[str, dict[str, Any]] | None:
        try:
            raw = self.path.read_bytes()
            signature = _signature(self.path)
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise self.unreadable(f"cannot open it: {exc.strerror or exc}") from None
        try:
            data = parse_store_json(raw)
            if self.check is not None:
                self.check(data)
        except NewerSchemaDataError as exc:
            raise self.unreadable(str(exc), NewerSchemaError) from None
        except ValueError as exc:
            raise self.unreadable(str(exc)) from None
        self._good_signature = signature
        self.last_bytes = raw
        return data

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        encoded = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
        if self.backups is not None and _signature(self.path) == self._good_signature:
            rotate_backups(self.path, self.backups)
        try:
            replace_atomically(self.path, encoded)
        except OSError as exc:
            raise StoreWriteError(self.path, exc.strerror or str(exc)) from None
        self._good_signature = _signature(self.path)
        self.last_bytes = encoded

    def unreadable(
        self, reason: str, error_class: type[StoreUnreadableError] = StoreUnreadableError
    ) -> StoreUnreadableError:
        kept = keep_damaged_copy(self.path, self.root)
        backup = newest_good_backup(self.path, self.backups, self.check) if self.backups else None
        return error_class(self.path, reason, kept, backup)
