"""Crash safety, measured: SIGKILL at random moments, a full disk, many writers at once."""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import shutil
import signal
import subprocess
import sys
import threading
import time
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import pytest

from scorepad.engine import GameRecord, RoundDraft, Suit
from scorepad.store import ListedStatus, TinyDBStore
from scorepad.store.atomic import TEMP_SUFFIX
from tests.helpers import zero_round

FORK = multiprocessing.get_context("fork")
KILLS = 220


def temp_litter(root: Path) -> list[Path]:
    return list(root.rglob(f"*{TEMP_SUFFIX}"))


# --- SIGKILL at random moments --------------------------------------------------------------


def _busy_writer(root: str, conn: Connection, seed: int) -> None:
    """Write without pause, acknowledging each write only once it has returned."""
    rng = random.Random(seed)
    store = TinyDBStore(Path(root))
    conn.send(("ready",))
    in_progress = store.list_games(status=ListedStatus.IN_PROGRESS)
    if in_progress:  # carry on with the game the last (killed) writer was playing
        game_id = in_progress[0].id
    else:
        game_id = store.create_game(GameRecord(variant="golf", players=["Ann", "Bob", "Cat"])).id
        conn.send(("rounds", game_id, 0))
    while True:
        game = store.load_game(game_id).game
        if game.next_round is None:
            game_id = store.create_game(GameRecord(variant="golf", players=["Ann", "Bob"])).id
            conn.send(("rounds", game_id, 0))
            continue
        if rng.random() < 0.3:
            store.save_draft(game_id, RoundDraft(turned=Suit.HEARTS, bids={"Ann": 0}))
        if rng.random() < 0.05:
            name = f"P{seed}-{rng.randrange(10**6)}"
            store.add_players([name])
            conn.send(("player", name))
        stored = store.record_round(game_id, zero_round(game))
        conn.send(("rounds", game_id, len(stored.record.rounds)))


@pytest.mark.slow
def test_sigkill_during_writes_never_loses_an_acknowledged_round(tmp_path: Path) -> None:
    root = tmp_path / "store"
    rng = random.Random(20261129)
    acknowledged: dict[str, int] = {}
    players: set[str] = set()
    killed_mid_write = 0
    for kill in range(KILLS):
        parent_end, child_end = FORK.Pipe(duplex=False)
        child = FORK.Process(target=_busy_writer, args=(str(root), child_end, kill))
        child.start()
        child_end.close()
        assert parent_end.poll(10), "the writer did not start"
        parent_end.recv()
        time.sleep(rng.uniform(0.0, 0.03))
        os.kill(child.pid or 0, signal.SIGKILL)
        child.join()
        touched = set()
        while parent_end.poll():
            try:
                message = parent_end.recv()
            except EOFError:
                break
            if message[0] == "rounds":
                acknowledged[message[1]] = max(acknowledged.get(message[1], 0), message[2])
                touched.add(message[1])
            else:
                players.add(message[1])
        killed_mid_write += bool(temp_litter(root))

        store = TinyDBStore(root)  # must open, every time
        assert temp_litter(root) == [], "opening the store clears what killed writers left"
        for game_id in touched:
            rounds = len(store.load_game(game_id).record.rounds)
            assert acknowledged[game_id] <= rounds <= acknowledged[game_id] + 1
        assert all(s.status != "damaged" for s in store.list_games())
    assert players <= {p.name for p in TinyDBStore(root).roster()}
    rounds = sum(acknowledged.values())
    print(
        f"\n{KILLS} SIGKILLs: {killed_mid_write} landed mid-write (temp file left), "
        f"{len(acknowledged)} games, {rounds} acknowledged rounds, none lost, none corrupt"
    )
    assert killed_mid_write > 0, "the kills should sometimes land inside a write"


# --- a full disk ----------------------------------------------------------------------------

FULL_DISK_SCRIPT = """
import json, os, sys
from pathlib import Path
from scorepad.engine import GameRecord
from scorepad.store import StoreWriteError, TinyDBStore
from tests.helpers import zero_round

root = Path(sys.argv[1])
store = TinyDBStore(root)
game_id = store.create_game(GameRecord(variant="scotch-bridge", players=["A", "B", "C", "D"])).id
for _ in range(2):
    store.record_round(game_id, zero_round(store.load_game(game_id).game))
before = store.game_path(game_id).read_bytes()
filler = root / "filler"
try:
    with open(filler, "wb") as handle:
        while True:
            handle.write(b"x" * 4096)
            handle.flush()
except OSError:
    pass
result = {}
try:
    store.record_round(game_id, zero_round(store.load_game(game_id).game))
    result["error"] = None
except StoreWriteError as exc:
    result["error"] = str(exc)
result["unchanged"] = store.game_path(game_id).read_bytes() == before
result["rounds_after_failure"] = len(TinyDBStore(root).load_game(game_id).record.rounds)
result["litter"] = [str(p) for p in root.rglob("*.scorepad-tmp")]
filler.unlink()
store.record_round(game_id, zero_round(store.load_game(game_id).game))
result["rounds_after_space_freed"] = len(store.load_game(game_id).record.rounds)
print(json.dumps(result))
"""


