"""Typed errors of the shared table: who may do what, and why a tap was refused.

Each is a :class:`~scorepad.engine.errors.ScorepadError`, so the app's one error handler shows
it as a one-line message and changes nothing. The messages are read on a phone at the card
table, so each says what to do next, and anything the phone typed is quoted (escaped and cut
short) so no input can forge or split a message. A PIN is never quoted once it could be right:
only :class:`PinFormatError` quotes the input, which by then is known not to be a PIN.
"""

from __future__ import annotations

from scorepad.engine import ScorepadError, quoted, shown


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
            f"the PIN is {length} digits, and {quoted(typed)} is not: "
            "type the digits shown on the scorekeeper's screen"
        )


class WrongPinError(SharingError):
    """A well-formed PIN that is not this table's. The message never says which digits were
    wrong or how close the guess was."""

    def __init__(self) -> None:
        super().__init__(
            "that is not the PIN: check the PIN on the scorekeeper's screen and try again"
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
        source = "at this table" if everyone else "from this screen"
        unit = "second" if wait_seconds == 1 else "seconds"
        super().__init__(f"too many wrong PINs {source}: wait {wait_seconds} {unit} and try again")


class NotSharedError(SharingError):
    """A PIN asked of a table that is not shared: every screen keeps score already.

    >>> print(NotSharedError("change the PIN"))
    cannot change the PIN: this table is not shared, so every screen keeps score and there \
is no PIN (start scorepad with --share to share it)
    """

    def __init__(self, what: str) -> None:
        self.what = what
        super().__init__(
            f"cannot {what}: this table is not shared, so every screen keeps score and "
            "there is no PIN (start scorepad with --share to share it)"
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
        super().__init__(f"this screen only views the game: enter the PIN to {what}")


class ScorekeeperOnlyError(SharingError):
    """A change only the scorekeeper's own screen may make (such as a new PIN), asked by a
    PIN holder or a viewer: a PIN holder must not lock the scorekeeper out."""

    def __init__(self, what: str) -> None:
        self.what = what
        super().__init__(f"only the scorekeeper can {what}: ask them to do it on their screen")


class DeviceNotKnownError(SharingError):
    """A request from a session whose phone is not identified yet (its device key is still
    being read): the table cannot remember a role or a seat for nobody."""

    def __init__(self, what: str) -> None:
        self.what = what
        super().__init__(
            f"this browser is not recognised yet, so it cannot {what}: wait a moment or "
            "reload the page"
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
            f"{quoted(player)} is already taken by another phone: pick your own seat, or ask "
            "the scorekeeper to release it"
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
            f"you do not hold the seat of {quoted(player)}: bid from your own seat, "
            "or ask the scorekeeper to enter that bid"
        )


class NoSuchSeatError(SharingError):
    """A seat asked for a name that is not a player of the game."""

    def __init__(self, player: str) -> None:
        self.player = player
        super().__init__(
            f"{quoted(player)} is not a player of this game: pick one of the players' seats"
        )


class BidsNotSecretError(SharingError):
    """A hidden bid in a round whose bids are made one by one, in the open."""

    def __init__(self) -> None:
        super().__init__(
            "bids in this round are made one by one, not in secret: bid when it is your turn"
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
            message = (
                f"no bid is waiting now, so {shown(player)} cannot bid: wait for the next round"
            )
        else:
            message = (
                f"it is {shown(whose)}'s turn to bid, not {shown(player)}'s: wait for your turn"
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
            f"could not {what}: the table could not be saved ({why}); nothing changed, try again"
        )
