"""The house-rules editor: a custom variant as form fields, checked by the engine as you type."""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass, field
from typing import Any

from scorepad.engine import (
    DECK_SIZE,
    MAX_STAKE_CENTS,
    PRESETS,
    BidMode,
    TrumpRule,
    Variant,
    VariantSettingError,
    Winner,
    compress_sizes,
    format_sizes,
    parse_sizes,
    quoted,
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


TEXT_FIELDS = ("name", "hand_sizes", *NUMBER_FIELDS)
"""The settings typed as text: each keeps its text exactly as typed (a field's text is the
device's, never rewritten by the app: see :mod:`scorepad.ui.views.typed`)."""

LABELS = {
    "name": "Name",
    "hand_sizes": "Cards per player",
    "min_players": "Fewest players",
    "max_players": "Most players",
    "trump_rule": "Trump",
    "bid_mode": "Bidding",
    "dealer_hook": "Hook",
    "made_bonus": "Bonus for a made bid",
    "points_per_trick_made": "Per trick, bid made",
    "points_per_trick_missed": "Per trick, bid missed",
    "made_zero_bonus": "Bonus on a made zero",
    "winner": "Winner",
    "stake_cents": "Stake per set",
}
"""Each setting as the form labels it: every message names a setting this way."""

NUMBER_RANGES = {
    "min_players": (2, DECK_SIZE - 1),
    "max_players": (2, DECK_SIZE - 1),
    "made_bonus": (-1000, 1000),
    "points_per_trick_made": (-1000, 1000),
    "points_per_trick_missed": (-1000, 1000),
    "made_zero_bonus": (-1000, 1000),
    "stake_cents": (0, MAX_STAKE_CENTS),
}
"""What each number may be (the engine's bounds on a variant), checked as typed so that
the form says it in its own words before the engine is asked."""

NAME_LONGEST = 60
LARGEST_HAND = DECK_SIZE // 2
"""The most cards a hand can hold: two players share the deck."""


def _number_or_text(text: str) -> int | str:
    """Typed digits as a number; anything else (a number too long for Python to convert,
    thousands of digits) stays text, for the check to refuse with its reason.

    >>> _number_or_text("-12"), _number_or_text("12x")
    (-12, '12x')
    >>> _number_or_text("9" * 5000) == "9" * 5000
    True
    """
    if re.fullmatch(r"-?\d+", text):
        with contextlib.suppress(ValueError):
            return int(text)
    return text


def number_problem(setting: str, value: object) -> str | None:
    """Why ``value`` cannot be the number ``setting`` asks for, in a player's words.

    >>> number_problem("min_players", -1)
    'at least 2 players'
    >>> number_problem("stake_cents", "ten")
    "'ten' is not a whole number of cents"
    >>> number_problem("made_bonus", "")
    'type a number'
    """
    low, high = NUMBER_RANGES[setting]
    unit = {"min_players": "players", "max_players": "players", "stake_cents": "cents"}.get(
        setting, "points"
    )
    if isinstance(value, str) and re.fullmatch(r"-?\d+", value.strip()):
        value = low - 1 if value.strip().startswith("-") else high + 1  # too many digits
    if isinstance(value, str):
        if not value.strip():
            return "type a number"
        return f"{quoted(value, limit=12)} is not a whole number of {unit}"
    if not isinstance(value, int):
        return f"type a whole number of {unit}"
    if not low <= value <= high:
        return f"at least {low} {unit}" if value < low else f"at most {high} {unit}"
    return None


def sizes_problem(text: str) -> str | None:
    """Why the cards per round as typed cannot be dealt, in a player's words.

    >>> sizes_problem("1-30")
    'a hand holds at most 26 cards (two players share the 52): 27…30 are too many'
    >>> sizes_problem("")
    'type the cards each round, like 10-1'
    """
    try:
        sizes = parse_sizes(text)
    except VariantSettingError as problem:
        return problem.reason
    if not sizes:
        return "type the cards each round, like 10-1"
    if any(size < 1 for size in sizes):
        return "a round deals at least 1 card to each player"
    too_many = sorted({size for size in sizes if size > LARGEST_HAND})
    if too_many:
        shown = compress_sizes(too_many)
        verb = "is" if len(too_many) == 1 else "are"
        return (
            f"a hand holds at most {LARGEST_HAND} cards (two players share the {DECK_SIZE}): "
            f"{shown} {verb} too many"
        )
    return None


def in_form_words(reason: str) -> str:
    """An engine's reason with each setting's name written as the form labels it.

    >>> in_form_words("9 is more than max_players (8)")
    '9 is more than Most players (8)'
    """
    for setting, label in LABELS.items():
        reason = re.sub(rf"\b{setting}\b", label, reason)
    return reason


@dataclass
class RulesForm:
    """Editing one custom variant; ``replacing`` names the saved one being changed, if any."""

    values: dict[str, Any]
    replacing: str | None = None
    texts: dict[str, str] = field(default_factory=dict)
    """Each text field as typed (``TEXT_FIELDS``); ``values`` holds what they say."""
    errors: dict[str, str] = field(default_factory=dict)
    """Each setting's problem, in a player's words (the field shows it)."""
    taken_names: dict[str, str] = field(default_factory=dict)
    """The names other variants have (presets and saved house rules but the one being
    replaced), by casefolded name: the name field says at once that one is taken."""
    started_from: dict[str, Any] = field(default_factory=dict)
    """The settings and texts as the form opened: what leaving would throw away."""

    @classmethod
    def starting_from(
        cls,
        variant: Variant,
        *,
        replacing: str | None = None,
        taken: dict[str, str] | None = None,
    ) -> RulesForm:
        values = variant.model_dump()
        if replacing is None:
            values["name"] = f"{variant.name} (house rules)"
        form = cls(values=values, replacing=replacing, taken_names=dict(taken or {}))
        form.texts = {setting: form._written(setting) for setting in TEXT_FIELDS}
        form.texts["hand_sizes"] = format_sizes(variant.hand_sizes)
        form.started_from = form._as_typed()
        form.check()
        return form

    @property
    def changed(self) -> bool:
        """Whether anything was changed since the form opened (or was last saved)."""
        return self._as_typed() != self.started_from

    def saved(self) -> None:
        """The form was saved: what it holds now is kept, so leaving loses nothing."""
        self.started_from = self._as_typed()

    def _as_typed(self) -> dict[str, Any]:
        return {"values": dict(self.values), "texts": dict(self.texts)}

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

    @property
    def problems(self) -> list[str]:
        """Every problem, each naming its setting as the form labels it."""
        return [
            f"{LABELS.get(setting, setting)}: {reason}" for setting, reason in self.errors.items()
        ]

    def check(self) -> Variant | None:
        """The variant if the settings are possible; else None, with ``errors`` saying why,
        in the form's words: each field's own problem first, then how the settings fit."""
        self.errors = {}
        name = str(self.values.get("name", "")).strip()
        if name_problem := self._name_problem(name):
            self.errors["name"] = name_problem
        if sizes := sizes_problem(self.sizes_text):
            self.errors["hand_sizes"] = sizes
        for setting in NUMBER_FIELDS:
            value = self.values.get(setting)
            if value is None and setting in ("made_zero_bonus", "stake_cents"):
                continue  # switched off
            if number := number_problem(setting, value):
                self.errors[setting] = number
        if self.errors:
            return None
        try:
            return Variant.parse({**self.values, "hand_sizes": parse_sizes(self.sizes_text)})
        except VariantSettingError as problem:
            self.errors[problem.setting.split(".")[0]] = in_form_words(problem.reason)
            return None

    def _name_problem(self, name: str) -> str | None:
        if not name:
            return "give the house rules a name"
        if len(name) > NAME_LONGEST:
            return f"at most {NAME_LONGEST} characters (this one has {len(name)})"
        taken = self.taken_names.get(name.casefold())
        if taken is not None:
            if taken in PRESET_NAMES:
                return f"{taken} is a preset's name: give your house rules their own"
            return f"there are house rules called {taken} already: pick another name"
        return None


PRESET_NAMES = frozenset(variant.name for variant in PRESETS.values())
