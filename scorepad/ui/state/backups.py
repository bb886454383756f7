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
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from scorepad.engine import quoted, spoken_list
from scorepad.i18n import N_, describe, say, tr, tr_n
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
BACK_UP = N_("Back up all games")
"""The home screen's button that saves a backup, as a refusal names it (marked for the
catalogue: ``tr(BACK_UP)`` where it is shown)."""


def backup_file(store: Store, day: date) -> ExportFile:
    """The whole store as one file to download, named for the day it was made; a game file
    that cannot be read cannot be in it, and the message after saving names it (the home
    list shows it under "Cannot be read", with its way to recover)."""
    text = json.dumps(store.backup(), ensure_ascii=False, indent=2) + "\n"
    damaged = [summary.id for summary in store.list_games(ListedStatus.DAMAGED)]
    left_out = (
        " "
        + tr_n(
            "Not in it: {count} game that cannot be read ({games}); "
            "see Cannot be read on the list.",
            "Not in it: {count} games that cannot be read ({games}); "
            "see Cannot be read on the list.",
            len(damaged),
        ).format(count=len(damaged), games=_listed(damaged))
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
        super().__init__(
            tr("{file} was not restored: {problem}; nothing was changed").format(
                file=quoted(file_name), problem=problem
            )
        )


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
            tr(
                "pick one backup file to restore, not {count} ({names}); nothing was changed"
            ).format(count=len(files), names=names)
        )
    (file,) = files
    if file.data is None:
        raise BackupRefusedError(file.name, tr(UNREAD_CONTENT))
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
        return tr("it is a game record, not a backup: bring it in with Import a game")
    if isinstance(problem, BackupFormatError):
        return tr("it is not a scorepad backup ({reason}); pick a file saved by {button}").format(
            reason=say(problem.reason), button=tr(BACK_UP)
        )
    if isinstance(problem, BackupDamagedError):
        return tr("the backup is damaged ({where}: {problem}); use another copy").format(
            where=say(problem.where), problem=say(problem.problem)
        )
    if isinstance(problem, BackupTooNewError):
        return tr(
            "a newer scorepad made it ({what} {found}; this one reads up to {known}); "
            "update scorepad to restore it"
        ).format(what=say(problem.what), found=problem.found, known=problem.known)
    return describe(problem)


def restored_in_words(file_name: str, report: RestoreReport) -> str:
    """What a restore did, for the message line: what came in, then what was already here
    or kept as it is here (a merge never writes over anything)."""
    added = _brought_in(
        len(report.restored), len(report.players_added), len(report.house_rules_added)
    )
    file = quoted(file_name)
    lines = [
        tr("Restored {what} from {file}.").format(what=added, file=file)
        if added
        else tr("Nothing new in {file}: this device has all of it already.").format(file=file)
    ]
    if report.skipped:
        skipped = len(report.skipped)
        lines.append(
            tr_n(
                "{count} game already here: left as they are.",
                "{count} games already here: left as they are.",
                skipped,
            ).format(count=skipped)
        )
    if report.renumbered:
        renumbered = _listed(
            # TRANSLATORS: a game stored under a new id in a restore ("1a2b as 3c4d")
            tr("{old} as {new}").format(old=old, new=new)
            for old, new in report.renumbered.items()
        )
        lines.append(
            tr("Stored under a new id, as another game here has its own: {games}.").format(
                games=renumbered
            )
        )
    lines.extend(f"{_capitalised(say(change))}." for change in report.roster_changes)
    lines.extend(f"{_capitalised(say(kept))}." for kept in report.roster_kept)
    if report.players_extended:
        names = spoken_list(report.players_extended)
        lines.append(tr("{names} also go by the former names the backup knew.").format(names=names))
    if report.house_rules_kept:
        names = spoken_list([quoted(name) for name in report.house_rules_kept])
        lines.append(
            tr("Kept the house rules {names} as they are here (the backup's differ).").format(
                names=names
            )
        )
    return "\n".join(lines)


def _brought_in(games: int, players: int, house_rules: int) -> str:
    """What a restore brought, in words ("3 games and 1 house rule"), the empty counts left
    out; "" when it brought nothing."""
    words = []
    if games:
        words.append(tr_n("{count} game", "{count} games", games).format(count=games))
    if players:
        words.append(tr_n("{count} player", "{count} players", players).format(count=players))
    if house_rules:
        words.append(
            tr_n("{count} house rule", "{count} house rules", house_rules).format(count=house_rules)
        )
    return spoken_list(words)


def _listed(items: Iterable[str]) -> str:
    """Items one after the other, as a list in a sentence ("1a2b, 3c4d")."""
    # TRANSLATORS: between the items of a list ("Ann, Bob, Cat")
    return tr(", ").join(items)


def _capitalised(text: str) -> str:
    return f"{text[:1].upper()}{text[1:]}"