def _run_full_disk(command: list[str]) -> dict[str, Any]:
    done = subprocess.run(
        command, capture_output=True, text=True, check=False, cwd=Path(__file__).parents[2]
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def _check_full_disk_result(result: dict[str, Any], reason: str) -> None:
    assert result["error"] is not None
    assert reason in result["error"]
    assert "the previous version is unchanged" in result["error"]
    assert result["unchanged"] is True
    assert result["rounds_after_failure"] == 2
    assert result["litter"] == []
    assert result["rounds_after_space_freed"] == 3


@pytest.mark.process
def test_a_write_to_a_full_disk_fails_cleanly_and_keeps_the_old_data(tmp_path: Path) -> None:
    if shutil.which("unshare") is None:
        pytest.skip("needs unshare(1) to mount a small tmpfs as a full disk")
    probe = subprocess.run(["unshare", "-rm", "true"], capture_output=True, check=False)
    if probe.returncode != 0:
        pytest.skip("user namespaces are not available to mount a small tmpfs as a full disk")
    mount_point = tmp_path / "small-disk"
    mount_point.mkdir()
    script = tmp_path / "full_disk.py"
    script.write_text(FULL_DISK_SCRIPT)
    shell = (
        f"mount -t tmpfs -o size=96k tmpfs {mount_point} && "
        f"exec {sys.executable} {script} {mount_point}"
    )
    result = _run_full_disk(["unshare", "-rm", "sh", "-c", shell])
    _check_full_disk_result(result, "the disk is full")


@pytest.mark.process
def test_a_write_past_the_file_size_limit_fails_cleanly(tmp_path: Path) -> None:
    """The same failure on any machine: the kernel refuses the write (EFBIG) part-way."""
    script = tmp_path / "fsize.py"
    limited = FULL_DISK_SCRIPT.replace(
        'filler = root / "filler"',
        "import resource, signal\n"
        "signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"
        "resource.setrlimit(resource.RLIMIT_FSIZE, (len(before) + 20, resource.RLIM_INFINITY))\n"
        'filler = root / "filler"',
    ).replace(
        "filler.unlink()",
        "filler.unlink()\nresource.setrlimit(resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY,) * 2)",
    )
    script.write_text(limited)
    result = _run_full_disk([sys.executable, str(script), str(tmp_path / "store")])
    _check_full_disk_result(result, "File too large")


# --- many writers at once -------------------------------------------------------------------

THREADS = 3
ROUNDS_PER_THREAD = 4


def _next_round_in(store: TinyDBStore, game_id: str) -> None:
    store.update_game(game_id, lambda game: game.record_round(zero_round(game)))


def _thread_work(store: TinyDBStore, shared: str, tag: str, created: list[str]) -> None:
    for n in range(ROUNDS_PER_THREAD):
        _next_round_in(store, shared)
        store.add_players([f"{tag}-{n}"])
        created.append(store.create_game(GameRecord(variant="golf", players=[tag, "X"])).id)


def _process_work(root: str, shared: str, tag: str, conn: Connection) -> None:
    store = TinyDBStore(Path(root))
    created: list[str] = []
    workers = [
        threading.Thread(target=_thread_work, args=(store, shared, f"{tag}{t}", created))
        for t in range(THREADS - 1)
    ]
    # one thread with its own store object, as a second window of the app would have
    workers.append(
        threading.Thread(
            target=_thread_work, args=(TinyDBStore(Path(root)), shared, f"{tag}own", created)
        )
    )
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    conn.send(created)


def test_two_processes_and_several_threads_lose_nothing(tmp_path: Path) -> None:
    store = TinyDBStore(tmp_path)
    shared = store.create_game(
        GameRecord(variant="scotch-bridge", players=["Ann", "Bob", "Cat", "Dan"])
    ).id
    pipes, processes = [], []
    for tag in ("p", "q"):
        parent_end, child_end = FORK.Pipe(duplex=False)
        process = FORK.Process(target=_process_work, args=(str(tmp_path), shared, tag, child_end))
        process.start()
        pipes.append(parent_end)
        processes.append(process)
    created = [game_id for pipe in pipes for game_id in pipe.recv()]
    for process in processes:
        process.join(60)
        assert process.exitcode == 0

    expected_rounds = 2 * THREADS * ROUNDS_PER_THREAD
    game = store.load_game(shared)
    assert len(game.record.rounds) == expected_rounds
    assert game.revision == expected_rounds
    assert len(created) == expected_rounds
    assert len(set(created)) == expected_rounds
    listed = {s.id for s in store.list_games()}
    assert listed == {shared, *created}
    names = {p.name for p in store.roster()}
    tags = [f"{p}{t}" for p in "pq" for t in ("0", "1", "own")]
    assert {f"{tag}-{n}" for tag in tags for n in range(ROUNDS_PER_THREAD)} <= names
