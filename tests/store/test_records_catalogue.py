"""Schema 5: the catalogue's game rows carry what player records and the money ledger read
(each player's result, the variant's direction, the stake, the record's fingerprint), so
``game_results`` answers from TinyDB queries on them without opening the game files; and the
table's settings live in a ``settings`` table."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Sequence
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from scorepad.engine import (
    GOLF,
    GameLine,
    GameRecord,
    GameResults,
    GameStatus,
    RoundRecord,
    leaderboard,
    player_stats,
)
from scorepad.store import (
    CurrencySymbolError,
    GameNotFoundError,
    Settings,
    StoreUnreadableError,
    TinyDBStore,
    game_list,
    schema,
)
from scorepad.store.catalogue import ListedGame
from scorepad.store.fingerprint import record_fingerprint
from scorepad.store.stats import Records

FIXTURES = Path(__file__).parent / "fixtures"
SHORT_GOLF = GOLF.with_changes(name="Short Golf", hand_sizes=(1, 2))


def short_golf(players: tuple[str, ...] = ("Ann", "Bob"), *, stake: int | None = 5) -> GameRecord:
    """A finished two-round Golf game: Ann makes both bids (21 points), Bob is set twice (0),
    so Bob wins (low total)."""
    rounds = (
        RoundRecord(
            turned="clubs",
            bids={players[0]: 0, players[1]: 0},
            tricks={players[0]: 0, players[1]: 1},
        ),
        RoundRecord(
            turned="clubs",
            bids={players[0]: 1, players[1]: 0},
            tricks={players[0]: 1, players[1]: 1},
        ),
    )
    return GameRecord(
        variant=SHORT_GOLF,
        players=players,
        first_dealer=players[1],
        stake_cents=stake,
        rounds=rounds,
    )


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[datetime]:
    """The store's clock, set by the test: each new game starts at ``clock[0]``."""
    times = [datetime(2026, 6, 1, 20, 0, tzinfo=UTC)]
    monkeypatch.setattr("scorepad.store.games.now", lambda: times[0])
    return times


def expected(store: TinyDBStore, game_id: str) -> GameResults:
    stored = store.load_game(game_id)
    return GameResults.of(stored.game, game_id=game_id, played_on=stored.created)


# --- the upgrade from schema 4 ----------------------------------------------------------------


def test_a_schema_4_store_opens_with_every_game_s_results_in_its_rows(tmp_path: Path) -> None:
    root = tmp_path / "store"
    shutil.copytree(FIXTURES / "v4", root)
    before = json.loads((root / "catalogue.json").read_text())
    assert before["games"] and all("results" not in row for row in before["games"].values())
    files = {path.name: path.read_bytes() for path in (root / "games").iterdir()}

    store = TinyDBStore(root)
    results = store.game_results()

    after = json.loads((root / "catalogue.json").read_text())
    assert after["schema"] == {"1": {"version": schema.SCHEMA_VERSION}}
    assert after["roster"] == before["roster"] and after["house_rules"] == before["house_rules"]
    assert {path.name: path.read_bytes() for path in (root / "games").iterdir()} == files
    assert results == [expected(store, row.game_id) for row in results]
    assert len(results) == len(files) == len(after["games"])
    golf = next(game for game in results if game.variant == "Golf")
    assert (golf.status, golf.lowest_wins, golf.stake_cents) == (GameStatus.FINISHED, True, 10)
    assert {r.player: r.cents for r in golf.results} == {"Ann": -80, "Bob": 160, "Cat": -80}
    for row in after["games"].values():
        record = store.load_game(row["id"]).record
        assert row["fingerprint"] == record_fingerprint(record)


# --- rows -------------------------------------------------------------------------------------


def test_a_row_holds_the_results_direction_stake_and_fingerprint(tmp_path: Path) -> None:
    store = TinyDBStore(tmp_path)
    game_id = store.create_game(short_golf()).id
    (found,) = store.game_results()
    assert found == expected(store, game_id)
    assert (found.lowest_wins, found.stake_cents) == (True, 5)
    assert [(r.player, r.won, r.sets) for r in found.results] == [
        ("Ann", False, 0),
        ("Bob", True, 2),
    ]
    money = store.load_game(game_id).game.sheet.money_at_end()
    assert {r.player: r.cents for r in found.results} == money
    rows = json.loads((tmp_path / "catalogue.json").read_text())["games"]
    (row,) = rows.values()
    assert row["fingerprint"] == record_fingerprint(store.load_game(game_id).record)


