"""The store's everyday behaviour: games, drafts, the list, the roster, saved variants."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from scorepad.engine import (
    GOLF,
    Game,
    GameRecord,
    HookError,
    RoundDraft,
    Suit,
)
from scorepad.store import (
    GameNotFoundError,
    ListedStatus,
    RosterError,
    StaleGameError,
    TinyDBStore,
    VariantNotFoundError,
    atomic,
    data_dir,
)
from tests.helpers import round_of

FOUR = ["Ann", "Bob", "Cat", "Dan"]


def new_golf(store: TinyDBStore, players: list[str] = FOUR) -> str:
    return store.create_game(GameRecord(variant="golf", players=players)).id


def record_zero_round(store: TinyDBStore, game_id: str) -> Game:
    """Record the next round: nobody bids, the first player takes every trick."""
    game = store.load_game(game_id).game
    setup = game.next_round
    assert setup is not None
    bids = [0] * len(game.players)
    tricks = [setup.cards] + [0] * (len(game.players) - 1)
    return store.record_round(game_id, round_of(game, bids, tricks)).game


def test_a_recorded_round_is_on_disk_when_record_round_returns(tmp_path: Path) -> None:
    store = TinyDBStore(tmp_path)
    game_id = new_golf(store)
    record_zero_round(store, game_id)
    again = TinyDBStore(tmp_path).load_game(game_id)  # a fresh instance: nothing in memory
    assert len(again.record.rounds) == 1
    assert again.revision == 1
    assert again.game.sheet.totals == {"Ann": 0, "Bob": 10, "Cat": 10, "Dan": 10}


def test_nothing_derived_is_stored(store: TinyDBStore) -> None:
    game_id = new_golf(store)
    record_zero_round(store, game_id)
    text = store.game_path(game_id).read_text()
    for derived in ("totals", "points", "dealer", "winners", "leaders", "standings"):
        assert derived not in text


def test_an_invalid_game_or_round_stores_nothing(store: TinyDBStore) -> None:
    with pytest.raises(ValueError, match="Golf needs 2 to 8 players"):
        store.create_game(GameRecord(variant="golf", players=["Solo"]))
    assert store.list_games() == []
    game_id = new_golf(store)
    game = store.load_game(game_id).game
    before = store.game_path(game_id).read_bytes()
    with pytest.raises(HookError):
        store.record_round(game_id, round_of(game, [0, 0, 0, 1], [1, 0, 0, 0]))
    assert store.game_path(game_id).read_bytes() == before


def test_the_draft_of_the_round_being_entered_survives_a_restart(tmp_path: Path) -> None:
    store = TinyDBStore(tmp_path)
    game_id = new_golf(store)
    draft = RoundDraft(turned=Suit.HEARTS, bids={"Bob": 1, "Cat": 0})
    store.save_draft(game_id, draft)
    assert TinyDBStore(tmp_path).load_game(game_id).draft == draft
    record_zero_round(store, game_id)
    assert store.load_game(game_id).draft is None  # recording the round clears it


def test_a_stale_writer_is_refused(store: TinyDBStore) -> None:
    game_id = new_golf(store)
    seen = store.load_game(game_id)
    record_zero_round(store, game_id)  # someone else records round 1
    with pytest.raises(StaleGameError, match="changed elsewhere"):
        store.record_round(
            game_id,
            round_of(seen.game, [0, 0, 0, 0], [1, 0, 0, 0]),
            expected_revision=seen.revision,
        )
    assert len(store.load_game(game_id).record.rounds) == 1


def test_the_list_shows_id_variant_players_status_rounds_and_leaders(store: TinyDBStore) -> None:
    first = new_golf(store)
    second = new_golf(store, ["Eve", "Fay"])
    record_zero_round(store, first)
    listed = {s.id: s for s in store.list_games()}
    assert set(listed) == {first, second}
    one = listed[first]
    assert (one.variant, one.players, one.status) == ("Golf", tuple(FOUR), "in_progress")
    assert (one.rounds_played, one.rounds_total, one.leaders) == (1, 18, ("Ann",))
    assert store.list_games(status=ListedStatus.FINISHED) == []
    assert next(s.id for s in store.list_games()) == first  # most recently changed first


def test_the_list_follows_changes_made_by_another_process(tmp_path: Path) -> None:
    mine, theirs = TinyDBStore(tmp_path), TinyDBStore(tmp_path)
    game_id = new_golf(mine)
    assert mine.list_games()[0].rounds_played == 0
    record_zero_round(theirs, game_id)
    assert mine.list_games()[0].rounds_played == 1
    assert theirs.list_games()[0].rounds_played == 1
    theirs.add_players(["Zed"])
    assert "Zed" in [p.name for p in mine.roster()]
    catalogue = json.loads((tmp_path / "catalogue.json").read_text())
    assert [(r["id"], r["rounds_played"]) for r in catalogue["games"].values()] == [(game_id, 1)]


def test_finished_and_abandoned_games_are_kept_and_listed(store: TinyDBStore) -> None:
    done = new_golf(store, ["Ann", "Bob"])
    for _ in range(18):
        record_zero_round(store, done)
    stopped = new_golf(store, ["Cat", "Dan"])
    record_zero_round(store, stopped)
    store.update_game(stopped, lambda game: game.abandon())
    assert [s.id for s in store.list_games(status=ListedStatus.FINISHED)] == [done]
    assert store.list_games(status=ListedStatus.FINISHED)[0].winners == ("Ann",)
    assert [s.id for s in store.list_games(status=ListedStatus.ABANDONED)] == [stopped]


def test_game_ids_resolve_from_unambiguous_prefixes(store: TinyDBStore) -> None:
    game_id = new_golf(store)
    assert store.resolve_game_id(game_id[:3]) == game_id
    assert store.resolve_game_id(game_id.upper()) == game_id
    with pytest.raises(GameNotFoundError, match="no game with id 'zzz'"):
        store.resolve_game_id("zzz")
    with pytest.raises(GameNotFoundError):
        store.load_game("nope")


def test_the_roster_grows_with_every_game_ignoring_case(store: TinyDBStore) -> None:
    new_golf(store)
    new_golf(store, ["ann", "Zed"])
    assert [p.name for p in store.roster()] == ["Ann", "Bob", "Cat", "Dan", "Zed"]
    store.add_players(["  Yan "])
    assert "Yan" in [p.name for p in store.roster()]
    with pytest.raises(RosterError):
        store.add_players([" "])


def test_the_roster_knows_a_name_typed_with_another_accent_encoding(store: TinyDBStore) -> None:
    new_golf(store, ["Zo\u00e9", "Bob"])  # é as one character
    store.add_players(["ZOE\u0301"])  # the same name, É as E + a combining accent
    assert [p.name for p in store.roster()] == ["Bob", "Zo\u00e9"]


def test_saved_variants_are_unique_by_name_and_never_a_presets_name(store: TinyDBStore) -> None:
    dime = GOLF.with_changes(name="Dime Golf", stake_cents=10)
    store.save_variant(dime)
    assert [v.name for v in store.saved_variants()] == ["Dime Golf"]
    with pytest.raises(RosterError, match="already called 'Dime Golf'"):
        store.save_variant(dime.with_changes(stake_cents=20))
    with pytest.raises(RosterError, match="preset's name"):
        store.save_variant(dime.with_changes(name="golf"))
    store.save_variant(
        dime.with_changes(name="Quarter Golf", stake_cents=25), replacing="Dime Golf"
    )
    assert [(v.name, v.variant.stake_cents) for v in store.saved_variants()] == [
        ("Quarter Golf", 25)
    ]
    with pytest.raises(VariantNotFoundError):
        store.delete_variant("Dime Golf")
    store.delete_variant("Quarter Golf")
    assert store.saved_variants() == []


def test_a_game_keeps_its_own_copy_of_a_house_variant(store: TinyDBStore) -> None:
    house = GOLF.with_changes(name="House Golf", stake_cents=10)
    store.save_variant(house)
    game_id = store.create_game(GameRecord(variant=house, players=["A", "B"])).id
    store.delete_variant("House Golf")
    assert store.load_game(game_id).game.variant == house


def test_temp_files_of_killed_writers_are_cleaned_on_the_next_start(tmp_path: Path) -> None:
    store = TinyDBStore(tmp_path)
    game_id = new_golf(store)
    litter = [
        tmp_path / ".catalogue.json.abc.scorepad-tmp",
        tmp_path / "games" / f".{game_id}.json.xyz.scorepad-tmp",
    ]
    for path in litter:
        path.write_text("half a write")
    TinyDBStore(tmp_path)
    assert not any(path.exists() for path in litter)


def test_rolling_backups_keep_the_last_good_versions(
    store: TinyDBStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(atomic, "BACKUP_SPACING_NS", 0)
    game_id = new_golf(store)
    for _ in range(5):
        record_zero_round(store, game_id)
    backups = sorted((store.root / "backups" / "games").glob(f"{game_id}.json.*"))
    assert [b.name[-1] for b in backups] == ["1", "2", "3"]
    rounds_in = [len(json.loads(b.read_text())["game"]["1"]["record"]["rounds"]) for b in backups]
    assert rounds_in == [4, 3, 2]


def test_backups_are_spaced_so_a_burst_of_saves_keeps_older_moments(store: TinyDBStore) -> None:
    game_id = new_golf(store)
    record_zero_round(store, game_id)
    record_zero_round(store, game_id)
    newest_backup = store.root / "backups" / "games" / f"{game_id}.json.1"
    two_seconds_ago = newest_backup.stat().st_mtime_ns - 2_000_000_000
    os.utime(newest_backup, ns=(two_seconds_ago, two_seconds_ago))
    for _ in range(5):  # five saves in the same second
        record_zero_round(store, game_id)
    backups = sorted((store.root / "backups" / "games").glob(f"{game_id}.json.*"))
    rounds_in = [len(json.loads(b.read_text())["game"]["1"]["record"]["rounds"]) for b in backups]
    assert rounds_in[0] == 2  # the version from two seconds ago, not one of the burst


def test_the_data_folder_is_chosen_by_flag_then_environment_then_platform() -> None:
    env = {"SCOREPAD_DATA_DIR": "/env/dir", "FLET_APP_STORAGE_DATA": "/flet"}
    assert data_dir("/flag", environ=env) == Path("/flag")
    assert data_dir(None, environ=env) == Path("/env/dir")
    assert data_dir(None, environ={"FLET_APP_STORAGE_DATA": "/flet"}) == Path("/flet/scorepad")
    assert data_dir(None, environ={}).name == "scorepad"
