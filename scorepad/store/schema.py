"""The store's schema version and the migrations that bring older stores up to date.

Version 1 is the first layout (see the README's design notes):

- ``meta.json``: tables ``schema`` (the version), ``roster``, ``variants``;
- ``games/<id>.json``: table ``game`` with one stored game (record, draft, times, revision);
- ``index.json``: a rebuildable cache of game summaries for the list;
- ``backups/``, ``damaged/``: rolling backups and copies of unreadable files.

A migration from version *n* takes the store folder to version *n + 1*; each is applied under
the store lock, after a backup of every file it touches (the ordinary write path makes those).
``tests/store/fixtures/v1`` holds a store written by version 1 that every later version must
still open.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

SCHEMA_VERSION = 1

Migration = Callable[[Path], None]

MIGRATIONS: dict[int, Migration] = {}
"""``MIGRATIONS[n]`` migrates a version-``n`` store folder to version ``n + 1``."""


def migration_path(found: int) -> list[tuple[int, Migration]]:
    """The migrations from version ``found`` to the current one, in order."""
    steps = []
    for version in range(found, SCHEMA_VERSION):
        if version not in MIGRATIONS:
            raise ValueError(f"no migration from schema {version} to {version + 1}")
        steps.append((version, MIGRATIONS[version]))
    return steps
