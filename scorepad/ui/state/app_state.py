"""The app as plain Python: which screen shows, the message line, the theme, and one controller
per screen.

The Flet views only read this and call the controllers by name: :attr:`ScorepadApp.home` (the
game list), ``new_game`` (the new-game form), ``game`` (the open game with its undo and
corrections) and ``house_rules`` (the rules editor); ``lists`` reads what they list and
``routes`` gives each screen its address. Tests drive the same objects directly, without a
browser. Each action runs in :meth:`ScorepadApp.action`: it either succeeds (and is saved
before it returns) or leaves everything as it was and puts a clear message where the user is
looking. No Flet in this module.

At a shared table (``scorepad --share``) each browser session has its own app on the one
:class:`~scorepad.sharing.table.SharedTable`: :attr:`ScorepadApp.access` says whether this
session may edit, a viewer's :attr:`ScorepadApp.store` refuses every write, and a viewer sees
only the viewer screen (:attr:`ScorepadApp.viewer`) whatever it asks for. Each change of a
game is announced to the table, and every session shows it (:meth:`ScorepadApp.table_event`).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from scorepad.engine import ScorepadError
from scorepad.i18n import N_, describe, tr
from scorepad.sharing import SharedTable, ShareInfo
from scorepad.sharing.errors import ViewerCannotEditError
from scorepad.store import Store, StoreError, StoreReader, open_store
from scorepad.ui.state.access import Access
from scorepad.ui.state.errors import ActionRefused
from scorepad.ui.state.game import GameController
from scorepad.ui.state.game_links import GameLinks
from scorepad.ui.state.home import Home
from scorepad.ui.state.house_rules import HouseRules
from scorepad.ui.state.language import LanguageChoice
from scorepad.ui.state.ledger import MoneyLedger
from scorepad.ui.state.listings import Listings
from scorepad.ui.state.new_game import NewGame
from scorepad.ui.state.player_page import PlayerPage
from scorepad.ui.state.players import Players
from scorepad.ui.state.problem import Problem
from scorepad.ui.state.routes import Routes
from scorepad.ui.state.screens import Confirmation, Message, MessageKind, Screen
from scorepad.ui.state.share_panel import SharePanel
from scorepad.ui.state.table_link import TableLink
from scorepad.ui.state.viewer import Viewer

log = logging.getLogger("scorepad.ui")


# TRANSLATORS: where the details of a problem are written ("the details are in scorepad.log
# in the data folder")
LOG_PLACE = N_("scorepad.log in the data folder")
"""Where the details of a problem are written (see :attr:`ScorepadApp.log_place`)."""


def _keep_nowhere(dark: bool) -> None:
    """No device storage (the app without a browser, in tests): the theme lasts a visit."""


class ScorepadApp:
    """Everything the user can see and do. ``rng`` draws the dealer (seedable for tests)."""

    def __init__(  # noqa: PLR0915  (one statement per part of the app it holds)
        self,
        store: Store | None,
        rng: random.Random | None = None,
        *,
        root: Path | None = None,
        problem: StoreError | None = None,
        table: SharedTable | None = None,
    ) -> None:
        self._store = store
        self.root = store.root if store is not None else root
        self.store_problem = problem
        self.rng = rng or random.Random()
        self.table = table if table is not None else SharedTable.open_table()
        """The server's one table (shared by every session); an open table (no ``--share``)
        makes every session the scorekeeper, as before there was sharing."""
        self.live = TableLink(self)
        """This session and the table: changes announced, changes made elsewhere shown, the
        screens of this session's role."""
        self.access = Access(self.table, on_change=self.live.follow_role)
        """Who this session is at the table: scorekeeper, editor (PIN) or viewer."""
        self.share_info: ShareInfo | None = None
        """The join address and the scorekeeper's, for the share panel (set by the server
        when the table is shared)."""
        self.screen = Screen.HOME if store is not None else Screen.PROBLEM
        if not self.access.can_edit:
            self.screen = Screen.VIEWER
        self.message: Message | None = None
        self.confirmation: Confirmation | None = None
        """An action waiting for the user to confirm it (see :meth:`ask`)."""
        self.dark = False
        self.language = LanguageChoice(self._changed)
        """The language this device reads the app in (its own, or the one picked on it)."""
        self.keep_theme: Callable[[bool], None] = _keep_nowhere
        """Keeps the theme chosen (``dark`` or not) for the next visit: the views hand it the
        device's own storage, so each phone or browser keeps its own choice across a reload
        or a restart of the server (the games' folder is shared by every device)."""
        self.revision = 0
        """Counts changes; the views show it so that a test can wait for a tap's effect."""
        self.saved_through: int | None = None
        """The newest :attr:`revision` whose changes are durable, where saving ends after an
        action returns (in a browser: once IndexedDB holds them, see :meth:`saved`). ``None``
        where every change is durable when the store call returns (a laptop's disk)."""
        self.standing_warning: Message | None = None
        """A warning that stays on screen whatever is tapped or dismissed, for as long as it
        is true: a browser tab that keeps nothing says so on every screen (a dismissed
        warning would leave taps that are silently lost)."""
        self.log_place = LOG_PLACE
        """Where the details of a problem are written, for the words that point there (in a
        browser tab: its developer console), in English marked for the catalogue (the
        process sets it before any reader's language is known): ``tr(app.log_place)`` where
        it is said."""
        self._listeners: list[Callable[[], None]] = []
        self._save_listeners: list[Callable[[], None]] = []
        self.lists = Listings(lambda: self.reader, self._tell)
        """The games, variant choices and roster, read once per screen."""
        self.home = Home(self)
        self.problem = Problem(self)
        """The problem screen: why the games cannot be opened, and their recovery."""
        self.new_game = NewGame(self)
        self.game = GameController(self)
        self.house_rules = HouseRules(self)
        self.players = Players(self)
        """The leaderboard and the roster (rename, merge, undo)."""
        self.player_page = PlayerPage(self)
        """One player's records."""
        self.ledger = MoneyLedger(self)
        """The money ledger: the games picked, each player's net and who pays whom."""
        self.routes = Routes(self)
        """The address of each screen, for the browser's address bar and back button."""
        self.share_panel = SharePanel(self)
        self.links = GameLinks(self)  # a game shared as a link, or opened from one
        """The scorekeeper's panel at a shared table: join address, PIN, seats."""
        self._viewer: Viewer | None = None

    @classmethod
    def open(
        cls, root: Path, rng: random.Random | None = None, *, table: SharedTable | None = None
    ) -> ScorepadApp:
        """The app on the store in ``root`` at ``table`` (``None``: an open table); a store
        that cannot be opened gives the app its problem screen instead of a crash."""
        try:
            return cls(open_store(root), rng, table=table)
        except StoreError as problem:
            log.warning("the store in %s cannot be opened: %s", root, problem)
            return cls(None, rng, root=root, problem=problem, table=table)

    @property
    def reader(self) -> StoreReader:
        """The games to read, for every session: a viewer reads what the table shows."""
        return self.seat_store

    @property
    def store(self) -> Store:
        """The games to change, for an editor. A viewer is refused here (and the attempt
        logged), whatever event asked: before anything it meant to write is read."""
        if not self.access.can_edit:
            self.access.refused("change the game")
            # TRANSLATORS: completes "this screen only views the game: enter the PIN to …"
            raise ViewerCannotEditError(tr("change the game"))
        return self.seat_store

    @property
    def viewer(self) -> Viewer:
        """The viewer screen: the shared game, read only, and a seat to bid from (made when
        first shown: an editor's session never needs it)."""
        if self._viewer is None:
            self._viewer = Viewer(self)
        return self._viewer

    @property
    def seat_store(self) -> Store:
        """The store itself, for the one write a viewer may make: a bid from the seat the
        table lets it hold (:mod:`~scorepad.ui.state.seat_writes` checks the seat first)."""
        if self._store is None:
            raise ActionRefused(
                tr("the games in {folder} cannot be opened: {problem}").format(
                    folder=self.root,
                    problem="None" if self.store_problem is None else describe(self.store_problem),
                )
            )
        return self._store

    def reopen_store(self) -> None:
        """Open the store in :attr:`root` again (after recovery) and show the game list."""
        if self.root is None:
            raise ActionRefused(tr("there is no store folder to open"))
        self._store = open_store(self.root)
        self.store_problem = None
        self.screen = Screen.HOME
        self.lists.forget()

    # --- plumbing --------------------------------------------------------------------------

    def subscribe(self, listener: Callable[[], None]) -> Callable[[], None]:
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    def _changed(self) -> None:
        self._keep_viewers_in_view()
        self.revision += 1
        self._redraw()

    def _redraw(self) -> None:
        for listener in list(self._listeners):
            listener()

    def on_saved(self, listener: Callable[[], None]) -> Callable[[], None]:
        """Call ``listener`` each time more changes are durable (:meth:`saved`); returns the
        way to stop."""
        self._save_listeners.append(listener)
        return lambda: self._save_listeners.remove(listener)

    def saved(self, revision: int) -> None:
        """Every change up to ``revision`` is durable now: show it. Not a change itself (the
        revision stays), so the listener that saves is not asked to save again, and the
        screen is not drawn again: only what shows the saves is (:meth:`on_saved`). In a
        browser a save ends after every tap, and drawing the whole screen again for it cost
        the browser's Python as much as the tap's own drawing, just as the next tap came."""
        self.saved_through = revision
        for listener in list(self._save_listeners):
            listener()

    def warn(self, message: Message) -> None:
        """Put ``message`` where the user is looking from outside any action (saving failed
        after the action returned); like :meth:`saved`, not a change of its own."""
        self.message = message
        self._redraw()

    def _tell(self, message: Message) -> None:
        self.message = message

    @contextmanager
    def action(self, what: str) -> Iterator[None]:
        """Run one user action: report any failure as a message, never as a traceback.

        Any action answers a question left open: the pending confirmation is dropped.
        """
        self.message = None
        self.confirmation = None
        try:
            yield
        except (ScorepadError, StoreError) as problem:
            self.message = Message(describe(problem), MessageKind.ERROR)
        except Exception as problem:  # a bug: keep the app usable and the data safe
            log.exception("unexpected failure while trying to %s", what)
            self.message = Message(
                # TRANSLATORS: {action} is what was tried ("record the round"), {problem} the
                # name of the error (a programmer's word, kept as it is)
                tr(
                    "Something went wrong while trying to {action} ({problem}). "
                    "Nothing was lost: everything recorded so far is saved."
                ).format(action=what, problem=type(problem).__name__),
                MessageKind.ERROR,
            )
        finally:
            self._changed()

    def refresh(self) -> None:
        """Ask the views to draw again (the window changed size, say)."""
        self._changed()

    def dismiss_message(self) -> None:
        self.message = None
        self._changed()

    def toggle_theme(self) -> None:
        """Switch between the light and the dark theme, and keep the choice on this device
        (a device that cannot keep it still switches: the choice lasts until a reload)."""
        self.dark = not self.dark
        try:
            self.keep_theme(self.dark)
        except Exception:  # the theme is a comfort: never let keeping it spoil the switch
            log.exception("could not keep the theme chosen")
        self._changed()

    def go_home(self) -> None:
        """Back to the list of games; a correction with changes not yet saved is asked about
        first, since leaving drops them. A viewer has no list of games: its phone's back
        gesture leaves it on the viewer screen."""
        if self.screen is Screen.VIEWER:
            return
        dropped = self.game.unsaved_correction
        rules = self.house_rules.unsaved
        if rules is not None:
            self.ask(
                Confirmation(
                    question=tr("Leave {rules} without saving?").format(rules=rules),
                    detail=tr(
                        "Your changes to these house rules are dropped. To keep them, tap "
                        "Keep it, then Save house rules."
                    ),
                    # TRANSLATORS: a button that leaves the house rules, dropping their changes
                    go_ahead=tr("Leave without saving"),
                    action=self.go_home_now,
                )
            )
            return
        if dropped is None:
            self.go_home_now()
            return
        self.ask(
            Confirmation(
                question=tr("Leave without saving the correction of round {round}?").format(
                    round=dropped
                ),
                detail=tr(
                    "Round {round} stays as it was recorded. To change it, keep "
                    "correcting and tap Save round {round}."
                ).format(round=dropped),
                # TRANSLATORS: a button that leaves the game, dropping a correction's changes
                go_ahead=tr("Leave without saving"),
                action=self.go_home_now,
            )
        )

    def go_home_now(self) -> None:
        """The list of games at once: the browser's back (for :class:`Routes`), which cannot
        be held up to ask, or after the user said to."""
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self.action(tr("go back to the list of games")):
            self.show_home()

    def show_home(self) -> None:
        """The list of games, with no game open (also for :class:`Routes`, inside an action).

        A correction left unsaved is dropped (the browser's back cannot be held up to ask;
        the app's own ways home ask first), and the message line says so: nothing changes
        without the user knowing.
        """
        dropped = self.game.unsaved_correction
        rules = self.house_rules.unsaved
        self.screen = Screen.HOME
        self.game.close()
        self.lists.forget()
        if dropped is not None:
            self.message = Message(
                tr(
                    "The correction of round {round} was not saved: "
                    "open the game and correct the round again to change it"
                ).format(round=dropped)
            )
        if rules is not None:
            self.message = Message(tr("The changes to {rules} were not saved").format(rules=rules))

    # --- asking before an action that loses something ---------------------------------------

    def ask(self, confirmation: Confirmation) -> None:
        """Put a question to the user; the action waits for :meth:`confirm`."""
        self.message = None
        self.confirmation = confirmation
        self._changed()

    def confirm(self) -> None:
        """Go ahead with the action the user was asked about."""
        pending = self.confirmation
        if pending is None:
            # TRANSLATORS: completes "Something went wrong while trying to …"
            with self.action(tr("confirm")):
                raise ActionRefused(tr("nothing is waiting to be confirmed"))
            return
        self.confirmation = None
        pending.action()

    def cancel_confirmation(self) -> None:
        """Keep everything as it is."""
        # TRANSLATORS: completes "Something went wrong while trying to …" (a question)
        with self.action(tr("cancel")):
            pass

    # --- the shared table (the rest is :class:`TableLink`, ``app.live``) ----------------------

    def show_viewer(self) -> None:
        self.confirmation = None
        self.game.close()
        self.lists.forget()
        self.screen = Screen.VIEWER

    def _keep_viewers_in_view(self) -> None:
        """A viewer that any action led to another screen is put back on the viewer screen
        (the last guard: a viewer's page has no control that leads anywhere else)."""
        if self.screen is Screen.VIEWER or self.access.can_edit:
            return
        self.access.refused(f"open the {self.screen.value} screen")
        self.show_viewer()
