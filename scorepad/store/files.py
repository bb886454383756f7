"""Reading a store file safely: the one place the store opens a file to read it.

Whatever lies in the store folder, a read must neither hang, nor exhaust memory, nor leave the
folder: a FIFO would block a plain ``open`` forever, ``/dev/zero`` (or a symlink to it) never
ends, a symlink may point anywhere. So a file is opened without following a symlink and without
blocking, checked with ``fstat`` to be a regular file, and read up to a size cap. Where a flag
does not exist (``O_NOFOLLOW`` and ``O_NONBLOCK`` on Windows), a symlink is refused by an
``lstat`` beforehand instead, and Windows has no FIFOs to block on.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import stat
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

from scorepad.i18n import N_, tr

MAX_FILE_BYTES = 10 * 1024 * 1024
"""The largest store file read. A game file is a few KB and the roster even less, so a file
over this is not one scorepad wrote (and reading it whole could exhaust a phone's memory)."""

CHUNK_BYTES = 1024 * 1024

Signature = tuple[int, int, int]
"""A file's inode, modification time and size: changes whenever the file is replaced."""

_READ_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_BINARY", 0)
    | getattr(os, "O_CLOEXEC", 0)
)

_KINDS = (
    # TRANSLATORS: kinds of file, said as "it is a folder, not a regular file"
    (stat.S_ISDIR, N_("a folder")),
    (stat.S_ISLNK, N_("a symbolic link")),
    (stat.S_ISFIFO, N_("a FIFO (named pipe)")),
    (stat.S_ISCHR, N_("a device")),
    (stat.S_ISBLK, N_("a device")),
    (stat.S_ISSOCK, N_("a socket")),
)


class NotRegularFileError(OSError):
    """The path is a symlink, folder, FIFO, device or socket: not a file scorepad wrote."""

    def __init__(self, path: Path, kind: str) -> None:
        said = tr("it is {kind}, not a regular file").format(kind=kind)
        super().__init__(errno.EINVAL, said, str(path))
        self.kind = kind


class FileTooLargeError(ValueError):
    """A regular file over :data:`MAX_FILE_BYTES`: it cannot be a store file."""

    def __init__(self, size: int, limit: int) -> None:
        super().__init__(
            tr("it is {size} MB, far more than a scorepad file holds (at most {limit} MB)").format(
                size=_megabytes(size), limit=_megabytes(limit)
            )
        )


class FileRead(NamedTuple):
    data: bytes
    signature: Signature


def _megabytes(size: int) -> str:
    return f"{size / (1024 * 1024):.1f}"


def kind_of(mode: int) -> str:
    """What a file that is not a regular one is, in the reader's words ("a folder")."""
    # TRANSLATORS: a kind of file scorepad has no name for, as in "it is {kind}, ..."
    return next((tr(kind) for test, kind in _KINDS if test(mode)), tr("not a regular file"))


INODES_KEPT = sys.platform != "emscripten"
"""Whether a file keeps its inode from one run to the next. Not in the offline web app: there
the store folder is loaded from IndexedDB into memory at every launch, each file a new inode,
so a signature with the inode would match no catalogue row and every game would be read again
at each start (there, nothing but scorepad writes the folder, and a write changes the
modification time or the size)."""


def signature_of(status: os.stat_result) -> Signature:
    return (status.st_ino if INODES_KEPT else 0, status.st_mtime_ns, status.st_size)


