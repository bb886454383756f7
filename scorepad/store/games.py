"""The game records: ``games/<id>.json``, one file per game, and the games last read.

Recording a round rewrites only that game's small file (``records.py``), so its cost does not
grow with the number of games kept. The games last read or written are kept with the exact
bytes of their file, so that reading an unchanged game again costs no parse and no check.
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

from pydantic import ValidationError

from scorepad.engine import Game, GameRecord, PlayedTimes, RoundDraft, ScorepadError
from scorepad.i18n import describe, tr
from scorepad.store.atomic import fsync_folder
from scorepad.store.checks import first_problem
from scorepad.store.errors import GameNotFoundError, StaleGameError
from scorepad.store.files import (
    FileTooLargeError,
    NotRegularFileError,
    Signature,
    read_store_file,
    signature_of,
)
from scorepad.store.ids import checked_game_id, game_id_of, new_game_id
from scorepad.store.interface import GameChange, Keep
from scorepad.store.locking import StoreLock
from scorepad.store.models import UNDO_KEPT, StoredGame, UndoStep, now
from scorepad.store.records import GameFile
from scorepad.store.roster_keeper import RosterKeeper
from scorepad.store.storage import access_error

KNOWN_GAMES_KEPT = 64


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


class GameFiles:
    """The games of the store in ``root``, kept in ``games_dir``. A new game's players join
    the ``roster`` in the same turn at the store, so a game is never stored without them."""

    def __init__(self, root: Path, games_dir: Path, lock: StoreLock, roster: RosterKeeper) -> None:
        self.root = root
        self.games_dir = games_dir
        self._lock = lock
        self._roster = roster
        self._known: dict[str, tuple[bytes, StoredGame]] = {}
        """Games last read or written, by the exact bytes of their file: a file that still
        holds those bytes needs no second parse and check."""

    def path(self, game_id: str) -> Path:
        """The file of game ``game_id`` (:class:`GameIdError` for anything but a game id)."""
        return self.games_dir / f"{checked_game_id(game_id)}.json"

    def id_taken(self, game_id: str) -> bool:
        """Whether anything, even a dangling link, already has this game's file name: a new
        game never writes over it."""
        return os.path.lexists(self.path(game_id))

    # --- the store's game methods -------------------------------------------------------------

    def create_game(self, record: GameRecord, played: PlayedTimes | None = None) -> StoredGame:
        """Store a new game (validated first: an invalid record stores nothing). ``played``:
        when it was played, for a game imported from elsewhere (by default: now)."""
        game = Game(record)
        with self._lock.held():
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
            self.write(stored)
            try:
                self._roster.add(list(game.players))
            except BaseException:  # all or nothing: no game left behind that was not reported
                self.forget_new(game_id)
                raise
        return stored

    def _new_game_id(self) -> str:
        while True:
            game_id = new_game_id()
            if not self.id_taken(game_id):
                return game_id

    def load_game(self, game_id: str) -> StoredGame:
        with self._lock.held(write=False):
            return self.read(game_id)

    def update_game(
        self,
        game_id: str,
        change: GameChange,
        *,
        draft: RoundDraft | Keep | None,
        undo: tuple[UndoStep, ...] | Keep,
        expected_revision: int | None,
    ) -> StoredGame:
        """Apply ``change`` to the stored game and save the result, all under the lock.

        ``draft`` and ``undo`` replace the round being entered and the undo steps (the newest
        :data:`UNDO_KEPT` are kept), or stay as they are (``KEEP``).

        ``change`` gets the game as it is on disk now and returns the changed game; if it raises
        (a rule broken), nothing is written. With ``expected_revision``, a game changed by
        someone else since it was loaded is refused with :class:`StaleGameError`.
        """
        with self._lock.held():
            stored, file = self.read_with_file(game_id)
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
            self.write(updated, file)
            return updated

    # --- reading and writing, with the store held ---------------------------------------------

    def read(self, game_id: str) -> StoredGame:
        """The stored game (:class:`GameNotFoundError` if there is none, a store error if its
        file cannot be used)."""
        return self.read_with_file(game_id)[0]

    def read_with_file(self, game_id: str) -> tuple[StoredGame, GameFile]:
        """The stored game, and its file ready to be written (its current content known good,
        so that the write keeps it as a backup)."""
        path = self.path(game_id)
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
        known = self._known.get(game_id)
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
                tr("the game in it is not valid ({problem})").format(problem=first_problem(exc))
                if isinstance(exc, ValidationError)
                else describe(exc).splitlines()[0]
            )
            raise file.storage.unreadable(reason) from None
        self._remember(game_id, file.last_bytes, stored)
        return stored, file

    def write(self, stored: StoredGame, file: GameFile | None = None) -> None:
        """Write ``stored`` to its file (``file``: as :meth:`read_with_file` gave it)."""
        file = file if file is not None else GameFile(self.root, self.path(stored.id), stored.id)
        file.write(stored)
        self._remember(stored.id, file.last_bytes, stored)

    def forget_new(self, game_id: str) -> None:
        """Take back a game file just written for a new game (nothing else knows it yet)."""
        self._known.pop(game_id, None)
        with contextlib.suppress(OSError):  # the write's own failure is the one to report
            self.path(game_id).unlink()
        fsync_folder(self.games_dir)

    def _remember(self, game_id: str, raw: bytes | None, stored: StoredGame) -> None:
        if raw is None:
            return
        self._known.pop(game_id, None)
        self._known[game_id] = (raw, stored)
        while len(self._known) > KNOWN_GAMES_KEPT:
            del self._known[next(iter(self._known))]
