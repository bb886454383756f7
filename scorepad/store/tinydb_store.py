"""The store on disk: one durable file per game, and a TinyDB catalogue of them.

Layout (see ``schema.py``): recording a round rewrites only that game's small file
(``records.py``), so its cost does not grow with the number of games kept. The catalogue
(``catalogue.py``) is one TinyDB database: the roster and the house rules, which exist only
there, and a row per game for the list, checked against each game file's signature and made
again where they differ (a row is never trusted over its game file).

Every read-modify-write holds an in-process lock and a file lock, so threads and processes take
turns (``locking.py``); every write replaces its file atomically (see ``atomic.py``).

:class:`TinyDBStore` is only the facade: each of its jobs is a part of its own, sharing the
one lock and the one catalogue, and each public method hands over to one of them: the game
records (``games.py``), the list (``game_list.py``), records and stats (``stats.py``), the
roster and settings (``roster_keeper.py``), the house rules (``house_rules.py``), backup and
restore (``backup_restore.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import Any

from scorepad.engine import (
    GameRecord,
    GameResults,
    PlayedTimes,
    PlayerStats,
    RoundDraft,
    RoundRecord,
    Variant,
)
from scorepad.engine import leaderboard as ranked
from scorepad.i18n import os_reason
from scorepad.store import schema
from scorepad.store.atomic import remove_temp_litter
from scorepad.store.backup import RestoreReport
from scorepad.store.backup_restore import Backups
from scorepad.store.catalogue import Catalogue
from scorepad.store.checks import check_catalogue
from scorepad.store.errors import StoreReadOnlyError, StoreWriteError
from scorepad.store.files import is_read_only_error
from scorepad.store.game_list import Listing
from scorepad.store.games import GameFiles, game_files
from scorepad.store.house_rules import HouseRules
from scorepad.store.interface import KEEP, GameChange, Keep
from scorepad.store.locking import StoreLock
from scorepad.store.migrate import run_migrations, schema_on_disk
from scorepad.store.models import (
    GameSummary,
    ListedStatus,
    RosterPlayer,
    SavedVariant,
    Settings,
    StoredGame,
    UndoStep,
)
from scorepad.store.roster_keeper import RosterKeeper
from scorepad.store.stats import Records


class TinyDBStore:
    """scorepad's store in the folder ``root`` (created if missing).

    A store whose folder cannot be written (a read-only disk, no write permission) still opens
    read-only: :attr:`read_only` says why, games can be listed, loaded and exported, and every
    change is refused with :class:`StoreReadOnlyError` before anything is touched. Reads then
    take no file lock (there is no lock file to take); they are still whole, since writers
    only ever rename complete files into place.

    The methods built on other public methods (:meth:`record_round`, :meth:`save_draft`,
    :meth:`leaderboard`, :meth:`restore`'s search for records already stored) call them
    through the store, as they always have, so the store behaves as one object.
    """

    def __init__(self, root: Path, *, lock_timeout: float = 10.0) -> None:
        self.root = Path(root)
        self.games_dir = self.root / "games"
        self.lock_timeout = lock_timeout
        read_only = None
        try:
            self.games_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            read_only = os_reason(exc)
            if not (is_read_only_error(exc) and self.root.is_dir()):
                raise StoreWriteError(self.games_dir, read_only) from None
        self._lock = StoreLock(self.root, timeout=lock_timeout, read_only=read_only)
        self._catalogue = Catalogue(self.root, check_catalogue)
        self._roster = RosterKeeper(self._lock, self._catalogue)
        self._games = GameFiles(self.root, self.games_dir, self._lock, self._roster)
        self._listing = Listing(self._lock, self._catalogue, self._games, self._roster)
        self._records = Records(self._lock, self._catalogue, self._listing, self._roster)
        self._house_rules = HouseRules(self._lock, self._catalogue)
        self._backups = Backups(self._lock, self._catalogue, self._games)
        with self._lock.held(write=False):
            if self.read_only is None:
                remove_temp_litter(self.root)
                remove_temp_litter(self.games_dir)
            self._open_schema()

    @property
    def read_only(self) -> str | None:
        """Why the store cannot be written, or ``None`` when it can."""
        return self._lock.read_only

    def _open_schema(self) -> None:
        """Check the schema version on disk and bring an older store up to date."""
        found = schema_on_disk(self.root, self._catalogue)
        if self.read_only is not None:  # nothing to write down; an old store cannot be upgraded
            if found is not None and found < schema.SCHEMA_VERSION:
                raise StoreReadOnlyError(self.root, self.read_only, needs_upgrade=found)
            return
        if found is not None:
            run_migrations(self.root, self._catalogue, found)
            return
        self._catalogue.set_schema_version(schema.SCHEMA_VERSION)
        if game_files(self.games_dir):  # the catalogue was lost: its roster comes back from
            self._roster.add([p for s in self._listing.summaries() for p in s.players])

    def game_path(self, game_id: str) -> Path:
        return self._games.path(game_id)

    # --- games --------------------------------------------------------------------------------

    def create_game(self, record: GameRecord, played: PlayedTimes | None = None) -> StoredGame:
        return self._games.create_game(record, played)

    def load_game(self, game_id: str) -> StoredGame:
        return self._games.load_game(game_id)

    def update_game(
        self,
        game_id: str,
        change: GameChange,
        *,
        draft: RoundDraft | Keep | None = KEEP,
        undo: tuple[UndoStep, ...] | Keep = KEEP,
        expected_revision: int | None = None,
    ) -> StoredGame:
        return self._games.update_game(
            game_id, change, draft=draft, undo=undo, expected_revision=expected_revision
        )

    def record_round(
        self, game_id: str, round_record: RoundRecord, *, expected_revision: int | None = None
    ) -> StoredGame:
        """Record the next round durably and clear the draft it came from."""
        return self.update_game(
            game_id,
            lambda game: game.record_round(round_record),
            draft=None,
            expected_revision=expected_revision,
        )

    def save_draft(
        self, game_id: str, draft: RoundDraft | None, *, expected_revision: int | None = None
    ) -> StoredGame:
        return self.update_game(
            game_id, lambda game: game, draft=draft, expected_revision=expected_revision
        )

    # --- the list -----------------------------------------------------------------------------

    def list_games(self, status: ListedStatus | None = None) -> list[GameSummary]:
        return self._listing.list_games(status)

    def resolve_game_id(self, text: str) -> str:
        return self._listing.resolve_game_id(text)

    # --- records: stats, the ledger, finding a record -------------------------------------------

    def game_results(
        self,
        *,
        variant: str | None = None,
        since: date | None = None,
        until: date | None = None,
        game_ids: Sequence[str] | None = None,
    ) -> list[GameResults]:
        return self._records.game_results(
            variant=variant, since=since, until=until, game_ids=game_ids
        )

    def player_stats(
        self,
        *,
        variant: str | None = None,
        since: date | None = None,
        until: date | None = None,
        player: str | None = None,
        hands: bool = True,
    ) -> list[PlayerStats]:
        return self._records.player_stats(
            variant=variant, since=since, until=until, player=player, hands=hands
        )

    def leaderboard(
        self,
        *,
        variant: str | None = None,
        since: date | None = None,
        until: date | None = None,
        min_games: int = 1,
    ) -> list[PlayerStats]:
        """The players ranked as the engine's :func:`~scorepad.engine.leaderboard` ranks them,
        over the games chosen as for :meth:`game_results` (see :meth:`player_stats`)."""
        players = self.player_stats(variant=variant, since=since, until=until, hands=False)
        return ranked(players, min_games=min_games)

    def find_game_with_record(self, record: GameRecord) -> str | None:
        return self._records.find_game_with_record(record)

    # --- roster and settings ------------------------------------------------------------------

    def settings(self) -> Settings:
        return self._roster.settings()

    def save_settings(self, settings: Settings) -> Settings:
        return self._roster.save_settings(settings)

    def roster(self) -> list[RosterPlayer]:
        return self._roster.roster()

    def add_players(self, names: list[str]) -> list[RosterPlayer]:
        return self._roster.add_players(names)

    def rename_player(self, name: str, new_name: str) -> RosterPlayer:
        return self._roster.rename_player(name, new_name)

    def merge_players(self, name: str, into: str) -> RosterPlayer:
        return self._roster.merge_players(name, into)

    def roster_change_to_undo(self) -> str | None:
        return self._roster.roster_change_to_undo()

    def undo_roster_change(self) -> str:
        return self._roster.undo_roster_change()

    def current_names(self) -> dict[str, str]:
        return self._records.current_names()

    # --- backup and restore -------------------------------------------------------------------

    def backup(self) -> dict[str, Any]:
        return self._backups.backup()

    def restore(self, document: object, *, merge: bool = False) -> RestoreReport:
        return self._backups.restore(document, merge=merge, stored_as=self.find_game_with_record)

    # --- saved variants (house rules) ---------------------------------------------------------

    def saved_variants(self) -> list[SavedVariant]:
        return self._house_rules.saved_variants()

    def save_variant(self, variant: Variant, *, replacing: str | None = None) -> SavedVariant:
        return self._house_rules.save_variant(variant, replacing=replacing)

    def delete_variant(self, name: str) -> None:
        self._house_rules.delete_variant(name)
