"""Starting a game on a store that cannot save leaves nothing half made: the game file and the
roster are written together or not at all."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from scorepad.engine import GameRecord
from scorepad.store import StoreWriteError, TinyDBStore
from scorepad.store.storage import DurableJSONStorage


def test_a_failed_roster_write_takes_the_new_game_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = TinyDBStore(tmp_path)
    real_write = DurableJSONStorage.write

    def meta_write_fails(self: DurableJSONStorage, data: dict[str, Any]) -> None:
        if self.path.name == "catalogue.json":
            raise StoreWriteError(self.path, "No space left on device")
        real_write(self, data)

    monkeypatch.setattr(DurableJSONStorage, "write", meta_write_fails)
    record = GameRecord(variant="golf", players=["Ann", "Bob"])
    for _press in range(2):  # Start, and Start again
        with pytest.raises(StoreWriteError, match="No space left on device"):
            store.create_game(record)
    assert list(store.games_dir.iterdir()) == []
    assert store.list_games() == []

    monkeypatch.undo()
    game_id = store.create_game(record).id
    assert [s.id for s in store.list_games()] == [game_id]
    assert [p.name for p in store.roster()] == ["Ann", "Bob"]
