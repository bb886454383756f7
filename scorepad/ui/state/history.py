"""Undo kept with the game, and the round being entered kept only while it still fits.

Each action on a game leaves an :class:`~scorepad.store.models.UndoStep`: the action's inverse,
saved in the game file with the action itself, so that undo survives going home, a reload or a
restart. Taking a step back is worked out here from the game as it is now; the rules it needs
(putting a round back, continuing a game ended early, whether a draft fits) are the engine's.

A step's label ("Cat bid 3") is kept in the game file in English, whoever tapped: every
screen at the table reads it, each in its own language. So labels are made from the
templates below, and :func:`step_said` says one in the reader's language. No Flet in this
module.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass

from scorepad.engine import Game, Message, MessageValue, RoundDraft, RoundError, Suit
from scorepad.i18n import N_, describe, say, tr
from scorepad.store.models import UNDO_KEPT, UndoKind, UndoStep
from scorepad.ui.state.errors import ActionRefused

# --- the words of the undo steps ----------------------------------------------------------
# Each is an undo step's label, as the Undo button ("Undo: Cat bid 3") and the message after
# an undo ("undone: Cat bid 3") name it: kept in English in the game file, said in the
# reader's language by step_said.

# TRANSLATORS: an undo step ("Undo: turned hearts"); {suit} is a suit's name
TURNED = N_("turned {suit}")
# TRANSLATORS: an undo step: "Ready, set, go!" said, which shows the bids
GO = N_("ready, set, go")
# TRANSLATORS: an undo step: "Ready, set, go!" said; {players} bid in secret on their phones
GO_FROM_PHONES = N_("ready, set, go (bids from phones: {players})")
# TRANSLATORS: an undo step ("Undo: Cat bid 3")
BID = N_("{player} bid {bid}")
# TRANSLATORS: an undo step ("Undo: Cat took 2"): the tricks a player took in the round
TOOK = N_("{player} took {tricks}")
# TRANSLATORS: an undo step: the table chose to mark each trick as it falls
TALLY_ON = N_("mark the tricks as they fall")
# TRANSLATORS: an undo step: the table chose to count the tricks at the end of the round
TALLY_OFF = N_("count the tricks at the end")
# TRANSLATORS: an undo step ("Undo: Ann took trick 3"): one trick marked as it fell
TOOK_TRICK = N_("{player} took trick {trick}")
# TRANSLATORS: an undo step ("Undo: taking back Ann's trick 3"): a trick's mark taken back
TRICK_TAKEN_BACK = N_("taking back {player}'s trick {trick}")
# TRANSLATORS: an undo step ("Undo: correcting round 3")
CORRECTING = N_("correcting round {round}")
# TRANSLATORS: an undo step ("Undo: recording round 3")
RECORDING = N_("recording round {round}")
# TRANSLATORS: an undo step ("Undo: delete round 3")
DELETING = N_("delete round {round}")
# TRANSLATORS: an undo step ("Undo: ending the game early")
ABANDONING = N_("ending the game early")
# TRANSLATORS: an undo step ("Undo: continuing the game"): a game ended early taken up again
RESUMING = N_("continuing the game")
# TRANSLATORS: an undo step ("Undo: Dan joining"): a late arrival joined the table
JOINING = N_("{player} joining")
# TRANSLATORS: an undo step ("Undo: Dan leaving"): a player left the table
LEAVING = N_("{player} leaving")
# TRANSLATORS: an undo step ("Undo: Fay taking over Eve's seat")
TAKING_OVER = N_("{player} taking over {seat}'s seat")
# TRANSLATORS: an undo step ("Undo: Cat sitting out round 4")
SITTING_OUT = N_("{player} sitting out round {round}")
# TRANSLATORS: an undo step ("Undo: +5 points for Ann"); {points} has its sign
ADJUSTED = N_("{points} points for {player}")
# TRANSLATORS: an undo step ("Undo: the hands changed after round 3"): a hand put in, skipped,
# resized or added at the end
HANDS_CHANGED = N_("the hands changed after round {round}")
# TRANSLATORS: an undo step ("Undo: the correction of Dan joining"); {change} is a change of
# the table as an undo step names it
CHANGE_CORRECTED = N_("the correction of {change}")
# TRANSLATORS: an undo step ("Undo: taking out Dan joining"); {change} is a change of the
# table as an undo step names it
CHANGE_TAKEN_OUT = N_("taking out {change}")

TABLE_LABELS = (JOINING, LEAVING, TAKING_OVER, SITTING_OUT, ADJUSTED, HANDS_CHANGED)
"""The labels of a change of the table (what ``{change}`` holds in the two below)."""
LABELS = (
    CHANGE_CORRECTED,
    CHANGE_TAKEN_OUT,
    TURNED,
    GO,
    GO_FROM_PHONES,
    TOOK_TRICK,
    TRICK_TAKEN_BACK,
    BID,
    TOOK,
    TALLY_ON,
    TALLY_OFF,
    CORRECTING,
    RECORDING,
    DELETING,
    ABANDONING,
    RESUMING,
    *TABLE_LABELS,
)
"""Every label's shape, the most particular first (a label is read as the first that fits)."""

