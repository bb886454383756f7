"""Bringing a whole damaged store back: each damaged file from its newest good backup.

(What happens to one damaged file, kept aside and restored, is ``damaged_files.py``.)

Kept apart from the store itself because it must work on a store too damaged to open. Only a
*damaged* file (wrong bytes or shape) is ever replaced, and only once a copy of it is safe in
``damaged/``. A file that cannot be opened (permissions, I/O) or that a newer scorepad wrote is
left exactly as it is and reported: restoring it would throw away what may be good data.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from filelock import FileLock, Timeout

from scorepad.i18n import os_reason
from scorepad.store.catalogue import CATALOGUE, CATALOGUE_MAX_BYTES
from scorepad.store.checks import Check, check_catalogue, check_meta, full_game_check
from scorepad.store.damaged_files import (
    keep_damaged_copy,
    newest_good_backup,
    read_checked,
    restore_backup,
)
from scorepad.store.errors import (
    DamagedCopyError,
    NewerSchemaError,
    StoreBusyError,
    StoreFileError,
    StoreReadOnlyError,
    StoreWriteError,
)
from scorepad.store.files import FileTooLargeError, is_read_only_error
from scorepad.store.games import game_files
from scorepad.store.interface import RecoveryReport
from scorepad.store.migrate import INDEX, META
from scorepad.store.storage import NewerSchemaDataError, access_error
from scorepad.store.tinydb_store import TinyDBStore


@dataclass(frozen=True)
class _Damaged:
    """A damaged file, and why."""

    reason: str


def _problem(
    path: Path, check: Check, limit: int | None = None
) -> StoreFileError | _Damaged | None:
    """What is wrong with ``path``: nothing (``None``, also for a missing file), damage, or a
    problem that recovering must not touch."""
    try:
        read_checked(path, check, limit)
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
        report.left_alone.append(DamagedCopyError(path, damage.reason, os_reason(exc)))
        return False
    return True


def recover_files(root: Path, *, lock_timeout: float = 10.0) -> RecoveryReport:
    """Bring every damaged store file back from its newest good backup.

    Works on a store too damaged to open. Each damaged file is first kept in ``damaged/``
    (if that fails, the file is left as it is). A damaged catalogue (or, in a store not yet
    upgraded, ``meta.json``) with no good backup starts fresh; either way the roster is then
    re-added from the games and the game rows rebuilt from the game files, so a restored
    catalogue never forgets a player who has a game. A damaged game with no good backup is
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
        reason = os_reason(exc)
        if is_read_only_error(exc):
            raise StoreReadOnlyError(root, reason) from None
        raise StoreWriteError(root, reason) from None
    brought_back = set(report.restored + report.started_fresh)
    if brought_back & {root / CATALOGUE, root / META}:
        store = TinyDBStore(root, lock_timeout=lock_timeout)
        store.add_players([p for s in store.list_games() for p in s.players])
    return report


def _recover_truth(
    root: Path, name: str, check: Check, report: RecoveryReport, limit: int | None = None
) -> None:
    """Restore the damaged file ``name`` (the catalogue, or an old store's ``meta.json``)
    from its newest good backup, or let it start fresh (its copy is in damaged/)."""
    path = root / name
    problem = _problem(path, check, limit)
    if isinstance(problem, StoreFileError):
        report.left_alone.append(problem)
    elif problem is not None and _kept_aside(path, root, problem, report):
        backup = newest_good_backup(path, root / "backups", check, limit)
        if backup is not None:
            restore_backup(path, backup, limit)
            report.restored.append(path)
        else:
            path.unlink()  # the store makes a new one, its roster from the games
            report.started_fresh.append(path)


def _recover_files(root: Path, report: RecoveryReport) -> None:
    _recover_truth(root, CATALOGUE, check_catalogue, report, CATALOGUE_MAX_BYTES)
    if os.path.lexists(root / META) and not os.path.lexists(root / CATALOGUE):  # not upgraded
        _recover_truth(root, META, check_meta, report)
    index = root / INDEX
    if isinstance(_problem(index, lambda _: None), _Damaged):
        try:  # only a cache (of a store not yet upgraded): rebuilt from the games
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
