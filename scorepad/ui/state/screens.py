"""What every screen shares: which screen shows, the message line and a question waiting.

The controllers of the single screens (:mod:`~scorepad.ui.state.home`,
:mod:`~scorepad.ui.state.new_game`, :mod:`~scorepad.ui.state.game_session`,
:mod:`~scorepad.ui.state.house_rules`) speak to the user only through these. No Flet here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum


class Screen(StrEnum):
    PROBLEM = "problem"
    """The store could not be opened: say why and offer the last good backup."""
    HOME = "home"
    SETUP = "setup"
    GAME = "game"
    RULES = "rules"
    PLAYERS = "players"
    """The all-time leaderboard and the roster."""
    PLAYER = "player"
    """One player's records."""
    LEDGER = "ledger"
    """The money ledger: the games picked settled in the fewest payments."""
    VIEWER = "viewer"
    """A shared table's viewer: the game the table watches, read only (the only screen a
    viewer ever sees, whatever address it asks for)."""


class MessageKind(StrEnum):
    INFO = "info"
    ERROR = "error"


@dataclass(frozen=True)
class Message:
    text: str
    kind: MessageKind = MessageKind.INFO


@dataclass(frozen=True)
class Confirmation:
    """An action that loses something if tapped by mistake, waiting for a second tap.

    The screen shows the question with a button to go ahead and one to keep everything as it
    is; the action runs only on :meth:`ScorepadApp.confirm
    <scorepad.ui.state.app_state.ScorepadApp.confirm>`.
    """

    question: str
    """"Delete round 2?" """
    detail: str
    """What happens, and how to take it back."""
    go_ahead: str
    """The confirming button's text ("Delete round 2")."""
    action: Callable[[], None]
