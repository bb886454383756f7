"""Driving the app state the way a user's taps do (shared by the state tests)."""

from __future__ import annotations

from collections.abc import Sequence

from scorepad.engine import Suit
from scorepad.ui.state import ChoiceKey, MessageKind, RoundEntryState, ScorepadApp, Stage


def start(
    app: ScorepadApp,
    variant: str,
    players: Sequence[str],
    dealer: str | None = None,
    stake: int | None = None,
) -> None:
    """Start a game of a preset (``"golf"``) or of any choice key (``"saved:Odd Golf"``)."""
    app.new_game.open()
    app.new_game.choose_variant(
        ChoiceKey.parse(variant) if ":" in variant else ChoiceKey.preset(variant)
    )
    for name in players:
        assert app.new_game.add_player(name), (
            app.new_game.form.name_error if app.new_game.form else None
        )
    if dealer is not None:
        app.new_game.choose_dealer(dealer)
    if stake is not None:
        app.new_game.set_stake(stake)
    app.new_game.start_game()
    assert app.message is None, app.message
    assert app.game.session is not None


def play_round(
    app: ScorepadApp,
    bids: dict[str, int] | None = None,
    tricks: dict[str, int] | None = None,
    suit: Suit = Suit.SPADES,
) -> None:
    """Play the next round through the pad, each tap the one the pad asks for. Without
    ``bids`` each player bids the lowest number the pad allows; without ``tricks`` the first
    in order takes every trick."""
    session = app.game.session
    assert session is not None
    while (entry := session.entry) is not None and entry.stage is not Stage.CONFIRM:
        tap_for(app, entry, bids=bids, tricks=tricks, suit=suit)
    app.game.confirm_round()
    assert app.message is None or app.message.kind is MessageKind.INFO, app.message


def tap_for(
    app: ScorepadApp,
    entry: RoundEntryState,
    bids: dict[str, int] | None = None,
    tricks: dict[str, int] | None = None,
    suit: Suit = Suit.SPADES,
) -> None:
    """The one tap ``entry`` is waiting for: the turned suit, "go", or a number on the pad
    (from ``bids`` and ``tricks``; else the lowest bid allowed, and every trick to the first
    in order)."""
    if entry.stage is Stage.TRUMP:
        app.game.choose_trump(suit)
    elif entry.stage is Stage.GO:
        app.game.say_go()
    else:
        player = entry.active
        assert player is not None
        if entry.stage is Stage.BIDS:
            value = bids[player] if bids else next(k.value for k in entry.pad if k.enabled)
        else:
            first = entry.setup.bid_order[0]
            value = tricks[player] if tricks else (entry.setup.cards if player == first else 0)
        app.game.tap_number(value)
    assert app.message is None or app.message.kind is MessageKind.INFO, app.message
