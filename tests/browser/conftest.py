"""The browser tests' phone (Chromium at 390x844), and on a failing test a screenshot of what
the browser showed."""

from __future__ import annotations

import os
from collections.abc import Generator, Iterator
from pathlib import Path

import pytest

from tests.browser.harness import CHROMIUM, AppPage, browser_page

PHONE = (390, 844)


@pytest.fixture
def chromium_present() -> None:
    if CHROMIUM.exists():
        return
    if os.environ.get("CI"):
        pytest.fail("CI must run the browser tests: .ci/run installs Chromium first")
    pytest.skip("Chromium is not installed (/usr/bin/chromium): apt-get install -y chromium")


@pytest.fixture
def phone(chromium_present: None, tmp_path: Path) -> Iterator[AppPage]:
    """A browser tab the size of a phone; a tap that gets no answer leaves a screenshot."""
    with browser_page(*PHONE) as page:
        app = AppPage(page)
        app.evidence_dir = tmp_path
        yield app


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    if report.when == "call" and report.failed:
        keep_evidence(item, report)
    return report


def keep_evidence(item: pytest.Item, report: pytest.TestReport) -> None:
    phone = item.funcargs.get("phone") if hasattr(item, "funcargs") else None
    tmp_path = item.funcargs.get("tmp_path") if hasattr(item, "funcargs") else None
    if phone is None or tmp_path is None:
        return
    shot = Path(tmp_path) / "failure.png"
    try:
        phone.page.screenshot(path=str(shot))
        report.sections.append(("browser", f"screenshot of the failure: {shot}"))
        report.sections.append(("browser console and taps", "\n".join(phone.console[-60:])))
    except Exception as problem:  # the browser may be gone already
        report.sections.append(("browser", f"no screenshot: {problem}"))
