"""A TinyDB storage that never leaves a broken file behind.

TinyDB's stock ``JSONStorage`` rewrites its file in place, so a kill or a full disk mid-write
leaves a file that will not load. This storage replaces the file atomically, keeps rolling
backups of the last good versions, and refuses (rather than overwrites) a file it cannot read.
It looks at the file on every access, so a change by another process is always seen; the
store's lock makes each read-modify-write exclusive. With ``keep_parsed``, what was last read
or written is kept and handed out again while the file's signature (inode, modification time,
size: every atomic replacement changes it) is the same, so a large file is parsed and checked
once per change rather than once per look.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tinydb import Storage

from scorepad.i18n import os_reason, tr
from scorepad.store.atomic import replace_atomically, rotate_backups
from scorepad.store.bulk import collection_paused
from scorepad.store.damaged_files import newest_good_backup, parse_store_json, try_keep_damaged_copy
from scorepad.store.errors import (
    NewerSchemaError,
    StoreAccessError,
    StoreFileTooLargeError,
    StoreReadOnlyError,
    StoreUnreadableError,
    StoreWriteError,
)
from scorepad.store.files import (
    MAX_FILE_BYTES,
    FileTooLargeError,
    NotRegularFileError,
    Signature,
    is_read_only_error,
    read_store_file,
    signature_of,
)


class NewerSchemaDataError(ValueError):
    """Raised by a ``check`` for data written by a newer scorepad."""


def _signature(path: Path) -> Signature | None:
    try:
        return signature_of(os.lstat(path))
    except FileNotFoundError:
        return None


def access_error(path: Path, exc: OSError) -> StoreAccessError:
    """The error for a store file that cannot be opened, saying what to do about it."""
    if isinstance(exc, NotRegularFileError):
        return StoreAccessError(path, str(exc.strerror), tr("move it out of the store folder"))
    return StoreAccessError(
        path, os_reason(exc), tr("check its permissions (and the disk it is on)")
    )


def encode(data: dict[str, dict[str, Any]]) -> bytes:
    """A store file's bytes, as every store file is written: compact UTF-8 JSON."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()


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
        limit: int | None = None,
        keep_parsed: bool = False,
    ) -> None:
        super().__init__()
        self.path = Path(path)
        self.root = root
        self.backups = backups
        self.check = check
        self.limit = limit
        self.keep_parsed = keep_parsed
        self._parsed: dict[str, dict[str, Any]] | None = None
        self._good_signature: Signature | None = None
        self.last_bytes: bytes | None = None
        """What was last read from or written to the file."""

    def read(self) -> dict[str, dict[str, Any]] | None:
        if self._parsed is not None and _signature(self.path) == self._good_signature:
            return {name: dict(rows) for name, rows in self._parsed.items()}
        self._parsed = None
        try:
            raw, signature = read_store_file(self.path, self.limit)
        except FileNotFoundError:
            self._good_signature = None
            return None
        except FileTooLargeError as exc:
            raise self.unreadable(str(exc)) from None
        except OSError as exc:
            raise access_error(self.path, exc) from None
        try:
            with collection_paused():  # a large catalogue: see bulk.py
                data = parse_store_json(raw)
                if self.check is not None:
                    self.check(data)
        except NewerSchemaDataError as exc:
            raise NewerSchemaError(self.path, str(exc)) from None
        except ValueError as exc:
            raise self.unreadable(str(exc)) from None
        self._good_signature = signature
        self.last_bytes = raw
        if self.keep_parsed:
            self._parsed = data
            return {name: dict(rows) for name, rows in data.items()}
        return data

    @property
    def signature(self) -> Signature | None:
        """The signature of the file as last read or written, if it was good."""
        return self._good_signature

    def known_good(self, raw: bytes, signature: Signature) -> None:
        """Take ``raw``, read elsewhere with ``signature``, as this file's last good content
        (a caller that already checked those very bytes), so that the next write keeps it as
        a backup without reading it again."""
        self._good_signature = signature
        self.last_bytes = raw

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        """Replace the file with ``data``; refused (:class:`StoreFileTooLargeError`, nothing
        written) when the file would be larger than this storage reads: a file written must
        always read back."""
        encoded = encode(data)
        limit = MAX_FILE_BYTES if self.limit is None else self.limit
        if len(encoded) > limit:
            raise StoreFileTooLargeError(self.path, len(encoded), limit)
        if self.backups is not None and _signature(self.path) == self._good_signature:
            rotate_backups(self.path, self.backups)
        self._parsed = None
        try:
            replace_atomically(self.path, encoded)
        except OSError as exc:
            reason = os_reason(exc)
            if is_read_only_error(exc):
                raise StoreReadOnlyError(self.root, reason) from None
            raise StoreWriteError(self.path, reason) from None
        self._good_signature = _signature(self.path)
        self.last_bytes = encoded
        if self.keep_parsed:
            self._parsed = data

    def unreadable(self, reason: str) -> StoreUnreadableError:
        """The error for a damaged file, with a copy of it kept aside (where one can be)."""
        kept = try_keep_damaged_copy(self.path, self.root)
        backup = (
            newest_good_backup(self.path, self.backups, self.check, self.limit)
            if self.backups
            else None
        )
        return StoreUnreadableError(self.path, reason, kept, backup)
