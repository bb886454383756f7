"""Schema versions: every store ever written must still open, upgraded in place."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from scorepad.engine import RoundDraft, Suit
from scorepad.store import TinyDBStore, schema
from scorepad.store.models import UndoStep

FIXTURES = Path(__file__).parent / "fixtures"


def copy_of(version: str, tmp_path: Path) -> Path:
    target = tmp_path / f"store-{version}"
    shutil.copytree(FIXTURES / version, target)
    return target


def test_a_store_written_by_schema_1_opens_with_everything_in_it(tmp_path: Path) -> None:
    store = TinyDBStore(copy_of("v1", tmp_path))
    listed = {s.id: s for s in store.list_games()}
    assert {(s.variant, s.status, s.rounds_played) for s in listed.values()} == {
        ("Dime Golf", "finished", 18),
        ("Mormon Bridge", "in_progress", 3),
        ("Scotch Bridge", "abandoned", 1),
    }
    golf = store.load_game(next(i for i, s in listed.items() if s.variant == "Dime Golf")).game
    assert golf.sheet.winners == ("Ann",)
    assert [(p.payer, p.payee, p.cents) for p in golf.sheet.settlement] == []
    assert golf.sheet.sets == {"Ann": 18, "Bob": 0}
    mormon = store.load_game(next(i for i, s in listed.items() if s.variant == "Mormon Bridge"))
    assert [r.trump for r in mormon.game.sheet.rounds] == [Suit.SPADES, None, Suit.SPADES]
    assert mormon.draft == RoundDraft(turned=Suit.CLUBS, bids={"Cat": 2}, bids_shown=True)
    assert [p.name for p in store.roster()] == ["Ann", "Bob", "Cat", "Dan", "Eve", "Zed"]
    assert [v.name for v in store.saved_variants()] == ["Dime Golf"]


def test_opening_runs_each_missing_migration_once_in_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = copy_of("v1", tmp_path)
    ran: list[int] = []

    def to_v2(folder: Path) -> None:
        ran.append(1)
        (folder / "v2-marker").write_text("migrated")

    def to_v3(folder: Path) -> None:
        assert (folder / "v2-marker").exists(), "migrations run in order"
        ran.append(2)

    monkeypatch.setattr(schema, "SCHEMA_VERSION", 3)
    monkeypatch.setattr(schema, "MIGRATIONS", {1: to_v2, 2: to_v3})
    store = TinyDBStore(root)
    assert ran == [1, 2]
    assert json.loads((root / "meta.json").read_text())["schema"]["1"]["version"] == 3
    TinyDBStore(root)
    assert ran == [1, 2], "an up-to-date store is not migrated again"
    assert len(store.list_games()) == 3


def test_a_missing_migration_step_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(schema, "SCHEMA_VERSION", 2)
    monkeypatch.setattr(schema, "MIGRATIONS", {})
    with pytest.raises(ValueError, match="no migration from schema 1 to 2"):
        TinyDBStore(copy_of("v1", tmp_path))


def test_new_stores_are_written_at_the_current_version(tmp_path: Path) -> None:
    TinyDBStore(tmp_path)
    meta = json.loads((tmp_path / "meta.json").read_text())
    assert meta["schema"]["1"]["version"] == schema.SCHEMA_VERSION == 2


def test_a_schema_1_store_opens_at_2_and_keeps_its_games_which_gain_undo_steps(
    tmp_path: Path,
) -> None:
    root = copy_of("v1", tmp_path)
    before = {path.name: path.read_bytes() for path in (root / "games").iterdir()}
    store = TinyDBStore(root)
    assert json.loads((root / "meta.json").read_text())["schema"]["1"]["version"] == 2
    assert {path.name: path.read_bytes() for path in (root / "games").iterdir()} == before
    mormon = next(s for s in store.list_games() if s.variant == "Mormon Bridge")
    stored = store.load_game(mormon.id)
    assert (stored.schema_version, stored.undo, len(stored.record.rounds)) == (1, (), 3)
    step = UndoStep(label="Cat bid 2", draft=RoundDraft(turned=Suit.CLUBS, bids_shown=True))
    store.save_draft(mormon.id, None)
    store.update_game(mormon.id, lambda game: game, undo=(step,))
    again = TinyDBStore(root).load_game(mormon.id)
    assert (again.schema_version, again.undo, again.record) == (2, (step,), stored.record)
