"""``scorepad stats`` and ``scorepad ledger`` against a small store worked out by hand.

The store (Short Golf: hands of 1 then 2 cards, a 5-cent stake; made bid = 10 + tricks, set =
0, lowest total wins, each loser pays the stake per hand they were set):

- G1, June 1: Ann, Bob, Cat (Cat deals first). Hand 1: bids 1/1/1, Ann takes the trick (Ann
  11, Bob and Cat set). Hand 2 (Ann deals): bids Bob 1, Cat 0, Ann 0; Ann takes both (Bob set,
  Cat makes 10, Ann set). Totals Ann 11, Bob 0, Cat 10: Bob wins; Ann and Cat were set once
  each and pay 5 cents: Ann -5, Bob +10, Cat -5.
- G2, June 1: Cat, Dan (Dan deals first). Hand 1: bids 0/0, Cat takes it (Cat set, Dan 10).
  Hand 2: Dan 0, Cat 1; one trick each (Dan set, Cat 11). Totals Cat 11, Dan 10: Dan wins, Cat
  pays 5: Cat -5, Dan +5.
- G3, June 5: Mormon Bridge, Ann and Bob, abandoned after one round (Ann made 5, Bob bid 4 and
  took 5: set). Played, never won; no money.
- G4, June 5: Short Golf, Ann and Bob, one hand in: in progress, not counted.

So over everything: Ann 2 games (1 finished), 0 wins, 3 rounds, 2 bids made, 1 set, -5 cents;
Bob 2 (1), 1 win, 3 rounds, 0 made, 3 sets, +10; Cat 2 (2), 0 wins, 4 rounds, 2 made, 2 sets,
-10; Dan 1 (1), 1 win, 2 rounds, 1 made, 1 set, +5. Ranked by wins, then win rate, then money:
Dan (1 of 1), Bob (1 of 2), Ann (-5), Cat (-10). The ledger: Ann -5, Bob +10, Cat -10, Dan +5,
settled by two payments: Ann pays Dan 5, Cat pays Bob 10.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from scorepad.cli import main
from scorepad.engine import GOLF, GameRecord, RoundRecord, leaderboard, player_stats
from scorepad.report import render_leaderboard
from scorepad.store import Settings, TinyDBStore

SHORT_GOLF = GOLF.with_changes(name="Short Golf", hand_sizes=(1, 2), stake_cents=5)
JUNE_1 = datetime(2026, 6, 1, 20, 0).astimezone()
JUNE_5 = datetime(2026, 6, 5, 20, 0).astimezone()


def hand(bids: dict[str, int], tricks: dict[str, int]) -> RoundRecord:
    return RoundRecord(turned="clubs", bids=bids, tricks=tricks)


G1 = GameRecord(
    variant=SHORT_GOLF,
    players=("Ann", "Bob", "Cat"),
    first_dealer="Cat",
    rounds=(
        hand({"Ann": 1, "Bob": 1, "Cat": 1}, {"Ann": 1, "Bob": 0, "Cat": 0}),
        hand({"Bob": 1, "Cat": 0, "Ann": 0}, {"Bob": 0, "Cat": 0, "Ann": 2}),
    ),
)
G2 = GameRecord(
    variant=SHORT_GOLF,
    players=("Cat", "Dan"),
    first_dealer="Dan",
    rounds=(
        hand({"Cat": 0, "Dan": 0}, {"Cat": 1, "Dan": 0}),
        hand({"Dan": 0, "Cat": 1}, {"Dan": 1, "Cat": 1}),
    ),
)
G3 = GameRecord(
    variant="Mormon Bridge",
    players=("Ann", "Bob"),
    first_dealer="Bob",
    rounds=(hand({"Ann": 5, "Bob": 4}, {"Ann": 5, "Bob": 5}),),
    abandoned=True,
)
G4 = GameRecord(
    variant=SHORT_GOLF,
    players=("Ann", "Bob"),
    first_dealer="Bob",
    rounds=(hand({"Ann": 0, "Bob": 0}, {"Ann": 1, "Bob": 0}),),
)


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, dict[str, str]]:
    """The store above, and its games' ids by name."""
    root = tmp_path / "data"
    store = TinyDBStore(root)
    ids = {}
    for name, record, day in (("G1", G1, JUNE_1), ("G2", G2, JUNE_1), ("G3", G3, JUNE_5)):
        monkeypatch.setattr("scorepad.store.games.now", lambda day=day: day)
        ids[name] = store.create_game(record).id
    ids["G4"] = store.create_game(G4).id
    monkeypatch.undo()
    return root, ids


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def stats_json(capsys: pytest.CaptureFixture[str], root: Path, *options: str) -> list[list[object]]:
    """The ranked players' main numbers; everyone is ranked unless ``options`` set a minimum
    (this small store's players have played one or two games, under the default of 3)."""
    code, out, err = run(
        capsys, "stats", "--json", "--data-dir", str(root), "--min-games", "1", *options
    )
    assert (code, err) == (0, "")
    keys = ("name", "games", "finished", "wins", "rounds", "bids_made", "sets", "cents")
    return [[player[key] for key in keys] for player in json.loads(out)["players"]]


