"""The house-rules editor: a custom variant as form fields, checked by the engine as you type."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from scorepad.engine import BidMode, TrumpRule, Variant, VariantSettingError, Winner

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


def format_sizes(sizes: tuple[int, ...]) -> str:
    """Hand sizes as the editor shows them: runs written as ranges.

    >>> format_sizes((1, 2, 3, 3, 2, 1))
    '1-3, 3-1'
    >>> format_sizes((13, 12, 11, 2, 3))
    '13-11, 2-3'
    """
    runs: list[list[int]] = []
    for size in sizes:
        if (
            runs
            and abs(size - runs[-1][-1]) == 1
            and (len(runs[-1]) == 1 or size - runs[-1][-1] == runs[-1][-1] - runs[-1][-2])
        ):
            runs[-1].append(size)
        else:
            runs.append([size])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


def parse_sizes(text: str) -> tuple[int, ...]:
    """Read "10-1" or "1-9, 9-1" or "7 6 5" into hand sizes.

    >>> parse_sizes("13-11, 2-3")
    (13, 12, 11, 2, 3)
    >>> parse_sizes("ten")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    scorepad.engine.errors.VariantSettingError: hand_sizes: 'ten' is not a number or a range...
    """
    sizes: list[int] = []
    for token in re.split(r"[,\s]+", text.strip()):
        if not token:
            continue
        match = re.fullmatch(r"(\d+)(?:\s*(?:-|–|…|\.\.)\s*(\d+))?", token)
        if match is None:
            raise VariantSettingError(
                "hand_sizes", f"{token!r} is not a number or a range like 10-1"
            )
        start = int(match.group(1))
        end = int(match.group(2)) if match.group(2) else start
        step = 1 if end >= start else -1
        sizes.extend(range(start, end + step, step))
    return tuple(sizes)


@dataclass
class RulesForm:
    """Editing one custom variant; ``replacing`` names the saved one being changed, if any."""

    values: dict[str, Any]
    replacing: str | None = None
    sizes_text: str = ""
    errors: dict[str, str] = field(default_factory=dict)

    @classmethod
    def starting_from(cls, variant: Variant, *, replacing: str | None = None) -> RulesForm:
        values = variant.model_dump()
        if replacing is None:
            values["name"] = f"{variant.name} (house rules)"
        form = cls(values=values, replacing=replacing, sizes_text=format_sizes(variant.hand_sizes))
        form.check()
        return form

    def set(self, setting: str, value: Any) -> None:
        """Change one setting; numbers may come in as typed text."""
        if setting == "hand_sizes":
            self.sizes_text = str(value)
        elif setting in NUMBER_FIELDS and isinstance(value, str):
            text = value.strip()
            self.values[setting] = int(text) if re.fullmatch(r"-?\d+", text) else text
        else:
            self.values[setting] = value
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

    @property
    def variant(self) -> Variant | None:
        return self.check()
