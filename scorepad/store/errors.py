"""Typed errors of the store. Each message says what went wrong *and where the file is*, since
the person reading it may have to find that file.

A store file that cannot be used is one of three cases, told apart because each needs a
different answer (:class:`StoreFileError` is their base):

- *damaged* (:class:`StoreUnreadableError`): its bytes or their shape are wrong. A copy is
  kept aside and ``scorepad recover`` may start it again from its newest good backup.
- *cannot be opened* (:class:`StoreAccessError`): permissions, an I/O error, something that is
  not a file. Its content may be perfectly good, so nothing touches it: the person fixes it.
- *written by a newer scorepad* (:class:`NewerSchemaError`): refused untouched, never
  "recovered" into an older version of itself.
"""

from __future__ import annotations

from pathlib import Path

from scorepad.engine import name_key, quoted, shown
from scorepad.i18n import tr


class StoreError(Exception):
    """Base class of every store failure."""


class StoreFileError(StoreError):
    """A store file that cannot be used as it is. It is never overwritten.

    ``recoverable`` says whether ``scorepad recover`` may do anything about it: only a damaged
    file is ever replaced by a backup, and only after a copy of it was kept aside.
    """

    recoverable = False

    def __init__(self, path: Path, reason: str, message: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(message)


class StoreUnreadableError(StoreFileError):
    """A damaged store file (wrong bytes or shape). A copy is kept aside where one can be."""

    recoverable = True

    def __init__(
        self, path: Path, reason: str, kept_copy: Path | None, backup: Path | None
    ) -> None:
        self.kept_copy = kept_copy
        self.backup = backup
        parts = [tr("{path} cannot be read: {reason}").format(path=path, reason=reason)]
        if kept_copy is not None:
            parts.append(tr("a copy was kept at {path}").format(path=kept_copy))
        if backup is not None:
            parts.append(tr("a good backup is available (scorepad recover starts from it)"))
        else:
            parts.append(tr("no good backup of it exists"))
        # TRANSLATORS: between the parts of a message about a damaged store file
        super().__init__(path, reason, tr("; ").join(parts))


class StoreAccessError(StoreFileError):
    """A store file that cannot be opened (permissions, an I/O error, not a regular file).

    What is in it may be fine, so nothing is copied, restored or rewritten: the message says
    what to fix, and scorepad reads it again once that is done.
    """

    def __init__(self, path: Path, reason: str, fix: str | None = None) -> None:
        fix = tr("check its permissions") if fix is None else fix
        self.fix = fix
        super().__init__(
            path,
            reason,
            # TRANSLATORS: {fix} says what to do ("check its permissions")
            tr(
                "{path} cannot be opened: {reason}; {fix}, then try again (nothing was changed)"
            ).format(path=path, reason=reason, fix=fix),
        )


class NewerSchemaError(StoreFileError):
    """Data written by a newer scorepad: refused untouched rather than misread or downgraded."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(
            path,
            reason,
            tr("{path} cannot be read: {reason} (nothing was changed)").format(
                path=path, reason=reason
            ),
        )


class DamagedCopyError(StoreFileError):
    """A damaged file that ``recover`` left as it is, because no copy of it could be kept."""

    def __init__(self, path: Path, reason: str, why: str) -> None:
        super().__init__(
            path,
            reason,
            tr(
                "{path} cannot be read ({reason}) and no copy of it could be kept aside ({why}), "
                "so it was left as it is; free some disk space or fix the permissions of the "
                "store folder, then run scorepad recover again"
            ).format(path=path, reason=reason, why=why),
        )


class StoreWriteError(StoreError):
    """A write that failed (disk full, permissions, ...). The previous data is intact."""

    def __init__(self, path: Path, reason: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(
            tr("could not save {path}: {reason}; the previous version is unchanged").format(
                path=path, reason=reason
            )
        )


class StoreFileTooLargeError(StoreWriteError):
    """A file that would be larger than the store reads back: never written, since a file
    written must always open again."""

    def __init__(self, path: Path, size: int, limit: int) -> None:
        self.size = size
        self.limit = limit
        mb = 1024 * 1024
        super().__init__(
            path,
            tr("at {size} MB it would be over the {limit} MB a store file may hold").format(
                size=f"{size / mb:.1f}", limit=f"{limit / mb:.1f}"
            ),
        )


class StoreReadOnlyError(StoreWriteError):
    """The store folder cannot be written (a read-only disk or no write permission).

    Such a store still opens: its games can be listed, looked at and exported.
    """

    def __init__(self, folder: Path, reason: str, needs_upgrade: int | None = None) -> None:
        self.path = folder
        self.reason = reason
        if needs_upgrade is None:
            message = tr(
                "the store folder {folder} is read-only ({reason}): its games can be looked at "
                "and exported but nothing can be saved; make the folder writable to change them"
            ).format(folder=folder, reason=reason)
        else:
            message = tr(
                "the store folder {folder} is read-only ({reason}): its games (schema "
                "{schema}) must be upgraded once before this scorepad can read them; make the "
                "folder writable to open it"
            ).format(folder=folder, reason=reason, schema=needs_upgrade)
        StoreError.__init__(self, message)


class StaleGameError(StoreError):
    """The game changed elsewhere (another window or device) since this one loaded it."""

    def __init__(self, game_id: str, expected: int, found: int) -> None:
        self.game_id = game_id
        super().__init__(
            tr(
                "game {game} was changed elsewhere since it was opened (revision {found}, "
                "expected {expected}); it has been reloaded, please check and try again"
            ).format(game=game_id, found=found, expected=expected)
        )


class StoreBusyError(StoreError):
    def __init__(self, lock_path: Path, seconds: float) -> None:
        super().__init__(
            tr("another scorepad kept the store locked for over {seconds} s ({lock})").format(
                seconds=f"{seconds:g}", lock=lock_path
            )
        )


class GameNotFoundError(StoreError, KeyError):
    def __init__(self, game_id: str, candidates: tuple[str, ...] = ()) -> None:
        self.game_id = game_id
        if candidates:
            message = tr("{typed} matches several games: {games}").format(
                typed=repr(game_id), games=", ".join(candidates)
            )
        else:
            message = tr("no game with id {typed}").format(typed=repr(game_id))
        super().__init__(message)

    def __str__(self) -> str:
        return str(self.args[0])


class GameIdError(GameNotFoundError):
    """Text that cannot be a game id (``../meta``, a path, empty): refused before it becomes
    part of a file name, so no id can reach a file outside ``games/``."""

    def __init__(self, text: str, expected: str) -> None:
        self.game_id = text
        StoreError.__init__(
            self,
            # TRANSLATORS: {expected} says what a game id looks like
            tr("no game with id {typed}: {expected}").format(typed=repr(text), expected=expected),
        )


class VariantNotFoundError(StoreError, KeyError):
    def __init__(self, name: str) -> None:
        self.name = name
        super().__init__(tr("no saved variant called {name}").format(name=repr(name)))

    def __str__(self) -> str:
        return str(self.args[0])


class RosterError(StoreError, ValueError):
    """A roster or saved-variant change that would break uniqueness or naming rules."""


class NotOnRosterError(RosterError, KeyError):
    """A name the roster does not know as anyone's current name. When it is someone's former
    name the message says who they are now, since that is almost always what was meant."""

    def __init__(self, name: str, now_called: str | None = None) -> None:
        self.name = name
        self.now_called = now_called
        if now_called is not None:
            message = tr("{name} is a former name of {now}; use {now} instead").format(
                name=quoted(name), now=quoted(now_called)
            )
        else:
            message = tr("no player called {name} on the roster; check the spelling").format(
                name=quoted(name)
            )
        super().__init__(message)

    def __str__(self) -> str:
        return str(self.args[0])


class RosterNameError(RosterError):
    """A new name that cannot be a player's name (empty, too long, an invisible character):
    the engine's rule for names (:func:`~scorepad.engine.checked_name`), said for a rename.

    ``reason`` is the whole message, said once: the engine's own refusal already quotes the
    name where quoting helps, and a 45-letter name quoted twice more buried the point (how
    long a name may be) under five lines of H's in a phone's dialog."""

    def __init__(self, name: str, reason: str) -> None:
        self.name = name
        super().__init__(reason)


class NameTakenError(RosterError):
    """A rename to a name another roster player has (or had): two entries would then claim
    the same games, so the answer is to merge them."""

    def __init__(self, name: str, new_name: str, owner: str) -> None:
        self.name = name
        self.new_name = new_name
        self.owner = owner
        if name_key(owner) == name_key(new_name):
            # TRANSLATORS: "Merge" is the button on the roster that makes two players one
            said = tr(
                "{new_name} is already on the roster; use Merge to make {name} and {owner} "
                "one player"
            )
        else:
            # TRANSLATORS: "Merge" is the button on the roster that makes two players one
            said = tr(
                "{new_name} is a former name of {owner}; use Merge to make {name} and {owner} "
                "one player"
            )
        super().__init__(
            said.format(new_name=quoted(new_name), name=quoted(name), owner=quoted(owner))
        )


class SameNameError(RosterError):
    """A rename to exactly the name the player already has."""

    def __init__(self, name: str) -> None:
        self.name = name
        super().__init__(
            tr("{name} is already called that; type a different name").format(name=quoted(name))
        )


class MergeIntoItselfError(RosterError):
    """A merge of a player into themselves (the same entry, by its name or a former one)."""

    def __init__(self, name: str, into: str) -> None:
        self.name = name
        self.into = into
        if name == into:
            said = tr("cannot merge {name} into itself; choose two different players")
        else:
            said = tr(
                "cannot merge {name} into itself ({name} is {into}); choose two different players"
            )
        super().__init__(said.format(name=quoted(name), into=quoted(into)))


class NothingToUndoError(RosterError):
    """An undo with no roster change left to take back."""

    def __init__(self) -> None:
        super().__init__(tr("there is no roster change to undo"))


class BackupError(StoreError, ValueError):
    """A backup that cannot be restored, or a store it cannot be restored into. Nothing has
    been changed when one is raised: a backup is checked whole before anything is written."""


class BackupFormatError(BackupError):
    """A file that is not a scorepad backup at all (not JSON, another program's JSON, a game
    record given by mistake)."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(
            tr(
                "not a scorepad backup ({reason}); give a file made by scorepad backup "
                "(nothing was restored)"
            ).format(reason=reason)
        )