# --- stats --------------------------------------------------------------------------------------


def test_stats_json_is_the_leaderboard_worked_out_by_hand(
    data: tuple[Path, dict[str, str]], capsys: pytest.CaptureFixture[str]
) -> None:
    root, _ = data
    assert stats_json(capsys, root) == [
        ["Dan", 1, 1, 1, 2, 1, 1, 5],
        ["Bob", 2, 1, 1, 3, 0, 3, 10],
        ["Ann", 2, 1, 0, 3, 2, 1, -5],
        ["Cat", 2, 2, 0, 4, 2, 2, -10],
    ]


def test_stats_by_variant_since_a_day_and_with_a_minimum_of_games(
    data: tuple[Path, dict[str, str]], capsys: pytest.CaptureFixture[str]
) -> None:
    root, _ = data
    assert stats_json(capsys, root, "--variant", "short GOLF") == [
        ["Bob", 1, 1, 1, 2, 0, 2, 10],
        ["Dan", 1, 1, 1, 2, 1, 1, 5],
        ["Ann", 1, 1, 0, 2, 1, 1, -5],
        ["Cat", 2, 2, 0, 4, 2, 2, -10],
    ]
    assert stats_json(capsys, root, "--since", "2026-06-02") == [
        ["Ann", 1, 0, 0, 1, 1, 0, 0],
        ["Bob", 1, 0, 0, 1, 0, 1, 0],
    ]
    assert [row[0] for row in stats_json(capsys, root, "--min-games", "2")] == ["Bob", "Ann", "Cat"]
    assert stats_json(capsys, root, "--since", "2026-07-01") == []


def test_stats_follow_a_rename(
    data: tuple[Path, dict[str, str]], capsys: pytest.CaptureFixture[str]
) -> None:
    root, _ = data
    TinyDBStore(root).rename_player("Cat", "Catherine")
    assert stats_json(capsys, root)[-1] == ["Catherine", 2, 2, 0, 4, 2, 2, -10]


def test_stats_text_is_a_table_in_the_table_s_currency(
    data: tuple[Path, dict[str, str]], capsys: pytest.CaptureFixture[str]
) -> None:
    root, _ = data
    TinyDBStore(root).save_settings(Settings(currency_symbol="€"))
    code, out, err = run(capsys, "stats", "--min-games", "1", "--data-dir", str(root))
    assert (code, err) == (0, "")
    rows = [line.split() for line in out.splitlines()[2:]]
    assert [(row[2], row[-1]) for row in rows] == [
        ("Dan", "€0.05"),
        ("Bob", "€0.10"),
        ("Ann", "-€0.05"),
        ("Cat", "-€0.10"),
    ]
    code, out, _ = run(capsys, "stats", "--since", "2026-07-01", "--data-dir", str(root))
    assert (code, out) == (0, "no finished or abandoned games since 2026-07-01\n")


def test_stats_rank_players_with_3_games_by_default_and_name_the_rest(
    data: tuple[Path, dict[str, str]], capsys: pytest.CaptureFixture[str]
) -> None:
    """As the app does: one lucky win does not top the table, and whoever is left out is told
    why (they would otherwise look for their name in vain)."""
    root, _ = data
    code, out, err = run(capsys, "stats", "--data-dir", str(root))
    assert (code, err) == (0, "")
    assert out == (
        "nobody is ranked yet: a player needs 3 games (see --min-games)\n"
        "Not yet ranked (fewer than 3 games): Ann, Bob, Cat, Dan.\n"
    )
    code, out, _ = run(capsys, "stats", "--json", "--data-dir", str(root))
    assert json.loads(out) == {"players": [], "unranked": ["Ann", "Bob", "Cat", "Dan"]}
    code, out, _ = run(capsys, "stats", "--min-games", "2", "--data-dir", str(root))
    lines = out.splitlines()
    assert [line.split()[2] for line in lines[2:-1]] == ["Bob", "Ann", "Cat"]
    assert lines[-1] == "Not yet ranked (fewer than 2 games): Dan."


