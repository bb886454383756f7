"""A game as a link: its whole record in the address's fragment (``…/#game=1.eJy…``).

A fragment is never sent to any server, so a game travels by message or QR code from one
phone to another with nothing in between, and opens in the served app or the offline app
alike (both read the fragment in the page: see ``scorepad/ui/game_link.js``). The record is
the one Export writes, as compact JSON, compressed with zlib (whose checksum tells a link cut
short or mistyped from a good one) and written in base64url, the alphabet that needs no
escaping in an address. A 25-round game of Scotch Bridge is about 600 characters.

What comes out is the record file's bytes: the app checks them exactly as it checks an
imported file, so a link can carry nothing a file could not.

>>> token = pack_record({"variant": "golf", "players": ["Ann", "Bob"]})
>>> token[:2], len(token) < 80
('1.', True)
>>> unpack_record(token)
b'{"variant":"golf","players":["Ann","Bob"]}'
>>> try:
...     unpack_record(token[:-8])
... except GameLinkError as problem:
...     print(problem.reason)
it is cut short or was changed (copy the whole link again)
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from collections.abc import Mapping
from typing import Any

from scorepad.engine.errors import GameLinkError, GameLinkTooLongError, GameLinkVersionError
from scorepad.engine.message import Message
from scorepad.engine.text import quoted

LINK_VERSION = "1"
"""The form of the links this scorepad makes: a newer form gets a new number, so an older
scorepad says "update" instead of "damaged"."""
FRAGMENT_KEY = "game"
"""The fragment's name: ``#game=<token>``."""

MAX_TOKEN_CHARS = 40_000
"""The longest token read: a game of 60 rounds with 51 players is under 20,000 characters.
Anything longer is not a link scorepad made, and is refused before it is decoded."""
MAX_RECORD_BYTES = 4 * 1024 * 1024
"""The most a token may unpack to (as an imported file may be): zlib can squeeze megabytes of
nothing into a few characters, so the unpacking stops here instead of filling a phone's
memory."""

_TOKEN = re.compile(r"(?P<version>[0-9A-Za-z]+)\.(?P<payload>[A-Za-z0-9_-]+)")


def _cut_short() -> Message:
    return Message("it is cut short or was changed (copy the whole link again)")


def pack_record(data: Mapping[str, Any]) -> str:
    """The token for a record file's data (:meth:`RecordFile.to_data
    <scorepad.engine.record.RecordFile.to_data>`): what follows ``#game=``."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    payload = base64.urlsafe_b64encode(zlib.compress(text, 9)).rstrip(b"=").decode("ascii")
    return f"{LINK_VERSION}.{payload}"


def unpack_record(token: str) -> bytes:
    """The record file's bytes in a token, or a :class:`GameLinkError` saying why there are
    none (checked before anything is decoded: the length, the form, the alphabet).

    >>> def why_not(token: str) -> str:
    ...     try:
    ...         unpack_record(token)
    ...     except GameLinkError as problem:
    ...         return str(problem.reason)
    ...     return "it holds a game"
    >>> why_not("2.abc")
    "it is in form '2', which a newer scorepad makes; update scorepad to open it"
    >>> why_not("hello")
    "'hello' is not a game's link (it starts with a number and a dot, like 1.eNq…)"
    >>> why_not("1." + "A" * 40_000)
    "it is 40,002 characters long, more than any game's link (at most 40,000)"
    """
    if len(token) > MAX_TOKEN_CHARS:
        raise GameLinkTooLongError(len(token), MAX_TOKEN_CHARS)
    if not token:
        raise GameLinkError(Message("nothing follows #game= (copy the whole link again)"))
    matched = _TOKEN.fullmatch(token)
    if matched is None:
        raise GameLinkError(
            Message(
                "{token} is not a game's link (it starts with a number and a dot, like 1.eNq…)",
                token=quoted(token[:40]),
            )
        )
    if matched["version"] != LINK_VERSION:
        raise GameLinkVersionError(matched["version"])
    payload = matched["payload"]
    try:
        packed = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    except (binascii.Error, ValueError):
        raise GameLinkError(_cut_short()) from None
    unpacker = zlib.decompressobj()
    try:
        text = unpacker.decompress(packed, MAX_RECORD_BYTES)
    except zlib.error:
        raise GameLinkError(_cut_short()) from None
    if unpacker.unconsumed_tail:
        raise GameLinkError(
            Message(
                "it unpacks to more than {megabytes} MB, far more than any game's record",
                megabytes=MAX_RECORD_BYTES // (1024 * 1024),
            )
        )
    if not unpacker.eof or unpacker.unused_data:
        raise GameLinkError(_cut_short())
    return text


def link_to(base: str, token: str) -> str:
    """The whole link: the app's own address (``base``, ending in ``/``) and the fragment.

    >>> link_to("http://127.0.0.1:8550/", "1.eNq")
    'http://127.0.0.1:8550/#game=1.eNq'
    """
    return f"{base}#{FRAGMENT_KEY}={token}"
