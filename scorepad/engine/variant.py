"""A variant is data: every rule that differs between the games is a setting here.

Tables play house rules, so nothing in the engine branches on a variant's *name*; it reads these
settings. A custom variant is a validated copy of a preset with some settings changed, and a
combination the cards cannot support is refused with the setting and the reason.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, Self

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    ValidationError,
    model_validator,
)

from scorepad.engine.cards import DECK_SIZE, Suit, cards_left_over
from scorepad.engine.errors import PlayerCountError, VariantSettingError
from scorepad.engine.message import Listing, Message
from scorepad.engine.schedule import MAX_ROUNDS
from scorepad.engine.settlement import MAX_STAKE_CENTS
from scorepad.engine.shapes import HandSize, ScheduleShape
from scorepad.engine.text import brief


class TrumpRule(StrEnum):
    """How a round's trump follows from the card turned after the deal."""

    EVERY_ROUND = "every_round"
    """A card is turned every round and its suit is trump (Golf)."""
    NONE_WHEN_ALL_DEALT = "none_when_all_dealt"
    """As above, but a round that deals the whole deck turns nothing: no trump (Scotch Bridge)."""
    NO_REPEAT = "no_repeat"
    """A suit cannot be trump two rounds running: turning last round's trump means no trump
    (Mormon Bridge)."""
    ROTATION = "rotation"
    """No card is turned: trump follows a fixed rotation of suits and no-trump hands,
    repeating (Nomination Whist's ♠ ♥ ♣ ♦, then no trump)."""
    NONE = "none"
    """No card is turned and no suit is ever trump."""

    @property
    def turns_card(self) -> bool:
        """Whether a card is turned after the deal to find the trump."""
        return self not in (TrumpRule.ROTATION, TrumpRule.NONE)


class BidMode(StrEnum):
    SIMULTANEOUS = "simultaneous"
    """Everyone shows their bid at once ("ready, set, go")."""
    SEQUENTIAL_FROM_LEFT = "sequential_from_left"
    """One by one, from the dealer's left, clockwise; the dealer bids last."""
    SEQUENTIAL_FROM_RIGHT = "sequential_from_right"
    """One by one, from the dealer's right, continuing to the right; the dealer bids last."""

    @property
    def is_sequential(self) -> bool:
        return self is not BidMode.SIMULTANEOUS


class Winner(StrEnum):
    HIGHEST = "highest"
    LOWEST = "lowest"


MAX_ROTATION = 10
"""The longest rotation of trumps: four suits and no trump, twice over, is far more than any
table plays."""

Points = Annotated[StrictInt, Field(ge=-1000, le=1000)]


