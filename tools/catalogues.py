"""Keep the message catalogues in step with the code: ``uv run python -m tools.catalogues``.

1. extract every marked sentence from ``scorepad/`` (``tr``, ``tr_n``, ``tr_in``, ``N_`` and
   the engine's ``Message``) into ``scorepad/i18n/locales/scorepad.pot``;
2. update each language's ``.po`` from it (new sentences come in untranslated, sentences gone
   from the code are dropped, a changed one is matched and marked fuzzy for review);
3. compile each ``.po`` to its ``.mo``, which the app reads.

``python -m tools.catalogues de fr`` does it for those languages only; ``--compile de``
compiles German's ``.po`` and nothing else.

All of it is Babel's own machinery; ``tests/i18n`` fails until a translator has filled in every
new sentence (no empty and no fuzzy entries) and the files are the ones this writes.
"""

from __future__ import annotations

import datetime
import io
import sys
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from scorepad.i18n.catalogues import DOMAIN, LOCALE_DIR
from scorepad.i18n.languages import ALL_LANGUAGES, IN_TRANSLATION

SOURCE_DIR = Path(__file__).resolve().parent.parent / "scorepad"
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
KEYWORDS: dict[str, tuple[int | tuple[int, str], ...] | None] = {
    "tr": None,
    "tr_n": (1, 2),
    "tr_in": ((1, "c"), 2),
    "N_": None,
}
"""The calls whose first (and for ``tr_n`` second) argument is a sentence to translate;
``tr_in``'s first is the context the sentence reads in, its second the sentence."""
ENGINE_KEYWORDS = {**KEYWORDS, "Message": None}
"""In the engine, whose sentences are :class:`~scorepad.engine.message.Message` s, that too
(only there: the app's state has a ``Message`` of its own, a notice, which is not one)."""
COMMENT_TAG = "TRANSLATORS:"
LINE_WIDTH = 100
STABLE_DATE = datetime.datetime(2026, 12, 1, tzinfo=datetime.UTC)
"""The date in every header: a real one would change each file on every run."""
TEAM = "scorepad translators"


def po_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(code: str) -> Path:
    return po_path(code).with_suffix(".mo")


def translated_codes() -> list[str]:
    """Every language with a catalogue: all but English, the source."""
    return [language.code for language in ALL_LANGUAGES if language.code != "en"]


def offered_codes() -> list[str]:
    """The catalogues a reader is offered, which must be complete."""
    return [code for code in translated_codes() if code not in IN_TRANSLATION]


def extract() -> Catalog:
    """Every marked sentence in the code, with where it is and its translator's comments."""
    template = Catalog(project="scorepad", domain=DOMAIN, fuzzy=False, creation_date=STABLE_DATE)
    passes = (
        ("engine", [("**.py", "python")], ENGINE_KEYWORDS),
        ("", [("engine/**.py", "ignore"), ("**.py", "python")], KEYWORDS),
    )
    for folder, method_map, keywords in passes:
        found = extract_from_dir(
            SOURCE_DIR / folder,
            method_map=method_map,
            keywords=keywords,
            comment_tags=(COMMENT_TAG,),
            strip_comment_tags=True,
        )
        for filename, lineno, message, comments, context in found:
            location = (Path("scorepad") / folder / filename).as_posix()
            template.add(
                message, None, [(location, lineno)], auto_comments=comments, context=context
            )
    return template


def po_text(catalog: Catalog) -> bytes:
    """A catalogue as the ``.po`` (or ``.pot``) file this tool writes: sorted, no line
    numbers (so moving code does not churn every catalogue), wrapped at 100."""
    out = io.BytesIO()
    write_po(
        out,
        catalog,
        width=LINE_WIDTH,
        sort_output=True,
        include_lineno=False,
        ignore_obsolete=True,
        omit_header=False,
    )
    return out.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def read_catalog(path: Path, code: str | None = None) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=code, domain=DOMAIN)


def updated(code: str, template: Catalog) -> Catalog:
    """The language's catalogue brought up to ``template`` (a new one if it has none)."""
    path = po_path(code)
    if path.exists():
        catalog = read_catalog(path, code)
    else:
        catalog = Catalog(locale=code, domain=DOMAIN, project="scorepad")
    catalog.update(template, update_header_comment=False)
    catalog.obsolete.clear()
    catalog.fuzzy = False
    catalog.creation_date = STABLE_DATE
    catalog.revision_date = STABLE_DATE
    catalog.last_translator = TEAM
    catalog.language_team = TEAM
    catalog.version = "0.1.0"
    return catalog


def write_if_changed(path: Path, data: bytes) -> bool:
    if path.exists() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def main(codes: Iterable[str] | None = None) -> None:
    template = extract()
    write_if_changed(TEMPLATE, po_text(template))
    print(f"sentences: {len(template)} in {TEMPLATE.relative_to(SOURCE_DIR.parent)}")
    for code in codes or translated_codes():
        catalog = updated(code, template)
        write_if_changed(po_path(code), po_text(catalog))
        write_if_changed(mo_path(code), mo_bytes(read_catalog(po_path(code), code)))
        missing = sum(1 for message in catalog if message.id and not message.string)
        fuzzy = sum(1 for message in catalog if message.id and message.fuzzy)
        print(f"{code}: {len(catalog)}, of which untranslated {missing}, fuzzy {fuzzy}")


def compile_only(codes: Iterable[str]) -> None:
    """Compile the named languages' ``.po`` files and touch nothing else (a translator's check
    while other languages are being edited)."""
    for code in codes:
        write_if_changed(mo_path(code), mo_bytes(read_catalog(po_path(code), code)))
        print(f"{code}: compiled")


if __name__ == "__main__":
    arguments = sys.argv[1:]
    if arguments[:1] == ["--compile"]:
        compile_only(arguments[1:])
    else:
        main(arguments or None)
