"""Every screen has an address: ``/`` the game list, ``/new`` a new game, ``/rules`` the house
rules, ``/game/<id>`` one game, ``/players`` the players, ``/players/<name>`` one player and
``/ledger`` the money ledger; ``/link/<token>`` is a game's link opened (the page makes it
of ``#game=<token>``: see :mod:`~scorepad.ui.state.game_links`).

The browser keeps the address of the screen on show, so a reload, a restart of the server or a
reconnect comes back to that screen (the round being entered is saved with its game after
every tap, so it comes back too), and the browser's back button leaves a game for the list.
:func:`place_at` and :attr:`Place.route` translate between addresses and places;
:class:`Routes` (the app's ``routes``) tells the address of the screen on show and shows the
screen at an address. Game ids are checked by the store before they touch a file name.
No Flet here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol
from urllib.parse import quote, unquote, urlsplit

from scorepad.engine import quoted
from scorepad.i18n import describe, tr
from scorepad.sharing.errors import ViewerCannotEditError
from scorepad.store import GameIdError, GameNotFoundError, StoreError
from scorepad.ui.state.app_services import AppActions, AtTable, TableNews
from scorepad.ui.state.errors import ActionRefused
from scorepad.ui.state.game import GameController
from scorepad.ui.state.game_links import LINK_PATH, GameLinks
from scorepad.ui.state.house_rules import HouseRules
from scorepad.ui.state.ledger import MoneyLedger
from scorepad.ui.state.new_game import NewGame
from scorepad.ui.state.player_page import PlayerPage
from scorepad.ui.state.players import Players
from scorepad.ui.state.screens import SCREENS, Screen, route_of
from scorepad.ui.state.viewer import Viewer


class RoutesApp(AppActions, AtTable, Protocol):
    """What the addresses use of the app: every screen they open, and the way home that
    cannot wait to ask (the browser's back)."""

    @property
    def game(self) -> GameController: ...

    @property
    def new_game(self) -> NewGame: ...

    @property
    def house_rules(self) -> HouseRules: ...

    @property
    def players(self) -> Players: ...

    @property
    def player_page(self) -> PlayerPage: ...

    @property
    def ledger(self) -> MoneyLedger: ...

    @property
    def viewer(self) -> Viewer: ...

    @property
    def links(self) -> GameLinks: ...

    @property
    def live(self) -> TableNews: ...

    def go_home_now(self) -> None: ...


HOME_ROUTE = route_of(Screen.HOME)
NEW_GAME_ROUTE = route_of(Screen.NEW_GAME)
RULES_ROUTE = route_of(Screen.HOUSE_RULES)
GAME_ROUTE_PREFIX = route_of(Screen.GAME)
GAME_ROUTE_EXAMPLE = f"{GAME_ROUTE_PREFIX}1a2b3c4d"
LEDGER_ROUTE = route_of(Screen.LEDGER)
PLAYERS_ROUTE = route_of(Screen.PLAYERS)
PLAYER_ROUTE_PREFIX = route_of(Screen.PLAYER_PAGE)
"""A player's page: the name follows, percent-encoded (``/players/Ann%20Lee``)."""
LINK_ROUTE_PREFIX = LINK_PATH
"""A game's link opened: its token follows. Not a screen: the list of games asks whether to
import the game."""

SCREEN_ROUTES = {
    place.screen: place.route
    for place in SCREENS
    if place.route is not None and (place.route == HOME_ROUTE or not place.route.endswith("/"))
}
"""The screens whose address names nothing but the screen."""
ROUTE_SCREENS = {route: screen for screen, route in SCREEN_ROUTES.items()}


class RouteError(ActionRefused):
    """An address that shows no screen; the app shows the list of games with this message."""

    def __init__(self, route: str, message: str) -> None:
        self.route = route
        super().__init__(message)


class UnknownRouteError(RouteError):
    """An address of no screen at all (``/x``, ``/../x``).

    >>> str(UnknownRouteError("/../x"))
    "there is no page at '/../x'; here is the list of games"
    """

    def __init__(self, route: str) -> None:
        super().__init__(
            route,
            tr("there is no page at {address}; here is the list of games").format(
                address=quoted(route)
            ),
        )


class GameRouteError(RouteError):
    """A game's address whose game cannot be opened: not a game id, no such game (deleted,
    say), or a file that cannot be read."""

    def __init__(self, route: str, problem: StoreError) -> None:
        self.problem = problem
        # the store's own messages quote the whole id, however long the typed address
        address = quoted(route)
        if isinstance(problem, GameIdError):
            message = tr(
                "there is no game at {address}: a game's address ends in its 8-character id "
                "(0-9, a-f), like {example}; here is the list of games"
            ).format(address=address, example=GAME_ROUTE_EXAMPLE)
        elif isinstance(problem, GameNotFoundError):
            message = tr(
                "there is no game at {address}: no game has that id (it may have been "
                "deleted); here is the list of games"
            ).format(address=address)
        else:
            message = tr(
                "cannot open the game at {address}: {problem}; here is the list of games"
            ).format(address=address, problem=describe(problem))
        super().__init__(route, message)


@dataclass(frozen=True)
class Place:
    """A screen the address bar can name: one of :data:`SCREEN_ROUTES`, or a game by its id."""

    screen: Screen
    game_id: str | None = None
    player: str | None = None
    link: str | None = None
    """A game's link opened (its token), over the list of games."""

    @property
    def route(self) -> str:
        """The address of this place.

        >>> Place(Screen.GAME, "1a2b3c4d").route
        '/game/1a2b3c4d'
        >>> Place(Screen.NEW_GAME).route
        '/new'
        """
        if self.screen is Screen.GAME and self.game_id is not None:
            return GAME_ROUTE_PREFIX + self.game_id
        if self.screen is Screen.PLAYER_PAGE and self.player is not None:
            return PLAYER_ROUTE_PREFIX + quote(self.player, safe="")
        return SCREEN_ROUTES.get(self.screen, HOME_ROUTE)


def place_at(route: str) -> Place:
    """The place an address names; :class:`UnknownRouteError` when it names none.

    A query string and one trailing slash are ignored. The game id is not checked here: the
    store refuses anything but a game id when the game is opened.

    >>> place_at("/game/1a2b3c4d/?from=home")
    Place(screen=<Screen.GAME: 'game'>, game_id='1a2b3c4d', player=None, link=None)
    >>> place_at("")
    Place(screen=<Screen.HOME: 'home'>, game_id=None, player=None, link=None)
    >>> place_at("/players/Ann%20Lee").player
    'Ann Lee'
    >>> place_at("/link/1.eNqrVg").link
    '1.eNqrVg'
    """
    try:
        path = urlsplit(route).path
    except ValueError:  # an address urllib cannot take apart ("//[x")
        raise UnknownRouteError(route) from None
    if len(path) > 1 and path.endswith("/"):
        path = path[:-1]
    if path in ("", HOME_ROUTE):
        return Place(Screen.HOME)
    if path in ROUTE_SCREENS:
        return Place(ROUTE_SCREENS[path])
    if path.startswith(GAME_ROUTE_PREFIX):
        return Place(Screen.GAME, path.removeprefix(GAME_ROUTE_PREFIX))
    if path.startswith(PLAYER_ROUTE_PREFIX):
        return Place(Screen.PLAYER_PAGE, player=unquote(path.removeprefix(PLAYER_ROUTE_PREFIX)))
    if path == LINK_ROUTE_PREFIX.rstrip("/"):  # "#game=" with nothing after it
        return Place(Screen.HOME, link="")
    if path.startswith(LINK_ROUTE_PREFIX):
        return Place(Screen.HOME, link=unquote(path.removeprefix(LINK_ROUTE_PREFIX)))
    raise UnknownRouteError(route)


class Routes:
    """The address of the screen on show, and the screen at an address."""

    def __init__(self, app: RoutesApp) -> None:
        self._app = app
        self._problem_route = HOME_ROUTE
        """The address asked for while the store cannot be opened: kept in the address bar."""
        self._asked: str | None = None
        """The address a viewer asked for: shown if the session may edit after all (the
        scorekeeper's own page is a viewer until its device is recognised)."""

    def take_asked(self) -> str | None:
        """The address asked for while this session was a viewer (once), if it names a
        screen other than the list of games."""
        asked, self._asked = self._asked, None
        if asked is None:
            return None
        try:
            place = place_at(asked)
        except RouteError:
            return None
        return None if place == Place(Screen.HOME) else asked

    @property
    def place(self) -> Place:
        """The screen on show, as an address names it."""
        app = self._app
        session = app.game.session
        if app.screen is Screen.GAME and session is not None:
            return Place(Screen.GAME, session.stored.id)
        if app.screen is Screen.PLAYER_PAGE and app.player_page.name is not None:
            return Place(Screen.PLAYER_PAGE, player=app.player_page.name)
        if app.screen in SCREEN_ROUTES:
            return Place(app.screen)
        return Place(Screen.HOME)

    @property
    def current(self) -> str:
        """The address of the screen on show: the browser keeps it in its address bar and
        history, and hands it back to :meth:`open` on a reload or a reconnect."""
        if self._app.screen is Screen.PROBLEM:
            return self._problem_route
        if self._app.screen is Screen.VIEWER:
            return self._viewer_route()
        return self.place.route

    def _viewer_route(self) -> str:
        """A viewer's address names the game its screen shows, the one the table watches (so
        a phone that follows the table to another game never keeps the old game's address);
        the join address while it shows none."""
        viewer = self._app.viewer
        shown = viewer.game_id if viewer.session is not None else None
        return HOME_ROUTE if shown is None else Place(Screen.GAME, shown).route

    def open(self, route: str) -> None:
        """Show the screen at ``route``: an address typed or reloaded, the browser coming back
        after a restart of the server, or its back button.

        The screen already on show stays as it is (so a reload, or the browser confirming the
        address the app gave it, loses nothing: not the form, not the message). The new-game
        form's address reached from a game (back after starting it) shows the list of games,
        as back from any game does. An address of
        no screen, or of a game that cannot be opened, shows the list of games with a line
        saying why. While the store cannot be opened the problem screen stays, and the address
        is kept for later. A viewer sees the viewer screen at any address (one naming
        anything but the shared game is refused with a line saying so, and logged).
        """
        app = self._app
        if not app.access.can_edit:
            self._open_as_viewer(route)
            return
        if app.screen is Screen.PROBLEM:
            self._problem_route = route
            return
        try:
            place = place_at(route)
        except RouteError as problem:
            # TRANSLATORS: completes "Something went wrong while trying to …"
            with app.action(tr("open the page")):
                app.show_home()
                raise problem from None
            return
        if place == self.place:
            return
        self._show(route, place)

    def _show(self, route: str, place: Place) -> None:
        """Show ``place`` (not the one on show), reached at ``route``."""
        app = self._app
        if place.link is not None:
            app.links.open_link(place.link)
        elif place.screen is Screen.NEW_GAME and app.screen is Screen.GAME:
            # Back from a game goes home, even from a game the new-game form just started:
            # Flet cannot replace the form's address in the browser's history with the
            # game's, so back lands on ``/new``; its form is used up and showing it blank
            # would only make the player press back again.
            app.go_home_now()
        elif place.screen is Screen.NEW_GAME:
            app.new_game.open()
        elif place.screen is Screen.HOUSE_RULES:
            app.house_rules.open()
        elif place.screen is Screen.LEDGER:
            app.ledger.open()
        elif place.screen is Screen.PLAYERS:
            app.players.open()
        elif place.screen is Screen.PLAYER_PAGE:
            app.player_page.open(place.player or "")
        elif place.game_id is None:
            app.go_home_now()
        else:
            self._open_game(route, place.game_id)

    def game_to_keep(self, kept: str | None) -> str | None:
        """The game this device should come back to if the app were closed now, given the one
        it keeps (``kept``): the game on show; none on the list of games; on any other screen
        (the players, the ledger, reached from either) what it kept already.

        A reload comes back by its address; a browser closed and opened again starts at the
        app's own address (``/``), so the device keeps this and :meth:`come_back_to` uses it.
        """
        if self._app.screen is Screen.GAME:
            return self.place.game_id
        if self._app.screen is Screen.HOME:
            return None
        return kept

    def come_back_to(self, game_id: str) -> None:
        """Show the game this device kept as open when the app was last left (see
        :meth:`game_to_keep`), as a reload would have: only from the list of games the app
        opened on, and only a game still stored. A game deleted since (or another browser's
        id, or anything else in that storage) is simply not come back to, without a word:
        the list of games is where the user would have gone anyway."""
        app = self._app
        if not app.access.can_edit or app.screen is not Screen.HOME:
            return
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with app.action(tr("open the game")):
            try:
                stored = app.reader.load_game(game_id)  # refuses anything but a game id
            except StoreError:
                return
            app.game.show(stored)

    def _open_as_viewer(self, route: str) -> None:
        app = self._app
        self._asked = route
        if app.screen is not Screen.VIEWER:
            app.live.follow_role()
        if app.access.device is not None:
            self.refuse_asked()
        # else: a page not yet recognised (the scorekeeper's own, until its token is
        # checked): the address waits for :meth:`take_asked` or :meth:`refuse_asked`
        if route != self.current:  # the join address typed, or back: the bar names the game
            app.refresh()

    def refuse_asked(self) -> None:
        """A viewer asked for an address of anything but the join address or the game the
        table watches: say it is refused (and log it), once."""
        asked = self._asked
        if asked is None:
            return
        try:
            place: Place | None = place_at(asked)
        except RouteError:
            place = None
        if place in (Place(Screen.HOME), Place(Screen.GAME, self._app.table.shared_game)):
            return
        self._asked = None
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("open the page")):
            self._app.access.refused(f"open {quoted(asked)}")
            # TRANSLATORS: completes "this screen only views the game: enter the PIN to …"
            raise ViewerCannotEditError(tr("open {address}").format(address=quoted(asked)))

    def _open_game(self, route: str, game_id: str) -> None:
        app = self._app
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with app.action(tr("open the game")):
            try:
                stored = app.reader.load_game(game_id)  # refuses anything but a game id
            except StoreError as problem:
                app.show_home()
                raise GameRouteError(route, problem) from None
            app.show_home()  # close whatever was open before showing this game
            app.game.show(stored)
