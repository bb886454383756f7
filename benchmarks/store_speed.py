"""Does recording a round slow down as the history grows? scorepad's store next to sqlite3.

For each history size (finished games already stored) this records rounds into an in-progress
game and loads the list of games, on scorepad's TinyDB store and on stdlib sqlite3 (WAL,
synchronous=FULL) doing the same work: read the game, check the round with the engine, write
the game back durably. Prints the numbers; asserts nothing.

    uv run python benchmarks/store_speed.py [--sizes 0,100,1000,10000] [--rounds 40]
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from scorepad.engine import Game, GameRecord, RoundRecord
from scorepad.store import TinyDBStore

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.helpers import zero_round


def finished_golf() -> GameRecord:
    game = Game.start("golf", ["Ann", "Bob", "Cat", "Dan"])
    while game.next_round is not None:
        game = game.record_round(zero_round(game))
    return game.record


def timed(action: Callable[[], object], repeat: int) -> list[float]:
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        samples.append((time.perf_counter() - start) * 1000)
    return samples


Recorder = tuple[Callable[[str], Game], Callable[[str, RoundRecord], object]]


def timed_rounds(games: list[str], rounds: int, *recorders: Recorder) -> list[list[float]]:
    """Record ``rounds`` rounds with each recorder in turn (so both see the same machine noise),
    timing only the recording: the app has the game in memory and the round entered before
    it asks the store to record it."""
    samples: list[list[float]] = [[] for _ in recorders]
    for n in range(rounds):
        game_id = games[n // 24]
        for (load, record), times in zip(recorders, samples, strict=True):
            round_record = zero_round(load(game_id))
            start = time.perf_counter()
            record(game_id, round_record)
            times.append((time.perf_counter() - start) * 1000)
    return samples


class SqliteBaseline:
    """The same operations on sqlite3: one row per game, the record as JSON."""

    def __init__(self, path: Path) -> None:
        self.db = sqlite3.connect(path, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute(
            "CREATE TABLE games (id TEXT PRIMARY KEY, record TEXT, variant TEXT, players TEXT,"
            " status TEXT, rounds_played INT, rounds_total INT, leaders TEXT)"
        )

    def put(self, game_id: str, game: Game) -> None:
        sheet = game.sheet
        self.db.execute(
            "INSERT OR REPLACE INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                game_id,
                game.record.model_dump_json(),
                game.variant.name,
                json.dumps(game.players),
                sheet.status.value,
                len(sheet.rounds),
                sheet.rounds_total,
                json.dumps(sheet.leaders),
            ),
        )

    def add_many(self, record: GameRecord, count: int) -> None:
        game = Game(record)
        self.db.execute("BEGIN")
        for n in range(count):
            self.put(f"old{n}", game)
        self.db.execute("COMMIT")

    def load(self, game_id: str) -> Game:
        (text,) = self.db.execute("SELECT record FROM games WHERE id = ?", (game_id,)).fetchone()
        return Game.from_json(text)

    def record_round(self, game_id: str, round_record: RoundRecord) -> None:
        self.db.execute("BEGIN IMMEDIATE")
        game = self.load(game_id)
        self.put(game_id, game.record_round(round_record))
        self.db.execute("COMMIT")

    def list_games(self) -> list[tuple[object, ...]]:
        return self.db.execute(
            "SELECT id, variant, players, status, rounds_played, rounds_total, leaders FROM games"
        ).fetchall()


def run_size(history: int, rounds: int, finished: GameRecord) -> dict[str, float]:
    with tempfile.TemporaryDirectory(dir=Path.cwd()) as folder:
        root = Path(folder)
        store = TinyDBStore(root / "scorepad")
        baseline = SqliteBaseline(root / "baseline.sqlite")
        for _ in range(history):
            store.create_game(finished)
        baseline.add_many(finished, history)
        store.list_games()  # warm the list cache, as a running app has

        scotch = GameRecord(variant="scotch-bridge", players=["Ann", "Bob", "Cat", "Dan"])
        games = [store.create_game(scotch).id for _ in range(rounds // 24 + 1)]
        for game_id in games:
            baseline.put(game_id, Game(scotch))
        ours_ms, theirs_ms = timed_rounds(
            games,
            rounds,
            (lambda i: store.load_game(i).game, store.record_round),
            (baseline.load, baseline.record_round),
        )
        list_after_round = timed(store.list_games, 1)[0]
        list_ours = statistics.median(timed(store.list_games, 5))
        list_theirs = statistics.median(timed(baseline.list_games, 5))
        assert len(store.list_games()) == history + len(games)
        return {
            "ours": statistics.median(ours_ms),
            "ours_p90": statistics.quantiles(ours_ms, n=10)[-1],
            "theirs": statistics.median(theirs_ms),
            "theirs_p90": statistics.quantiles(theirs_ms, n=10)[-1],
            "list_ours": list_ours,
            "list_after_round": list_after_round,
            "list_theirs": list_theirs,
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="0,100,1000,10000")
    parser.add_argument("--rounds", type=int, default=120)
    args = parser.parse_args()
    finished = finished_golf()
    print("record one round (median / p90 ms) and load the game list (median ms)")
    print(
        f"{'stored':>7} | {'scorepad':>15} | {'sqlite3':>15} | {'ratio':>5} | "
        f"{'list':>8} | {'list, 1 changed':>15} | {'sqlite3 list':>12}"
    )
    for size in (int(s) for s in args.sizes.split(",")):
        started = time.perf_counter()
        r = run_size(size, args.rounds, finished)
        print(
            f"{size:>7} | {r['ours']:>6.2f} / {r['ours_p90']:>6.2f} | "
            f"{r['theirs']:>6.2f} / {r['theirs_p90']:>6.2f} | {r['ours'] / r['theirs']:>5.2f} | "
            f"{r['list_ours']:>8.2f} | {r['list_after_round']:>15.2f} | {r['list_theirs']:>12.2f}"
            f"   ({time.perf_counter() - started:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
