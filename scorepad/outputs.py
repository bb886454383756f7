"""Files a user names for an export or a backup: checked once, written only through that check.

A check by path and a write by path are two steps, and a folder on the way can be swapped for a
symbolic link between them: a folder replaced by a link to the store's ``games/`` once let an
export land there (and, with ``--force``, replace a game's file). So the target's folder is
opened once (:meth:`ExportTarget.open`); what is inside the store is judged on that open
folder, and every later step (the temporary file, the link or rename into place, the clean-up)
is done relative to it, never by a path again. Each refusal is an
:class:`~scorepad.inputs.InputFileError` whose message is one line for the user.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
from pathlib import Path
from types import TracebackType

from scorepad.engine import shown
from scorepad.i18n import os_reason, tr
from scorepad.inputs import InputFileError, describe_kind

NEW_FILE_MODE = 0o666
"""Mode of a newly written export before the umask, as any program that writes a file."""
PRIVATE_FILE_MODE = 0o600
"""Mode of a newly written file that holds a whole store (a backup): only its owner reads
it, as only they read the store's own files."""

TEMP_SUFFIX = ".scorepad-export"
MAX_FOLDER_DEPTH = 4096
"""How far up from the target's folder the look for the store goes (far past any real path)."""

RELATIVE_CALLS = os.open in os.supports_dir_fd and os.link in os.supports_dir_fd
"""Whether this system writes relative to an open folder (Linux, macOS, BSD: yes; Windows:
no, and there the steps go by path as before)."""


def cannot_write(where: str, why: str) -> str:
    """The one line of a file that cannot be written: its name (shown), and why."""
    return tr("{file}: cannot write: {reason}").format(file=where, reason=why)


def _exists(where: str) -> str:
    return cannot_write(where, tr("the file exists; add --force to replace it"))


