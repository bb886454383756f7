"""Persistence: games, the roster and saved variants, kept crash-safe in TinyDB files.

TinyDB is used only inside this package; the rest of scorepad sees :class:`Store`.
"""

from __future__ import annotations

import os

from scorepad.store.errors import (
    DamagedCopyError,
    GameIdError,
    GameNotFoundError,
    NewerSchemaError,
    RosterError,
    StaleGameError,
    StoreAccessError,
    StoreBusyError,
    StoreError,
    StoreFileError,
    StoreReadOnlyError,
    StoreUnreadableError,
    StoreWriteError,
    VariantNotFoundError,
)
from scorepad.store.interface import Store
from scorepad.store.models import GameSummary, RosterPlayer, SavedVariant, StoredGame
from scorepad.store.paths import data_dir
from scorepad.store.repair import RecoveryReport, recover_store
from scorepad.store.tinydb_store import TinyDBStore


def open_store(folder: str | os.PathLike[str] | None = None) -> TinyDBStore:
    """The store in ``folder``, or in the default data folder (see :func:`data_dir`)."""
    return TinyDBStore(data_dir(folder))


__all__ = [
    "DamagedCopyError",
    "GameIdError",
    "GameNotFoundError",
    "GameSummary",
    "NewerSchemaError",
    "RecoveryReport",
    "RosterError",
    "RosterPlayer",
    "SavedVariant",
    "StaleGameError",
    "Store",
    "StoreAccessError",
    "StoreBusyError",
    "StoreError",
    "StoreFileError",
    "StoreReadOnlyError",
    "StoreUnreadableError",
    "StoreWriteError",
    "StoredGame",
    "TinyDBStore",
    "VariantNotFoundError",
    "data_dir",
    "open_store",
    "recover_store",
]
