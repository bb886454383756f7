"""Do players' records stay quick as the history grows? scorepad's store next to sqlite3.

For each history size (games already stored) this times, as the app asks them:

* **leaderboard**: the all-time leaderboard (``store.leaderboard()``): everyone's records
  summed from the catalogue's rows under the roster's current names, without the hand sizes
  a leaderboard does not show, and ranked;
* **one player**: one player's page (``store.player_stats(player=...)``): their games picked
  out by a query on the rows' name keys, their records summed, bid accuracy by hand size
  included;
* **cold open**: a store opened afresh, then its leaderboard (the first look after starting
  the app: the catalogue parsed, its rows and results checked once);
* **cold list**: a store opened afresh, then the home list (which never checks the results);

and the same aggregation in stdlib sqlite3 (a row per game, a row per player per game, a row
per player per hand size, indexed by player), in the same run, so both see the same machine.
Each figure is the median of several runs with the store open (the app's case); the cold ones
are the median of at most three. Prints the numbers; asserts nothing but that both sides
count the same games and that the store's sums are the engine's.

The history is a few dozen different games (Golf for nickels, Mormon and Scotch Bridge, some
abandoned, twelve regulars) stored once through the store's API, then copied straight to disk
under new ids and listed once untimed (which builds the catalogue, as the first look of an
upgraded store does), so that 10,000 games take seconds to set up, not an fsync each.

    uv run python -m benchmarks.records_speed [--sizes 10,1000,10000] [--repeat 7]
"""

from __future__ import annotations

import argparse
import random
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from scorepad.engine import (
    Game,
    GameRecord,
    GameResults,
    GameStatus,
    PlayerStats,
    RoundRecord,
    Suit,
    leaderboard,
    name_key,
    player_stats,
)
from scorepad.store import TinyDBStore

REGULARS = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon", "Kim", "Lou")
TEMPLATES = 36
"""Different games in the history; the rest are copies of these under new ids."""
ONE_PLAYER = "Cat"


def random_round(game: Game, rng: random.Random) -> RoundRecord:
    """A legal next round: bids drawn from what the rules allow, tricks dealt out at random."""
    setup = game.next_round
    assert setup is not None
    bids: dict[str, int] = {}
    for name in setup.bid_order:
        bids[name] = rng.choice(game.bidding(bids).allowed)
    tricks = dict.fromkeys(game.players, 0)
    for _ in range(setup.cards):
        tricks[rng.choice(game.players)] += 1
    turned = None if setup.all_dealt else rng.choice(list(Suit))
    return RoundRecord(turned=turned, bids=bids, tricks=tricks)


def template_games(rng: random.Random) -> list[GameRecord]:
    """Golf for a nickel, Mormon and Scotch Bridge, among the regulars; one in eight stopped
    early."""
    records = []
    for number in range(TEMPLATES):
        variant = ("golf", "mormon-bridge", "scotch-bridge")[number % 3]
        count = 4 if variant == "scotch-bridge" else rng.randint(3, 6)
        players = rng.sample(REGULARS, count)
        game = Game.start(variant, players, first_dealer=players[0])
        abandon = number % 8 == 7
        while game.next_round is not None:
            if abandon and len(game.results) == 3:
                game = game.abandon()
                break
            game = game.record_round(random_round(game, rng))
        records.append(game.record)
    return records


def store_history(store: TinyDBStore, templates: list[GameRecord], count: int) -> None:
    """``count`` games in ``store``: the templates stored through the API, then copies of their
    files under new ids."""
    texts = []
    for record in templates[:count]:
        stored = store.create_game(record)
        texts.append((stored.id, store.game_path(stored.id).read_text()))
    taken = {game_id for game_id, _ in texts}
    number = 0
    for n in range(count - len(texts)):
        game_id, text = texts[n % len(texts)]
        while f"{number:08x}" in taken:
            number += 1
        copy_id = f"{number:08x}"
        number += 1
        store.game_path(copy_id).write_text(text.replace(game_id, copy_id))


