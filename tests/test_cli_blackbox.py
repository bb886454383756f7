"""The ``scorepad`` command as a user runs it: a separate process, any file, any option.

Each bad input must end in exit code 1 (2 for a wrong command line, argparse's code) with
exactly one line on stderr, never an "internal error", and nothing changed on disk. The
default store is pointed at a folder of the test (``XDG_DATA_HOME``), so a test can prove it
was never touched.
"""

from __future__ import annotations

import json
import os
import resource
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from scorepad.engine import GameRecord
from scorepad.store import TinyDBStore
from tests.test_cli_score import ISSUE_EXAMPLE

pytestmark = pytest.mark.process

RUN_TIMEOUT = 60
"""Seconds a command may take; a blocked read (a FIFO) fails the test instead of hanging."""

MEMORY_LIMIT = 2 * 1024**3
"""Address space a command may use: a scorepad that wrongly read /dev/zero to the end fails
with an error instead of eating the machine's memory."""


def limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


class Result:
    def __init__(self, done: subprocess.CompletedProcess[str]) -> None:
        self.code = done.returncode
        self.out = done.stdout
        self.err = done.stderr

    @property
    def error_line(self) -> str:
        """The one stderr line; fails the test if there is not exactly one."""
        lines = self.err.splitlines()
        assert len(lines) == 1, f"expected one stderr line, got {self.err!r}"
        assert self.err.endswith("\n")
        assert "internal error" not in self.err
        assert "Traceback" not in self.err
        return lines[0]


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """Where the *default* store would be: it must stay empty unless a test means it."""
    return tmp_path / "xdg-data"


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return tmp_path / "data"


Scorepad = Callable[..., Result]


@pytest.fixture
def scorepad(tmp_path: Path, home: Path) -> Scorepad:
    def run(*args: str, env: dict[str, str] | None = None) -> Result:
        environ = {k: v for k, v in os.environ.items() if k != "SCOREPAD_DATA_DIR"}
        environ.pop("FLET_APP_STORAGE_DATA", None)
        environ["XDG_DATA_HOME"] = str(home)
        environ.update(env or {})
        done = subprocess.run(
            [sys.executable, "-m", "scorepad", *args],
            capture_output=True,
            text=True,
            check=False,
            cwd=tmp_path,
            env=environ,
            stdin=subprocess.DEVNULL,
            timeout=RUN_TIMEOUT,
            preexec_fn=limit_memory,
        )
        return Result(done)

    return run


