"""The language this device reads the app in: the device's own, until the reader picks one.

The choice belongs to the device, like the theme (two phones at one table may read different
languages), so it is kept in the device's own storage through the ``keep`` hook the views hand
in; the games' folder never holds it. No Flet here.

>>> choice = LanguageChoice(lambda: None)
>>> choice.follow_device(["ja-JP", "en-GB"]); choice.language.code
'en'
>>> choice.choose("en"); choice.chosen
True
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

from scorepad.i18n import (
    LANGUAGES,
    Language,
    UnknownLanguageError,
    active_language,
    find_language,
    language_for_locales,
)

log = logging.getLogger("scorepad.ui")


def _keep_nowhere(code: str) -> None:
    del code


class LanguageChoice:
    def __init__(self, changed: Callable[[], None], language: Language | None = None) -> None:
        self._changed = changed
        self.language = language or active_language()
        """What this device's screens are drawn in (at first the process's default: the
        system's language, or ``--lang``)."""
        self.chosen = False
        """Whether the reader picked it (then the device's own language no longer leads)."""
        self.keep: Callable[[str], None] = _keep_nowhere
        """Keeps a choice on this device for the next visit (the views hand in its storage)."""

    @property
    def options(self) -> tuple[Language, ...]:
        """Every language, each in its own name (a reader lost in one finds theirs)."""
        return LANGUAGES

    def follow_device(self, locales: Sequence[str]) -> None:
        """The device says which languages its user reads, best first; unless the reader
        picked one here, the first scorepad speaks leads (English if none). A device that
        names none says nothing: the language stays."""
        if self.chosen or not locales:
            return
        self._become(language_for_locales(locales))

    def restore(self, code: str) -> None:
        """A choice kept on this device at an earlier visit (a code no longer known, from an
        older or newer version, is let go: the device's language leads)."""
        if self.chosen:
            return
        try:
            language = find_language(code)
        except UnknownLanguageError as problem:
            log.info("the language kept on this device is not known: %s", problem)
            return
        self.chosen = True
        self._become(language)

    def choose(self, code: str) -> None:
        """The reader picks a language: shown at once, and kept on this device."""
        language = find_language(code)
        self.chosen = True
        try:
            self.keep(language.code)
        except Exception:  # a comfort: never let keeping it spoil the switch
            log.exception("could not keep the language chosen")
        self._become(language, always=True)

    def _become(self, language: Language, *, always: bool = False) -> None:
        if language == self.language and not always:
            return
        self.language = language
        self._changed()
