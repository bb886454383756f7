"""A change of the table between rounds, as the game screen's Table action offers it: what
the change would do (the hands left, the next dealer, a late arrival's starting total) shown
before it is confirmed, and the words its undo step and its message use. No Flet here; the
rules are the engine's (:mod:`scorepad.engine.table_changes`).

>>> from scorepad.engine import Game, Join, RoundRecord
>>> game = Game.start("mormon-bridge", ["Ann", "Bob", "Cat", "Dan", "Eve"], first_dealer="Ann")
>>> game = game.record_round(RoundRecord(turned="spades",
...     bids={"Ann": 2, "Bob": 3, "Cat": 1, "Dan": 0, "Eve": 4},
...     tricks={"Ann": 2, "Bob": 3, "Cat": 2, "Dan": 0, "Eve": 3}))
>>> seen = preview(game, Join(after=1, player="Fay", left_of="Eve"))
>>> print(seen.summary)
Fay joins to the left of Eve, starting on 2 (the worst total at the table). Next: round 2, 8 \
cards, Bob deals. Hands left: 8 7 6 5 4 3 2 1 (the 9 is dropped: the deck cannot deal it to 6).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorepad.engine import (
    Game,
    HandChange,
    HandEdit,
    Join,
    Leave,
    RoundDraft,
    SitOut,
    StartingTotal,
    TableChange,
    TakeOver,
    change_in_words,
    hands_in_words,
)
from scorepad.i18n import N_, number, say, signed, tr, tr_n
from scorepad.ui.state.history import (
    ADJUSTED,
    HANDS_CHANGED,
    JOINING,
    LEAVING,
    SITTING_OUT,
    TAKING_OVER,
)

STARTING_WORDS = {
    # TRANSLATORS: why a late arrival starts where they do ("Fay joins …, starting on 2 (…)")
    StartingTotal.WORST: N_("the worst total at the table"),
    # TRANSLATORS: why a late arrival starts where they do ("Fay joins …, starting on 0 (…)")
    StartingTotal.ZERO: N_("zero"),
    # TRANSLATORS: why a late arrival starts where they do ("Fay joins …, starting on 7 (…)")
    StartingTotal.AVERAGE: N_("the table's average, rounded toward the worst"),
}
"""Why a late arrival starts where they do, as the preview says it (marked for the catalogue:
``tr(STARTING_WORDS[starting])`` where it is said)."""


@dataclass(frozen=True)
class ChangePreview:
    """A change worked out, not yet saved: the game it would make, and what to tell the
    table before they confirm it."""

    change: TableChange
    """The change as asked for (the dialog's fields, names as typed)."""
    made: TableChange
    """The change as the game holds it: every name spelled as the sheet spells it (a name
    typed with two spaces or a combining accent is the same name, cleaned)."""
    game: Game
    summary: str


def preview(game: Game, change: TableChange, correcting: int | None = None) -> ChangePreview:
    """What ``change`` would make of ``game``, made after the last round or, ``correcting``,
    put in the place of that earlier change; raises the engine's
    :class:`~scorepad.engine.TableChangeError` (naming the round, the player and the rule)
    when the rules refuse it."""
    if correcting is None:
        changed = game.record_change(change)
        made = changed.record.changes[place_of(game, change)]
        said = what_it_does(changed, made)
    else:
        changed = game.replace_change(correcting, change)
        made = changed.record.changes[correcting]
        said = tr("Corrected: {change}.").format(
            change=say(change_in_words(made, changed.sheet.starting))
        )
    return ChangePreview(change, made, changed, f"{said} {upcoming(game, changed)}")


def place_of(game: Game, change: TableChange) -> int:
    """Where a new ``change`` goes among the game's changes (0-based): after every change
    made at or before its round, as :meth:`~scorepad.engine.game.Game.record_change` puts it."""
    return sum(1 for made in game.record.changes if made.after <= change.after)


def what_it_does(changed: Game, change: TableChange) -> str:
    """The change in a sentence, with a late arrival's starting total and why."""
    if isinstance(change, Join):
        start = changed.sheet.starting[change.player]
        why = (
            tr(STARTING_WORDS[change.starting])
            if isinstance(change.starting, StartingTotal)
            # TRANSLATORS: why a late arrival starts where they do: the number typed for them
            else tr("the number given")
        )
        return tr("{player} joins to the left of {neighbour}, starting on {total} ({why}).").format(
            player=change.player, neighbour=change.left_of, total=number(start), why=why
        )
    if isinstance(change, Leave):
        total = changed.sheet.totals[change.player]
        return tr("{player} leaves with {total}, kept as it is; they can no longer win.").format(
            player=change.player, total=number(total)
        )
    if isinstance(change, TakeOver):
        return tr("{player} takes over {seat}'s seat, with its total and sets.").format(
            player=change.player, seat=change.seat
        )
    if isinstance(change, SitOut):
        return tr("{player} sits out the next round: no cards, no bid, 0 points.").format(
            player=change.player
        )
    if isinstance(change, HandChange):
        return f"{say(hands_in_words(change))}."
    # TRANSLATORS: a points adjustment ("Dan +5 points (renege)"); {points} has its sign; the
    # English says "points" for any count
    return tr_n(
        "{player} {points} points ({reason}).",
        "{player} {points} points ({reason}).",
        abs(change.points),
    ).format(player=change.player, points=signed(change.points), reason=change.reason)


def upcoming(game: Game, changed: Game) -> str:
    """The next round and the hands left after the change, and any hand the deck drops."""
    nxt = changed.next_round
    if nxt is None:
        return tr("The game is over.")
    played = len(changed.results)
    left = changed.schedule[played:]
    coming = tr_n(
        "Next: round {round}, {count} card, {dealer} deals.",
        "Next: round {round}, {count} cards, {dealer} deals.",
        nxt.cards,
    ).format(round=nxt.number, count=nxt.cards, dealer=nxt.dealer)
    hands = " ".join(str(cards) for cards in left)
    before = list(game.schedule[played:])
    for cards in left:
        if cards in before:
            before.remove(cards)
    if not before:
        # TRANSLATORS: the hand sizes still to play, in order ("Hands left: 8 7 6")
        hands_left = tr("Hands left: {hands}.").format(hands=hands)
        return f"{coming} {hands_left}"
    # TRANSLATORS: between the hands a change of the table drops ("the 9 and the 8")
    dropped = tr(" and ").join(
        # TRANSLATORS: a hand of that many cards, dropped from the game ("the 9 is dropped")
        tr("the {cards}").format(cards=cards)
        for cards in before
    )
    hands_left = tr_n(
        "Hands left: {hands} ({dropped} is dropped: the deck cannot deal it to {players}).",
        "Hands left: {hands} ({dropped} are dropped: the deck cannot deal them to {players}).",
        len(before),
    ).format(hands=hands, dropped=dropped, players=len(nxt.bid_order))
    return f"{coming} {hands_left}"


ROUNDS_OFFERED = 8
"""How many of the hands not yet played the Table dialog offers to change, from the next."""


def hands_offered(schedule: Sequence[int], played: int, edit: HandEdit) -> list[tuple[int, str]]:
    """The rounds of ``schedule`` after the first ``played`` that a change of the hands may
    name, each with what its chip says: the next :data:`ROUNDS_OFFERED` and the last, and
    for a hand put in, the place after the last too. A hand further on is changed when the
    table gets nearer to it: the dialog fits a phone unscrolled.

    >>> hands_offered((10, 9, 8), 1, HandEdit.INSERT)
    [(2, '2: 9 cards'), (3, '3: 8 cards'), (4, '4: at the end')]
    >>> [number for number, _ in hands_offered(tuple(range(20, 0, -1)), 0, HandEdit.SKIP)]
    [1, 2, 3, 4, 5, 6, 7, 8, 20]
    """
    left = list(enumerate(schedule[played:], start=played + 1))
    offered = left[:ROUNDS_OFFERED] + left[-1:] if len(left) > ROUNDS_OFFERED else left
    rounds = [
        (
            number,
            tr_n("{round}: {count} card", "{round}: {count} cards", cards).format(
                round=number, count=cards
            ),
        )
        for number, cards in offered
    ]
    if edit is HandEdit.INSERT:
        end = len(schedule) + 1
        # TRANSLATORS: a place for a hand put in: after the last hand of the schedule
        rounds.append((end, tr("{round}: at the end").format(round=end)))
    return rounds


def undo_label(change: TableChange) -> str:
    """What the undo button calls the change ("undo Dan joining"), in English: the label is
    kept in the game file (see :func:`~scorepad.ui.state.history.step_said`).

    >>> undo_label(SitOut(after=3, player="Cat"))
    'Cat sitting out round 4'
    """
    if isinstance(change, Join):
        return JOINING.format(player=change.player)
    if isinstance(change, Leave):
        return LEAVING.format(player=change.player)
    if isinstance(change, TakeOver):
        return TAKING_OVER.format(player=change.player, seat=change.seat)
    if isinstance(change, SitOut):
        return SITTING_OUT.format(player=change.player, round=change.after + 1)
    if isinstance(change, HandChange):
        return HANDS_CHANGED.format(round=change.after)
    return ADJUSTED.format(points=signed(change.points), player=change.player)


def round_under_way(draft: RoundDraft | None) -> bool:
    """Whether the round on the pad has anything said in it yet (the way tricks are kept is
    a setting, not something said): the table changes between rounds, never inside one
    (RULINGS.md), so such a round is finished or cleared first."""
    return draft is not None and draft.model_copy(update={"tallying": False}) != RoundDraft()
