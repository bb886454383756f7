"""Every test that starts a process says so with ``@pytest.mark.process``.

The everyday loop (``uv run pytest -m "not browser and not process"``, see the README) leaves
out what is slow to start: a browser, or the app or a command in a process of its own. A test
that starts a process without the mark would slip that cost back into the loop unseen, so the
mark is checked, not trusted: an unmarked test that started a process fails when it is done,
naming the command. Browser tests start processes (the app, Chromium) by nature; their own
mark says so.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from typing import Any

import pytest

MARKS_THAT_ALLOW_PROCESSES = ("process", "browser")


@pytest.fixture(autouse=True)
def processes_are_marked(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    if any(request.node.get_closest_marker(mark) for mark in MARKS_THAT_ALLOW_PROCESSES):
        yield
        return
    original = subprocess.Popen.__init__
    started: list[object] = []

    def noted(self: subprocess.Popen[Any], args: Any, *more: Any, **options: Any) -> None:
        started.append(args)  # the test runs on as written; it fails once it is done
        original(self, args, *more, **options)

    monkeypatch.setattr(subprocess.Popen, "__init__", noted)
    yield
    if started:
        pytest.fail(
            f"{request.node.nodeid} started {len(started)} process(es), the first "
            f"{started[0]!r}, without @pytest.mark.process: mark it, so that the everyday loop "
            "(-m 'not browser and not process') leaves it out",
            pytrace=False,
        )
