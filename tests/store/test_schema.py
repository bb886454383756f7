"""Schema versions: every store ever written must still open, upgraded in place."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from scorepad.engine import RoundDraft, Suit
from scorepad.store import StoreUnreadableError, TinyDBStore, recover_store, schema
from scorepad.store.migrate import catalogue_from_meta
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


def test_a_store_written_by_schema_2_opens_with_everything_in_it(tmp_path: Path) -> None:
    root = copy_of("v2", tmp_path)
    store = TinyDBStore(root)
    listed = {s.variant: s for s in store.list_games()}
    assert {(s.status, s.rounds_played) for s in listed.values()} == {
        ("finished", 18),
        ("in_progress", 3),
        ("abandoned", 1),
    }
    mormon = store.load_game(listed["Mormon Bridge"].id)
    assert [step.label for step in mormon.undo] == ["Cat bid 2"]
    assert [p.name for p in store.roster()] == ["Ann", "Bob", "Cat", "Dan", "Eve", "Uma", "Zed"]
    assert [v.name for v in store.saved_variants()] == ["Dime Golf"]


def test_schema_2_moves_roster_variants_and_index_into_the_catalogue(tmp_path: Path) -> None:
    root = copy_of("v2", tmp_path)
    meta = (root / "meta.json").read_bytes()
    index = json.loads((root / "index.json").read_text())["index"]["1"]["games"]
    games = {path.name: path.read_bytes() for path in (root / "games").iterdir()}
    catalogue_from_meta(root)
    catalogue = json.loads((root / "catalogue.json").read_text())
    assert catalogue["schema"] == {"1": {"version": 3}}
    old_meta = json.loads(meta)
    assert catalogue["roster"] == old_meta["roster"]
    assert catalogue["house_rules"] == old_meta["variants"]
    assert {row["id"]: row["signature"] for row in catalogue["games"].values()} == {
        game_id: entry["signature"] for game_id, entry in index.items()
    }
    assert not (root / "meta.json").exists() and not (root / "index.json").exists()
    assert (root / "backups" / "meta.json.v2").read_bytes() == meta, "the old file is kept"
    assert {path.name: path.read_bytes() for path in (root / "games").iterdir()} == games


def test_a_move_into_the_catalogue_cut_short_is_finished_at_the_next_open(
    tmp_path: Path,
) -> None:
    root = copy_of("v2", tmp_path)
    meta = (root / "meta.json").read_bytes()
    catalogue_from_meta(root)
    (root / "meta.json").write_bytes(meta)  # as if killed before meta.json was moved aside
    store = TinyDBStore(root)
    assert not (root / "meta.json").exists()
    assert len(store.list_games()) == 3 and len(store.roster()) == 7


def test_opening_runs_each_missing_migration_once_in_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = copy_of("v1", tmp_path)
    ran: list[int] = []
    real = dict(schema.MIGRATIONS)

    def step(version: int) -> schema.Migration:
        def migrate(folder: Path) -> None:
            ran.append(version)
            real[version](folder)

        return migrate

    def to_v6(folder: Path) -> None:
        assert (folder / "catalogue.json").exists(), "migrations run in order"
        ran.append(5)

    monkeypatch.setattr(schema, "SCHEMA_VERSION", 6)
    steps = {1: step(1), 2: step(2), 3: step(3), 4: step(4), 5: to_v6}
    monkeypatch.setattr(schema, "MIGRATIONS", steps)
    store = TinyDBStore(root)
    assert ran == [1, 2, 3, 4, 5]
    assert json.loads((root / "catalogue.json").read_text())["schema"]["1"]["version"] == 6
    TinyDBStore(root)
    assert ran == [1, 2, 3, 4, 5], "an up-to-date store is not migrated again"
    assert len(store.list_games()) == 3


def test_a_missing_migration_step_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(schema, "SCHEMA_VERSION", 2)
    monkeypatch.setattr(schema, "MIGRATIONS", {})
    with pytest.raises(ValueError, match="no migration from schema 1 to 2"):
        TinyDBStore(copy_of("v1", tmp_path))


def test_new_stores_are_written_at_the_current_version(tmp_path: Path) -> None:
    TinyDBStore(tmp_path)
    catalogue = json.loads((tmp_path / "catalogue.json").read_text())
    assert catalogue["schema"]["1"]["version"] == schema.SCHEMA_VERSION == 9
    assert not (tmp_path / "meta.json").exists() and not (tmp_path / "index.json").exists()


def test_a_schema_1_store_opens_at_the_current_version_and_its_games_gain_undo_steps(
    tmp_path: Path,
) -> None:
    root = copy_of("v1", tmp_path)
    before = {path.name: path.read_bytes() for path in (root / "games").iterdir()}
    store = TinyDBStore(root)
    catalogue = json.loads((root / "catalogue.json").read_text())
    assert catalogue["schema"]["1"]["version"] == schema.SCHEMA_VERSION
    assert len(catalogue["roster"]) == 6 and len(catalogue["house_rules"]) == 1
    assert {path.name: path.read_bytes() for path in (root / "games").iterdir()} == before
    mormon = next(s for s in store.list_games() if s.variant == "Mormon Bridge")
    stored = store.load_game(mormon.id)
    assert (stored.schema_version, stored.undo, len(stored.record.rounds)) == (1, (), 3)
    step = UndoStep(label="Cat bid 2", draft=RoundDraft(turned=Suit.CLUBS, bids_shown=True))
    store.save_draft(mormon.id, None)
    store.update_game(mormon.id, lambda game: game, undo=(step,))
    again = TinyDBStore(root).load_game(mormon.id)
    assert (again.schema_version, again.undo, again.record) == (
        schema.SCHEMA_VERSION,
        (step,),
        stored.record,
    )


def test_a_damaged_meta_file_of_a_store_not_yet_upgraded_is_recovered_then_upgraded(
    tmp_path: Path,
) -> None:
    root = copy_of("v2", tmp_path)
    (root / "meta.json").write_text('{"schema": ')
    with pytest.raises(StoreUnreadableError, match=r"meta\.json cannot be read: not valid JSON"):
        TinyDBStore(root)
    assert recover_store(root).started_fresh == [root / "meta.json"]  # the fixture has no backups
    store = TinyDBStore(root)
    assert len(store.list_games()) == 3
    assert [p.name for p in store.roster()] == ["Ann", "Bob", "Cat", "Dan", "Eve"]
    version = json.loads((root / "catalogue.json").read_text())["schema"]["1"]["version"]
    assert version == schema.SCHEMA_VERSION


def test_a_store_written_by_schema_3_opens_with_its_round_counting_the_tricks_at_the_end(
    tmp_path: Path,
) -> None:
    """Schema 4 lets a round being entered keep the tricks marked as they fall; a version-3
    draft has no marks, so it opens as it was (counting at the end), its file untouched."""
    root = copy_of("v3", tmp_path)
    before = {path.name: path.read_bytes() for path in (root / "games").iterdir()}
    store = TinyDBStore(root)
    version = json.loads((root / "catalogue.json").read_text())["schema"]["1"]["version"]
    assert version == schema.SCHEMA_VERSION
    assert {path.name: path.read_bytes() for path in (root / "games").iterdir()} == before
    listed = {s.variant: s for s in store.list_games()}
    mormon = store.load_game(listed["Mormon Bridge"].id)
    bids = {"Dan": 3, "Eve": 2, "Cat": 2}
    assert mormon.draft == RoundDraft(
        turned=Suit.CLUBS, bids=bids, bids_shown=True, tricks={"Dan": 3}
    )
    assert mormon.draft is not None
    assert (mormon.draft.tallying, mormon.draft.trick_winners) == (False, ())
    assert [step.label for step in mormon.undo] == ["Cat bid 2", "Dan took 3"]
    assert mormon.game.entry(4, mormon.draft).filled_in is None  # Eve and Cat still to enter
    marked = RoundDraft(
        turned=Suit.CLUBS, bids=bids, bids_shown=True, tallying=True, trick_winners=("Eve",)
    )
    store.update_game(mormon.id, lambda game: game, draft=marked)
    again = TinyDBStore(root).load_game(mormon.id)
    assert (again.schema_version, again.draft) == (schema.SCHEMA_VERSION, marked)


def test_a_store_written_by_schema_5_opens_at_the_current_version_with_its_games_as_they_were(
    tmp_path: Path,
) -> None:
    """Version 6 adds the table's changes to a record: a version-5 game has none, so no file
    changes and every game scores as it did."""
    root = copy_of("v5", tmp_path)
    files = {path.name: path.read_bytes() for path in (root / "games").iterdir()}
    store = TinyDBStore(root)
    listed = store.list_games()
    assert len(listed) == len(files) == 6
    catalogue = json.loads((root / "catalogue.json").read_text())
    assert catalogue["schema"] == {"1": {"version": schema.SCHEMA_VERSION}}
    assert {path.name: path.read_bytes() for path in (root / "games").iterdir()} == files
    for summary in listed:
        stored = store.load_game(summary.id)
        assert stored.record.changes == ()
        kept = json.loads(files[f"{summary.id}.json"])["game"]["1"]["record"]
        assert "changes" not in kept
        assert stored.game.sheet.players == tuple(kept["players"])
    golf = next(s for s in listed if s.variant == "Golf" and s.status == "in_progress")
    game = store.load_game(golf.id).game
    assert len(game.sheet.rounds) == 3 and game.sheet.left == {}


def test_a_store_written_by_schema_6_opens_and_its_table_changes_still_undo(
    tmp_path: Path,
) -> None:
    """Version 7 lets an undo step keep a table change as it was before a correction: a
    version-6 step has none, so no file changes, and the steps it kept still undo."""
    root = copy_of("v6", tmp_path)
    files = {path.name: path.read_bytes() for path in (root / "games").iterdir()}
    store = TinyDBStore(root)
    assert json.loads((root / "catalogue.json").read_text())["schema"] == {
        "1": {"version": schema.SCHEMA_VERSION}
    }
    assert {path.name: path.read_bytes() for path in (root / "games").iterdir()} == files
    store.list_games()  # the look that makes the rows again
    kept = json.loads((root / "catalogue.json").read_text())["games"]
    assert next(r for r in kept.values() if r["id"] == "d4e5465b")["player_keys"] == [
        "ann",
        "bob",
        "cat",
        "dan",
        "eve",
        "fay",
    ], "the row made again names the late arrival"
    changed = store.load_game("d4e5465b")
    assert [change.kind for change in changed.record.changes] == ["join", "sit_out", "adjust"]
    assert changed.game.sheet.starting == {"Fay": 2}
    assert [(step.kind, step.change_index, step.change) for step in changed.undo] == [
        ("table_changed", 0, None),
        ("table_changed", 1, None),
        ("table_changed", 2, None),
    ]
    without_penalty = changed.game.delete_change(2)
    assert without_penalty.sheet.totals["Bob"] == changed.game.sheet.totals["Bob"] + 10


def test_a_store_written_by_schema_7_opens_with_its_list_naming_everyone_who_played(
    tmp_path: Path,
) -> None:
    """Version 8 lists a game by everyone on its sheet: the version-7 row of the game Fay
    joined named only the five who started it, and the row made again names her too. No game
    file changes, and the correction that version 7 kept as an undo step still undoes."""
    root = copy_of("v7", tmp_path)
    files = {path.name: path.read_bytes() for path in (root / "games").iterdir()}
    old_rows = json.loads((root / "catalogue.json").read_text())["games"]
    old_row = next(row for row in old_rows.values() if row["id"] == "d4e5465b")
    assert old_row["players"] == ["Ann", "Bob", "Cat", "Dan", "Eve"]
    store = TinyDBStore(root)
    assert json.loads((root / "catalogue.json").read_text())["schema"] == {
        "1": {"version": schema.SCHEMA_VERSION}
    }
    listed = {summary.id: summary for summary in store.list_games()}
    assert listed["d4e5465b"].players == ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
    assert {path.name: path.read_bytes() for path in (root / "games").iterdir()} == files
    corrected = store.load_game("d4e5465b")
    step = corrected.undo[-1]
    assert (step.kind, step.change_index) == ("table_corrected", 2)
    assert step.change is not None and corrected.record.changes[2] != step.change
    undone = corrected.game.replace_change(2, step.change)
    assert undone.sheet.totals["Bob"] == corrected.game.sheet.totals["Bob"] - 5


def test_a_store_written_by_schema_8_scores_its_games_and_house_rules_as_before(
    tmp_path: Path,
) -> None:
    """Version 9's variants gain the family's house rules, each defaulting to what version 8
    played: the version-8 "Short Scotch" (a made zero: the tricks + 7) scores its round as it
    did, the saved house rule reads with no loss per trick off and an everyday hook, and a
    version-8 game imported again is found, not stored twice."""
    root = copy_of("v8", tmp_path)
    files = {path.name: path.read_bytes() for path in (root / "games").iterdir()}
    store = TinyDBStore(root)
    assert json.loads((root / "catalogue.json").read_text())["schema"] == {
        "1": {"version": schema.SCHEMA_VERSION}
    }
    game = store.load_game("3afe4fed").game
    assert game.sheet.totals == {"Ann": 10, "Bob": 0, "Cat": 11, "Dan": 10}
    assert [game.setup(n).dealer_hooked for n in (1, 2, 3)] == [True, True, True]
    saved = {rules.name: rules.variant for rules in store.saved_variants()}
    short = saved["Short Scotch"]
    assert (short.made_zero_bonus, short.made_zero_per_card, short.points_per_trick_off) == (
        7,
        1,
        0,
    )
    assert short.points(bid=0, tricks=0, cards=3) == 10
    assert {path.name: path.read_bytes() for path in (root / "games").iterdir()} == files
    assert store.find_game_with_record(game.record) == "3afe4fed"
    assert len(store.list_games()) == 9


def test_house_rules_saved_under_a_name_that_became_a_presets_are_renamed_not_lost(
    tmp_path: Path,
) -> None:
    """Version 8 let a table save its own "Blackout"; version 9 has a Blackout preset, and a
    game picks its rules by name. The table's rules become "Blackout (house rules)", with
    every setting kept, and the game played with them scores as it did."""
    store = TinyDBStore(copy_of("v8", tmp_path))
    saved = {rules.name: rules.variant for rules in store.saved_variants()}
    assert set(saved) == {"Blackout (house rules)", "Dime Golf", "Short Scotch"}
    theirs = saved["Blackout (house rules)"]
    assert theirs.points_per_trick_missed == 0 and theirs.hand_sizes == tuple(range(10, 0, -1))
    game = store.load_game("c4bf9364").game
    assert game.variant.name == "Blackout" and game.variant.bid_mode == "simultaneous"
