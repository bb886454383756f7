"""The JSON schema of every stored model, snapshotted per schema version.

A field added to (or removed from, or retyped in) anything the store writes changes what older
and newer scorepads can read, so it needs a schema bump and a migration. This test fails when a
stored model's schema differs from ``schema_v<SCHEMA_VERSION>.json``. After a bump, write the
new version's snapshot once with ``SCOREPAD_WRITE_SCHEMA_SNAPSHOT=1 uv run pytest
tests/store/test_schema_snapshot.py`` and commit it next to the older ones.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from scorepad.store import schema
from scorepad.store.catalogue import CatalogueGame
from scorepad.store.models import RosterPlayer, SavedVariant, Settings, StoredGame

STORED_MODELS: dict[str, type[BaseModel]] = {
    "games/<id>.json: game": StoredGame,
    "catalogue.json: roster": RosterPlayer,
    "catalogue.json: house_rules": SavedVariant,
    "catalogue.json: games": CatalogueGame,
    "catalogue.json: settings": Settings,
}
"""Every model written to disk (a game's record, round being entered and undo steps are
inside :class:`StoredGame`; a saved variant's rules inside :class:`SavedVariant`)."""

WRITE = "SCOREPAD_WRITE_SCHEMA_SNAPSHOT"


def snapshot_path() -> Path:
    return Path(__file__).parent / f"schema_v{schema.SCHEMA_VERSION}.json"


def without_prose(node: Any) -> Any:
    """A schema without its titles and descriptions: rewording a docstring is no change."""
    if isinstance(node, dict):
        return {
            key: without_prose(value)
            for key, value in node.items()
            if key not in ("title", "description")
        }
    if isinstance(node, list):
        return [without_prose(item) for item in node]
    return node


def stored_schemas() -> dict[str, Any]:
    return {
        "schema_version": schema.SCHEMA_VERSION,
        "models": {
            name: without_prose(model.model_json_schema(mode="validation", by_alias=True))
            for name, model in STORED_MODELS.items()
        },
    }


def test_the_stored_models_are_those_of_this_schema_version() -> None:
    path = snapshot_path()
    current = stored_schemas()
    if os.environ.get(WRITE):
        path.write_text(json.dumps(current, indent=1, sort_keys=True) + "\n")
    assert path.exists(), (
        f"no snapshot of the stored models for schema {schema.SCHEMA_VERSION}: write it with "
        f"{WRITE}=1 uv run pytest {Path(__file__).name} and commit {path.name}"
    )
    snapshot = json.loads(path.read_text())
    changed = sorted(
        name
        for name in current["models"].keys() | snapshot["models"].keys()
        if current["models"].get(name) != snapshot["models"].get(name)
    )
    assert not changed, (
        f"the stored models {', '.join(changed)} differ from {path.name}: what the store writes "
        f"changed, so bump SCHEMA_VERSION (now {schema.SCHEMA_VERSION}) in "
        "scorepad/store/schema.py and add a migration, then write the new version's snapshot "
        f"({WRITE}=1)"
    )


def test_the_snapshot_notices_a_new_field() -> None:
    class GrownPlayer(RosterPlayer):
        nickname: str = ""

    grown = without_prose(GrownPlayer.model_json_schema(mode="validation"))
    assert grown != stored_schemas()["models"]["catalogue.json: roster"]
