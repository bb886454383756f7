"""The list of games: the catalogue's ``games`` rows, checked against the game files.

A row is never trusted over its game file: each look compares every row with its file's
signature and makes the row again where they differ, writing the catalogue only when it is
worth it (TinyDB rewrites the whole file). Stats and the ledger read the same rows
(``stats.py``).
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import NamedTuple

from scorepad.store import schema
from scorepad.store.catalogue import Catalogue, CatalogueGame, ListedGame
from scorepad.store.errors import GameNotFoundError, StoreFileError, StoreWriteError
from scorepad.store.files import Signature
from scorepad.store.games import GameFiles, game_files
from scorepad.store.ids import checked_prefix
from scorepad.store.locking import StoreLock
from scorepad.store.models import DAMAGED, GameSummary, ListedStatus
from scorepad.store.roster_keeper import RosterKeeper

EPOCH = datetime.fromtimestamp(0, UTC)

FOLDER_CLOCK_MARGIN_NS = 50_000_000
"""How much older than a look at the games folder its modification time must be for the look
to stand while the folder is unchanged: 50 ms, several ticks of the coarse clock that file
times come from (at most 10 ms on Linux)."""
COARSE_FOLDER_CLOCK_MARGIN_NS = 2_000_000_000
"""The margin on a file system that keeps whole milliseconds or coarser (FAT: two seconds)."""


def folder_clock_margin(mtime_ns: int) -> int:
    """The margin for a folder whose modification time is ``mtime_ns``."""
    coarse = mtime_ns % 1_000_000 == 0
    return COARSE_FOLDER_CLOCK_MARGIN_NS if coarse else FOLDER_CLOCK_MARGIN_NS


STALE_ROWS_WRITTEN = 16
ROWS_PER_STALE_ROW = 64


def _worth_writing(stale: int, rows: Mapping[str, object]) -> bool:
    """Whether a listing that made ``stale`` rows again from their game files should write
    them to the catalogue now: TinyDB rewrites the whole file, hundreds of milliseconds with
    10,000 games, while making a row again from a game just played costs well under one. So
    a few stale rows in a large catalogue wait (made again at each look, never trusted) until
    there are :data:`STALE_ROWS_WRITTEN`, or one per :data:`ROWS_PER_STALE_ROW` rows."""
    return stale > 0 and (stale >= STALE_ROWS_WRITTEN or stale * ROWS_PER_STALE_ROW >= len(rows))


def damaged_summary(game_id: str, problem: StoreFileError) -> GameSummary:
    """The list's line for a game whose file cannot be used, saying why."""
    return GameSummary(
        id=game_id,
        variant="?",
        players=(),
        status=DAMAGED,
        rounds_played=0,
        rounds_total=0,
        leaders=(),
        winners=(),
        created=None,
        updated=None,
        problem=str(problem),
        recoverable=problem.recoverable,
    )


class Refreshed(NamedTuple):
    """The games on disk as a look at them found them (see :meth:`Listing.refreshed`)."""

    rows: dict[str, ListedGame]
    damaged: list[GameSummary]
    up_to_date: bool
    """The catalogue file holds exactly ``rows``: a query on it answers for every game."""
    unwritten: frozenset[str]
    """Ids of rows the catalogue file does not hold as they are now (all of them when it
    could not be read): a query on the file does not answer for these."""


