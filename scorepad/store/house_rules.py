"""The house rules: custom variants saved under their own names in the catalogue."""

from __future__ import annotations

from scorepad.engine import PRESETS, Variant
from scorepad.i18n import tr
from scorepad.store.catalogue import Catalogue
from scorepad.store.errors import RosterError, VariantNotFoundError
from scorepad.store.locking import StoreLock
from scorepad.store.models import SavedVariant, now


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