@contextlib.contextmanager
def open_regular_file(path: Path) -> Iterator[tuple[int, os.stat_result]]:
    """An open descriptor on ``path`` and its ``fstat``, if ``path`` is a regular file.

    Raises ``FileNotFoundError`` for a missing file, :class:`NotRegularFileError` for anything
    else that is not a regular file (a symlink, even a dangling one, included), and ``OSError``
    when it cannot be opened (permissions, I/O).
    """
    if not hasattr(os, "O_NOFOLLOW"):  # no flag to refuse a symlink: look before opening
        status = os.lstat(path)
        if not stat.S_ISREG(status.st_mode):
            raise NotRegularFileError(path, kind_of(status.st_mode))
    try:
        fd = os.open(path, _READ_FLAGS)
    except FileNotFoundError:
        raise
    except OSError:
        try:  # O_NOFOLLOW reports a symlink as ELOOP (or EMLINK): say what it is instead
            mode: int | None = os.lstat(path).st_mode
        except OSError:
            mode = None
        if mode is not None and not stat.S_ISREG(mode):
            raise NotRegularFileError(path, kind_of(mode)) from None
        raise
    try:
        status = os.fstat(fd)
        if not stat.S_ISREG(status.st_mode):
            raise NotRegularFileError(path, kind_of(status.st_mode))
        yield fd, status
    finally:
        os.close(fd)


def read_chunks(fd: int) -> Iterator[bytes]:
    while chunk := os.read(fd, CHUNK_BYTES):
        yield chunk


def read_store_file(path: Path, limit: int | None = None) -> FileRead:
    """The bytes of the regular file ``path`` and its signature, read safely (see above).

    Raises what :func:`open_regular_file` raises, and :class:`FileTooLargeError` for a file over
    ``limit`` bytes (:data:`MAX_FILE_BYTES` by default).
    """
    cap = MAX_FILE_BYTES if limit is None else limit
    with open_regular_file(path) as (fd, status):
        if status.st_size > cap:
            raise FileTooLargeError(status.st_size, cap)
        chunks = []
        size = 0
        for chunk in read_chunks(fd):  # the file may grow while read: stop past the cap
            chunks.append(chunk)
            size += len(chunk)
            if size > cap:
                raise FileTooLargeError(size, cap)
        return FileRead(b"".join(chunks), signature_of(status))


def content_digest(path: Path) -> str:
    """A short digest of a regular file's size and content, to tell its versions apart.

    Of a file over :data:`MAX_FILE_BYTES` only the first that many bytes are read: it is
    damaged whatever the rest holds, and reading gigabytes on every look would stall the list.
    """
    digest = hashlib.sha256()
    with open_regular_file(path) as (fd, status):
        digest.update(f"{status.st_size}:".encode())
        left = MAX_FILE_BYTES
        while left > 0 and (chunk := os.read(fd, min(CHUNK_BYTES, left))):
            digest.update(chunk)
            left -= len(chunk)
    return digest.hexdigest()[:10]


def copy_regular_file(source: Path, target: Path) -> None:
    """Copy a regular file (read safely, in chunks; ``target`` is created, never replaced)."""
    with open_regular_file(source) as (fd, _):
        out = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0))
        try:
            with os.fdopen(out, "wb", closefd=False) as handle:
                for chunk in read_chunks(fd):
                    handle.write(chunk)
                handle.flush()
                os.fsync(out)
        except BaseException:
            os.close(out)
            with contextlib.suppress(OSError):
                os.unlink(target)
            raise
        os.close(out)


def link_or_copy(source: Path, target: Path) -> None:
    """Put the regular file ``source`` at the new path ``target`` too: a hard link (no data
    copied) where the platform has them, else a copy of the bytes.

    Some phones' file systems refuse hard links (``OSError``), and Pyodide in a browser has no
    ``os.link`` at all (an ``AttributeError`` there, not an ``OSError``): both get a copy.
    Raises ``FileExistsError`` when ``target`` exists, and ``OSError`` when neither works.
    """
    link = getattr(os, "link", None)
    if link is not None:
        try:
            link(source, target)
            return
        except FileExistsError:
            raise
        except OSError:  # no hard links on this file system: copy instead
            pass
    copy_regular_file(source, target)


def is_read_only_error(exc: OSError) -> bool:
    """Whether a failed write means the folder cannot be written at all."""
    return exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM)
