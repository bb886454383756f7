"""``scorepad.log`` stays a few megabytes whatever a browser makes the server write."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorepad.ui.log_file import LOG_FILES_KEPT, MAX_LOG_BYTES, REPEATS_KEPT, log_to_file


@pytest.fixture
def log_folder(tmp_path: Path) -> Iterator[Path]:
    root = logging.getLogger()
    kept = (root.handlers[:], root.level)
    log_to_file(tmp_path)
    try:
        yield tmp_path
    finally:
        for handler in root.handlers:
            handler.close()
        root.handlers, root.level = kept


def test_the_log_is_rotated_and_never_grows_past_a_few_megabytes(log_folder: Path) -> None:
    web = logging.getLogger("scorepad.ui.web_budget")
    for number in range(40_000):  # 40,000 lines unlike each other, about 5 MB
        web.warning(f"line {number}: {'x' * 60}")
    files = sorted(log_folder.glob("scorepad.log*"))
    assert [path.name for path in files] == ["scorepad.log"] + [
        f"scorepad.log.{n}" for n in range(1, LOG_FILES_KEPT + 1)
    ]
    assert all(path.stat().st_size <= MAX_LOG_BYTES for path in files)


def test_a_line_repeated_is_written_a_few_times_then_counted(log_folder: Path) -> None:
    web = logging.getLogger("scorepad.ui.web_connections")
    for _ in range(1_000):
        web.warning("refused connections from %s", "10.0.0.9")
    text = (log_folder / "scorepad.log").read_text()
    assert text.count("refused connections from 10.0.0.9") == REPEATS_KEPT


def test_a_bug_in_a_handler_keeps_its_traceback(log_folder: Path) -> None:
    try:
        raise KeyError("a real bug")
    except KeyError:
        logging.getLogger("flet").exception("Unhandled error in 'on_click' handler")
    text = (log_folder / "scorepad.log").read_text()
    assert "Traceback" in text and "KeyError: 'a real bug'" in text