class ExportTarget:
    """A file to write, in a folder held open from the check to the last step."""

    def __init__(self, path: Path, folder: int | None, replacing: os.stat_result | None) -> None:
        self.path = path
        self.folder = folder
        """The target's open folder (``None`` where the system cannot write relative to one)."""
        self.replacing = replacing
        """The status of the file to be replaced, or ``None`` for a new file."""

    @classmethod
    def open(cls, path: Path, *, force: bool, store_root: Path) -> ExportTarget:
        """Check ``path`` as a target and hold its folder open: refused unless it is a plain
        new file (or, with ``force``, a plain file to replace) outside the store folder.

        A symbolic link is refused rather than followed: writing "through" it would change a
        file the user did not name. A file inside the store folder is refused: the store's own
        files are written only by the store, under its lock."""
        where = shown(str(path))
        if path.name in ("", ".", ".."):
            raise InputFileError(cannot_write(where, tr("it is a folder; give the name of a file")))
        folder = None
        if RELATIVE_CALLS:
            flags = os.O_RDONLY | os.O_DIRECTORY | getattr(os, "O_CLOEXEC", 0)
            try:
                folder = os.open(path.parent, flags)
            except OSError as exc:
                raise InputFileError(cannot_write(where, os_reason(exc))) from None
        target = cls(path, folder, None)
        try:
            target.replacing = target._checked(force=force, store_root=store_root)
        except BaseException:
            target.close()
            raise
        return target

    def _checked(self, *, force: bool, store_root: Path) -> os.stat_result | None:
        where = shown(str(self.path))
        try:
            info: os.stat_result | None = os.stat(
                self._at(self.path.name), dir_fd=self.folder, follow_symlinks=False
            )
        except FileNotFoundError:
            info = None
        except OSError as exc:
            raise InputFileError(cannot_write(where, os_reason(exc))) from None
        if info is not None and not stat.S_ISREG(info.st_mode):
            kind = describe_kind(info.st_mode)
            raise InputFileError(
                cannot_write(
                    where, tr("it is {kind}; give the name of a new file").format(kind=kind)
                )
            )
        if self._inside(store_root):
            inside = tr(
                "it is inside the store folder {folder}; export to a file outside it"
            ).format(folder=shown(str(store_root)))
            raise InputFileError(cannot_write(where, inside))
        if info is not None and not force:
            raise InputFileError(_exists(where))
        return info

    def _at(self, name: str) -> str:
        """A name for a call relative to the open folder (a whole path where there is none)."""
        return name if self.folder is not None else str(self.path.parent / name)

    def _inside(self, store_root: Path) -> bool:
        """Whether the target's folder is the store folder or inside it: judged on the folder
        held open (walking up its parents), so a path swapped after the check cannot move the
        write; and by the path as given, following links, as a user reads it."""
        try:
            store = os.stat(store_root)
        except OSError:
            return False  # no store folder yet: nothing of it to write into
        if self.folder is not None and _folder_within(self.folder, store):
            return True
        try:
            return (self.path.parent.resolve() / self.path.name).is_relative_to(
                store_root.resolve()
            )
        except (OSError, RuntimeError):  # RuntimeError: a symlink loop
            return False

    def write(self, data: bytes, mode: int = NEW_FILE_MODE) -> None:
        """Write ``data`` as a whole: a reader sees the old file or the new one.

        The data goes to a temp file beside the target, which is then renamed over it (a
        rename never follows a symlink put there meanwhile). A new file is linked into place
        instead, which fails if a file appeared since it was checked; it gets ``mode`` (less
        the umask), and a replaced file keeps its permissions. The temp file is always
        removed, from the folder it was made in."""
        where = shown(str(self.path))
        try:
            fd, temp = self._new_temp(mode)
        except OSError as exc:
            raise InputFileError(cannot_write(where, os_reason(exc))) from None
        try:
            try:
                if self.replacing is not None and hasattr(os, "fchmod"):  # not on Windows
                    os.fchmod(fd, stat.S_IMODE(self.replacing.st_mode))
                remaining = memoryview(data)
                while remaining:
                    remaining = remaining[os.write(fd, remaining) :]
                os.fsync(fd)
            finally:
                os.close(fd)
            if self.replacing is not None:
                os.replace(
                    self._at(temp),
                    self._at(self.path.name),
                    src_dir_fd=self.folder,
                    dst_dir_fd=self.folder,
                )
            else:
                self._link_new(temp)
        except FileExistsError:
            raise InputFileError(_exists(where)) from None
        except OSError as exc:
            raise InputFileError(cannot_write(where, os_reason(exc))) from None
        finally:
            with contextlib.suppress(OSError):
                os.unlink(self._at(temp), dir_fd=self.folder)

    def _new_temp(self, mode: int) -> tuple[int, str]:
        """A new, empty temp file beside the target (never one left by an earlier run), open,
        made with ``mode`` from the start (a private file is never readable by others, not
        even while it is written)."""
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
        while True:
            temp = f".{self.path.name}.{secrets.token_hex(4)}{TEMP_SUFFIX}"
            try:
                return os.open(self._at(temp), flags, mode, dir_fd=self.folder), temp
            except FileExistsError:
                continue

    def _link_new(self, temp: str) -> None:
        """Put ``temp`` at the target only if nothing is there; a file system without hard
        links (some phones, FAT) gets a rename after one last check."""
        name = self.path.name
        try:
            os.link(
                self._at(temp),
                self._at(name),
                src_dir_fd=self.folder,
                dst_dir_fd=self.folder,
                follow_symlinks=False,
            )
        except OSError as exc:
            if exc.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.EXDEV, errno.ENOSYS):
                raise
            with contextlib.suppress(FileNotFoundError):
                os.stat(self._at(name), dir_fd=self.folder, follow_symlinks=False)
                raise FileExistsError(errno.EEXIST, "File exists", name) from None
            os.replace(
                self._at(temp), self._at(name), src_dir_fd=self.folder, dst_dir_fd=self.folder
            )

    def close(self) -> None:
        if self.folder is not None:
            os.close(self.folder)
            self.folder = None

    def __enter__(self) -> ExportTarget:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()


def _folder_within(folder: int, store: os.stat_result) -> bool:
    """Whether the open ``folder`` is the folder ``store`` describes, or below it."""
    wanted = (store.st_dev, store.st_ino)
    flags = os.O_RDONLY | os.O_DIRECTORY | getattr(os, "O_CLOEXEC", 0)
    current = os.dup(folder)
    try:
        for _ in range(MAX_FOLDER_DEPTH):
            here = os.fstat(current)
            if (here.st_dev, here.st_ino) == wanted:
                return True
            try:
                parent = os.open("..", flags, dir_fd=current)
            except OSError:
                return False  # a parent it may not enter: the path check decides
            os.close(current)
            current = parent
            above = os.fstat(current)
            if (above.st_dev, above.st_ino) == (here.st_dev, here.st_ino):
                return False  # the root folder: its parent is itself
        return False
    finally:
        os.close(current)
