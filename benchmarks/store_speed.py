"""Does recording a round or listing the games slow down as the history grows? scorepad's
store next to sqlite3.

For each history size (finished games already stored) this records rounds into an in-progress
game and lists the games, on scorepad's store and on stdlib sqlite3 (WAL, synchronous=FULL)
doing the same work: for a round, read the game, check the round with the engine, write the
game back durably; for the list, every game's id, variant, players, status, rounds and
leaders, newest change first. The list is timed as a running app sees it: with nothing changed
since the last look ("list"), and just after a round was recorded ("list, 1 changed": the
catalogue's row of that game is made again and written). Prints the numbers; asserts nothing.

The stored history is written straight to disk (a copy of one finished game's file under new
ids), then listed once untimed (which builds the catalogue, as the first look of an upgraded
store does), so that 10,000 games take seconds to set up, not minutes.

    uv run python benchmarks/store_speed.py [--sizes 0,1000,10000] [--rounds 120]
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
from datetime import UTC, datetime
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
            " status TEXT, rounds_played INT, rounds_total INT, leaders TEXT, updated TEXT)"
        )

    def put(self, game_id: str, game: Game) -> None:
        sheet = game.sheet
        self.db.execute(
            "INSERT OR REPLACE INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                game_id,
                game.record.model_dump_json(),
                game.variant.name,
                json.dumps(game.players),
                sheet.status.value,
                len(sheet.rounds),
                sheet.rounds_total,
                json.dumps(sheet.leaders),
                datetime.now(UTC).isoformat(),
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
            "SELECT id, variant, players, status, rounds_played, rounds_total, leaders, updated"
            " FROM games ORDER BY updated DESC"
        ).fetchall()


def store_history(store: TinyDBStore, finished: GameRecord, count: int) -> None:
    """``count`` finished games in ``store``: copies of one game's file under new ids."""
    if count == 0:
        return
    model = store.create_game(finished)
    text = store.game_path(model.id).read_text()
    for n in range(count - 1):
        game_id = f"{n:08x}"
        store.game_path(game_id).write_text(text.replace(model.id, game_id))


def run_size(history: int, rounds: int, finished: GameRecord) -> dict[str, float]:
    with tempfile.TemporaryDirectory(dir=Path.cwd()) as folder:
        root = Path(folder)
        store = TinyDBStore(root / "scorepad")
        baseline = SqliteBaseline(root / "baseline.sqlite")
        store_history(store, finished, history)
        baseline.add_many(finished, history)
        store.list_games()  # builds the catalogue, as the first look at an upgraded store

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
        after_round = []
        for game_id in games[-1:] * 5:
            store.record_round(game_id, zero_round(store.load_game(game_id).game))
            after_round += timed(store.list_games, 1)
        list_after_round = statistics.median(after_round)
        list_ours = statistics.median(timed(store.list_games, 7))
        list_theirs = statistics.median(timed(baseline.list_games, 7))
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
    parser.add_argument("--sizes", default="0,1000,10000")
    parser.add_argument("--rounds", type=int, default=120)
    args = parser.parse_args()
    finished = finished_golf()
    print("record one round (median / p90 ms) and load the game list (median ms)")
    print(
        f"{'stored':>7} | {'scorepad':>15} | {'sqlite3':>15} | {'ratio':>5} | "
        f"{'list':>8} | {'list, 1 changed':>15} | {'sqlite3 list':>12} | {'ratio':>5}"
    )
    for size in (int(s) for s in args.sizes.split(",")):
        started = time.perf_counter()
        r = run_size(size, args.rounds, finished)
        print(
            f"{size:>7} | {r['ours']:>6.2f} / {r['ours_p90']:>6.2f} | "
            f"{r['theirs']:>6.2f} / {r['theirs_p90']:>6.2f} | {r['ours'] / r['theirs']:>5.2f} | "
            f"{r['list_ours']:>8.2f} | {r['list_after_round']:>15.2f} | {r['list_theirs']:>12.2f}"
            f" | {r['list_ours'] / r['list_theirs']:>5.2f}"
            f"   ({time.perf_counter() - started:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
