"""Backing the whole store up into one document, and restoring one, under the store's lock.

What a backup holds and how a restore is planned is ``backup.py`` (pure: checked whole before
anything is written); this reads the store for it and writes the plan, all or nothing.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from scorepad.engine import GameRecord
from scorepad.store.backup import (
    Backup,
    RestorePlan,
    RestoreReport,
    StoreContents,
    plan_restore,
    read_backup,
)
from scorepad.store.catalogue import HOUSE_RULES, ROSTER, SCHEMA_ROW, SETTINGS, Catalogue
from scorepad.store.errors import GameNotFoundError, StoreFileError
from scorepad.store.games import GameFiles, game_files
from scorepad.store.locking import StoreLock


class Backups:
    """The backup and restore of the store whose ``games`` and ``catalogue`` these are."""

    def __init__(self, lock: StoreLock, catalogue: Catalogue, games: GameFiles) -> None:
        self._lock = lock
        self._catalogue = catalogue
        self._games = games

    def backup(self) -> dict[str, Any]:
        """The whole store as one JSON document (see :mod:`scorepad.store.backup`): every
        readable game as stored, the roster, the house rules and the settings, read under
        one lock so that they belong together. A damaged game cannot be in it: the list
        (``list_games(DAMAGED)``) says which, so the caller can say so."""
        with self._lock.held(write=False):
            games = []
            for game_id in sorted(game_files(self._games.games_dir)):
                with contextlib.suppress(GameNotFoundError, StoreFileError):
                    games.append(self._games.read(game_id))
            contents = Backup(
                games=tuple(games),
                roster=tuple(self._catalogue.roster()),
                house_rules=tuple(self._catalogue.house_rules()),
                settings=self._catalogue.settings(),
            )
        return contents.document()

    def restore(
        self,
        document: object,
        *,
        merge: bool,
        stored_as: Callable[[GameRecord], str | None],
    ) -> RestoreReport:
        """Restore a backup document (see :mod:`scorepad.store.backup`): checked whole first,
        then into an empty store as it is, or with ``merge`` adding only what this store
        lacks (a record already here, by ``stored_as``, is not stored again). Any failure
        leaves the store as it was."""
        contents = read_backup(document)
        with self._lock.held():
            here = StoreContents(
                game_ids=frozenset(game_files(self._games.games_dir)),
                roster=tuple(self._catalogue.roster()),
                house_rules=tuple(self._catalogue.house_rules()),
                settings_saved=self._catalogue.table(SETTINGS).get(doc_id=SCHEMA_ROW) is not None,
            )
            plan = plan_restore(
                contents,
                here,
                merge=merge,
                root=self._games.root,
                stored_as=stored_as,
                id_taken=self._games.id_taken,
            )
            self._write_restored(plan)
        return plan.report

    def _write_restored(self, plan: RestorePlan) -> None:
        """The planned game files, then the catalogue's tables in one write; a failure on
        the way takes back the game files already written."""
        written: list[str] = []
        try:
            for stored in plan.games:
                written.append(stored.id)
                self._games.write(stored)
            tables: dict[str, tuple[BaseModel, ...]] = {
                ROSTER: plan.roster,
                HOUSE_RULES: plan.house_rules,
            }
            if plan.settings is not None:
                tables[SETTINGS] = (plan.settings,)
            self._catalogue.put_tables(tables)
        except BaseException:
            for game_id in written:
                self._games.forget_new(game_id)
            raise
