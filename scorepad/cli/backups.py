"""Commands that keep the store safe: recover a damaged store, back it up, restore a backup."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from scorepad.cli.common import (
    EXIT_INVALID,
    EXIT_OK,
    CommandError,
    in_file,
    json_text,
    open_the_store,
    store_folder,
)
from scorepad.engine import shown
from scorepad.i18n import describe, say, tr, tr_n
from scorepad.inputs import InputFileError, read_user_file
from scorepad.outputs import PRIVATE_FILE_MODE, ExportTarget
from scorepad.store import ListedStatus, StoreError, recover_store
from scorepad.store.backup import BACKUP_MAX_BYTES, parse_backup, said_list
from scorepad.store.errors import BackupError


def command_recover(args: argparse.Namespace) -> int:
    root = store_folder(args)
    if not root.exists():
        raise CommandError(tr("there is no store at {folder}").format(folder=root))
    try:
        report = recover_store(root)
    except (StoreError, OSError) as exc:
        raise CommandError(describe(exc)) from None
    for path in report.restored:
        print(tr("restored {path} from its last good backup").format(path=path))
    for path in report.started_fresh:
        print(
            tr(
                "started {path} afresh (no good backup); the roster was rebuilt from the games"
            ).format(path=path)
        )
    for path in report.lost:
        print(
            tr("could not recover {path}: no good backup (a copy is in {folder})").format(
                path=path, folder=root / "damaged"
            )
        )
    for problem in report.left_alone:  # cannot be opened, or from a newer scorepad: untouched
        left = tr("left as it is: {problem}").format(problem=shown(describe(problem)))
        print(f"scorepad: {left}", file=sys.stderr)
    if not (report.restored or report.started_fresh or report.lost or report.left_alone):
        print(tr("every file in {folder} reads fine; nothing to do").format(folder=root))
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
        raise CommandError(describe(exc)) from None
    held = counted(len(document["games"]), len(document["roster"]), len(document["house_rules"]))
    print(
        tr("backed up {what} to {file}").format(
            what=held or tr("an empty store"), file=shown(str(out))
        )
    )
    for summary in damaged:
        not_in_it = tr("not in the backup: game {game} cannot be read ({problem})").format(
            game=summary.id, problem=shown(summary.problem or tr("damaged"))
        )
        print(f"scorepad: {not_in_it}", file=sys.stderr)
    if damaged:
        # the English has said "game(s)" for any count: both forms keep it, and a
        # translation has its own form for each count
        raise CommandError(
            tr_n(
                "{count} damaged game(s) not backed up (see above); "
                "scorepad recover may bring them back, then back up again",
                "{count} damaged game(s) not backed up (see above); "
                "scorepad recover may bring them back, then back up again",
                len(damaged),
            ).format(count=len(damaged))
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
        raise CommandError(describe(exc)) from None
    except BackupError as exc:
        raise CommandError(in_file(path, exc)) from None
    store = open_the_store(args)
    try:
        report = store.restore(backup, merge=args.merge)
    except StoreError as exc:
        raise CommandError(describe(exc)) from None
    for old_id, stored_id in report.skipped.items():
        print(
            tr("skipped game {game}: already stored as {stored}").format(
                game=old_id, stored=stored_id
            )
        )
    for old_id, new_id in report.renumbered.items():
        print(
            tr("restored game {game} as {new_id} (its id is another game's here)").format(
                game=old_id, new_id=new_id
            )
        )
    for name in report.house_rules_kept:
        print(
            tr("kept the house rule {name} as it is here (the backup's differs)").format(
                name=shown(repr(name))
            )
        )
    for change in report.roster_changes:
        print(shown(say(change)))
    for kept in report.roster_kept:
        print(shown(say(kept)))
    for name in report.players_extended:
        print(tr("{name} also goes by the former names the backup knew").format(name=shown(name)))
    held = counted(
        len(report.restored),
        len(report.players_added),
        len(report.house_rules_added),
        settings=report.settings_restored,
    )
    print(
        tr("restored {what} from {file}").format(
            what=held or tr("nothing new"), file=shown(str(path))
        )
    )
    return EXIT_OK


def counted(games: int, players: int, house_rules: int, *, settings: bool = False) -> str:
    """What a backup holds or a restore brought, in words, the empty counts left out:
    "3 games, 1 player and the settings" ("" for nothing)."""
    words = []
    if games:
        words.append(tr_n("{count} game", "{count} games", games).format(count=games))
    if players:
        words.append(tr_n("{count} player", "{count} players", players).format(count=players))
    if house_rules:
        words.append(
            tr_n("{count} house rule", "{count} house rules", house_rules).format(count=house_rules)
        )
    if settings:
        # TRANSLATORS: what a restore brought: "3 games and the settings"
        words.append(tr("the settings"))
    return said_list(words)
