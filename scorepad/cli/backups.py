"""Commands that keep the store safe: recover a damaged store, back it up, restore a backup."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from scorepad.cli.common import (
    EXIT_INVALID,
    EXIT_OK,
    CommandError,
    json_text,
    open_the_store,
    store_folder,
)
from scorepad.engine import counted, shown
from scorepad.inputs import InputFileError, read_user_file
from scorepad.outputs import PRIVATE_FILE_MODE, ExportTarget
from scorepad.store import ListedStatus, StoreError, recover_store
from scorepad.store.backup import BACKUP_MAX_BYTES, parse_backup
from scorepad.store.errors import BackupError


def command_recover(args: argparse.Namespace) -> int:
    root = store_folder(args)
    if not root.exists():
        raise CommandError(f"there is no store at {root}")
    try:
        report = recover_store(root)
    except (StoreError, OSError) as exc:
        raise CommandError(str(exc)) from None
    for path in report.restored:
        print(f"restored {path} from its last good backup")
    for path in report.started_fresh:
        print(f"started {path} afresh (no good backup); the roster was rebuilt from the games")
    for path in report.lost:
        print(f"could not recover {path}: no good backup (a copy is in {root / 'damaged'})")
    for problem in report.left_alone:  # cannot be opened, or from a newer scorepad: untouched
        print(f"scorepad: left as it is: {shown(str(problem))}", file=sys.stderr)
    if not (report.restored or report.started_fresh or report.lost or report.left_alone):
        print(f"every file in {root} reads fine; nothing to do")
    return EXIT_INVALID if report.lost or report.left_alone else EXIT_OK


def command_backup(args: argparse.Namespace) -> int:
    """Write the whole store to a new file (``--force``: replace one), as ``export`` writes;
    a damaged game, which cannot be in it, is named and makes the exit code say so."""
    store = open_the_store(args)
    out = Path(args.file)
    try:
        with ExportTarget.open(out, force=args.force, store_root=store.root) as target:
            document = store.backup()
            damaged = store.list_games(ListedStatus.DAMAGED)
            # the whole store: readable by its owner only, as the store's own files are
            target.write(json_text(document).encode(), PRIVATE_FILE_MODE)
    except (InputFileError, StoreError) as exc:
        raise CommandError(str(exc)) from None
    held = counted(
        (len(document["games"]), "game"),
        (len(document["roster"]), "player"),
        (len(document["house_rules"]), "house rule"),
    )
    print(f"backed up {held or 'an empty store'} to {shown(str(out))}")
    for summary in damaged:
        print(
            f"scorepad: not in the backup: game {summary.id} cannot be read "
            f"({shown(summary.problem or 'damaged')})",
            file=sys.stderr,
        )
    if damaged:
        raise CommandError(
            f"{len(damaged)} damaged game(s) not backed up (see above); "
            "scorepad recover may bring them back, then back up again"
        )
    return EXIT_OK


def command_restore(args: argparse.Namespace) -> int:
    """Restore a backup file: into an empty store as it is, or with ``--merge`` adding what
    the store lacks. The file is checked whole first: a bad one changes nothing (not even
    an empty store is made for it)."""
    path = Path(args.file)
    try:
        backup = parse_backup(read_user_file(path, BACKUP_MAX_BYTES))
    except InputFileError as exc:
        raise CommandError(str(exc)) from None
    except BackupError as exc:
        raise CommandError(f"{shown(str(path))}: {exc}") from None
    store = open_the_store(args)
    try:
        report = store.restore(backup, merge=args.merge)
    except StoreError as exc:
        raise CommandError(str(exc)) from None
    for old_id, stored_id in report.skipped.items():
        print(f"skipped game {old_id}: already stored as {stored_id}")
    for old_id, new_id in report.renumbered.items():
        print(f"restored game {old_id} as {new_id} (its id is another game's here)")
    for name in report.house_rules_kept:
        print(f"kept the house rule {shown(repr(name))} as it is here (the backup's differs)")
    for change in report.roster_changes:
        print(shown(change))
    for kept in report.roster_kept:
        print(shown(kept))
    for name in report.players_extended:
        print(f"{shown(name)} also goes by the former names the backup knew")
    held = counted(
        (len(report.restored), "game"),
        (len(report.players_added), "player"),
        (len(report.house_rules_added), "house rule"),
        also=["the settings"] if report.settings_restored else [],
    )
    print(f"restored {held or 'nothing new'} from {shown(str(path))}")
    return EXIT_OK