def write_json(path: Path, data: object) -> Path:
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` with its content (empty if there is no folder)."""
    if not folder.exists():
        return {}
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not p.name.startswith(".lock")
    }


# --- 1. any input file: one line, exit 1 ---------------------------------------------------


def deep_json(tmp_path: Path) -> Path:
    return write_json(tmp_path / "deep.json", "[" * 100_000)


def huge_number(tmp_path: Path) -> Path:
    return write_json(tmp_path / "number.json", '{"variant": "golf", "stake_cents": ' + "9" * 5000)


def huge_file(tmp_path: Path) -> Path:
    path = tmp_path / "huge.json"
    with path.open("wb") as handle:  # sparse: 11 MB on paper, nothing on disk
        handle.truncate(11 * 1024 * 1024)
    return path


def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe.json"
    os.mkfifo(path)
    return path


def folder(tmp_path: Path) -> Path:
    path = tmp_path / "folder.json"
    path.mkdir()
    return path


def dev_zero(tmp_path: Path) -> Path:
    return Path("/dev/zero")


def newline_key(tmp_path: Path) -> Path:
    bad_round = {"turned": "hearts", "bids": {"0\n0": "x"}, "tricks": {}}
    return write_json(tmp_path / "key.json", {**ISSUE_EXAMPLE, "rounds": [bad_round]})


def twin_keys(tmp_path: Path) -> Path:
    return write_json(
        tmp_path / "twins.json",
        '{"variant": "golf", "players": ["A", "B"], "stake_cents": 5, "stake_cents": 500}',
    )


BAD_FILES = {
    "deeply nested JSON": (deep_json, "nested too deeply"),
    "a number of 5000 digits": (huge_number, "a number with 5000 digits is too large"),
    "a file over 10 MB": (huge_file, "larger than 10 MB"),
    "a FIFO": (fifo, "it is a named pipe (FIFO), not a file"),
    "a folder": (folder, "it is a folder, not a file"),
    "/dev/zero": (dev_zero, "it is a device, not a file"),
    "a key with a newline": (newline_key, "round 1, bids, '0\\n0': expected a whole number"),
    "a key given twice": (twin_keys, "the key 'stake_cents' appears twice"),
}


@pytest.mark.parametrize("case", BAD_FILES, ids=list(BAD_FILES))
def test_score_gives_one_line_for_any_file(scorepad: Scorepad, tmp_path: Path, case: str) -> None:
    make, message = BAD_FILES[case]
    path = make(tmp_path)
    done = scorepad("score", str(path))
    assert done.code == 1
    assert done.out == ""
    line = done.error_line
    assert line.startswith(f"scorepad: {path}: ")
    assert message in line


@pytest.mark.parametrize("case", BAD_FILES, ids=list(BAD_FILES))
def test_import_of_any_file_stores_nothing_and_says_so(
    scorepad: Scorepad, tmp_path: Path, data: Path, case: str
) -> None:
    make, message = BAD_FILES[case]
    path = make(tmp_path)
    done = scorepad("import", str(path), "--data-dir", str(data))
    assert done.code == 1
    lines = done.err.splitlines()
    assert "internal error" not in done.err
    assert len(lines) == 2
    assert lines[0].startswith(f"scorepad: not imported: {path}: ")
    assert message in lines[0]
    assert lines[1] == "scorepad: 1 of 1 files not imported (see above)"
    assert TinyDBStore(data).list_games() == []


# --- 2. import goes on past a bad file -----------------------------------------------------


def test_import_stores_every_good_file_around_a_bad_one(
    scorepad: Scorepad, tmp_path: Path, data: Path
) -> None:
    first = write_json(tmp_path / "first.json", ISSUE_EXAMPLE)
    bad = deep_json(tmp_path)
    last = write_json(tmp_path / "last.json", {"variant": "golf", "players": ["Eve", "Fay"]})
    done = scorepad("import", str(first), str(bad), str(last), "--data-dir", str(data))
    assert done.code == 1
    assert f"imported {first} as " in done.out
    assert f"imported {last} as " in done.out
    assert "internal error" not in done.err
    assert done.err.splitlines()[-1] == "scorepad: 1 of 3 files not imported (see above)"
    players = sorted(game.players for game in TinyDBStore(data).list_games())
    assert players == [("Ann", "Bob", "Cat", "Dan"), ("Eve", "Fay")]


# --- 3. strict JSON ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"stake_cents": True}, "stake_cents: expected a whole number (got true)"),
        ({"stake_cents": "7"}, "stake_cents: expected a whole number (got '7')"),
        ({"stake_cents": 5.0}, "stake_cents: expected a whole number (got 5.0)"),
        ({"abandoned": "yes"}, "abandoned: expected true or false (got 'yes')"),
        ({"abandoned": 0}, "abandoned: expected true or false (got 0)"),
        (
            {"variant": {"based_on": "golf", "max_players": "6"}},
            "max_players: Input should be a valid integer",
        ),
        (
            {"variant": {"based_on": "golf", "dealer_hook": "yes"}},
            "dealer_hook: Input should be a valid boolean",
        ),
        (
            {"variant": {"based_on": "golf", "stake_cents": True}},
            "stake_cents: Input should be a valid integer",
        ),
        (
            {"variant": {"based_on": "golf", "hand_sizes": [1, True]}},
            "hand_sizes.1: Input should be a valid integer",
        ),
    ],
)
def test_values_are_never_coerced(
    scorepad: Scorepad, tmp_path: Path, change: dict[str, object], message: str
) -> None:
    path = write_json(tmp_path / "game.json", {**ISSUE_EXAMPLE, **change})
    done = scorepad("score", str(path))
    assert done.code == 1
    assert message in done.error_line


def test_bids_tricks_and_first_dealer_match_names_like_the_player_list(
    scorepad: Scorepad, tmp_path: Path
) -> None:
    record = json.loads(json.dumps(ISSUE_EXAMPLE))
    record["first_dealer"] = " bob"
    record["rounds"][0]["bids"] = {"ann": 0, "BOB ": 1, "Cat": 0, " dan": 1}
    done = scorepad("score", str(write_json(tmp_path / "game.json", record)), "--json")
    assert (done.code, done.err) == (0, "")
    sheet = json.loads(done.out)
    assert sheet["rounds"][0]["dealer"] == "Bob"
    assert sheet["rounds"][0]["bids"] == {"Ann": 0, "Bob": 1, "Cat": 0, "Dan": 1}


# --- 4. names are printed literally --------------------------------------------------------

ODD_NAMES = ["Bob[/i]", "Ann [guest]", "[bold]Cat", ":smile:"]


def odd_record() -> dict[str, object]:
    bids = dict.fromkeys(ODD_NAMES, 0)
    return {
        "variant": "golf",
        "players": ODD_NAMES,
        "rounds": [{"turned": "hearts", "bids": bids, "tricks": {**bids, ODD_NAMES[1]: 1}}],
    }


def test_score_prints_names_that_look_like_markup_literally(
    scorepad: Scorepad, tmp_path: Path
) -> None:
    done = scorepad("score", str(write_json(tmp_path / "game.json", odd_record())))
    assert (done.code, done.err) == (0, "")
    for name in ODD_NAMES:
        assert name in done.out
    assert "leading: Ann [guest]" in done.out


def test_games_lists_a_store_with_such_names(
    scorepad: Scorepad, tmp_path: Path, data: Path
) -> None:
    path = write_json(tmp_path / "game.json", odd_record())
    assert scorepad("import", str(path), "--data-dir", str(data)).code == 0
    done = scorepad("games", "--data-dir", str(data))
    assert (done.code, done.err) == (0, "")
    assert ", ".join(ODD_NAMES) in done.out


def test_a_name_with_a_control_character_is_refused_in_one_line(
    scorepad: Scorepad, tmp_path: Path
) -> None:
    record = {"variant": "golf", "players": ["Ann", "Bob\x1b[2J"]}
    done = scorepad("score", str(write_json(tmp_path / "game.json", record)))
    assert done.code == 1
    assert "\x1b" not in done.err
    assert "the name 'Bob\\x1b[2J' contains the control or invisible character" in (done.error_line)


def test_unsafe_characters_never_reach_the_terminal_raw(scorepad: Scorepad, tmp_path: Path) -> None:
    """A variant name is not a player name (any text is allowed), but it too is shown escaped:
    in the text sheet as ``\\u202e``, in JSON as a JSON escape that reads back the same."""
    name = "Golf \u202eevil\x9b2J\u2028x"
    record = {**ISSUE_EXAMPLE, "variant": {"based_on": "golf", "name": name}}
    path = write_json(tmp_path / "game.json", record)
    text = scorepad("score", str(path))
    assert text.code == 0
    assert "Golf \\u202eevil\\x9b2J\\u2028x: round 1 of 18" in text.out
    as_json = scorepad("score", str(path), "--json")
    assert as_json.code == 0
    for out in (text.out, as_json.out):
        assert not any(char in out for char in "\u202e\x9b\u2028")
    assert json.loads(as_json.out)["variant"] == name


def test_a_terminal_that_cannot_show_a_name_gets_an_escape(
    scorepad: Scorepad, tmp_path: Path
) -> None:
    record = {"variant": "golf", "players": ["Zo\u00eb", "\u674e"]}
    done = scorepad(
        "score", str(write_json(tmp_path / "game.json", record)), env={"PYTHONIOENCODING": "ascii"}
    )
    assert (done.code, done.err) == (0, "")
    assert "Zo\\xeb" in done.out
    assert "\\u674e" in done.out


# --- 6. export --out ------------------------------------------------------------------------


@pytest.fixture
def stored_id(data: Path) -> str:
    """A game in the store (put there directly: only the export is under test)."""
    return TinyDBStore(data).create_game(GameRecord.from_data(ISSUE_EXAMPLE)).id


def test_export_writes_a_new_file(
    scorepad: Scorepad, tmp_path: Path, data: Path, stored_id: str
) -> None:
    out = tmp_path / "new.json"
    done = scorepad("export", stored_id, "--out", str(out), "--data-dir", str(data))
    assert done.code == 0
    assert json.loads(out.read_text())["players"] == ["Ann", "Bob", "Cat", "Dan"]
    assert stat.S_ISREG(out.lstat().st_mode)
    assert [p.name for p in tmp_path.iterdir() if "scorepad-export" in p.name] == []


def test_export_refuses_an_existing_file_unless_forced_and_keeps_its_mode(
    scorepad: Scorepad, tmp_path: Path, data: Path, stored_id: str
) -> None:
    out = tmp_path / "old.json"
    out.write_text("keep me")
    out.chmod(0o640)
    done = scorepad("export", stored_id, "--out", str(out), "--data-dir", str(data))
    assert done.code == 1
    assert "the file exists; add --force to replace it" in done.error_line
    assert out.read_text() == "keep me"
    done = scorepad("export", stored_id, "--out", str(out), "--force", "--data-dir", str(data))
    assert done.code == 0
    assert json.loads(out.read_text())["variant"] == "golf"
    assert stat.S_IMODE(out.stat().st_mode) == 0o640


def symlink_to_a_file(tmp_path: Path) -> Path:
    target = tmp_path / "target.txt"
    target.write_text("keep me")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    return link


def dangling_symlink(tmp_path: Path) -> Path:
    link = tmp_path / "dangling.json"
    link.symlink_to(tmp_path / "nowhere.txt")
    return link


def device(tmp_path: Path) -> Path:
    """A device node of the test's own (a copy of /dev/null's numbers). Never a real
    /dev file: a scorepad that wrongly replaced its target would replace a system device."""
    path = tmp_path / "device"
    try:
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except (PermissionError, AttributeError):
        pytest.skip("making a device node needs root")
    return path


def inside_the_store(tmp_path: Path) -> Path:
    return tmp_path / "data" / "exported.json"


def the_store_meta_file(tmp_path: Path) -> Path:
    return tmp_path / "data" / "catalogue.json"


EXPORT_TARGETS = {
    "a symlink": (symlink_to_a_file, "it is a symbolic link"),
    "a dangling symlink": (dangling_symlink, "it is a symbolic link"),
    "a FIFO": (fifo, "it is a named pipe (FIFO)"),
    "a folder": (folder, "it is a folder"),
    "a device": (device, "it is a device"),
    "a new file in the store": (inside_the_store, "inside the store folder"),
    "a store file": (the_store_meta_file, "inside the store folder"),
}


@pytest.mark.parametrize("case", EXPORT_TARGETS, ids=list(EXPORT_TARGETS))
@pytest.mark.parametrize("force", [False, True], ids=["", "--force"])
def test_export_refuses_what_is_not_a_plain_file_outside_the_store(
    scorepad: Scorepad, tmp_path: Path, stored_id: str, case: str, force: bool
) -> None:
    make, message = EXPORT_TARGETS[case]
    out = make(tmp_path)
    before = snapshot(tmp_path)
    args = ["export", stored_id, "--out", str(out), "--data-dir", str(tmp_path / "data")]
    done = scorepad(*args, *(["--force"] if force else []))
    assert done.code == 1
    assert message in done.error_line
    assert snapshot(tmp_path) == before
    assert not (tmp_path / "nowhere.txt").exists()


# --- 7. options ------------------------------------------------------------------------------


@pytest.mark.parametrize("port", ["0", "65536", "-1", "http", "99999999999999999999999"])
def test_a_port_out_of_range_is_a_usage_error(scorepad: Scorepad, data: Path, port: str) -> None:
    done = scorepad("--port", port, "games", "--data-dir", str(data))
    assert done.code == 2
    assert "the port must be a whole number from 1 to 65535" in done.error_line
    assert done.out == ""
    assert not data.exists()


def test_an_empty_data_dir_is_refused_not_the_default_store(
    scorepad: Scorepad, tmp_path: Path, home: Path
) -> None:
    path = write_json(tmp_path / "game.json", ISSUE_EXAMPLE)
    for argv in (["import", str(path), "--data-dir", ""], ["--data-dir", " ", "import", str(path)]):
        done = scorepad(*argv)
        assert done.code == 2
        assert "the folder name is empty" in done.error_line
    assert not home.exists()


def test_an_empty_data_dir_variable_is_refused_not_the_default_store(
    scorepad: Scorepad, tmp_path: Path, home: Path
) -> None:
    path = write_json(tmp_path / "game.json", ISSUE_EXAMPLE)
    for command in (["import", str(path)], ["games"], ["recover"]):
        done = scorepad(*command, env={"SCOREPAD_DATA_DIR": ""})
        assert done.code == 1
        assert "$SCOREPAD_DATA_DIR is set but empty" in done.error_line
    assert not home.exists()


def test_the_default_store_is_used_when_nothing_names_one(
    scorepad: Scorepad, tmp_path: Path, home: Path
) -> None:
    path = write_json(tmp_path / "game.json", ISSUE_EXAMPLE)
    assert scorepad("import", str(path)).code == 0
    assert len(TinyDBStore(home / "scorepad").list_games()) == 1
