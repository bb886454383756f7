"""The house-rules editor: a custom variant as form fields, checked by the engine as you type."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from scorepad.engine import (
    DECK_SIZE,
    EXAMPLE_PLAYERS,
    MAX_STAKE_CENTS,
    PRESETS,
    BidMode,
    Suit,
    TrumpRule,
    Variant,
    VariantSettingError,
    Winner,
    format_sizes,
    parse_rotation,
    quoted,
    rotation_words,
    rule_sentences,
    worked_examples,
)
from scorepad.i18n import N_, number, say, tr, tr_n
from scorepad.ui.state.schedule_form import (
    SHAPE_TEXTS,
    schedule_fields,
    schedule_settings,
)

# The choices of the form's drop-downs, in English (marked for the catalogue: ``tr(words)``
# where they are shown).
TRUMP_RULE_WORDS = {
    # TRANSLATORS: a house rule's choice of trump
    TrumpRule.EVERY_ROUND: N_("turned suit, every round"),
    # TRANSLATORS: a house rule's choice of trump
    TrumpRule.NONE_WHEN_ALL_DEALT: N_("turned suit; none if all cards dealt"),
    # TRANSLATORS: a house rule's choice of trump
    TrumpRule.NO_REPEAT: N_("turned suit; never twice running"),
    # TRANSLATORS: a house rule's choice of trump: suits in a fixed order, no card turned
    TrumpRule.ROTATION: N_("suits in turn (no card turned)"),
    # TRANSLATORS: a house rule's choice of trump: never any trump
    TrumpRule.NONE: N_("no trump, ever"),
}
BID_MODE_WORDS = {
    # TRANSLATORS: a house rule's choice of how the players bid
    BidMode.SIMULTANEOUS: N_("all at once (ready, set, go)"),
    # TRANSLATORS: a house rule's choice of how the players bid
    BidMode.SEQUENTIAL_FROM_LEFT: N_("one by one from the dealer's left"),
    # TRANSLATORS: a house rule's choice of how the players bid
    BidMode.SEQUENTIAL_FROM_RIGHT: N_("one by one from the dealer's right"),
}
WINNER_WORDS = {
    # TRANSLATORS: a house rule's choice of who wins
    Winner.HIGHEST: N_("highest total wins"),
    # TRANSLATORS: a house rule's choice of who wins
    Winner.LOWEST: N_("lowest total wins"),
}

POINT_FIELDS = (
    "made_bonus",
    "points_per_trick_made",
    "missed_points",
    "points_per_trick_missed",
    "points_per_trick_off",
    "points_per_trick_bid_missed",
    "made_zero_bonus",
    "made_zero_per_card",
    "missed_zero_points",
    "missed_zero_per_card",
)
"""The scoring's numbers, each a whole number of points (the variant's ``Points``)."""

NUMBER_FIELDS = ("min_players", "max_players", "hook_from_cards", *POINT_FIELDS, "stake_cents")
SWITCHED_NUMBERS = ("made_zero_bonus", "missed_zero_points", "stake_cents")
"""The numbers a switch turns off (``None``): a zero that scores like any bid, no money."""


TEXT_FIELDS = ("name", "hand_sizes", "trump_rotation", *SHAPE_TEXTS, *NUMBER_FIELDS)
"""The settings typed as text: each keeps its text exactly as typed (a field's text is the
device's, never rewritten by the app: see :mod:`scorepad.ui.views.typed`)."""

LABELS = {
    # TRANSLATORS: the house rules' own name
    "name": N_("Name"),
    "hand_sizes": N_("Cards per player"),
    # TRANSLATORS: how the hand sizes go in a house rule's schedule (a list, down, up…)
    "schedule_kind": N_("Schedule"),
    "schedule_shape": N_("Schedule"),
    # TRANSLATORS: a schedule's largest hand, in cards (empty: as many as the deck allows)
    "shape_largest": N_("Largest hand"),
    "shape_smallest": N_("Smallest hand"),
    "min_players": N_("Fewest players"),
    "max_players": N_("Most players"),
    # TRANSLATORS: the house rule that says which suit is trump
    "trump_rule": N_("Trump"),
    # TRANSLATORS: the trumps in the order they come round, e.g. "♠ ♥ ♣ ♦ NT"
    "trump_rotation": N_("Trumps in turn"),
    # TRANSLATORS: the house rule that says how the players bid
    "bid_mode": N_("Bidding"),
    # TRANSLATORS: the dealer's hook: the dealer may not bid so that the bids add up to the tricks
    "dealer_hook": N_("Hook"),
    # TRANSLATORS: the hook holds only in hands of at least this many cards
    "hook_from_cards": N_("Hook from this many cards"),
    "hook_skips_first_round": N_("No hook in the first round"),
    "made_bonus": N_("Bonus for a made bid"),
    "points_per_trick_made": N_("Per trick, bid made"),
    # TRANSLATORS: a fixed number of points for a missed bid (negative: a loss)
    "missed_points": N_("Points for a missed bid"),
    "points_per_trick_missed": N_("Per trick taken, bid missed"),
    # TRANSLATORS: points per trick a missed bid was off by (negative: a loss)
    "points_per_trick_off": N_("Per trick off, bid missed"),
    "points_per_trick_bid_missed": N_("Per trick bid, bid missed"),
    "made_zero_bonus": N_("Bonus on a made zero"),
    "made_zero_per_card": N_("Per card dealt, zero made"),
    "missed_zero_points": N_("Points for a missed zero"),
    "missed_zero_per_card": N_("Per card dealt, zero missed"),
    # TRANSLATORS: the house rule that says which total wins
    "winner": N_("Winner"),
    "stake_cents": N_("Stake per set"),
}
"""Each setting as the form labels it: every message names a setting this way (in English,
marked for the catalogue: :func:`label_of` says it in the reader's language)."""

NUMBER_RANGES = {
    "min_players": (2, DECK_SIZE - 1),
    "max_players": (2, DECK_SIZE - 1),
    "hook_from_cards": (1, DECK_SIZE // 2),
    **dict.fromkeys(POINT_FIELDS, (-1000, 1000)),
    "stake_cents": (0, MAX_STAKE_CENTS),
}
"""What each number may be (the engine's bounds on a variant), checked as typed so that
the form says it in its own words before the engine is asked."""

NAME_LONGEST = 60


def label_of(setting: str) -> str:
    """The form's label of ``setting`` in the reader's language (the setting's own name when
    the form has no field for it).

    >>> label_of("max_players"), label_of("colour")
    ('Most players', 'colour')
    """
    label = LABELS.get(setting)
    return setting if label is None else tr(label)


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
    unit = _UNITS.get(setting, _POINTS)
    if isinstance(value, str) and re.fullmatch(r"-?\d+", value.strip()):
        value = low - 1 if value.strip().startswith("-") else high + 1  # too many digits
    if isinstance(value, str):
        if not value.strip():
            return tr("type a number")
        return _not_whole(unit, quoted(value, limit=12))
    if not isinstance(value, int):
        return _type_whole(unit)
    if not low <= value <= high:
        return _at_least(unit, low) if value < low else _at_most(unit, high)
    return None


_PLAYERS, _CENTS, _POINTS, _CARDS = "players", "cents", "points", "cards"
_UNITS = {
    "min_players": _PLAYERS,
    "max_players": _PLAYERS,
    "stake_cents": _CENTS,
    "hook_from_cards": _CARDS,
}
"""What each number counts (the rest count points)."""


def _not_whole(unit: str, typed: str) -> str:
    if unit == _PLAYERS:
        text = tr("{typed} is not a whole number of players")
    elif unit == _CENTS:
        text = tr("{typed} is not a whole number of cents")
    elif unit == _CARDS:
        text = tr("{typed} is not a whole number of cards")
    else:
        text = tr("{typed} is not a whole number of points")
    return text.format(typed=typed)


def _type_whole(unit: str) -> str:
    if unit == _PLAYERS:
        return tr("type a whole number of players")
    if unit == _CENTS:
        return tr("type a whole number of cents")
    if unit == _CARDS:
        return tr("type a whole number of cards")
    return tr("type a whole number of points")


def _at_least(unit: str, low: int) -> str:
    count = abs(low)
    if unit == _PLAYERS:
        text = tr_n("at least {count} player", "at least {count} players", count)
    elif unit == _CENTS:
        text = tr_n("at least {count} cent", "at least {count} cents", count)
    elif unit == _CARDS:
        text = tr_n("at least {count} card", "at least {count} cards", count)
    else:
        text = tr_n("at least {count} point", "at least {count} points", count)
    return text.format(count=number(low))


def _at_most(unit: str, high: int) -> str:
    count = abs(high)
    if unit == _PLAYERS:
        text = tr_n("at most {count} player", "at most {count} players", count)
    elif unit == _CENTS:
        text = tr_n("at most {count} cent", "at most {count} cents", count)
    elif unit == _CARDS:
        text = tr_n("at most {count} card", "at most {count} cards", count)
    else:
        text = tr_n("at most {count} point", "at most {count} points", count)
    return text.format(count=number(high))


def in_form_words(reason: str) -> str:
    """An engine's reason with each setting's name written as the form labels it.

    >>> in_form_words("9 is more than max_players (8)")
    '9 is more than Most players (8)'
    """
    text = say(reason)
    for setting in LABELS:
        label = label_of(setting).replace("\\", "\\\\")  # a backslash is no group reference
        text = re.sub(rf"\b{setting}\b", label, text)
    return text


FORM_ONLY = ("schedule_kind", "shape_largest_twice", "shape_steps")
"""The schedule's choices, the form's own: :func:`schedule_settings` makes the variant's."""


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
    checked: Variant | None = None
    """The variant the settings make, as the last :meth:`check` found it (``None``: they
    cannot be played, and ``errors`` says why): the screen reads it, never parses again."""

    @classmethod
    def starting_from(
        cls,
        variant: Variant,
        *,
        replacing: str | None = None,
        taken: dict[str, str] | None = None,
    ) -> RulesForm:
        values = variant.model_dump(exclude={"hand_sizes", "schedule_shape", "trump_rotation"})
        schedule_values, schedule_texts = schedule_fields(variant)
        values |= schedule_values
        if replacing is None:
            # TRANSLATORS: the name the house rules start with, copied from a variant
            values["name"] = tr("{variant} (house rules)").format(variant=variant.name)
        form = cls(values=values, replacing=replacing, taken_names=dict(taken or {}))
        form.texts = {setting: form._written(setting) for setting in TEXT_FIELDS}
        form.texts["hand_sizes"] = format_sizes(variant.hand_sizes)
        form.texts["trump_rotation"] = rotation_words(variant.trump_rotation)
        form.texts |= schedule_texts
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
            # TRANSLATORS: a setting of the house rules, then what is wrong with it
            tr("{setting}: {problem}").format(setting=label_of(setting), problem=say(reason))
            for setting, reason in self.errors.items()
        ]

    def check(self) -> Variant | None:
        """The variant if the settings are possible; else None, with ``errors`` saying why,
        in the form's words: each field's own problem first, then how the settings fit.
        Kept as :attr:`checked`."""
        self.checked = self._checked()
        return self.checked

    def _checked(self) -> Variant | None:
        self.errors = {}
        name = str(self.values.get("name", "")).strip()
        if name_problem := self._name_problem(name):
            self.errors["name"] = name_problem
        schedule = schedule_settings(self.values, self.texts, self.errors)
        for setting in NUMBER_FIELDS:
            value = self.values.get(setting)
            if value is None and setting in SWITCHED_NUMBERS:
                continue  # switched off
            if number := number_problem(setting, value):
                self.errors[setting] = number
        rotation: tuple[Suit | None, ...] = ()
        if self.values.get("trump_rule") == TrumpRule.ROTATION:
            try:
                rotation = parse_rotation(self.text_of("trump_rotation"))
            except VariantSettingError as problem:
                self.errors["trump_rotation"] = say(problem.reason)
        if self.errors:
            return None
        settings = {
            **{key: value for key, value in self.values.items() if key not in FORM_ONLY},
            **schedule,
            "trump_rotation": rotation,
        }
        try:
            return Variant.parse(settings)
        except VariantSettingError as problem:
            self.errors[problem.setting.split(".")[0]] = in_form_words(problem.reason)
            return None

    def preview(self, players: Sequence[str] = EXAMPLE_PLAYERS) -> tuple[str, ...]:
        """The rules as sentences and what they score in one hand, played by ``players``, in
        the reader's language; nothing while the settings cannot be played (the form says
        why).

        >>> from scorepad.engine import MORMON_BRIDGE
        >>> form = RulesForm.starting_from(MORMON_BRIDGE)
        >>> form.set("points_per_trick_missed", "0")
        >>> form.set("points_per_trick_off", "-5")
        >>> for line in form.preview(("Ann", "Bob", "Cat")):
        ...     print(line)
        A made bid scores 10 points plus 1 point per trick
        A missed bid loses 5 points per trick it was off by
        In a hand of 5 cards:
        Ann bids 3 and takes 3: 13
        Bob bids 3 and takes 1: -10
        Cat bids 0 and takes 2: -10
        >>> form.set("max_players", "1")
        >>> form.preview()
        ()
        """
        if self.checked is None:
            return ()
        lines = (*rule_sentences(self.checked), *worked_examples(self.checked, players))
        return tuple(say(line) for line in lines)

    def _name_problem(self, name: str) -> str | None:
        if not name:
            return tr("give the house rules a name")
        if len(name) > NAME_LONGEST:
            return tr("at most {most} characters (this one has {count})").format(
                most=NAME_LONGEST, count=len(name)
            )
        taken = self.taken_names.get(name.casefold())
        if taken is not None:
            if taken in PRESET_NAMES:
                return tr("{name} is a preset's name: give your house rules their own").format(
                    name=taken
                )
            return tr("there are house rules called {name} already: pick another name").format(
                name=taken
            )
        return None


PRESET_NAMES = frozenset(variant.name for variant in PRESETS.values())
