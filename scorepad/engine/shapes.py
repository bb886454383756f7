"""A schedule said as a shape: "down from as many as the deck allows and back up", "1 to 9 and
back, the 9 twice", "odd hands only".

Most tables do not list their hands; they say how the evening goes. A shape is those words as
data, and :meth:`ScheduleShape.sizes` deals them out for a table of so many players. The
largest hand is a number, or ``None``: as many cards as the deck allows this table (the caller
says how many that is, since it depends on whether a card is turned for trump).

>>> golf = ScheduleShape(kind=ShapeKind.UP_DOWN, largest=9, largest_twice=True)
>>> golf.sizes(deck_allows=7)
(1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 8, 7, 6, 5, 4, 3, 2, 1)
>>> oh_hell = ScheduleShape(kind=ShapeKind.DOWN_UP)
>>> oh_hell.sizes(deck_allows=8)
(8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8)
>>> ScheduleShape(kind=ShapeKind.DOWN, largest=10, steps=SizeSteps.ODD).sizes(deck_allows=25)
(9, 7, 5, 3, 1)
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt

from scorepad.engine.cards import DECK_SIZE
from scorepad.engine.message import Message


class ShapeKind(StrEnum):
    DOWN = "down"
    """From the largest hand down to the smallest (Mormon Bridge: 10…1)."""
    UP = "up"
    """From the smallest hand up to the largest."""
    DOWN_UP = "down_up"
    """Down to the smallest hand, then back up (Oh Hell!: 10…1…10)."""
    UP_DOWN = "up_down"
    """Up to the largest hand, then back down (Golf: 1…9, 9…1)."""


class SizeSteps(StrEnum):
    EVERY = "every"
    ODD = "odd"
    EVEN = "even"


HandSize = Annotated[StrictInt, Field(ge=1, le=DECK_SIZE // 2)]
"""Cards per player in one hand: at least 1, at most half the deck (two players share it)."""


class ScheduleShape(BaseModel):
    """How the hands go, as a table says it."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    kind: ShapeKind
    largest: HandSize | None = None
    """The largest hand; ``None``: as many cards as the deck allows for the table."""
    smallest: HandSize = 1
    largest_twice: StrictBool = False
    """The largest hand is played twice running wherever it comes (Golf's two 9s)."""
    steps: SizeSteps = SizeSteps.EVERY

    def sizes(self, deck_allows: int) -> tuple[int, ...]:
        """The hands for a table the deck serves up to ``deck_allows`` cards each (sizes above
        it are left for the schedule to drop, as for a listed schedule)."""
        largest = self.largest if self.largest is not None else deck_allows
        climb = [
            size
            for size in range(self.smallest, largest + 1)
            if self.steps is SizeSteps.EVERY or (size % 2 == 1) == (self.steps is SizeSteps.ODD)
        ]
        if not climb:
            return ()
        top = [climb[-1]] * (2 if self.largest_twice else 1)
        up = [*climb[:-1], *top]
        down = up[::-1]
        if self.kind is ShapeKind.UP:
            return tuple(up)
        if self.kind is ShapeKind.DOWN:
            return tuple(down)
        if self.kind is ShapeKind.UP_DOWN:
            return (*up, *down[len(top) :])
        return (*down, *up[1:])

    def describe(self) -> Message:
        """The shape in words, for a variant's one-line description.

        >>> print(ScheduleShape(kind=ShapeKind.DOWN_UP).describe())
        down and back up, from as many cards as the deck allows
        >>> print(ScheduleShape(kind=ShapeKind.UP_DOWN, largest=9, largest_twice=True,
        ...     steps=SizeSteps.ODD).describe())
        up and back down, to 9 cards (twice), odd hands only
        """
        if self.kind is ShapeKind.DOWN:
            words = Message("down")
        elif self.kind is ShapeKind.UP:
            words = Message("up")
        elif self.kind is ShapeKind.DOWN_UP:
            words = Message("down and back up")
        else:
            words = Message("up and back down")
        going_up_first = self.kind in (ShapeKind.UP, ShapeKind.UP_DOWN)
        if self.largest is None and going_up_first:
            words = Message("{shape}, to as many cards as the deck allows", shape=words)
        elif self.largest is None:
            words = Message("{shape}, from as many cards as the deck allows", shape=words)
        elif going_up_first:
            words = Message("{shape}, to {cards} cards", shape=words, cards=self.largest)
        else:
            words = Message("{shape}, from {cards} cards", shape=words, cards=self.largest)
        if self.largest_twice:
            words = Message("{shape} (twice)", shape=words)
        if self.smallest > 1:
            words = Message("{shape}, at least {cards} cards", shape=words, cards=self.smallest)
        if self.steps is SizeSteps.ODD:
            words = Message("{shape}, odd hands only", shape=words)
        elif self.steps is SizeSteps.EVEN:
            words = Message("{shape}, even hands only", shape=words)
        return words
