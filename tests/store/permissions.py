"""Real permission errors in tests that run as root (which ignores file modes).

As root, the *effective* user is switched to ``nobody`` for the block and back afterwards (the
real user stays root, so switching back is allowed); as anyone else, modes already apply. The
store must then live in a folder every user may enter: pytest's own temp folders may not be.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

NOBODY = 65534


def can_switch_user() -> bool:
    return hasattr(os, "seteuid") and hasattr(os, "geteuid")


@pytest.fixture
def shared_tmp() -> Iterator[Path]:
    """A temp folder any user may enter (removed afterwards)."""
    if not can_switch_user():
        pytest.skip("needs POSIX users to make a file unreadable")
    folder = Path(tempfile.mkdtemp(prefix="scorepad-perm-"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        restore_modes(folder)
        shutil.rmtree(folder, ignore_errors=True)


@contextlib.contextmanager
def unprivileged() -> Iterator[None]:
    """Run the block as a user that file modes apply to."""
    if os.geteuid() != 0:
        yield
        return
    os.setegid(NOBODY)
    os.seteuid(NOBODY)
    try:
        yield
    finally:
        os.seteuid(0)
        os.setegid(0)


def open_to_all(root: Path) -> None:
    """Let anyone read and write the whole store (what a shared folder would allow)."""
    for path in [root, *root.rglob("*")]:
        if path.is_symlink():
            continue
        path.chmod(0o777 if path.is_dir() else 0o666)


def read_only_to_all(root: Path) -> None:
    """Let anyone read the store, nobody but root write it."""
    for path in [root, *root.rglob("*")]:
        if path.is_symlink():
            continue
        path.chmod(0o555 if path.is_dir() else 0o444)


def restore_modes(root: Path) -> None:
    for path in [root, *root.rglob("*")]:
        with contextlib.suppress(OSError):
            if not path.is_symlink():
                mode = path.stat().st_mode
                path.chmod(0o755 if stat.S_ISDIR(mode) else 0o644)
