"""Each device reads the app in its own language: the device's, or the one picked on it.

Driven in a Flet session without a browser: the globe's choice redraws the screen in that
language, is kept in the device's own storage, and puts Flutter's own widgets in that locale
(which mirrors the page for Hebrew).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import flet as ft
import pytest
import pytest_asyncio
from flet.messaging.protocol import MessageAction

from scorepad.i18n import LANGUAGES, find_language, tr, use_language
from scorepad.store import open_store
from scorepad.ui.state import ScorepadApp
from scorepad.ui.views.language import LANGUAGE_KEY
from tests.ui.flet_session import ViewDriver

pytestmark = pytest.mark.asyncio


@pytest_asyncio.fixture
async def driver(tmp_path: Path) -> AsyncIterator[ViewDriver]:
    view = ViewDriver(ScorepadApp(open_store(tmp_path)))
    await view.settle()
    yield view
    view.close()


def in_language(code: str, english: str) -> str:
    with use_language(find_language(code)):
        return tr(english)


def kept_languages(view: ViewDriver) -> list[object]:
    return [
        (m.body.args or {}).get("value")
        for m in view.connection.messages
        if m.action == MessageAction.INVOKE_METHOD
        and m.body.name == "set"
        and (m.body.args or {}).get("key") == LANGUAGE_KEY
    ]


async def test_a_device_with_no_language_of_ours_reads_english(driver: ViewDriver) -> None:
    assert driver.app.language.language.code == "en"
    assert "Keep the games safe" in driver.texts()


@pytest.mark.parametrize("code", [language.code for language in LANGUAGES[1:]])
async def test_picking_a_language_redraws_the_screen_in_it_and_keeps_it(
    driver: ViewDriver, code: str
) -> None:
    translated = in_language(code, "Keep the games safe")
    assert translated != "Keep the games safe", f"{code} has no translation of 'New game'"
    driver.app.language.choose(code)
    await driver.settle()
    texts = driver.texts()
    assert translated in texts and "Keep the games safe" not in texts
    assert kept_languages(driver) == [code]
    configuration = driver.page.locale_configuration
    assert configuration is not None and configuration.current_locale == ft.Locale(code)
    assert driver.page.rtl is (code == "he")  # Hebrew mirrors the whole page


async def test_the_language_menu_lists_every_language_in_its_own_name(
    driver: ViewDriver,
) -> None:
    names = driver.texts()
    for language in LANGUAGES:
        assert language.name in names


async def test_a_choice_kept_on_the_device_wins_over_the_device_s_language(
    driver: ViewDriver,
) -> None:
    choice = driver.app.language
    choice.restore("pl")
    choice.follow_device(["de-DE"])
    await driver.settle()
    assert choice.language.code == "pl"
    assert in_language("pl", "Keep the games safe") in driver.texts()


async def test_an_unknown_kept_code_is_let_go(driver: ViewDriver) -> None:
    choice = driver.app.language
    choice.restore("xx")
    choice.follow_device(["nl-BE", "en"])
    assert choice.language.code == "nl"
