"""``games/<id>.json``: one game per file, the store's record of what was played.

A round written rewrites only its own game's small file, so its cost does not grow with the
number of games kept. The file is durable JSON (atomic replacement, rolling backups, bounded
checked reads: see ``storage.py``) in the layout of schema 1, ``{"game": {"1": <game>}}``,
kept so that every game file ever written still reads as it is.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from scorepad.store.checks import ONE, game_file_check
from scorepad.store.files import Signature
from scorepad.store.models import StoredGame
from scorepad.store.storage import DurableJSONStorage, encode

GAME_TABLE = "game"


def game_backups(root: Path) -> Path:
    return root / "backups" / "games"


def game_file_data(stored: StoredGame) -> dict[str, dict[str, Any]]:
    """What a game's file holds."""
    document = stored.model_dump(mode="json", by_alias=True, exclude_none=True)
    return {GAME_TABLE: {str(ONE): document}}


def game_file_size(stored: StoredGame) -> int:
    """How many bytes the game's file would be (a restore checks it against the limit the
    store reads with before it writes anything)."""
    return len(encode(game_file_data(stored)))


class GameFile:
    """The file of one game, read and written whole."""

    def __init__(self, root: Path, path: Path, game_id: str) -> None:
        self.storage = DurableJSONStorage(
            path, root=root, backups=game_backups(root), check=game_file_check(game_id)
        )

    def read(self) -> dict[str, Any] | None:
        """The stored game's document (checked to be this game at a known schema), or
        ``None`` for a missing file; a store error for one that cannot be used."""
        data = self.storage.read()
        return None if data is None else data[GAME_TABLE][str(ONE)]

    def write(self, stored: StoredGame) -> None:
        self.storage.write(game_file_data(stored))

    def known_good(self, raw: bytes, signature: Signature) -> None:
        """See :meth:`DurableJSONStorage.known_good`."""
        self.storage.known_good(raw, signature)

    @property
    def last_bytes(self) -> bytes | None:
        """What was last read from or written to the file."""
        return self.storage.last_bytes