class Listing:
    """The games on disk as the catalogue lists them. A lost catalogue is made again here
    from the game files, their players put back on the ``roster`` (it exists nowhere else)."""

    def __init__(
        self, lock: StoreLock, catalogue: Catalogue, games: GameFiles, roster: RosterKeeper
    ) -> None:
        self._lock = lock
        self._catalogue = catalogue
        self._games = games
        self._roster = roster
        self._last_look: tuple[tuple[int, int], int, dict[str, Signature]] | None = None
        """The games folder's inode and modification time, when it was last scanned (ns),
        and the game files found then (see :meth:`_games_on_disk`)."""

    def list_games(self, status: ListedStatus | None = None) -> list[GameSummary]:
        """Every game (or those with ``status``), most recently changed first; damaged files
        are listed with their problem."""
        wanted = None if status is None else ListedStatus(status)  # refuses an unknown word
        with self._lock.held(write=False):
            summaries = self.summaries(wanted)
        return sorted(summaries, key=lambda s: s.updated or EPOCH, reverse=True)

    def resolve_game_id(self, text: str) -> str:
        """A game id from a full id or an unambiguous prefix of one (hex characters only:
        anything else is refused with :class:`GameIdError`)."""
        wanted = checked_prefix(text)
        matches = tuple(
            sorted(i for i in game_files(self._games.games_dir) if i.startswith(wanted))
        )
        if wanted in matches:
            return wanted
        if len(matches) == 1:
            return matches[0]
        raise GameNotFoundError(text, matches if len(matches) > 1 else ())

    # --- with the store held ------------------------------------------------------------------

    def summaries(self, status: ListedStatus | None = None) -> list[GameSummary]:
        """The summaries of the games on disk (those with ``status``, if given)."""
        refreshed = self.refreshed()
        rows, damaged = refreshed.rows, refreshed.damaged
        if status is DAMAGED:
            return damaged
        if status is None:
            return [row.summary for row in rows.values()] + damaged
        if refreshed.up_to_date:  # the catalogue's rows are the files': ask it
            return [rows[i].summary for i in self._catalogue.game_ids(status) if i in rows]
        return [row.summary for row in rows.values() if row.summary.status is status]

    def refreshed(self) -> Refreshed:
        """The catalogue's rows of the games on disk, kept where their file is unchanged and
        made again from the file where it changed, with the catalogue brought up to date in
        one write; the summaries of the damaged games; whether the catalogue now holds
        exactly those rows; and the ids of the rows it does not hold as they are now (made
        again but not written yet, see :func:`_worth_writing`).

        Only good summaries are catalogued: a damaged game is read again each time, so that
        fixing what was wrong (a file's permissions, say, which leave its signature as it
        was) shows at once. A catalogue that cannot be read does not stop the list: the game
        files are the truth, and opening the store says what is wrong with the catalogue.
        """
        on_disk = self._games_on_disk()
        writable = self._lock.read_only is None
        try:
            found = self._catalogue.games()
        except StoreFileError:
            found = None
            lost = False
        else:
            lost = found is None and writable
        if lost:  # deleted while the store was open: made again, as at opening
            self._catalogue.set_schema_version(schema.SCHEMA_VERSION)
        rows = {} if found is None else found
        gone = [game_id for game_id in rows if game_id not in on_disk]
        changed = []
        damaged = []
        for game_id, signature in on_disk.items():
            row = rows.get(game_id)
            if row is not None and row.signature == signature:
                continue
            made = self.row_of(game_id, signature)
            if isinstance(made, CatalogueGame):
                changed.append(made)
                continue
            if row is not None:
                gone.append(game_id)
            if made is not None:
                damaged.append(made)
        for game_id in gone:
            del rows[game_id]
        rows.update((row.id, row.listed_whole()) for row in changed)
        up_to_date = found is not None and not (changed or gone or self._catalogue.stray)
        must_write = lost or gone or self._catalogue.stray or _worth_writing(len(changed), rows)
        if (found is not None or lost) and writable and must_write:
            with contextlib.suppress(StoreWriteError, StoreFileError):  # made again next time
                self._catalogue.put_games(rows, changed, gone)
                up_to_date = True
        if lost:
            self._roster.add([name for row in rows.values() for name in row.summary.players])
        unwritten = frozenset(rows if found is None else (row.id for row in changed))
        return Refreshed(rows, damaged, up_to_date, frozenset() if up_to_date else unwritten)

    def _games_on_disk(self) -> Mapping[str, Signature]:
        """:func:`game_files`, or its last answer when the folder cannot have changed since.

        Every write of a game replaces its file by a rename, which changes the folder's
        modification time; so a folder whose inode and modification time are those of the
        last look, and whose modification time is older than that look by more than
        :func:`folder_clock_margin`, holds the same files (the margin covers clocks that
        tick coarsely: a change in the same tick as the look would not show). A file edited
        in place by something else than scorepad is seen at the next change in the folder.
        """
        games_dir = self._games.games_dir
        try:
            status = os.stat(games_dir)
        except OSError:
            return game_files(games_dir)
        folder = (status.st_ino, status.st_mtime_ns)
        last = self._last_look
        margin = folder_clock_margin(folder[1])
        if last is not None and last[0] == folder and last[1] - folder[1] > margin:
            return last[2]
        looked_at = time.time_ns()
        files = game_files(games_dir)
        self._last_look = (folder, looked_at, files)
        return files

    def row_of(self, game_id: str, signature: Signature) -> CatalogueGame | GameSummary | None:
        """A game's catalogue row, a damaged summary saying why it cannot be read, or ``None``
        for a game gone meanwhile (or replaced by something that is not a file)."""
        try:
            return CatalogueGame.of(self._games.read(game_id), signature)
        except GameNotFoundError:
            return None
        except StoreFileError as exc:
            return damaged_summary(game_id, exc)
