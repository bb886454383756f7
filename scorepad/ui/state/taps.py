"""What a tap on the game screen meant when it was drawn: its kind, the part of the round it
enters, and how often a change from another screen has moved that part since. A tap is
refused only when what it meant is no longer what it would do (see
:meth:`~scorepad.ui.state.game.GameController.meaning`). No Flet here.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from scorepad.engine import Stage, Suit


class Tap(StrEnum):
    """The kinds of tap on the game screen whose meaning a change elsewhere can move."""

    TRUMP = "trump"
    GO = "go"
    NUMBER = "number"
    TALLY_MODE = "tally-mode"
    MARK = "mark"
    UNDO_TRICK = "undo-trick"
    RECORD = "record"
    UNDO = "undo"


@dataclass(frozen=True)
class PadMoment:
    """What the game screen's taps mean at one moment: the round on the pad, its step, whose
    number the pad enters, the tricks marked so far, what undo takes back and the suit
    turned."""

    number: int | None
    stage: Stage | None
    active: str | None
    marked: int
    undo: str | None
    turned: Suit | None = None

    def parts_of(self, tap: Tap) -> tuple[object, ...]:
        """What ``tap`` means at this moment (the parts :data:`MEANING` names)."""
        return tuple(getattr(self, part) for part in MEANING[tap])


@dataclass(frozen=True)
class TapMeaning:
    """What a tap meant on the screen the tapper saw, drawn into the control and carried by
    its tap: which kind of tap, and how many changes made elsewhere had moved that kind's
    meaning when the control was drawn (``shift``).

    A click names only the control, and Flet keeps a control (and its id) when the screen
    changes around it: a 3 drawn when the pad read "Bob bids", still travelling from a slow
    phone when another screen's change moved the pad on to Cat, would be taken as Cat's. So
    each control that taps is drawn under :attr:`key`, which changes when a change made
    elsewhere moves the control's meaning (whose bid or count the pad enters in which round
    and step, the suit turned, the trick being marked, what Undo names): the control is then
    a new one, and a click still on its way to the old one finds nothing to do. A tap that
    reaches a control drawn before such a change (the game reloaded, the screen not yet drawn
    again) carries an older ``shift`` and is refused. This screen's own taps keep the key, so a
    burst of taps (Bob's 3, Cat's 2, as fast as fingers go) lands tap after tap as meant. No
    time window: a tap made on the screen as it is is taken at once, however soon after.

    >>> TapMeaning(Tap.NUMBER, 2).key
    'number#2'
    """

    tap: Tap
    shift: int = 0

    @property
    def key(self) -> str:
        return f"{self.tap}#{self.shift}"


MEANING: dict[Tap, tuple[str, ...]] = {
    Tap.TRUMP: ("number", "turned"),  # two screens tapping a suit at once: the first stays
    Tap.GO: ("number",),  # a go means the same whatever the trump
    Tap.NUMBER: ("number", "stage", "active"),  # "3" for Bob is not "3" for Cat
    Tap.TALLY_MODE: ("number",),
    Tap.MARK: ("number", "marked"),  # "Ann took trick 4", not trick 5
    Tap.UNDO_TRICK: ("number", "marked"),
    Tap.RECORD: ("number", "stage"),
    Tap.UNDO: ("undo",),  # undo takes back what its button named
}
"""The parts of a :class:`PadMoment` that make up what each kind of tap means."""
