"""Each page in its reader's language: the device's, or the one picked and kept on it.

The state layer makes its text with :func:`scorepad.i18n.tr`, which asks the resolver set
here: the language of the page whose event or render is running (Flet binds that page to the
task). So one server draws one phone in German and the next in Polish, and the state never
knows Flet.
"""

from __future__ import annotations

import asyncio
import logging
import weakref

import flet as ft

from scorepad.i18n import LANGUAGES, Language, set_language_resolver
from scorepad.ui.state import ScorepadApp
from scorepad.ui.state.language import LanguageChoice
from scorepad.ui.views.page_tasks import in_background, when_rejoined

log = logging.getLogger("scorepad.ui")

LANGUAGE_KEY = "scorepad.language"
"""The device's own storage keeps the language picked on it under this key."""

STORAGE_TIMEOUT_SECONDS = 5.0
"""How long the device gets to read or keep the choice (like the theme's)."""

_choices: dict[int, LanguageChoice] = {}
"""Each live page's language choice, by the page's id (pages cannot be weak keys: Flet's
controls are unhashable dataclasses); a page's entry goes when the page does."""


def _language_of_the_running_page() -> Language | None:
    try:
        page = ft.context.page
    except RuntimeError:  # no Flet page is running: the process's default applies
        return None
    choice = _choices.get(id(page))
    return choice.language if choice is not None else None


set_language_resolver(_language_of_the_running_page)


def locale_configuration(language: Language) -> ft.LocaleConfiguration:
    """Flutter's own widgets in the reader's language too, and right to left for Hebrew
    (Flutter mirrors the whole page from the locale)."""
    return ft.LocaleConfiguration(
        supported_locales=[ft.Locale(each.code) for each in LANGUAGES],
        current_locale=ft.Locale(language.code),
    )


def follow_the_language(page: ft.Page, app: ScorepadApp) -> None:
    """Draw ``page`` in its reader's language, and keep a language picked on the device.

    First the kept choice, if any; else the device's languages (the browser's, best first).
    Both are asked of the device once the page is up; a language picked before they answer
    wins. Storage that fails only costs the choice (a line in the log).
    """
    choice = app.language
    key = id(page)
    _choices[key] = choice
    weakref.finalize(page, _choices.pop, key, None)
    page.locale_configuration = locale_configuration(choice.language)  # then Root's to follow
    try:
        preferences: ft.SharedPreferences | None = ft.SharedPreferences()
    except Exception as problem:  # no storage service on this platform
        log.warning("the language chosen cannot be kept: %s", problem)
        preferences = None

    def keep(code: str) -> None:
        if preferences is None:
            return

        async def write() -> None:
            try:
                await asyncio.wait_for(preferences.set(LANGUAGE_KEY, code), STORAGE_TIMEOUT_SECONDS)
            except Exception as problem:
                log.warning(
                    "could not keep the language: %s", f"{type(problem).__name__}: {problem}"
                )

        in_background(page, write)

    choice.keep = keep
    answered = [False]

    async def learn() -> None:
        if answered[0] or choice.chosen:
            return
        kept = None
        if preferences is not None:
            try:
                kept = await asyncio.wait_for(
                    preferences.get(LANGUAGE_KEY), STORAGE_TIMEOUT_SECONDS
                )
            except Exception as problem:
                log.warning(
                    "could not read the language kept: %s", f"{type(problem).__name__}: {problem}"
                )
        if isinstance(kept, str) and kept:
            answered[0] = True
            choice.restore(kept)
            return
        try:
            info = await asyncio.wait_for(page.get_device_info(), STORAGE_TIMEOUT_SECONDS)
        except Exception as problem:
            log.warning(
                "could not ask the device its language: %s", f"{type(problem).__name__}: {problem}"
            )
            return
        answered[0] = True
        locales = device_locales(info)
        choice.follow_device(locales)
        log.info("the device reads %s: the app speaks %s", locales, choice.language.code)

    def locale_changed(event: ft.LocaleChangeEvent) -> None:
        choice.follow_device([locale_tag(locale) for locale in event.locales])

    page.on_locale_change = locale_changed
    when_rejoined(page, lambda: in_background(page, learn))
    in_background(page, learn)


def locale_tag(locale: ft.Locale) -> str:
    return "-".join(part for part in (locale.language_code, locale.country_code) if part)


def device_locales(info: object) -> list[str]:
    """The device's languages, best first: the system's or the browser's locales (Flet reads
    ``navigator.languages`` into them), else a browser's one ``language``."""
    locales = getattr(info, "locales", None) or []
    tags = [locale_tag(each) for each in locales if isinstance(each, ft.Locale)]
    language = getattr(info, "language", None)
    if isinstance(language, str) and language:
        tags.append(language)
    return tags
