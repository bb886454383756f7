"""Bringing a damaged store back: each damaged file from its newest good backup.

Kept apart from the store itself because it must work on a store too damaged to open. Only a
*damaged* file (wrong bytes or shape) is ever replaced, and only once a copy of it is safe in
``damaged/``. A file that cannot be opened (permissions, I/O) or that a newer scorepad wrote is
left exactly as it is and reported: restoring it would throw away what may be good data.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from filelock import FileLock, Timeout

from scorepad.store.checks import Check, check_meta, full_game_check
from scorepad.store.errors import (
    DamagedCopyError,
    NewerSchemaError,
    StoreBusyError,
    StoreFileError,
    StoreReadOnlyError,
    StoreWriteError,
)
from scorepad.store.files import FileTooLargeError, is_read_only_error
from scorepad.store.recovery import (
    keep_damaged_copy,
    newest_good_backup,
    read_checked,
    restore_backup,
)
from scorepad.store.storage import NewerSchemaDataError, access_error
from scorepad.store.tinydb_store import TinyDBStore, game_files

META = "meta.json"
INDEX = "index.json"


@dataclass
class RecoveryReport:
    """What :func:`recover_store` did, file by file."""

    restored: list[Path] = field(default_factory=list)
    """Damaged files replaced by their newest good backup (the bad one kept in damaged/)."""
    started_fresh: list[Path] = field(default_factory=list)
    """Damaged files with no good backup that could be rebuilt from the games."""
    lost: list[Path] = field(default_factory=list)
    """Damaged game files with no good backup: kept as they are (and in damaged/)."""
    left_alone: list[StoreFileError] = field(default_factory=list)
    """Files not touched, each with why and what to do: they cannot be opened, a newer
    scorepad wrote them, or no copy of a damaged one could be kept aside."""

    @property
    def anything_done(self) -> bool:
        return bool(self.restored or self.started_fresh)


@dataclass(frozen=True)
class _Damaged:
    """A damaged file, and why."""

    reason: str


def _problem(path: Path, check: Check) -> StoreFileError | _Damaged | None:
    """What is wrong with ``path``: nothing (``None``, also for a missing file), damage, or a
    problem that recovering must not touch."""
    try:
        read_checked(path, check)
    except FileNotFoundError:
        return None
    except FileTooLargeError as exc:
        return _Damaged(str(exc))
    except OSError as exc:
        return access_error(path, exc)
    except NewerSchemaDataError as exc:
        return NewerSchemaError(path, str(exc))
    except ValueError as exc:
        return _Damaged(str(exc))
    return None


def _kept_aside(path: Path, root: Path, damage: _Damaged, report: RecoveryReport) -> bool:
    """Keep a copy of a damaged file; if none can be kept, report it left alone."""
    try:
        keep_damaged_copy(path, root)
    except OSError as exc:
        report.left_alone.append(DamagedCopyError(path, damage.reason, exc.strerror or str(exc)))
        return False
    return True


def recover_store(root: Path, *, lock_timeout: float = 10.0) -> RecoveryReport:
    """Bring every damaged store file back from its newest good backup.

    Works on a store too damaged to open. Each damaged file is first kept in ``damaged/``
    (if that fails, the file is left as it is). A damaged ``meta.json`` with no good backup
    starts fresh; either way the roster is then re-added from the games, so a restored
    ``meta.json`` never forgets a player who has a game. A damaged game with no good backup is
    left in place (and listed as damaged).
    """
    root = Path(root)
    report = RecoveryReport()
    try:
        with FileLock(root / ".lock", timeout=lock_timeout):
            _recover_files(root, report)
    except Timeout:
        raise StoreBusyError(root / ".lock", lock_timeout) from None
    except OSError as exc:
        reason = exc.strerror or str(exc)
        if is_read_only_error(exc):
            raise StoreReadOnlyError(root, reason) from None
        raise StoreWriteError(root, reason) from None
    meta = root / META
    if meta in report.restored or meta in report.started_fresh:
        store = TinyDBStore(root, lock_timeout=lock_timeout)
        store.add_players([p for s in store.list_games() for p in s.players])
    return report


def _recover_files(root: Path, report: RecoveryReport) -> None:
    meta = root / META
    problem = _problem(meta, check_meta)
    if isinstance(problem, StoreFileError):
        report.left_alone.append(problem)
    elif problem is not None and _kept_aside(meta, root, problem, report):
        backup = newest_good_backup(meta, root / "backups", check_meta)
        if backup is not None:
            restore_backup(meta, backup)
            report.restored.append(meta)
        else:
            meta.unlink()  # its copy is in damaged/; the store writes a new one
            report.started_fresh.append(meta)
    index = root / INDEX
    if isinstance(_problem(index, lambda _: None), _Damaged):
        try:  # only a cache: rebuilt from the games
            keep_damaged_copy(index, root)
            index.unlink()
        except OSError:
            pass
    for game_id in sorted(game_files(root / "games")):
        path = root / "games" / f"{game_id}.json"
        check = full_game_check(game_id)
        problem = _problem(path, check)
        if isinstance(problem, StoreFileError):
            report.left_alone.append(problem)
        elif problem is not None and _kept_aside(path, root, problem, report):
            backup = newest_good_backup(path, root / "backups" / "games", check)
            if backup is not None:
                restore_backup(path, backup)
                report.restored.append(path)
            else:
                report.lost.append(path)
