"""Which suit is trump in a round, after each variant's no-trump rules."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, InstanceOf

from scorepad.engine.cards import DECK_SIZE, Suit, suit_name
from scorepad.engine.message import Message
from scorepad.engine.sheet import RoundSetup
from scorepad.engine.variant import TrumpRule, Variant


class TrumpCall(BaseModel):
    """The round's trump and the reason, in words the table understands."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    turned: Suit | None
    trump: Suit | None
    note: InstanceOf[Message]


def call_trump(
    rule: TrumpRule,
    *,
    turned: Suit | None,
    all_dealt: bool,
    previous_trump: Suit | None,
    set_trump: Suit | None = None,
) -> TrumpCall:
    """Decide the trump from the turned suit (``None`` only when nothing could be turned).

    ``previous_trump`` is the previous round's *trump*, not its turned card: after a no-trump
    round the same suit may be trump again. It is ``None`` for the first round.

    >>> call_trump(TrumpRule.NO_REPEAT, turned=Suit.HEARTS, all_dealt=False,
    ...            previous_trump=Suit.HEARTS).note
    Message('hearts again: no trump this round')
    >>> print(call_trump(TrumpRule.NONE_WHEN_ALL_DEALT, turned=None, all_dealt=True,
    ...            previous_trump=None).note)
    all 52 cards dealt: no trump

    Where no card is turned, the trump is known before the deal: ``set_trump``, this round's
    suit of the rotation (``None``: a no-trump hand), or none at all.

    >>> print(call_trump(TrumpRule.ROTATION, turned=None, all_dealt=False,
    ...            previous_trump=None, set_trump=Suit.SPADES).note)
    spades are trump this round, by the rotation
    >>> print(call_trump(TrumpRule.NONE, turned=None, all_dealt=False, previous_trump=None).note)
    no trump in this game
    """
    if rule is TrumpRule.ROTATION:
        if set_trump is None:
            note = Message("no trump this round, by the rotation")
        else:
            note = Message(
                "{suit} are trump this round, by the rotation", suit=suit_name(set_trump)
            )
        return TrumpCall(turned=None, trump=set_trump, note=note)
    if rule is TrumpRule.NONE:
        return TrumpCall(turned=None, trump=None, note=Message("no trump in this game"))
    if all_dealt or turned is None:
        note = Message("all {cards} cards dealt: no trump", cards=DECK_SIZE)
        return TrumpCall(turned=None, trump=None, note=note)
    suit = suit_name(turned)
    if rule is TrumpRule.NO_REPEAT and turned == previous_trump:
        note = Message("{suit} again: no trump this round", suit=suit)
        return TrumpCall(turned=turned, trump=None, note=note)
    note = Message("{suit} turned: {suit} are trump", suit=suit)
    return TrumpCall(turned=turned, trump=turned, note=note)


def round_trump(variant: Variant, setup: RoundSetup, turned: Suit | None) -> TrumpCall:
    """Round ``setup``'s trump under ``variant`` when ``turned`` is the card turned (``None``
    where none is): the one place the game, the pad and the printed pad ask.

    >>> from scorepad.engine.game import Game
    >>> from scorepad.engine.presets import PRESETS
    >>> game = Game.start("nomination-whist", ["Ann", "Bob", "Cat"])
    >>> print(round_trump(PRESETS["nomination-whist"], game.setup(5), None).note)
    no trump this round, by the rotation
    """
    return call_trump(
        variant.trump_rule,
        turned=turned,
        all_dealt=setup.all_dealt,
        previous_trump=setup.previous_trump,
        set_trump=variant.rotation_trump(setup.number),
    )
