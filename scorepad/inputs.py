"""Files a user names on the command line: read them safely (exports: ``outputs.py``).

A path on the command line can be anything: a FIFO that never sends a byte, ``/dev/zero``
that never ends, a directory, a symlink into the store, a file of gigabytes. Reading opens
without blocking and refuses anything but a regular file before reading a byte, and reads at
most :data:`MAX_INPUT_BYTES`. Each refusal is an :class:`InputFileError` whose message is one
line for the user.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from scorepad.engine import shown
from scorepad.i18n import N_, os_reason, tr

MAX_INPUT_BYTES = 10 * 1024 * 1024
"""The largest file read. A game record is a few kilobytes; ten megabytes is far beyond any
real game and still small enough to read and check at once."""


class InputFileError(Exception):
    """A file that cannot be read or written as asked; the message says why in one line."""


def describe_kind(mode: int) -> str:
    """What a non-regular file is, in the words a user knows."""
    kinds = (
        # TRANSLATORS: kinds of file, said as "cannot read: it is a folder, not a file"
        (stat.S_ISDIR, N_("a folder")),
        (stat.S_ISFIFO, N_("a named pipe (FIFO)")),
        (stat.S_ISCHR, N_("a device")),
        (stat.S_ISBLK, N_("a device")),
        (stat.S_ISSOCK, N_("a socket")),
        (stat.S_ISLNK, N_("a symbolic link")),
    )
    # TRANSLATORS: a kind of file scorepad has no name for, as in "it is {kind}, ..."
    return next((tr(word) for test, word in kinds if test(mode)), tr("not a regular file"))


def cannot_read(path: Path, why: str) -> str:
    """The one line of a file that cannot be read: its name, and why."""
    return tr("{file}: cannot read: {reason}").format(file=shown(str(path)), reason=why)


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
        raise InputFileError(cannot_read(path, os_reason(exc))) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = describe_kind(info.st_mode)
            raise InputFileError(
                cannot_read(path, tr("it is {kind}, not a file").format(kind=kind))
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
        raise InputFileError(cannot_read(path, os_reason(exc))) from None
    finally:
        os.close(fd)


def _too_big(path: Path, limit: int) -> str:
    return cannot_read(
        path,
        tr("larger than {limit} MB; a game record is a few kilobytes").format(
            limit=limit // (1024 * 1024)
        ),
    )
