"""Undo kept with the game, and the round being entered kept only while it still fits.

Each action on a game leaves an :class:`~scorepad.store.models.UndoStep`: the action's inverse,
saved in the game file with the action itself, so that undo survives going home, a reload or a
restart. Taking a step back is worked out here from the game as it is now; the rules it needs
(putting a round back, continuing a game ended early, whether a draft fits) are the engine's.
No Flet in this module.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorepad.engine import Game, RoundDraft, RoundError
from scorepad.store.models import UNDO_KEPT, UndoKind, UndoStep
from scorepad.ui.state.errors import ActionRefused


def pushed(steps: tuple[UndoStep, ...], step: UndoStep) -> tuple[UndoStep, ...]:
    """``steps`` with ``step`` on top, the oldest dropped beyond :data:`UNDO_KEPT`.

    >>> steps = ()
    >>> for n in range(UNDO_KEPT + 2):
    ...     steps = pushed(steps, UndoStep(label=f"tap {n}"))
    >>> len(steps), steps[0].label, steps[-1].label
    (50, 'tap 2', 'tap 51')
    """
    return (*steps, step)[-UNDO_KEPT:]


@dataclass(frozen=True)
class FittedDraft:
    """The round being entered after a change: the draft if it still fits the next round."""

    draft: RoundDraft | None
    note: str | None = None
    """Why the draft was cleared, for the table (``None`` when it was kept)."""


def fitted_draft(game: Game, draft: RoundDraft | None) -> FittedDraft:
    """Keep ``draft`` for the game's next round if it still fits there, else clear it and say
    why. An over game keeps its draft untouched: nothing is entered, and a game ended early
    that is continued finds its round as it was.

    >>> from scorepad.engine import GOLF, RoundRecord, Suit
    >>> rules = GOLF.with_changes(name="Odd Golf", hand_sizes=(1, 1, 3))
    >>> game = Game.start(rules, ["Ann", "Bob"], first_dealer="Bob")
    >>> for bob in (0, 1):
    ...     game = game.record_round(RoundRecord(turned="clubs",
    ...         bids={"Ann": 0, "Bob": 0}, tricks={"Ann": 1 - bob, "Bob": bob}))
    >>> draft = RoundDraft(turned=Suit.SPADES, bids={"Ann": 3})
    >>> fitted_draft(game, draft).draft == draft
    True
    >>> print(fitted_draft(game.delete_round(1), draft).note)
    The round being entered no longer fitted round 2 after the change and was cleared \
(round 2: it is Bob's turn to bid, not Ann's).
    """
    if draft is None or draft == RoundDraft():
        return FittedDraft(None)
    if game.next_round is None:
        return FittedDraft(draft)
    try:
        return FittedDraft(game.check_draft(draft))
    except RoundError as problem:
        number = game.next_round.number
        return FittedDraft(
            None,
            f"The round being entered no longer fitted round {number} after the change and "
            f"was cleared ({problem}).",
        )


@dataclass(frozen=True)
class Restored:
    """A game and its round being entered as they were before an undo step's action."""

    game: Game
    draft: RoundDraft | None


def _game_step_undone(game: Game, step: UndoStep) -> Game | None:
    """The game before a step that changed the game as a whole (its end, its continuation,
    a change of the table); ``None`` for a step about one round."""
    if step.kind is UndoKind.ABANDONED:
        return game.resume()
    if step.kind is UndoKind.RESUMED:
        return game.abandon()
    if step.kind not in TABLE_STEPS:
        return None
    index = step.change_index
    if index is None:
        raise ActionRefused(f"the step {step.label!r} does not say which change it touched")
    if step.kind is UndoKind.TABLE_CHANGED:
        if index >= len(game.record.changes):
            raise ActionRefused(f"the change {step.label!r} made is no longer in the game")
        return game.delete_change(index)
    if step.change is None:
        raise ActionRefused(f"the step {step.label!r} does not keep the change as it was")
    if step.kind is UndoKind.TABLE_CORRECTED:
        return game.replace_change(index, step.change)
    return game.restore_change(index, step.change)


TABLE_STEPS = frozenset({UndoKind.TABLE_CHANGED, UndoKind.TABLE_CORRECTED, UndoKind.TABLE_REMOVED})
"""The steps that changed the table: each is taken back by the engine's change methods."""


def before(game: Game, draft: RoundDraft | None, step: UndoStep) -> Restored:
    """The game as it was before ``step``'s action, worked out from the game now.

    Raises :class:`ActionRefused` when the game has changed in a way the step cannot take
    back (a round recorded elsewhere without leaving a step, say), or the engine's error when
    the game refuses the change that would take it back.
    """
    earlier = step.draft if step.draft is not None else draft
    kind = step.kind
    if kind is UndoKind.TAP:
        return Restored(game, earlier)
    undone = _game_step_undone(game, step)
    if undone is not None:
        return Restored(undone, earlier)
    number = step.round_number
    if number is None:
        raise ActionRefused(f"the step {step.label!r} does not say which round it changed")
    if kind is UndoKind.RECORDED:
        if number != len(game.results):
            raise ActionRefused(
                f"round {number} is no longer the last round recorded, so it cannot be taken "
                "back onto the pad"
            )
        return Restored(game.delete_round(number), game.draft_of(number))
    if step.round is None:
        raise ActionRefused(f"the step {step.label!r} does not keep the round it changed")
    if kind is UndoKind.CORRECTED:
        return Restored(game.replace_round(number, step.round), earlier)
    return Restored(game.insert_round(number, step.round), earlier)