def test_stats_of_games_without_a_stake_show_no_money(
    data: tuple[Path, dict[str, str]], capsys: pytest.CaptureFixture[str]
) -> None:
    """G3 (Mormon Bridge) had no stake: Ann and Bob have no money there, not "0¢"; the
    JSON keeps ``cents`` a number and says how many games had money."""
    root, _ = data
    options = ("--variant", "Mormon Bridge", "--min-games", "1", "--data-dir", str(root))
    code, out, _ = run(capsys, "stats", *options)
    assert code == 0
    assert [(row.split()[2], row.split()[-1]) for row in out.splitlines()[2:]] == [
        ("Ann", "—"),
        ("Bob", "—"),
    ]
    _, out, _ = run(capsys, "stats", "--json", *options)
    money = [(p["name"], p["cents"], p["money_games"]) for p in json.loads(out)["players"]]
    assert money == [("Ann", 0, 0), ("Bob", 0, 0)]
    _, out, _ = run(capsys, "stats", "--json", "--min-games", "1", "--data-dir", str(root))
    money = [(p["name"], p["cents"], p["money_games"]) for p in json.loads(out)["players"]]
    assert money == [("Dan", 5, 1), ("Bob", 10, 1), ("Ann", -5, 1), ("Cat", -10, 2)]


@pytest.mark.parametrize("spelling", ["mormon-bridge", "MORMON-BRIDGE", "mormon bridge"])
def test_stats_take_a_preset_by_its_id_as_pad_does(
    data: tuple[Path, dict[str, str]], capsys: pytest.CaptureFixture[str], spelling: str
) -> None:
    root, _ = data
    by_name = stats_json(capsys, root, "--variant", "Mormon Bridge")
    assert [row[0] for row in by_name] == ["Ann", "Bob"]
    assert stats_json(capsys, root, "--variant", spelling) == by_name


