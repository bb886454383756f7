"""Persistence: games, the roster and saved variants, kept crash-safe on disk.

The rest of scorepad sees :class:`Store` (``interface.py``; its reads alone are
:class:`StoreReader`, its changes :class:`StoreWriter`) and its two entry points here,
:func:`open_store` and :func:`recover_store`; TinyDB is used only inside this package.
"""

from __future__ import annotations

import os
from pathlib import Path

from scorepad.store.backup import RestoreReport, backup_document, parse_backup, restore_document
from scorepad.store.errors import (
    BackupDamagedError,
    BackupError,
    BackupFormatError,
    BackupTooNewError,
    CurrencySymbolError,
    DamagedCopyError,
    GameIdError,
    GameNotFoundError,
    MergeIntoItselfError,
    NameTakenError,
    NewerSchemaError,
    NothingToUndoError,
    NotOnRosterError,
    RecordNotBackupError,
    RosterError,
    RosterNameError,
    SameNameError,
    StaleGameError,
    StoreAccessError,
    StoreBusyError,
    StoreError,
    StoreFileError,
    StoreNotEmptyError,
    StoreReadOnlyError,
    StoreUnreadableError,
    StoreWriteError,
    VariantNotFoundError,
)
from scorepad.store.interface import KEEP, Keep, RecoveryReport, Store, StoreReader, StoreWriter
from scorepad.store.models import (
    GameSummary,
    ListedStatus,
    RosterPlayer,
    SavedVariant,
    Settings,
    StoredGame,
    UndoKind,
    UndoStep,
)
from scorepad.store.paths import data_dir
from scorepad.store.recover import recover_files
from scorepad.store.table_file import TableFile
from scorepad.store.tinydb_store import TinyDBStore


def open_store(
    folder: str | os.PathLike[str] | None = None, *, lock_timeout: float = 10.0
) -> Store:
    """The store in ``folder``, or in the default data folder (see :func:`data_dir`), brought up
    to date. A store that cannot be opened raises its :class:`StoreError` (a damaged file:
    :class:`StoreUnreadableError`, which :func:`recover_store` answers)."""
    return TinyDBStore(data_dir(folder), lock_timeout=lock_timeout)


def recover_store(folder: str | os.PathLike[str], *, lock_timeout: float = 10.0) -> RecoveryReport:
    """Bring each damaged file of the store in ``folder`` back from its newest good backup
    (works on a store too damaged to open; see :mod:`scorepad.store.recover`)."""
    return recover_files(Path(folder), lock_timeout=lock_timeout)


__all__ = [
    "KEEP",
    "BackupDamagedError",
    "BackupError",
    "BackupFormatError",
    "BackupTooNewError",
    "CurrencySymbolError",
    "DamagedCopyError",
    "GameIdError",
    "GameNotFoundError",
    "GameSummary",
    "Keep",
    "ListedStatus",
    "MergeIntoItselfError",
    "NameTakenError",
    "NewerSchemaError",
    "NotOnRosterError",
    "NothingToUndoError",
    "RecordNotBackupError",
    "RecoveryReport",
    "RestoreReport",
    "RosterError",
    "RosterNameError",
    "RosterPlayer",
    "SameNameError",
    "SavedVariant",
    "Settings",
    "StaleGameError",
    "Store",
    "StoreAccessError",
    "StoreBusyError",
    "StoreError",
    "StoreFileError",
    "StoreNotEmptyError",
    "StoreReadOnlyError",
    "StoreReader",
    "StoreUnreadableError",
    "StoreWriteError",
    "StoreWriter",
    "StoredGame",
    "TableFile",
    "TinyDBStore",
    "UndoKind",
    "UndoStep",
    "VariantNotFoundError",
    "backup_document",
    "data_dir",
    "open_store",
    "parse_backup",
    "recover_store",
    "restore_document",
]
