"""Typed errors of the store. Each message says what went wrong *and where the file is*, since
the person reading it may have to find that file."""

from __future__ import annotations

from pathlib import Path


class StoreError(Exception):
    """Base class of every store failure."""


class StoreUnreadableError(StoreError):
    """A store file that cannot be read. It is never overwritten; a copy is kept aside."""

    def __init__(
        self, path: Path, reason: str, kept_copy: Path | None, backup: Path | None
    ) -> None:
        self.path = path
        self.reason = reason
        self.kept_copy = kept_copy
        self.backup = backup
        parts = [f"{path} cannot be read: {reason}"]
        if kept_copy is not None:
            parts.append(f"a copy was kept at {kept_copy}")
        if backup is not None:
            parts.append("a good backup is available (scorepad recover starts from it)")
        else:
            parts.append("no good backup of it exists")
        super().__init__("; ".join(parts))


class NewerSchemaError(StoreUnreadableError):
    """Data written by a newer scorepad: refused untouched rather than misread."""


class StoreWriteError(StoreError):
    """A write that failed (disk full, permissions, ...). The previous data is intact."""

    def __init__(self, path: Path, reason: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(f"could not save {path}: {reason}; the previous version is unchanged")


class StaleGameError(StoreError):
    """The game changed elsewhere (another window or device) since this one loaded it."""

    def __init__(self, game_id: str, expected: int, found: int) -> None:
        self.game_id = game_id
        super().__init__(
            f"game {game_id} was changed elsewhere since it was opened (revision {found}, "
            f"expected {expected}); it has been reloaded, please check and try again"
        )


class StoreBusyError(StoreError):
    def __init__(self, lock_path: Path, seconds: float) -> None:
        super().__init__(
            f"another scorepad kept the store locked for over {seconds:g} s ({lock_path})"
        )


class GameNotFoundError(StoreError, KeyError):
    def __init__(self, game_id: str, candidates: tuple[str, ...] = ()) -> None:
        self.game_id = game_id
        if candidates:
            message = f"{game_id!r} matches several games: {', '.join(candidates)}"
        else:
            message = f"no game with id {game_id!r}"
        super().__init__(message)

    def __str__(self) -> str:
        return str(self.args[0])


class VariantNotFoundError(StoreError, KeyError):
    def __init__(self, name: str) -> None:
        self.name = name
        super().__init__(f"no saved variant called {name!r}")

    def __str__(self) -> str:
        return str(self.args[0])


class RosterError(StoreError, ValueError):
    """A roster or saved-variant change that would break uniqueness or naming rules."""
