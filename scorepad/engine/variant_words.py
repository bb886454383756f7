"""A variant in words: its one line ("2–8 players; 18 rounds (1…9…1); …") and a schedule's.

Kept apart from :mod:`scorepad.engine.variant`, whose room is the settings, their checks and
what they score; this is only how a variant reads, worked out from its settings so that house
rules never read like the preset they were copied from.
"""

from __future__ import annotations

from scorepad.engine.cards import DECK_SIZE
from scorepad.engine.message import DOLLAR, Listing, Message, Money
from scorepad.engine.point_terms import (
    A_CARD,
    A_TRICK,
    A_TRICK_BID,
    A_TRICK_OFF,
    described_points,
    signed,
)
from scorepad.engine.rotation import rotation_words
from scorepad.engine.schedule import compress_sizes
from scorepad.engine.variant import BidMode, TrumpRule, Variant, Winner


def schedule_in_words(sizes: tuple[int, ...]) -> Message:
    """Hand sizes in one line, ``"16 rounds: 1…8…1"``: a variant's for a table, or a game's
    as its table changes have made it."""
    if len(sizes) == 1:
        return Message("{count} round: {sizes}", count=1, sizes=compress_sizes(sizes))
    return Message("{count} rounds: {sizes}", count=len(sizes), sizes=compress_sizes(sizes))


def variant_in_words(variant: Variant, symbol: str = DOLLAR) -> Message:
    """What the variant is like, in one line worked out from its settings (money in the
    table's currency ``symbol``), so a house rule never reads like the preset it was
    copied from.

    >>> from scorepad.engine.presets import GOLF, MORMON_BRIDGE, SCOTCH_BRIDGE
    >>> print(variant_in_words(GOLF))
    2–8 players; 18 rounds (1…9…1); bids from the dealer's left, dealer hooked; made: 10 + \
1 a trick, missed: 0; low score wins, 5¢ a set
    >>> print(variant_in_words(MORMON_BRIDGE))
    2–8 players; 10 rounds (10…1), never one trump twice running; bids at once; made: 10 + \
1 a trick, missed: 1 a trick; high score wins
    >>> print(variant_in_words(SCOTCH_BRIDGE))
    4 players; 25 rounds (13…1, 2…13), no trump when all 52 are dealt; bids from the \
dealer's right, dealer hooked; made: 10 + 1 a trick, a made zero: the tricks + 5, missed: 0; \
high score wins
    """
    if variant.min_players == variant.max_players:
        players = Message("{count} players", count=variant.min_players)
    else:
        players = Message(
            "{minimum}–{maximum} players",
            minimum=variant.min_players,
            maximum=variant.max_players,
        )
    schedule = _schedule_words(variant)
    bidding = _bidding_words(variant.bid_mode)
    if variant.dealer_hook:
        bidding = _hook_words(variant, bidding)
    scoring = _scoring_words(variant)
    if variant.winner is Winner.LOWEST:
        winner = Message("low score wins")
    else:
        winner = Message("high score wins")
    if variant.stake_cents is not None:
        winner = Message(
            "{winner}, {stake} a set", winner=winner, stake=Money(variant.stake_cents, symbol)
        )
    # TRANSLATORS: a variant in one line: "2–8 players; 18 rounds (1…9…1); bids from
    # the dealer's left, dealer hooked; made: 10 + 1 a trick, missed: 0; low score wins"
    return Message(
        "{players}; {schedule}; {bidding}; {scoring}; {winner}",
        players=players,
        schedule=schedule,
        bidding=bidding,
        scoring=Listing(tuple(scoring)),
        winner=winner,
    )


def _schedule_words(variant: Variant) -> Message:
    rounds = len(variant.hand_sizes)
    sizes = compress_sizes(variant.hand_sizes)
    if variant.schedule_shape is not None:
        schedule = variant.schedule_shape.describe()
    elif rounds == 1:
        schedule = Message("{count} round ({sizes})", count=rounds, sizes=sizes)
    else:
        schedule = Message("{count} rounds ({sizes})", count=rounds, sizes=sizes)
    if variant.trump_rule is TrumpRule.NONE_WHEN_ALL_DEALT:
        schedule = Message(
            "{rounds}, no trump when all {cards} are dealt", rounds=schedule, cards=DECK_SIZE
        )
    elif variant.trump_rule is TrumpRule.NO_REPEAT:
        schedule = Message("{rounds}, never one trump twice running", rounds=schedule)
    elif variant.trump_rule is TrumpRule.ROTATION:
        schedule = Message(
            "{rounds}, trumps in turn: {rotation}",
            rounds=schedule,
            rotation=rotation_words(variant.trump_rotation),
        )
    elif variant.trump_rule is TrumpRule.NONE:
        schedule = Message("{rounds}, no trump", rounds=schedule)
    return schedule


def _hook_words(variant: Variant, bidding: Message) -> Message:
    bidding = Message("{bidding}, dealer hooked", bidding=bidding)
    if variant.hook_from_cards > 1:
        bidding = Message(
            "{bidding} from {cards} cards", bidding=bidding, cards=variant.hook_from_cards
        )
    if variant.hook_skips_first_round:
        bidding = Message("{bidding}, not in the first round", bidding=bidding)
    return bidding


def _scoring_words(variant: Variant) -> list[Message]:
    scoring = [
        Message(
            "made: {points}",
            points=described_points(
                (variant.made_bonus, None), (variant.points_per_trick_made, A_TRICK)
            ),
        )
    ]
    if variant.made_zero_bonus is not None and variant.made_zero_per_card == 1:
        scoring.append(
            Message("a made zero: the tricks {bonus}", bonus=signed(variant.made_zero_bonus))
        )
    elif variant.made_zero_bonus is not None:
        scoring.append(
            Message(
                "a made zero: {points}",
                points=described_points(
                    (variant.made_zero_bonus, None), (variant.made_zero_per_card, A_CARD)
                ),
            )
        )
    scoring.append(
        Message(
            "missed: {points}",
            points=described_points(
                (variant.missed_points, None),
                (variant.points_per_trick_missed, A_TRICK),
                (variant.points_per_trick_off, A_TRICK_OFF),
                (variant.points_per_trick_bid_missed, A_TRICK_BID),
            ),
        )
    )
    if variant.missed_zero_points is not None:
        scoring.append(
            Message(
                "a missed zero: {points}",
                points=described_points(
                    (variant.missed_zero_points, None), (variant.missed_zero_per_card, A_CARD)
                ),
            )
        )
    return scoring


def _bidding_words(mode: BidMode) -> Message:
    if mode is BidMode.SIMULTANEOUS:
        return Message("bids at once")
    if mode is BidMode.SEQUENTIAL_FROM_LEFT:
        return Message("bids from the dealer's left")
    return Message("bids from the dealer's right")
