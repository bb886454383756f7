"""One damaged file at a time: a file that cannot be read is kept aside in ``damaged/``,
never overwritten, and can be replaced by its newest backup that does read.

(Bringing back a whole store, file by file, is ``recover.py``.)"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from scorepad.i18n import tr
from scorepad.store.atomic import backup_paths, replace_atomically
from scorepad.store.files import content_digest, link_or_copy, read_store_file

DAMAGED_FOLDER = "damaged"

_DOC_ID = re.compile(r"[0-9]{1,18}")
"""A TinyDB document id as a key of a table (TinyDB turns it into an int)."""


def parse_store_json(raw: bytes) -> dict[str, Any]:
    """The content of a store file, or ``ValueError`` saying why it is not one.

    Beyond JSON, the shape TinyDB relies on is checked here (tables of documents keyed by
    number), so that a wrong shape is reported as damage rather than failing inside TinyDB.
    """
    if not raw.strip():
        raise ValueError(tr("the file is empty"))
    try:
        data = json.loads(raw)
    except UnicodeDecodeError as exc:
        # TRANSLATORS: {reason} is Python's own words ("invalid start byte")
        said = tr("not text: {reason} at byte {byte}")
        raise ValueError(said.format(reason=exc.reason, byte=exc.start)) from None
    except json.JSONDecodeError as exc:
        # TRANSLATORS: {problem} is Python's JSON reader's own words ("Expecting value")
        said = tr("not valid JSON ({problem} at line {line}, column {column})")
        raise ValueError(said.format(problem=exc.msg, line=exc.lineno, column=exc.colno)) from None
    except RecursionError:
        raise ValueError(tr("not a scorepad store file (nested far too deeply)")) from None
    except ValueError as exc:  # e.g. a number too long to convert
        raise ValueError(tr("not valid JSON ({problem})").format(problem=exc)) from None
    if not isinstance(data, dict) or not all(
        isinstance(table, dict)
        and all(_DOC_ID.fullmatch(key) and isinstance(row, dict) for key, row in table.items())
        for table in data.values()
    ):
        raise ValueError(tr("not a scorepad store file (unexpected structure)"))
    return data


def keep_damaged_copy(path: Path, root: Path) -> Path:
    """Keep an unreadable file in ``damaged/``, once per distinct content; return the copy.

    The copy is a hard link where the file system allows (no data copied, whatever the size;
    a later restore gives ``path`` a new inode, so the link keeps the damaged bytes). Raises
    ``OSError`` when no copy could be made: then the file must not be replaced.
    """
    digest = content_digest(path)
    folder = root / DAMAGED_FOLDER
    existing = sorted(folder.glob(f"{path.name}.*.{digest}"))
    if existing:
        return existing[0]
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    copy = folder / f"{path.name}.{stamp}.{digest}"
    folder.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(FileExistsError):
        link_or_copy(path, copy)  # a regular file: content_digest opened it without following
    return copy


def try_keep_damaged_copy(path: Path, root: Path) -> Path | None:
    """:func:`keep_damaged_copy`, or ``None`` where it could not be made (a read-only store)."""
    try:
        return keep_damaged_copy(path, root)
    except OSError:
        return None


def read_checked(
    path: Path, check: Callable[[dict[str, Any]], None] | None, limit: int | None = None
) -> dict[str, Any]:
    """The parsed content of ``path`` that passes ``check``; ``OSError`` or ``ValueError``."""
    data = parse_store_json(read_store_file(path, limit).data)
    if check is not None:
        check(data)
    return data


def newest_good_backup(
    path: Path,
    backup_folder: Path,
    check: Callable[[dict[str, Any]], None] | None = None,
    limit: int | None = None,
) -> Path | None:
    """The newest backup that parses (and passes ``check``), if any."""
    for candidate in backup_paths(backup_folder, path.name):
        with contextlib.suppress(OSError, ValueError):
            read_checked(candidate, check, limit)
            return candidate
    return None


def restore_backup(path: Path, backup: Path, limit: int | None = None) -> None:
    """Replace ``path`` by ``backup`` (durably). The damaged copy was kept beforehand."""
    replace_atomically(path, read_store_file(backup, limit).data)
