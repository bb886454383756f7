"""Table geometry: who deals, who bids when, who leads.

Players are listed in clockwise seating order, so a player's *left* is the next one in the list
(wrapping around) and their *right* the previous one. The deal passes to the left every round.
"""

from __future__ import annotations

from scorepad.engine.variant import BidMode


def left_of(seat: int, players: int) -> int:
    """The seat to the left (clockwise).

    >>> left_of(3, 4)
    0
    """
    return (seat + 1) % players


def dealer_seat(first_dealer: int, round_number: int, players: int) -> int:
    """The dealer of a round (1-based), the deal having passed left once per round.

    >>> [dealer_seat(1, n, 4) for n in range(1, 6)]
    [1, 2, 3, 0, 1]
    """
    return (first_dealer + round_number - 1) % players


def bid_order(dealer: int, players: int, mode: BidMode) -> tuple[int, ...]:
    """Seats in the order they bid; the dealer always last.

    Simultaneous bids have no order at the table; the app still lists them from the dealer's
    left so the scorekeeper reads them around the table.

    >>> bid_order(0, 4, BidMode.SEQUENTIAL_FROM_LEFT)
    (1, 2, 3, 0)
    >>> bid_order(0, 4, BidMode.SEQUENTIAL_FROM_RIGHT)
    (3, 2, 1, 0)
    """
    step = -1 if mode is BidMode.SEQUENTIAL_FROM_RIGHT else 1
    return tuple((dealer + step * offset) % players for offset in range(1, players + 1))
