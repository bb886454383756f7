"""The running totals and sets of everyone who has held a place on the sheet, kept through
the table's changes (see :mod:`scorepad.engine.table_changes`).

A place on the sheet is a seat, named by whoever plays it now: a seat taken over keeps its
total, its sets and its column, under the new name (RULINGS.md, "Taking over a seat"). A late
arrival gets a column with their starting total; a player who leaves keeps theirs, frozen.
The book is filled round by round by :class:`scorepad.engine.game.Game`; nothing in it is
stored.

>>> from scorepad.engine.table_changes import Join, Leave
>>> from scorepad.engine.variant import Winner
>>> book = SeatBook.opening(("Ann", "Bob", "Cat"), Winner.HIGHEST)
>>> book.score({"Ann": 12, "Bob": 3, "Cat": 7}, set_players=("Bob",))
>>> book.apply(Join(after=1, player="Dan", left_of="Ann"))
>>> book.apply(Leave(after=1, player="Cat"))
>>> book.order, book.totals, book.playing
(['Ann', 'Dan', 'Bob', 'Cat'], {'Ann': 12, 'Bob': 3, 'Cat': 7, 'Dan': 3}, ['Ann', 'Dan', 'Bob'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from scorepad.engine.errors import StartingTotalError
from scorepad.engine.frozen import FrozenDict
from scorepad.engine.message import Listing, Message
from scorepad.engine.names import name_key
from scorepad.engine.table_changes import (
    MAX_ADJUSTMENT,
    Adjustment,
    Join,
    Leave,
    SitOut,
    TakeOver,
    starting_total,
)
from scorepad.engine.text import quoted, shown
from scorepad.engine.variant import Winner

NO_TOTALS: Mapping[str, int] = FrozenDict()
"""Nobody carried a total in (a new game's usual start)."""


def checked_starting_totals(
    totals: Mapping[str, int], players: Sequence[str]
) -> FrozenDict[str, int]:
    """The totals carried in from another evening (RULINGS.md, "House rules": starting
    totals), keyed by the name of the player as seated and in seating order; a total of 0 is
    no total carried in and is left out. A key names a player by the one rule for names
    (:func:`scorepad.engine.names.name_key`: " ann " is Ann), who must start the game (a
    late arrival's start is their join's), and each total is a whole number of at most
    :data:`MAX_ADJUSTMENT` either way, as an adjustment is:

    >>> checked_starting_totals({"cat": -5, "Ann": 40, "Bob": 0}, ("Ann", "Bob", "Cat"))
    {'Ann': 40, 'Cat': -5}
    >>> checked_starting_totals({"Zed": 12}, ("Ann", "Bob", "Cat"))
    Traceback (most recent call last):
    ...
    scorepad.engine.errors.StartingTotalError: starting total for 'Zed': Zed does not start \
this game (Ann, Bob, Cat)
    >>> checked_starting_totals({"Ann": 20_000}, ("Ann", "Bob"))
    Traceback (most recent call last):
    ...
    scorepad.engine.errors.StartingTotalError: starting total for 'Ann': 20000 is out of range; \
a total carried in is at most 10000 either way
    >>> checked_starting_totals({"Ann": 1, "ANN": 2}, ("Ann", "Bob"))
    Traceback (most recent call last):
    ...
    scorepad.engine.errors.StartingTotalError: starting total for 'ANN': Ann has two \
starting totals ('Ann' and 'ANN'); give each player one
    """
    seated = {name_key(name): name for name in players}
    found: dict[str, int] = {}
    keys: dict[str, str] = {}
    for key, total in totals.items():
        player = key if key in players else seated.get(name_key(key))
        if player is None:
            raise StartingTotalError(
                key,
                Message(
                    "{name} does not start this game ({players})",
                    name=shown(key),
                    players=Listing(tuple(map(shown, players))),
                ),
            )
        if player in keys:
            raise StartingTotalError(
                key,
                Message(
                    "{player} has two starting totals ({first} and {second}); give each player one",
                    player=player,
                    first=quoted(keys[player]),
                    second=quoted(key),
                ),
            )
        if abs(total) > MAX_ADJUSTMENT:
            raise StartingTotalError(
                key,
                Message(
                    "{total} is out of range; a total carried in is at most {most} either way",
                    total=total,
                    most=MAX_ADJUSTMENT,
                ),
            )
        keys[player] = key
        found[player] = total
    return FrozenDict({name: found[name] for name in players if found.get(name, 0) != 0})


@dataclass
class SeatBook:
    """Who holds a place on the sheet, their totals and sets, and how they came and went."""

    winner: Winner
    order: list[str]
    """The sheet's columns: the seats clockwise, a late arrival where they sat down, a player
    who left where they sat."""
    totals: dict[str, int]
    sets: dict[str, int]
    left: dict[str, int] = field(default_factory=dict)
    """Who left, and after which round."""
    starting: dict[str, int] = field(default_factory=dict)
    """Who started on a total of their own: a late arrival (see :attr:`joined`), or a player
    who carried a total in from another evening; the total they started on."""
    joined: dict[str, int] = field(default_factory=dict)
    """Who joined late, and after which round."""
    took_over: dict[str, str] = field(default_factory=dict)
    """Who took over a seat, and from whom."""

    @classmethod
    def opening(
        cls, players: Sequence[str], winner: Winner, carried_in: Mapping[str, int] = NO_TOTALS
    ) -> SeatBook:
        """The book before the first round: every player at 0, or at the total they carried
        in (``carried_in``, checked by :func:`checked_starting_totals`), never set.

        >>> book = SeatBook.opening(("Ann", "Bob"), Winner.HIGHEST, {"Ann": 40})
        >>> book.totals, book.sets, book.starting
        ({'Ann': 40, 'Bob': 0}, {'Ann': 0, 'Bob': 0}, {'Ann': 40})
        """
        return cls(
            winner=winner,
            order=list(players),
            totals={name: carried_in.get(name, 0) for name in players},
            sets=dict.fromkeys(players, 0),
            starting=dict(carried_in),
        )

    @property
    def playing(self) -> list[str]:
        """The places still at the table (sitting a hand out or not), in column order."""
        return [name for name in self.order if name not in self.left]

    def score(self, points: Mapping[str, int], set_players: Sequence[str]) -> None:
        """Add a round's points (those dealt in) and count the sets of those who missed."""
        for name, gained in points.items():
            self.totals[name] += gained
        for name in set_players:
            self.sets[name] += 1

    def apply(self, change: Join | Leave | TakeOver | SitOut | Adjustment) -> None:
        """Apply one change, its names already as at the table (the timeline checked it)."""
        if isinstance(change, Join):
            start = starting_total(
                change.starting, [self.totals[name] for name in self.playing], self.winner
            )
            self.order.insert(self.order.index(change.left_of) + 1, change.player)
            self.totals[change.player] = start
            self.sets[change.player] = 0
            self.starting[change.player] = start
            self.joined[change.player] = change.after
        elif isinstance(change, Leave):
            self.left[change.player] = change.after
        elif isinstance(change, TakeOver):
            old, new = change.seat, change.player
            self.order[self.order.index(old)] = new
            self.totals[new] = self.totals.pop(old)
            self.sets[new] = self.sets.pop(old)
            self.took_over[new] = old
            for kept in (self.starting, self.joined):  # the seat's start stays the seat's
                if old in kept:
                    kept[new] = kept.pop(old)
        elif isinstance(change, Adjustment):
            self.totals[change.player] += change.points

    def names_of_seat(self, name: str) -> tuple[str, ...]:
        """Everyone who has played the seat ``name`` plays now, first to last."""
        names = [name]
        while names[0] in self.took_over:
            names.insert(0, self.took_over[names[0]])
        return tuple(names)
