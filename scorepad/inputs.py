"""Files a user names on the command line: read them safely, write exports safely.

A path on the command line can be anything: a FIFO that never sends a byte, ``/dev/zero``
that never ends, a directory, a symlink into the store, a file of gigabytes. Reading opens
without blocking and refuses anything but a regular file before reading a byte, and reads at
most :data:`MAX_INPUT_BYTES`; writing refuses every target that is not a plain new file (or,
when asked, a plain file to replace). Each refusal is an :class:`InputFileError` whose message
is one line for the user.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
from pathlib import Path

from scorepad.engine import shown

MAX_INPUT_BYTES = 10 * 1024 * 1024
"""The largest file read. A game record is a few kilobytes; ten megabytes is far beyond any
real game and still small enough to read and check at once."""

NEW_FILE_MODE = 0o666
"""Mode of a newly written export before the umask, as any program that writes a file."""
PRIVATE_FILE_MODE = 0o600
"""Mode of a newly written file that holds a whole store (a backup): only its owner reads
it, as only they read the store's own files."""


class InputFileError(Exception):
    """A file that cannot be read or written as asked; the message says why in one line."""


def describe_kind(mode: int) -> str:
    """What a non-regular file is, in the words a user knows."""
    kinds = (
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISFIFO, "a named pipe (FIFO)"),
        (stat.S_ISCHR, "a device"),
        (stat.S_ISBLK, "a device"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISLNK, "a symbolic link"),
    )
    return next((word for test, word in kinds if test(mode)), "not a regular file")


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)


def read_user_file(path: Path, limit: int = MAX_INPUT_BYTES) -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them.

    Opened with ``O_NONBLOCK`` so that opening a FIFO returns at once, then checked with
    ``fstat`` on the open file (no window in which the path could be swapped), so nothing but a
    regular file is ever read.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise InputFileError(f"{shown(str(path))}: cannot read: {_reason(exc)}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise InputFileError(
                f"{shown(str(path))}: cannot read: it is {describe_kind(info.st_mode)}, not a file"
            )
        if info.st_size > limit:
            raise InputFileError(_too_big(path, limit))
        chunks: list[bytes] = []
        size = 0
        while chunk := os.read(fd, min(1 << 20, limit + 1 - size)):
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:  # the file grew while it was read
                raise InputFileError(_too_big(path, limit))
        return b"".join(chunks)
    except OSError as exc:
        raise InputFileError(f"{shown(str(path))}: cannot read: {_reason(exc)}") from None
    finally:
        os.close(fd)


def _too_big(path: Path, limit: int) -> str:
    return (
        f"{shown(str(path))}: cannot read: larger than {limit // (1024 * 1024)} MB; "
        "a game record is a few kilobytes"
    )


def check_export_target(path: Path, *, force: bool, store_root: Path) -> os.stat_result | None:
    """Refuse a target that is not a plain new file (or, with ``force``, a plain file to
    replace). Returns the status of the file to be replaced, or None for a new file.

    A symbolic link is refused rather than followed: writing "through" it would change a file
    the user did not name. A file inside the store folder is refused: the store's own files are
    written only by the store, under its lock.
    """
    where = shown(str(path))
    try:
        info = path.lstat()
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise InputFileError(f"{where}: cannot write: {_reason(exc)}") from None
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise InputFileError(
            f"{where}: cannot write: it is {describe_kind(info.st_mode)}; "
            "give the name of a new file"
        )
    if _inside(path, store_root):
        raise InputFileError(
            f"{where}: cannot write: it is inside the store folder {shown(str(store_root))}; "
            "export to a file outside it"
        )
    if info is not None and not force:
        raise InputFileError(f"{where}: cannot write: the file exists; add --force to replace it")
    return info


def _inside(path: Path, folder: Path) -> bool:
    """Whether ``path`` is (or would be) in ``folder``, following symbolic links of both."""
    try:
        target = path.parent.resolve() / path.name
        return target.is_relative_to(folder.resolve())
    except (OSError, RuntimeError):  # RuntimeError: a symlink loop
        return False


def write_export(
    path: Path, data: bytes, replacing: os.stat_result | None, mode: int = NEW_FILE_MODE
) -> None:
    """Write ``data`` to ``path`` as a whole: a reader sees the old file or the new one.

    The data goes to a temp file beside the target, which is then renamed over it (a rename
    never follows a symlink put there meanwhile). A new file is linked into place instead, which
    fails if a file appeared at ``path`` since it was checked; it gets ``mode`` (less the
    umask), and a replaced file keeps its permissions.
    """
    where = shown(str(path))
    try:
        fd, temp = _new_temp(path, mode)
    except OSError as exc:
        raise InputFileError(f"{where}: cannot write: {_reason(exc)}") from None
    try:
        try:
            if replacing is not None and hasattr(os, "fchmod"):  # no fchmod on Windows
                os.fchmod(fd, stat.S_IMODE(replacing.st_mode))
            remaining = memoryview(data)
            while remaining:
                remaining = remaining[os.write(fd, remaining) :]
            os.fsync(fd)
        finally:
            os.close(fd)
        if replacing is not None:
            os.replace(temp, path)
        else:
            _link_new(temp, path)
    except FileExistsError:
        raise InputFileError(
            f"{where}: cannot write: the file exists; add --force to replace it"
        ) from None
    except OSError as exc:
        raise InputFileError(f"{where}: cannot write: {_reason(exc)}") from None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temp)


def _new_temp(path: Path, mode: int) -> tuple[int, Path]:
    """A new, empty temp file beside ``path`` (never one left by an earlier run), open, made
    with ``mode`` from the start (a private file is never readable by others, not even
    while it is written)."""
    while True:
        temp = path.with_name(f".{path.name}.{secrets.token_hex(4)}.scorepad-export")
        try:
            return os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode), temp
        except FileExistsError:
            continue


def _link_new(temp: Path, path: Path) -> None:
    """Put ``temp`` at ``path`` only if nothing is there; a file system without hard links
    (some phones, FAT) gets a rename after one last check."""
    try:
        os.link(temp, path)
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.EXDEV, errno.ENOSYS):
            raise
        if os.path.lexists(path):
            raise FileExistsError(errno.EEXIST, "File exists", str(path)) from None
        os.replace(temp, path)
