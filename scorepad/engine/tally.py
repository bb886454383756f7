"""Marking the tricks as they fall: the Mormon Bridge sheet's own way of keeping the tricks.

The scorekeeper "marks down that the player won the hand" as each trick is taken, instead of
asking everyone for their count at the end. A :class:`Tally` is what those marks say: each
player's tricks so far and whether they can still make their bid. The counts it adds up to are
what the round records, exactly as if they had been entered at the end
(:meth:`Tally.counts`).

How a player stands, as a careful player at the table would say it:

* **needs 2 more**: under the bid, and enough tricks are left to make it;
* **made it**: exactly on the bid. While tricks are left this is "made it so far": one more
  trick would still set them;
* **set**: the bid can no longer be made, because they took more than they bid, or because
  fewer tricks are left than they still need. Once set, always set this round.

The last trick: who takes it is not known until it is played, so nothing is guessed. The
counts fill themselves in from the marks (nobody is asked for a number), and once the last
trick is marked the round is complete and waits only for Record. Until then the pad names it
"the last trick".

A Golf round of 3 cards, Ann bidding 1, Bob 0 and Cat 1:

>>> bids = {"Ann": 1, "Bob": 0, "Cat": 1}
>>> tally = Tally.of(3, ("Ann", "Bob", "Cat"), bids, winners=("Cat",))
>>> [(line.name, str(line.text)) for line in tally.lines]
[('Ann', 'needs 1 more'), ('Bob', 'made it so far'), ('Cat', 'made it so far')]
>>> tally = Tally.of(3, ("Ann", "Bob", "Cat"), bids, winners=("Cat", "Cat"))
>>> [(line.name, str(line.text)) for line in tally.lines], str(tally.trick_name)
([('Ann', 'needs 1 more'), ('Bob', 'made it so far'), ('Cat', 'set')], 'the last trick')
>>> tally = Tally.of(3, ("Ann", "Bob", "Cat"), bids, winners=("Cat", "Cat", "Ann"))
>>> tally.complete, dict(tally.counts), [str(line.text) for line in tally.lines]
(True, {'Ann': 1, 'Bob': 0, 'Cat': 2}, ['made it', 'made it', 'set'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from scorepad.engine.errors import AllTricksMarkedError, TallyModeError, TrickWinnerError
from scorepad.engine.frozen import FrozenDict
from scorepad.engine.message import Message
from scorepad.engine.record import RoundDraft
from scorepad.engine.sheet import RoundSetup


class TrickStatus(StrEnum):
    """Where a player stands against their bid while the tricks fall."""

    NEEDS = "needs"
    """Under the bid, with enough tricks left to make it."""
    MADE = "made"
    """Exactly on the bid (for good only once no tricks are left)."""
    SET = "set"
    """The bid can no longer be made: over it, or too few tricks left."""


def trick_status(bid: int, taken: int, left: int) -> TrickStatus:
    """How a player who bid ``bid`` and took ``taken`` stands with ``left`` tricks to play.

    >>> trick_status(bid=2, taken=0, left=2), trick_status(bid=2, taken=0, left=1)
    (<TrickStatus.NEEDS: 'needs'>, <TrickStatus.SET: 'set'>)
    >>> trick_status(bid=0, taken=0, left=5), trick_status(bid=0, taken=1, left=4)
    (<TrickStatus.MADE: 'made'>, <TrickStatus.SET: 'set'>)
    """
    if taken > bid or taken + left < bid:
        return TrickStatus.SET
    if taken == bid:
        return TrickStatus.MADE
    return TrickStatus.NEEDS


class TallyLine(BaseModel):
    """One player's line of the tally."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    name: str
    bid: int | None
    """``None`` while the player's bid is being entered again (a correction)."""
    taken: int
    left: int
    """Tricks still to be played in the round (for everyone)."""

    @property
    def status(self) -> TrickStatus | None:
        """``None`` while the bid is unknown."""
        return None if self.bid is None else trick_status(self.bid, self.taken, self.left)

    @property
    def text(self) -> Message:
        """The status as the table says it: "needs 2 more", "made it (so far)", "set".

        >>> TallyLine(name="Ann", bid=3, taken=1, left=4).text
        Message('needs 2 more')
        >>> TallyLine(name="Ann", bid=1, taken=2, left=0).why_set
        Message('took 2, bid 1')
        """
        status = self.status
        if status is None or self.bid is None:
            return Message("no bid yet")
        if status is TrickStatus.NEEDS:
            return Message("needs {count} more", count=self.bid - self.taken)
        if status is TrickStatus.MADE:
            return Message("made it") if self.left == 0 else Message("made it so far")
        # TRANSLATORS: a player's bid can no longer be made this round
        return Message("set")

    @property
    def why_set(self) -> Message | None:
        """Why a set player is set, for a tooltip; ``None`` when they are not.

        >>> print(TallyLine(name="Ann", bid=3, taken=1, left=1).why_set)
        needs 2 more, only 1 trick left
        """
        if self.status is not TrickStatus.SET or self.bid is None:
            return None
        if self.taken > self.bid:
            return Message("took {taken}, bid {bid}", taken=self.taken, bid=self.bid)
        needed = self.bid - self.taken
        if self.left == 0:
            return Message("needs {count} more, no tricks left", count=needed)
        if self.left == 1:
            return Message("needs {count} more, only {left} trick left", count=needed, left=1)
        return Message("needs {count} more, only {left} tricks left", count=needed, left=self.left)


