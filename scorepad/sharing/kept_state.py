"""What the shared table keeps across a restart: one small document, written before a change
is shown, so a laptop that crashed mid-round comes back as the same table.

A restart used to start a new table: a new PIN and token, every seat free, and the round's
secret bids gone, while every screen said "everything entered so far is saved". The table's
state is now this value (:class:`KeptTable`), which :class:`~scorepad.sharing.table.SharedTable`
hands to whoever keeps it (the server keeps it next to the store, readable only by the store's
owner, apart from the game records so that no export or backup ever carries a secret bid).

Everything in it came from a browser or a file at some point, so it is checked like any input:
a PIN of digits, device keys and game ids of bounded, printable text, bids of a sane size.

>>> kept = KeptTable(pin="0420", token="s3cret-token-long-enough",
...                  seats={"game-1": {"Bob": "bob-phone"}},
...                  hidden=[HiddenRound(game_id="game-1", round_number=3, bids={"Bob": 2})])
>>> KeptTable.model_validate_json(kept.model_dump_json()) == kept
True
>>> KeptTable(pin="04x0", token="s3cret-token-long-enough")
Traceback (most recent call last):
...
pydantic_core._pydantic_core.ValidationError: 1 validation error for KeptTable
pin
  String should match pattern '^[0-9]{4,8}$' [type=string_pattern_mismatch, input_value='04x0', \
input_type=str]
...
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

KEPT_TABLE_VERSION = 1
"""Bumped when the document changes shape; an unknown version is not read (a fresh table)."""

MAX_DEVICES = 2_000
"""Scorekeepers or PIN holders a table may know: a table has a dozen; a crafted flood of new
devices must not grow the document without end."""
MAX_GAMES = 200
"""Games with seats (or hidden bids) a table keeps: an evening plays a handful."""
MAX_SEATS = 64
"""Seats of one game: more than any variant's players."""

Key = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_\-]+$")]
"""A device key (``secrets.token_urlsafe`` text) or a token: URL-safe characters only."""
GameId = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_\-]+$")]
PlayerName = Annotated[str, Field(min_length=1, max_length=200)]
Bid = Annotated[int, Field(ge=0, le=1_000)]


class HiddenRound(BaseModel):
    """The secret bids made so far in one round of one game (never shown before the go)."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    game_id: GameId
    round_number: Annotated[int, Field(ge=1, le=1_000)]
    bids: Annotated[dict[PlayerName, Bid], Field(max_length=MAX_SEATS)]


class KeptTable(BaseModel):
    """The shared table as it is kept: who may keep score, the game everyone watches, who
    holds which seat, and the bids still hidden."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    version: int = KEPT_TABLE_VERSION
    pin: Annotated[str, Field(pattern=r"^[0-9]{4,8}$")]
    token: Key
    scorekeepers: Annotated[frozenset[Key], Field(max_length=MAX_DEVICES)] = frozenset()
    """Devices that opened the token address: the scorekeeper for the life of the table."""
    editors: Annotated[frozenset[Key], Field(max_length=MAX_DEVICES)] = frozenset()
    """Devices that typed the PIN since it last changed."""
    shared_game: GameId | None = None
    reveal_on_last_bid: bool = False
    seats: Annotated[
        dict[GameId, Annotated[dict[PlayerName, Key], Field(max_length=MAX_SEATS)]],
        Field(max_length=MAX_GAMES),
    ] = {}
    """game id -> player -> the device holding that player's seat."""
    hidden: Annotated[list[HiddenRound], Field(max_length=MAX_GAMES)] = []
