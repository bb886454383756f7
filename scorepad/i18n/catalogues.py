"""The compiled catalogues (``locales/<code>/LC_MESSAGES/scorepad.mo``), loaded once each.

The ``.po`` files are the source (translators edit them); their ``.mo`` files are committed
beside them so the app, the CLI and the offline bundle read them with the standard library's
gettext alone. ``tests/i18n`` checks each ``.mo`` is the compilation of its ``.po``.
"""

from __future__ import annotations

import gettext
from functools import cache
from pathlib import Path

DOMAIN = "scorepad"
LOCALE_DIR = Path(__file__).parent / "locales"


@cache
def translations(code: str) -> gettext.NullTranslations:
    """The catalogue of the language ``code``; English (and any language without a catalogue)
    is the source text itself."""
    if code == "en":
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, [code], fallback=True)
