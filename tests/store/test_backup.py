"""Backing up the whole store in one file and restoring it: lossless into an empty store,
refused over a non-empty one unless merging, a merge that adds only what is missing, and bad
files refused before anything is written."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorepad.engine import GOLF, PRESETS, Game, GameRecord, RoundDraft
from scorepad.store import (
    BackupDamagedError,
    BackupError,
    BackupFormatError,
    BackupTooNewError,
    ListedStatus,
    StoreNotEmptyError,
    StoreWriteError,
    TinyDBStore,
    UndoStep,
    parse_backup,
)
from scorepad.store.catalogue import Catalogue
from scorepad.store.models import Settings
from tests.helpers import zero_round
from tests.strategies import games

DIME_GOLF = GOLF.with_changes(name="Dime Golf", stake_cents=10)


def finished(game: Game) -> Game:
    while game.next_round is not None:
        game = game.record_round(zero_round(game))
    return game


def full_store(root: Path) -> TinyDBStore:
    """A store with one of everything a backup must keep: a finished stake game, a game in
    progress with a round being entered and undo steps, an abandoned game, a roster with
    former names, a house rule and a setting."""
    store = TinyDBStore(root)
    store.save_variant(DIME_GOLF)
    done = store.create_game(GameRecord(variant=DIME_GOLF, players=["Ann", "Bob", "Cat"]))
    store.update_game(done.id, finished)
    playing = store.create_game(GameRecord(variant="golf", players=["Ann", "Dan"]))
    store.record_round(playing.id, zero_round(store.load_game(playing.id).game))
    store.update_game(
        playing.id,
        lambda game: game,
        draft=RoundDraft(bids={"Ann": 1}),
        undo=(UndoStep(label="Ann bid 1", draft=RoundDraft()),),
    )
    gone = store.create_game(GameRecord(variant="mormon-bridge", players=["Eve", "Fay", "Gus"]))
    store.update_game(gone.id, lambda game: game.abandon())
    store.rename_player("Bob", "Robert")
    store.merge_players("Gus", "Fay")
    store.save_settings(Settings(currency_symbol="€"))
    return store


def contents(store: TinyDBStore) -> dict[str, Any]:
    """Everything a store holds, field by field, as plain data."""
    return {
        "games": {
            s.id: store.load_game(s.id).model_dump(mode="json", by_alias=True)
            for s in store.list_games()
        },
        "list": [s.model_dump(mode="json") for s in store.list_games()],
        "roster": [p.model_dump(mode="json") for p in store.roster()],
        "house_rules": [v.model_dump(mode="json") for v in store.saved_variants()],
        "settings": store.settings().model_dump(mode="json"),
        "names": store.current_names(),
    }


def files_of(root: Path) -> dict[str, bytes]:
    """Every file of a store but its lock and backups: what a refused restore must not touch."""
    return {
        str(path.relative_to(root)): path.read_bytes()
        for path in sorted(root.rglob("*"))
        if path.is_file() and path.name != ".lock" and "backups" not in path.parts
    }


def through_a_file(document: dict[str, Any]) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(json.dumps(document))
    return loaded


def test_a_backup_restores_into_an_empty_store_field_by_field(tmp_path: Path) -> None:
    source = full_store(tmp_path / "source")
    document = through_a_file(source.backup())
    target = TinyDBStore(tmp_path / "target")
    report = target.restore(document)
    assert contents(target) == contents(source)
    assert sorted(report.restored) == sorted(s.id for s in source.list_games())
    assert report.settings_restored
    assert {s.status for s in target.list_games()} == {
        ListedStatus.FINISHED,
        ListedStatus.IN_PROGRESS,
        ListedStatus.ABANDONED,
    }
    again = TinyDBStore(tmp_path / "target").backup()  # and it stays that way after reopening
    assert {**again, "made": None} == {**document, "made": None}


def test_a_restored_store_keeps_working(tmp_path: Path) -> None:
    source = full_store(tmp_path / "source")
    target = TinyDBStore(tmp_path / "target")
    target.restore(source.backup())
    playing = next(s for s in target.list_games() if s.status is ListedStatus.IN_PROGRESS)
    stored = target.load_game(playing.id)
    assert stored.draft == RoundDraft(bids={"Ann": 1})
    assert target.record_round(playing.id, zero_round(stored.game)).revision == stored.revision + 1
    assert target.roster_change_to_undo() is None  # undo history is not part of a backup
    assert target.rename_player("Robert", "Rob").aliases == ("Bob", "Robert")


@pytest.mark.parametrize("holding", ["a game", "a player", "a house rule"])
def test_a_plain_restore_refuses_a_store_that_is_not_empty(tmp_path: Path, holding: str) -> None:
    document = full_store(tmp_path / "source").backup()
    target = TinyDBStore(tmp_path / "target")
    if holding == "a game":
        target.create_game(GameRecord(variant="golf", players=["Ann", "Zed"]))
    elif holding == "a player":
        target.add_players(["Zed"])
    else:
        target.save_variant(DIME_GOLF.with_changes(name="Nickel Golf"))
    before = files_of(tmp_path / "target")
    with pytest.raises(StoreNotEmptyError, match="restore with --merge to add only what") as caught:
        target.restore(document)
    assert "\n" not in str(caught.value)
    assert "nothing was changed" in str(caught.value)
    assert files_of(tmp_path / "target") == before


def test_a_merge_skips_games_already_stored_and_duplicates_nothing(tmp_path: Path) -> None:
    source = full_store(tmp_path / "source")
    document = source.backup()
    target = TinyDBStore(tmp_path / "target")
    finished_game = next(s for s in source.list_games() if s.status is ListedStatus.FINISHED)
    same = target.create_game(source.load_game(finished_game.id).record)  # imported earlier
    own = target.create_game(GameRecord(variant="golf", players=["Ann", "Zed"]))
    target.save_variant(DIME_GOLF.with_changes(stake_cents=25))  # same name, other rules
    target.add_players(["robert"])
    report = target.restore(document, merge=True)
    assert report.skipped == {finished_game.id: same.id}
    assert len(report.restored) == 2
    assert {s.id for s in target.list_games()} == {same.id, own.id, *report.restored}
    roster = {p.name: p.aliases for p in target.roster()}
    assert roster == {  # the backup renamed Bob Robert: Bob (from a game here) is robert
        "Ann": (),
        "Cat": (),
        "Dan": (),
        "Eve": (),
        "Fay": ("Gus",),
        "Zed": (),
        "robert": ("Bob",),
    }
    assert report.roster_changes == ["merged Bob into robert, as in the backup"]
    assert report.players_added == ["Dan", "Eve", "Fay"]
    assert [v.variant.stake_cents for v in target.saved_variants()] == [25]
    assert report.house_rules_kept == ["Dime Golf"]
    assert target.settings() == Settings(currency_symbol="€")  # none were saved here
    assert report.settings_restored
    second = target.restore(document, merge=True)
    assert second.restored == [] and len(second.skipped) == 3
    assert {p.name: p.aliases for p in target.roster()} == roster


def test_a_merge_gives_a_player_here_the_former_names_the_backup_knew(tmp_path: Path) -> None:
    source = TinyDBStore(tmp_path / "source")
    source.add_players(["Bob", "Cat"])
    source.rename_player("Bob", "Robert")
    source.merge_players("Cat", "Robert")
    target = TinyDBStore(tmp_path / "target")
    target.add_players(["cat"])
    report = target.restore(source.backup(), merge=True)
    assert report.players_added == []
    # the backup merged Cat into Robert after this store knew her: she is Robert now here too
    assert report.roster_changes == ["renamed cat to Robert, as in the backup"]
    assert report.players_extended == ["Robert"]
    assert [(p.name, p.aliases) for p in target.roster()] == [("Robert", ("cat", "Bob"))]
    assert target.current_names() == {"bob": "Robert", "cat": "Robert", "robert": "Robert"}


def test_a_merge_carries_over_the_backup_s_merges_and_renames(tmp_path: Path) -> None:
    """The backup had Bob merged into Robert and Cat renamed Catherine: merged into a store
    holding Bob, Robert and Cat, Bob and Robert stayed two players and Cat gained Catherine
    as a *former* name, the rename reversed, without a word."""
    source = TinyDBStore(tmp_path / "source")
    source.add_players(["Bob", "Robert", "Cat", "Dan"])
    source.merge_players("Bob", "Robert")
    source.rename_player("Cat", "Catherine")
    target = TinyDBStore(tmp_path / "target")
    target.add_players(["Bob", "Robert", "Cat", "Dan"])
    report = target.restore(source.backup(), merge=True)
    assert report.roster_changes == [
        "merged Bob into Robert, as in the backup",
        "renamed Cat to Catherine, as in the backup",
    ]
    assert report.roster_kept == [] and report.players_added == []
    assert {p.name: p.aliases for p in target.roster()} == {
        "Robert": ("Bob",),
        "Catherine": ("Cat",),
        "Dan": (),
    }
    assert target.current_names()["bob"] == "Robert"
    assert target.current_names()["cat"] == "Catherine"


def test_a_merge_keeps_this_store_s_later_rename_and_says_when_both_renamed(
    tmp_path: Path,
) -> None:
    source = TinyDBStore(tmp_path / "source")
    source.add_players(["Cat", "Dan"])
    source.rename_player("Dan", "Daniel")
    target = TinyDBStore(tmp_path / "target")
    target.add_players(["Cat", "Dan"])
    target.rename_player("Cat", "Kitty")  # renamed here after the backup: kept silently
    first = target.restore(source.backup(), merge=True)
    assert first.roster_changes == ["renamed Dan to Daniel, as in the backup"]
    assert first.roster_kept == []
    assert {p.name: p.aliases for p in target.roster()} == {
        "Kitty": ("Cat",),
        "Daniel": ("Dan",),
    }
    source.rename_player("Cat", "Catherine")  # and the backup renamed her its own way
    second = target.restore(source.backup(), merge=True)
    assert second.roster_kept == [
        "kept the name Kitty here: the backup calls them Catherine, a name this store never "
        "had for them (added as a former name)"
    ]
    assert {p.name: p.aliases for p in target.roster()}["Kitty"] == ("Cat", "Catherine")


def test_a_merge_keeps_the_settings_saved_here(tmp_path: Path) -> None:
    document = full_store(tmp_path / "source").backup()
    target = TinyDBStore(tmp_path / "target")
    target.save_settings(Settings(currency_symbol="£"))
    report = target.restore(document, merge=True)
    assert target.settings() == Settings(currency_symbol="£")
    assert not report.settings_restored


def test_a_merge_gives_a_new_id_to_a_game_whose_id_is_taken(tmp_path: Path) -> None:
    source = TinyDBStore(tmp_path / "source")
    theirs = source.create_game(GameRecord(variant="golf", players=["Ann", "Bob"]))
    document = source.backup()
    target = TinyDBStore(tmp_path / "target")
    target.create_game(GameRecord(variant="golf", players=["Cat", "Dan"]))
    ours_id = target.list_games()[0].id
    document["games"][0]["id"] = ours_id  # the same id, another game
    report = target.restore(document, merge=True)
    new_id = report.renumbered[ours_id]
    assert new_id != ours_id and report.restored == [new_id]
    assert target.load_game(new_id).record == theirs.record
    assert target.load_game(ours_id).record.players == ("Cat", "Dan")


def test_a_merge_stores_a_record_the_backup_holds_twice_once(tmp_path: Path) -> None:
    source = TinyDBStore(tmp_path / "source")
    first = source.create_game(GameRecord(variant="golf", players=["Ann", "Bob"]))
    document = source.backup()
    twin = {**document["games"][0], "id": "0000beef"}
    document["games"].append(twin)
    plain = TinyDBStore(tmp_path / "plain")
    assert len(plain.restore(document).restored) == 2  # lossless: both kept
    target = TinyDBStore(tmp_path / "target")
    target.add_players(["Zed"])
    report = target.restore(document, merge=True)
    assert report.restored == [first.id]
    assert report.skipped == {"0000beef": first.id}


def game_document(**changes: Any) -> dict[str, Any]:
    game = {
        "schema": 5,
        "id": "1a2b3c4d",
        "created": "2026-01-01T00:00:00Z",
        "updated": "2026-01-01T00:00:00Z",
        "record": {"variant": "golf", "players": ["Ann", "Bob"]},
    }
    return {**game, **changes}


def backup_document(**changes: Any) -> dict[str, Any]:
    document = {
        "format": "scorepad-backup",
        "version": 1,
        "schema": 5,
        "made": "2026-01-01T00:00:00Z",
        "games": [game_document()],
        "roster": [{"name": "Ann", "added": "2026-01-01T00:00:00Z"}],
        "house_rules": [],
        "settings": {"currency_symbol": "$"},
    }
    return {**document, **changes}


def as_bytes(document: Any) -> bytes:
    return json.dumps(document).encode()


BAD_BACKUPS: list[tuple[str, bytes, type[BackupError], str]] = [
    ("empty", b"  \n", BackupFormatError, "not a scorepad backup \\(the file is empty\\)"),
    (
        "not json",
        b"{nope",
        BackupFormatError,
        "it is not JSON: unexpected .nope. at line 1, column 2",
    ),
    ("not text", b"\xff\xfe{}", BackupFormatError, "it is not text"),
    ("a list", b"[1, 2]", BackupFormatError, "it holds a JSON list, not an object"),
    ("nested too deep", b"[" * 100_000, BackupFormatError, r"nested too deeply \(a backup nests"),
    (
        "a game record",
        as_bytes({"variant": "golf", "players": ["Ann", "Bob"]}),
        BackupFormatError,
        "it is a game record; store it with scorepad import",
    ),
    ("other json", as_bytes({"a": 1}), BackupFormatError, 'no "format": "scorepad-backup"'),
    (
        "newer format",
        as_bytes(backup_document(version=2)),
        BackupTooNewError,
        "made by a newer scorepad \\(backup format 2; this one reads up to 1\\); update",
    ),
    (
        "newer schema",
        as_bytes(backup_document(schema=99)),
        BackupTooNewError,
        "\\(schema 99; this one reads up to",
    ),
    (
        "newer game",
        as_bytes(backup_document(games=[game_document(schema=99)])),
        BackupTooNewError,
        "game schema 99",
    ),
    ("bad version", as_bytes(backup_document(version="1")), BackupDamagedError, "version: '1'"),
    (
        "a field of the wrong shape",
        as_bytes(backup_document(roster=[{"name": "Ann"}])),
        BackupDamagedError,
        "the backup is damaged: roster.0.added: Field required; nothing was restored",
    ),
    (
        "a game breaking the rules",
        as_bytes(
            backup_document(games=[game_document(record={"variant": "golf", "players": ["Ann"]})])
        ),
        BackupDamagedError,
        "game '1a2b3c4d': Golf needs 2 to 8 players",
    ),
    (
        "a path for an id",
        as_bytes(backup_document(games=[game_document(id="../meta")])),
        BackupDamagedError,
        "game '../meta': not a game id",
    ),
    (
        "two games with one id",
        as_bytes(backup_document(games=[game_document(), game_document()])),
        BackupDamagedError,
        "game '1a2b3c4d': two games have this id",
    ),
    (
        "a name twice on the roster",
        as_bytes(
            backup_document(
                roster=[
                    {"name": "Ann", "added": "2026-01-01T00:00:00Z"},
                    {"name": "Bob", "added": "2026-01-01T00:00:00Z", "aliases": ["ANN"]},
                ]
            )
        ),
        BackupDamagedError,
        "roster: the name 'ANN' is there twice",
    ),
    (
        "an empty name on the roster",
        as_bytes(backup_document(roster=[{"name": "", "added": "2026-01-01T00:00:00Z"}])),
        BackupDamagedError,
        "the backup is damaged: roster.0.name: the name is empty; every player needs one",
    ),
    (
        "a blank former name on the roster",
        as_bytes(
            backup_document(
                roster=[{"name": "Ann", "added": "2026-01-01T00:00:00Z", "aliases": ["Bo", " "]}]
            )
        ),
        BackupDamagedError,
        "roster.0.aliases.1: the name is empty",
    ),
    (
        "a control character in a roster name",
        as_bytes(backup_document(roster=[{"name": "An\nn", "added": "2026-01-01T00:00:00Z"}])),
        BackupDamagedError,
        "roster.0.name: the name 'An\\\\nn' contains the control or invisible character",
    ),
    (
        "a roster name too long",
        as_bytes(backup_document(roster=[{"name": "A" * 41, "added": "2026-01-01T00:00:00Z"}])),
        BackupDamagedError,
        "roster.0.name: the name 'A.*a name has at most 40",
    ),
    (
        "a bad currency symbol",
        as_bytes(backup_document(settings={"currency_symbol": "dollars"})),
        BackupDamagedError,
        "settings.currency_symbol: the currency symbol 'dollars' cannot be used",
    ),
    (
        "a house rule with a preset's name",
        as_bytes(
            backup_document(
                house_rules=[
                    {
                        "variant": GOLF.model_dump(mode="json"),
                        "saved": "2026-01-01T00:00:00Z",
                    }
                ]
            )
        ),
        BackupDamagedError,
        "house_rules: 'Golf' is a preset's name",
    ),
]


@pytest.mark.parametrize(
    ("raw", "error", "message"),
    [case[1:] for case in BAD_BACKUPS],
    ids=[case[0] for case in BAD_BACKUPS],
)
@pytest.mark.parametrize("merge", [False, True])
def test_a_bad_backup_is_refused_in_one_line_and_changes_nothing(
    tmp_path: Path, raw: bytes, error: type[BackupError], message: str, merge: bool
) -> None:
    store = TinyDBStore(tmp_path)
    before = files_of(tmp_path)
    with pytest.raises(error, match=message) as caught:
        restore_bytes(store, raw, merge=merge)
    assert "\n" not in str(caught.value)
    assert files_of(tmp_path) == before
    assert store.list_games() == [] and store.roster() == []


def restore_bytes(store: TinyDBStore, raw: bytes, *, merge: bool) -> None:
    """Restore a file's bytes: the store checks a JSON document itself; bytes that are no
    JSON document are refused by :func:`parse_backup`, as the command reads them."""
    try:
        document = json.loads(raw)
    except (ValueError, RecursionError):
        parse_backup(raw)
        raise AssertionError("parse_backup took bytes that are no JSON") from None
    store.restore(document, merge=merge)
    parse_backup(raw)  # the same bytes through the command's way give the same answer


def test_the_good_backup_of_the_bad_cases_restores(tmp_path: Path) -> None:
    """The cases above each break one thing in a backup that is otherwise good."""
    store = TinyDBStore(tmp_path)
    report = store.restore(parse_backup(as_bytes(backup_document())).document())
    assert report.restored == ["1a2b3c4d"]
    assert [p.name for p in store.roster()] == ["Ann"]


def test_a_failed_write_takes_back_the_games_already_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    document = full_store(tmp_path / "source").backup()
    target = TinyDBStore(tmp_path / "target")
    before = files_of(tmp_path / "target")

    def disk_full(*_: object) -> None:
        raise StoreWriteError(tmp_path / "target" / "catalogue.json", "No space left on device")

    monkeypatch.setattr(Catalogue, "put_tables", disk_full)
    with pytest.raises(StoreWriteError, match="No space left"):
        target.restore(document)
    assert files_of(tmp_path / "target") == before
    assert target.list_games() == []


def test_a_damaged_game_is_left_out_of_the_backup_and_listed_as_damaged(tmp_path: Path) -> None:
    store = full_store(tmp_path)
    damaged = store.list_games()[0].id
    store.game_path(damaged).write_text("{broken")
    document = store.backup()
    assert damaged not in {game["id"] for game in document["games"]}
    assert len(document["games"]) == 2
    reopened = TinyDBStore(tmp_path)  # a file edited in place shows at the next look
    assert [s.id for s in reopened.list_games(ListedStatus.DAMAGED)] == [damaged]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played=st.lists(games(), min_size=1, max_size=3), symbol=st.sampled_from(["$", "€", "kr"]))
def test_any_store_round_trips_through_its_backup(played: list[Game], symbol: str) -> None:
    """Random legal games (presets and house rules, any stage), a roster renamed and merged,
    a setting: the restored store is the same, field by field."""
    with tempfile.TemporaryDirectory() as folder:
        source = TinyDBStore(Path(folder) / "source")
        for game in played:
            stored = source.create_game(game.record)
            if game.variant.name not in {v.name for v in source.saved_variants()} and (
                game.variant.name.casefold() not in {p.name.casefold() for p in PRESETS.values()}
            ):
                source.save_variant(game.variant)
            assert stored.record == game.record
        first, *others = source.roster()
        source.rename_player(first.name, f"{first.name} Jr")
        if others:
            source.merge_players(others[0].name, f"{first.name} Jr")
        source.save_settings(Settings(currency_symbol=symbol))
        target = TinyDBStore(Path(folder) / "target")
        target.restore(parse_backup(json.dumps(source.backup()).encode()))
        assert contents(target) == contents(source)


def test_a_version_8_backup_with_house_rules_named_like_a_new_preset_restores_them_renamed(
    tmp_path: Path,
) -> None:
    """A backup made before the family's presets came, holding the table's own "Blackout":
    it restores whole (nothing refused as damaged), the rules renamed off the preset."""
    document = json.loads(
        (Path(__file__).parent / "fixtures" / "backup_v8_blackout.json").read_text()
    )
    store = TinyDBStore(tmp_path / "restored")
    store.restore(document)
    names = {rules.name for rules in store.saved_variants()}
    assert names == {"Blackout (house rules)", "Dime Golf", "Short Scotch"}
    assert len(store.list_games()) == len(document["games"])