def test_pad_and_stats_refuse_an_unknown_variant_naming_the_same_variants(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = str(tmp_path / "data")
    TinyDBStore(Path(root))
    _, _, pad = run(capsys, "pad", "whist", "--players", "4", "--data-dir", root)
    _, _, stats = run(capsys, "stats", "--variant", "whist", "--data-dir", root)
    assert (
        pad
        == stats
        == (
            "scorepad: unknown variant 'whist'; the variants are Mormon Bridge (mormon-bridge), "
            "Scotch Bridge (scotch-bridge), Golf (golf), Nomination Whist (nomination-whist), "
            "Up and Down the River (up-and-down-the-river), Kachuful (kachuful), "
            "Blackout (blackout)\n"
        )
    )


# --- ledger -------------------------------------------------------------------------------------


def test_ledger_json_settles_the_evening_in_two_payments(
    data: tuple[Path, dict[str, str]], capsys: pytest.CaptureFixture[str]
) -> None:
    root, _ = data
    code, out, err = run(capsys, "ledger", "--json", "--data-dir", str(root))
    assert (code, err) == (0, "")
    assert json.loads(out) == {
        "balances": {"Ann": -5, "Bob": 10, "Cat": -10, "Dan": 5},
        "transfers": [
            {"from": "Ann", "to": "Dan", "cents": 5},
            {"from": "Cat", "to": "Bob", "cents": 10},
        ],
    }


def test_ledger_of_picked_games_and_of_days(
    data: tuple[Path, dict[str, str]], capsys: pytest.CaptureFixture[str]
) -> None:
    root, ids = data
    code, out, _ = run(capsys, "ledger", ids["G2"][:6], "--json", "--data-dir", str(root))
    assert code == 0
    assert json.loads(out) == {
        "balances": {"Cat": -5, "Dan": 5},
        "transfers": [{"from": "Cat", "to": "Dan", "cents": 5}],
    }
    code, out, _ = run(
        capsys, "ledger", "--since", "2026-06-02", "--until", "2026-06-30", "--json",
        "--data-dir", str(root),
    )  # fmt: skip
    assert (code, json.loads(out)) == (0, {"balances": {}, "transfers": []})
    code, out, _ = run(capsys, "ledger", "--until", "2026-06-01", "--json", "--data-dir", str(root))
    assert json.loads(out)["balances"] == {"Ann": -5, "Bob": 10, "Cat": -10, "Dan": 5}


def test_a_picked_game_without_money_is_named_on_stderr(
    data: tuple[Path, dict[str, str]], capsys: pytest.CaptureFixture[str]
) -> None:
    root, ids = data
    code, out, err = run(capsys, "ledger", ids["G2"], ids["G4"], "--json", "--data-dir", str(root))
    assert code == 0
    assert json.loads(out)["balances"] == {"Cat": -5, "Dan": 5}
    assert err == f"scorepad: not in the ledger: game {ids['G4']} (in progress)\n"


FREE_GOLF = SHORT_GOLF.with_changes(name="Free Golf", stake_cents=None)


@pytest.fixture
def more(
    data: tuple[Path, dict[str, str]], monkeypatch: pytest.MonkeyPatch
) -> tuple[Path, dict[str, str]]:
    """The store above and three more games: G5, June 5, G1 again (Ann, Bob, Cat: Ann -5,
    Bob +10, Cat -5); G6, June 5, G1's hands played for nothing (finished, no stake); G7,
    June 6, Mormon Bridge (no stake) one round in."""
    root, ids = data
    store = TinyDBStore(root)
    seventh = GameRecord(variant="Mormon Bridge", players=("Ann", "Bob"), first_dealer="Bob")
    more_games = (
        ("G5", G1, JUNE_5),
        ("G6", G1.model_copy(update={"variant": FREE_GOLF}), JUNE_5),
        ("G7", seventh.model_copy(update={"rounds": G3.rounds}), JUNE_5 + timedelta(days=1)),
    )
    for name, record, day in more_games:
        monkeypatch.setattr("scorepad.store.games.now", lambda day=day: day)
        ids[name] = store.create_game(record).id
    monkeypatch.undo()
    return root, ids


@pytest.mark.parametrize(
    ("games", "options", "why"),
    [
        (["G3"], [], "ended early"),
        (["G4"], [], "in progress"),
        (["G7"], [], "in progress"),  # in progress, and without a stake: it is not finished
        (["G6"], [], "without a stake"),
        (["G1"], ["--since", "2026-06-02"], "started 2026-06-01, before --since 2026-06-02"),
        (["G5"], ["--until", "2026-06-04"], "started 2026-06-05, after --until 2026-06-04"),
    ],
)
def test_a_named_game_the_ledger_cannot_settle_is_refused_saying_why(
    more: tuple[Path, dict[str, str]],
    capsys: pytest.CaptureFixture[str],
    games: list[str],
    options: list[str],
    why: str,
) -> None:
    """Nothing named can be settled: one line saying why (the true reason: an unfinished
    game is "in progress" whatever its stake; a game outside the days is not dropped without
    a word), nothing on stdout, exit 1."""
    root, ids = more
    for output in ([], ["--json"]):
        argv = ["ledger", *(ids[g] for g in games), *options, *output, "--data-dir", str(root)]
        code, out, err = run(capsys, *argv)
        assert (code, out) == (1, "")
        assert err == f"scorepad: not in the ledger: game {ids[games[0]]} ({why})\n"


def test_the_games_named_that_count_are_settled_and_the_others_named(
    more: tuple[Path, dict[str, str]], capsys: pytest.CaptureFixture[str]
) -> None:
    root, ids = more
    argv = [ids["G3"], ids["G2"], ids["G7"], ids["G5"], "--until", "2026-06-01"]
    code, out, err = run(capsys, "ledger", *argv, "--data-dir", str(root))
    assert code == 0
    assert err.splitlines() == [  # in the order named
        f"scorepad: not in the ledger: game {ids['G3']} (ended early)",
        f"scorepad: not in the ledger: game {ids['G7']} (in progress)",
        f"scorepad: not in the ledger: game {ids['G5']} (started 2026-06-05, after --until "
        "2026-06-01)",
    ]
    assert out.splitlines()[0] == f"1 game on 2026-06-01: {ids['G2']}"
    assert out.splitlines()[-1] == "Cat pays Dan 5¢"
    code, _, err = run(capsys, "ledger", ids["G3"], ids["G4"], "--data-dir", str(root))
    assert code == 1 and err.count("\n") == 2


def test_ledger_text_says_which_games_it_settles_and_signs_each_net(
    more: tuple[Path, dict[str, str]], capsys: pytest.CaptureFixture[str]
) -> None:
    """As the app does: "+15¢" for who collects, and what the settlement covers."""
    root, ids = more
    code, out, err = run(capsys, "ledger", "--data-dir", str(root))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[:2] == [
        "3 games from 2026-06-01 to 2026-06-05",
        "Not counted: 2 games in progress, 1 game ended early (no payouts), "
        "1 game without a stake.",
    ]
    nets = {row.split("│")[0].strip(): row.split("│")[1].strip() for row in lines if "│" in row}
    assert nets == {"Ann": "-10¢", "Bob": "+20¢", "Cat": "-15¢", "Dan": "+5¢"}
    code, out, _ = run(capsys, "ledger", ids["G1"], ids["G2"], "--data-dir", str(root))
    assert out.splitlines()[0] == f"2 games on 2026-06-01: {ids['G1']}, {ids['G2']}"


def test_ledger_text_says_who_pays_whom_under_current_names(
    data: tuple[Path, dict[str, str]], capsys: pytest.CaptureFixture[str]
) -> None:
    root, _ = data
    TinyDBStore(root).rename_player("Cat", "Catherine")
    code, out, err = run(capsys, "ledger", "--data-dir", str(root))
    assert (code, err) == (0, "")
    assert out.splitlines()[-2:] == ["Ann pays Dan 5¢", "Catherine pays Bob 10¢"]
    assert "Catherine │ -10¢" in out
    code, out, _ = run(capsys, "ledger", "--since", "2026-07-01", "--data-dir", str(root))
    assert out == "no finished games played for a stake: nothing to settle\n"


# --- refusals -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["stats", "--since", "June 1"],
            "--since: 'June 1' is not a day written YYYY-MM-DD (such as 2026-11-30)",
        ),
        (
            ["stats", "--since", "2026-11-31"],
            "--since: 2026-11-31 is not a day: November has 30 days",
        ),
        (
            ["stats", "--since", "2026-02-29"],
            "--since: 2026-02-29 is not a day: February 2026 has 28 days",
        ),
        (["stats", "--since", "20261125"], "--since: '20261125' is not a day written YYYY-MM-DD"),
        (["ledger", "--since", "2026-W48-1"], "'2026-W48-1' is not a day written YYYY-MM-DD"),
        (["stats", "--variant", "Blackjack"], "unknown variant 'Blackjack'; the variants are"),
        (["stats", "--min-games", "-1"], "--min-games must be a whole number, 0 or more"),
        (["ledger", "--until", "tomorrow"], "--until: 'tomorrow' is not a day written YYYY-MM-DD"),
        (["ledger", "--since", "2026-06-05", "--until", "2026-06-01"], "is after --until"),
        (["ledger", "abcdef12"], "no game with id 'abcdef12'"),
        (["ledger", "not-an-id"], "not-an-id"),
    ],
)
def test_bad_input_is_one_line_exit_1_and_prints_nothing(
    data: tuple[Path, dict[str, str]],
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    message: str,
) -> None:
    root, _ = data
    code, out, err = run(capsys, *argv, "--data-dir", str(root))
    assert (code, out) == (1, "")
    assert err.startswith("scorepad: ") and err.count("\n") == 1
    assert message in err


