"""A game as a link, both ways: the game menu's "Share as a link" (the link and its QR code),
and a link opened (``/link/<token>``, which the page makes of ``#game=<token>``): the game in
it is checked as an imported file is, and imported after one tap.

The record travels in the link itself (see :mod:`scorepad.engine.game_link`), so nothing goes
through any server: the link opens the app at the address it was made on (this laptop's
server, or wherever the offline app was installed from), and the game is stored on the device
that opens it. No Flet here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol
from urllib.parse import urlsplit, urlunsplit

from scorepad.engine import LINK_FRAGMENT_KEY, link_to, pack_record, unpack_record
from scorepad.i18n import N_, tr
from scorepad.sharing import is_loopback
from scorepad.ui.state.app_services import AppActions
from scorepad.ui.state.errors import ActionRefused
from scorepad.ui.state.game import GameController
from scorepad.ui.state.imports import game_in_words, import_record, read_record
from scorepad.ui.state.screens import Confirmation, Message, Screen

LINK_PATH = "/link/"
"""Where a link's token follows in the app's own address (the route ``/link/<token>``)."""
NOT_HERE = N_(
    "the game in this link was not imported: this tab keeps no games (scorepad is open in "
    "another tab or window of this browser); close the other one, then open the link again"
)
"""Why a link is not imported into a tab that keeps nothing: the game would be lost with it
(``tr(NOT_HERE)`` where said)."""

# TRANSLATORS: what a refusal calls a game's link, quoted where it would name a file
LINK_NAME = N_("this link")
"""What an import refusal calls the link (where it would quote a file's name); ``tr(LINK_NAME)``
where said."""

QR_LIMIT = 2_331
"""The longest link a QR code carries at the error correction the app uses (level M, version
40, bytes): a game of some 80 rounds of six players. A longer link is shown without one."""


COPY_REFUSED = N_(
    "This browser did not let scorepad copy it: press on the link, select it all and copy it"
)
"""Said under the link when the browser refused to copy it (``tr(COPY_REFUSED)``)."""

_WEB_SCHEMES = {"ws": "http", "wss": "https", "http": "http", "https": "https"}


def app_address(page_url: str | None, route: str | None) -> str | None:
    """The app's own address (ending in ``/``), for links to it: from the page's URL as Flet
    tells it (the served app's socket, ``ws://host:port``; the offline app's page, whose
    address ends in the route it was opened at), or ``None`` where the app has no web address
    (the desktop window).

    >>> app_address("ws://127.0.0.1:8550", "/game/1a2b3c4d")
    'http://127.0.0.1:8550/'
    >>> app_address("wss://pad.example/cards", "/")
    'https://pad.example/cards/'
    >>> app_address("https://host/pad/game/1a2b3c4d?x=1#y", "/game/1a2b3c4d")
    'https://host/pad/'
    >>> app_address("tcp://127.0.0.1:5000", "/") is None
    True
    """
    if not page_url:
        return None
    try:
        parts = urlsplit(page_url)
    except ValueError:
        return None
    scheme = _WEB_SCHEMES.get(parts.scheme.lower())
    if scheme is None or not parts.netloc:
        return None
    path = parts.path
    if parts.scheme.lower() in ("http", "https"):  # the page's own address: drop the route
        opened_at = urlsplit(route or "/").path.rstrip("/")
        if opened_at and path.rstrip("/").endswith(opened_at):
            path = path.rstrip("/")[: -len(opened_at)]
    if not path.endswith("/"):
        path += "/"
    return urlunsplit((scheme, parts.netloc, path, "", ""))


@dataclass(frozen=True)
class SharedLink:
    """The open game's link, as the share dialog shows it."""

    link: str
    about: str
    """What the link holds: "Golf with Ann, Bob and Cat, 3 of 9 rounds played"."""
    on_this_computer_only: bool
    """The app's address is loopback (``127.0.0.1``): the link opens only on this machine
    (the game still travels: its receiver opens it in their own scorepad)."""

    @property
    def has_qr(self) -> bool:
        """Whether a QR code can carry the link (see :data:`QR_LIMIT`)."""
        return len(self.link) <= QR_LIMIT


class GameLinksApp(AppActions, Protocol):
    """What links use of the app: the open game (shared, or shown once imported), and the
    warning of a browser tab that keeps nothing (where a game imported would be lost)."""

    @property
    def game(self) -> GameController: ...

    standing_warning: Message | None


def token_in(text: str) -> str:
    """The token in what was pasted: a whole link (``…#game=<token>``), the app's address for
    one (``…/link/<token>``), or the token alone; spaces and line breaks a message app added
    are dropped.

    >>> token_in("https://pad.example/#game=1.eNqr")
    '1.eNqr'
    >>> token_in("http://127.0.0.1:8550/link/1.eNqr")
    '1.eNqr'
    >>> token_in("  1.eN\\nqr ")
    '1.eNqr'
    """
    text = "".join(text.split())
    for marker in (f"#{LINK_FRAGMENT_KEY}=", LINK_PATH):
        if marker in text:
            return text.rsplit(marker, 1)[1]
    return text


class GameLinks:
    """The share dialog's link for the open game, and the links this app is opened with."""

    def __init__(self, app: GameLinksApp) -> None:
        self._app = app
        self.shown: SharedLink | None = None
        """The link the share dialog shows (``None``: the dialog is closed)."""
        self.copy_note: str | None = None
        """What became of "Copy link", under it."""
        self.pasting = False
        """The "Open a game's link" dialog is open, for a link pasted by hand (one opened
        elsewhere: another browser, the home-screen app, a computer's address)."""
        self.pasted = ""
        """What is typed or pasted in it so far."""
        self.own_address: str | None = None
        """The app's web address (ending in ``/``), which links open: the views set it from
        the page (:func:`app_address`); ``None`` where there is none (the window)."""

    @property
    def available(self) -> bool:
        """A game is open and the app has a web address to link to (not the window)."""
        return self.own_address is not None and self._app.game.session is not None

    @property
    def showing(self) -> SharedLink | None:
        """The link to show, while its game is still the one on show."""
        if self._app.screen is not Screen.GAME or self._app.game.session is None:
            return None
        return self.shown

    def share(self, *_: object) -> None:
        """Show the open game as a link (and a QR code): the game as it stands now."""
        app = self._app
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with app.action(tr("share the game as a link")):
            session = app.game.session
            base = self.own_address
            if session is None:
                raise ActionRefused(tr("open a game to share it as a link"))
            if base is None:
                raise ActionRefused(
                    tr(
                        "this window has no web address to link to; share the game's record "
                        "(JSON) instead, or open scorepad in a browser"
                    )
                )
            stored = session.stored
            self.copy_note = None
            link = link_to(base, pack_record(stored.record_file().to_data()))
            self.shown = SharedLink(
                link=link,
                about=game_in_words(stored.game),
                on_this_computer_only=is_loopback(urlsplit(base).hostname or ""),
            )

    def close(self, *_: object) -> None:
        self.shown = None
        self.copy_note = None
        self._app.refresh()

    def copied(self, done: bool) -> None:
        """Say in the dialog whether the link reached the clipboard (a browser may refuse
        it: an address that is not its own secure one, a permission not given)."""
        self.copy_note = tr("Copied: paste it in a message.") if done else tr(COPY_REFUSED)
        self._app.refresh()

    def open_link(self, token: str) -> None:
        """The app was opened at a game's link: check the game in it as an imported file
        is checked, then ask before storing it (one tap). A game stored already opens at
        once; a link that holds no game leaves the list of games with a line saying why."""
        app = self._app
        question: Confirmation | None = None
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with app.action(tr("open the game's link")):
            app.show_home()
            game, _ = read_record(tr(LINK_NAME), unpack_record(token))
            if app.standing_warning is not None:
                raise ActionRefused(tr(NOT_HERE))
            existing = app.reader.find_game_with_record(game.record)
            if existing is not None:
                app.game.show(app.reader.load_game(existing))
                app.message = Message(
                    tr(
                        "The game in this link is stored already, as game {game}: here it is."
                    ).format(game=existing)
                )
                return
            question = Confirmation(
                question=tr("Import the game in this link?"),
                detail=tr(
                    "{about}. It is added to the games on this device; nothing here is changed."
                ).format(about=game_in_words(game)),
                # TRANSLATORS: a button that stores the game in a link opened
                go_ahead=tr("Import the game"),
                action=lambda: self._import(token),
                loses=False,
                # TRANSLATORS: a button that leaves the game in a link opened unimported
                keep=tr("Not now"),
            )
        if question is not None and app.message is None:
            app.ask(question)

    def _import(self, token: str) -> None:
        app = self._app
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with app.action(tr("import the game in the link")):
            outcome = import_record(app.store, tr(LINK_NAME), unpack_record(token))
            app.lists.forget()
            stored = app.reader.load_game(outcome.game_id)
            app.game.show(stored)
            app.message = Message(
                tr("Imported the game in this link as game {game}: {about}.").format(
                    game=outcome.game_id, about=game_in_words(stored.game)
                )
            )

    # --- a link pasted by hand --------------------------------------------------------------

    def ask_for_link(self, *_: object) -> None:
        """Open the dialog to paste a link in (from the home screen)."""
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("open a game's link")):
            self.pasting = True
            self.pasted = ""

    def paste(self, text: str) -> None:
        """What the dialog's field holds now (kept, not drawn again: the field shows it)."""
        self.pasted = text

    def open_pasted(self, text: str | None = None) -> None:
        """Open the link pasted (``text``, as the field holds it when Enter is pressed; else
        what it was last told), as if the app had been opened at it."""
        if text is not None:
            self.pasted = text
        token = token_in(self.pasted)
        if not token:
            # TRANSLATORS: completes "Something went wrong while trying to …"
            with self._app.action(tr("open a game's link")):
                raise ActionRefused(tr("paste a game's link first (it has #game= in it)"))
            return
        self.pasting = False
        self.open_link(token)

    def cancel_paste(self, *_: object) -> None:
        self.pasting = False
        self._app.refresh()
