"""What happens to a file that cannot be read: it is kept aside, never overwritten, and can be
replaced by its newest backup that does read."""

from __future__ import annotations

import contextlib
import hashlib
import json
import shutil
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from scorepad.store.atomic import backup_paths, replace_atomically

DAMAGED_FOLDER = "damaged"


def parse_store_json(raw: bytes) -> dict[str, Any]:
    """The content of a store file, or ``ValueError`` saying why it is not one."""
    if not raw.strip():
        raise ValueError("the file is empty")
    try:
        data = json.loads(raw)
    except UnicodeDecodeError as exc:
        raise ValueError(f"not text: {exc.reason} at byte {exc.start}") from None
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}"
        raise ValueError(f"not valid JSON ({exc.msg} at {where})") from None
    if not isinstance(data, dict) or not all(isinstance(t, dict) for t in data.values()):
        raise ValueError("not a scorepad store file (unexpected structure)")
    return data


def keep_damaged_copy(path: Path, root: Path) -> Path | None:
    """Copy an unreadable file into ``damaged/`` once per distinct content; return the copy."""
    try:
        raw = path.read_bytes()
    except OSError:
        return None
    digest = hashlib.sha256(raw).hexdigest()[:10]
    folder = root / DAMAGED_FOLDER
    existing = sorted(folder.glob(f"{path.name}.*.{digest}"))
    if existing:
        return existing[0]
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    copy = folder / f"{path.name}.{stamp}.{digest}"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, copy)
    except OSError:
        return None
    return copy


def newest_good_backup(
    path: Path, backup_folder: Path, check: Callable[[dict[str, Any]], None] | None = None
) -> Path | None:
    """The newest backup that parses (and passes ``check``), if any."""
    for candidate in backup_paths(backup_folder, path.name):
        with contextlib.suppress(OSError, ValueError):
            data = parse_store_json(candidate.read_bytes())
            if check is not None:
                check(data)
            return candidate
    return None


def restore_backup(path: Path, backup: Path) -> None:
    """Replace ``path`` by ``backup`` (durably). The damaged copy was kept beforehand."""
    replace_atomically(path, backup.read_bytes())