def test_stats_are_summed_by_the_store_not_from_each_game_s_results(
    data: tuple[Path, dict[str, str]],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``scorepad stats`` asks the store for its sums (no model per game: fast over a long
    history), and prints exactly what the engine makes of every game's results: the same
    players in the same order, the same numbers (bid accuracy by hand size in the JSON), under
    the names they go by now."""
    root, _ = data
    store = TinyDBStore(root)
    store.rename_player("Cat", "Catherine")
    names = store.current_names()
    everyone = leaderboard(player_stats(store.game_results(), names=names))
    golf = leaderboard(player_stats(store.game_results(variant="Short Golf"), names=names))

    def not_asked(*_: object, **__: object) -> None:
        raise AssertionError("stats read each game's results")

    monkeypatch.setattr(TinyDBStore, "game_results", not_asked)
    everyone_ranked = ("--min-games", "1")  # these players have 1 or 2 games; the default is 3
    code, out, err = run(capsys, "stats", "--json", *everyone_ranked, "--data-dir", str(root))
    assert (code, err) == (0, "")
    assert json.loads(out)["players"] == [p.model_dump(mode="json") for p in everyone]
    assert any(player["hands"] for player in json.loads(out)["players"])
    code, out, err = run(capsys, "stats", *everyone_ranked, "--data-dir", str(root))
    assert (code, out, err) == (0, render_leaderboard(everyone), "")
    code, out, _ = run(
        capsys, "stats", "--variant", "short golf", *everyone_ranked, "--data-dir", str(root)
    )
    assert (code, out) == (0, render_leaderboard(golf))
