"""On a failing browser test, keep a screenshot of what the browser showed and what the app
logged; a test whose Chromium page froze runs once more, in a fresh Chromium.

Headless Chromium on a loaded 2-core machine now and then stops drawing a page: a click, a
box's position and a screenshot all wait out their 30 s, the app's log shows the page
connected and nothing after it. Seen in two of four CI runs before this (the charts and the
import tests, right after the page had drawn its screen), then once in a phone at a shared
table (a third phone's page, connected, never drew its screen), never in a page that still
drew frames, and never reproduced by running those tests alone. It is the browser's, not the
app's (a person would reload the tab), so such a test is run again once, in a new Chromium
(``pytest-rerunfailures``, only on that condition: a test that fails while its page still
draws is a failure as always), and the run's summary names it as rerun, with the Chromium
processes' state at the freeze in its report.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Generator, Iterator
from pathlib import Path

import pytest

from tests.browser.harness import CHROMIUM_SESSION, AppPage, phone_page, require_chromium
from tests.browser.shared import Phone, Table


@pytest.fixture
def phone(tmp_path: Path) -> Iterator[AppPage]:
    """A fresh phone (390x844, English) on the run's Chromium; a module that needs another
    size or language defines its own."""
    require_chromium()
    with phone_page(tmp_path) as app:
        yield app


FROZE = "chromium_froze"
"""Set on a test's exception when its page had stopped drawing (read by :func:`froze`)."""


def froze(error: BaseException | None) -> bool:
    """The rerun condition: the test failed because its Chromium page froze."""
    return bool(getattr(error, FROZE, False))


PAGE_FIXTURES = ("phone", "at_table")
"""The fixtures that hand a test Chromium pages: one phone, or a shared table's phones."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests that drive Chromium pages (one phone, or a table of them) run again once if one
    of their pages froze."""
    here = Path(__file__).parent
    for item in items:
        fixtures = getattr(item, "fixturenames", ())
        if here in Path(str(item.path)).parents and any(f in fixtures for f in PAGE_FIXTURES):
            item.add_marker(pytest.mark.flaky(reruns=1, condition=froze))


def pages_of(item: pytest.Item) -> list[AppPage]:
    """The Chromium pages the test drives (:data:`PAGE_FIXTURES`): its phone, or every phone
    at its table."""
    arguments = getattr(item, "funcargs", {})
    pages: list[AppPage] = []
    for fixture in PAGE_FIXTURES:
        given = arguments.get(fixture)
        if isinstance(given, AppPage):
            pages.append(given)
        elif isinstance(given, Table):
            pages += given.phones
    return pages


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    if report.when == "call" and report.failed:
        keep_evidence(item, report, call)
    return report


APP_LOG_LINES = 40
"""How much of the app's own log a failure report shows: the end, where a stall or an error
of the server shows (a tap sent and never answered once left nothing else to go on)."""


def keep_evidence(
    item: pytest.Item, report: pytest.TestReport, call: pytest.CallInfo[None]
) -> None:
    tmp_path = item.funcargs.get("tmp_path") if hasattr(item, "funcargs") else None
    if tmp_path is None:
        return
    pages = pages_of(item)
    app_log: list[str] = []
    for log in sorted(Path(tmp_path).rglob("scorepad.log")):
        lines = log.read_text(encoding="utf-8", errors="replace").splitlines()
        app_log += lines[-APP_LOG_LINES:]
        report.sections.append((f"the app's log {log}", "\n".join(lines[-APP_LOG_LINES:])))
    if not pages:
        return
    frozen = next((page for page in pages if not page.draws_frames()), None)
    if frozen is None and len(pages) > 1:
        return  # the table's fixture keeps each phone's screenshot, console and taps
    shown = frozen or pages[0]
    console = "\n".join(shown.console[-60:])
    report.sections.append(("browser console and taps", console))
    if frozen is not None:
        page = f"{frozen.name}'s page" if isinstance(frozen, Phone) else "the page"
        said = f"{page} drew no frame for 5 s: Chromium froze; it is started afresh"
        processes = chromium_processes()
        report.sections.append(("Chromium's processes", processes))
        report.sections.append(("browser", said))
        add_section = getattr(report.longrepr, "addsection", None)  # a traceback's
        if callable(add_section):  # shown with the rerun's traceback in the summary
            add_section("Chromium froze", f"{said}\n{processes}")
            add_section("the page's console and taps", console)
            add_section("the app's log, its end", "\n".join(app_log[-15:]))
        if call.excinfo is not None:
            setattr(call.excinfo.value, FROZE, True)
        CHROMIUM_SESSION.close_browser()  # the rerun, and every test after, get a new one
        return
    shot = Path(tmp_path) / "failure.png"
    try:
        shown.page.screenshot(path=str(shot))
        report.sections.append(("browser", f"screenshot of the failure: {shot}"))
    except Exception as problem:  # the browser may be gone already
        report.sections.append(("browser", f"no screenshot: {problem}"))


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
