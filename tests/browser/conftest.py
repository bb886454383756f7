"""On a failing browser test, keep a screenshot of what the browser showed and what the app
logged."""

from __future__ import annotations

from collections.abc import Generator
from pathlib import Path

import pytest


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    if report.when == "call" and report.failed:
        keep_evidence(item, report)
    return report


APP_LOG_LINES = 40
"""How much of the app's own log a failure report shows: the end, where a stall or an error
of the server shows (a tap sent and never answered once left nothing else to go on)."""


def keep_evidence(item: pytest.Item, report: pytest.TestReport) -> None:
    phone = item.funcargs.get("phone") if hasattr(item, "funcargs") else None
    tmp_path = item.funcargs.get("tmp_path") if hasattr(item, "funcargs") else None
    if tmp_path is None:
        return
    for log in sorted(Path(tmp_path).rglob("scorepad.log")):
        lines = log.read_text(encoding="utf-8", errors="replace").splitlines()
        report.sections.append((f"the app's log {log}", "\n".join(lines[-APP_LOG_LINES:])))
    if phone is None:
        return
    shot = Path(tmp_path) / "failure.png"
    try:
        phone.page.screenshot(path=str(shot))
        report.sections.append(("browser", f"screenshot of the failure: {shot}"))
        report.sections.append(("browser console and taps", "\n".join(phone.console[-60:])))
    except Exception as problem:  # the browser may be gone already
        report.sections.append(("browser", f"no screenshot: {problem}"))
