"""Game ids, checked before they become part of a file name.

A game lives in ``games/<id>.json``; an id that is not exactly the format scorepad makes
(``../meta``, an absolute path, a separator, nothing at all) would name some other file, so it
is refused with :class:`GameIdError` before any path is built from it.
"""

from __future__ import annotations

import re
import secrets

from scorepad.i18n import N_, tr
from scorepad.store.errors import GameIdError

GAME_ID_BYTES = 4
GAME_ID = re.compile(r"[0-9a-f]{8}")
"""What :func:`new_game_id` makes: 8 lowercase hex characters."""
GAME_ID_PREFIX = re.compile(r"[0-9a-f]{1,8}")
GAME_FILE_SUFFIX = ".json"
GAME_FILE_NAME_LENGTH = 2 * GAME_ID_BYTES + len(GAME_FILE_SUFFIX)
EXPECTED = N_("a game id is 8 characters from 0-9 and a-f, like 1a2b3c4d")
"""What a game id looks like, for a refusal (marked: ``tr(EXPECTED)`` where it is said)."""


def new_game_id() -> str:
    return secrets.token_hex(GAME_ID_BYTES)


def checked_game_id(game_id: str) -> str:
    """``game_id`` if it is exactly a game id, else :class:`GameIdError`."""
    if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
        raise GameIdError(str(game_id), tr(EXPECTED))
    return game_id


def checked_prefix(text: str) -> str:
    """A typed id or the start of one (case and surrounding spaces aside), else an error."""
    wanted = text.strip().lower()
    if not GAME_ID_PREFIX.fullmatch(wanted):
        raise GameIdError(
            text,
            tr("{expected} (or its first few characters)").format(expected=tr(EXPECTED)),
        )
    return wanted


def game_id_of(file_name: str) -> str | None:
    """The id a file in ``games/`` is stored under, or ``None`` if it is no game's file."""
    if len(file_name) != GAME_FILE_NAME_LENGTH or not file_name.endswith(GAME_FILE_SUFFIX):
        return None
    stem = file_name[: -len(GAME_FILE_SUFFIX)]
    return stem if GAME_ID.fullmatch(stem) else None