class SqliteBaseline:
    """The same records in sqlite3: what a catalogue row holds, as tables, with indexes."""

    def __init__(self, path: Path) -> None:
        self.db = sqlite3.connect(path, isolation_level=None)
        self.db.executescript(
            """
            PRAGMA journal_mode=WAL;
            CREATE TABLE games (id TEXT PRIMARY KEY, variant TEXT, status TEXT, created TEXT,
                lowest_wins INT, stake_cents INT);
            CREATE TABLE results (game_id TEXT, player TEXT, player_key TEXT, total INT,
                won INT, rounds INT, bids_made INT, zeros_bid INT, zeros_made INT, sets INT,
                cents INT);
            CREATE TABLE hands (game_id TEXT, player_key TEXT, cards INT, rounds INT, made INT);
            CREATE INDEX results_player ON results (player_key);
            CREATE INDEX results_game ON results (game_id);
            CREATE INDEX hands_player ON hands (player_key);
            """
        )

    def add_all(self, games: list[GameResults]) -> None:
        self.db.execute("BEGIN")
        for game in games:
            self.db.execute(
                "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?)",
                (
                    game.game_id,
                    game.variant,
                    game.status.value,
                    game.played_on.isoformat(),
                    game.lowest_wins,
                    game.stake_cents,
                ),
            )
            for r in game.results:
                key = name_key(r.player)
                self.db.execute(
                    "INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        game.game_id,
                        r.player,
                        key,
                        r.total,
                        r.won,
                        r.rounds,
                        r.bids_made,
                        r.zeros_bid,
                        r.zeros_made,
                        r.sets,
                        r.cents,
                    ),
                )
                self.db.executemany(
                    "INSERT INTO hands VALUES (?, ?, ?, ?, ?)",
                    [(game.game_id, key, h.cards, h.rounds, h.made) for h in r.hands],
                )
        self.db.execute("COMMIT")

    RECORDS = """
        SELECT r.player_key, COUNT(DISTINCT r.game_id) AS played,
            COUNT(DISTINCT CASE WHEN g.status = 'finished' THEN r.game_id END) AS finished,
            COUNT(DISTINCT CASE WHEN g.status = 'abandoned' THEN r.game_id END) AS abandoned,
            COUNT(DISTINCT CASE WHEN r.won THEN r.game_id END) AS wins,
            AVG(CASE WHEN g.status = 'finished' THEN r.total END),
            SUM(r.rounds), SUM(r.bids_made), SUM(r.zeros_bid), SUM(r.zeros_made), SUM(r.sets),
            COALESCE(SUM(r.cents), 0) AS net,
            COALESCE(SUM(CASE WHEN r.cents > 0 THEN r.cents END), 0),
            COALESCE(SUM(CASE WHEN r.cents < 0 THEN -r.cents END), 0)
        FROM results r JOIN games g ON g.id = r.game_id
        WHERE g.status != 'in_progress' {where}
        GROUP BY r.player_key
        """

    def leaderboard(self, min_games: int = 1) -> list[tuple[object, ...]]:
        return self.db.execute(
            f"SELECT * FROM ({self.RECORDS.format(where='')}) WHERE played >= ?"
            " ORDER BY wins DESC, CAST(wins AS REAL) / played DESC, net DESC, player_key",
            (min_games,),
        ).fetchall()

    def one_player(self, name: str) -> tuple[tuple[object, ...], list[tuple[object, ...]]]:
        key = name_key(name)
        records = self.db.execute(
            self.RECORDS.format(where="AND r.player_key = ?"), (key,)
        ).fetchone()
        hands = self.db.execute(
            "SELECT h.cards, SUM(h.rounds), SUM(h.made) FROM hands h"
            " JOIN games g ON g.id = h.game_id"
            " WHERE h.player_key = ? AND g.status != 'in_progress'"
            " GROUP BY h.cards ORDER BY h.cards",
            (key,),
        ).fetchall()
        return records, hands


def our_leaderboard(store: TinyDBStore) -> list[PlayerStats]:
    return store.leaderboard()


def our_one_player(store: TinyDBStore, name: str) -> PlayerStats:
    """One player's page: their records over their games, by hand size too."""
    (stats,) = store.player_stats(player=name)
    return stats


def engine_one_player(store: TinyDBStore, name: str) -> PlayerStats:
    """The same, the long way: every game's results as models, everyone's records."""
    names = store.current_names()
    key = name_key(names.get(name_key(name), name))
    everyone = player_stats(store.game_results(), names=names)
    (stats,) = (p for p in everyone if name_key(p.name) == key)
    return stats


def median_ms(action: Callable[[], object], repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


def run_size(size: int, templates: list[GameRecord], repeat: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory(dir=Path.cwd()) as folder:
        root = Path(folder)
        store = TinyDBStore(root / "scorepad")
        store_history(store, templates, size)
        store.list_games()  # builds the catalogue, as the first look at an upgraded store
        baseline = SqliteBaseline(root / "baseline.sqlite")
        baseline.add_all(store.game_results())

        ours = our_leaderboard(store)
        theirs = baseline.leaderboard()
        assert [p.games for p in ours] == [row[1] for row in theirs], "the two sides differ"
        everyone = player_stats(store.game_results(), names=store.current_names(), hands=False)
        assert ours == leaderboard(everyone), "the store's sums are not the engine's"
        one = our_one_player(store, ONE_PLAYER)
        assert one == engine_one_player(store, ONE_PLAYER), "one player's page differs"
        assert one.games == baseline.one_player(ONE_PLAYER)[0][1]
        ended = sum(1 for game in store.game_results() if game.status is not GameStatus.IN_PROGRESS)
        assert ended == size

        return {
            "board": median_ms(lambda: our_leaderboard(store), repeat),
            "board_sql": median_ms(baseline.leaderboard, repeat),
            "player": median_ms(lambda: our_one_player(store, ONE_PLAYER), repeat),
            "player_sql": median_ms(lambda: baseline.one_player(ONE_PLAYER), repeat),
            "cold": median_ms(
                lambda: our_leaderboard(TinyDBStore(root / "scorepad")), min(repeat, 3)
            ),
            "cold_list": median_ms(
                lambda: TinyDBStore(root / "scorepad").list_games(), min(repeat, 3)
            ),
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--sizes", default="10,1000,10000")
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    templates = template_games(random.Random(12))
    print("all-time leaderboard and one player's stats (median ms)")
    print(
        f"{'games stored':>12} | {'leaderboard ms':>14} | {'sqlite3 ms':>10} | {'ratio':>5} | "
        f"{'one player ms':>13} | {'sqlite3 ms':>10} | {'ratio':>5} | {'cold open ms':>12} | "
        f"{'cold list ms':>12}"
    )
    for size in (int(s) for s in args.sizes.split(",")):
        started = time.perf_counter()
        r = run_size(size, templates, args.repeat)
        print(
            f"{size:>12} | {r['board']:>14.2f} | {r['board_sql']:>10.2f} | "
            f"{r['board'] / r['board_sql']:>5.1f} | {r['player']:>13.2f} | "
            f"{r['player_sql']:>10.2f} | {r['player'] / r['player_sql']:>5.1f} | "
            f"{r['cold']:>12.2f} | {r['cold_list']:>12.2f}"
            f"   ({time.perf_counter() - started:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
