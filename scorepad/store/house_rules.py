"""The house rules: custom variants saved under their own names in the catalogue."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from scorepad.engine import PRESETS, SHEETS, Variant
from scorepad.i18n import tr
from scorepad.store.catalogue import Catalogue
from scorepad.store.errors import RosterError, VariantNotFoundError
from scorepad.store.locking import StoreLock
from scorepad.store.models import SavedVariant, now

NAME_LONGEST = 60
"""A variant's longest name (:class:`scorepad.engine.Variant`)."""


NEW_PRESET_NAMES = frozenset(
    variant.name.casefold() for key, variant in PRESETS.items() if key not in SHEETS
)
"""The presets that came with schema 9 (the family beyond the three sheets): house rules saved
before under one of their names are renamed, never lost nor refused."""


def name_off_the_presets(name: str, taken: Iterable[str]) -> str:
    """``name`` if no preset has it; else ``name (house rules)``, numbered when that is taken
    too, so a table's own rules saved before a preset of that name came keep working.

    >>> name_off_the_presets("Blackout", ["Blackout (house rules)"])
    'Blackout (house rules 2)'
    >>> name_off_the_presets("Dime Golf", [])
    'Dime Golf'
    """
    if name.casefold() not in NEW_PRESET_NAMES:
        return name
    used = {other.casefold() for other in taken}
    number = 1
    while True:
        suffix = " (house rules)" if number == 1 else f" (house rules {number})"
        renamed = f"{name[: NAME_LONGEST - len(suffix)]}{suffix}"
        if renamed.casefold() not in used:
            return renamed
        number += 1


def names_off_the_presets(names: Sequence[str]) -> list[str]:
    """``names`` with each one a preset new in schema 9 took renamed (see
    :func:`name_off_the_presets`), clear of the others and of each other.

    >>> names_off_the_presets(["Blackout", "Dime Golf", "Blackout (house rules)"])
    ['Blackout (house rules 2)', 'Dime Golf', 'Blackout (house rules)']
    """
    taken = list(names)
    renamed: list[str] = []
    for name in names:
        new_name = name_off_the_presets(name, taken)
        if new_name != name:
            taken.append(new_name)
        renamed.append(new_name)
    return renamed


def renamed_off_the_presets(house_rules: Sequence[SavedVariant]) -> tuple[SavedVariant, ...]:
    """The saved rules with each one named like a preset new in schema 9 renamed (see
    :func:`names_off_the_presets`)."""
    names = names_off_the_presets([saved.name for saved in house_rules])
    return tuple(
        saved
        if name == saved.name
        else saved.model_copy(update={"variant": saved.variant.model_copy(update={"name": name})})
        for saved, name in zip(house_rules, names, strict=True)
    )


class HouseRules:
    """The saved variants, each name taken once (in any case) and none a preset's: a game
    picks its rules by name, so two rules under one name could not be told apart."""

    def __init__(self, lock: StoreLock, catalogue: Catalogue) -> None:
        self._lock = lock
        self._catalogue = catalogue

    def saved_variants(self) -> list[SavedVariant]:
        with self._lock.held(write=False):
            saved = self._catalogue.house_rules()
        return sorted(saved, key=lambda v: v.name.casefold())

    def save_variant(self, variant: Variant, *, replacing: str | None = None) -> SavedVariant:
        """Save a custom variant under its name (``replacing`` names the one it updates)."""
        key = variant.name.casefold()
        if any(key == known.name.casefold() for known in PRESETS.values()):
            raise RosterError(
                tr("{name} is a preset's name; give the variant its own").format(
                    name=repr(variant.name)
                )
            )
        saved = SavedVariant(variant=variant, saved=now())
        with self._lock.held():
            replaced = None
            if replacing is not None:
                found = self._catalogue.house_rule_ids(replacing)
                if not found:
                    raise VariantNotFoundError(replacing)
                replaced = found[0]
            same_name = self._catalogue.house_rule_ids(variant.name, any_case=True)
            if any(doc_id != replaced for doc_id in same_name):
                raise RosterError(
                    tr("a saved variant is already called {name}").format(name=repr(variant.name))
                )
            self._catalogue.save_house_rule(saved, replaced)
        return saved

    def delete_variant(self, name: str) -> None:
        """Forget a saved variant; games played with it keep their own copy of its rules."""
        with self._lock.held():
            doc_ids = self._catalogue.house_rule_ids(name)
            if not doc_ids:
                raise VariantNotFoundError(name)
            self._catalogue.delete_house_rules(doc_ids)
