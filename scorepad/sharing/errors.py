"""Typed errors of the shared table: who may do what, and why a tap was refused.

Each is a :class:`~scorepad.engine.errors.ScorepadError`, so the app's one error handler shows
it as a one-line message and changes nothing. The messages are read on a phone at the card
table, so each says what to do next, and anything the phone typed is quoted (escaped and cut
short) so no input can forge or split a message. A PIN is never quoted once it could be right:
only :class:`PinFormatError` quotes the input, which by then is known not to be a PIN.
"""

from __future__ import annotations

from scorepad.engine import Message, ScorepadError, quoted, shown


def N_(text: str) -> str:  # noqa: N802 (gettext's name for the marker, which the tools know)
    """Mark ``text`` for the catalogue (``tools/catalogues.py`` extracts every ``N_("...")``):
    :func:`scorepad.i18n.N_`, which this layer may not import (it stands on the engine
    alone). The refusals below are the engine's kind of sentence, a
    :class:`~scorepad.engine.message.Message`: ``str()`` is the English, and
    :func:`scorepad.i18n.describe` says it in the reader's language."""
    return text


class SharingError(ScorepadError):
    """Base class of every refusal by the shared table."""


# --- The PIN --------------------------------------------------------------------------------


class PinFormatError(SharingError):
    """Typed text that cannot be a PIN at all (letters, the wrong number of digits).

    >>> print(PinFormatError("12a4"))
    the PIN is 4 digits, and '12a4' is not: type the digits shown on the scorekeeper's screen
    """

    def __init__(self, typed: str, length: int = 4) -> None:
        self.typed = typed
        self.length = length
        super().__init__(
            Message(
                N_(
                    "the PIN is {length} digits, and {typed} is not: "
                    "type the digits shown on the scorekeeper's screen"
                ),
                length=length,
                typed=quoted(typed),
            )
        )


class WrongPinError(SharingError):
    """A well-formed PIN that is not this table's. The message never says which digits were
    wrong or how close the guess was."""

    def __init__(self) -> None:
        super().__init__(
            Message(
                N_("that is not the PIN: check the PIN on the scorekeeper's screen and try again")
            )
        )


class TooManyTriesError(SharingError):
    """Too many wrong PINs lately, from this phone or from all phones together; every try is
    refused (even the right PIN) until the wait is over, so the limit gives nothing away.

    >>> print(TooManyTriesError(42))
    too many wrong PINs from this screen: wait 42 seconds and try again
    >>> print(TooManyTriesError(1, everyone=True))
    too many wrong PINs at this table: wait 1 second and try again
    """

    def __init__(self, wait_seconds: int, *, everyone: bool = False) -> None:
        self.wait_seconds = wait_seconds
        self.everyone = everyone
        if everyone:
            said = Message(
                N_("too many wrong PINs at this table: wait {seconds} second and try again")
                if wait_seconds == 1
                else N_("too many wrong PINs at this table: wait {seconds} seconds and try again"),
                seconds=wait_seconds,
            )
        else:
            said = Message(
                N_("too many wrong PINs from this screen: wait {seconds} second and try again")
                if wait_seconds == 1
                else N_(
                    "too many wrong PINs from this screen: wait {seconds} seconds and try again"
                ),
                seconds=wait_seconds,
            )
        super().__init__(said)


class NotSharedError(SharingError):
    """A PIN asked of a table that is not shared: every screen keeps score already.

    >>> print(NotSharedError("change the PIN"))
    cannot change the PIN: this table is not shared, so every screen keeps score and there \
is no PIN (start scorepad with --share to share it)
    """

    def __init__(self, what: str) -> None:
        self.what = what
        super().__init__(
            Message(
                # TRANSLATORS: {action} is what was asked, as after "to" ("change the PIN")
                N_(
                    "cannot {action}: this table is not shared, so every screen keeps score and "
                    "there is no PIN (start scorepad with --share to share it)"
                ),
                action=what,
            )
        )


# --- Roles ----------------------------------------------------------------------------------


class ViewerCannotEditError(SharingError):
    """A change asked by a screen that only views the game (a phone, or a laptop's tab before
    it is recognised: the words fit both).

    >>> print(ViewerCannotEditError("record the round"))
    this screen only views the game: enter the PIN to record the round
    """

    def __init__(self, what: str) -> None:
        self.what = what
        super().__init__(
            Message(
                # TRANSLATORS: {action} is what was asked, as after "to" ("record the round")
                N_("this screen only views the game: enter the PIN to {action}"),
                action=what,
            )
        )


