"""The theme chosen on a device stays chosen: a reload, or a restart of the server, shows the
dark theme again on the phone that chose it. At 390x844, in headless Chromium."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.harness import AppPage, free_port, phone_page, require_chromium
from tests.browser.restarts import server

pytestmark = pytest.mark.browser
PHONE = (390, 844)


@pytest.fixture(autouse=True)
def chromium_present() -> None:
    require_chromium()


@pytest.fixture
def phone(tmp_path: Path) -> Iterator[AppPage]:
    with phone_page(tmp_path, *PHONE) as app:
        yield app


def theme_button(phone: AppPage, name: str) -> None:
    """Wait for the theme button named ``name``: "Light theme" when the dark one is on."""
    phone.page.get_by_role("button", name=name).first.wait_for(state="attached", timeout=30000)


def test_the_dark_theme_chosen_is_kept_across_a_reload_and_a_restart(
    tmp_path: Path, phone: AppPage
) -> None:
    with server(free_port(), tmp_path) as app:
        phone.open(app.url)
        theme_button(phone, "Dark theme")  # light to begin with
        before = phone.revision()
        phone.page.get_by_role("button", name="Dark theme").first.click()
        phone.wait_for_change(before)
        theme_button(phone, "Light theme")

        phone.open(app.url)  # a reload
        theme_button(phone, "Light theme")  # still dark
        assert phone.page.get_by_role("button", name="Dark theme").count() == 0

        app.stop()
        app.start()
        phone.open(app.url)
        theme_button(phone, "Light theme")

        # and back to light, kept too
        before = phone.revision()
        phone.page.get_by_role("button", name="Light theme").first.click()
        phone.wait_for_change(before)
        phone.open(app.url)
        theme_button(phone, "Dark theme")
