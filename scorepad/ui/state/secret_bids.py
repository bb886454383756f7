"""Who has bid in secret, who is still to, and who bids without a phone (a simultaneous round,
before "Ready, set, go!").

In a round whose bids are shown at once, each seated phone hides its bid on the table until the
go; a player without a phone (no seat claimed) shows fingers at the go, and the scorekeeper
enters that bid after it, on the pad, which then waits on it (the engine's pad asks for the
first bid still missing). So the phones are all in once every *seated* player has bid in
secret: that is the "last bid" the table's "Reveal when the last bid is in" waits for (see
docs/rules.md, the shared table). Names only here, never a number. No Flet here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from scorepad.engine import RoundSetup, Stage
from scorepad.i18n import tr, tr_n
from scorepad.sharing.table import SharedTable


class RoundOnTheTable(Protocol):
    """What is read of a round being entered (the engine's entry state, or the screen's)."""

    @property
    def number(self) -> int: ...

    @property
    def stage(self) -> Stage: ...

    @property
    def setup(self) -> RoundSetup: ...


def names_and(names: Sequence[str]) -> str:
    """Names as a sentence says them.

    >>> names_and(["Dan"]), names_and(["Cat", "Dan"]), names_and(["Ann", "Bob", "Cat"])
    ('Dan', 'Cat and Dan', 'Ann, Bob and Cat')
    """
    if len(names) < 2:
        return "".join(names)
    # TRANSLATORS: names in a sentence ("Ann, Bob and Cat"): {names} are all but the last
    return tr("{names} and {last}").format(names=tr(", ").join(names[:-1]), last=names[-1])


@dataclass(frozen=True)
class HiddenBids:
    """The round waiting for the go: who has bid in secret (from a phone, or before a seat was
    released), who holds a seat and is still to bid, and who has no phone (no seat, no bid)."""

    bid: tuple[str, ...]
    waiting: tuple[str, ...]
    """Seated players who have not bid yet: the phones the last bid is waited for from."""
    without_phone: tuple[str, ...] = ()
    """Players no phone sits as, with no bid on the table: they show fingers at the go and
    the scorekeeper enters their bids after it."""

    @property
    def every_phone_in(self) -> bool:
        """Every seated phone has bid (and one at least): the last bid is in."""
        return bool(self.bid) and not self.waiting

    @property
    def words(self) -> str:
        """The line every screen shows: names only, never a number.

        >>> HiddenBids(("Ann", "Bob"), ("Cy",)).words
        'Bid: Ann, Bob · waiting for Cy'
        >>> HiddenBids((), ("Ann", "Bob")).words
        'No bids yet · waiting for Ann, Bob'
        >>> HiddenBids(("Ann", "Bob"), ()).words
        'Bid: Ann, Bob · everyone has bid'
        >>> HiddenBids(("Ann",), ("Bob",), ("Dan",)).words
        'Bid: Ann · waiting for Bob · Dan has no phone'
        >>> HiddenBids(("Ann", "Bob"), (), ("Cat", "Dan")).words
        'Bid: Ann, Bob · every phone has bid · Cat and Dan have no phone'
        >>> HiddenBids((), (), ("Ann", "Bob")).words
        'No bids yet · no seat is claimed'
        """
        if not self.bid and not self.waiting:
            # TRANSLATORS: the secret bids of a round: nobody has bid, no phone holds a seat
            return tr("No bids yet · no seat is claimed")
        # TRANSLATORS: the secret bids of a round: who has bid on their phone (names only)
        done = tr("Bid: {players}").format(players=tr(", ").join(self.bid))
        if not self.bid:
            # TRANSLATORS: the secret bids of a round: nobody has bid yet
            done = tr("No bids yet")
        if self.waiting:
            # TRANSLATORS: the secret bids of a round: the phones still to bid
            rest = tr("waiting for {players}").format(players=tr(", ").join(self.waiting))
        elif self.without_phone:
            # TRANSLATORS: the secret bids of a round: every seated phone has bid
            rest = tr("every phone has bid")
        else:
            # TRANSLATORS: the secret bids of a round: every player has bid
            rest = tr("everyone has bid")
        parts = [done, rest]
        if self.without_phone:
            parts.append(no_phone(self.without_phone))
        return " · ".join(parts)


def no_phone(players: Sequence[str]) -> str:
    """Who bids without a phone, as the screens say it.

    >>> no_phone(["Dan"]), no_phone(["Cat", "Dan"])
    ('Dan has no phone', 'Cat and Dan have no phone')
    """
    # TRANSLATORS: players who bid by showing fingers at the go ("Cat and Dan have no phone")
    return tr_n("{players} has no phone", "{players} have no phone", len(players)).format(
        players=names_and(players)
    )


def hidden_bids_in(
    table: SharedTable, game_id: str, entry: RoundOnTheTable | None
) -> HiddenBids | None:
    """Who has bid in secret in ``entry``'s round, in bidding order, while it waits for the
    go (else ``None``): the one reading every screen shows, the scorekeeper's and the phones'."""
    if entry is None or entry.stage is not Stage.GO:
        return None
    bidders = table.hidden_bidders(game_id, entry.number)
    seated = table.seats(game_id)
    order = entry.setup.bid_order
    return HiddenBids(
        bid=tuple(name for name in order if name in bidders),
        waiting=tuple(name for name in order if name not in bidders and name in seated),
        without_phone=tuple(name for name in order if name not in bidders and name not in seated),
    )
