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
    MAX_ADJUSTMENT,
    Adjustment,
    Join,
    Leave,
    SitOut,
    StartingTotal,
    TableChange,
    TakeOver,
    quoted,
)
from scorepad.ui.state.errors import ActionRefused


class TableTask(StrEnum):
    """What the Table dialog is for."""

    JOIN = "join"
    LEAVE = "leave"
    TAKE_OVER = "take_over"
    SIT_OUT = "sit_out"
    ADJUST = "adjust"


TASK_TITLES = {
    TableTask.JOIN: "Joins",
    TableTask.LEAVE: "Leaves",
    TableTask.TAKE_OVER: "Takes over a seat",
    TableTask.SIT_OUT: "Sits out next round",
    TableTask.ADJUST: "Points adjusted",
}

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
                raise ActionRefused(f"pick whom {name} sits to the left of")
            return Join(after=after, player=name, left_of=self.left_of, starting=self._start())
        if self.task is TableTask.TAKE_OVER:
            seat = self._who("whose seat is taken over")
            return TakeOver(after=after, seat=seat, player=self._newcomer())
        player = self._who(
            {
                TableTask.LEAVE: "who leaves",
                TableTask.SIT_OUT: "who sits out",
                TableTask.ADJUST: "whose points change",
            }[self.task]
        )
        if self.task is TableTask.LEAVE:
            return Leave(after=after, player=player)
        if self.task is TableTask.SIT_OUT:
            return SitOut(after=after, player=player)
        points = _whole_number(self.points_text, "the points", "-10 or 5")
        if points == 0:
            raise ActionRefused("an adjustment of 0 points changes nothing: type the points")
        reason = self.reason.strip()
        if not reason:
            raise ActionRefused('say why, in a word or two ("renege")')
        if len(reason) > 120:
            raise ActionRefused(f"the reason is {len(reason)} characters: at most 120")
        return Adjustment(after=after, player=player, points=points, reason=reason)

    def _newcomer(self) -> str:
        name = self.name.strip()
        if not name:
            raise ActionRefused("type the newcomer's name")
        return name

    def _who(self, what: str) -> str:
        if not self.player:
            raise ActionRefused(f"pick {what}")
        return self.player

    def _start(self) -> StartingTotal | int:
        if self.starting == NUMBER:
            return _whole_number(self.starting_text, "the starting total", "0 or 45")
        return StartingTotal(self.starting)


def _whole_number(text: str, what: str, like: str) -> int:
    """``text`` as a whole number within an adjustment's limits, or the refusal."""
    try:
        value = int(text.strip())
    except ValueError:
        raise ActionRefused(f"{what}: a whole number, like {like} (not {quoted(text)})") from None
    if abs(value) > MAX_ADJUSTMENT:
        raise ActionRefused(f"{what}: at most {MAX_ADJUSTMENT} either way (not {value})")
    return value
