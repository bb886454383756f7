"""Finding a store's schema version on disk and bringing the store up to date.

Up to schema 2 the version lived in ``meta.json`` (with the roster and the saved variants) and
the list's cache in ``index.json``; from schema 3 everything but the game records is in the
catalogue (``catalogue.json``). Moving them is :func:`catalogue_from_meta`, the 2 → 3 step.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from scorepad.store import schema
from scorepad.store.atomic import fsync_folder
from scorepad.store.catalogue import (
    CATALOGUE_MAX_BYTES,
    GAMES,
    HOUSE_RULES,
    ROSTER,
    SCHEMA,
    SCHEMA_ROW,
    Catalogue,
    CatalogueTable,
    doc_id_of,
)
from scorepad.store.checks import check_meta
from scorepad.store.damaged_files import parse_store_json
from scorepad.store.files import Signature, read_store_file
from scorepad.store.house_rules import names_off_the_presets
from scorepad.store.index import parse_index
from scorepad.store.models import GameSummary
from scorepad.store.storage import DurableJSONStorage

META = "meta.json"
"""Schema 1 and 2: the version, the roster and the saved variants."""
INDEX = "index.json"
"""Schema 1 and 2: the game list's cache."""
RETIRED = "backups"
"""Where ``meta.json`` is kept once moved into the catalogue (``backups/meta.json.v2``)."""
LAST_META_SCHEMA = 2


def _meta_storage(root: Path) -> DurableJSONStorage:
    return DurableJSONStorage(root / META, root=root, backups=root / "backups", check=check_meta)


def _meta_schema(root: Path) -> CatalogueTable:
    return CatalogueTable(_meta_storage(root), SCHEMA, cache_size=0)


def schema_on_disk(root: Path, catalogue: Catalogue) -> int | None:
    """The store's schema version: the catalogue's, else that of an older store's
    ``meta.json``, else ``None`` (a new store, or one whose catalogue was lost). A file that
    cannot be used raises its store error, naming it."""
    version = catalogue.schema_version()
    if version is not None:
        return version
    row = _meta_schema(root).get(doc_id=SCHEMA_ROW)
    return None if row is None else int(row["version"])


def run_migrations(root: Path, catalogue: Catalogue, found: int) -> None:
    """Each migration from ``found`` to the current version, in order, each version written
    down as soon as it is reached (where that version keeps it)."""
    for version, migrate in schema.migration_path(found):
        migrate(root)
        if version + 1 <= LAST_META_SCHEMA:
            _meta_schema(root).put_single({"version": version + 1})
        else:
            catalogue.set_schema_version(version + 1)
    if found > LAST_META_SCHEMA:
        retire_meta(root)  # left by a move into the catalogue that was cut short


def catalogue_from_meta(root: Path) -> None:
    """2 → 3: the roster and the saved variants of ``meta.json`` and the rows of
    ``index.json`` become the catalogue's tables, in one write of ``catalogue.json``; then
    ``meta.json`` is kept as ``backups/meta.json.v2`` and the old cache removed.

    Interrupted before the catalogue is written, nothing changed (the next open migrates
    again); after, the catalogue is at version 3 and the next open retires ``meta.json``.
    """
    meta = _meta_storage(root).read() or {}
    games = {
        str(doc_id_of(game_id)): _v3_row(entry.summary, entry.signature)
        for game_id, entry in _old_index(root).items()
        if entry.summary.status != "damaged"
    }
    data = {
        SCHEMA: {str(SCHEMA_ROW): {"version": 3}},
        ROSTER: meta.get("roster", {}),
        HOUSE_RULES: meta.get("variants", {}),
        GAMES: games,
    }
    catalogue = root / "catalogue.json"
    DurableJSONStorage(catalogue, root=root, limit=CATALOGUE_MAX_BYTES).write(data)
    retire_meta(root)


def _v3_row(summary: GameSummary, signature: Signature) -> dict[str, Any]:
    """A ``games`` row as schema 3 wrote it: the summary and its file's signature. Later
    migrations drop these rows (made again from the game files with what each later schema
    adds), so the move keeps them only as they were."""
    fields = summary.model_dump(mode="json", exclude={"problem", "recoverable"})
    return {"signature": list(signature), **fields}


def forget_game_rows(root: Path) -> None:
    """Drop the catalogue's ``games`` rows (a digest of the game files) so the next listing
    makes them again with fields an older scorepad did not write; the roster, the house rules
    and the game files are untouched. No catalogue, nothing to do."""
    storage = DurableJSONStorage(root / "catalogue.json", root=root, limit=CATALOGUE_MAX_BYTES)
    data = storage.read()
    if data is None or not data.get(GAMES):
        return
    storage.write({**data, GAMES: {}})


def rename_house_rules_off_the_presets(root: Path) -> None:
    """Rename the saved house rules named like a preset new in schema 9 (see
    :func:`scorepad.store.house_rules.name_off_the_presets`); nothing else changes."""
    storage = DurableJSONStorage(root / "catalogue.json", root=root, limit=CATALOGUE_MAX_BYTES)
    data = storage.read()
    if data is None or not isinstance(data.get(HOUSE_RULES), dict):
        return
    rows: dict[str, Any] = data[HOUSE_RULES]
    named = {  # the rows that read as a saved variant's: any other is left for the checks
        key: row["variant"]["name"]
        for key, row in rows.items()
        if isinstance(row, dict)
        and isinstance(row.get("variant"), dict)
        and isinstance(row["variant"].get("name"), str)
    }
    renamed = dict(zip(named, names_off_the_presets(list(named.values())), strict=True))
    if renamed == named:
        return
    storage.write(
        {
            **data,
            HOUSE_RULES: {
                key: {**row, "variant": {**row["variant"], "name": renamed[key]}}
                if key in renamed and renamed[key] != named[key]
                else row
                for key, row in rows.items()
            },
        }
    )


def _old_index(root: Path) -> dict[str, Any]:
    """The entries of ``index.json`` that still read (it is only a cache: any trouble, none)."""
    try:
        document = parse_store_json(read_store_file(root / INDEX).data)
        entries = parse_index(document.get("index", {}).get("1"))
        return {game_id: entry for game_id, entry in entries.items() if _is_game_id(game_id)}
    except (OSError, ValueError, ValidationError):
        return {}


def _is_game_id(text: str) -> bool:
    try:
        doc_id_of(text)
    except ValueError:
        return False
    return True


def retire_meta(root: Path) -> None:
    """Keep ``meta.json`` as ``backups/meta.json.v2`` and remove ``index.json`` (both moved
    into the catalogue). Best effort: a file left behind is only ignored."""
    with contextlib.suppress(OSError):
        if os.path.lexists(root / META):
            (root / RETIRED).mkdir(exist_ok=True)
            os.replace(root / META, root / RETIRED / f"{META}.v{LAST_META_SCHEMA}")
    with contextlib.suppress(OSError):
        (root / INDEX).unlink(missing_ok=True)
    fsync_folder(root)
