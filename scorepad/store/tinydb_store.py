"""The store on disk: TinyDB files made crash-safe, one file per game.

Layout (see ``schema.py``): recording a round rewrites only that game's small file, so its cost
does not grow with the number of games kept; the game list reads ``index.json``, a cache of
summaries that is checked against each game file's size and modification time and refreshed
where they differ (nothing in it is ever trusted over the game files).

Every read-modify-write holds an in-process lock and a file lock, so threads and processes take
turns; every write replaces its file atomically (see ``atomic.py``).
"""

from __future__ import annotations

import contextlib
import os
import stat
import threading
from collections.abc import Callable, Iterator, MutableMapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from filelock import FileLock, Timeout
from pydantic import ValidationError
from tinydb import TinyDB
from tinydb.table import Document, Table

from scorepad.engine import (
    PRESETS,
    Game,
    GameRecord,
    RoundDraft,
    RoundRecord,
    ScorepadError,
    Variant,
    name_key,
)
from scorepad.store import schema
from scorepad.store.atomic import fsync_folder, remove_temp_litter
from scorepad.store.checks import ONE, check_meta, first_problem, game_file_check
from scorepad.store.errors import (
    GameNotFoundError,
    RosterError,
    StaleGameError,
    StoreBusyError,
    StoreFileError,
    StoreReadOnlyError,
    StoreUnreadableError,
    StoreWriteError,
    VariantNotFoundError,
)
from scorepad.store.files import (
    FileTooLargeError,
    NotRegularFileError,
    is_read_only_error,
    read_store_file,
    signature_of,
)
from scorepad.store.ids import checked_game_id, checked_prefix, game_id_of, new_game_id
from scorepad.store.index import IndexEntry, index_document, parse_index
from scorepad.store.models import (
    DAMAGED,
    UNDO_KEPT,
    GameSummary,
    RosterPlayer,
    SavedVariant,
    StoredGame,
    UndoStep,
    now,
)
from scorepad.store.storage import DurableJSONStorage, access_error

GameChange = Callable[[Game], Game]
KEEP_DRAFT: Any = object()
"""Pass as ``draft`` to leave the round being entered as it is."""
KEEP_UNDO: Any = object()
"""Pass as ``undo`` to leave the game's undo steps as they are."""

EPOCH = datetime.fromtimestamp(0, UTC)

KNOWN_GAMES_KEPT = 64


def _put_single(table: Table, document: dict[str, Any], *, exists: bool | None = None) -> None:
    """Make ``document`` the table's one document, in a single write (TinyDB's ``upsert``
    would first write an empty table when the document is new)."""
    if exists if exists is not None else table.contains(doc_id=ONE):

        def replace(current: MutableMapping[Any, Any]) -> None:
            current.clear()
            current.update(document)

        table.update(replace, doc_ids=[ONE])
    else:
        table.insert(Document(document, doc_id=ONE))


