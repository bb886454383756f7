"""The shared table (``scorepad --share``): who may keep score, who only views, which phone is
whose seat, and the bids hidden until "Ready, set, go!".

Pure Python over :mod:`scorepad.engine` (no Flet, no store), so the rules of access can be
tested without a server and every layer above can use them.
"""

from scorepad.sharing.access import RateLimiter, make_pin, make_token, pins_match
from scorepad.sharing.errors import (
    BidsNotSecretError,
    DeviceNotKnownError,
    NoSuchSeatError,
    NotSharedError,
    NotYourSeatError,
    NotYourTurnError,
    PinFormatError,
    ScorekeeperOnlyError,
    SeatTakenError,
    SharingError,
    TooManyTriesError,
    ViewerCannotEditError,
    WrongPinError,
)
from scorepad.sharing.info import ShareInfo, is_loopback
from scorepad.sharing.table import (
    AccessChanged,
    BidsChanged,
    GameChanged,
    Role,
    SeatsChanged,
    SharedTable,
    TableEvent,
    device_hint,
)

__all__ = [
    "AccessChanged",
    "BidsChanged",
    "BidsNotSecretError",
    "DeviceNotKnownError",
    "GameChanged",
    "NoSuchSeatError",
    "NotSharedError",
    "NotYourSeatError",
    "NotYourTurnError",
    "PinFormatError",
    "RateLimiter",
    "Role",
    "ScorekeeperOnlyError",
    "SeatTakenError",
    "SeatsChanged",
    "ShareInfo",
    "SharedTable",
    "SharingError",
    "TableEvent",
    "TooManyTriesError",
    "ViewerCannotEditError",
    "WrongPinError",
    "device_hint",
    "is_loopback",
    "make_pin",
    "make_token",
    "pins_match",
]