SUIT_WORDS = {
    # TRANSLATORS: a suit's name, as in the undo step "turned hearts"
    Suit.CLUBS: N_("clubs"),
    # TRANSLATORS: a suit's name, as in the undo step "turned hearts"
    Suit.DIAMONDS: N_("diamonds"),
    # TRANSLATORS: a suit's name, as in the undo step "turned hearts"
    Suit.HEARTS: N_("hearts"),
    # TRANSLATORS: a suit's name, as in the undo step "turned hearts"
    Suit.SPADES: N_("spades"),
}
"""Each suit as a label names it (its value is the record's data, and the label's English)."""

_NUMBERS = frozenset({"bid", "tricks", "trick", "round"})
_PLACEHOLDERS = {
    **dict.fromkeys(_NUMBERS, r"\d+"),
    "points": r"[+-]\d+",
    "suit": "|".join(re.escape(suit.value) for suit in Suit),
}
"""What each placeholder of a label can hold (a name, or a change of the table: anything)."""


def _pattern(label: str) -> re.Pattern[str]:
    parts = [
        re.escape(literal)
        + ("" if name is None else f"(?P<{name}>{_PLACEHOLDERS.get(name, '.+')})")
        for literal, name, _, _ in string.Formatter().parse(label)
    ]
    return re.compile("".join(parts), re.DOTALL)


_PATTERNS = {label: _pattern(label) for label in LABELS}


def step_words(label: str, shapes: tuple[str, ...] = LABELS) -> str:
    """A kept label as a sentence the reader's language can say (a
    :class:`~scorepad.engine.message.Message`, whose ``str()`` is the label itself); a label
    of no known shape (an older scorepad's) as it is.

    >>> said = step_words("the correction of Dan joining")
    >>> said == "the correction of Dan joining", said.text, said.values["change"].text
    (True, 'the correction of {change}', '{player} joining')
    >>> step_words("Ann took trick 3").values
    {'player': 'Ann', 'trick': 3}
    >>> step_words("tap 2")
    'tap 2'
    """
    for shape in shapes:
        found = _PATTERNS[shape].fullmatch(label)
        if found is None:
            continue
        values: dict[str, MessageValue] = {}
        for name, text in found.groupdict().items():
            if name == "change":
                change = step_words(text, TABLE_LABELS)
                if not isinstance(change, Message):
                    break  # not a change of the table: another shape may fit
                values[name] = change
            elif name == "suit":
                values[name] = Message(SUIT_WORDS[Suit(text)])
            elif name in _NUMBERS and str(int(text)) == text:
                values[name] = int(text)
            else:
                values[name] = text
        else:
            return Message(shape, **values)
    return label


def step_said(label: str) -> str:
    """A kept label in the reader's language.

    >>> step_said("turned hearts"), step_said("+5 points for Ann")
    ('turned hearts', '+5 points for Ann')
    """
    return say(step_words(label))


def _quoted(step: UndoStep) -> str:
    """A step's label quoted in a sentence, in the reader's language."""
    return repr(step_said(step.label))


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
            tr(
                "The round being entered no longer fitted round {round} after the change and "
                "was cleared ({problem})."
            ).format(round=number, problem=describe(problem)),
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
        raise ActionRefused(
            tr("the step {step} does not say which change it touched").format(step=_quoted(step))
        )
    if step.kind is UndoKind.TABLE_CHANGED:
        if index >= len(game.record.changes):
            raise ActionRefused(
                tr("the change {step} made is no longer in the game").format(step=_quoted(step))
            )
        return game.delete_change(index)
    if step.change is None:
        raise ActionRefused(
            tr("the step {step} does not keep the change as it was").format(step=_quoted(step))
        )
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
        raise ActionRefused(
            tr("the step {step} does not say which round it changed").format(step=_quoted(step))
        )
    if kind is UndoKind.RECORDED:
        if number != len(game.results):
            raise ActionRefused(
                tr(
                    "round {round} is no longer the last round recorded, so it cannot be taken "
                    "back onto the pad"
                ).format(round=number)
            )
        return Restored(game.delete_round(number), game.draft_of(number))
    if step.round is None:
        raise ActionRefused(
            tr("the step {step} does not keep the round it changed").format(step=_quoted(step))
        )
    if kind is UndoKind.CORRECTED:
        return Restored(game.replace_round(number, step.round), earlier)
    return Restored(game.insert_round(number, step.round), earlier)
