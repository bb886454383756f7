"""This session and the shared table: its changes told, the others' shown, its role followed.

Every session of the server (each browser tab, the desktop window) has its own app on the one
:class:`~scorepad.sharing.table.SharedTable`. A game changed here is announced to the table
(:meth:`TableLink.shared`); the views hand this session every announcement, from whichever
session made it, on this session's own loop (:meth:`TableLink.event`), and it is shown: the
open game loaded again, a viewer's game read again, the scorekeeper's share panel redrawn.
A role that changes (the token recognised, the PIN entered or changed) changes the screens
(:meth:`TableLink.follow_role`). No Flet here.
"""

from __future__ import annotations

import logging
from typing import Protocol

from scorepad.i18n import N_, tr
from scorepad.sharing.table import AccessChanged, GameChanged, TableEvent
from scorepad.store import StoreError
from scorepad.store.models import StoredGame
from scorepad.ui.state.app_services import AppActions, AtTable
from scorepad.ui.state.game import GameController
from scorepad.ui.state.routes import GAME_ROUTE_PREFIX, Routes
from scorepad.ui.state.screens import Message, Screen
from scorepad.ui.state.viewer import Viewer


class TableLinkApp(AppActions, AtTable, Protocol):
    """What the link to the table uses of the app: the screens a change from elsewhere
    redraws, and the viewer's screen a session is put on when it may no longer edit."""

    @property
    def game(self) -> GameController: ...

    @property
    def viewer(self) -> Viewer: ...

    @property
    def routes(self) -> Routes: ...

    @property
    def store_problem(self) -> StoreError | None: ...

    def show_viewer(self) -> None: ...


log = logging.getLogger("scorepad.ui")

PIN_CHANGED = N_(
    "The PIN was changed: this screen only views the game now. Enter the new PIN to keep "
    "score again."
)
"""Said to a PIN holder when the scorekeeper changed the PIN (``tr(PIN_CHANGED)`` where said)."""


class TableLink:
    """``app.live``: what this session tells the table, and what it shows of the others."""

    def __init__(self, app: TableLinkApp) -> None:
        self._app = app

    def follow_role(self) -> None:
        """Show the screens of this session's role as it is now: a viewer (the PIN changed
        on the scorekeeper's screen, say) sees only the viewer screen; a session that may
        edit now (the scorekeeper's token recognised, the PIN entered) leaves the viewer
        screen for the address it asked for, or else the game the table is watching."""
        app = self._app
        can_edit = app.access.can_edit
        if not can_edit and app.screen is not Screen.VIEWER:
            was_editing = app.screen is not Screen.PROBLEM
            app.show_viewer()
            if was_editing and app.access.device is not None:
                app.message = Message(tr(PIN_CHANGED))
            app.refresh()
        elif not can_edit and app.access.device is not None:
            app.routes.refuse_asked()  # the address the page was opened at, now recognised
            app.refresh()  # its seat and its secret bid, known by the device now recognised
        elif can_edit and app.screen is Screen.VIEWER:
            readable = app.store_problem is None
            app.screen = Screen.HOME if readable else Screen.PROBLEM
            asked = app.routes.take_asked()
            watched = app.table.shared_game
            if asked is not None:
                app.routes.open(asked)
            elif watched is not None and readable:
                app.routes.open(GAME_ROUTE_PREFIX + watched)
            app.refresh()

    def shared(self, stored: StoredGame) -> None:
        """A game this session has just changed (or opened to play) is the one the table
        watches: tell every session (editors with it open show it, viewers follow it)."""
        app = self._app
        table = app.table
        try:
            if table.sharing and app.access.can_edit and app.access.device is not None:
                table.share_game(app.access.device, stored.id)
            table.announce(GameChanged(stored.id, stored.revision))
        except Exception:  # the change itself is saved: telling the others is a courtesy
            log.exception("could not tell the table that game %s changed", stored.id)

    def catch_up(self) -> None:
        """The browser rejoined this session (a phone woke up, a reload): the changes made at
        the table meanwhile were never shown here; show the table as it is now."""
        app = self._app
        try:
            self.follow_role()
            if app.screen is Screen.VIEWER:
                app.viewer.refresh()
            elif app.game.session is not None:
                app.game.changed_elsewhere(app.game.session.stored.id, None)
            app.refresh()
        except Exception:
            log.exception("could not catch up with the table")

    @property
    def sheet_behind(self) -> bool:
        """A viewer's sheet still shows the game before the change just shown: the views
        call :meth:`catch_up_sheet` a moment later (see :meth:`Viewer.refresh
        <scorepad.ui.state.viewer.Viewer.refresh>`)."""
        app = self._app
        return app.screen is Screen.VIEWER and app.viewer.sheet_behind

    def catch_up_sheet(self) -> None:
        """Draw the viewer's sheet as the game is now (the moment after a change)."""
        app = self._app
        try:
            if app.screen is Screen.VIEWER and app.viewer.sheet_behind:
                app.viewer.show_the_sheet()
                app.refresh()
        except Exception:
            log.exception("could not bring the sheet up to date")

    def event(self, event: TableEvent) -> None:
        """Something changed at the table, maybe in another session (called on this session's
        own loop): show it. A game changed elsewhere is loaded again (never in the middle of a
        correction: see :meth:`GameController.changed_elsewhere
        <scorepad.ui.state.game.GameController.changed_elsewhere>`); a viewer reads
        the watched game again."""
        app = self._app
        try:
            if isinstance(event, AccessChanged):
                self.follow_role()
            if app.screen is Screen.VIEWER:
                app.viewer.refresh(sheet_later=isinstance(event, GameChanged))
                app.refresh()
            elif isinstance(event, GameChanged):
                if app.screen is Screen.HOME:
                    app.lists.forget()  # the list shows the game's new round
                    app.refresh()
                elif app.game.changed_elsewhere(event.game_id, event.revision):
                    app.refresh()
            elif app.screen is Screen.GAME and app.table.sharing:
                app.refresh()  # the share panel: the PIN, the seats, who has bid
        except Exception:  # a bug here must not stop the next event from being shown
            log.exception("could not show a change at the table (%s)", event)
