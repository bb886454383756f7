"""Babel's locale data cut to the languages the app speaks, for the browser.

Babel's wheel carries CLDR data for some 1,000 locales: 30 MB unpacked, 10 MB to download,
which would be half the offline app's whole download for seven languages. The browser needs
only the data of each language with a catalogue (``scorepad/i18n/locales/<code>``), English
and CLDR's ``root`` that every locale inherits from; the wheel is rewritten without the rest
(and its RECORD with it), and gets its new sha256 in the bundle's lock like any rewritten one.
"""

from __future__ import annotations

import zipfile
from collections.abc import Iterable
from pathlib import Path

from scorepad.web_build.bytecode import rewrite_zip

LOCALE_DATA = "babel/locale-data/"
ALWAYS_KEPT = frozenset({"root", "en"})


def spoken_languages(locales_dir: Path) -> frozenset[str]:
    """The language codes with a catalogue in ``locales_dir``, English and ``root``."""
    codes = {path.parent.parent.name for path in locales_dir.glob("*/LC_MESSAGES/*.mo")}
    return frozenset(codes) | ALWAYS_KEPT


def slim_babel_wheel(wheel: Path, keep: Iterable[str]) -> int:
    """Drop every locale's data but ``keep``'s from Babel's ``wheel``; returns the bytes
    saved (0 when the wheel is not Babel's or holds nothing to drop)."""
    kept = {f"{LOCALE_DATA}{code}.dat" for code in keep}
    before = wheel.stat().st_size
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        dropped = {
            name
            for name in names
            if name.startswith(LOCALE_DATA) and name.endswith(".dat") and name not in kept
        }
        if not dropped:
            return 0
        record = next(name for name in names if name.endswith(".dist-info/RECORD"))
        lines = archive.read(record).decode("utf-8").splitlines()
    lines = [line for line in lines if line.split(",", 1)[0] not in dropped]
    rewrite_zip(
        wheel,
        {},
        replaced={record: ("\n".join(lines) + "\n").encode("utf-8")},
        dropped=dropped,
    )
    return before - wheel.stat().st_size
