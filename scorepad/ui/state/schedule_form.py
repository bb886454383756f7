"""The house-rules form's schedule: a list of hand sizes as typed, or a shape said in words.

A table says how its evening goes ("down from ten and back up", "up to as many as the deck
allows") more often than it lists hands, so the form offers both. The fields are the form's
own (``schedule_kind``, ``shape_largest`` and the rest); this module turns them into the
variant's ``hand_sizes`` or ``schedule_shape`` and says, in a player's words, what is wrong.
"""

from __future__ import annotations

import re
from typing import Any

from scorepad.engine import (
    DECK_SIZE,
    ScheduleShape,
    ShapeKind,
    SizeSteps,
    Variant,
    VariantSettingError,
    compress_sizes,
    parse_sizes,
)
from scorepad.i18n import N_, say, tr, tr_n

LARGEST_HAND = DECK_SIZE // 2
"""The most cards a hand can hold: two players share the deck."""

LIST = "list"
"""The ``schedule_kind`` of a schedule listed hand by hand."""

SCHEDULE_KIND_WORDS = {
    # TRANSLATORS: a house rule's schedule: the hands typed one by one
    LIST: N_("a list of hand sizes"),
    # TRANSLATORS: a house rule's schedule: from the largest hand down to 1 card
    ShapeKind.DOWN.value: N_("down"),
    # TRANSLATORS: a house rule's schedule: from 1 card up to the largest hand
    ShapeKind.UP.value: N_("up"),
    # TRANSLATORS: a house rule's schedule: down to 1 card and back up
    ShapeKind.DOWN_UP.value: N_("down and back up"),
    # TRANSLATORS: a house rule's schedule: up to the largest hand and back down
    ShapeKind.UP_DOWN.value: N_("up and back down"),
}
STEPS_WORDS = {
    # TRANSLATORS: which hand sizes a schedule plays: every one
    SizeSteps.EVERY.value: N_("every hand size"),
    # TRANSLATORS: which hand sizes a schedule plays: 1, 3, 5…
    SizeSteps.ODD.value: N_("odd sizes only"),
    # TRANSLATORS: which hand sizes a schedule plays: 2, 4, 6…
    SizeSteps.EVEN.value: N_("even sizes only"),
}
SHAPE_TEXTS = ("shape_largest", "shape_smallest")
"""The shape's numbers, typed as text (the largest left empty: as many as the deck allows)."""


def schedule_fields(variant: Variant) -> tuple[dict[str, Any], dict[str, str]]:
    """The form's schedule values and texts for ``variant`` (a list keeps the shape's fields
    at their defaults, ready if the table switches)."""
    shape = variant.schedule_shape
    if shape is None:
        values: dict[str, Any] = {
            "schedule_kind": LIST,
            "shape_largest_twice": False,
            "shape_steps": SizeSteps.EVERY.value,
        }
        return values, {"shape_largest": "", "shape_smallest": "1"}
    values = {
        "schedule_kind": shape.kind.value,
        "shape_largest_twice": shape.largest_twice,
        "shape_steps": shape.steps.value,
    }
    largest = "" if shape.largest is None else str(shape.largest)
    return values, {"shape_largest": largest, "shape_smallest": str(shape.smallest)}


def schedule_settings(
    values: dict[str, Any], texts: dict[str, str], errors: dict[str, str]
) -> dict[str, Any]:
    """The variant's schedule settings from the form's fields; each field's problem goes into
    ``errors`` under its own name (the settings are then not to be used).

    >>> errors: dict[str, str] = {}
    >>> schedule_settings({"schedule_kind": "down_up", "shape_steps": "odd"},
    ...     {"shape_largest": "", "shape_smallest": "1"}, errors)["schedule_shape"]
    {'kind': 'down_up', 'largest': None, 'smallest': 1, 'largest_twice': False, 'steps': 'odd'}
    >>> schedule_settings({"schedule_kind": "up"}, {"shape_largest": "99"}, errors)
    {'hand_sizes': (), 'schedule_shape': None}
    >>> errors
    {'shape_largest': 'a hand holds at most 26 cards (two players share the 52)'}
    """
    kind = str(values.get("schedule_kind", LIST))
    if kind == LIST:
        text = texts.get("hand_sizes", "")
        if problem := sizes_problem(text):
            errors["hand_sizes"] = problem
            return {"hand_sizes": (), "schedule_shape": None}
        return {"hand_sizes": parse_sizes(text), "schedule_shape": None}
    largest = _hand(texts.get("shape_largest", ""), "shape_largest", errors, empty_ok=True)
    smallest = _hand(texts.get("shape_smallest", "1"), "shape_smallest", errors, empty_ok=False)
    if "shape_largest" in errors or "shape_smallest" in errors:
        return {"hand_sizes": (), "schedule_shape": None}
    if largest is not None and smallest is not None and smallest > largest:
        errors["shape_smallest"] = tr("the smallest hand is larger than the largest")
        return {"hand_sizes": (), "schedule_shape": None}
    shape = ScheduleShape(
        kind=ShapeKind(kind),
        largest=largest,
        smallest=smallest or 1,
        largest_twice=bool(values.get("shape_largest_twice")),
        steps=SizeSteps(values.get("shape_steps", SizeSteps.EVERY.value)),
    )
    return {"hand_sizes": (), "schedule_shape": shape.model_dump(mode="json")}


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
        return say(problem.reason)
    if not sizes:
        return tr("type the cards each round, like 10-1")
    if any(size < 1 for size in sizes):
        return tr("a round deals at least 1 card to each player")
    too_many = sorted({size for size in sizes if size > LARGEST_HAND})
    if too_many:
        return tr_n(
            "a hand holds at most {most} cards (two players share the {deck}): {sizes} is too many",
            "a hand holds at most {most} cards (two players share the {deck}): "
            "{sizes} are too many",
            len(too_many),
        ).format(most=LARGEST_HAND, deck=DECK_SIZE, sizes=compress_sizes(too_many))
    return None


def _hand(text: str, field: str, errors: dict[str, str], *, empty_ok: bool) -> int | None:
    typed = text.strip()
    if not typed and empty_ok:
        return None
    if not re.fullmatch(r"\d{1,3}", typed):
        errors[field] = tr("type a number of cards, like 10")
        return None
    size = int(typed)
    if size < 1:
        errors[field] = tr("a round deals at least 1 card to each player")
        return None
    if size > LARGEST_HAND:
        too_many = tr("a hand holds at most {most} cards (two players share the {deck})")
        errors[field] = too_many.format(most=LARGEST_HAND, deck=DECK_SIZE)
        return None
    return size