def test_a_stale_row_is_made_again_from_its_game_file(tmp_path: Path) -> None:
    store = TinyDBStore(tmp_path)
    started = GameRecord(variant=SHORT_GOLF, players=("Ann", "Bob"), stake_cents=5)
    game_id = store.create_game(started).id
    (before,) = store.game_results()
    assert (before.status, before.results[0].rounds) == (GameStatus.IN_PROGRESS, 0)
    for played in short_golf().rounds:
        store.record_round(game_id, played)
    (after,) = TinyDBStore(tmp_path).game_results()  # another process: only the files tell
    assert after == expected(store, game_id)
    assert store.game_results() == [after], "results made before the change are not kept"
    assert (after.status, after.results[0].rounds) == (GameStatus.FINISHED, 2)


def test_a_row_not_written_yet_is_still_queried(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = TinyDBStore(tmp_path)
    kept = store.create_game(short_golf()).id
    store.list_games()  # its row is written
    monkeypatch.setattr(game_list, "_worth_writing", lambda *_: False)
    fresh = store.create_game(short_golf(("Cat", "Dan"))).id
    assert [game.game_id for game in store.game_results(variant="short golf")] == [kept, fresh]
    rows = json.loads((tmp_path / "catalogue.json").read_text())["games"]
    assert [row["id"] for row in rows.values()] == [kept], "the new row waits to be written"
    assert [game.game_id for game in store.game_results(game_ids=[fresh])] == [fresh]


def test_a_damaged_game_has_no_results_and_the_others_are_found(tmp_path: Path) -> None:
    store = TinyDBStore(tmp_path)
    good = store.create_game(short_golf()).id
    bad = store.create_game(short_golf(("Cat", "Dan"))).id
    store.game_path(bad).write_text("{not json")
    assert [game.game_id for game in store.game_results()] == [good]
    with pytest.raises(GameNotFoundError, match=bad):
        store.game_results(game_ids=[bad])


# --- queries ----------------------------------------------------------------------------------


def test_results_by_variant_any_case_and_oldest_first(
    tmp_path: Path, clock: list[datetime]
) -> None:
    store = TinyDBStore(tmp_path)
    late = store.create_game(short_golf()).id
    clock[0] -= timedelta(days=3)
    early = store.create_game(short_golf(("Cat", "Dan"))).id
    clock[0] += timedelta(hours=1)
    mormon = store.create_game(GameRecord(variant="Mormon Bridge", players=("Ann", "Bob"))).id
    assert [g.game_id for g in store.game_results()] == [early, mormon, late]
    assert [g.game_id for g in store.game_results(variant="SHORT golf")] == [early, late]
    assert [g.game_id for g in store.game_results(variant="Mormon Bridge")] == [mormon]
    assert store.game_results(variant="Golf") == [], "a name is matched whole"


def test_results_by_local_date_range_both_days_included(
    tmp_path: Path, clock: list[datetime]
) -> None:
    store = TinyDBStore(tmp_path)
    started = {}
    for day in (1, 2, 3):
        clock[0] = datetime(2026, 6, day, 12, 0).astimezone()  # noon, this computer's clock
        started[day] = store.create_game(short_golf()).id

    def found(since: date | None = None, until: date | None = None) -> list[str]:
        return [g.game_id for g in store.game_results(since=since, until=until)]

    assert found(since=date(2026, 6, 2)) == [started[2], started[3]]
    assert found(until=date(2026, 6, 2)) == [started[1], started[2]]
    assert found(since=date(2026, 6, 2), until=date(2026, 6, 2)) == [started[2]]
    assert found(since=date(2026, 6, 4)) == []
    assert found(since=date(2026, 6, 3), until=date(2026, 6, 1)) == []


def test_a_game_started_just_before_local_midnight_belongs_to_that_day(
    tmp_path: Path, clock: list[datetime]
) -> None:
    store = TinyDBStore(tmp_path)
    clock[0] = datetime(2026, 6, 1, 23, 59, 59).astimezone()
    late = store.create_game(short_golf()).id
    assert [g.game_id for g in store.game_results(until=date(2026, 6, 1))] == [late]
    assert store.game_results(since=date(2026, 6, 2)) == []


def test_results_of_chosen_games(tmp_path: Path) -> None:
    store = TinyDBStore(tmp_path)
    one, two, three = (store.create_game(short_golf()).id for _ in range(3))
    picked = store.game_results(game_ids=[three, one])
    assert sorted(g.game_id for g in picked) == sorted([one, three])
    assert store.game_results(game_ids=[]) == []
    unknown = "0" * 8 if "0" * 8 not in (one, two, three) else "f" * 8
    with pytest.raises(GameNotFoundError, match=unknown):
        store.game_results(game_ids=[one, unknown])


# --- finding a record ---------------------------------------------------------------------------


def test_a_stored_record_is_found_by_its_fingerprint(tmp_path: Path) -> None:
    store = TinyDBStore(tmp_path)
    game_id = store.create_game(short_golf()).id
    same = GameRecord.from_json(store.load_game(game_id).record.model_dump_json())
    assert store.find_game_with_record(same) == game_id
    assert store.find_game_with_record(short_golf(stake=10)) is None
    assert store.find_game_with_record(short_golf(("Ann", "Cat"))) is None


# --- settings ---------------------------------------------------------------------------------


def test_settings_default_to_dollars_and_are_kept(tmp_path: Path) -> None:
    store = TinyDBStore(tmp_path)
    assert store.settings() == Settings(currency_symbol="$")
    assert store.save_settings(Settings(currency_symbol="€")) == Settings(currency_symbol="€")
    assert TinyDBStore(tmp_path).settings().currency_symbol == "€"
    catalogue = json.loads((tmp_path / "catalogue.json").read_text())
    assert catalogue["settings"] == {"1": {"currency_symbol": "€"}}


@pytest.mark.parametrize(
    ("symbol", "reason"),
    [
        ("", "it is empty"),
        ("EURO", "longer than 3 characters"),
        ("$\n", "invisible character"),
        ("k r", "a space"),
        ("\u200b", "invisible character"),
    ],
)
def test_a_bad_currency_symbol_is_refused_with_a_typed_error(symbol: str, reason: str) -> None:
    with pytest.raises(CurrencySymbolError, match=reason) as caught:
        Settings(currency_symbol=symbol)
    assert "\n" not in str(caught.value)


def test_a_bad_settings_row_makes_the_catalogue_damaged_not_the_app_crash(
    tmp_path: Path,
) -> None:
    TinyDBStore(tmp_path).save_settings(Settings(currency_symbol="kr"))
    path = tmp_path / "catalogue.json"
    data = json.loads(path.read_text())
    data["settings"]["1"]["currency_symbol"] = "\x1b[31m"
    path.write_text(json.dumps(data))
    with pytest.raises(StoreUnreadableError, match="settings"):
        TinyDBStore(tmp_path)


def bad_hands(row: dict[str, Any]) -> None:
    row["results"][0][10] = "not hands"


def bad_rank(row: dict[str, Any]) -> None:
    row["results"][1][2] = 0


def keys_not_its_players(row: dict[str, Any]) -> None:
    row["results"][0][0] = "Zed"


@pytest.mark.parametrize("damage", [bad_hands, bad_rank, keys_not_its_players])
def test_a_row_whose_results_do_not_read_has_them_made_from_the_game_file(
    tmp_path: Path, damage: Callable[[dict[str, Any]], None]
) -> None:
    """The list does not check a row's results (most of the row); stats check them when they
    first ask, and a row edited out of shape is not trusted: its game file answers."""
    store = TinyDBStore(tmp_path)
    game_id = store.create_game(short_golf()).id
    store.list_games()
    path = tmp_path / "catalogue.json"
    data = json.loads(path.read_text())
    (row,) = data["games"].values()
    damage(row)
    path.write_text(json.dumps(data))
    again = TinyDBStore(tmp_path)
    assert [summary.id for summary in again.list_games()] == [game_id]
    assert again.game_results() == [expected(again, game_id)]
    assert [p.name for p in again.player_stats()] == ["Ann", "Bob"]


# --- stats summed in the store ----------------------------------------------------------------


def a_history(store: TinyDBStore, clock: list[datetime]) -> list[str]:
    """Short Golf on five days: three finished (two for a nickel), one abandoned after its
    first round, one still being played; Ann plays once as "ann"."""
    ids = []
    for number, (players, stake) in enumerate(
        [(("Ann", "Bob"), 5), (("Bob", "Cat"), None), (("Cat", "Ann"), 5), (("ann", "Dan"), 5)]
    ):
        clock[0] = datetime(2026, 6, 1 + number, 20, 0, tzinfo=UTC)
        record = short_golf(players, stake=stake)
        if number == 2:
            record = record.model_copy(update={"rounds": record.rounds[:1]})
        ids.append(store.create_game(record).id)
    store.update_game(ids[2], lambda game: game.abandon())
    started = GameRecord(variant=SHORT_GOLF, players=("Bob", "Dan"), stake_cents=5)
    clock[0] = datetime(2026, 6, 9, 20, 0, tzinfo=UTC)
    ids.append(store.create_game(started).id)
    return ids


def test_the_store_s_stats_are_the_engine_s_over_its_games(
    tmp_path: Path, clock: list[datetime]
) -> None:
    store = TinyDBStore(tmp_path)
    a_history(store, clock)
    store.rename_player("Bob", "Robert")
    names = store.current_names()
    for fresh in (store, TinyDBStore(tmp_path)):  # kept rows, and a first look
        games = fresh.game_results()
        assert fresh.player_stats() == player_stats(games, names=names)
        assert fresh.player_stats(hands=False) == player_stats(games, names=names, hands=False)
        assert fresh.leaderboard(min_games=2) == leaderboard(
            player_stats(games, names=names, hands=False), min_games=2
        )
        since = date(2026, 6, 2)
        assert fresh.player_stats(since=since) == player_stats(
            fresh.game_results(since=since), names=names
        )
    robert = [p for p in player_stats(store.game_results(), names=names) if p.name == "Robert"]
    assert robert and robert[0].games == 2
    for known_as in ("Robert", "bob", "BOB"):
        assert store.player_stats(player=known_as) == robert
    (ann,) = store.player_stats(player="ANN")
    assert (ann.name, ann.games, ann.abandoned) == ("Ann", 3, 1), "the roster spells her"
    assert store.player_stats(player="Nobody") == []


def test_a_player_s_games_are_picked_out_by_one_query_on_the_rows_name_keys(
    tmp_path: Path, clock: list[datetime], monkeypatch: pytest.MonkeyPatch
) -> None:
    store = TinyDBStore(tmp_path)
    ids = a_history(store, clock)
    store.list_games()
    rows = json.loads((tmp_path / "catalogue.json").read_text())["games"]
    assert {row["id"]: row["player_keys"] for row in rows.values()}[ids[3]] == ["ann", "dan"]
    made: list[str] = []
    lines_of = Records._lines_of

    def counted(self: Records, found: Sequence[ListedGame]) -> list[GameLine]:
        made.extend(listed.row.id for listed in found)
        return lines_of(self, found)

    monkeypatch.setattr(Records, "_lines_of", counted)
    (dan,) = store.player_stats(player="Dan")
    assert sorted(made) == sorted([ids[3], ids[4]]), "only Dan's games are read"
    assert dan.games == 1


def test_a_row_keeps_its_results_as_plain_arrays(tmp_path: Path) -> None:
    store = TinyDBStore(tmp_path)
    store.create_game(short_golf())
    store.list_games()
    (row,) = json.loads((tmp_path / "catalogue.json").read_text())["games"].values()
    assert row["player_keys"] == ["ann", "bob"]
    assert row["results"] == [
        ["Ann", 21, 2, False, 2, 2, 1, 1, 0, 0, [1, 1, 1, 2, 1, 1]],
        ["Bob", 0, 1, True, 2, 0, 2, 0, 2, 0, [1, 1, 0, 2, 1, 0]],
    ]


def test_a_late_arrivals_game_is_hers_and_its_row_is_trusted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cat joined after round 1: her player page counts the game, and the row's results are
    used as kept (its name keys are its results' players), not made again from the game
    file at every look."""
    from scorepad.engine import Game, Join, name_key

    store = TinyDBStore(tmp_path)
    two_rounds = short_golf()
    first = two_rounds.model_copy(update={"rounds": two_rounds.rounds[:1]})
    game = Game(first).record_change(Join(after=1, player="Cat", left_of="Bob"))
    game = game.record_round(
        RoundRecord(
            turned="clubs",
            bids={"Ann": 0, "Bob": 0, "Cat": 0},
            tricks={"Ann": 0, "Bob": 1, "Cat": 1},
        )
    )
    assert game.sheet.finished
    store.create_game(game.record)
    store.list_games()
    (row,) = json.loads((tmp_path / "catalogue.json").read_text())["games"].values()
    assert row["player_keys"] == [name_key(line[0]) for line in row["results"]]
    from_file: list[str] = []
    seats_from_file = Records._seats_from_file

    def counted(self: Records, row: Any) -> Any:
        from_file.append(row.id)
        return seats_from_file(self, row)

    monkeypatch.setattr(Records, "_seats_from_file", counted)
    (cat,) = TinyDBStore(tmp_path).player_stats(player="Cat")
    assert (cat.name, cat.games) == ("Cat", 1)
    assert from_file == [], "the kept row is trusted"
