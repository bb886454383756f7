"""Files a user hands scorepad, read as strictly as records are (issue 20), each as a user runs
the command: a separate process, under a 2 GB memory cap, one line on stderr and nothing
changed when it is refused."""

from __future__ import annotations

import csv
import io
import json
import threading
from pathlib import Path

import pytest

from scorepad.engine import GOLF, GameRecord
from scorepad.outputs import TEMP_SUFFIX, ExportTarget
from scorepad.store import TinyDBStore
from scorepad.store.files import MAX_FILE_BYTES
from tests import test_cli_blackbox as blackbox
from tests.test_cli_blackbox import Scorepad, snapshot, write_json
from tests.test_cli_score import ISSUE_EXAMPLE

home = blackbox.home
data = blackbox.data
scorepad = blackbox.scorepad
"""The black-box tests' fixtures: the command in its own process, under a memory cap."""


def stored_game(folder: Path, players: list[str] | None = None) -> str:
    """A game of the issue example, or a new one (no rounds yet) of ``players``."""
    data = {"variant": "golf", "players": players} if players else ISSUE_EXAMPLE
    return TinyDBStore(folder).create_game(GameRecord.from_data(data)).id


def backup_of(folder: Path) -> dict[str, object]:
    return TinyDBStore(folder).backup()


# --- restore ------------------------------------------------------------------------------------


