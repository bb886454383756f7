"""The catalogue (``catalogue.json``): TinyDB tables for the roster, the house rules and the
game list; the game rows rebuilt from the game files whenever the catalogue is lost or
damaged. And the :class:`Store` protocol: what the app codes against is what the store does."""

from __future__ import annotations

import inspect
import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from scorepad.engine import GOLF, RoundDraft, Suit
from scorepad.store import (
    KEEP,
    ListedStatus,
    Store,
    StoreReader,
    StoreUnreadableError,
    StoreWriter,
    TinyDBStore,
    atomic,
    game_list,
    open_store,
    recover_store,
)
from scorepad.store.games import game_files
from scorepad.store.storage import DurableJSONStorage
from tests.store.test_store import FOUR, new_golf, record_zero_round

FIXTURES = Path(__file__).parent / "fixtures"


def listing(store: Store) -> list[tuple[str, str, int, tuple[str, ...]]]:
    return [(s.id, s.status, s.rounds_played, s.leaders) for s in store.list_games()]


def a_store_with_games(root: Path) -> tuple[TinyDBStore, list[str]]:
    store = TinyDBStore(root)
    games = [new_golf(store), new_golf(store, ["Eve", "Fay"]), new_golf(store, ["Gus", "Hal"])]
    record_zero_round(store, games[0])
    store.update_game(games[2], lambda game: game.abandon())
    return store, games


# --- the protocol ---------------------------------------------------------------------------


def test_the_store_is_a_store_as_the_protocol_says(tmp_path: Path) -> None:
    store: Store = TinyDBStore(tmp_path)  # mypy checks the structure
    opened: Store = open_store(tmp_path)
    assert (store.root, opened.root, store.read_only) == (tmp_path, tmp_path, None)


def protocol_methods() -> list[str]:
    return sorted(
        name
        for part in (StoreReader, StoreWriter)  # Store itself only inherits them
        for name, member in vars(part).items()
        if not name.startswith("_") and callable(member)
    )


@pytest.mark.parametrize("name", protocol_methods())
def test_every_method_has_the_protocol_s_parameters_and_defaults(name: str) -> None:
    promised = inspect.signature(getattr(Store, name))
    actual = inspect.signature(getattr(TinyDBStore, name))
    shape = [(p.name, p.kind, p.default) for p in promised.parameters.values()]
    assert [(p.name, p.kind, p.default) for p in actual.parameters.values()][: len(shape)] == (
        shape
    )
    extra = list(actual.parameters.values())[len(shape) :]
    assert all(p.default is not inspect.Parameter.empty for p in extra), extra


def test_the_protocol_names_every_public_member_of_the_store() -> None:
    public = {name for name in dir(TinyDBStore) if not name.startswith("_")}
    promised = {name for name in dir(Store) if not name.startswith("_")}
    assert promised <= public | {"root", "read_only"}
    assert public - promised == {"game_path"}, "what the app may use is in the protocol"


def test_update_game_keeps_the_draft_unless_told(store: TinyDBStore) -> None:
    game_id = new_golf(store)
    draft = RoundDraft(turned=Suit.CLUBS, bids={"Ann": 1})
    store.save_draft(game_id, draft)
    assert store.update_game(game_id, lambda game: game).draft == draft
    assert store.update_game(game_id, lambda game: game, draft=KEEP).draft == draft
    assert store.update_game(game_id, lambda game: game, draft=None).draft is None


# --- tables and queries ---------------------------------------------------------------------


def test_the_catalogue_holds_roster_house_rules_and_a_row_per_game(tmp_path: Path) -> None:
    store, games = a_store_with_games(tmp_path)
    store.save_variant(GOLF.model_copy(update={"name": "Mine"}))
    listed = listing(store)
    catalogue = json.loads((tmp_path / "catalogue.json").read_text())
    assert set(catalogue) == {"schema", "roster", "house_rules", "games"}
    assert sorted(row["name"] for row in catalogue["roster"].values()) == sorted(
        [*FOUR, "Eve", "Fay", "Gus", "Hal"]
    )
    assert [row["variant"]["name"] for row in catalogue["house_rules"].values()] == ["Mine"]
    assert {key: row["id"] for key, row in catalogue["games"].items()} == {
        str(int(game_id, 16)): game_id for game_id in games
    }
    assert {row["id"]: row["status"] for row in catalogue["games"].values()} == {
        s[0]: s[1] for s in listed
    }


def test_a_player_is_known_by_the_engine_s_name_key(store: TinyDBStore) -> None:
    store.add_players(["Ann"])
    assert [p.name for p in store.add_players([" ann ", "ANN", "Bob", "bob"])] == ["Ann", "Bob"]


def test_listing_by_status_answers_from_the_catalogue(tmp_path: Path) -> None:
    store, games = a_store_with_games(tmp_path)
    store.list_games()
    assert [s.id for s in store.list_games(ListedStatus.ABANDONED)] == [games[2]]
    in_progress = {s.id for s in store.list_games(ListedStatus.IN_PROGRESS)}
    assert in_progress == {games[0], games[1]}
    assert store.list_games(ListedStatus.FINISHED) == []
    assert store.list_games(ListedStatus.DAMAGED) == []


