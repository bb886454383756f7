"""What a screen's controller may use of the app, as protocols.

A controller is handed the app, but typed as one of these: it sees the few things a screen
needs (run an action, put up a message, ask first, read the store, show the game list) and
nothing else, so a controller cannot reach into another controller's insides or the app's
plumbing. Each controller module adds, in its own protocol, the one or two neighbours it
really needs (the open game, the ledger, ...), which keeps the imports in ``ui/state`` one
way: controllers import this module, :mod:`~scorepad.ui.state.app_state` imports the
controllers, never the other way round (an import-linter contract checks there is no
cycle). :class:`~scorepad.ui.state.app_state.ScorepadApp` satisfies every protocol here;
mypy proves it where the app hands itself to each controller.
"""

from __future__ import annotations

import random
from contextlib import AbstractContextManager
from typing import Protocol

from scorepad.sharing import SharedTable
from scorepad.store import Store, StoredGame, StoreReader
from scorepad.ui.state.access import Access
from scorepad.ui.state.listings import Listings
from scorepad.ui.state.screens import Confirmation, Message, Screen

__all__ = ["AppActions", "AtTable", "DealerDraw", "TableNews"]


class AppActions(Protocol):
    """What every screen's controller may use.

    ``action`` is the only way a change is made: it reports a failure as a message and
    redraws. ``reader`` is the games to read (every session); ``store`` the games to change
    (an editor's: a viewer is refused there). ``show_home`` leaves whatever screen is open
    for the game list (inside an action); ``refresh`` redraws without a change of data.
    """

    screen: Screen
    message: Message | None
    confirmation: Confirmation | None

    @property
    def lists(self) -> Listings: ...

    @property
    def reader(self) -> StoreReader: ...

    @property
    def store(self) -> Store: ...

    def action(self, what: str) -> AbstractContextManager[None]: ...

    def ask(self, confirmation: Confirmation) -> None: ...

    def refresh(self) -> None: ...

    def show_home(self) -> None: ...


class AtTable(Protocol):
    """What the shared table's controllers may use beside :class:`AppActions`: the one
    table of the server, who this session is at it, and the store itself for the one write
    a viewer may make (a bid from its own seat)."""

    @property
    def table(self) -> SharedTable: ...

    @property
    def access(self) -> Access: ...

    @property
    def seat_store(self) -> Store: ...


class TableNews(Protocol):
    """What a controller tells the table (``app.live``): a game it changed, so that every
    other session shows it, and a change of this session's role."""

    def shared(self, stored: StoredGame) -> None: ...

    def follow_role(self) -> None: ...


class DealerDraw(Protocol):
    """The random draw of the first dealer (seedable, so tests can know who deals)."""

    @property
    def rng(self) -> random.Random: ...
