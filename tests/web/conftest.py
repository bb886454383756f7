"""The built web bundle the offline tests drive, made once per session.

Building downloads wheels from the package registry, and tests open connections to loopback
only, so a test session never downloads: CI builds first (``.ci/run`` runs
``uv run scorepad build-web build/web-ci`` and exports ``SCOREPAD_WEB_BUILD=build/web-ci``).
Without that variable the session builds into a temporary folder from the local wheel cache
(filled by any earlier ``scorepad build-web``), with downloads turned off. When neither works
the tests skip naming the command to run, except under CI, where they fail: there the proof
must run.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import NoReturn

import pytest

from tests.browser.harness import require_chromium

BUILD_COMMAND = "uv run scorepad build-web build/web-ci"
ENVIRONMENT = "SCOREPAD_WEB_BUILD"
HOW_TO_BUILD = f"build one with `{BUILD_COMMAND}` and test with {ENVIRONMENT}=build/web-ci"


def cannot_build(reason: str) -> NoReturn:
    """Skip locally, fail under CI: CI builds the bundle before the tests, so there a missing
    build is a broken pipeline, not a missing tool."""
    if os.environ.get("CI"):
        pytest.fail(
            f"CI must run the offline web tests, but there is {reason}: "
            f".ci/run should {HOW_TO_BUILD}"
        )
    pytest.skip(f"{reason}: {HOW_TO_BUILD}")


@pytest.fixture(scope="session")
def web_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder of a built bundle (index.html, the service worker, Pyodide, the wheels)."""
    given = os.environ.get(ENVIRONMENT)
    if given:
        folder = Path(given).resolve()
        if not (folder / "index.html").is_file():
            pytest.fail(
                f"{ENVIRONMENT}={given!r} is not a built bundle (no index.html in {folder}): "
                f"run `uv run scorepad build-web {given}` first"
            )
        return folder
    from scorepad.web_build import SCOREPAD_WEB_APP, WebBuildError, build_web

    folder = tmp_path_factory.mktemp("web-build") / "web"
    try:
        build_web(folder, SCOREPAD_WEB_APP, allow_download=False)
    except WebBuildError as problem:  # e.g. a wheel not in the cache and downloads off
        cannot_build(f"no web bundle to test ({problem})")
    return folder


@pytest.fixture(autouse=True)
def chromium_present() -> None:
    require_chromium()
