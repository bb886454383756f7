"""The store as the rest of scorepad sees it: the app and the commands use only this.

Two entry points, both in :mod:`scorepad.store`: ``open_store(folder) -> Store`` opens (and
upgrades) the store in a folder, and ``recover_store(folder) -> RecoveryReport`` brings back
the damaged files of a store too damaged to open. :class:`Store` is the whole of what an open
store offers, with the defaults the implementation really has (a test compares them), so
code written against the protocol behaves as the store does. It is two halves, so that code
which only looks can be given :class:`StoreReader` and be unable to change anything:
:class:`StoreReader` (every read) and :class:`StoreWriter` (every change, and the backup).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date
from enum import Enum
from pathlib import Path
from typing import Any, Protocol

from scorepad.engine import (
    Game,
    GameRecord,
    GameResults,
    PlayedTimes,
    PlayerStats,
    RoundDraft,
    RoundRecord,
    Variant,
)
from scorepad.store.backup import RestoreReport
from scorepad.store.errors import StoreFileError
from scorepad.store.models import (
    GameSummary,
    ListedStatus,
    RosterPlayer,
    SavedVariant,
    Settings,
    StoredGame,
    UndoStep,
)

GameChange = Callable[[Game], Game]


class Keep(Enum):
    """A typed "leave it as it is" for :meth:`Store.update_game`: ``None`` already means
    "no round being entered", so keeping the draft needs a value of its own."""

    KEEP = "keep"


KEEP = Keep.KEEP


@dataclass
class RecoveryReport:
    """What ``recover_store`` did, file by file."""

    restored: list[Path] = field(default_factory=list)
    """Damaged files replaced by their newest good backup (the bad one kept in damaged/)."""
    started_fresh: list[Path] = field(default_factory=list)
    """Damaged files with no good backup that were rebuilt from the games."""
    lost: list[Path] = field(default_factory=list)
    """Damaged game files with no good backup: kept as they are (and in damaged/)."""
    left_alone: list[StoreFileError] = field(default_factory=list)
    """Files not touched, each with why and what to do: they cannot be opened, a newer
    scorepad wrote them, or no copy of a damaged one could be kept aside."""


class StoreReader(Protocol):
    """What a screen that only looks needs of an open store: every read, none of the changes.
    A viewer given only this cannot change the table's games even by mistake; a backup is not
    here, since it hands over every game whole (see :class:`StoreWriter`)."""

    @property
    def root(self) -> Path:
        """The store folder."""
        ...

    @property
    def read_only(self) -> str | None:
        """Why the store cannot be written (every change is then refused with
        ``StoreReadOnlyError``), or ``None`` when it can."""
        ...

    # games
    def load_game(self, game_id: str) -> StoredGame: ...
    def list_games(self, status: ListedStatus | None = None) -> list[GameSummary]:
        """Every game (or those with ``status``), most recently changed first."""
        ...

    def resolve_game_id(self, text: str) -> str: ...

    # roster and house rules
    def roster(self) -> list[RosterPlayer]: ...
    def roster_change_to_undo(self) -> str | None:
        """The label of the roster change undo would take back, or ``None``."""
        ...

    def current_names(self) -> dict[str, str]:
        """``name_key`` of every known name to the current name (stats' ``names=``)."""
        ...

    def saved_variants(self) -> list[SavedVariant]: ...

    # records: stats, the ledger, finding a record; settings
    def game_results(
        self,
        *,
        variant: str | None = None,
        since: date | None = None,
        until: date | None = None,
        game_ids: Sequence[str] | None = None,
    ) -> list[GameResults]:
        """Each readable game's results (oldest first) with ``variant`` (any case), started
        from ``since`` to ``until`` (local days, both included), among ``game_ids`` (full ids;
        one not stored: ``GameNotFoundError``): from the catalogue, not the game files."""
        ...

    def player_stats(
        self,
        *,
        variant: str | None = None,
        since: date | None = None,
        until: date | None = None,
        player: str | None = None,
        hands: bool = True,
    ) -> list[PlayerStats]:
        """Every player's records (or only ``player``'s) under their current names, over the
        games chosen as for :meth:`game_results`: summed from the catalogue's rows."""
        ...

    def leaderboard(
        self,
        *,
        variant: str | None = None,
        since: date | None = None,
        until: date | None = None,
        min_games: int = 1,
    ) -> list[PlayerStats]:
        """The players ranked (the engine's ``leaderboard``) over the games chosen."""
        ...

    def find_game_with_record(self, record: GameRecord) -> str | None:
        """The id of a stored game with exactly this record (by its fingerprint), or ``None``."""
        ...

    def settings(self) -> Settings:
        """The table's settings (the defaults until some are saved)."""
        ...


class StoreWriter(Protocol):
    """The changes an open store accepts (each refused with ``StoreReadOnlyError`` on a
    read-only store), and the backup: a whole copy of the store is handed only to code that
    may also restore one."""

    # games
    def create_game(self, record: GameRecord, played: PlayedTimes | None = None) -> StoredGame: ...
    def update_game(
        self,
        game_id: str,
        change: GameChange,
        *,
        draft: RoundDraft | Keep | None = KEEP,
        undo: tuple[UndoStep, ...] | Keep = KEEP,
        expected_revision: int | None = None,
    ) -> StoredGame:
        """Apply ``change`` to the game as stored now and save it; ``draft`` and ``undo``
        replace the round being entered and the undo steps, or stay as they are (``KEEP``)."""
        ...

    def record_round(
        self, game_id: str, round_record: RoundRecord, *, expected_revision: int | None = None
    ) -> StoredGame:
        """Record the next round and clear the round being entered."""
        ...

    def save_draft(
        self, game_id: str, draft: RoundDraft | None, *, expected_revision: int | None = None
    ) -> StoredGame: ...

    # roster and house rules
    def add_players(self, names: list[str]) -> list[RosterPlayer]: ...
    def rename_player(self, name: str, new_name: str) -> RosterPlayer:
        """Rename a roster player; the old name becomes an alias (games keep theirs)."""
        ...

    def merge_players(self, name: str, into: str) -> RosterPlayer:
        """Fold ``name``'s entry into ``into``'s (one person); returns the entry left."""
        ...

    def undo_roster_change(self) -> str:
        """Undo the last rename or merge; returns its label (``NothingToUndoError`` if none)."""
        ...

    def save_variant(self, variant: Variant, *, replacing: str | None = None) -> SavedVariant: ...
    def delete_variant(self, name: str) -> None: ...

    # backup and restore
    def backup(self) -> dict[str, Any]:
        """The whole store (games, roster, house rules, settings) as one JSON document."""
        ...

    def restore(self, document: object, *, merge: bool = False) -> RestoreReport:
        """Restore a backup document: into an empty store as it is, or with ``merge`` adding
        what the store lacks; a bad document or a non-empty store (without ``merge``) is
        refused with a ``BackupError`` and nothing changes."""
        ...

    # settings
    def save_settings(self, settings: Settings) -> Settings: ...


class Store(StoreReader, StoreWriter, Protocol):
    """What the app and the commands need of an open store (``TinyDBStore`` is the one): the
    reads and the writes together."""