def game_files(folder: Path) -> dict[str, tuple[int, int, int]]:
    """The game files in ``folder`` by id, with their signatures.

    Only regular files named like a game are games: a symlink, FIFO, device or folder (even one
    called ``x.json``) is not something scorepad wrote, and is left alone, never opened.
    """
    found = {}
    try:
        entries = list(os.scandir(folder))
    except FileNotFoundError:
        return {}
    for entry in entries:
        game_id = game_id_of(entry.name)
        if game_id is None:
            continue
        try:
            status = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if stat.S_ISREG(status.st_mode):
            found[game_id] = signature_of(status)
    return found


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
        self.meta_path = self.root / "meta.json"
        self.index_path = self.root / "index.json"
        self.backups_dir = self.root / "backups"
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
        self._known_games: dict[str, tuple[bytes, StoredGame]] = {}
        """Games last read or written, by the exact bytes of their file: a file that still
        holds those bytes needs no second parse and check."""
        self._file_lock = FileLock(self.root / ".lock", timeout=lock_timeout)
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

    def _meta(self) -> TinyDB:
        return TinyDB(
            self.meta_path,
            storage=DurableJSONStorage,
            root=self.root,
            backups=self.backups_dir,
            check=check_meta,
        )

    def game_path(self, game_id: str) -> Path:
        """The file of game ``game_id`` (:class:`GameIdError` for anything but a game id)."""
        return self.games_dir / f"{checked_game_id(game_id)}.json"

    def _game_db(self, game_id: str) -> TinyDB:
        return TinyDB(
            self.game_path(game_id),
            storage=DurableJSONStorage,
            root=self.root,
            backups=self.backups_dir / "games",
            check=game_file_check(game_id),
        )

    def _index(self) -> TinyDB:
        return TinyDB(self.index_path, storage=DurableJSONStorage, root=self.root)

    def _open_schema(self) -> None:
        table = self._meta().table("schema")
        row = table.get(doc_id=ONE)
        if self.read_only is not None:  # nothing to write down; an old store cannot be upgraded
            if row is not None and row["version"] < schema.SCHEMA_VERSION:
                raise StoreReadOnlyError(self.root, self.read_only, needs_upgrade=row["version"])
            return
        if row is None:
            _put_single(table, {"version": schema.SCHEMA_VERSION})
            return
        for version, migrate in schema.migration_path(row["version"]):
            migrate(self.root)
            _put_single(table, {"version": version + 1})

    # --- games --------------------------------------------------------------------------------

    def create_game(self, record: GameRecord) -> StoredGame:
        """Store a new game (validated first: an invalid record stores nothing)."""
        game = Game(record)
        with self._locked():
            game_id = self._new_game_id()
            stamp = now()
            stored = StoredGame(
                id=game_id, created=stamp, updated=stamp, record=game.record
            ).knowing(game)
            self._write_game(stored, new=True)
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
        path = self.game_path(game_id)
        try:
            raw: bytes | None = read_store_file(path).data
        except (FileNotFoundError, NotRegularFileError):  # a FIFO or symlink is no game of ours
            raise GameNotFoundError(game_id) from None
        except FileTooLargeError:
            raw = None  # damaged: the storage below reports it
        except OSError as exc:
            raise access_error(path, exc) from None
        known = self._known_games.get(game_id)
        if known is not None and known[0] == raw:
            return known[1]
        db = self._game_db(game_id)
        document = db.table("game").get(doc_id=ONE)
        storage: DurableJSONStorage = db.storage  # type: ignore[assignment]
        try:
            stored = StoredGame.model_validate(document)
            stored.game  # noqa: B018  (derive it: a game that breaks the rules is damaged)
        except (ValidationError, ScorepadError) as exc:
            reason = (
                f"the game in it is not valid ({first_problem(exc)})"
                if isinstance(exc, ValidationError)
                else str(exc).splitlines()[0]
            )
            raise storage.unreadable(reason) from None
        self._remember(game_id, storage.last_bytes, stored)
        return stored

    def _write_game(self, stored: StoredGame, *, new: bool = False) -> None:
        document = stored.model_dump(mode="json", by_alias=True, exclude_none=True)
        db = self._game_db(stored.id)
        _put_single(db.table("game"), document, exists=not new)
        storage: DurableJSONStorage = db.storage  # type: ignore[assignment]
        self._remember(stored.id, storage.last_bytes, stored)

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
        draft: RoundDraft | None = KEEP_DRAFT,
        undo: tuple[UndoStep, ...] = KEEP_UNDO,
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
            stored = self._read_game(game_id)
            if expected_revision is not None and stored.revision != expected_revision:
                raise StaleGameError(game_id, expected_revision, stored.revision)
            changed = change(stored.game)
            updated = StoredGame(
                id=stored.id,
                created=stored.created,
                updated=now(),
                revision=stored.revision + 1,
                record=changed.record,
                draft=stored.draft if draft is KEEP_DRAFT else draft,
                undo=stored.undo if undo is KEEP_UNDO else tuple(undo)[-UNDO_KEPT:],
            ).knowing(changed)
            self._write_game(updated)
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

    def list_games(self, status: str | None = None) -> list[GameSummary]:
        """Every game, newest change first; damaged files are listed with their problem."""
        with self._locked(write=False):
            summaries = self._refreshed_summaries()
        listed = [s for s in summaries if status is None or s.status == status]
        return sorted(listed, key=lambda s: s.updated or EPOCH, reverse=True)

    def _refreshed_summaries(self) -> list[GameSummary]:
        """The summaries of the games on disk, from the index where it is still right.

        Only good summaries are cached: a damaged game is read again each time, so that
        fixing what was wrong (a file's permissions, say, which leave its signature as it
        was) shows at once.
        """
        on_disk = game_files(self.games_dir)
        keep_index = self.read_only is None
        try:
            cached = parse_index(self._index().table("index").get(doc_id=ONE))
        except StoreUnreadableError:
            cached = {}  # only a cache: a copy was kept aside; it is rebuilt below
            with contextlib.suppress(OSError):
                self.index_path.unlink(missing_ok=True)
        except StoreFileError:  # not a file it can open (a FIFO, say): leave it alone
            cached = {}
            keep_index = False
        fresh = {}
        summaries = []
        for game_id, signature in on_disk.items():
            hit = cached.get(game_id)
            if hit is not None and hit.signature == signature and hit.summary.status != DAMAGED:
                summary: GameSummary | None = hit.summary
            else:
                summary = self._summarize(game_id)
            if summary is None:
                continue
            if summary.status != DAMAGED:
                fresh[game_id] = IndexEntry(signature=signature, summary=summary)
            summaries.append(summary)
        if fresh != cached and keep_index:
            with contextlib.suppress(
                StoreWriteError, StoreFileError
            ):  # a cache that fails to save is rebuilt
                _put_single(self._index().table("index"), index_document(fresh))
        return summaries

    def _summarize(self, game_id: str) -> GameSummary | None:
        """A game's summary, a damaged one saying why it cannot be read, or ``None`` for a
        game gone meanwhile (or replaced by something that is not a file)."""
        try:
            return self._read_game(game_id).summary()
        except GameNotFoundError:
            return None
        except StoreFileError as exc:
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
                problem=str(exc),
                recoverable=exc.recoverable,
            )

    # --- roster -------------------------------------------------------------------------------

    def roster(self) -> list[RosterPlayer]:
        with self._locked(write=False):
            rows = self._meta().table("roster").all()
        return sorted(
            (RosterPlayer.model_validate(row) for row in rows), key=lambda p: p.name.casefold()
        )

    def add_players(self, names: list[str]) -> list[RosterPlayer]:
        """Add names to the roster (names already there, in any case, are left alone)."""
        cleaned = [name.strip() for name in names]
        if any(not name for name in cleaned):
            raise RosterError("a player needs a name")
        with self._locked():
            self._add_to_roster(cleaned)
        return self.roster()

    def _add_to_roster(self, names: list[str]) -> None:
        table = self._meta().table("roster")
        known = {name_key(row["name"]) for row in table.all()}
        new = []
        for name in names:
            if name_key(name) not in known:
                known.add(name_key(name))
                new.append({"name": name, "added": now().isoformat()})
        if new:
            table.insert_multiple(new)

    # --- saved variants -----------------------------------------------------------------------

    def saved_variants(self) -> list[SavedVariant]:
        with self._locked(write=False):
            rows = self._meta().table("variants").all()
        return sorted(
            (SavedVariant.model_validate(row) for row in rows), key=lambda v: v.name.casefold()
        )

    def save_variant(self, variant: Variant, *, replacing: str | None = None) -> SavedVariant:
        """Save a custom variant under its name (``replacing`` names the one it updates)."""
        key = variant.name.casefold()
        if any(key == known.name.casefold() for known in PRESETS.values()):
            raise RosterError(f"{variant.name!r} is a preset's name; give the variant its own")
        saved = SavedVariant(variant=variant, saved=now())
        with self._locked():
            table = self._meta().table("variants")
            rows = {row.doc_id: row for row in table.all()}
            replaced = None
            if replacing is not None:
                replaced = next(
                    (i for i, r in rows.items() if r["variant"]["name"] == replacing), None
                )
                if replaced is None:
                    raise VariantNotFoundError(replacing)
            for doc_id, row in rows.items():
                if doc_id != replaced and row["variant"]["name"].casefold() == key:
                    raise RosterError(f"a saved variant is already called {variant.name!r}")
            document = saved.model_dump(mode="json")
            if replaced is None:
                table.insert(document)
            else:
                table.upsert(Document(document, doc_id=replaced))
        return saved

    def delete_variant(self, name: str) -> None:
        """Forget a saved variant; games played with it keep their own copy of its rules."""
        with self._locked():
            table = self._meta().table("variants")
            doc_ids = [row.doc_id for row in table.all() if row["variant"]["name"] == name]
            if not doc_ids:
                raise VariantNotFoundError(name)
            table.remove(doc_ids=doc_ids)
