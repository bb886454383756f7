"""``index.json`` of schema 1 and 2: the game list's cache of summaries, read once more when
the store moves to its catalogue (schema 3; see ``migrate.py``).

Only a cache: an index that does not parse into :class:`GameIndex` is ignored, never trusted
in part.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from scorepad.store.files import Signature
from scorepad.store.models import GameSummary


class IndexEntry(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    signature: Signature
    """The game file's inode, modification time and size when ``summary`` was made."""
    summary: GameSummary


class GameIndex(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    games: dict[str, IndexEntry]


def parse_index(document: Any) -> dict[str, IndexEntry]:
    """The cached entries in an index document, or none if it is not an index's shape."""
    if document is None:
        return {}
    try:
        return dict(GameIndex.model_validate(dict(document)).games)
    except (ValidationError, TypeError, ValueError):
        return {}
