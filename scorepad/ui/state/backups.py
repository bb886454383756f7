"""Every game in one file, and back (issue 24): the home screen's "Back up all games" and
"Restore a backup", for a table with no laptop (the offline app keeps its games in one
browser, which may clear them) as much as for one with.

The file is the store's own backup, the one ``scorepad backup`` writes (every game, the
roster, the house rules and the settings), so either restores the other's. A restore here is
always the CLI's ``--merge``: it adds what this device lacks and changes nothing it holds, so
restoring the same file twice, or into a device with games of its own, loses nothing. The
file is checked whole first (:func:`~scorepad.store.backup.parse_backup`): a bad one changes
nothing and says why in one line that quotes its name.
No Flet here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date

from scorepad.engine import counted, quoted, spoken_list
from scorepad.store import (
    BackupDamagedError,
    BackupError,
    BackupFormatError,
    BackupTooNewError,
    ListedStatus,
    RecordNotBackupError,
    RestoreReport,
    Store,
    parse_backup,
)
from scorepad.store.backup import Backup
from scorepad.ui.state.errors import ActionRefused
from scorepad.ui.state.exports import ExportFile, ExportKind
from scorepad.ui.state.imports import UNREAD_CONTENT, PickedFile

ALL_GAMES_FILE = "scorepad-backup-{day:%Y-%m-%d}.json"
BACK_UP = "Back up all games"
"""The home screen's button that saves a backup, as a refusal names it."""


def backup_file(store: Store, day: date) -> ExportFile:
    """The whole store as one file to download, named for the day it was made; a game file
    that cannot be read cannot be in it, and the message after saving names it (the home
    list shows it under "Cannot be read", with its way to recover)."""
    text = json.dumps(store.backup(), ensure_ascii=False, indent=2) + "\n"
    damaged = [summary.id for summary in store.list_games(ListedStatus.DAMAGED)]
    left_out = (
        f" Not in it: {counted((len(damaged), 'game'))} that cannot be read "
        f"({', '.join(damaged)}); see Cannot be read on the list."
        if damaged
        else ""
    )
    name = ALL_GAMES_FILE.format(day=day)
    return ExportFile(ExportKind.BACKUP, name, text.encode("utf-8"), left_out)


class BackupRefusedError(ActionRefused):
    """A file picked to restore that is not a backup this app can restore: nothing was
    changed, and the message quotes the file's name."""

    def __init__(self, file_name: str, problem: str) -> None:
        self.file_name = file_name
        super().__init__(f"{quoted(file_name)} was not restored: {problem}; nothing was changed")


@dataclass(frozen=True)
class PickedBackup:
    """A backup file picked, read and checked whole: ready to restore."""

    file_name: str
    backup: Backup


def read_picked_backup(files: list[PickedFile]) -> PickedBackup:
    """The one backup file picked, checked whole (:class:`BackupRefusedError` otherwise)."""
    if len(files) != 1:
        names = spoken_list([quoted(file.name) for file in files])
        raise ActionRefused(
            f"pick one backup file to restore, not {len(files)} ({names}); nothing was changed"
        )
    (file,) = files
    if file.data is None:
        raise BackupRefusedError(file.name, UNREAD_CONTENT)
    try:
        backup = parse_backup(file.data)  # its size, its JSON, every game: checked whole
    except BackupError as problem:
        raise BackupRefusedError(file.name, why_not_restored(problem)) from None
    return PickedBackup(file.name, backup)


def why_not_restored(problem: BackupError) -> str:
    """A refused backup in the app's words: its buttons, not the CLI's commands, and said
    once (the store's messages end "(nothing was restored)"; the app's add "nothing was
    changed" to every refusal)."""
    if isinstance(problem, RecordNotBackupError):
        return "it is a game record, not a backup: bring it in with Import a game"
    if isinstance(problem, BackupFormatError):
        return f"it is not a scorepad backup ({problem.reason}); pick a file saved by {BACK_UP}"
    if isinstance(problem, BackupDamagedError):
        return f"the backup is damaged ({problem.where}: {problem.problem}); use another copy"
    if isinstance(problem, BackupTooNewError):
        return (
            f"a newer scorepad made it ({problem.what} {problem.found}; this one reads up to "
            f"{problem.known}); update scorepad to restore it"
        )
    return str(problem)


def restored_in_words(file_name: str, report: RestoreReport) -> str:
    """What a restore did, for the message line: what came in, then what was already here
    or kept as it is here (a merge never writes over anything)."""
    added = counted(
        (len(report.restored), "game"),
        (len(report.players_added), "player"),
        (len(report.house_rules_added), "house rule"),
    )
    lines = [
        f"Restored {added} from {quoted(file_name)}."
        if added
        else f"Nothing new in {quoted(file_name)}: this device has all of it already."
    ]
    if report.skipped:
        lines.append(f"{counted((len(report.skipped), 'game'))} already here: left as they are.")
    if report.renumbered:
        renumbered = ", ".join(f"{old} as {new}" for old, new in report.renumbered.items())
        lines.append(f"Stored under a new id, as another game here has its own: {renumbered}.")
    lines.extend(f"{change[:1].upper()}{change[1:]}." for change in report.roster_changes)
    lines.extend(f"{kept[:1].upper()}{kept[1:]}." for kept in report.roster_kept)
    if report.players_extended:
        names = spoken_list(report.players_extended)
        lines.append(f"{names} also go by the former names the backup knew.")
    if report.house_rules_kept:
        names = spoken_list([quoted(name) for name in report.house_rules_kept])
        lines.append(f"Kept the house rules {names} as they are here (the backup's differ).")
    return "\n".join(lines)