def count_writes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    written: list[str] = []
    real_write = DurableJSONStorage.write

    def counting(self: DurableJSONStorage, data: dict[str, Any]) -> None:
        written.append(self.path.name)
        real_write(self, data)

    monkeypatch.setattr(DurableJSONStorage, "write", counting)
    return written


def test_a_listing_writes_the_catalogue_once_and_only_when_a_game_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store, games = a_store_with_games(tmp_path)
    store.list_games()
    written = count_writes(monkeypatch)
    store.list_games()
    assert written == [], "nothing changed: nothing written"
    other = TinyDBStore(tmp_path)
    for game_id in games[:2]:
        record_zero_round(other, game_id)
    written.clear()
    assert [s.rounds_played for s in store.list_games()][:2] == [1, 2]
    assert written == ["catalogue.json"], "two rows changed in one write"


# --- rebuilt from the game files ------------------------------------------------------------


def test_a_deleted_catalogue_is_rebuilt_from_the_game_files(tmp_path: Path) -> None:
    store, _ = a_store_with_games(tmp_path)
    before = listing(store)
    roster = [p.name for p in store.roster()]
    (tmp_path / "catalogue.json").unlink()
    assert listing(store) == before, "rebuilt by the open store"
    assert [p.name for p in store.roster()] == roster, "every player with a game is back"
    (tmp_path / "catalogue.json").unlink()
    assert listing(TinyDBStore(tmp_path)) == before, "and at opening"


def test_a_corrupt_catalogue_is_recovered_and_its_games_rebuilt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(atomic, "BACKUP_SPACING_NS", 0)
    store, games = a_store_with_games(tmp_path)
    store.list_games()
    record_zero_round(store, games[1])  # the backup's row of this game is now stale
    before = listing(store)
    (tmp_path / "catalogue.json").write_text('{"games": {"1": ')
    with pytest.raises(StoreUnreadableError, match=r"catalogue\.json cannot be read"):
        TinyDBStore(tmp_path)
    assert listing(store) == before, "the games still list from their files"
    assert recover_store(tmp_path).restored == [tmp_path / "catalogue.json"]
    assert listing(TinyDBStore(tmp_path)) == before


def test_a_corrupt_catalogue_without_backups_starts_again_from_the_games(tmp_path: Path) -> None:
    store, _ = a_store_with_games(tmp_path)
    before = listing(store)
    shutil.rmtree(tmp_path / "backups")
    (tmp_path / "catalogue.json").write_text("garbage")
    assert recover_store(tmp_path).started_fresh == [tmp_path / "catalogue.json"]
    again = TinyDBStore(tmp_path)
    assert listing(again) == before
    assert len(again.roster()) == 8


def test_an_upgraded_store_lists_as_before(tmp_path: Path) -> None:
    root = tmp_path / "v2"
    shutil.copytree(FIXTURES / "v2", root)
    first = listing(TinyDBStore(root))
    (root / "catalogue.json").unlink()
    assert listing(TinyDBStore(root)) == first


def test_an_unchanged_games_folder_is_not_scanned_again_but_any_write_is_seen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store, games = a_store_with_games(tmp_path)
    folder = tmp_path / "games"
    an_hour_ago = folder.stat().st_mtime_ns - 3600 * 10**9
    os.utime(folder, ns=(an_hour_ago, an_hour_ago))
    before = listing(store)
    scans: list[Path] = []
    real_scan = game_files

    def counting(path: Path) -> dict[str, tuple[int, int, int]]:
        scans.append(path)
        return real_scan(path)

    monkeypatch.setattr(game_list, "game_files", counting)
    assert listing(store) == before
    assert scans == [], "the folder is as it was: its files are too"
    record_zero_round(TinyDBStore(tmp_path), games[1])  # replaces a file: the folder changes
    assert [s.rounds_played for s in store.list_games() if s.id == games[1]] == [1]
    assert scans == [folder]


def test_a_few_stale_rows_in_a_large_catalogue_wait_and_are_never_trusted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(game_list, "STALE_ROWS_WRITTEN", 2)
    monkeypatch.setattr(game_list, "ROWS_PER_STALE_ROW", 1)  # 3 games: 1 stale row waits
    store, games = a_store_with_games(tmp_path)
    store.list_games()
    written = count_writes(monkeypatch)
    other = TinyDBStore(tmp_path)
    record_zero_round(other, games[1])
    written.clear()
    assert [s.rounds_played for s in store.list_games() if s.id == games[1]] == [1]
    assert [s.id for s in store.list_games(ListedStatus.IN_PROGRESS)] == [games[1], games[0]]
    assert written == [], "one stale row of three waits"
    record_zero_round(other, games[0])
    written.clear()
    assert [s.rounds_played for s in store.list_games()][:2] == [2, 1]
    assert written == ["catalogue.json"], "two are written"
    rows = json.loads((tmp_path / "catalogue.json").read_text())["games"].values()
    assert {row["id"]: row["rounds_played"] for row in rows} == {
        games[0]: 2,
        games[1]: 1,
        games[2]: 0,
    }


def test_a_folder_on_a_coarse_clock_needs_a_wider_margin() -> None:
    fine = game_list.folder_clock_margin(1_700_000_000_123_456_789)
    coarse = game_list.folder_clock_margin(1_700_000_000_000_000_000)  # FAT: whole seconds
    assert (fine, coarse) == (50_000_000, 2_000_000_000)
