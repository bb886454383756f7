"""The three variants of the rule sheets, as docs/rules.md (the team's rulings) reads them, and
the family's best-known members as their sources describe them (docs/rules.md, "The family's
presets", cites each), for a table to pick its game by name and copy it into house rules."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from scorepad.engine.cards import Suit
from scorepad.engine.errors import UnknownVariantError, VariantSettingError
from scorepad.engine.message import Message
from scorepad.engine.shapes import ScheduleShape, ShapeKind
from scorepad.engine.variant import BidMode, TrumpRule, Variant, Winner

MORMON_BRIDGE = Variant(
    name="Mormon Bridge",
    hand_sizes=tuple(range(10, 0, -1)),
    min_players=2,
    max_players=8,
    trump_rule=TrumpRule.NO_REPEAT,
    bid_mode=BidMode.SIMULTANEOUS,
    dealer_hook=False,
    made_bonus=10,
    points_per_trick_made=1,
    points_per_trick_missed=1,
    winner=Winner.HIGHEST,
)

SCOTCH_BRIDGE = Variant(
    name="Scotch Bridge",
    hand_sizes=(*range(13, 0, -1), *range(2, 14)),
    min_players=4,
    max_players=4,
    trump_rule=TrumpRule.NONE_WHEN_ALL_DEALT,
    bid_mode=BidMode.SEQUENTIAL_FROM_RIGHT,
    dealer_hook=True,
    made_bonus=10,
    points_per_trick_made=1,
    points_per_trick_missed=0,
    made_zero_bonus=5,
    winner=Winner.HIGHEST,
)

GOLF = Variant(
    name="Golf",
    hand_sizes=(*range(1, 10), *range(9, 0, -1)),
    min_players=2,
    max_players=8,
    trump_rule=TrumpRule.EVERY_ROUND,
    bid_mode=BidMode.SEQUENTIAL_FROM_LEFT,
    dealer_hook=True,
    made_bonus=10,
    points_per_trick_made=1,
    points_per_trick_missed=0,
    winner=Winner.LOWEST,
    stake_cents=5,
)

NOMINATION_WHIST = Variant(
    name="Nomination Whist",
    schedule_shape=ScheduleShape(kind=ShapeKind.DOWN_UP, largest=10),
    min_players=3,
    max_players=6,
    trump_rule=TrumpRule.ROTATION,
    trump_rotation=(Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS, None),
    bid_mode=BidMode.SEQUENTIAL_FROM_LEFT,
    dealer_hook=True,
    made_bonus=10,
    points_per_trick_made=1,
    points_per_trick_missed=1,
    winner=Winner.HIGHEST,
)
"""nommy.co.uk's rules: 10…1…10 (8…1…8 for six), trumps ♠ ♥ ♣ ♦ and no trump in turn,
one point a trick and ten more for the bid made."""

UP_AND_DOWN_THE_RIVER = Variant(
    name="Up and Down the River",
    schedule_shape=ScheduleShape(kind=ShapeKind.DOWN_UP, largest=10),
    min_players=3,
    max_players=7,
    trump_rule=TrumpRule.EVERY_ROUND,
    bid_mode=BidMode.SEQUENTIAL_FROM_LEFT,
    dealer_hook=True,
    made_bonus=10,
    points_per_trick_made=1,
    points_per_trick_missed=1,
    winner=Winner.HIGHEST,
)
"""Oh Hell! as most tables play it: down from 10 and back up, the turned card's suit trump,
one point a trick and a bonus of ten for the bid made, no penalties."""

KACHUFUL = Variant(
    name="Kachuful",
    schedule_shape=ScheduleShape(kind=ShapeKind.UP),
    min_players=3,
    max_players=7,
    trump_rule=TrumpRule.ROTATION,
    trump_rotation=(Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS, Suit.HEARTS),
    bid_mode=BidMode.SEQUENTIAL_FROM_LEFT,
    dealer_hook=True,
    made_bonus=10,
    points_per_trick_made=1,
    points_per_trick_missed=0,
    winner=Winner.HIGHEST,
)
"""Kachuful (Judgement): up from 1 card to as many as the deck allows, trumps in the order of
its name (kari, chukat, falli, lal: ♠ ♦ ♣ ♥), ten plus the tricks for the bid made."""

BLACKOUT = Variant(
    name="Blackout",
    hand_sizes=tuple(range(1, 14)),
    min_players=4,
    max_players=4,
    trump_rule=TrumpRule.NONE_WHEN_ALL_DEALT,
    bid_mode=BidMode.SEQUENTIAL_FROM_LEFT,
    dealer_hook=True,
    made_bonus=10,
    points_per_trick_made=1,
    points_per_trick_missed=0,
    winner=Winner.HIGHEST,
)
"""Blackout for four: 1 to 13 cards, the last hand without trump, the bid plus ten if made."""

SHEETS: MappingProxyType[str, Variant] = MappingProxyType(
    {"mormon-bridge": MORMON_BRIDGE, "scotch-bridge": SCOTCH_BRIDGE, "golf": GOLF}
)
"""The three rule sheets' variants."""

PRESETS: MappingProxyType[str, Variant] = MappingProxyType(
    {
        **SHEETS,
        "nomination-whist": NOMINATION_WHIST,
        "up-and-down-the-river": UP_AND_DOWN_THE_RIVER,
        "kachuful": KACHUFUL,
        "blackout": BLACKOUT,
    }
)

SWITCHED_ON: MappingProxyType[str, int] = MappingProxyType(
    {
        "made_zero_bonus": SCOTCH_BRIDGE.made_zero_bonus or 0,
        "missed_zero_points": 0,
        "stake_cents": GOLF.stake_cents or 0,
    }
)
"""What a house-rules setting that can be off (``None``) starts at when it is switched on: the
value of the preset that plays it (Scotch Bridge's bonus on a made zero, Golf's nickel); a
missed zero starts at 0, for the table to say what it loses."""


def preset(name: str) -> Variant:
    """A preset by key, forgiving case and spaces (``"Scotch Bridge"`` finds ``scotch-bridge``).

    >>> preset("Scotch Bridge").max_players
    4
    >>> preset("whist")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    scorepad.engine.errors.UnknownVariantError: unknown variant 'whist'; the presets are mormon-...
    """
    key = "-".join(name.strip().lower().replace("_", " ").split())
    try:
        return PRESETS[key]
    except KeyError:
        raise UnknownVariantError(name, tuple(PRESETS)) from None


def preset_key(variant: Variant) -> str | None:
    """The preset key of a variant that is exactly a preset, else ``None``."""
    return next((key for key, known in PRESETS.items() if known == variant), None)


def resolve_variant(spec: str | dict[str, Any] | Variant) -> Variant:
    """A variant from a game record's ``variant`` field.

    A string names a preset. An object is a full custom variant, or, with ``based_on``, a preset
    with only the named settings changed (its name defaults to "<preset> (house rules)").
    """
    if isinstance(spec, Variant):
        return spec
    if isinstance(spec, str):
        return preset(spec)
    settings = dict(spec)
    base_name = settings.pop("based_on", None)
    if base_name is None:
        return Variant.parse(settings)
    if not isinstance(base_name, str):
        raise VariantSettingError(
            "based_on", Message("must name a preset, got {value}", value=repr(base_name))
        )
    base = preset(base_name)
    settings.setdefault("name", f"{base.name} (house rules)")
    return base.with_changes(**settings)
