"""The scorekeeper's share panel: how the table joins, and who sits where.

Shown on the game screen to the scorekeeper of a shared table (``scorepad --share``): the join
address (the views draw its QR code), the PIN with "Change PIN" (the other editors view only
again), each player's seat with "Release" (a phone lost, or the wrong seat tapped), the
table's choice to show the secret bids as soon as the last one is in (and what then happens
to the bids of players without a phone), and, in a simultaneous round before the go, who has
bid in secret (never what). No Flet here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from scorepad.i18n import N_, tr
from scorepad.sharing import ShareInfo
from scorepad.sharing.table import SeatsChanged
from scorepad.ui.state.app_services import AppActions, AtTable
from scorepad.ui.state.game import GameController
from scorepad.ui.state.screens import Message
from scorepad.ui.state.seat_writes import reveal_hidden_bids
from scorepad.ui.state.secret_bids import HiddenBids, hidden_bids_in, no_phone

__all__ = ["Seat", "SharePanel"]

# TRANSLATORS: a switch: show the secret bids as soon as the last one is in
REVEAL_ON_LAST_BID = N_("Reveal when the last bid is in")
# TRANSLATORS: a switch: show the phones' secret bids as soon as the last phone's is in
REVEAL_ON_LAST_PHONES_BID = N_("Reveal when the last phone's bid is in")


class SharePanelApp(AppActions, AtTable, Protocol):
    """What the share panel uses of the app: the table, the open game and the addresses to
    join by."""

    @property
    def game(self) -> GameController: ...

    @property
    def share_info(self) -> ShareInfo | None: ...


@dataclass(frozen=True)
class Seat:
    player: str
    taken: bool
    """A phone holds this seat (which phone is the table's business, never shown)."""


class SharePanel:
    """What the share panel shows and does, for the scorekeeper of a shared table."""

    def __init__(self, app: SharePanelApp) -> None:
        self._app = app
        self.is_open = False

    @property
    def available(self) -> bool:
        """The table is shared and this session keeps score: the panel's button shows."""
        app = self._app
        return app.table.sharing and app.access.is_scorekeeper

    @property
    def join_url(self) -> str | None:
        info = self._app.share_info
        return None if info is None else info.join_url

    @property
    def other_join_urls(self) -> tuple[str, ...]:
        """This machine's further addresses, for phones on another of its networks."""
        info = self._app.share_info
        return () if info is None else info.other_join_urls

    @property
    def pin(self) -> str | None:
        return self._app.table.pin

    @property
    def reveal_on_last_bid(self) -> bool:
        return self._app.table.reveal_on_last_bid

    @property
    def bids_at_once(self) -> bool:
        """The open game's bids are shown all at once (Mormon Bridge): only then are there
        secret bids, and a choice of when to show them."""
        session = self._app.game.session
        return session is not None and not session.game.variant.bid_mode.is_sequential

    def _game_id(self) -> str | None:
        session = self._app.game.session
        return None if session is None else session.stored.id

    def seats(self) -> list[Seat]:
        """Each player at the open game's table, and whether a phone holds their seat."""
        session = self._app.game.session
        if session is None:
            return []
        taken = self._app.table.seats(session.stored.id)
        seated = session.sheet.seated
        # a phone still holding the seat of someone who left, or handed it over, is listed
        # too: the scorekeeper can free it
        gone = [player for player in taken if player not in seated]
        return [Seat(player, player in taken) for player in (*seated, *gone)]

    def hidden_bids(self) -> HiddenBids | None:
        """Who has bid in secret, while the open game's round waits for the go (else None)."""
        app = self._app
        session = app.game.session
        if session is None or session.editing is not None or not app.table.sharing:
            return None
        return hidden_bids_in(app.table, session.stored.id, session.entry)

    @property
    def without_a_phone(self) -> tuple[str, ...]:
        """The players whose seat no phone holds: they show fingers when the phones' bids
        are shown, and the scorekeeper enters their bids after that (the switch says so)."""
        return tuple(seat.player for seat in self.seats() if not seat.taken)

    @property
    def reveal_label(self) -> str:
        """The switch's words: with a player without a phone, the last bid it waits for is
        the last *phone's*."""
        return tr(REVEAL_ON_LAST_PHONES_BID) if self.without_a_phone else tr(REVEAL_ON_LAST_BID)

    @property
    def reveal_note(self) -> str | None:
        """What happens to the bids of the players without a phone, under the switch and as
        it is set (``None``: every player has a phone, nothing to say).

        The phones' bids are shown first, at the go or as soon as the last phone's bid is in;
        a player without a phone shows fingers then, and the pad waits on that bid."""
        missing = self.without_a_phone
        if not missing:
            return None
        if len(missing) == len(self.seats()):
            return tr(
                "No seat is claimed: every bid is entered on this screen after Ready, set, go!"
            )
        values = {"without": no_phone(missing), "player": missing[0]}
        if len(missing) == 1:
            if self.reveal_on_last_bid:
                text = tr(
                    "{without}: {player}'s bid is entered on this screen after the others are "
                    "shown (as soon as the last phone's bid is in)"
                )
            else:
                text = tr(
                    "{without}: {player}'s bid is entered on this screen after the others are "
                    "shown (at Ready, set, go!)"
                )
        elif self.reveal_on_last_bid:
            text = tr(
                "{without}: their bids are entered on this screen after the others are shown "
                "(as soon as the last phone's bid is in)"
            )
        else:
            text = tr(
                "{without}: their bids are entered on this screen after the others are shown "
                "(at Ready, set, go!)"
            )
        return text.format(**values)

    # --- actions ---------------------------------------------------------------------------------

    def open(self) -> None:
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("show how to join the table")):
            # TRANSLATORS: completes "only the scorekeeper can …"
            self._app.access.require_scorekeeper(tr("show the PIN"))
            self.is_open = True

    def close(self) -> None:
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("close the share panel")):
            self.is_open = False

    def change_pin(self) -> None:
        """A new PIN: every other editor views only until they enter it."""
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("change the PIN")):
            pin = self._app.access.change_pin()
            self._app.message = Message(
                tr(
                    "The new PIN is {pin}: the other phones that kept score view only until "
                    "they enter it."
                ).format(pin=pin)
            )

    def release(self, player: str) -> None:
        """Free ``player``'s seat for another phone (the old phone views only)."""
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("release the seat")):
            access = self._app.access
            # TRANSLATORS: completes "only the scorekeeper can …"
            access.require_scorekeeper(tr("release {player}'s seat").format(player=player))
            game_id = self._game_id()
            if game_id is None or access.device is None:
                return
            self._app.table.release_seat(access.device, game_id, player)
            self._app.table.announce(SeatsChanged(game_id))
            self._app.message = Message(
                tr("{player}'s seat is free: any phone can claim it.").format(player=player)
            )

    def set_reveal_on_last_bid(self, on: bool) -> None:
        """Show the secret bids as soon as the last one is in (``on``), or only at the
        scorekeeper's "Ready, set, go!" (the default)."""
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("choose when the bids are shown")):
            access = self._app.access
            # TRANSLATORS: completes "only the scorekeeper can …"
            access.require_scorekeeper(tr("choose when the bids are shown"))
            if access.device is None:
                return
            self._app.table.set_reveal_on_last_bid(access.device, on)
            hidden = self.hidden_bids()
            game_id = self._game_id()
            if on and hidden is not None and hidden.every_phone_in and game_id is not None:
                # every phone had bid already: the last bid is in, so the bids are shown now
                # (the pad then waits on the first bid of a player without a phone)
                reveal_hidden_bids(self._app, game_id)
                self._app.game.changed_elsewhere(game_id, None)
