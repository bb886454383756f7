"""A test whose Chromium page froze is run once more in a new Chromium, and only then
(tests/browser/conftest.py): the freeze is told from a failure of the app by whether the page
still draws frames. A page is frozen here on purpose, its main thread held in a busy loop, as
headless Chromium's own freezes hold it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import (
    FROZE,
    PAGE_FIXTURES,
    froze,
    keep_evidence,
    pytest_collection_modifyitems,
)
from tests.browser.harness import (
    CHROMIUM_SESSION,
    AppPage,
    require_chromium,
    running_app,
)
from tests.browser.shared import table

pytestmark = pytest.mark.browser


class Failed:
    """What pytest hands the report hook for a failed call: the report and the exception."""

    def __init__(self, error: BaseException) -> None:
        self.sections: list[tuple[str, str]] = []
        self.longrepr = None
        try:
            raise error
        except BaseException:  # as a failing test raised it
            self.excinfo = pytest.ExceptionInfo.from_current()


class Item:
    def __init__(self, **funcargs: Any) -> None:
        self.funcargs = funcargs


FREEZE = (
    "() => { setTimeout(() => { const end = Date.now() + 60000; while (Date.now() < end) {} }, 0) }"
)
"""Holds the page's main thread for a minute, as a frozen Chromium page is held."""


def failure_reported(
    tmp_path: Path, phone: AppPage, error: BaseException, *, frozen: bool
) -> Failed:
    """The report hook's evidence for ``error`` raised in a test of ``phone`` on the home
    screen, its page frozen first when ``frozen``."""
    with running_app(tmp_path / "data") as url:
        phone.open(url)
        phone.wait_for("new-game")
        if frozen:
            phone.page.evaluate(FREEZE)
        failed = Failed(error)
        keep_evidence(Item(phone=phone, tmp_path=tmp_path), failed, failed)  # type: ignore[arg-type]
    return failed


def test_a_frozen_page_is_marked_for_one_more_run_in_a_new_chromium(
    tmp_path: Path, phone: AppPage
) -> None:
    browser = CHROMIUM_SESSION.browser()
    error = TimeoutError("Locator.click: Timeout 30000ms exceeded.")
    failed = failure_reported(tmp_path, phone, error, frozen=True)
    assert froze(error) and getattr(error, FROZE) is True
    sections = dict(failed.sections)
    assert "Chromium froze" in sections["browser"]
    assert "renderer" in sections["Chromium's processes"]
    assert not browser.is_connected()  # closed: the rerun starts a new one
    assert CHROMIUM_SESSION.browser() is not browser


def test_a_failure_on_a_page_that_still_draws_is_not_run_again(
    tmp_path: Path, phone: AppPage
) -> None:
    browser = CHROMIUM_SESSION.browser()
    error = AssertionError("the app said something else")
    failure_reported(tmp_path, phone, error, frozen=False)
    assert not froze(error)
    assert (tmp_path / "failure.png").is_file()
    assert browser.is_connected()


def test_a_frozen_phone_at_a_shared_table_is_marked_for_one_more_run(tmp_path: Path) -> None:
    """A table's test drives several pages: the one that froze is found and named (a third
    phone at a table froze once in CI, connected and never drawn)."""
    require_chromium()
    browser = CHROMIUM_SESSION.browser()
    error = TimeoutError("Locator.wait_for: Timeout 30000ms exceeded.")
    with running_app(tmp_path / "data") as url, table(tmp_path) as chairs:
        for name in ("ann", "bob"):
            seat = chairs.phone(name)
            seat.open(url)
            seat.wait_for("new-game")
        chairs.phones[1].page.evaluate(FREEZE)
        failed = Failed(error)
        keep_evidence(Item(at_table=chairs, tmp_path=tmp_path), failed, failed)  # type: ignore[arg-type]
    assert froze(error)
    assert "bob's page drew no frame" in dict(failed.sections)["browser"]
    assert not browser.is_connected()


def test_every_test_of_chromium_pages_may_run_again_only_if_one_froze(
    request: pytest.FixtureRequest,
) -> None:
    marker = request.node.get_closest_marker("flaky")
    assert marker is None  # this test has no phone page: it is never run again
    phone_tests = [
        item
        for item in request.session.items
        if any(fixture in getattr(item, "fixturenames", ()) for fixture in PAGE_FIXTURES)
        and str(Path(__file__).parent) in str(item.path)
    ]
    assert phone_tests
    for item in phone_tests:
        flaky = item.get_closest_marker("flaky")
        assert flaky is not None and flaky.kwargs == {"reruns": 1, "condition": froze}


class Collected:
    """A collected test as the marking hook sees it: where it is and what fixtures it takes."""

    def __init__(self, fixtures: tuple[str, ...]) -> None:
        self.path = Path(__file__).parent / "test_a_table.py"
        self.fixturenames = fixtures
        self.markers: list[pytest.MarkDecorator] = []

    def add_marker(self, marker: pytest.MarkDecorator) -> None:
        self.markers.append(marker)


def test_a_shared_tables_test_is_marked_as_a_phones_is_and_no_other() -> None:
    at_table, no_page = Collected(("at_table", "tmp_path")), Collected(("tmp_path",))
    pytest_collection_modifyitems([at_table, no_page])  # type: ignore[list-item]
    assert [m.kwargs for m in at_table.markers] == [{"reruns": 1, "condition": froze}]
    assert no_page.markers == []
