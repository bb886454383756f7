"""A variant's scoring and hook as a player says them, and worked out on an example hand.

The house-rules form shows the rules a table is setting up as sentences ("A missed bid loses 5
points per trick it was off by") and what they score on a hand of theirs ("Ann bids 3 and
takes 1: -10"), so a table sees at once whether the settings say what it plays. Every number
here comes from the variant's own settings and :meth:`Variant.points`, never from a second
copy of the formula.

>>> from scorepad.engine.presets import MORMON_BRIDGE
>>> oh_hell = MORMON_BRIDGE.with_changes(name="Oh Hell", points_per_trick_missed=0,
...     points_per_trick_off=-5, made_bonus=5, points_per_trick_made=5)
>>> for sentence in rule_sentences(oh_hell):
...     print(sentence)
A made bid scores 5 points plus 5 points per trick
A missed bid loses 5 points per trick it was off by
>>> for line in worked_examples(oh_hell, ("Ann", "Bob", "Cat")):
...     print(line)
In a hand of 5 cards:
Ann bids 3 and takes 3: 20
Bob bids 3 and takes 1: -10
Cat bids 0 and takes 2: -10
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from scorepad.engine.message import Message
from scorepad.engine.variant import Variant

EXAMPLE_PLAYERS = ("Ann", "Bob", "Cat", "Dan")
"""Who plays the worked example when the form has no table of its own yet."""

EXAMPLE_HAND = 5
"""The hand the examples deal when the schedule has one this size or larger: big enough for a
bid of 3 missed by 2, small enough to count in one's head."""


def _fixed(count: int) -> Message:
    if count == 1:
        return Message("{count} point", count=count)
    return Message("{count} points", count=count)


def _per_trick(count: int) -> Message:
    if count == 1:
        return Message("{count} point per trick", count=count)
    return Message("{count} points per trick", count=count)


def _per_trick_taken(count: int) -> Message:
    if count == 1:
        return Message("{count} point per trick taken", count=count)
    return Message("{count} points per trick taken", count=count)


def _per_trick_off(count: int) -> Message:
    if count == 1:
        return Message("{count} point per trick it was off by", count=count)
    return Message("{count} points per trick it was off by", count=count)


def _per_trick_bid(count: int) -> Message:
    if count == 1:
        return Message("{count} point per trick bid", count=count)
    return Message("{count} points per trick bid", count=count)


def _per_card(count: int) -> Message:
    if count == 1:
        return Message("{count} point per card in the hand", count=count)
    return Message("{count} points per card in the hand", count=count)


def _amount(terms: Sequence[tuple[int, Callable[[int], Message]]]) -> tuple[bool, Message | None]:
    """The terms that are not zero as one phrase, and whether it is a loss ("loses 5 points
    plus 1 point per trick bid": every term takes points away). ``None`` when every term is
    zero."""
    said = [(count, words) for count, words in terms if count]
    if not said:
        return False, None
    loses = all(count < 0 for count, _ in said)
    phrase: Message | None = None
    for count, words in said:
        term = words(abs(count) if loses or phrase is not None else count)
        if phrase is None:
            phrase = term
        elif count >= 0 or loses:
            phrase = Message("{points} plus {term}", points=phrase, term=term)
        else:
            phrase = Message("{points} minus {term}", points=phrase, term=term)
    return loses, phrase


def rule_sentences(variant: Variant) -> tuple[Message, ...]:
    """Each scoring rule of ``variant``, and its hook, as a sentence.

    >>> from scorepad.engine.presets import SCOTCH_BRIDGE
    >>> for sentence in rule_sentences(SCOTCH_BRIDGE):
    ...     print(sentence)
    A made bid scores 10 points plus 1 point per trick
    A made zero scores 5 points plus 1 point per card in the hand
    A missed bid scores nothing
    The dealer may not make the bids add up to the tricks
    >>> house = SCOTCH_BRIDGE.with_changes(name="House", made_bonus=5, made_zero_bonus=None,
    ...     missed_points=-5, points_per_trick_bid_missed=-1, hook_from_cards=3,
    ...     hook_skips_first_round=True)
    >>> for sentence in rule_sentences(house)[1:]:
    ...     print(sentence)
    A missed bid loses 5 points plus 1 point per trick bid
    The dealer may not make the bids add up to the tricks, in hands of 3 cards or more, but \
not in the first round
    """
    sentences: list[Message] = []
    _, made = _amount(((variant.made_bonus, _fixed), (variant.points_per_trick_made, _per_trick)))
    sentences.append(
        Message("A made bid scores nothing")
        if made is None
        else Message("A made bid scores {points}", points=made)
    )
    if variant.made_zero_bonus is not None:
        _, zero = _amount(
            ((variant.made_zero_bonus, _fixed), (variant.made_zero_per_card, _per_card))
        )
        sentences.append(
            Message("A made zero scores nothing")
            if zero is None
            else Message("A made zero scores {points}", points=zero)
        )
    loses, missed = _amount(
        (
            (variant.missed_points, _fixed),
            (variant.points_per_trick_missed, _per_trick_taken),
            (variant.points_per_trick_off, _per_trick_off),
            (variant.points_per_trick_bid_missed, _per_trick_bid),
        )
    )
    sentences.append(_missed(loses, missed, zero=False))
    if variant.missed_zero_points is not None:
        loses, missed_zero = _amount(
            ((variant.missed_zero_points, _fixed), (variant.missed_zero_per_card, _per_card))
        )
        sentences.append(_missed(loses, missed_zero, zero=True))
    if hook := hook_sentence(variant):
        sentences.append(hook)
    return tuple(sentences)


