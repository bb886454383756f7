"""Every language is complete, and its files are the ones ``tools/catalogues.py`` writes.

A sentence marked in the code but missing from a catalogue, left untranslated or fuzzy, or
translated with a placeholder lost or misspelt, would show a German table English or, worse,
a broken sentence: each is a failure here, named by language and message.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

import pytest
from babel.messages.catalog import Catalog

from scorepad.engine.message import placeholders
from tools.catalogues import (
    TEMPLATE,
    extract,
    mo_bytes,
    mo_path,
    offered_codes,
    po_path,
    po_text,
    read_catalog,
    translated_codes,
)

CODES = translated_codes()
OFFERED = offered_codes()
"""Complete catalogues only: a language still in translation is checked as far as it goes."""


@cache
def template() -> Catalog:
    return extract()


@cache
def catalogue(code: str) -> Catalog:
    return read_catalog(po_path(code), code)


def ids(catalog: Catalog) -> set[str]:
    return {message_key(message.id) for message in catalog if message.id}


def message_key(message_id: str | Sequence[str]) -> str:
    return message_id if isinstance(message_id, str) else message_id[0]


def forms_of(translation: str | Sequence[str] | None) -> list[str]:
    if translation is None:
        return []
    return [translation] if isinstance(translation, str) else list(translation)


def test_the_template_is_what_the_code_marks() -> None:
    assert TEMPLATE.read_bytes() == po_text(template()), (
        "the code's sentences changed: run `uv run python -m tools.catalogues`"
    )


@pytest.mark.parametrize("code", CODES)
def test_each_catalogue_has_every_sentence_of_the_code_and_no_other(code: str) -> None:
    missing = ids(template()) - ids(catalogue(code))
    stale = ids(catalogue(code)) - ids(template())
    assert not missing, f"{code}: not in the catalogue: {sorted(missing)[:10]}"
    assert not stale, f"{code}: no longer in the code: {sorted(stale)[:10]}"


@pytest.mark.parametrize("code", OFFERED)
def test_each_catalogue_is_translated_in_full_and_nothing_is_fuzzy(code: str) -> None:
    untranslated = [
        message.id
        for message in catalogue(code)
        if message.id
        and (
            not message.string or (not isinstance(message.string, str) and not all(message.string))
        )
    ]
    fuzzy = [message.id for message in catalogue(code) if message.id and message.fuzzy]
    assert not untranslated, f"{code}: {len(untranslated)} untranslated: {untranslated[:10]}"
    assert not fuzzy, f"{code}: {len(fuzzy)} fuzzy: {fuzzy[:10]}"


@pytest.mark.parametrize("code", CODES)
def test_each_translation_keeps_the_placeholders_of_its_sentence(code: str) -> None:
    broken = []
    for message in catalogue(code):
        if not message.id:
            continue
        sources = [message.id] if isinstance(message.id, str) else list(message.id)
        wanted = set().union(*(set(placeholders(source)) for source in sources))
        forms = forms_of(message.string)
        for form in forms:
            try:
                found = set(placeholders(form))
            except ValueError as problem:
                broken.append(f"{form!r}: {problem}")
                continue
            if form and found != wanted:  # an empty form: untranslated (tested above)
                broken.append(f"{message_key(message.id)!r} -> {form!r}")
    assert not broken, f"{code}: placeholders differ: {broken[:10]}"


PERCENT_PLACEHOLDER = re.compile(r"%(?:\([a-z_]+\))?[sdr]")
"""argparse's own placeholders (``%s``, ``%(value)r``), in the few sentences it writes."""


@pytest.mark.parametrize("code", CODES)
def test_each_translation_keeps_argparses_placeholders_too(code: str) -> None:
    """argparse fills its sentences with ``%``: one lost would break the error it writes."""
    catalog = catalogue(code)
    percent = [message for message in catalog if message.id and "python-format" in message.flags]
    assert any(
        message.id == "invalid choice: %(value)r (choose from %(choices)s)" for message in percent
    )
    broken = [
        f"{message.id!r} -> {form!r}"
        for message in percent
        for form in forms_of(message.string)
        if form
        and sorted(PERCENT_PLACEHOLDER.findall(form))
        != sorted(PERCENT_PLACEHOLDER.findall(message_key(message.id)))
    ]
    assert not broken, f"{code}: argparse's placeholders differ: {broken[:10]}"


@pytest.mark.parametrize("code", CODES)
def test_each_plural_has_the_forms_its_language_needs(code: str) -> None:
    catalog = catalogue(code)
    short = [
        message.id
        for message in catalog
        if message.id
        and not isinstance(message.id, str)
        and len(forms_of(message.string)) != catalog.num_plurals
        and any(forms_of(message.string))
    ]
    assert not short, f"{code} needs {catalog.num_plurals} forms: {short[:10]}"


@pytest.mark.parametrize("code", CODES)
def test_each_compiled_catalogue_is_its_po_file_compiled(code: str) -> None:
    assert mo_path(code).read_bytes() == mo_bytes(catalogue(code)), (
        f"{code}: the .mo is stale: run `uv run python -m tools.catalogues`"
    )