class RecordNotBackupError(BackupFormatError):
    """A game record given where a backup was asked for: it is imported, not restored."""

    def __init__(self) -> None:
        super().__init__(tr("it is a game record; store it with scorepad import"))


class BackupDamagedError(BackupError):
    """A scorepad backup whose content is broken: a field of the wrong shape, a game that
    breaks the rules, two games with one id."""

    def __init__(self, where: str, problem: str) -> None:
        self.where = where
        self.problem = problem
        super().__init__(
            # TRANSLATORS: {where} is the place in the backup file ("game '1a2b3c4d'",
            # "roster.2.name")
            tr(
                "the backup is damaged: {where}: {problem}; nothing was restored (use another "
                "copy of the backup)"
            ).format(where=where, problem=problem)
        )


class BackupTooNewError(BackupError):
    """A backup written by a newer scorepad: refused rather than read in part."""

    def __init__(self, what: str, found: int, known: int) -> None:
        self.what = what
        self.found = found
        self.known = known
        super().__init__(
            # TRANSLATORS: {what} is "backup format", "schema" or "game schema", with its version
            tr(
                "the backup was made by a newer scorepad ({what} {found}; this one reads up to "
                "{known}); update scorepad to restore it (nothing was restored)"
            ).format(what=what, found=found, known=known)
        )


class StoreNotEmptyError(BackupError):
    """A plain restore into a store that already holds something: it would mix two histories
    without saying so, so it is refused; a merge adds only what the store lacks."""

    def __init__(self, root: Path, holds: str) -> None:
        self.root = root
        super().__init__(
            tr(
                "the store {folder} is not empty (it holds {holds}); restore with "
                "--merge to add only what it lacks (nothing was changed)"
            ).format(folder=shown(str(root)), holds=holds)
        )


class CurrencySymbolError(StoreError):
    """A currency symbol the settings refuse (empty, too long, invisible characters). Not a
    ``ValueError`` on purpose: raised inside the :class:`~scorepad.store.models.Settings`
    model, it then reaches the caller as itself rather than wrapped in a ValidationError."""

    def __init__(self, symbol: str, reason: str) -> None:
        self.symbol = symbol
        self.reason = reason
        super().__init__(
            tr("the currency symbol {symbol} cannot be used: {reason}").format(
                symbol=quoted(symbol), reason=reason
            )
        )
