"""The house-rules editor: a custom variant as form fields, checked by the engine as you type."""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass, field
from typing import Any

from scorepad.engine import (
    BidMode,
    TrumpRule,
    Variant,
    VariantSettingError,
    Winner,
    format_sizes,
    parse_sizes,
)

TRUMP_RULE_WORDS = {
    TrumpRule.EVERY_ROUND: "turned suit, every round",
    TrumpRule.NONE_WHEN_ALL_DEALT: "turned suit; none if all cards dealt",
    TrumpRule.NO_REPEAT: "turned suit; never twice running",
}
BID_MODE_WORDS = {
    BidMode.SIMULTANEOUS: "all at once (ready, set, go)",
    BidMode.SEQUENTIAL_FROM_LEFT: "one by one from the dealer's left",
    BidMode.SEQUENTIAL_FROM_RIGHT: "one by one from the dealer's right",
}
WINNER_WORDS = {Winner.HIGHEST: "highest total wins", Winner.LOWEST: "lowest total wins"}

NUMBER_FIELDS = (
    "min_players",
    "max_players",
    "made_bonus",
    "points_per_trick_made",
    "points_per_trick_missed",
    "made_zero_bonus",
    "stake_cents",
)


def _number_or_text(text: str) -> int | str:
    """Typed digits as a number; anything else (a number too long for Python to convert,
    thousands of digits) stays text, for the engine's check to refuse with its reason.

    >>> _number_or_text("-12"), _number_or_text("12x")
    (-12, '12x')
    >>> _number_or_text("9" * 5000) == "9" * 5000
    True
    """
    if re.fullmatch(r"-?\d+", text):
        with contextlib.suppress(ValueError):
            return int(text)
    return text


TEXT_FIELDS = ("name", "hand_sizes", *NUMBER_FIELDS)
"""The settings typed as text: each keeps its text exactly as typed (a field's text is the
device's, never rewritten by the app: see :mod:`scorepad.ui.views.typed`)."""


@dataclass
class RulesForm:
    """Editing one custom variant; ``replacing`` names the saved one being changed, if any."""

    values: dict[str, Any]
    replacing: str | None = None
    texts: dict[str, str] = field(default_factory=dict)
    """Each text field as typed (``TEXT_FIELDS``); ``values`` holds what they say."""
    errors: dict[str, str] = field(default_factory=dict)

    @classmethod
    def starting_from(cls, variant: Variant, *, replacing: str | None = None) -> RulesForm:
        values = variant.model_dump()
        if replacing is None:
            values["name"] = f"{variant.name} (house rules)"
        form = cls(values=values, replacing=replacing)
        form.texts = {setting: form._written(setting) for setting in TEXT_FIELDS}
        form.texts["hand_sizes"] = format_sizes(variant.hand_sizes)
        form.check()
        return form

    @property
    def sizes_text(self) -> str:
        return self.texts.get("hand_sizes", "")

    def text_of(self, setting: str) -> str:
        """A text field's text, as typed."""
        return self.texts.get(setting, "")

    def _written(self, setting: str) -> str:
        value = self.values.get(setting)
        return "" if value is None else str(value)

    def set(self, setting: str, value: Any) -> None:
        """Change one setting; text fields come in as typed text, kept as typed."""
        if setting in TEXT_FIELDS and isinstance(value, str):
            self.texts[setting] = value
            if setting in NUMBER_FIELDS:
                self.values[setting] = _number_or_text(value.strip())
            elif setting == "name":
                self.values[setting] = value
        else:
            self.values[setting] = value
            if setting in TEXT_FIELDS:  # a switch that shows or hides a number's field
                self.texts[setting] = self._written(setting)
        self.check()

    def check(self) -> Variant | None:
        """The variant if the settings are possible; else None, with ``errors`` saying why."""
        self.errors = {}
        try:
            sizes = parse_sizes(self.sizes_text)
            variant = Variant.parse({**self.values, "hand_sizes": sizes})
        except VariantSettingError as problem:
            self.errors[problem.setting.split(".")[0]] = problem.reason
            return None
        return variant
