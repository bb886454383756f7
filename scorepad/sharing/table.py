"""The shared table: one per server process, remembering who may do what, who sits where, and
the bids still hidden in a simultaneous round.

Every browser session (a phone, a tab, the laptop's own window) is a *device*, known by a
random key the session keeps. The table never looks at addresses: the scorekeeper is whoever
opened the token address, an editor is whoever typed the PIN, and everyone else views. A table
made by :meth:`SharedTable.open_table` shares nothing, so every device keeps score (scorepad on
127.0.0.1 or the desktop window, as before sharing existed).

The table lives in memory, guarded by one lock because Flet calls each session from its own
thread; a table made with ``keep`` hands every change to it (as a
:class:`~scorepad.sharing.kept_state.KeptTable`) *before* the change returns, so what a screen
shows has been written down, and a restart (:meth:`SharedTable.restored`) is the same table:
the same PIN and token, the same seats, the secret bids still hidden. A change that cannot be
kept is undone and refused (:class:`~scorepad.sharing.errors.TableNotKeptError`). Listeners
are told of changes *outside* the lock, so a listener that reads the table (or is slow) can
never deadlock or stall it.

>>> table = SharedTable("0420", "s3cret-token")
>>> table.role_of("laptop"), table.open_with_token("laptop", "s3cret-token")
(<Role.VIEWER: 'viewer'>, <Role.SCOREKEEPER: 'scorekeeper'>)
>>> table.enter_pin("ann-phone", " 0420 ")
>>> table.role_of("ann-phone")
<Role.EDITOR: 'editor'>
>>> table.claim_seat("bob-phone", "game-1", "Bob")
>>> table.hide_bid("bob-phone", "game-1", 3, "Bob", 2)
>>> table.hidden_bidders("game-1", 3)
frozenset({'Bob'})
>>> table.hidden_bids("game-1", 3)
{'Bob': 2}
>>> table.forget_hidden_bids("game-1", 3)  # shown, and saved in the game
>>> table.hidden_bidders("game-1", 3)
frozenset()

A kept table comes back as it was:

>>> kept = []
>>> table = SharedTable("0420", "s3cret-token", keep=kept.append)
>>> table.claim_seat("bob-phone", "game-1", "Bob")
>>> again = SharedTable.restored(kept[-1])
>>> again.pin, again.seat_of("bob-phone", "game-1")
('0420', 'Bob')
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from enum import StrEnum
from itertools import count
from typing import Final

from pydantic import ValidationError

from scorepad.engine import Message, quoted
from scorepad.sharing.access import Clock, RateLimiter, make_pin, pins_match
from scorepad.sharing.errors import (
    N_,
    DeviceNotKnownError,
    NotSharedError,
    NotYourSeatError,
    PinFormatError,
    ScorekeeperOnlyError,
    SeatTakenError,
    TableNotKeptError,
    ViewerCannotEditError,
    WrongPinError,
)
from scorepad.sharing.kept_state import HiddenRound, KeptTable

log = logging.getLogger(__name__)


class Role(StrEnum):
    """What a device may do at the table."""

    SCOREKEEPER = "scorekeeper"
    """Opened the token address (or the table is not shared): edits, and alone changes the PIN."""
    EDITOR = "editor"
    """Typed the PIN: edits until the scorekeeper changes the PIN."""
    VIEWER = "viewer"
    """Everyone else: sees the shared game, may claim a seat and bid from it, changes nothing."""

    @property
    def can_edit(self) -> bool:
        return self is not Role.VIEWER


# --- Events ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class TableEvent:
    """Something every session may need to redraw for; sent by :meth:`SharedTable.announce`."""


@dataclass(frozen=True)
class GameChanged(TableEvent):
    """A game was written; ``revision`` lets a session skip a change it already shows."""

    game_id: str
    revision: int


@dataclass(frozen=True)
class AccessChanged(TableEvent):
    """Roles changed (a new PIN logged the editors out): each session re-reads its role."""


@dataclass(frozen=True)
class SeatsChanged(TableEvent):
    """A seat of ``game_id`` was claimed, moved or released."""

    game_id: str


@dataclass(frozen=True)
class BidsChanged(TableEvent):
    """Someone hid a bid in ``game_id`` (or the hidden bids were revealed)."""

    game_id: str


GAMES_WITH_SEATS_KEPT = 50
"""Games whose seats (and rounds whose unshown secret bids) the table keeps, the most recently
claimed ones: an evening plays a handful, and a table kept across restarts lives for months,
so the oldest are let go rather than the kept state growing without end."""

Listener = Callable[[TableEvent], None]
Keeper = Callable[[KeptTable], None]
"""Writes the table down durably (or raises ``OSError``); called with each changed state."""


def device_hint(device: str | None) -> str:
    """A few characters of a device key, enough to tell phones apart in a log, too few to be
    used as the key.

    >>> device_hint("abcdefghijklmnop"), device_hint(None)
    ('abcd…', 'unidentified')
    """
    return "unidentified" if device is None else f"{device[:4]}…"


class SharedTable:
    """Roles, seats and hidden bids of one server's table; safe to use from any thread."""

    def __init__(
        self,
        pin: str | None,
        token: str | None,
        *,
        clock: Clock = time.monotonic,
        new_pin: Callable[[], str] = make_pin,
        keep: Keeper | None = None,
    ) -> None:
        if (pin is None) != (token is None):
            raise ValueError("a shared table needs both a PIN and a token (or neither)")
        if pin is not None and not _is_digits(pin):
            raise ValueError("a PIN is made of the digits 0 to 9")
        self._pin = pin
        self._token: Final = token
        self._new_pin = new_pin
        self._lock = threading.Lock()
        self._tries = RateLimiter(clock=clock)
        self._scorekeepers: set[str] = set()
        self._editors: set[str] = set()
        self._shared_game: str | None = None
        self._reveal_on_last_bid = False
        self._seats: dict[str, dict[str, str]] = {}
        """game id -> player -> device holding that player's seat."""
        self._hidden: dict[tuple[str, int], dict[str, int]] = {}
        """(game id, round number) -> player -> hidden bid."""
        self._listeners: dict[int, Listener] = {}
        self._listener_ids = count()
        self._keep = keep if token is not None else None

    @classmethod
    def open_table(cls) -> SharedTable:
        """A table that shares nothing: every device, identified or not, is the scorekeeper."""
        return cls(None, None)

    @classmethod
    def restored(
        cls,
        kept: KeptTable,
        *,
        clock: Clock = time.monotonic,
        new_pin: Callable[[], str] = make_pin,
        keep: Keeper | None = None,
    ) -> SharedTable:
        """The table as ``kept`` (after a restart), keeping its changes with ``keep``. The
        wrong-PIN counts are not kept: a restart gives a guesser nothing, as the counts only
        slow down guessing, and a restart takes longer than the wait."""
        table = cls(kept.pin, kept.token, clock=clock, new_pin=new_pin, keep=keep)
        table._restore(kept)
        return table

    def kept(self) -> KeptTable | None:
        """The table as it would be kept now (``None`` for a table that shares nothing)."""
        with self._lock:
            return self._kept()

    # --- Who may edit -----------------------------------------------------------------------

    @property
    def sharing(self) -> bool:
        return self._token is not None

    @property
    def pin(self) -> str | None:
        """The PIN to show on the scorekeeper's screen (``None`` when not sharing)."""
        with self._lock:
            return self._pin

    @property
    def token(self) -> str | None:
        return self._token

    def role_of(self, device: str | None) -> Role:
        with self._lock:
            return self._role_of(device)

    def open_with_token(self, device: str | None, token: str | None) -> Role:
        """The role of ``device`` after opening the address with ``token``: the right token
        makes it the scorekeeper for the life of the server; a wrong or missing one changes
        nothing (and is not an error: most phones have no token)."""
        with self._lock:
            if (
                self._token is not None
                and device is not None
                and token is not None
                and pins_match(token, self._token)
            ):
                if device not in self._scorekeepers:
                    log.info("the scorekeeper's token opened device %s", device_hint(device))
                    with self._changing(Message(N_("keep this screen as the scorekeeper's"))):
                        self._scorekeepers.add(device)
            elif self._token is not None and token is not None:
                log.warning("a wrong token from device %s", device_hint(device))
            return self._role_of(device)

    def enter_pin(self, device: str | None, typed: str) -> None:
        """Make ``device`` an editor if ``typed`` is the PIN (spaces around it are ignored).

        Refused with :class:`PinFormatError` for anything but the PIN's number of digits (not
        counted as a try: it says nothing about the PIN), :class:`TooManyTriesError` during a
        wait (even for the right PIN), else :class:`WrongPinError`. The PIN is never logged.
        """
        if self._token is None:
            raise NotSharedError(Message(N_("enter a PIN")))
        if device is None:
            raise DeviceNotKnownError(Message(N_("enter the PIN")))
        if not isinstance(typed, str):  # a crafted event may send anything
            raise PinFormatError(repr(typed), len(self.pin or ""))
        candidate = typed.strip()
        with self._lock:
            expected = self._pin
            assert expected is not None  # sharing always has a PIN
            if len(candidate) != len(expected) or not _is_digits(candidate):
                raise PinFormatError(typed, len(expected))
            self._tries.check(device)
            if not pins_match(candidate, expected):
                self._tries.failed(device)
                misses = self._tries.misses(device)
                log.warning(
                    "a wrong PIN from device %s (%d in the last minute)",
                    device_hint(device),
                    misses,
                )
                if misses == self._tries.limit:  # once per hold, so a guesser cannot fill the log
                    log.warning(
                        "device %s reached %d wrong PINs: its tries are refused for a while",
                        device_hint(device),
                        misses,
                    )
                raise WrongPinError()
            if self._role_of(device) is Role.VIEWER:
                with self._changing(Message(N_("keep the PIN on this screen"))):
                    self._editors.add(device)
                log.info("device %s entered the PIN and keeps score now", device_hint(device))

    def change_pin(self, device: str | None) -> str:
        """A new PIN (never the same as before), which the scorekeeper alone may ask for: every
        editor views only again, until they type the new one. Announces :class:`AccessChanged`."""
        if self._token is None:
            raise NotSharedError(Message(N_("change the PIN")))
        with self._lock:
            if self._role_of(device) is not Role.SCOREKEEPER:
                raise ScorekeeperOnlyError(Message(N_("change the PIN")))
            old = self._pin
            pin = self._new_pin()
            while pin == old:
                pin = self._new_pin()
            logged_out = len(self._editors)
            with self._changing(Message(N_("change the PIN"))):
                self._pin = pin
                self._editors.clear()
        log.info("the scorekeeper changed the PIN; %d editor(s) view only again", logged_out)
        self.announce(AccessChanged())
        return pin

    # --- The game viewers see ---------------------------------------------------------------

    @property
    def shared_game(self) -> str | None:
        with self._lock:
            return self._shared_game

    def share_game(self, device: str | None, game_id: str) -> None:
        """Make ``game_id`` the game every viewer sees (an editor opened or wrote it)."""
        with self._lock:
            self._require_edit(device, Message(N_("choose the game everyone sees")))
            if self._shared_game == game_id:  # every tap on the game says so: nothing to keep
                return
            with self._changing(Message(N_("choose the game everyone sees"))):
                self._shared_game = game_id

    @property
    def reveal_on_last_bid(self) -> bool:
        """Whether the last hidden bid reveals them all, instead of "Ready, set, go!"."""
        with self._lock:
            return self._reveal_on_last_bid

    def set_reveal_on_last_bid(self, device: str | None, on: bool) -> None:
        with self._lock:
            self._require_edit(device, Message(N_("choose when the bids are shown")))
            if self._reveal_on_last_bid == on:
                return
            with self._changing(Message(N_("choose when the bids are shown"))):
                self._reveal_on_last_bid = on

    # --- Seats ------------------------------------------------------------------------------

    def claim_seat(self, device: str | None, game_id: str, player: str) -> None:
        """Make ``device`` the seat of ``player`` in ``game_id`` (any device may: a seat only
        lets its holder bid for that player). A device holds one seat per game, so claiming
        another moves it. Whether ``player`` plays ``game_id`` is the caller's check
        (:class:`~scorepad.sharing.errors.NoSuchSeatError`); the table does not read games."""
        if device is None:
            raise DeviceNotKnownError(Message(N_("claim a seat")))
        with self._lock:
            holder = self._seats.get(game_id, {}).get(player)
            if holder is not None and holder != device:
                raise SeatTakenError(player)
            with self._changing(Message(N_("claim the seat"))):
                seats = self._seats.pop(game_id, {})  # the newest game last (see below)
                self._seats[game_id] = seats
                for other, held_by in list(seats.items()):
                    if held_by == device and other != player:
                        del seats[other]
                seats[player] = device
                while len(self._seats) > GAMES_WITH_SEATS_KEPT:  # a table lives for months
                    del self._seats[next(iter(self._seats))]

    def release_seat(self, device: str | None, game_id: str, player: str) -> None:
        """Free ``player``'s seat (editors only: a phone was lost, or changed hands)."""
        with self._lock:
            self._require_edit(device, Message(N_("release a seat")))
            with self._changing(Message(N_("release the seat"))):
                seats = self._seats.get(game_id, {})
                held_by = seats.pop(player, None)
                if not seats:
                    self._seats.pop(game_id, None)
        if held_by is not None:  # who freed whose seat: a table disputing a seat can look it up
            log.info(
                "device %s released the seat of %s in %s (held by %s)",
                device_hint(device),
                quoted(player),
                game_id,
                device_hint(held_by),
            )

    def seat_of(self, device: str | None, game_id: str) -> str | None:
        """The player whose seat ``device`` holds in ``game_id``, if any."""
        if device is None:
            return None
        with self._lock:
            seats = self._seats.get(game_id, {})
            return next((player for player, held in seats.items() if held == device), None)

    def seats(self, game_id: str) -> dict[str, str]:
        """A copy of ``game_id``'s seats: player -> device."""
        with self._lock:
            return dict(self._seats.get(game_id, {}))

    # --- Hidden bids ------------------------------------------------------------------------

    def hide_bid(
        self, device: str | None, game_id: str, round_number: int, player: str, bid: int
    ) -> None:
        """Keep ``player``'s bid hidden until the reveal; a second bid replaces the first.

        Allowed for the device holding ``player``'s seat, or an editor (bidding for a player
        without a phone). The range 0..cards is the caller's check: the table knows no rounds.
        """
        with self._lock:
            held_by = self._seats.get(game_id, {}).get(player)
            if not (self._role_of(device).can_edit or (device is not None and held_by == device)):
                raise NotYourSeatError(player)
            with self._changing(Message(N_("keep your bid"))):
                self._hidden.setdefault((game_id, round_number), {})[player] = bid
                while len(self._hidden) > GAMES_WITH_SEATS_KEPT:  # rounds left unshown
                    del self._hidden[next(iter(self._hidden))]

    def hidden_bidders(self, game_id: str, round_number: int) -> frozenset[str]:
        """Who has a hidden bid in the round: never what they bid."""
        with self._lock:
            return frozenset(self._hidden.get((game_id, round_number), {}))

    def hidden_bids(self, game_id: str, round_number: int) -> dict[str, int]:
        """A copy of the round's hidden bids, for the reveal: they stay on the table until
        the game that shows them is saved (:meth:`forget_hidden_bids`), so a crash between
        the two loses no bid."""
        with self._lock:
            return dict(self._hidden.get((game_id, round_number), {}))

    def forget_hidden_bids(self, game_id: str, round_number: int) -> None:
        """Drop the round's hidden bids: the game now shows (and keeps) them."""
        with self._lock:
            if (game_id, round_number) in self._hidden:
                with self._changing(Message(N_("show the bids"))):
                    del self._hidden[(game_id, round_number)]

    # --- Live updates -----------------------------------------------------------------------

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` with every announced event, from whichever thread announces it;
        returns the function that unsubscribes (safe to call more than once)."""
        with self._lock:
            key = next(self._listener_ids)
            self._listeners[key] = listener

        def unsubscribe() -> None:
            with self._lock:
                self._listeners.pop(key, None)

        return unsubscribe

    def announce(self, event: TableEvent) -> None:
        """Tell every listener about ``event``. A listener that raises is logged and skipped:
        one broken session must not keep the others from hearing of the change."""
        with self._lock:
            listeners = list(self._listeners.values())
        for listener in listeners:
            try:
                listener(event)
            except Exception:
                log.exception("a table listener failed on %r", event)

    # --- Helpers (call with the lock held) --------------------------------------------------

    @contextmanager
    def _changing(self, what: str) -> Iterator[None]:
        """Make the change in the block, then keep the table; if it cannot be kept, undo the
        change and refuse ``what`` (the screen must not show what a restart would lose)."""
        before = self._kept() if self._keep is not None else None
        yield
        if self._keep is None or before is None:
            return
        try:
            after = self._kept()
            if after is not None and after != before:
                self._keep(after)
        except (OSError, ValidationError) as problem:
            self._restore(before)
            why = (
                (problem.strerror or str(problem))
                if isinstance(problem, OSError)
                else Message(N_("too much to keep"))
            )
            log.error("the table could not be kept (%s): %s", what, problem)
            raise TableNotKeptError(what, why) from None

    def _kept(self) -> KeptTable | None:
        if self._token is None or self._pin is None:
            return None
        return KeptTable(
            pin=self._pin,
            token=self._token,
            scorekeepers=frozenset(self._scorekeepers),
            editors=frozenset(self._editors),
            shared_game=self._shared_game,
            reveal_on_last_bid=self._reveal_on_last_bid,
            seats={game: dict(seats) for game, seats in self._seats.items()},
            hidden=[
                HiddenRound(game_id=game, round_number=number, bids=dict(bids))
                for (game, number), bids in self._hidden.items()
                if bids
            ],
        )

    def _restore(self, kept: KeptTable) -> None:
        self._pin = kept.pin
        self._scorekeepers = set(kept.scorekeepers)
        self._editors = set(kept.editors)
        self._shared_game = kept.shared_game
        self._reveal_on_last_bid = kept.reveal_on_last_bid
        self._seats = {game: dict(seats) for game, seats in kept.seats.items()}
        self._hidden = {(h.game_id, h.round_number): dict(h.bids) for h in kept.hidden}

    def _role_of(self, device: str | None) -> Role:
        if self._token is None:
            return Role.SCOREKEEPER
        if device is None:
            return Role.VIEWER
        if device in self._scorekeepers:
            return Role.SCOREKEEPER
        if device in self._editors:
            return Role.EDITOR
        return Role.VIEWER

    def _require_edit(self, device: str | None, what: str) -> None:
        if not self._role_of(device).can_edit:
            log.warning("refused to %s from a viewer (%s)", what, device_hint(device))
            raise ViewerCannotEditError(what)


def _is_digits(text: str) -> bool:
    """ASCII digits only: ``str.isdigit`` would also take "٣" or "²"."""
    return text.isascii() and text.isdigit()
