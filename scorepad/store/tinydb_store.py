"""The store on disk: one durable file per game, and a TinyDB catalogue of them.

Layout (see ``schema.py``): recording a round rewrites only that game's small file
(``records.py``), so its cost does not grow with the number of games kept. The catalogue
(``catalogue.py``) is one TinyDB database: the roster and the house rules, which exist only
there, and a row per game for the list, checked against each game file's signature and made
again where they differ (a row is never trusted over its game file).

Every read-modify-write holds an in-process lock and a file lock, so threads and processes take
turns; every write replaces its file atomically (see ``atomic.py``).
"""

from __future__ import annotations

import contextlib
import os
import stat
import threading
import time
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any, NamedTuple

from filelock import FileLock, Timeout
from pydantic import BaseModel, ValidationError
from tinydb import Query
from tinydb.queries import QueryInstance, QueryLike

from scorepad.engine import (
    PRESETS,
    Game,
    GameLine,
    GameRecord,
    GameResults,
    PlayedTimes,
    PlayerStats,
    RoundDraft,
    RoundRecord,
    ScorepadError,
    SeatRow,
    Variant,
    line_stats,
    name_key,
)
from scorepad.engine import leaderboard as ranked
from scorepad.store import roster as rosters
from scorepad.store import schema
from scorepad.store.atomic import fsync_folder, remove_temp_litter
from scorepad.store.backup import (
    Backup,
    RestorePlan,
    RestoreReport,
    StoreContents,
    plan_restore,
    read_backup,
)
from scorepad.store.bulk import collection_paused
from scorepad.store.catalogue import (
    HOUSE_RULES,
    ROSTER,
    SCHEMA_ROW,
    SEAT_ROWS,
    SETTINGS,
    Catalogue,
    CatalogueGame,
    CatalogueRow,
    ListedGame,
)
from scorepad.store.checks import check_catalogue, first_problem
from scorepad.store.errors import (
    GameNotFoundError,
    NothingToUndoError,
    RosterError,
    StaleGameError,
    StoreBusyError,
    StoreFileError,
    StoreReadOnlyError,
    StoreWriteError,
    VariantNotFoundError,
)
from scorepad.store.files import (
    FileTooLargeError,
    NotRegularFileError,
    Signature,
    is_read_only_error,
    read_store_file,
    signature_of,
)
from scorepad.store.fingerprint import record_fingerprint
from scorepad.store.ids import checked_game_id, checked_prefix, game_id_of, new_game_id
from scorepad.store.interface import KEEP, GameChange, Keep
from scorepad.store.migrate import run_migrations, schema_on_disk
from scorepad.store.models import (
    DAMAGED,
    UNDO_KEPT,
    GameSummary,
    ListedStatus,
    RosterPlayer,
    SavedVariant,
    Settings,
    StoredGame,
    UndoStep,
    now,
)
from scorepad.store.records import GameFile
from scorepad.store.storage import access_error

EPOCH = datetime.fromtimestamp(0, UTC)


def local_day(text: object) -> date:
    """The day a row's game started on this computer's calendar. Bounds are compared as days,
    never turned into instants: the first and last days of the calendar (0001-01-01,
    9999-12-31) have no midnight every time zone can reach."""
    return _started(text).astimezone().date()


def results_condition(
    *,
    variant: str | None,
    since: date | None,
    until: date | None,
    game_ids: Sequence[str] | None,
) -> QueryInstance | None:
    """The TinyDB query on ``games`` rows for :meth:`TinyDBStore.game_results`, or ``None``
    when every game is wanted (the all-time leaderboard: nothing to ask). Dates are the days
    of this computer's clock (an evening that runs past midnight UTC is still that evening);
    a game's start is kept in UTC and becomes this computer's day before it is compared."""
    row = Query()
    conditions: list[QueryInstance] = []
    if variant is not None:
        key = variant.casefold()
        conditions.append(
            row.variant.test(lambda name: isinstance(name, str) and name.casefold() == key)
        )
    if since is not None:
        first: date = since
        conditions.append(row.created.test(lambda text: local_day(text) >= first))
    if until is not None:
        last: date = until
        conditions.append(row.created.test(lambda text: local_day(text) <= last))
    if game_ids is not None:
        conditions.append(row.id.one_of(list(game_ids)))
    if not conditions:
        return None
    condition = conditions[0]
    for more in conditions[1:]:
        condition &= more
    return condition