class Variant(BaseModel):
    """The full rules of one game. Presets live in :mod:`scorepad.engine.presets`.

    >>> from scorepad.engine.presets import GOLF
    >>> GOLF.schedule(6)
    (1, 2, 3, 4, 5, 6, 7, 8, 8, 7, 6, 5, 4, 3, 2, 1)
    >>> GOLF.points(bid=3, tricks=3, cards=5), GOLF.points(bid=2, tricks=3, cards=5)
    (13, 0)
    >>> GOLF.with_changes(min_players=9)
    Traceback (most recent call last):
    ...
    scorepad.engine.errors.VariantSettingError: min_players: 9 is more than max_players (8)
    """

    model_config = ConfigDict(
        frozen=True, extra="forbid", str_strip_whitespace=True, defer_build=True
    )

    name: str = Field(min_length=1, max_length=60)
    summary: str = Field(default="", max_length=200, exclude=True)
    """Never read nor written: what a variant is like is worked out from its settings
    (:meth:`describe`). Files written before still carry a copied text here; it is ignored,
    since house rules copied from a preset described the preset, not themselves."""
    hand_sizes: tuple[HandSize, ...] = Field(default=(), max_length=MAX_ROUNDS)
    """Cards per player, round by round, for a table small enough to deal them all; sizes the
    deck cannot serve for a larger table are dropped (see :meth:`schedule`). Empty when the
    schedule is a shape."""
    schedule_shape: ScheduleShape | None = None
    """The schedule as a shape ("down from as many as the deck allows, and back up") instead
    of a list of hand sizes."""
    min_players: StrictInt = Field(ge=2, le=DECK_SIZE - 1)
    max_players: StrictInt = Field(ge=2, le=DECK_SIZE - 1)
    trump_rule: TrumpRule
    trump_rotation: tuple[Suit | None, ...] = Field(default=(), max_length=MAX_ROTATION)
    """With :attr:`TrumpRule.ROTATION`: round 1's trump, round 2's, …, repeating; ``None`` is
    a no-trump hand."""
    bid_mode: BidMode
    dealer_hook: StrictBool
    """The dealer may not bid the number that makes the bids add up to the tricks."""
    hook_from_cards: HandSize = 1
    """The hook holds only in rounds of at least this many cards (1: every round)."""
    hook_skips_first_round: StrictBool = False
    """The hook holds in every round but the game's first."""
    made_bonus: Points = 10
    points_per_trick_made: Points = 1
    points_per_trick_missed: Points = 0
    """On a missed bid, per trick taken (Mormon Bridge: 1)."""
    missed_points: Points = 0
    """On a missed bid, a fixed amount (``-5``: "a missed bid loses 5")."""
    points_per_trick_off: Points = 0
    """On a missed bid, per trick it was off by, ``|bid - tricks|`` (``-1``: "loses 1 per
    trick off", the family's most common rule)."""
    points_per_trick_bid_missed: Points = 0
    """On a missed bid, per trick bid (``-1`` with ``missed_points=-5``: "missed −(5 + bid)")."""
    made_zero_bonus: Points | None = None
    """``None``: a made zero scores like any made bid. A number: a made zero scores this plus
    ``made_zero_per_card`` for each card in the hand instead (Scotch Bridge: 13 + 5 = 18)."""
    made_zero_per_card: Points = 1
    missed_zero_points: Points | None = None
    """``None``: a missed zero scores like any missed bid. A number: a missed zero scores this
    plus ``missed_zero_per_card`` for each card in the hand instead ("−10 × cards")."""
    missed_zero_per_card: Points = 0
    winner: Winner = Winner.HIGHEST
    stake_cents: StrictInt | None = Field(default=None, ge=0, le=MAX_STAKE_CENTS)
    """Money each loser pays a winner per round they were set; ``None``: no payouts."""

    @model_validator(mode="after")
    def _check_combination(self) -> Self:
        if self.min_players > self.max_players:
            raise VariantSettingError(
                "min_players",
                Message(
                    "{minimum} is more than max_players ({maximum})",
                    minimum=self.min_players,
                    maximum=self.max_players,
                ),
            )
        if self.dealer_hook and not self.bid_mode.is_sequential:
            raise VariantSettingError(
                "dealer_hook",
                Message(
                    "the hook needs one-by-one bidding: with simultaneous bids the dealer "
                    "cannot know what the others bid"
                ),
            )
        if self.trump_rule is TrumpRule.ROTATION and not self.trump_rotation:
            raise VariantSettingError(
                "trump_rotation",
                Message("a rotation of trumps needs at least one suit (or no trump) to rotate"),
            )
        if self.schedule_shape is not None and self.hand_sizes:
            raise VariantSettingError(
                "hand_sizes",
                Message("a schedule is a shape or a list of hand sizes, not both"),
            )
        if self.schedule_shape is None and not self.hand_sizes:
            raise VariantSettingError(
                "hand_sizes", Message("list the cards each round, like 10-1, or give a shape")
            )
        if self.schedule_shape is not None and not self.schedule_shape.sizes(DECK_SIZE // 2):
            raise VariantSettingError(
                "schedule_shape",
                Message("no hand size fits between the smallest and the largest hand"),
            )
        # the fewest players are dealt the most hands: their schedule is the longest
        if len(self.planned_sizes(self.min_players)) > MAX_ROUNDS:
            raise VariantSettingError(
                "schedule_shape",
                Message(
                    "the shape makes more than {count} rounds; make the largest hand smaller",
                    count=MAX_ROUNDS,
                ),
            )
        if not self.schedule_for(self.max_players):
            raise VariantSettingError("hand_sizes", self._undealable())
        if self._scores_nothing():
            raise VariantSettingError(
                "made_bonus", Message("every bid, made or missed, would score 0 points")
            )
        return self

    def _scores_nothing(self) -> bool:
        """Whether no bid, made or missed, in any hand, could score a point."""
        missed = (
            self.missed_points,
            self.points_per_trick_missed,
            self.points_per_trick_off,
            self.points_per_trick_bid_missed,
        )
        zeros = (
            (self.made_zero_bonus, self.made_zero_per_card),
            (self.missed_zero_points, self.missed_zero_per_card),
        )
        return (
            self.made_bonus == 0
            and self.points_per_trick_made == 0
            and not any(missed)
            and not any(fixed is not None and (fixed or per_card) for fixed, per_card in zeros)
        )

    def _undealable(self) -> Message:
        """Why no hand of the schedule can be dealt to the most players."""
        values: dict[str, int | Listing] = {
            "players": self.max_players,
            "sizes": Listing(self.planned_sizes(self.max_players)),
            "cards": DECK_SIZE,
        }
        if self.trump_rule is TrumpRule.NONE_WHEN_ALL_DEALT or not self.trump_rule.turns_card:
            return Message(
                "with {players} players none of the hand sizes ({sizes}) can be dealt from "
                "{cards} cards",
                **values,
            )
        return Message(
            "with {players} players none of the hand sizes ({sizes}) can be dealt from "
            "{cards} cards with a card left to turn for trump",
            **values,
        )

    @classmethod
    def parse(cls, data: Any) -> Variant:
        """Validate user-supplied settings, turning pydantic's report into one typed error."""
        try:
            return cls.model_validate(data)
        except ValidationError as exc:
            raise variant_error_from(exc) from None

    def with_changes(self, **changes: Any) -> Variant:
        """A custom variant: this one with some settings changed, validated."""
        return Variant.parse({**self.model_dump(), **changes})

    # --- derived rules ----------------------------------------------------------------------

    def can_deal(self, players: int, cards_each: int) -> bool:
        """Whether the deck serves this hand size (and a trump card when one must be turned)."""
        left = cards_left_over(players, cards_each)
        needs_a_card_left = self.trump_rule.turns_card and (
            self.trump_rule is not TrumpRule.NONE_WHEN_ALL_DEALT
        )
        return left >= (1 if needs_a_card_left else 0)

    def rotation_trump(self, number: int) -> Suit | None:
        """Round ``number``'s trump by the rotation (``None``: a no-trump hand, or no rotation).

        >>> from scorepad.engine.presets import MORMON_BRIDGE
        >>> rotating = MORMON_BRIDGE.with_changes(trump_rule="rotation",
        ...     trump_rotation=("spades", "hearts", None))
        >>> [rotating.rotation_trump(n) for n in (1, 3, 4)]
        [<Suit.SPADES: 'spades'>, None, <Suit.SPADES: 'spades'>]
        """
        if self.trump_rule is not TrumpRule.ROTATION or not self.trump_rotation:
            return None
        return self.trump_rotation[(number - 1) % len(self.trump_rotation)]

    def deck_allows(self, players: int) -> int:
        """The most cards each of ``players`` can be dealt (with a card left to turn for trump
        where one is turned).

        >>> from scorepad.engine.presets import GOLF, SCOTCH_BRIDGE
        >>> GOLF.deck_allows(5), SCOTCH_BRIDGE.deck_allows(4)
        (10, 13)
        """
        return max(
            (size for size in range(1, DECK_SIZE // 2 + 1) if self.can_deal(players, size)),
            default=0,
        )

    def planned_sizes(self, players: int) -> tuple[int, ...]:
        """The hands the schedule lists, or its shape deals out, for ``players`` (before the
        sizes the deck cannot serve are dropped)."""
        if self.schedule_shape is None:
            return self.hand_sizes
        return self.schedule_shape.sizes(self.deck_allows(players))

    def schedule_for(self, players: int) -> tuple[int, ...]:
        return tuple(size for size in self.planned_sizes(players) if self.can_deal(players, size))

    def schedule(self, players: int) -> tuple[int, ...]:
        """Cards per player in each round for this many players (checks the count)."""
        self.check_player_count(players)
        return self.schedule_for(players)

    def check_player_count(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise PlayerCountError(self.name, players, self.min_players, self.max_players)

    def points(self, bid: int, tricks: int, cards: int) -> int:
        """Points for one player's round. The sheets' own examples:

        >>> from scorepad.engine.presets import SCOTCH_BRIDGE, MORMON_BRIDGE
        >>> SCOTCH_BRIDGE.points(bid=0, tricks=0, cards=13)
        18
        >>> SCOTCH_BRIDGE.points(bid=5, tricks=5, cards=13)
        15
        >>> MORMON_BRIDGE.points(bid=2, tricks=3, cards=7)
        3

        A missed bid that loses points per trick it was off by (the family's commonest rule),
        and a zero that scores its own way:

        >>> house = MORMON_BRIDGE.with_changes(name="Oh Hell", points_per_trick_missed=0,
        ...     points_per_trick_off=-1)
        >>> house.points(bid=3, tricks=3, cards=5), house.points(bid=3, tricks=1, cards=5)
        (13, -2)
        >>> zeros = house.with_changes(made_zero_bonus=0, made_zero_per_card=10,
        ...     missed_zero_points=0, missed_zero_per_card=-10)
        >>> zeros.points(bid=0, tricks=0, cards=4), zeros.points(bid=0, tricks=2, cards=4)
        (40, -40)
        """
        if bid != tricks:
            if bid == 0 and self.missed_zero_points is not None:
                return self.missed_zero_points + self.missed_zero_per_card * cards
            return (
                self.missed_points
                + self.points_per_trick_missed * tricks
                + self.points_per_trick_off * abs(bid - tricks)
                + self.points_per_trick_bid_missed * bid
            )
        if bid == 0 and self.made_zero_bonus is not None:
            return self.made_zero_bonus + self.made_zero_per_card * cards
        return self.made_bonus + self.points_per_trick_made * tricks

    def hook_holds(self, number: int, cards: int) -> bool:
        """Whether the dealer is hooked in round ``number``, a hand of ``cards`` cards.

        >>> from scorepad.engine.presets import GOLF
        >>> GOLF.hook_holds(1, 1), GOLF.with_changes(hook_from_cards=3).hook_holds(2, 2)
        (True, False)
        >>> GOLF.with_changes(hook_skips_first_round=True).hook_holds(1, 1)
        False
        """
        if not self.dealer_hook or cards < self.hook_from_cards:
            return False
        return not (self.hook_skips_first_round and number == 1)

    @property
    def has_payouts(self) -> bool:
        return self.stake_cents is not None


def variant_error_from(exc: ValidationError) -> VariantSettingError:
    """The first problem pydantic found, as a typed error naming the setting."""
    problem = exc.errors()[0]
    original = problem.get("ctx", {}).get("error")
    if isinstance(original, VariantSettingError):
        return original
    setting = ".".join(str(part) for part in problem["loc"]) or "variant"
    message: str | Message = str(problem["msg"]).removeprefix("Value error, ")
    if problem["type"] == "extra_forbidden":
        message = Message("is not a setting of a variant")
    elif "input" in problem and problem["type"] != "missing":
        # pydantic's own words (in English), with what was found
        message = Message("{problem} (got {value})", problem=message, value=brief(problem["input"]))
    return VariantSettingError(setting, message)
