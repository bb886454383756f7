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
import secrets
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
)
from scorepad.store import schema
from scorepad.store.atomic import remove_temp_litter
from scorepad.store.errors import (
    GameNotFoundError,
    RosterError,
    StaleGameError,
    StoreBusyError,
    StoreUnreadableError,
    StoreWriteError,
    VariantNotFoundError,
)
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
from scorepad.store.storage import DurableJSONStorage, NewerSchemaDataError

GameChange = Callable[[Game], Game]
KEEP_DRAFT: Any = object()
"""Pass as ``draft`` to leave the round being entered as it is."""
KEEP_UNDO: Any = object()
"""Pass as ``undo`` to leave the game's undo steps as they are."""

EPOCH = datetime.fromtimestamp(0, UTC)

KNOWN_GAMES_KEPT = 64

ONE = 1
"""Document id of the single document in a game file, the schema row and the index."""


def _check_schema_version(found: object) -> None:
    if not isinstance(found, int):
        raise ValueError(f"not a scorepad store file (schema version {found!r})")
    if found > schema.SCHEMA_VERSION:
        raise NewerSchemaDataError(
            f"it was written by a newer scorepad (schema {found}; this one reads up to "
            f"{schema.SCHEMA_VERSION}); update scorepad to open it"
        )


def check_meta(data: dict[str, Any]) -> None:
    row = data.get("schema", {}).get(str(ONE))
    _check_schema_version(row.get("version") if isinstance(row, dict) else None)


def check_game_file(data: dict[str, Any]) -> None:
    document = data.get("game", {}).get(str(ONE))
    if not isinstance(document, dict):
        raise ValueError("no game in it")
    _check_schema_version(document.get("schema"))


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


def _signature(entry: os.DirEntry[str]) -> list[int]:
    stat = entry.stat()
    return [stat.st_ino, stat.st_mtime_ns, stat.st_size]


class TinyDBStore:
    """scorepad's store in the folder ``root`` (created if missing)."""

    def __init__(self, root: Path, *, lock_timeout: float = 10.0) -> None:
        self.root = Path(root)
        self.games_dir = self.root / "games"
        self.meta_path = self.root / "meta.json"
        self.index_path = self.root / "index.json"
        self.backups_dir = self.root / "backups"
        self.lock_timeout = lock_timeout
        try:
            self.games_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreWriteError(self.games_dir, exc.strerror or str(exc)) from None
        self._thread_lock = threading.RLock()
        self._known_games: dict[str, tuple[bytes, StoredGame]] = {}
        """Games last read or written, by the exact bytes of their file: a file that still
        holds those bytes needs no second parse and check."""
        self._file_lock = FileLock(self.root / ".lock", timeout=lock_timeout)
        with self._locked():
            remove_temp_litter(self.root)
            remove_temp_litter(self.games_dir)
            self._open_schema()

    # --- locking and files --------------------------------------------------------------------

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        with self._thread_lock:
            try:
                self._file_lock.acquire()
            except Timeout:
                raise StoreBusyError(Path(self._file_lock.lock_file), self.lock_timeout) from None
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
        return self.games_dir / f"{game_id}.json"

    def _game_db(self, game_id: str) -> TinyDB:
        return TinyDB(
            self.game_path(game_id),
            storage=DurableJSONStorage,
            root=self.root,
            backups=self.backups_dir / "games",
            check=check_game_file,
        )

    def _index(self) -> TinyDB:
        return TinyDB(self.index_path, storage=DurableJSONStorage, root=self.root)

    def _open_schema(self) -> None:
        table = self._meta().table("schema")
        row = table.get(doc_id=ONE)
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
            self._add_to_roster(list(game.players))
        return stored

    def _new_game_id(self) -> str:
        while True:
            game_id = secrets.token_hex(4)
            if not self.game_path(game_id).exists():
                return game_id

    def load_game(self, game_id: str) -> StoredGame:
        with self._locked():
            return self._read_game(game_id)

    def _read_game(self, game_id: str) -> StoredGame:
        path = self.game_path(game_id)
        try:
            raw: bytes | None = path.read_bytes()
        except FileNotFoundError:
            raise GameNotFoundError(game_id) from None
        except OSError:
            raw = None  # the storage below reports it
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
                str(exc).splitlines()[0]
                if isinstance(exc, ScorepadError)
                else f"the game in it is not valid ({exc.errors()[0]['msg']})"
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
        """A game id from a full id or an unambiguous prefix of one."""
        wanted = text.strip().lower()
        if wanted and self.game_path(wanted).is_file():
            return wanted
        matches = tuple(
            sorted(p.stem for p in self.games_dir.glob("*.json") if p.stem.startswith(wanted))
        )
        if len(matches) == 1 and wanted:
            return matches[0]
        raise GameNotFoundError(text, matches if wanted and len(matches) > 1 else ())

    # --- the list -----------------------------------------------------------------------------

    def list_games(self, status: str | None = None) -> list[GameSummary]:
        """Every game, newest change first; damaged files are listed with their problem."""
        with self._locked():
            summaries = self._refreshed_summaries()
        listed = [s for s in summaries if status is None or s.status == status]
        return sorted(listed, key=lambda s: s.updated or EPOCH, reverse=True)

    def _refreshed_summaries(self) -> list[GameSummary]:
        on_disk = {
            entry.name[: -len(".json")]: _signature(entry)
            for entry in os.scandir(self.games_dir)
            if entry.name.endswith(".json") and not entry.name.startswith(".")
        }
        index_table = self._index().table("index")
        try:
            document = index_table.get(doc_id=ONE)
            cached: dict[str, Any] = dict(document["games"]) if document else {}
        except StoreUnreadableError:
            cached = {}  # only a cache: a copy was kept aside; it is rebuilt below
            self.index_path.unlink(missing_ok=True)
        changed = False
        summaries = []
        for game_id, signature in on_disk.items():
            hit = cached.get(game_id)
            if hit is not None and hit.get("signature") == signature:
                summaries.append(GameSummary.model_validate(hit["summary"]))
                continue
            summary = self._summarize(game_id)
            cached[game_id] = {"signature": signature, "summary": summary.model_dump(mode="json")}
            summaries.append(summary)
            changed = True
        for gone in set(cached) - set(on_disk):
            del cached[gone]
            changed = True
        if changed:
            with contextlib.suppress(StoreWriteError):  # a cache that fails to save is rebuilt
                _put_single(self._index().table("index"), {"games": cached})
        return summaries

    def _summarize(self, game_id: str) -> GameSummary:
        try:
            return self._read_game(game_id).summary()
        except StoreUnreadableError as exc:
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
            )

    # --- roster -------------------------------------------------------------------------------

    def roster(self) -> list[RosterPlayer]:
        with self._locked():
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
        known = {row["name"].casefold() for row in table.all()}
        new = []
        for name in names:
            if name.casefold() not in known:
                known.add(name.casefold())
                new.append({"name": name, "added": now().isoformat()})
        if new:
            table.insert_multiple(new)

    # --- saved variants -----------------------------------------------------------------------

    def saved_variants(self) -> list[SavedVariant]:
        with self._locked():
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
