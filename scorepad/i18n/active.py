"""Which language the text being made is in, and :func:`tr`, which translates into it.

Three places decide, the nearest first:

1. a :func:`use_language` block (a test, a render of one reader's screen);
2. the resolver the app registers (:func:`set_language_resolver`): the Flet views register
   one that answers with the language of the page whose event or render is running, so the
   state layer's messages come out in that reader's language without knowing Flet;
3. the process's default (:func:`set_default_language`): ``--lang``, else the system locale.
"""

from __future__ import annotations

import contextvars
import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from scorepad.i18n.catalogues import translations
from scorepad.i18n.languages import ENGLISH, Language

log = logging.getLogger("scorepad.i18n")

_CHOSEN: contextvars.ContextVar[Language | None] = contextvars.ContextVar(
    "scorepad_language", default=None
)


class _Process:
    """What the whole process says where nothing nearer does."""

    default: Language = ENGLISH
    resolver: Callable[[], Language | None] | None = None


def set_default_language(language: Language) -> None:
    """The language of everything not made for one reader (the CLI, a window of its own)."""
    _Process.default = language


def set_language_resolver(resolver: Callable[[], Language | None] | None) -> None:
    """Ask ``resolver`` for the reader's language where no :func:`use_language` says; it
    answers ``None`` when it does not know (no page is running), and the default applies."""
    _Process.resolver = resolver


def active_language() -> Language:
    chosen = _CHOSEN.get()
    if chosen is not None:
        return chosen
    if _Process.resolver is not None:
        try:
            resolved = _Process.resolver()
        except Exception as problem:  # a resolver's bug costs the reader's language, no more
            log.warning("could not tell the reader's language: %s", problem)
            resolved = None
        if resolved is not None:
            return resolved
    return _Process.default


@contextmanager
def use_language(language: Language) -> Iterator[Language]:
    """Make the text inside the block in ``language``."""
    token = _CHOSEN.set(language)
    try:
        yield language
    finally:
        _CHOSEN.reset(token)


def tr(text: str) -> str:
    """``text`` (the English, which is the message id) in the active language."""
    return translations(active_language().code).gettext(text)


def tr_in(context: str, text: str) -> str:
    """``text`` in the active language, as it reads in ``context``: for an English word that
    is two words elsewhere ("bid" the verb, and "bid" the head of a column, which is a noun in
    French and German), so each gets its own translation."""
    return translations(active_language().code).pgettext(context, text)


def tr_n(singular: str, plural: str, count: int) -> str:
    """The form of a counted sentence the active language uses for ``count`` (Polish has
    three); the English forms are the message id."""
    return translations(active_language().code).ngettext(singular, plural, count)


def N_(text: str) -> str:  # noqa: N802 (gettext's own name for the marker, which tools know)
    """Mark ``text`` for the catalogue without translating it now: for text kept in a constant
    made at import time, before any reader's language is known; ``tr(CONSTANT)`` translates
    it where it is shown."""
    return text
