"""What a read-only store must still do, checked the same way on a read-only mount (in a
subprocess, see ``test_read_only.py``) and in a folder this user may not write.

Run as a script, it makes a store in the folder given (``make``) or checks it (``check``) and
prints the result as JSON.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from scorepad.cli import main
from scorepad.engine import GOLF, GameRecord
from scorepad.store import StoreError, TinyDBStore, recover_store

PLAYERS = ["Ann", "Bob"]


def make_store(root: Path) -> str:
    store = TinyDBStore(root)
    game_id = store.create_game(GameRecord(variant="golf", players=PLAYERS)).id
    store.list_games()  # writes index.json
    return game_id


def check_read_only_store(root: Path) -> dict[str, Any]:
    """Open, list, load and export work; each change is refused as read-only, untouched."""
    before = {str(p): p.read_bytes() for p in root.rglob("*") if p.is_file()}
    store = TinyDBStore(root)
    result: dict[str, Any] = {"read_only": store.read_only is not None}
    listed = store.list_games()
    result["listed"] = [(s.variant, s.status) for s in listed]
    result["players"] = store.load_game(listed[0].id).record.players
    result["roster"] = [p.name for p in store.roster()]
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")  # export writes bytes to .buffer
    with contextlib.redirect_stdout(out):
        result["export_code"] = main(["export", listed[0].id[:4], "--data-dir", str(root)])
    out.flush()
    assert isinstance(out.buffer, io.BytesIO)
    result["exported_players"] = json.loads(out.buffer.getvalue())["players"]
    refusals: dict[str, str] = {}
    attempts: dict[str, Callable[[], object]] = {
        "create_game": lambda: store.create_game(GameRecord(variant="golf", players=PLAYERS)),
        "save_draft": lambda: store.save_draft(listed[0].id, None),
        "add_players": lambda: store.add_players(["Cat"]),
        "save_variant": lambda: store.save_variant(GOLF.model_copy(update={"name": "Mine"})),
        "recover_store": lambda: recover_store(root),
    }
    for name, attempt in attempts.items():
        try:
            attempt()
        except StoreError as exc:
            refusals[name] = f"{type(exc).__name__}: {exc}"
        else:
            refusals[name] = "not refused"
    result["refusals"] = refusals
    after = {str(p): p.read_bytes() for p in root.rglob("*") if p.is_file()}
    result["unchanged"] = before == after
    return result


if __name__ == "__main__":
    folder = Path(sys.argv[2])
    if sys.argv[1] == "make":
        print(json.dumps({"game_id": make_store(folder)}))
    else:
        print(json.dumps(check_read_only_store(folder)))
