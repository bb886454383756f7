"""Driving the app state the way a user's taps do (shared by the state tests)."""

from __future__ import annotations

from collections.abc import Sequence

from scorepad.engine import Suit
from scorepad.ui.state import ScorepadApp, Stage


class TapCounter:
    """Wraps the app and counts the taps a round takes."""

    def __init__(self, app: ScorepadApp) -> None:
        self.app = app
        self.taps = 0

    def tap(self, action: str, *args: object) -> None:
        self.taps += 1
        getattr(self.app, action)(*args)
        message = self.app.message
        assert message is None or message.kind == "info", message


def start(
    app: ScorepadApp,
    variant: str,
    players: Sequence[str],
    dealer: str | None = None,
    stake: int | None = None,
) -> None:
    """Start a game of a preset (``"golf"``) or of any choice key (``"saved:Odd Golf"``)."""
    app.new_game()
    app.choose_variant(variant if ":" in variant else f"preset:{variant}")
    for name in players:
        assert app.add_player(name), app.setup.name_error if app.setup else None
    if dealer is not None:
        app.choose_dealer(dealer)
    if stake is not None:
        app.set_stake(stake)
    app.start_game()
    assert app.message is None, app.message
    assert app.session is not None


def play_round(
    app: ScorepadApp,
    bids: dict[str, int] | None = None,
    tricks: dict[str, int] | None = None,
    suit: Suit = Suit.SPADES,
) -> int:
    """Play the next round through the pad; returns the taps it took. Without ``bids`` each
    player bids the lowest number the pad allows; without ``tricks`` the first in order takes
    every trick."""
    counter = TapCounter(app)
    session = app.session
    assert session is not None
    entry = session.entry
    assert entry is not None
    if entry.stage is Stage.TRUMP:
        counter.tap("choose_trump", suit)
    entry = session.entry
    assert entry is not None
    if entry.stage is Stage.GO:
        counter.tap("say_go")
    while (entry := session.entry) is not None and entry.stage is Stage.BIDS:
        player = entry.active
        assert player is not None
        value = bids[player] if bids is not None else next(k.value for k in entry.pad if k.enabled)
        counter.tap("tap_number", value)
    order = entry.setup.bid_order if entry else ()
    while (entry := session.entry) is not None and entry.stage is Stage.TRICKS:
        player = entry.active
        assert player is not None
        value = (
            tricks[player]
            if tricks is not None
            else (entry.setup.cards if player == order[0] else 0)
        )
        counter.tap("tap_number", value)
    counter.tap("confirm_round")
    return counter.taps