class ScorekeeperOnlyError(SharingError):
    """A change only the scorekeeper's own screen may make (such as a new PIN), asked by a
    PIN holder or a viewer: a PIN holder must not lock the scorekeeper out."""

    def __init__(self, what: str) -> None:
        self.what = what
        super().__init__(
            Message(
                # TRANSLATORS: {action} is what was asked, as after "to" ("change the PIN")
                N_("only the scorekeeper can {action}: ask them to do it on their screen"),
                action=what,
            )
        )


class DeviceNotKnownError(SharingError):
    """A request from a session whose phone is not identified yet (its device key is still
    being read): the table cannot remember a role or a seat for nobody."""

    def __init__(self, what: str) -> None:
        self.what = what
        super().__init__(
            Message(
                # TRANSLATORS: {action} is what was asked, as after "to" ("claim a seat")
                N_(
                    "this browser is not recognised yet, so it cannot {action}: wait a moment or "
                    "reload the page"
                ),
                action=what,
            )
        )


# --- Seats and hidden bids ------------------------------------------------------------------


class SeatTakenError(SharingError):
    """A seat claimed while another phone holds it.

    >>> print(SeatTakenError("Ann"))
    'Ann' is already taken by another phone: pick your own seat, or ask the scorekeeper \
to release it
    """

    def __init__(self, player: str) -> None:
        self.player = player
        super().__init__(
            Message(
                N_(
                    "{player} is already taken by another phone: pick your own seat, or ask "
                    "the scorekeeper to release it"
                ),
                player=quoted(player),
            )
        )


class NotYourSeatError(SharingError):
    """A bid entered for a player whose seat this device does not hold.

    >>> print(NotYourSeatError("Ann"))
    you do not hold the seat of 'Ann': bid from your own seat, or ask the scorekeeper to \
enter that bid
    """

    def __init__(self, player: str) -> None:
        self.player = player
        super().__init__(
            Message(
                N_(
                    "you do not hold the seat of {player}: bid from your own seat, "
                    "or ask the scorekeeper to enter that bid"
                ),
                player=quoted(player),
            )
        )


class NoSuchSeatError(SharingError):
    """A seat asked for a name that is not a player of the game."""

    def __init__(self, player: str) -> None:
        self.player = player
        super().__init__(
            Message(
                N_("{player} is not a player of this game: pick one of the players' seats"),
                player=quoted(player),
            )
        )


class BidsNotSecretError(SharingError):
    """A hidden bid in a round whose bids are made one by one, in the open."""

    def __init__(self) -> None:
        super().__init__(
            Message(
                N_(
                    "bids in this round are made one by one, not in secret: "
                    "bid when it is your turn"
                )
            )
        )


class NotYourTurnError(SharingError):
    """A bid from a seat when another player (or nobody) is to bid. Both names come from the
    game's own players (the caller checked them), so they are shown unquoted, as on the pad.

    >>> print(NotYourTurnError("Ann", "Bob"))
    it is Bob's turn to bid, not Ann's: wait for your turn
    >>> print(NotYourTurnError("Ann", None))
    no bid is waiting now, so Ann cannot bid: wait for the next round
    """

    def __init__(self, player: str, whose: str | None) -> None:
        self.player = player
        self.whose = whose
        if whose is None:
            message = Message(
                N_("no bid is waiting now, so {player} cannot bid: wait for the next round"),
                player=shown(player),
            )
        else:
            message = Message(
                N_("it is {whose}'s turn to bid, not {player}'s: wait for your turn"),
                whose=shown(whose),
                player=shown(player),
            )
        super().__init__(message)


# --- Keeping the table ----------------------------------------------------------------------


class TableNotKeptError(SharingError):
    """A change to the table (a seat, a secret bid, the PIN) that could not be written down,
    so it was not made: a change the table would forget in a restart must not be shown as
    done. ``why`` says what the disk said.

    >>> print(TableNotKeptError("claim a seat", "No space left on device"))
    could not claim a seat: the table could not be saved (No space left on device); nothing \
changed, try again
    """

    def __init__(self, what: str, why: str) -> None:
        self.what = what
        self.why = why
        super().__init__(
            Message(
                # TRANSLATORS: {action} is what was asked, as after "to" ("claim the seat");
                # {why} is what the disk said
                N_(
                    "could not {action}: the table could not be saved ({why}); nothing changed, "
                    "try again"
                ),
                action=what,
                why=why,
            )
        )
