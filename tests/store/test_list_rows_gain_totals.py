"""Schema 4: the list's rows carry the standings' totals, so the home card can say "Ann leads
73–64"; a schema-3 store's rows (which lack them) are made again from the game files."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from scorepad.store import TinyDBStore

FIXTURES = Path(__file__).parent / "fixtures"


def test_a_schema_3_store_lists_every_game_with_its_totals_after_the_upgrade(
    tmp_path: Path,
) -> None:
    root = tmp_path / "store"
    shutil.copytree(FIXTURES / "v3", root)
    rows_before = json.loads((root / "catalogue.json").read_text())["games"]
    assert rows_before and all("standing_totals" not in row for row in rows_before.values())

    store = TinyDBStore(root)
    for summary in store.list_games():
        sheet = store.load_game(summary.id).game.sheet
        assert summary.standing_totals == tuple(s.total for s in sheet.standings), summary.id
        assert summary.standing_totals, summary.id

    rows_after = json.loads((root / "catalogue.json").read_text())["games"]
    assert len(rows_after) == len(rows_before)
    assert all(row["standing_totals"] for row in rows_after.values())


def test_the_upgrade_keeps_the_roster_and_house_rules(tmp_path: Path) -> None:
    root = tmp_path / "store"
    shutil.copytree(FIXTURES / "v3", root)
    before = json.loads((root / "catalogue.json").read_text())
    store = TinyDBStore(root)
    store.list_games()
    after = json.loads((root / "catalogue.json").read_text())
    assert after["roster"] == before["roster"]
    assert after["house_rules"] == before["house_rules"]