class Tally(BaseModel):
    """The tricks of one round marked so far, checked: every winner is playing, and no more
    tricks are marked than the round has."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    round_number: int
    cards: int
    order: tuple[str, ...]
    """The players in bidding order (the order of the round's lines)."""
    winners: tuple[str, ...]
    """Who took each trick, in the order they fell."""
    lines: tuple[TallyLine, ...]

    @classmethod
    def of(
        cls,
        cards: int,
        order: Sequence[str],
        bids: Mapping[str, int],
        winners: Sequence[str],
        round_number: int = 1,
    ) -> Tally:
        """The tally of ``winners``, or a typed :class:`~scorepad.engine.errors.TallyError`.

        >>> Tally.of(2, ("Ann", "Bob"), {}, ("Ann", "Zed"), round_number=4)
        Traceback (most recent call last):
        ...
        scorepad.engine.errors.TrickWinnerError: round 4: a trick marked for 'Zed', who is not \
playing (Ann, Bob); tap the player who took it
        >>> Tally.of(1, ("Ann", "Bob"), {}, ("Ann", "Bob"))
        Traceback (most recent call last):
        ...
        scorepad.engine.errors.AllTricksMarkedError: round 1: 2 tricks are marked and a 1-card \
round has only 1 trick; undo the last trick to change one
        """
        players = tuple(order)
        for name in winners:
            if name not in players:
                raise TrickWinnerError(round_number, name, players)
        if len(winners) > cards:
            raise AllTricksMarkedError(round_number, len(winners), cards, None)
        left = cards - len(winners)
        lines = tuple(
            TallyLine(name=name, bid=bids.get(name), taken=winners.count(name), left=left)
            for name in players
        )
        return cls(
            round_number=round_number,
            cards=cards,
            order=players,
            winners=tuple(winners),
            lines=lines,
        )

    @property
    def marked(self) -> int:
        return len(self.winners)

    @property
    def left(self) -> int:
        """Tricks still to be played."""
        return self.cards - self.marked

    @property
    def complete(self) -> bool:
        """Every trick has its winner: the counts are the round's."""
        return self.left == 0

    @property
    def counts(self) -> FrozenDict[str, int]:
        """Each player's tricks so far, every player named (0 for none), in bidding order:
        once complete, exactly the counts the round records."""
        return FrozenDict({line.name: line.taken for line in self.lines})

    @property
    def trick_name(self) -> Message | None:
        """The trick being played, as the pad names it: "trick 2 of 5", or "the last trick"
        (``None`` once all are marked).

        >>> Tally.of(5, ("Ann",), {}, ("Ann",)).trick_name
        Message('trick 2 of 5')
        >>> Tally.of(1, ("Ann",), {}, ()).trick_name
        Message('the last trick')
        """
        if self.complete:
            return None
        if self.left == 1:
            return Message("the last trick")
        return Message("trick {number} of {count}", number=self.marked + 1, count=self.cards)

    @property
    def last_winner(self) -> str | None:
        """Who took the most recent trick (what "undo last trick" takes back)."""
        return self.winners[-1] if self.winners else None


def tally_of(setup: RoundSetup, draft: RoundDraft) -> Tally | None:
    """The tally of ``draft`` for the round ``setup``, checked; ``None`` when the draft counts
    the tricks at the end. A draft cannot do both: trick counts beside marks would be two
    answers to one question.

    >>> from scorepad.engine.game import Game
    >>> setup = Game.start("golf", ["Ann", "Bob"], first_dealer="Bob").next_round
    >>> tally_of(setup, RoundDraft(tricks={"Ann": 1})) is None
    True
    >>> tally_of(setup, RoundDraft(tallying=True, trick_winners=("Bob",))).counts
    {'Ann': 0, 'Bob': 1}
    >>> tally_of(setup, RoundDraft(tallying=True, tricks={"Ann": 1}))
    Traceback (most recent call last):
    ...
    scorepad.engine.errors.TallyModeError: round 1: trick counts are entered as well as marked \
tricks; keep one of the two
    """
    if not draft.tallying:
        if draft.trick_winners:
            raise TallyModeError(
                setup.number,
                Message(
                    "tricks are marked, but the round counts the tricks at the end; "
                    "choose to mark the tricks as they fall"
                ),
            )
        return None
    if draft.tricks:
        raise TallyModeError(
            setup.number,
            Message("trick counts are entered as well as marked tricks; keep one of the two"),
        )
    return Tally.of(
        setup.cards,
        setup.bid_order,
        draft.bids,
        draft.trick_winners,
        round_number=setup.number,
    )