def _missed(loses: bool, points: Message | None, *, zero: bool) -> Message:
    # the two subjects spelled out, so that the catalogue has whole sentences
    if zero:
        if points is None:
            return Message("A missed zero scores nothing")
        if loses:
            return Message("A missed zero loses {points}", points=points)
        return Message("A missed zero scores {points}", points=points)
    if points is None:
        return Message("A missed bid scores nothing")
    if loses:
        return Message("A missed bid loses {points}", points=points)
    return Message("A missed bid scores {points}", points=points)


def hook_sentence(variant: Variant) -> Message | None:
    """The hook as a sentence; ``None`` when the dealer is free to bid anything.

    >>> from scorepad.engine.presets import GOLF, MORMON_BRIDGE
    >>> print(hook_sentence(GOLF.with_changes(hook_from_cards=2)))
    The dealer may not make the bids add up to the tricks, in hands of 2 cards or more
    >>> hook_sentence(MORMON_BRIDGE) is None
    True
    """
    if not variant.dealer_hook:
        return None
    sentence = Message("The dealer may not make the bids add up to the tricks")
    if variant.hook_from_cards > 1:
        sentence = Message(
            "{rule}, in hands of {cards} cards or more",
            rule=sentence,
            cards=variant.hook_from_cards,
        )
    if variant.hook_skips_first_round:
        sentence = Message("{rule}, but not in the first round", rule=sentence)
    return sentence


def example_hand(variant: Variant) -> int:
    """The hand size the worked examples deal: :data:`EXAMPLE_HAND`, or the largest hand of
    the schedule when every hand is smaller.

    >>> from scorepad.engine.presets import GOLF
    >>> example_hand(GOLF), example_hand(GOLF.with_changes(hand_sizes=(1, 2, 1)))
    (5, 2)
    """
    return min(EXAMPLE_HAND, max(variant.schedule_for(variant.min_players)))


def worked_examples(
    variant: Variant, players: Sequence[str] = EXAMPLE_PLAYERS
) -> tuple[Message, ...]:
    """What ``variant`` scores for a made bid, a missed one and a missed zero in one hand,
    played by the table's own ``players`` (the first three; fewer repeat), headed by the hand
    size. A made zero is shown too when it scores its own way.

    >>> from scorepad.engine.presets import SCOTCH_BRIDGE
    >>> for line in worked_examples(SCOTCH_BRIDGE, ("Ann", "Bob")):
    ...     print(line)
    In a hand of 5 cards:
    Ann bids 3 and takes 3: 13
    Bob bids 3 and takes 1: 0
    Ann bids 0 and takes 2: 0
    Bob bids 0 and takes 0: 10
    """
    cards = example_hand(variant)
    bid = min(3, cards)
    hands = [(bid, bid), (bid, max(0, bid - 2)) if bid > 1 else (bid, 0), (0, min(2, cards))]
    if variant.made_zero_bonus is not None:
        hands.append((0, 0))
    names = list(players) or list(EXAMPLE_PLAYERS)
    if cards == 1:
        heading = Message("In a hand of {cards} card:", cards=cards)
    else:
        heading = Message("In a hand of {cards} cards:", cards=cards)
    lines = [heading]
    for index, (bid_made, tricks) in enumerate(hands):
        lines.append(
            Message(
                "{player} bids {bid} and takes {tricks}: {points}",
                player=names[index % len(names)],
                bid=bid_made,
                tricks=tricks,
                points=variant.points(bid_made, tricks, cards),
            )
        )
    return tuple(lines)
