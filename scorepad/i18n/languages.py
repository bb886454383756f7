"""The languages scorepad speaks, and which of them a device asks for.

>>> find_language("en").name
'English'
>>> language_for_locales(["ja-JP", "en-GB"]).code
'en'
>>> primary_code("de_DE.UTF-8"), primary_code("iw"), primary_code("C")
('de', 'he', '')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Language:
    """One language of the app: its code (the catalogue's folder), and its own name for
    itself, which is how a reader who cannot read the current language finds theirs."""

    code: str
    name: str
    right_to_left: bool = False


ENGLISH = Language("en", "English")
ALL_LANGUAGES: tuple[Language, ...] = (
    ENGLISH,
    Language("de", "Deutsch"),
    Language("fr", "Français"),
    Language("es", "Español"),
    Language("nl", "Nederlands"),
    Language("pl", "Polski"),
    Language("he", "עברית", right_to_left=True),
)
"""Every language with a catalogue, English (the source) first."""

IN_TRANSLATION: frozenset[str] = frozenset()
"""Languages whose catalogue is still being translated: kept up to date with the code, their
translations checked as far as they go, but not offered to a reader until complete."""

LANGUAGES: tuple[Language, ...] = tuple(
    language for language in ALL_LANGUAGES if language.code not in IN_TRANSLATION
)
"""The languages a reader can pick (and a device is matched against): English first, the one
used when none of a device's fits."""

_BY_CODE = {language.code: language for language in LANGUAGES}
_OFFERED = _BY_CODE
_ALIASES = {"iw": "he"}
"""Old codes some systems still send (Java and older Android say "iw" for Hebrew)."""


class UnknownLanguageError(ValueError):
    """A language code scorepad has no catalogue for (``--lang xx``, a choice kept)."""

    def __init__(self, code: str) -> None:
        self.code = code
        known = ", ".join(language.code for language in LANGUAGES)
        super().__init__(f"no language {code!r}; scorepad speaks {known}")


def primary_code(tag: str) -> str:
    """The language part of a locale tag, in lower case: "de" for "de-CH", "de_DE.UTF-8" or
    "DE"; "" for nothing usable ("C", "POSIX", "")."""
    code = tag.strip().replace("_", "-").split(".", 1)[0].split("@", 1)[0].split("-", 1)[0]
    code = code.lower()
    if code in ("c", "posix") or not code.isascii() or not code.isalpha():
        return ""
    return _ALIASES.get(code, code)


def find_language(code: str) -> Language:
    """The language for ``code`` ("de", "de-AT", "pl_PL"), or :class:`UnknownLanguageError`
    (also for a language still in translation: it is not offered until it is complete)."""
    language = _BY_CODE.get(primary_code(code))
    if language is None:
        raise UnknownLanguageError(code)
    return language


SYSTEM_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Where a system says its language, in gettext's own order (``LANGUAGE`` may list several,
``de:en``)."""


def system_language(environ: Mapping[str, str]) -> Language:
    """The language of a terminal or a desktop session: the first of gettext's variables
    that is set, and the first scorepad speaks of what it names.

    >>> system_language({"LANG": "en_GB.UTF-8"}).code
    'en'
    >>> system_language({"LANGUAGE": "xx:en", "LANG": "C.UTF-8"}).code
    'en'
    >>> system_language({}).code
    'en'
    """
    for variable in SYSTEM_VARIABLES:
        value = environ.get(variable, "")
        if value:
            return language_for_locales(value.split(":"))
    return ENGLISH


def language_for_locales(locales: Iterable[str]) -> Language:
    """The first of a device's locales, in its order of preference, that scorepad speaks;
    English when it speaks none of them."""
    for tag in locales:
        language = _OFFERED.get(primary_code(tag))
        if language is not None:
            return language
    return ENGLISH
