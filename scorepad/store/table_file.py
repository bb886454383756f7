"""The shared table's own file in the store folder: its PIN, token, seats and secret bids.

Kept apart from the game records on purpose. A backup, an export or a restore reads the games
(TinyDB's files), never this one, so a secret bid can never leave with a game; and the file is
created readable and writable by the store's owner only (mode 0600, like every file the store
writes), because it holds the scorekeeper's token. What the bytes mean is the shared table's
business (:mod:`scorepad.sharing.kept_state`): the store only keeps them, durably (written and
fsynced before the change they record is shown), and reads them back safely.
"""

from __future__ import annotations

import contextlib
import os
from datetime import UTC, datetime
from pathlib import Path

from scorepad.i18n import tr
from scorepad.store.atomic import fsync_folder, replace_atomically
from scorepad.store.files import read_store_file

__all__ = ["TABLE_FILE_MAX_BYTES", "TABLE_FILE_NAME", "TableFile"]

TABLE_FILE_NAME = "shared-table.json"
TABLE_FILE_MAX_BYTES = 1024 * 1024
"""Far more than a table of a dozen phones needs (a few KB); a larger file is not ours."""


class TableFile:
    """Reads and writes the shared table's file in the store folder ``root``."""

    def __init__(self, root: Path) -> None:
        self.path = root / TABLE_FILE_NAME

    def read(self) -> bytes | None:
        """The file's bytes (``None``: no table kept yet). Raises ``OSError`` for a file that
        cannot be read or is not a regular file, ``ValueError`` for one far too large."""
        try:
            return read_store_file(self.path, TABLE_FILE_MAX_BYTES).data
        except FileNotFoundError:
            return None

    def write(self, data: bytes) -> None:
        """Replace the file with ``data``, durably, readable by the owner only."""
        if len(data) > TABLE_FILE_MAX_BYTES:
            raise OSError(
                tr("the table would take {size} bytes, over {limit}").format(
                    size=len(data), limit=TABLE_FILE_MAX_BYTES
                )
            )
        self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        replace_atomically(self.path, data)

    def set_aside(self) -> Path | None:
        """Move the file out of the way (unreadable, or a new table asked for), keeping it
        beside the store as ``shared-table.json.<time>.old``; returns where, if it existed."""
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
        kept = self.path.with_name(f"{self.path.name}.{stamp}.old")
        try:
            os.replace(self.path, kept)
        except FileNotFoundError:
            return None
        with contextlib.suppress(OSError):
            fsync_folder(self.path.parent)
        return kept
