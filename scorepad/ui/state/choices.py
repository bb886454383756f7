"""The variants a new game or the house-rules editor can start from, and their typed keys.

A choice is a preset, house rules saved in the store, or (for "play again") the rules a game
was played with when they are no longer saved. Its key is a :class:`ChoiceKey`, not a string
with a prefix: the text form (``preset:golf``) exists only for the views' identifiers, which
browser tests find controls by. No Flet here.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from scorepad.engine import DOLLAR, PRESETS, SHEETS, Variant, variant_in_words
from scorepad.i18n import say, tr
from scorepad.ui.state.errors import ActionRefused


class ChoiceKind(StrEnum):
    PRESET = "preset"
    """One of the rule sheets' variants (:data:`scorepad.engine.PRESETS`), by its key."""
    SAVED = "saved"
    """House rules saved in the store, by name."""
    GAME = "game"
    """The rules of an earlier game, no longer saved (offered by "play again" only)."""


@dataclass(frozen=True)
class ChoiceKey:
    """Which variant a choice is: its kind and its preset key or name.

    >>> key = ChoiceKey.parse("saved:Odd Golf")
    >>> key.kind is ChoiceKind.SAVED, key.name, str(key)
    (True, 'Odd Golf', 'saved:Odd Golf')
    >>> str(ChoiceKey.preset("golf"))
    'preset:golf'
    >>> ChoiceKey.parse("golf")
    Traceback (most recent call last):
    ...
    scorepad.ui.state.errors.ActionRefused: unknown variant 'golf'
    """

    kind: ChoiceKind
    name: str

    @classmethod
    def preset(cls, key: str) -> ChoiceKey:
        return cls(ChoiceKind.PRESET, key)

    @classmethod
    def saved(cls, name: str) -> ChoiceKey:
        return cls(ChoiceKind.SAVED, name)

    @classmethod
    def parse(cls, text: str) -> ChoiceKey:
        """The key written as ``kind:name`` (the views' identifiers use that text)."""
        kind, sep, name = text.partition(":")
        if not sep or kind not in ChoiceKind.__members__.values():
            raise ActionRefused(tr("unknown variant {variant}").format(variant=repr(text)))
        return cls(ChoiceKind(kind), name)

    def __str__(self) -> str:
        return f"{self.kind}:{self.name}"


DEFAULT_CHOICE = ChoiceKey.preset("mormon-bridge")
"""The variant a new game form starts on."""


@dataclass(frozen=True)
class VariantChoice:
    key: ChoiceKey
    variant: Variant

    @property
    def label(self) -> str:
        return self.variant.name

    @property
    def saved(self) -> bool:
        """House rules kept in the store (they can be edited and deleted)."""
        return self.key.kind is ChoiceKind.SAVED

    @property
    def family(self) -> bool:
        """One of the family's presets beyond the three rule sheets (Nomination Whist...)."""
        return self.key.kind is ChoiceKind.PRESET and self.key.name not in SHEETS

    def description(self, symbol: str = DOLLAR) -> str:
        """What the variant is like, worked out from its settings (never a copied text), in
        the reader's language."""
        return say(variant_in_words(self.variant, symbol))


def preset_choices() -> list[VariantChoice]:
    return [VariantChoice(ChoiceKey.preset(key), variant) for key, variant in PRESETS.items()]


def find_choice(choices: list[VariantChoice], key: ChoiceKey) -> VariantChoice:
    """The choice with ``key``; refused (with the key quoted) when there is none."""
    choice = next((c for c in choices if c.key == key), None)
    if choice is None:
        raise ActionRefused(tr("unknown variant {variant}").format(variant=repr(str(key))))
    return choice
