"""Durable file replacement: a reader sees the old file or the new one, never half of either.

The recipe: write a temp file in the same folder, flush and fsync it, rename it over the target,
fsync the folder so the rename itself survives power loss. A failed write (disk full) removes
its temp file and leaves the target untouched. (The ``atomicwrites`` package that once did this
is archived and unmaintained, hence these few lines.)

Before a good file is replaced, it is kept as the newest of a few rolling backups, hard-linked
(no copy of the data) where the file system allows, copied where it does not (Pyodide in a
browser has no hard links at all).
"""

from __future__ import annotations

import contextlib
import os
import threading
from pathlib import Path

from scorepad.store.files import link_or_copy

TEMP_SUFFIX = ".scorepad-tmp"
BACKUPS_KEPT = 3
BACKUP_SPACING_NS = 1_000_000_000


def fsync_folder(folder: Path) -> None:
    """Make a rename or unlink in ``folder`` durable (a no-op where folders cannot be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def temp_path_for(path: Path) -> Path:
    """A temp file name next to ``path``, unique to this process and thread (writers of one
    file take turns under the store lock, so no two live writers share a name)."""
    return path.with_name(f".{path.name}.{os.getpid()}-{threading.get_ident()}{TEMP_SUFFIX}")


def replace_atomically(path: Path, data: bytes) -> None:
    """Put ``data`` at ``path`` durably. Raises ``OSError`` with the target untouched."""
    temp_name = temp_path_for(path)
    try:
        flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0)
        fd = os.open(temp_name, flags, 0o600)  # never write through a symlink left in its place
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            getattr(os, "fdatasync", os.fsync)(handle.fileno())
        os.replace(temp_name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        raise
    fsync_folder(path.parent)


def remove_temp_litter(folder: Path) -> list[Path]:
    """Delete temp files left by writers that were killed mid-write. Call under the store lock,
    so that no live writer's temp file is taken."""
    removed = []
    for leftover in folder.glob(f".*{TEMP_SUFFIX}"):
        with contextlib.suppress(OSError):  # gone, or not ours to remove (a folder): leave it
            leftover.unlink()
            removed.append(leftover)
    return removed


def backup_paths(backup_folder: Path, name: str) -> list[Path]:
    """The backup slots of a file, newest first (some may not exist yet)."""
    return [backup_folder / f"{name}.{n}" for n in range(1, BACKUPS_KEPT + 1)]


def rotate_backups(path: Path, backup_folder: Path) -> None:
    """Keep the version of ``path`` about to be replaced as backup 1, shifting older ones down.

    Backups are spaced at least :data:`BACKUP_SPACING_NS` apart: a version written within
    that time of the newest backup is not kept, so three backups reach back over three
    moments rather than three taps of the same second (and a burst of saves costs no extra
    file operations). A backup is a hard link to the old version (no data copied; its
    replacement gets a new inode). Best effort: a backup that cannot be made (disk full)
    must not stop the save itself; restoring checks a backup before trusting it anyway.
    """
    versions = backup_paths(backup_folder, path.name)
    try:
        current = path.stat().st_mtime_ns
    except FileNotFoundError:
        return
    try:
        if current - versions[0].stat().st_mtime_ns < BACKUP_SPACING_NS:
            return
    except FileNotFoundError:
        pass
    try:
        backup_folder.mkdir(parents=True, exist_ok=True)
        for newer, older in zip(reversed(versions[:-1]), reversed(versions[1:]), strict=True):
            with contextlib.suppress(FileNotFoundError):
                os.replace(newer, older)
        link_or_copy(path, versions[0])
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(versions[0])