def _started(text: object) -> datetime:
    """A row's start time (rows are checked when read, so this is the text pydantic wrote)."""
    return datetime.fromisoformat(str(text))


KNOWN_GAMES_KEPT = 64

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


def game_files(folder: Path) -> dict[str, Signature]:
    """The game files in ``folder`` by id, with their signatures.

    Only regular files named like a game are games: a symlink, FIFO, device or folder (even one
    called ``x.json``) is not something scorepad wrote, and is left alone, never opened. A
    folder that cannot be listed (its permissions, or no longer a folder) is a
    :class:`StoreAccessError` saying so: a bare ``OSError`` would reach the user as a crash.
    """
    found = {}
    try:
        entries = list(os.scandir(folder))
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise access_error(folder, exc) from None
    is_regular = stat.S_ISREG
    for entry in entries:  # thousands of games: kept to the bare minimum per file
        game_id = game_id_of(entry.name)
        if game_id is None:
            continue
        try:
            status = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if is_regular(status.st_mode):
            found[game_id] = signature_of(status)
    return found


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
    """The games on disk as a look at them found them (see
    :meth:`TinyDBStore._refreshed_catalogue`)."""

    rows: dict[str, ListedGame]
    damaged: list[GameSummary]
    up_to_date: bool
    """The catalogue file holds exactly ``rows``: a query on it answers for every game."""
    unwritten: frozenset[str]
    """Ids of rows the catalogue file does not hold as they are now (all of them when it
    could not be read): a query on the file does not answer for these."""


