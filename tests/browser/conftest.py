"""On a failing browser test, keep a screenshot of what the browser showed and what the app
logged."""

from __future__ import annotations

import os
import re
import time
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
        report.sections.append(("browser console and taps", "\n".join(phone.console[-60:])))
        report.sections.append(("Chromium's processes", chromium_processes()))


KIND = re.compile(r"--(?:utility-sub-)?type=(\S+)")
"""A Chromium process's kind on its command line (which Chromium rewrites as one string)."""


def chromium_processes() -> str:
    """Each Chromium process of this machine: its kind (browser, renderer, gpu-process...),
    its state, the CPU seconds it used in one second of waiting, and the kernel function it
    sleeps in: a page that draws nothing and answers nothing is either spinning (a second's
    CPU) or blocked (none, and where), which tells a stuck renderer from a stuck GPU process."""

    def sample() -> dict[int, tuple[str, str, float, str]]:
        found = {}
        tick = os.sysconf("SC_CLK_TCK")
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                line = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
                program = Path(line.split(" ", 1)[0]).name
                if "chrom" not in program:
                    continue
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                wchan = (entry / "wchan").read_text()
            except (OSError, UnicodeDecodeError):  # gone meanwhile, or not a program of ours
                continue
            kind = found_kind.group(1) if (found_kind := KIND.search(line)) else program
            found[int(entry.name)] = (kind, stat[0], (int(stat[11]) + int(stat[12])) / tick, wchan)
        return found

    before = sample()
    time.sleep(1)
    after = sample()
    lines = []
    for pid, (kind, state, used, wchan) in sorted(after.items()):
        spent = used - before[pid][2] if pid in before else float("nan")
        lines.append(f"{pid} {kind}: state {state}, {spent:.2f} s CPU in 1 s, in {wchan or '-'}")
    return "\n".join(lines) or "no Chromium process"
