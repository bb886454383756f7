"""The theme chosen on a device stays chosen: a reload, or a restart of the server, shows the
dark theme again on the phone that chose it. At 390x844, in headless Chromium."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.harness import AppPage, free_port, phone_page, require_chromium
from tests.browser.restarts import leave, server

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


def choose_theme(phone: AppPage, button: str, kept: str) -> None:
    """Tap the theme button named ``button``, and wait until the browser's own storage holds
    ``kept``: the device has kept the choice (Flutter's shared preferences live in its
    localStorage). Without this wait a reload could leave before the choice was written, and
    the test would measure that race instead of the app."""
    before = phone.revision()
    phone.page.get_by_role("button", name=button).first.click()
    phone.wait_for_change(before)
    phone.page.wait_for_function(
        "kept => Object.entries(localStorage).some("
        "([key, value]) => key.endsWith('scorepad.theme') && value.includes(kept))",
        arg=kept,
        timeout=30000,
    )


def test_the_dark_theme_chosen_is_kept_across_a_reload_and_a_restart(
    tmp_path: Path, phone: AppPage
) -> None:
    with server(free_port(), tmp_path) as app:
        phone.open(app.url)
        theme_button(phone, "Dark theme")  # light to begin with
        choose_theme(phone, "Dark theme", kept="dark")
        theme_button(phone, "Light theme")

        phone.open(app.url)  # a reload
        theme_button(phone, "Light theme")  # still dark
        assert phone.page.get_by_role("button", name="Dark theme").count() == 0

        # The phone closes the app, the server restarts, the phone opens it again: the new
        # server knows nothing of this phone, so the dark theme can only come from the
        # phone's own storage. (The tab is closed first: left open, its client reconnects by
        # itself, and a reload racing that reconnection is another case, see restarts.leave.)
        leave(phone)
        app.stop()
        app.start()
        phone.open(app.url)
        theme_button(phone, "Light theme")
        assert phone.page.get_by_role("button", name="Dark theme").count() == 0

        # and back to light, kept too
        choose_theme(phone, "Light theme", kept="light")
        leave(phone)
        app.stop()
        app.start()
        phone.open(app.url)
        theme_button(phone, "Dark theme")


def test_a_tab_reopened_in_a_new_one_is_the_same_device_and_answers_taps(
    tmp_path: Path, phone: AppPage
) -> None:
    """The harness's way out of a tab whose renderer stopped drawing (a new tab of the same
    context): the device's own storage comes with it, and the new tab's taps are answered."""
    with server(free_port(), tmp_path) as app:
        phone.open(app.url)
        choose_theme(phone, "Dark theme", kept="dark")
        stuck = phone.page
        phone.reopen_in_a_new_tab()
        assert stuck.is_closed() and phone.page is not stuck
        theme_button(phone, "Light theme")  # the dark theme, from the device's storage
        choose_theme(phone, "Light theme", kept="light")
        theme_button(phone, "Dark theme")
