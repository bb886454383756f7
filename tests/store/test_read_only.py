"""A store that cannot be written (a read-only disk, a folder without write permission) still
opens: its games list, load and export; every change says the folder is read-only."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scorepad.store import StoreReadOnlyError, TinyDBStore
from tests.store.permissions import read_only_to_all, shared_tmp, unprivileged
from tests.store.read_only_checks import PLAYERS, check_read_only_store, make_store

__all__ = ["shared_tmp"]  # a fixture, used by name

REPO = Path(__file__).parents[2]


def assert_read_only_store_works(result: dict[str, Any], root: Path) -> None:
    assert result["read_only"] is True
    assert [tuple(row) for row in result["listed"]] == [("Golf", "in_progress")]
    assert list(result["players"]) == PLAYERS
    assert list(result["roster"]) == PLAYERS
    assert (result["export_code"], list(result["exported_players"])) == (0, PLAYERS)
    for change, refusal in result["refusals"].items():
        assert refusal.startswith(f"StoreReadOnlyError: the store folder {root} is read-only"), (
            change,
            refusal,
        )
        assert "can be looked at and exported but nothing can be saved" in refusal
    assert result["unchanged"] is True


@pytest.mark.process
def test_a_store_on_a_read_only_disk_opens_lists_and_exports(tmp_path: Path) -> None:
    if shutil.which("unshare") is None:
        pytest.skip("needs unshare(1) to mount a read-only file system")
    probe = subprocess.run(["unshare", "-rm", "true"], capture_output=True, check=False)
    if probe.returncode != 0:
        pytest.skip("user namespaces are not available to mount a read-only file system")
    disk = tmp_path / "disk"
    disk.mkdir()
    root = disk / "data"
    script = REPO / "tests" / "store" / "read_only_checks.py"
    shell = (
        f"mount -t tmpfs tmpfs {disk} && {sys.executable} {script} make {root} >/dev/null && "
        f"mount -o remount,ro {disk} && exec {sys.executable} {script} check {root}"
    )
    done = subprocess.run(
        ["unshare", "-rm", "sh", "-c", shell],
        capture_output=True,
        text=True,
        check=False,
        cwd=REPO,
        env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    for refusal in result["refusals"].values():
        assert "the disk is read-only" in refusal
    assert_read_only_store_works(result, root)


def test_a_store_this_user_may_not_write_opens_lists_and_exports(shared_tmp: Path) -> None:
    root = shared_tmp / "data"
    make_store(root)
    read_only_to_all(root)
    with unprivileged():
        result = check_read_only_store(root)
    assert_read_only_store_works(result, root)


def test_an_old_store_this_user_may_not_write_says_it_must_be_upgraded_first(
    shared_tmp: Path,
) -> None:
    root = shared_tmp / "data"
    shutil.copytree(Path(__file__).parent / "fixtures" / "v2", root)
    read_only_to_all(root)
    with unprivileged(), pytest.raises(StoreReadOnlyError) as caught:
        TinyDBStore(root)
    assert str(caught.value) == (
        f"the store folder {root} is read-only (no permission): its games (schema 2) must "
        "be upgraded once before this scorepad can read them; make the folder writable to open it"
    )