@pytest.mark.process
def test_restore_refuses_a_game_the_store_could_never_open(
    tmp_path: Path, data: Path, scorepad: Scorepad
) -> None:
    """A game over the store's 10 MB read limit was "restored" (exit 0) and was at once
    "damaged … no good backup"."""
    source = tmp_path / "source"
    stored_game(source)
    document = backup_of(source)
    game = document["games"][0]  # type: ignore[index]
    steps = game["undo"] or [{"label": "a tap", "kind": "tap", "draft": {}}]
    size = len(json.dumps(steps[0]))
    game["undo"] = steps * (MAX_FILE_BYTES // size + 10)
    backup = write_json(tmp_path / "big.json", document)
    done = scorepad("restore", str(backup), "--data-dir", str(data))
    assert done.code == 1
    line = done.error_line
    assert f"game '{game['id']}'" in line
    assert "over the 10.0 MB a game file may hold: it could never be opened" in line
    assert snapshot(data) == {}


@pytest.mark.process
def test_a_backup_with_a_key_twice_is_refused_naming_the_key(
    tmp_path: Path, data: Path, scorepad: Scorepad
) -> None:
    """A duplicate "games" key restored no games and exited 0 ("restored 6 players and the
    settings")."""
    source = tmp_path / "source"
    stored_game(source)
    text = json.dumps(backup_of(source))
    twice = text[:-1] + ', "games": []}'
    backup = write_json(tmp_path / "twice.json", twice)
    done = scorepad("restore", str(backup), "--data-dir", str(data))
    assert done.code == 1
    assert "the key 'games' appears twice in one object" in done.error_line
    assert snapshot(data) == {}


@pytest.mark.process
def test_a_backup_of_a_hundred_million_empty_lists_is_refused_before_it_is_parsed(
    tmp_path: Path, data: Path, scorepad: Scorepad
) -> None:
    """120 MB of ``[]`` exhausted memory ("internal error" under a 2 GB cap)."""
    backup = tmp_path / "lists.json"
    with backup.open("wb") as out:
        out.write(b"[")
        chunk = b"[]," * (1 << 20)
        for _ in range(40):  # 40 x 3 MiB: 120 MiB
            out.write(chunk)
        out.write(b"[]]")
    assert backup.stat().st_size > 119 * 1024 * 1024
    done = scorepad("restore", str(backup), "--data-dir", str(data))
    assert done.code == 1
    assert "it holds over 5,000,000 values" in done.error_line
    assert snapshot(data) == {}


@pytest.mark.process
def test_a_backup_over_the_size_cap_is_refused_in_one_line(
    tmp_path: Path, data: Path, scorepad: Scorepad
) -> None:
    backup = tmp_path / "large.json"
    with backup.open("wb") as out:
        out.write(b'{"format": "scorepad-backup", "pad": "')
        out.truncate(129 * 1024 * 1024)  # sparse: no disk used
    done = scorepad("restore", str(backup), "--data-dir", str(data))
    assert done.code == 1
    assert "larger than 128 MB" in done.error_line
    assert snapshot(data) == {}


# --- dates at the calendar's edges ----------------------------------------------------------------


def settled_game(folder: Path) -> None:
    """Two one-card hands of Golf: Dan wins, Ann owes 5 cents for the hand she was set in."""
    variant = GOLF.with_changes(name="Two-hand Golf", hand_sizes=(1, 1))
    nobody = {"Ann": 0, "Bob": 0, "Cat": 0, "Dan": 0}
    rounds = [
        {"turned": "hearts", "bids": nobody | {"Ann": 1, "Bob": 1}, "tricks": nobody | {"Bob": 1}},
        {"turned": "clubs", "bids": nobody | {"Ann": 1, "Dan": 1}, "tricks": nobody | {"Ann": 1}},
    ]
    record = GameRecord.from_data(
        {
            "variant": variant.model_dump(mode="json"),
            "players": ["Ann", "Bob", "Cat", "Dan"],
            "first_dealer": "Bob",
            "stake_cents": 5,
            "rounds": rounds,
        }
    )
    TinyDBStore(folder).create_game(record)


EDGES = [
    ("--until", "9999-12-31"),
    ("--since", "0001-01-01"),
    ("--since", "0001-01-01", "--until", "9999-12-31"),
    ("--until", "0001-01-01"),
    ("--since", "9999-12-31"),
]
"""Every date argument at both ends of the calendar; the first three hold every game."""


@pytest.mark.parametrize("zone", ["UTC", "Pacific/Kiritimati", "Etc/GMT+12"])
@pytest.mark.process
def test_every_date_argument_takes_both_ends_of_the_calendar(
    data: Path, scorepad: Scorepad, zone: str
) -> None:
    """``ledger --until 9999-12-31`` ended in OverflowError, ``--since 0001-01-01`` in "year 0
    is out of range": both are ordinary days, the whole calendar's first and last, in a time
    zone 14 hours ahead of UTC and one 12 hours behind it."""
    settled_game(data)
    env = {"TZ": zone}
    everything = scorepad("ledger", "--data-dir", str(data), env=env)
    assert "Ann pays Dan 5¢" in everything.out
    ranked = scorepad("stats", "--min-games", "0", "--data-dir", str(data), env=env)
    assert "Dan" in ranked.out
    for number, edge in enumerate(EDGES):
        holds_all = number < 3
        ledger = scorepad("ledger", *edge, "--data-dir", str(data), env=env)
        assert (ledger.code, "internal error" in ledger.err) == (0, False), (edge, ledger.err)
        assert ("Ann pays Dan 5¢" in ledger.out) == holds_all, (edge, ledger.out)
        if edge[0] == "--since" and len(edge) == 2:
            stats = scorepad("stats", *edge, "--min-games", "0", "--data-dir", str(data), env=env)
            assert (stats.code, "internal error" in stats.err) == (0, False), (edge, stats.err)
            assert (stats.out == ranked.out) == holds_all, (edge, stats.out)


# --- CSV ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("start", ["＝", "＋", "－", "＠", "﹦"])
@pytest.mark.process
def test_a_name_starting_with_a_full_width_formula_sign_is_neutralised(
    data: Path, scorepad: Scorepad, start: str
) -> None:
    """Spreadsheets fold "＝" to "=" before they look for a formula."""
    name = f"{start}HYPERLINK(1)"
    game_id = stored_game(data, ["Ann", "Bob", name, "Dan"])
    done = scorepad("export", game_id, "--format", "csv", "--data-dir", str(data))
    assert done.code == 0, done.err
    header = next(csv.reader(io.StringIO(done.out)))
    assert f"'{name}" in " ".join(header)
    assert not any(cell.startswith(start) for cell in header)


# --- export --out cannot be raced into the store -----------------------------------------------


def test_a_folder_swapped_for_a_link_into_the_store_after_the_check_is_not_written_through(
    tmp_path: Path, data: Path
) -> None:
    """The check and the write were separate steps: a folder swapped for a symlink to
    ``games/`` between them let ``--force`` replace another game's file. The folder is opened
    once; what is written goes into the folder that was checked."""
    game_id = stored_game(data)
    game_file = data / "games" / f"{game_id}.json"
    before = game_file.read_bytes()
    folder = tmp_path / "exports"
    folder.mkdir()
    (folder / game_file.name).write_text("an older export")
    with ExportTarget.open(folder / game_file.name, force=True, store_root=data) as target:
        folder.rename(tmp_path / "checked")
        folder.symlink_to(data / "games")  # the swap, after the check
        target.write(b"the export")
    assert game_file.read_bytes() == before
    assert (tmp_path / "checked" / game_file.name).read_bytes() == b"the export"
    assert [p.name for p in (data / "games").iterdir()] == [game_file.name]
    # opened through the link, the folder is the store's own: refused
    with pytest.raises(Exception, match="inside the store folder"):
        ExportTarget.open(folder / game_file.name, force=True, store_root=data)


@pytest.mark.process
def test_exports_raced_against_a_swapping_folder_never_land_in_the_store(
    tmp_path: Path, data: Path, scorepad: Scorepad
) -> None:
    """3 of 150 exports landed in ``games/``, and 20 temporary files were left there."""
    game_id = stored_game(data)
    games = data / "games"
    before = snapshot(games)
    real = tmp_path / "real"
    real.mkdir()
    link = tmp_path / "link"
    link.symlink_to(games)
    out = tmp_path / "out"
    out.mkdir()
    stop = threading.Event()
    parked = tmp_path / "parked"

    def swap() -> None:
        """``out`` a real folder, then a link to ``games/``, then the folder again, ..."""
        while not stop.is_set():
            out.rename(parked)
            link.rename(out)
            out.rename(link)
            parked.rename(out)

    swapper = threading.Thread(target=swap, daemon=True)
    swapper.start()
    try:
        for number in range(12):
            name = f"race-{number}.json"
            scorepad("export", game_id, "--out", str(out / name), "--data-dir", str(data))
    finally:
        stop.set()
        swapper.join()
    assert snapshot(games) == before
    assert not [p for p in games.iterdir() if p.name.endswith(TEMP_SUFFIX)]
