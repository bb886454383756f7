"""Small builders that keep test tables readable: bids and tricks listed in seating order."""

from __future__ import annotations

from collections.abc import Sequence

from scorepad.engine import Game, RoundRecord, Suit


def round_of(
    game: Game, bids: Sequence[int], tricks: Sequence[int], turned: Suit | str | None = "auto"
) -> RoundRecord:
    """A round record for ``game``'s next round; ``turned="auto"`` picks clubs unless the whole
    deck is dealt."""
    players = game.players
    if turned == "auto":
        setup = game.next_round
        assert setup is not None
        turned = None if not setup.card_turned else Suit.CLUBS
    return RoundRecord(
        turned=Suit(turned) if turned is not None else None,
        bids=dict(zip(players, bids, strict=True)),
        tricks=dict(zip(players, tricks, strict=True)),
    )


def play(
    game: Game, bids: Sequence[int], tricks: Sequence[int], turned: Suit | str | None = "auto"
) -> Game:
    return game.record_round(round_of(game, bids, tricks, turned))


def zero_round(game: Game) -> RoundRecord:
    """A legal next round: nobody bids, the leader takes every trick (so the hook never bites:
    the bids add up to 0, never to the cards)."""
    setup = game.next_round
    assert setup is not None
    dealt_in = [name for name in game.sheet.players if name in setup.bid_order]
    return RoundRecord(
        turned=None if not setup.card_turned else Suit.DIAMONDS,
        bids=dict.fromkeys(dealt_in, 0),
        tricks={p: setup.cards if p == setup.leader else 0 for p in dealt_in},
    )
