"""What every screen shares: which screen shows, the message line and a question waiting.

The controllers of the single screens (:mod:`~scorepad.ui.state.home`,
:mod:`~scorepad.ui.state.new_game`, :mod:`~scorepad.ui.state.game`,
:mod:`~scorepad.ui.state.house_rules`) speak to the user only through these. No Flet here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum

from scorepad.i18n import tr


class Screen(StrEnum):
    """Each screen of the app, by the one name it has in every layer.

    The screen named ``x`` is the controller ``ScorepadApp.x`` (its class in
    ``ui/state/x.py``), drawn by ``x_view`` in ``ui/views/x.py``; its address is in
    :data:`SCREENS`. A new screen is a member here, a row there and those two files
    (``tests/ui/test_app_shape.py`` checks that every name agrees).
    """

    PROBLEM = "problem"
    """The store could not be opened: say why and offer the last good backup."""
    HOME = "home"
    """The list of games."""
    NEW_GAME = "new_game"
    """The new-game form: variant, players, who deals first."""
    GAME = "game"
    """The open game: the pad, the sheet, the leaderboard."""
    HOUSE_RULES = "house_rules"
    """A variant as data: copy one and change its rules."""
    PLAYERS = "players"
    """The all-time leaderboard and the roster."""
    PLAYER_PAGE = "player_page"
    """One player's records."""
    LEDGER = "ledger"
    """The money ledger: the games picked settled in the fewest payments."""
    VIEWER = "viewer"
    """A shared table's viewer: the game the table watches, read only (the only screen a
    viewer ever sees, whatever address it asks for)."""

    @property
    def view_module(self) -> str:
        """The module of the screen's Flet view (imported by the views, never here)."""
        return f"scorepad.ui.views.{self.value}"

    @property
    def view_function(self) -> str:
        """The function in :attr:`view_module` that draws the screen."""
        return f"{self.value}_view"


@dataclass(frozen=True)
class ScreenPlace:
    """One row of :data:`SCREENS`: a screen and its address in the browser."""

    screen: Screen
    route: str | None
    """The address, or the start of it where a game's id or a player's name follows (ends
    in ``/``); ``None``: no address of its own (the problem and the viewer screens show
    whatever was asked for, so a reload asks again)."""


SCREENS = (
    ScreenPlace(Screen.PROBLEM, None),
    ScreenPlace(Screen.HOME, "/"),
    ScreenPlace(Screen.NEW_GAME, "/new"),
    ScreenPlace(Screen.GAME, "/game/"),
    ScreenPlace(Screen.HOUSE_RULES, "/rules"),
    ScreenPlace(Screen.PLAYERS, "/players"),
    ScreenPlace(Screen.PLAYER_PAGE, "/players/"),
    ScreenPlace(Screen.LEDGER, "/ledger"),
    ScreenPlace(Screen.VIEWER, None),
)
"""Every screen, its controller and view by its name, and its address: the one place a new
screen is added."""


def route_of(screen: Screen) -> str:
    """The address of ``screen`` (its start, where an id or a name follows).

    >>> route_of(Screen.HOUSE_RULES)
    '/rules'
    """
    route = next(place.route for place in SCREENS if place.screen is screen)
    if route is None:
        raise ValueError(f"the {screen.value} screen has no address of its own")
    return route


class MessageKind(StrEnum):
    INFO = "info"
    ERROR = "error"


@dataclass(frozen=True)
class Message:
    text: str
    kind: MessageKind = MessageKind.INFO
    more: Message | None = None
    """A second part in its own colour, dismissed with the first: of a batch where some files
    were refused and some went through, the refusals are red and the rest are not."""


def _keep_it() -> str:
    # TRANSLATORS: the button that answers a question by changing nothing ("Delete round 3?")
    return tr("Keep it")


@dataclass(frozen=True)
class Confirmation:
    """An action waiting for a second tap: one that loses something if tapped by mistake, or
    one that brings something in the user should see first (a game in a link).

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
    loses: bool = True
    """Whether going ahead loses something (the button is drawn in the error colour); a
    question that only adds (import the game in a link) is asked in the usual colours."""
    keep: str = field(default_factory=_keep_it)
    """The other button's text: everything stays as it is (in the reader's language, made
    with the question)."""
