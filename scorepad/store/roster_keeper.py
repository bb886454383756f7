"""The roster and the table's settings as the store keeps them in the catalogue.

The changes themselves are worked out by the pure functions of ``roster.py``; this reads the
catalogue's tables under the store's lock, calls them and writes the result in one write.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from scorepad.engine import name_key
from scorepad.i18n import tr
from scorepad.store import roster as rosters
from scorepad.store.catalogue import Catalogue, ListedGame
from scorepad.store.errors import NothingToUndoError, RosterError
from scorepad.store.locking import StoreLock
from scorepad.store.models import RosterPlayer, Settings, now


class RosterKeeper:
    """The roster, its undoable changes and the settings: the catalogue tables that exist
    nowhere else (no game file can make them again)."""

    def __init__(self, lock: StoreLock, catalogue: Catalogue) -> None:
        self._lock = lock
        self._catalogue = catalogue

    # --- settings -----------------------------------------------------------------------------

    def settings(self) -> Settings:
        """The table's settings (the defaults until some are saved)."""
        with self._lock.held(write=False):
            return self._catalogue.settings()

    def save_settings(self, settings: Settings) -> Settings:
        """Keep ``settings`` (a bad value never gets this far: the :class:`Settings` model
        refuses it with a typed error when it is made)."""
        with self._lock.held():
            self._catalogue.save_settings(settings)
        return settings

    # --- roster -------------------------------------------------------------------------------

    def roster(self) -> list[RosterPlayer]:
        with self._lock.held(write=False):
            players = self._catalogue.roster()
        return sorted(players, key=lambda p: p.name.casefold())

    def add_players(self, names: list[str]) -> list[RosterPlayer]:
        """Add names to the roster (names already there, in any case, are left alone)."""
        cleaned = [name.strip() for name in names]
        if any(not name for name in cleaned):
            raise RosterError(tr("a player needs a name"))
        with self._lock.held():
            self.add(cleaned)
        return self.roster()

    def rename_player(self, name: str, new_name: str) -> RosterPlayer:
        """Call the roster's ``name`` by ``new_name`` from now on; the old name stays theirs
        as an alias, and games keep the name they were played under (undoable)."""
        return self._change_roster(lambda players: rosters.rename(players, name, new_name))

    def merge_players(self, name: str, into: str) -> RosterPlayer:
        """Fold ``name``'s roster entry into ``into``'s: one person, known by both entries'
        names (undoable). Returns the entry left."""
        return self._change_roster(lambda players: rosters.merge(players, name, into))

    def _change_roster(
        self, edit: Callable[[list[RosterPlayer]], rosters.RosterEdit]
    ) -> RosterPlayer:
        with self._lock.held():
            done = edit(self._catalogue.roster())
            changes = rosters.pushed(self._catalogue.roster_changes(), done.change)
            self._catalogue.put_roster(done.roster, changes)
        return done.player

    def roster_change_to_undo(self) -> str | None:
        """What :meth:`undo_roster_change` would take back ("rename Bob to Robert"), if any."""
        with self._lock.held(write=False):
            changes = self._catalogue.roster_changes()
        return rosters.label_words(changes[-1].label) if changes else None

    def undo_roster_change(self) -> str:
        """Put the roster back as it was before its last rename or merge (players added
        since stay); returns what was undone."""
        with self._lock.held():
            changes = self._catalogue.roster_changes()
            if not changes:
                raise NothingToUndoError
            last = changes[-1]
            players = rosters.undone(self._catalogue.roster(), last)
            self._catalogue.put_roster(players, changes[:-1])
        return rosters.label_words(last.label)

    # --- with the store held ------------------------------------------------------------------

    def add(self, names: list[str]) -> None:
        """Put on the roster each of ``names`` that no player goes or went by."""
        new: dict[str, RosterPlayer] = {}
        for name in names:
            key = name_key(name)
            if key not in new and self._catalogue.find_player(name) is None:
                new[key] = RosterPlayer(name=name, added=now())
        self._catalogue.add_players(list(new.values()))

    def current_names(self, rows: Mapping[str, ListedGame]) -> dict[str, str]:
        """``name_key`` of every name a player is or was known by (on the roster or in one of
        the games ``rows``) to the name they go by now: the ``names=`` of the engine's stats
        and ledger."""
        players = self._catalogue.roster()
        # each name once, in order (10,000 games hold a few dozen names, not 40,000, and a
        # few hundred tables: the names are read from each table once)
        tables = dict.fromkeys(row.summary.players for row in rows.values())
        played = dict.fromkeys(name for table in tables for name in table)
        return rosters.current_names(players, played)
