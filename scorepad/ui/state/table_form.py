"""The Table dialog's fields, as typed and picked: a late arrival's name, seat and start, who
leaves, who takes over which seat, who sits out, an adjustment's points and reason. Turned
into one of the engine's changes, or refused with what to fix; no Flet here.

>>> form = TableForm(TableTask.JOIN, name=" Fay ", left_of="Eve")
>>> form.change(after=1)
Join(after=1, kind='join', player='Fay', left_of='Eve', starting=<StartingTotal.WORST: 'worst'>)
>>> TableForm(TableTask.ADJUST, player="Dan", points_text="ten", reason="renege").change(after=2)
Traceback (most recent call last):
...
scorepad.ui.state.errors.ActionRefused: the points: a whole number, like -10 or 5 (not 'ten')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from scorepad.engine import (
    DECK_SIZE,
    MAX_ADJUSTMENT,
    Adjustment,
    HandChange,
    HandEdit,
    Join,
    Leave,
    SitOut,
    StartingTotal,
    TableChange,
    TakeOver,
    quoted,
)
from scorepad.i18n import N_, tr, tr_n
from scorepad.ui.state.errors import ActionRefused


class TableTask(StrEnum):
    """What the Table dialog is for."""

    JOIN = "join"
    LEAVE = "leave"
    TAKE_OVER = "take_over"
    SIT_OUT = "sit_out"
    ADJUST = "adjust"
    HANDS = "hands"
    """The schedule: a hand put in, skipped, resized, or one more at the end."""


TASK_TITLES = {
    # TRANSLATORS: a kind of change of the table (a chip): someone joins the game
    TableTask.JOIN: N_("Joins"),
    # TRANSLATORS: a kind of change of the table (a chip): someone leaves the game
    TableTask.LEAVE: N_("Leaves"),
    # TRANSLATORS: a kind of change of the table (a chip): a newcomer takes over a seat
    TableTask.TAKE_OVER: N_("Takes over a seat"),
    # TRANSLATORS: a kind of change of the table (a chip): someone sits out the next round
    TableTask.SIT_OUT: N_("Sits out next round"),
    # TRANSLATORS: a kind of change of the table (a chip): a player's points are adjusted
    TableTask.ADJUST: N_("Points adjusted"),
    # TRANSLATORS: a kind of change of the table (a chip): the hands still to play change
    TableTask.HANDS: N_("The hands"),
}
"""Each kind of change as the dialog names it, in English (marked for the catalogue:
``tr(TASK_TITLES[task])`` where it is shown)."""

PICK_WHO = {
    # TRANSLATORS: the Table dialog's refusal when no player is picked (someone leaves)
    TableTask.LEAVE: N_("pick who leaves"),
    # TRANSLATORS: the Table dialog's refusal when no player is picked (someone sits out)
    TableTask.SIT_OUT: N_("pick who sits out"),
    # TRANSLATORS: the Table dialog's refusal when no player is picked (points adjusted)
    TableTask.ADJUST: N_("pick whose points change"),
    # TRANSLATORS: the Table dialog's refusal when no seat is picked (a seat taken over)
    TableTask.TAKE_OVER: N_("pick whose seat is taken over"),
}
"""What the dialog says when the player it needs is not picked (``tr()`` where said)."""

NOT_A_NUMBER = {
    # TRANSLATORS: the Table dialog's refusal of the points typed
    "points": N_("the points: a whole number, like -10 or 5 (not {typed})"),
    # TRANSLATORS: the Table dialog's refusal of a late arrival's starting total typed
    "starting": N_("the starting total: a whole number, like 0 or 45 (not {typed})"),
}
TOO_BIG = {
    # TRANSLATORS: the Table dialog's refusal of the points typed
    "points": N_("the points: at most {most} either way (not {typed})"),
    # TRANSLATORS: the Table dialog's refusal of a late arrival's starting total typed
    "starting": N_("the starting total: at most {most} either way (not {typed})"),
}
"""The refusals of a number typed in the dialog, by field (``tr()`` where said)."""

NUMBER = "number"
"""The starting-total choice that takes the number typed."""


@dataclass
class TableForm:
    """The dialog's fields; ``error`` is why the last try was refused (the dialog stays open
    with it)."""

    task: TableTask
    player: str = ""
    """Who leaves, sits out or is adjusted; whose seat is taken over."""
    name: str = ""
    """A newcomer's name (joining, or taking over a seat)."""
    left_of: str = ""
    """Joining: the player the newcomer sits to the left of."""
    starting: str = StartingTotal.WORST.value
    """Joining: a :class:`StartingTotal` value, or :data:`NUMBER`."""
    starting_text: str = ""
    points_text: str = ""
    reason: str = ""
    hand_edit: str = HandEdit.INSERT.value
    """The hands: a :class:`HandEdit` value (put in, skip, resize, one more at the end)."""
    hand: str = ""
    """The hands: the round put in, skipped or resized, as the schedule numbers it now."""
    cards_text: str = ""
    """The hands: the cards of the hand put in, resized or added, as typed."""
    error: str | None = None
    correcting: int | None = None
    """The place (0-based, in the record's changes) of the earlier change being corrected
    from the sheet; ``None`` for a new change after the last round."""
    after: int | None = None
    """The round the change being corrected follows: a correction keeps its place."""

    @classmethod
    def of(cls, change: TableChange, index: int) -> TableForm:
        """The dialog filled in with the change number ``index`` already made, to correct it.

        >>> form = TableForm.of(Join(after=3, player="Dan", left_of="Cat", starting=12), 0)
        >>> form.starting, form.starting_text, form.change(after=9) == Join(
        ...     after=3, player="Dan", left_of="Cat", starting=12)
        ('number', '12', True)
        """
        form = cls._blank_of(change)
        form.correcting, form.after = index, change.after
        return form

    @classmethod
    def _blank_of(cls, change: TableChange) -> TableForm:
        if isinstance(change, Join):
            number = not isinstance(change.starting, StartingTotal)
            return cls(
                TableTask.JOIN,
                name=change.player,
                left_of=change.left_of,
                starting=NUMBER if number else str(change.starting),
                starting_text=str(change.starting) if number else "",
            )
        if isinstance(change, TakeOver):
            return cls(TableTask.TAKE_OVER, player=change.seat, name=change.player)
        if isinstance(change, Leave):
            return cls(TableTask.LEAVE, player=change.player)
        if isinstance(change, SitOut):
            return cls(TableTask.SIT_OUT, player=change.player)
        if isinstance(change, HandChange):
            return cls(
                TableTask.HANDS,
                hand_edit=change.edit.value,
                hand="" if change.hand is None else str(change.hand),
                cards_text="" if change.cards is None else str(change.cards),
            )
        return cls(
            TableTask.ADJUST,
            player=change.player,
            points_text=str(change.points),
            reason=change.reason,
        )

    def change(self, after: int) -> TableChange:
        """The change these fields describe, after round ``after`` (or after the round the
        change being corrected follows); refused (with what to fix) when a field is missing
        or not a number."""
        if self.after is not None:
            after = self.after
        if self.task is TableTask.JOIN:
            name = self._newcomer()
            if not self.left_of:
                raise ActionRefused(
                    tr("pick whom {player} sits to the left of").format(player=name)
                )
            return Join(after=after, player=name, left_of=self.left_of, starting=self._start())
        if self.task is TableTask.TAKE_OVER:
            seat = self._who()
            return TakeOver(after=after, seat=seat, player=self._newcomer())
        if self.task is TableTask.HANDS:
            return self._hands(after)
        player = self._who()
        if self.task is TableTask.LEAVE:
            return Leave(after=after, player=player)
        if self.task is TableTask.SIT_OUT:
            return SitOut(after=after, player=player)
        points = _whole_number(self.points_text, "points")
        if points == 0:
            raise ActionRefused(tr("an adjustment of 0 points changes nothing: type the points"))
        reason = self.reason.strip()
        if not reason:
            # TRANSLATORS: the Table dialog asks why points are adjusted ("renege": a misplay)
            raise ActionRefused(tr('say why, in a word or two ("renege")'))
        if len(reason) > 120:
            raise ActionRefused(
                # TRANSLATORS: the English says "characters" for any count
                tr_n(
                    "the reason is {count} characters: at most {most}",
                    "the reason is {count} characters: at most {most}",
                    len(reason),
                ).format(count=len(reason), most=120)
            )
        return Adjustment(after=after, player=player, points=points, reason=reason)

    def _hands(self, after: int) -> HandChange:
        """The change of the schedule these fields describe.

        >>> TableForm(TableTask.HANDS, hand_edit="insert", hand="4", cards_text="1").change(2)
        HandChange(after=2, kind='hand', edit=<HandEdit.INSERT: 'insert'>, hand=4, cards=1)
        >>> TableForm(TableTask.HANDS, hand_edit="resize", hand="4", cards_text="lots").change(2)
        Traceback (most recent call last):
        ...
        scorepad.ui.state.errors.ActionRefused: the cards: a number of cards, like 3 (not 'lots')
        """
        edit = HandEdit(self.hand_edit)
        hand: int | None = None
        if edit is not HandEdit.EXTRA:
            if not self.hand:
                raise ActionRefused(tr("pick which round"))
            hand = int(self.hand)
        cards: int | None = None
        if edit is not HandEdit.SKIP:
            typed = self.cards_text.strip()
            if not typed:
                raise ActionRefused(tr("type how many cards each player gets"))
            if not typed.isdigit() or len(typed) > 2 or not 1 <= int(typed) <= DECK_SIZE // 2:
                raise ActionRefused(
                    # TRANSLATORS: the Table dialog's refusal of the cards typed for a hand
                    tr("the cards: a number of cards, like 3 (not {typed})").format(
                        typed=quoted(self.cards_text)
                    )
                )
            cards = int(typed)
        return HandChange(after=after, edit=edit, hand=hand, cards=cards)

    def _newcomer(self) -> str:
        name = self.name.strip()
        if not name:
            raise ActionRefused(tr("type the newcomer's name"))
        return name

    def _who(self) -> str:
        if not self.player:
            raise ActionRefused(tr(PICK_WHO[self.task]))
        return self.player

    def _start(self) -> StartingTotal | int:
        if self.starting == NUMBER:
            return _whole_number(self.starting_text, "starting")
        return StartingTotal(self.starting)


def _whole_number(text: str, field: str) -> int:
    """``text`` as a whole number within an adjustment's limits, or the refusal (``field``:
    a key of :data:`NOT_A_NUMBER`, the field it was typed in)."""
    try:
        value = int(text.strip())
    except ValueError:
        raise ActionRefused(tr(NOT_A_NUMBER[field]).format(typed=quoted(text))) from None
    if abs(value) > MAX_ADJUSTMENT:
        raise ActionRefused(tr(TOO_BIG[field]).format(most=MAX_ADJUSTMENT, typed=value))
    return value
