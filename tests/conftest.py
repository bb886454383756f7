"""Hypothesis profiles for the whole suite, the order of its tests (browser tests last) and
the check that every test starting a process is marked so (``tests/process_guard.py``).

``ci`` (loaded by default) makes the property tests a fixed, repeatable check: the same
examples on every run (``derandomize``, no example database) and no timing health checks or
deadlines, so a busy machine or an unlucky draw cannot fail ``uv run pytest``. A failure
prints its reproduction blob. ``long`` hunts for new bugs: many more random examples, kept
in the example database so a failure found once is tried first next time. Pick it with
``uv run pytest --hypothesis-profile=long``; Hypothesis's pytest plugin loads that option
after this file has loaded ``ci``, so the option wins.

This file loads before any test module is imported, so every ``@settings`` in the tests
inherits the profile's values for the settings it does not name.
"""

from __future__ import annotations

import os
import sys

import ifaddr  # noqa: F401  (see below)
import pytest
from hypothesis import HealthCheck, settings

# ifaddr runs `ldconfig -p` once, when it is first imported (ctypes looks up libc). Importing
# it here pays that before any test: otherwise whichever test first reads this machine's
# addresses (the share panel's join address) is charged with a process it never started,
# and fails the process guard only when run on its own.

pytest_plugins = ["tests.process_guard"]

# The suite's expectations are in English whatever the machine's locale (a German laptop's
# LANG would make every command speak German): each command, and each process the tests
# start, reads this before the system's. Tests of other languages ask for theirs.
os.environ["SCOREPAD_LANG"] = "en"

LOAD_INSENSITIVE = [
    HealthCheck.too_slow,
    HealthCheck.data_too_large,
    HealthCheck.filter_too_much,
    HealthCheck.function_scoped_fixture,
]
"""Checks that fail on how fast or how lucky a run was, not on what the code does."""

settings.register_profile(
    "ci",
    deadline=None,
    suppress_health_check=LOAD_INSENSITIVE,
    derandomize=True,
    print_blob=True,
    database=None,
)
settings.register_profile(
    "long",
    max_examples=1000,
    stateful_step_count=100,
    deadline=None,
    suppress_health_check=LOAD_INSENSITIVE,
    derandomize=False,
    print_blob=True,
)
settings.load_profile("ci")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the browser tests last, in their own order: they share one Chromium, started by the
    first of them (``tests/browser/harness.py``), and Playwright's sync API keeps an event loop
    set on the thread from then on, which no asyncio test could run beside."""
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)


def pytest_sessionfinish() -> None:
    """Close the run's Chromium, if a browser test started it."""
    harness = sys.modules.get("tests.browser.harness")
    if harness is not None:
        harness.CHROMIUM_SESSION.stop()