class TinyDBStore:
    """scorepad's store in the folder ``root`` (created if missing).

    A store whose folder cannot be written (a read-only disk, no write permission) still opens
    read-only: :attr:`read_only` says why, games can be listed, loaded and exported, and every
    change is refused with :class:`StoreReadOnlyError` before anything is touched. Reads then
    take no file lock (there is no lock file to take); they are still whole, since writers
    only ever rename complete files into place.
    """

    def __init__(self, root: Path, *, lock_timeout: float = 10.0) -> None:
        self.root = Path(root)
        self.games_dir = self.root / "games"
        self.lock_timeout = lock_timeout
        self.read_only: str | None = None
        """Why the store cannot be written, or ``None`` when it can."""
        try:
            self.games_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            if not (is_read_only_error(exc) and self.root.is_dir()):
                raise StoreWriteError(self.games_dir, exc.strerror or str(exc)) from None
            self.read_only = exc.strerror or str(exc)
        self._thread_lock = threading.RLock()
        self._last_look: tuple[tuple[int, int], int, dict[str, Signature]] | None = None
        """The games folder's inode and modification time, when it was last scanned (ns),
        and the game files found then (see :meth:`_games_on_disk`)."""
        self._known_games: dict[str, tuple[bytes, StoredGame]] = {}
        """Games last read or written, by the exact bytes of their file: a file that still
        holds those bytes needs no second parse and check."""
        self._lines_made: dict[str, tuple[CatalogueRow, GameLine]] = {}
        """Each game's results as plain lines as last made, with the row they were made from."""
        self._results_made: dict[str, tuple[CatalogueRow, GameResults]] = {}
        """Each game's results as last made, with the row they were made from."""
        self._file_lock = FileLock(self.root / ".lock", timeout=lock_timeout)
        self._catalogue = Catalogue(self.root, check_catalogue)
        with self._locked(write=False):
            if self.read_only is None:
                remove_temp_litter(self.root)
                remove_temp_litter(self.games_dir)
            self._open_schema()

    # --- locking and files --------------------------------------------------------------------

    @contextlib.contextmanager
    def _locked(self, *, write: bool = True) -> Iterator[None]:
        """Hold the store for one read or read-modify-write. A change to a read-only store is
        refused here, before anything is read or written."""
        with self._thread_lock:
            if self.read_only is None:
                try:
                    self._file_lock.acquire()
                except Timeout:
                    lock_file = Path(self._file_lock.lock_file)
                    raise StoreBusyError(lock_file, self.lock_timeout) from None
                except OSError as exc:  # the lock file cannot be made: the folder is read-only
                    if not is_read_only_error(exc):
                        raise StoreWriteError(
                            self.root / ".lock", exc.strerror or str(exc)
                        ) from None
                    self.read_only = exc.strerror or str(exc)
            if self.read_only is not None:
                if write:
                    raise StoreReadOnlyError(self.root, self.read_only)
                yield
                return
            try:
                yield
            finally:
                self._file_lock.release()

    def game_path(self, game_id: str) -> Path:
        """The file of game ``game_id`` (:class:`GameIdError` for anything but a game id)."""
        return self.games_dir / f"{checked_game_id(game_id)}.json"

    def _game_file(self, game_id: str) -> GameFile:
        return GameFile(self.root, self.game_path(game_id), game_id)

    def _open_schema(self) -> None:
        """Check the schema version on disk and bring an older store up to date."""
        found = schema_on_disk(self.root, self._catalogue)
        if self.read_only is not None:  # nothing to write down; an old store cannot be upgraded
            if found is not None and found < schema.SCHEMA_VERSION:
                raise StoreReadOnlyError(self.root, self.read_only, needs_upgrade=found)
            return
        if found is not None:
            run_migrations(self.root, self._catalogue, found)
            return
        self._catalogue.set_schema_version(schema.SCHEMA_VERSION)
        if game_files(self.games_dir):  # the catalogue was lost: its roster comes back from
            self._add_to_roster([p for s in self._refreshed_summaries() for p in s.players])

    # --- games --------------------------------------------------------------------------------

    def create_game(self, record: GameRecord, played: PlayedTimes | None = None) -> StoredGame:
        """Store a new game (validated first: an invalid record stores nothing). ``played``:
        when it was played, for a game imported from elsewhere (by default: now)."""
        game = Game(record)
        with self._locked():
            game_id = self._new_game_id()
            stamp = now()
            started = played.started if played and played.started else None
            updated = played.updated if played and played.updated else None
            stored = StoredGame(
                id=game_id,
                created=started or updated or stamp,
                updated=updated or started or stamp,
                record=game.record,
            ).knowing(game)
            self._write_game(stored)
            try:
                self._add_to_roster(list(game.players))
            except BaseException:  # all or nothing: no game left behind that was not reported
                self._forget_new_game(game_id)
                raise
        return stored

    def _forget_new_game(self, game_id: str) -> None:
        """Take back a game file just written by :meth:`create_game` (nothing else knows it)."""
        self._known_games.pop(game_id, None)
        with contextlib.suppress(OSError):  # the write's own failure is the one to report
            self.game_path(game_id).unlink()
        fsync_folder(self.games_dir)

    def _new_game_id(self) -> str:
        while True:
            game_id = new_game_id()
            if not os.path.lexists(self.game_path(game_id)):
                return game_id

    def load_game(self, game_id: str) -> StoredGame:
        with self._locked(write=False):
            return self._read_game(game_id)

    def _read_game(self, game_id: str) -> StoredGame:
        return self._read_game_file(game_id)[0]

    def _read_game_file(self, game_id: str) -> tuple[StoredGame, GameFile]:
        """The stored game, and its file ready to be written (its current content known good,
        so that the write keeps it as a backup)."""
        path = self.game_path(game_id)
        file = GameFile(self.root, path, game_id)
        try:
            raw: bytes | None
            raw, signature = read_store_file(path)
        except (FileNotFoundError, NotRegularFileError):  # a FIFO or symlink is no game of ours
            raise GameNotFoundError(game_id) from None
        except FileTooLargeError:
            raw = None  # damaged: the file's own read below reports it
        except OSError as exc:
            raise access_error(path, exc) from None
        known = self._known_games.get(game_id)
        if raw is not None and known is not None and known[0] == raw:
            file.known_good(raw, signature)
            return known[1], file
        document = file.read()
        if document is None:  # gone since
            raise GameNotFoundError(game_id)
        try:
            stored = StoredGame.model_validate(document)
            stored.game  # noqa: B018  (derive it: a game that breaks the rules is damaged)
        except (ValidationError, ScorepadError) as exc:
            reason = (
                f"the game in it is not valid ({first_problem(exc)})"
                if isinstance(exc, ValidationError)
                else str(exc).splitlines()[0]
            )
            raise file.storage.unreadable(reason) from None
        self._remember(game_id, file.last_bytes, stored)
        return stored, file

    def _write_game(self, stored: StoredGame, file: GameFile | None = None) -> None:
        file = file if file is not None else self._game_file(stored.id)
        file.write(stored)
        self._remember(stored.id, file.last_bytes, stored)

    def _remember(self, game_id: str, raw: bytes | None, stored: StoredGame) -> None:
        if raw is None:
            return
        self._known_games.pop(game_id, None)
        self._known_games[game_id] = (raw, stored)
        while len(self._known_games) > KNOWN_GAMES_KEPT:
            del self._known_games[next(iter(self._known_games))]

    def update_game(
        self,
        game_id: str,
        change: GameChange,
        *,
        draft: RoundDraft | Keep | None = KEEP,
        undo: tuple[UndoStep, ...] | Keep = KEEP,
        expected_revision: int | None = None,
    ) -> StoredGame:
        """Apply ``change`` to the stored game and save the result, all under the lock.

        ``draft`` and ``undo`` replace the round being entered and the undo steps (the newest
        :data:`UNDO_KEPT` are kept); by default both stay as they are.

        ``change`` gets the game as it is on disk now and returns the changed game; if it raises
        (a rule broken), nothing is written. With ``expected_revision``, a game changed by
        someone else since it was loaded is refused with :class:`StaleGameError`.
        """
        with self._locked():
            stored, file = self._read_game_file(game_id)
            if expected_revision is not None and stored.revision != expected_revision:
                raise StaleGameError(game_id, expected_revision, stored.revision)
            changed = change(stored.game)
            updated = StoredGame(
                id=stored.id,
                created=stored.created,
                updated=now(),
                revision=stored.revision + 1,
                record=changed.record,
                draft=stored.draft if isinstance(draft, Keep) else draft,
                undo=stored.undo if isinstance(undo, Keep) else tuple(undo)[-UNDO_KEPT:],
            ).knowing(changed)
            self._write_game(updated, file)
            return updated

    def record_round(
        self, game_id: str, round_record: RoundRecord, *, expected_revision: int | None = None
    ) -> StoredGame:
        """Record the next round durably and clear the draft it came from."""
        return self.update_game(
            game_id,
            lambda game: game.record_round(round_record),
            draft=None,
            expected_revision=expected_revision,
        )

    def save_draft(
        self, game_id: str, draft: RoundDraft | None, *, expected_revision: int | None = None
    ) -> StoredGame:
        return self.update_game(
            game_id, lambda game: game, draft=draft, expected_revision=expected_revision
        )

    def resolve_game_id(self, text: str) -> str:
        """A game id from a full id or an unambiguous prefix of one (hex characters only:
        anything else is refused with :class:`GameIdError`)."""
        wanted = checked_prefix(text)
        matches = tuple(sorted(i for i in game_files(self.games_dir) if i.startswith(wanted)))
        if wanted in matches:
            return wanted
        if len(matches) == 1:
            return matches[0]
        raise GameNotFoundError(text, matches if len(matches) > 1 else ())

    # --- the list -----------------------------------------------------------------------------

    def list_games(self, status: ListedStatus | None = None) -> list[GameSummary]:
        """Every game (or those with ``status``), most recently changed first; damaged files
        are listed with their problem."""
        wanted = None if status is None else ListedStatus(status)  # refuses an unknown word
        with self._locked(write=False):
            summaries = self._refreshed_summaries(wanted)
        return sorted(summaries, key=lambda s: s.updated or EPOCH, reverse=True)

    def _refreshed_summaries(self, status: ListedStatus | None = None) -> list[GameSummary]:
        """The summaries of the games on disk (those with ``status``, if given)."""
        rows, damaged, up_to_date = self._refreshed_rows()
        if status is DAMAGED:
            return damaged
        if status is None:
            return [row.summary for row in rows.values()] + damaged
        if up_to_date:  # the catalogue's rows are the files': ask it
            return [rows[i].summary for i in self._catalogue.game_ids(status) if i in rows]
        return [row.summary for row in rows.values() if row.summary.status is status]

    def _refreshed_rows(self) -> tuple[dict[str, ListedGame], list[GameSummary], bool]:
        """:meth:`_refreshed_catalogue` without the ids of the rows left unwritten."""
        refreshed = self._refreshed_catalogue()
        return refreshed.rows, refreshed.damaged, refreshed.up_to_date

    def _refreshed_catalogue(self) -> Refreshed:
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
        try:
            found = self._catalogue.games()
        except StoreFileError:
            found = None
            lost = False
        else:
            lost = found is None and self.read_only is None
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
            made = self._row_of(game_id, signature)
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
        if (found is not None or lost) and self.read_only is None and must_write:
            with contextlib.suppress(StoreWriteError, StoreFileError):  # made again next time
                self._catalogue.put_games(rows, changed, gone)
                up_to_date = True
        if lost:
            self._add_to_roster([name for row in rows.values() for name in row.summary.players])
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
        try:
            status = os.stat(self.games_dir)
        except OSError:
            return game_files(self.games_dir)
        folder = (status.st_ino, status.st_mtime_ns)
        last = self._last_look
        margin = folder_clock_margin(folder[1])
        if last is not None and last[0] == folder and last[1] - folder[1] > margin:
            return last[2]
        looked_at = time.time_ns()
        files = game_files(self.games_dir)
        self._last_look = (folder, looked_at, files)
        return files

    def _row_of(self, game_id: str, signature: Signature) -> CatalogueGame | GameSummary | None:
        """A game's catalogue row, a damaged summary saying why it cannot be read, or ``None``
        for a game gone meanwhile (or replaced by something that is not a file)."""
        try:
            return CatalogueGame.of(self._read_game(game_id), signature)
        except GameNotFoundError:
            return None
        except StoreFileError as exc:
            return damaged_summary(game_id, exc)

    # --- records: stats, the ledger, finding a record -------------------------------------------

    def game_results(
        self,
        *,
        variant: str | None = None,
        since: date | None = None,
        until: date | None = None,
        game_ids: Sequence[str] | None = None,
    ) -> list[GameResults]:
        """Each game's results as stats and the ledger read them, oldest game first: of the
        games played with ``variant`` (its name in any case), started on or after ``since``
        and on or before ``until`` (local dates, both days included), among ``game_ids``
        (full ids; one that is no readable game is refused with :class:`GameNotFoundError`).

        Answered from the catalogue's rows with a TinyDB query; a game file is read only
        when its row is stale (as for the list). Damaged games have no results.
        """
        with self._locked(write=False):
            found = self._selected_rows(
                variant=variant, since=since, until=until, game_ids=game_ids
            )
            found.sort(key=lambda listed: (listed.row.created.timestamp(), listed.row.id))
            with collection_paused():  # the first look checks every row's results: bulk.py
                self._lines_of(found)
                return [self._results_of(listed) for listed in found]

    def player_stats(
        self,
        *,
        variant: str | None = None,
        since: date | None = None,
        until: date | None = None,
        player: str | None = None,
        hands: bool = True,
    ) -> list[PlayerStats]:
        """Every player's records (the engine's :func:`~scorepad.engine.player_stats`, under
        the names they go by now) over the games chosen as for :meth:`game_results`; with
        ``player`` (any name they were known by), only theirs (an empty list when they have
        no game counted): their games are picked out with one query on the rows' name keys.

        Summed from the rows' plain arrays (:func:`~scorepad.engine.line_stats`): no model is
        built per game or seat, so a leaderboard over 10,000 games takes a fraction of a
        second; ``hands=False`` skips bid accuracy by hand size (a leaderboard's case).
        """
        with self._locked(write=False):
            refreshed = self._refreshed_catalogue()
            names = self._current_names(refreshed.rows)
            keys = None
            if player is not None:
                wanted = name_key(names.get(name_key(player), player))
                keys = {key for key, name in names.items() if name_key(name) == wanted}
                keys.add(wanted)
            found = self._selected_rows(
                variant=variant,
                since=since,
                until=until,
                game_ids=None,
                player_keys=keys,
                refreshed=refreshed,
            )
            with collection_paused():  # the first look checks every row's results: bulk.py
                lines = self._lines_of(found)
        return line_stats(lines, names=names, hands=hands, player=player)

    def leaderboard(
        self,
        *,
        variant: str | None = None,
        since: date | None = None,
        until: date | None = None,
        min_games: int = 1,
    ) -> list[PlayerStats]:
        """The players ranked as the engine's :func:`~scorepad.engine.leaderboard` ranks them,
        over the games chosen as for :meth:`game_results` (see :meth:`player_stats`)."""
        players = self.player_stats(variant=variant, since=since, until=until, hands=False)
        return ranked(players, min_games=min_games)

    def _selected_rows(
        self,
        *,
        variant: str | None,
        since: date | None,
        until: date | None,
        game_ids: Sequence[str] | None,
        player_keys: Collection[str] | None = None,
        refreshed: Refreshed | None = None,
    ) -> list[ListedGame]:
        """The up-to-date rows of the games chosen (see :meth:`game_results`), in no order,
        where one of ``player_keys`` sat, if given; call with the store held.

        The players are picked out by the rows' precomputed name keys, in a pass over the
        rows already read (a few milliseconds for 10,000 games, where a TinyDB query calls
        its test on every row, ten times as long); the other conditions are a TinyDB query.
        """
        ids = None if game_ids is None else [checked_game_id(game_id) for game_id in game_ids]
        condition = results_condition(variant=variant, since=since, until=until, game_ids=ids)
        if refreshed is None:
            refreshed = self._refreshed_catalogue()
        rows = refreshed.rows
        if ids is not None:
            missing = [game_id for game_id in ids if game_id not in rows]
            if missing:
                raise GameNotFoundError(missing[0])
        matching = list(rows) if condition is None else self._matching_ids(condition, refreshed)
        if player_keys is not None:
            wanted = frozenset(player_keys)
            matching = [i for i in matching if not wanted.isdisjoint(rows[i].row.player_keys)]
        for made in (self._lines_made, self._results_made):
            if len(made) > len(rows):  # games gone since: forget their results
                for game_id in [i for i in made if i not in rows]:
                    del made[game_id]
        return [rows[game_id] for game_id in matching]

    def _results_of(self, listed: ListedGame) -> GameResults:
        """A listed game's results as the ledger and the app read them, made once per row
        (see :meth:`_line_of`)."""
        row = listed.row
        known = self._results_made.get(row.id)
        if known is not None and known[0] is row:
            return known[1]
        made = row.game_results(tuple(self._line_of(listed).seats))
        self._results_made[row.id] = (row, made)
        return made

    def _lines_of(self, found: Sequence[ListedGame]) -> list[GameLine]:
        """The listed games' results as plain lines, made once per row: the rows of an
        unchanged catalogue are the same objects from one look to the next, so a second
        leaderboard checks and builds nothing. Results read from the catalogue are checked
        here, the first time they are asked for: all in one pydantic call (plain arrays: no
        model per seat), or row by row when one of them does not read."""
        made = self._lines_made
        lines: list[GameLine | None] = []
        unchecked: list[tuple[int, ListedGame]] = []
        for listed in found:  # thousands of rows: one dictionary look each when all are known
            known = made.get(listed.row.id)
            if known is not None and known[0] is listed.row:
                lines.append(known[1])
                continue
            if not isinstance(listed.results, tuple):
                unchecked.append((len(lines), listed))
            lines.append(None)
        if unchecked:
            try:
                checked = SEAT_ROWS.validate_python([listed.results for _, listed in unchecked])
            except ValidationError:
                pass  # each row on its own, below
            else:
                for (at, listed), seats in zip(unchecked, checked, strict=True):
                    lines[at] = self._remember_line(listed, seats)
        return [
            line if line is not None else self._line_of(listed)
            for line, listed in zip(lines, found, strict=True)
        ]

    def _known_line(self, listed: ListedGame) -> GameLine | None:
        known = self._lines_made.get(listed.row.id)
        return known[1] if known is not None and known[0] is listed.row else None

    def _line_of(self, listed: ListedGame) -> GameLine:
        """One listed game's results as a plain line (see :meth:`_lines_of`)."""
        known = self._known_line(listed)
        if known is not None:
            return known
        if isinstance(listed.results, tuple):  # made from the game file just now: checked
            return self._remember_line(listed, listed.results)
        try:
            (seats,) = SEAT_ROWS.validate_python([listed.results])
        except ValidationError:
            seats = self._seats_from_file(listed.row)
        return self._remember_line(listed, seats)

    def _remember_line(self, listed: ListedGame, seats: tuple[SeatRow, ...]) -> GameLine:
        """Keep the line of ``listed`` with these ``seats``; a row whose name keys are not its
        players' is not trusted (its game file answers)."""
        row = listed.row
        if row.player_keys != tuple(name_key(seat[0]) for seat in seats):
            seats = self._seats_from_file(row)
        made = row.game_line(seats)
        self._lines_made[row.id] = (row, made)
        return made

    def _seats_from_file(self, row: CatalogueRow) -> tuple[SeatRow, ...]:
        """The players' results made again from the game file (none if it is unreadable or
        gone since the look that listed it: it then counts for nobody)."""
        made = self._row_of(row.id, row.signature)
        return made.results if isinstance(made, CatalogueGame) else ()

    def _matching_ids(self, condition: QueryLike, refreshed: Refreshed) -> list[str]:
        """The ids of the games whose rows meet ``condition``: asked of the catalogue file for
        the rows it holds as they are, tested here on the rows it does not (yet)."""
        rows, unwritten = refreshed.rows, refreshed.unwritten
        queried: list[str] = []
        if len(unwritten) < len(rows):
            try:
                found = self._catalogue.search_game_ids(condition)
            except StoreFileError:  # unreadable since: every row is tested here
                unwritten = frozenset(rows)
            else:
                queried = [i for i in found if i in rows and i not in unwritten]
        tested = [
            game_id for game_id in unwritten if condition(rows[game_id].row.model_dump(mode="json"))
        ]
        return queried + tested

    def find_game_with_record(self, record: GameRecord) -> str | None:
        """The id of a stored game whose record is exactly ``record`` (by its fingerprint: the
        same players, rounds, stake and rules, whatever order the JSON was written in), or
        ``None``; so an import or a restore stores a record once."""
        fingerprint = record_fingerprint(record)
        condition = Query().fingerprint == fingerprint
        with self._locked(write=False):
            matching = self._matching_ids(condition, self._refreshed_catalogue())
        return min(matching) if matching else None

    # --- settings -----------------------------------------------------------------------------

    def settings(self) -> Settings:
        """The table's settings (the defaults until some are saved)."""
        with self._locked(write=False):
            return self._catalogue.settings()

    def save_settings(self, settings: Settings) -> Settings:
        """Keep ``settings`` (a bad value never gets this far: the :class:`Settings` model
        refuses it with a typed error when it is made)."""
        with self._locked():
            self._catalogue.save_settings(settings)
        return settings

    # --- roster -------------------------------------------------------------------------------

    def roster(self) -> list[RosterPlayer]:
        with self._locked(write=False):
            players = self._catalogue.roster()
        return sorted(players, key=lambda p: p.name.casefold())

    def add_players(self, names: list[str]) -> list[RosterPlayer]:
        """Add names to the roster (names already there, in any case, are left alone)."""
        cleaned = [name.strip() for name in names]
        if any(not name for name in cleaned):
            raise RosterError("a player needs a name")
        with self._locked():
            self._add_to_roster(cleaned)
        return self.roster()

    def rename_player(self, name: str, new_name: str) -> RosterPlayer:
        """Call the roster's ``name`` by ``new_name`` from now on; the old name stays theirs
        as an alias, and games keep the name they were played under (undoable)."""
        return self._change_roster(lambda players: rosters.rename(players, name, new_name))

    def merge_players(self, name: str, into: str) -> RosterPlayer:
        """Fold ``name``'s roster entry into ``into``'s: one person, known by both entries'
        names (undoable). Returns the entry left."""
        return self._change_roster(lambda players: rosters.merge(players, name, into))

    def _change_roster(
        self, edit: Callable[[list[RosterPlayer]], rosters.RosterEdit]
    ) -> RosterPlayer:
        with self._locked():
            done = edit(self._catalogue.roster())
            changes = rosters.pushed(self._catalogue.roster_changes(), done.change)
            self._catalogue.put_roster(done.roster, changes)
        return done.player

    def roster_change_to_undo(self) -> str | None:
        """What :meth:`undo_roster_change` would take back ("rename Bob to Robert"), if any."""
        with self._locked(write=False):
            changes = self._catalogue.roster_changes()
        return changes[-1].label if changes else None

    def undo_roster_change(self) -> str:
        """Put the roster back as it was before its last rename or merge (players added
        since stay); returns what was undone."""
        with self._locked():
            changes = self._catalogue.roster_changes()
            if not changes:
                raise NothingToUndoError
            last = changes[-1]
            players = rosters.undone(self._catalogue.roster(), last)
            self._catalogue.put_roster(players, changes[:-1])
        return last.label

    def current_names(self) -> dict[str, str]:
        """``name_key`` of every name a player is or was known by (on the roster or in a
        game) to the name they go by now: the ``names=`` of the engine's stats and ledger."""
        with self._locked(write=False):
            return self._current_names(self._refreshed_rows()[0])

    def _current_names(self, rows: Mapping[str, ListedGame]) -> dict[str, str]:
        """:meth:`current_names` with the store held and its rows read."""
        players = self._catalogue.roster()
        # each name once, in order (10,000 games hold a few dozen names, not 40,000, and a
        # few hundred tables: the names are read from each table once)
        tables = dict.fromkeys(row.summary.players for row in rows.values())
        played = dict.fromkeys(name for table in tables for name in table)
        return rosters.current_names(players, played)

    # --- backup and restore -------------------------------------------------------------------

    def backup(self) -> dict[str, Any]:
        """The whole store as one JSON document (see :mod:`scorepad.store.backup`): every
        readable game as stored, the roster, the house rules and the settings, read under
        one lock so that they belong together. A damaged game cannot be in it: the list
        (``list_games(DAMAGED)``) says which, so the caller can say so."""
        with self._locked(write=False):
            games = []
            for game_id in sorted(game_files(self.games_dir)):
                with contextlib.suppress(GameNotFoundError, StoreFileError):
                    games.append(self._read_game(game_id))
            contents = Backup(
                games=tuple(games),
                roster=tuple(self._catalogue.roster()),
                house_rules=tuple(self._catalogue.house_rules()),
                settings=self._catalogue.settings(),
            )
        return contents.document()

    def restore(self, document: object, *, merge: bool = False) -> RestoreReport:
        """Restore a backup document (see :mod:`scorepad.store.backup`): checked whole first,
        then into an empty store as it is, or with ``merge`` adding only what this store
        lacks. Any failure leaves the store as it was."""
        contents = read_backup(document)
        with self._locked():
            here = StoreContents(
                game_ids=frozenset(game_files(self.games_dir)),
                roster=tuple(self._catalogue.roster()),
                house_rules=tuple(self._catalogue.house_rules()),
                settings_saved=self._catalogue.table(SETTINGS).get(doc_id=SCHEMA_ROW) is not None,
            )
            plan = plan_restore(
                contents,
                here,
                merge=merge,
                root=self.root,
                stored_as=self.find_game_with_record,
                id_taken=lambda game_id: os.path.lexists(self.game_path(game_id)),
            )
            self._write_restored(plan)
        return plan.report

    def _write_restored(self, plan: RestorePlan) -> None:
        """The planned game files, then the catalogue's tables in one write; a failure on
        the way takes back the game files already written."""
        written: list[str] = []
        try:
            for stored in plan.games:
                written.append(stored.id)
                self._write_game(stored)
            tables: dict[str, tuple[BaseModel, ...]] = {
                ROSTER: plan.roster,
                HOUSE_RULES: plan.house_rules,
            }
            if plan.settings is not None:
                tables[SETTINGS] = (plan.settings,)
            self._catalogue.put_tables(tables)
        except BaseException:
            for game_id in written:
                self._forget_new_game(game_id)
            raise

    def _add_to_roster(self, names: list[str]) -> None:
        new: dict[str, RosterPlayer] = {}
        for name in names:
            key = name_key(name)
            if key not in new and self._catalogue.find_player(name) is None:
                new[key] = RosterPlayer(name=name, added=now())
        self._catalogue.add_players(list(new.values()))

    # --- saved variants (house rules) ---------------------------------------------------------

    def saved_variants(self) -> list[SavedVariant]:
        with self._locked(write=False):
            saved = self._catalogue.house_rules()
        return sorted(saved, key=lambda v: v.name.casefold())

    def save_variant(self, variant: Variant, *, replacing: str | None = None) -> SavedVariant:
        """Save a custom variant under its name (``replacing`` names the one it updates)."""
        key = variant.name.casefold()
        if any(key == known.name.casefold() for known in PRESETS.values()):
            raise RosterError(f"{variant.name!r} is a preset's name; give the variant its own")
        saved = SavedVariant(variant=variant, saved=now())
        with self._locked():
            replaced = None
            if replacing is not None:
                found = self._catalogue.house_rule_ids(replacing)
                if not found:
                    raise VariantNotFoundError(replacing)
                replaced = found[0]
            same_name = self._catalogue.house_rule_ids(variant.name, any_case=True)
            if any(doc_id != replaced for doc_id in same_name):
                raise RosterError(f"a saved variant is already called {variant.name!r}")
            self._catalogue.save_house_rule(saved, replaced)
        return saved

    def delete_variant(self, name: str) -> None:
        """Forget a saved variant; games played with it keep their own copy of its rules."""
        with self._locked():
            doc_ids = self._catalogue.house_rule_ids(name)
            if not doc_ids:
                raise VariantNotFoundError(name)
            self._catalogue.delete_house_rules(doc_ids)
