"""The ``process`` mark is checked: an unmarked test that starts a process fails, naming it."""

from __future__ import annotations

import pytest

pytest_plugins = ["pytester"]

SPAWNING = """
import subprocess, sys
import pytest

def test_unmarked():
    subprocess.run([sys.executable, "-c", "pass"], check=True)

@pytest.mark.process
def test_marked():
    subprocess.run([sys.executable, "-c", "pass"], check=True)

@pytest.mark.browser
def test_browser():
    subprocess.run([sys.executable, "-c", "pass"], check=True)

def test_without_a_process():
    assert sum([1, 2]) == 3
"""


@pytest.mark.process
def test_an_unmarked_test_that_starts_a_process_fails_and_a_marked_one_passes(
    pytester: pytest.Pytester,
) -> None:
    pytester.makeconftest('pytest_plugins = ["tests.process_guard"]')
    pytester.makeini(
        "[pytest]\nasyncio_default_fixture_loop_scope = function\nmarkers =\n"
        "    process: starts a process\n    browser: drives Chromium\n"
    )
    pytester.makepyfile(test_spawning=SPAWNING)
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider")
    # the unmarked test's own body passes; its teardown is where the guard fails it
    result.assert_outcomes(passed=4, errors=1)
    result.stdout.fnmatch_lines(
        ["*test_unmarked started 1 process(es)*without @pytest.mark.process*"]
    )
