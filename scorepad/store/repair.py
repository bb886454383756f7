"""Bringing a damaged store back: each unreadable file from its newest good backup.

Kept apart from the store itself because it must work on a store too damaged to open.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from filelock import FileLock
from pydantic import ValidationError

from scorepad.engine import Game
from scorepad.store.models import StoredGame
from scorepad.store.recovery import (
    keep_damaged_copy,
    newest_good_backup,
    parse_store_json,
    restore_backup,
)
from scorepad.store.tinydb_store import ONE, TinyDBStore, check_game_file, check_meta


@dataclass
class RecoveryReport:
    """What :func:`recover_store` did, file by file."""

    restored: list[Path] = field(default_factory=list)
    """Unreadable files replaced by their newest good backup (the bad one kept in damaged/)."""
    started_fresh: list[Path] = field(default_factory=list)
    """Unreadable files with no good backup that could be rebuilt from the games."""
    lost: list[Path] = field(default_factory=list)
    """Unreadable game files with no good backup: kept as they are (and in damaged/)."""

    @property
    def anything_done(self) -> bool:
        return bool(self.restored or self.started_fresh)


def _full_game_check(data: dict[str, Any]) -> None:
    check_game_file(data)
    try:
        Game(StoredGame.model_validate(data["game"][str(ONE)]).record)
    except ValidationError as exc:
        raise ValueError(str(exc)) from None


def recover_store(root: Path, *, lock_timeout: float = 10.0) -> RecoveryReport:
    """Bring every unreadable store file back from its newest good backup.

    Works on a store too damaged to open. Each bad file is first kept in ``damaged/``. A
    damaged ``meta.json`` with no good backup starts fresh with the roster rebuilt from the
    games; a damaged game with no good backup is left in place (and listed as damaged).
    """
    root = Path(root)
    report = RecoveryReport()
    with FileLock(root / ".lock", timeout=lock_timeout):
        meta = root / "meta.json"
        if meta.exists() and not _readable(meta, check_meta):
            backup = newest_good_backup(meta, root / "backups", check_meta)
            keep_damaged_copy(meta, root)
            if backup is not None:
                restore_backup(meta, backup)
                report.restored.append(meta)
            else:
                meta.rename(meta.with_suffix(".json.unreadable"))
                report.started_fresh.append(meta)
        index = root / "index.json"
        if index.exists() and not _readable(index, None):
            keep_damaged_copy(index, root)
            index.unlink()
        for path in sorted((root / "games").glob("*.json")):
            if _readable(path, _full_game_check):
                continue
            keep_damaged_copy(path, root)
            backup = newest_good_backup(path, root / "backups" / "games", _full_game_check)
            if backup is not None:
                restore_backup(path, backup)
                report.restored.append(path)
            else:
                report.lost.append(path)
    if report.started_fresh:
        store = TinyDBStore(root, lock_timeout=lock_timeout)
        players = [p for s in store.list_games() for p in s.players]
        store.add_players(players)
    return report


def _readable(path: Path, check: Callable[[dict[str, Any]], None] | None) -> bool:
    try:
        data = parse_store_json(path.read_bytes())
        if check is not None:
            check(data)
    except (OSError, ValueError):
        return False
    return True
