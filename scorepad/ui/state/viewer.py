"""The viewer screen as plain Python: the game the shared table watches, and a seat to bid from.

At a shared table (``scorepad --share``) every phone without the PIN is a viewer. It sees the
game the table watches (:attr:`SharedTable.shared_game
<scorepad.sharing.table.SharedTable.shared_game>`): the leaderboard, the score sheet and the
round in progress (the trump, the bids as they are entered). It may change nothing, with three
exceptions that the table itself grants:

- the PIN, which makes the phone an editor (the app then leaves the viewer screen by itself;
  a PIN refused is said beside the PIN field, :attr:`Viewer.pin_message`);
- a seat: "I am Ann", once per game (the scorekeeper can release it for another phone; the
  phone that held it is told so, :attr:`Viewer.freed_seat`);
- from that seat, Ann's own bid: in a simultaneous round a secret one, kept on the table (never
  in the game, never on another screen) until "Ready, set, go!" shows every bid at once, or
  the last bid does, if the table chose so; in a sequential round at Ann's turn only, on the
  engine's pad, where the dealer's hook closes a key with its reason exactly as on the
  scorekeeper's pad (:mod:`~scorepad.ui.state.seat_writes` writes it).

Everyone sees who has bid in secret, never what: a phone shows its own bid back to its player
only, from this session's memory (after a reload it says only that the bid is in). Every
refusal goes through the app's action wrapper, so it is the message line, never a traceback.
The game is read through the app's reader: a viewer's app refuses every write. No Flet here.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from scorepad.engine import BidRangeError, PadKey, RoundEntryState, ScorepadError, Stage
from scorepad.i18n import N_, describe, tr
from scorepad.sharing.errors import NoSuchSeatError
from scorepad.sharing.table import BidsChanged, SeatsChanged
from scorepad.store import StoreError
from scorepad.ui.state.access import NOT_RECOGNISED_YET
from scorepad.ui.state.app_services import AppActions, AtTable
from scorepad.ui.state.currency import table_symbol
from scorepad.ui.state.display_names import NO_NAMES, DisplayNames, RosterNames
from scorepad.ui.state.errors import ActionRefused
from scorepad.ui.state.open_game import GameSession
from scorepad.ui.state.screens import Message, MessageKind
from scorepad.ui.state.seat_writes import enter_seat_bid, reveal_hidden_bids
from scorepad.ui.state.secret_bids import HiddenBids, hidden_bids_in, names_and
from scorepad.ui.state.taps import TapMeaning


class ViewerApp(AppActions, AtTable, Protocol):
    """What the viewer screen uses of the app: its actions and the table."""


log = logging.getLogger("scorepad.ui.viewer")

# TRANSLATORS: a secret bid, shown to its own player only until the scorekeeper's go
HIDDEN_UNTIL_GO = N_("hidden until Ready, set, go!")


class NoSeatError(ActionRefused):
    """A bid from a phone that has not said whose seat it is."""

    def __init__(self) -> None:
        super().__init__(tr('say which seat is yours first: tap "I am" and your name'))


def seat_freed(player: str) -> str:
    """What the phone that held ``player``'s seat is told once the scorekeeper released it
    (the name as the screen shows it).

    >>> print(seat_freed("Cat"))
    The scorekeeper freed Cat's seat: to bid from here again, tap "I am" and your name
    """
    return tr(
        'The scorekeeper freed {player}\'s seat: to bid from here again, tap "I am" and your name'
    ).format(player=player)


class SeatFreedError(ActionRefused):
    """A bid from a phone whose seat the scorekeeper has just released."""

    def __init__(self, player: str) -> None:
        super().__init__(seat_freed(player))


class SeatAlreadyClaimedError(ActionRefused):
    """A phone that holds a seat in this game asked for another: a seat is claimed once."""

    def __init__(self, mine: str, asked: str) -> None:
        super().__init__(
            tr(
                "you sit as {mine} in this game, so you cannot be {asked} too: "
                "ask the scorekeeper to release {mine}'s seat first"
            ).format(mine=mine, asked=asked)
        )


class NothingSharedError(ActionRefused):
    """A seat or a bid asked for while no game is on the table."""

    def __init__(self, what: str) -> None:
        super().__init__(
            tr("no game is on the table yet: {action} once the scorekeeper opens one").format(
                action=what
            )
        )


class NotBiddingNowError(ActionRefused):
    """A bid from a seat at a moment of the round that takes none from a phone."""

    def __init__(self, number: int, reason: str) -> None:
        # TRANSLATORS: a round's number, then why a phone cannot bid in it now
        super().__init__(tr("round {number}: {reason}").format(number=number, reason=reason))


def every_phone_in(without_phone: tuple[str, ...], shown: Callable[[str], str] = str) -> str:
    """What the phone whose bid was the last one in is told once the bids are shown (the
    names as the screen shows them).

    >>> every_phone_in(())
    'Every bid is in: the bids are shown.'
    >>> every_phone_in(("Cat", "Dan"))
    "Every phone's bid is in: the bids are shown; the scorekeeper enters Cat's and Dan's."
    """
    if not without_phone:
        return tr("Every bid is in: the bids are shown.")
    theirs = names_and(
        [
            # TRANSLATORS: whose bid, in "the scorekeeper enters Cat's and Dan's"
            tr("{player}'s").format(player=shown(player))
            for player in without_phone
        ]
    )
    return tr(
        "Every phone's bid is in: the bids are shown; the scorekeeper enters {theirs}."
    ).format(theirs=theirs)


class SeatState(StrEnum):
    FREE = "free"
    MINE = "mine"
    TAKEN = "taken"
    """Another phone holds it (which one is the table's business, never shown)."""


@dataclass(frozen=True)
class SeatChoice:
    """One player of the shared game as the seat buttons offer them."""

    player: str
    """As the game knows the seat (what a claim passes on)."""
    state: SeatState


class Viewer:
    """The viewer screen of one session: what it shows (read from the store and the table,
    again at each :meth:`refresh`) and the few things a viewer may do.

    The app makes it on first use (:attr:`ScorepadApp.viewer
    <scorepad.ui.state.app_state.ScorepadApp.viewer>`) and calls :meth:`refresh` on every
    change at the table while this session shows the viewer screen.
    """

    def __init__(self, app: ViewerApp) -> None:
        self._app = app
        self._session: GameSession | None = None
        self._read: str | None = None
        """The game last read (or tried): read again only when the table moves on, or at
        :meth:`refresh`."""
        self.problem: str | None = None
        """Why the game on the table cannot be shown (its file cannot be read), if so."""
        self.pin_typed = ""
        """What is typed in the PIN field so far (this session's memory only, never logged)."""
        self.pin_message: Message | None = None
        """Why the last Unlock was refused (a wrong PIN, its format, too many tries, this
        browser still being recognised), until the next Unlock: the views show it beside the
        PIN field, where the eye is after the tap (at the foot of a long page), not in the
        message line at its top."""
        self.freed_seat: str | None = None
        """The player whose seat this phone held until the scorekeeper released it (until it
        claims a seat again): the phone is told so, not silently shown the seats again."""
        self._held: tuple[str, str, str] | None = None
        """(device, game, player): the seat this phone was last seen holding, so that a seat
        taken from it is noticed (:meth:`_notice_a_freed_seat`)."""
        self._sheet_from: GameSession | None = None
        """The game as the sheet still shows it, for a moment after a change (``None``: the
        sheet shows the watched game)."""
        self._my_bids: dict[tuple[str, int, str], int] = {}
        """The secret bids made from this phone, (game, round, player) to bid: shown back to
        this phone's player only. Kept in this session's memory, never on the table's other
        screens (the table itself holds the bids until the go)."""
        self.refresh()

    # --- what the screen shows -------------------------------------------------------------

    @property
    def game_id(self) -> str | None:
        """The game the table watches (``None``: the scorekeeper has not opened one yet)."""
        return self._app.table.shared_game

    @property
    def session(self) -> GameSession | None:
        """The game the table watches, read only (``None`` while there is none, or it cannot
        be read: see :attr:`problem`). Read again if the table moved on to another game."""
        if self._read != self.game_id:
            self.refresh()
        return self._session

    @property
    def names(self) -> DisplayNames:
        session = self.session
        return NO_NAMES if session is None else session.names

    @property
    def entry(self) -> RoundEntryState | None:
        """The round in progress (``None``: no game, or it is over)."""
        session = self.session
        return None if session is None else session.entry

    def refresh(self, *, sheet_later: bool = False) -> None:
        """Read the watched game again: something changed at the table. A game that cannot be
        read leaves the screen waiting, with a line saying why (never a traceback).

        ``sheet_later``: a change heard from the table, which every phone at the table draws
        at once, one after the other: the round and the leaderboard show it now, and the score
        sheet (its rows, the standings, the chart: most of a phone's drawing) keeps the game
        as it was until :meth:`show_the_sheet`, a moment later. So the last of twenty phones
        shows the new round after twenty short drawings, not twenty long ones."""
        shown_sheet = self._sheet_from or self._session
        game_id = self.game_id
        self.problem = None
        self._read = game_id
        self._sheet_from = None
        if game_id is None:
            self._session = None
            return
        try:
            store = self._app.reader  # refused when the games' folder cannot be opened
            stored = store.load_game(game_id)
        except (StoreError, ScorepadError) as problem:
            log.warning("the game on the table (%s) cannot be read: %s", game_id, problem)
            self._session = None
            self.problem = tr("The game on the table cannot be shown: {problem}").format(
                problem=describe(problem)
            )
            return
        self._session, _ = GameSession.opening(stored, RosterNames.read(store), table_symbol(store))
        if (
            sheet_later
            and shown_sheet is not None
            and shown_sheet.stored.id == stored.id
            and shown_sheet.sheet != self._session.sheet
        ):
            self._sheet_from = shown_sheet
        self._notice_a_freed_seat()

    @property
    def sheet_session(self) -> GameSession | None:
        """The game as the score sheet shows it: the watched game, or for a moment after a
        change heard from the table the game as it was (see :meth:`refresh`)."""
        session = self.session
        if session is None or self._sheet_from is None:
            return session
        return self._sheet_from

    @property
    def sheet_behind(self) -> bool:
        """The sheet still shows the game before the last change: :meth:`show_the_sheet`."""
        return self._sheet_from is not None

    def show_the_sheet(self) -> None:
        """Bring the score sheet up to the watched game (the moment after a change)."""
        self._sheet_from = None

    def _notice_a_freed_seat(self) -> None:
        """Tell this phone, and only it, that the seat it held is gone: the scorekeeper
        released it (a phone cannot give up or move its own seat). A seat of another game
        (the table moved on) or under another device key (the browser's own key read late)
        is not this phone's loss, so it is said nothing."""
        held = self._held
        seat = self.my_seat
        if held is None or seat is not None:
            return
        device, game_id, player = held
        if device != self._app.access.device or game_id != self.game_id:
            return
        self._held = None
        self.freed_seat = player
        log.info("a phone was told that %s's seat in %s was released", player, game_id)
        self._app.message = Message(seat_freed(self.names.shown(player)))

    def hidden_bids(self) -> HiddenBids | None:
        """Who has bid in secret while the round waits for "Ready, set, go!" (names only,
        never a number); ``None`` at any other moment."""
        game_id = self.game_id
        return None if game_id is None else hidden_bids_in(self._app.table, game_id, self.entry)

    # --- the seat ---------------------------------------------------------------------------

    @property
    def my_seat(self) -> str | None:
        """The player this phone sits as in the watched game, if it claimed a seat."""
        device, game_id = self._app.access.device, self.game_id
        if device is None or game_id is None:
            return None
        seat = self._app.table.seat_of(device, game_id)
        if seat is not None:  # shown as this phone's: its loss will be told
            self._held = (device, game_id, seat)
        return seat

    def seats(self) -> tuple[SeatChoice, ...]:
        """Each player of the watched game: free to claim, this phone's, or another's."""
        session, game_id = self.session, self.game_id
        if session is None or game_id is None:
            return ()
        taken = self._app.table.seats(game_id)
        mine = self.my_seat
        return tuple(
            SeatChoice(
                player,
                SeatState.MINE
                if player == mine
                else SeatState.TAKEN
                if player in taken
                else SeatState.FREE,
            )
            for player in session.sheet.seated  # a late arrival's seat too; not a leaver's
        )

    @property
    def my_bid(self) -> int | None:
        """This phone's secret bid in the round waiting for the go, if it made one here."""
        entry, seat, game_id = self.entry, self.my_seat, self.game_id
        if entry is None or seat is None or game_id is None or entry.stage is not Stage.GO:
            return None
        return self._my_bids.get((game_id, entry.number, seat))

    def _hid_a_bid(self) -> bool:
        """This phone's player has a secret bid on the table (from here, or before a reload)."""
        hidden = self.hidden_bids()
        return hidden is not None and self.my_seat in hidden.bid

    @property
    def my_turn(self) -> bool:
        """The pad takes this phone's player's bid now: before the go in a simultaneous
        round, at their turn in a sequential one."""
        entry, seat = self.entry, self.my_seat
        if entry is None or seat is None or seat not in entry.setup.bid_order:
            return False  # no round, no seat, or a seat not dealt in (sitting out, gone)
        if entry.setup.sequential_bids:
            return entry.stage is Stage.BIDS and entry.active == seat
        # a secret bid, once made, is final as fingers shown (after the go the scorekeeper
        # corrects it like any bid); so the pad goes, and with it any number beside a name
        return entry.stage is Stage.GO and not self._hid_a_bid()

    @property
    def my_pad(self) -> tuple[PadKey, ...] | None:
        """The number keys for this phone's bid, or ``None`` when it takes none now. In a
        sequential round they are the engine's own (a key the hook closes keeps its reason);
        a secret bid may be any number from 0 to the cards dealt (the hook never applies to
        bids shown at once)."""
        entry = self.entry
        if entry is None or not self.my_turn:
            return None
        if entry.setup.sequential_bids:
            return entry.pad
        return tuple(PadKey(value=n, enabled=True) for n in range(entry.setup.cards + 1))

    @property
    def pad_note(self) -> str | None:
        """Why keys of :attr:`my_pad` are closed (the engine's words), if any are."""
        entry = self.entry
        if entry is None or not self.my_turn or not entry.setup.sequential_bids:
            return None
        return entry.pad_note

    @property
    def seat_status(self) -> str | None:
        """What the seated player's phone says about their bid now (``None``: no seat, or no
        round in progress)."""
        entry, seat, session = self.entry, self.my_seat, self.session
        if seat is None or session is None:
            return None
        away = self.not_dealt_in(session, seat)
        if away is not None:
            return away
        if entry is None:
            return None
        if entry.stage is Stage.GO:
            return self._secret_bid_status(entry.number)
        return self._open_bid_status(entry, seat)

    @property
    def seat_gone(self) -> bool:
        """This phone's player left the game or handed the seat over: the phone may claim
        a seat at the table now (a late arrival's, say)."""
        session, seat = self.session, self.my_seat
        return session is not None and seat is not None and seat not in session.sheet.seated

    def not_dealt_in(self, session: GameSession, seat: str) -> str | None:
        """Why ``seat``'s phone takes no bid in the round on the pad: its player left, handed
        the seat over, or sits this round out (``None``: dealt in, or no round)."""
        shown = self.names.shown
        gone = session.sheet.gone_from(seat)
        if gone is not None:
            # "Dan left the game after round 4, with 31 kept": the reason names the seat
            return tr("{gone}. No more bids from here").format(gone=session.names.in_words(gone))
        entry = self.entry
        if entry is not None and seat not in entry.setup.bid_order:
            return tr("{player} sits out round {number}: no cards, no bid").format(
                player=shown(seat), number=entry.number
            )
        return None

    def _open_bid_status(self, entry: RoundEntryState, seat: str) -> str:
        """Any moment but before the go: the trump to wait for, the turn, the bid made."""
        number = entry.number
        bid = entry.bids.get(seat)
        if entry.stage is Stage.TRUMP:
            return tr("Round {number}: bid once the turned card is entered").format(number=number)
        if bid is not None:
            return tr("You bid {bid} in round {number}").format(bid=bid, number=number)
        if not entry.setup.sequential_bids:
            return tr("Round {number}: the bids are shown; tell the scorekeeper yours").format(
                number=number
            )
        if entry.stage is Stage.BIDS and entry.active == seat:
            return tr("Your turn to bid in round {number}").format(number=number)
        who = "" if entry.active is None else self.names.shown(entry.active)
        return tr("{player} bids now: wait for your turn").format(player=who)

    def _secret_bid_status(self, number: int) -> str:
        """Before the go: this phone's own bid, shown back to its player only."""
        mine = self.my_bid
        if mine is not None:
            return tr("Your bid: {bid} ({hidden})").format(bid=mine, hidden=tr(HIDDEN_UNTIL_GO))
        if self._hid_a_bid():
            return tr("Your bid is in ({hidden})").format(hidden=tr(HIDDEN_UNTIL_GO))
        return tr("Your bid for round {number}: nobody sees it until Ready, set, go!").format(
            number=number
        )

    # --- what a viewer may do --------------------------------------------------------------

    def type_pin(self, typed: str) -> None:
        """The PIN field changed: kept for Unlock (nothing to draw again)."""
        self.pin_typed = typed

    def enter_pin(self, typed: str) -> None:
        """Keep score with the table's PIN: the phone becomes an editor, and the app shows
        the game to keep. A PIN refused (wrong, not four digits, too many tries, this browser
        still being recognised) is :attr:`pin_message`, said beside the field."""
        self.pin_message = None
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("enter the PIN")):
            try:
                self._app.access.enter_pin(typed.strip())
            except ScorepadError as refused:
                self.pin_message = Message(describe(refused), MessageKind.ERROR)
                return
            self._app.message = Message(tr("PIN accepted: this screen keeps score now."))

    def claim_seat(self, player: str) -> None:
        """This phone is ``player``'s seat in the watched game: once per game (the
        scorekeeper can release it); a seat another phone holds is refused."""
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("claim the seat")):
            session, game_id = self.session, self.game_id
            if session is None or game_id is None:
                # TRANSLATORS: in "no game is on the table yet: … once the scorekeeper opens one"
                raise NothingSharedError(tr("claim your seat"))
            if player not in session.sheet.seated:
                gone = session.sheet.gone_from(player)
                if gone is not None:
                    raise ActionRefused(
                        tr("{gone}: no seat to claim").format(gone=session.names.in_words(gone))
                    )
                raise NoSuchSeatError(player)
            device = self._app.access.device
            if device is None:
                raise ActionRefused(NOT_RECOGNISED_YET)
            mine = self.my_seat
            if mine == player:
                return
            if mine is not None and mine in session.sheet.seated:
                raise SeatAlreadyClaimedError(mine, player)
            # a seat whose player left or handed it over moves with the phone's new claim
            self._app.table.claim_seat(device, game_id, player)
            self._held, self.freed_seat = (device, game_id, player), None
            self._app.table.announce(SeatsChanged(game_id))
            log.info("a phone claimed %s's seat in %s", player, game_id)
            self._app.message = Message(
                tr("You are {player} in this game.").format(player=session.names.shown(player))
            )

    def bid(self, value: int, seen: TapMeaning | None = None) -> None:  # noqa: ARG002
        """This phone's player bids ``value``: in secret before the go of a simultaneous
        round (shown at once when it is the last and the table chose so), at their turn in a
        sequential one. ``seen`` is not needed: a phone's key always means its own player's
        bid, and the table checks the turn as the bid arrives."""
        # TRANSLATORS: completes "Something went wrong while trying to …" (a verb)
        with self._app.action(tr("bid")):
            self.refresh()  # the round as it is now, not as it was last drawn
            entry, game_id = self.entry, self.game_id
            if game_id is None:
                # TRANSLATORS: in "no game is on the table yet: … once the scorekeeper opens one"
                raise NothingSharedError(tr("bid"))
            if entry is None:
                raise ActionRefused(tr("the game is over: there is no round to bid in"))
            seat = self.my_seat
            if seat is None:
                raise NoSeatError() if self.freed_seat is None else SeatFreedError(self.freed_seat)
            session = self.session
            away = None if session is None else self.not_dealt_in(session, seat)
            if away is not None:
                raise NotBiddingNowError(entry.number, away)
            if entry.setup.sequential_bids:
                enter_seat_bid(self._app, game_id, seat, value)
            else:
                self._hide_bid(entry, game_id, seat, value)
            self.refresh()

    def _hide_bid(self, entry: RoundEntryState, game_id: str, seat: str, value: int) -> None:
        number, setup = entry.number, entry.setup
        if entry.stage is Stage.TRUMP:
            raise NotBiddingNowError(number, tr("bid once the turned card is entered"))
        if entry.stage is not Stage.GO:
            raise NotBiddingNowError(
                number, tr("the bids are shown already: tell the scorekeeper your bid")
            )
        if not 0 <= value <= setup.cards:
            raise BidRangeError(number, seat, value, setup.cards)
        device = self._app.access.device
        if device is None:
            raise ActionRefused(NOT_RECOGNISED_YET)
        table = self._app.table
        if seat in table.hidden_bidders(game_id, number):
            raise NotBiddingNowError(
                number,
                tr(
                    "your bid is in already ({hidden}); after the go the scorekeeper can correct it"
                ).format(hidden=tr(HIDDEN_UNTIL_GO)),
            )
        table.hide_bid(device, game_id, number, seat, value)
        self._my_bids[(game_id, number, seat)] = value
        table.announce(BidsChanged(game_id))
        hidden = hidden_bids_in(table, game_id, entry)
        if (
            hidden is not None
            and hidden.every_phone_in
            and table.reveal_on_last_bid
            and reveal_hidden_bids(self._app, game_id)
        ):
            self._app.message = Message(every_phone_in(hidden.without_phone, self.names.shown))
