"""Why the system refused a file or a port, in the reader's language.

The system's own reason (``OSError.strerror``) is English whatever the reader speaks, and a
German table reading "nicht lesbar: No such file or directory" has to guess at half of it.
The reasons a person meets at a score pad (a file not there, no permission, a full or
read-only disk, a port taken) are sentences of the catalogue; any other keeps the system's
words, which are still better than none.

>>> import errno
>>> from scorepad.i18n import Language, use_language
>>> os_reason(FileNotFoundError(errno.ENOENT, "No such file or directory"))
'no such file or folder'
>>> with use_language(Language("de", "Deutsch")):
...     os_reason(PermissionError(errno.EACCES, "Permission denied"))
'keine Berechtigung'
>>> os_reason(OSError(errno.EXDEV, "Invalid cross-device link"))
'Invalid cross-device link'
>>> os_reason(OSError("a message of its own"))
'a message of its own'
"""

from __future__ import annotations

import errno

from scorepad.i18n.active import N_, tr

REASONS: dict[int, str] = {
    errno.ENOENT: N_("no such file or folder"),
    errno.EACCES: N_("no permission"),
    errno.EPERM: N_("not permitted"),
    errno.EISDIR: N_("it is a folder"),
    errno.ENOTDIR: N_("a part of the path is not a folder"),
    errno.EEXIST: N_("it exists already"),
    errno.ENOSPC: N_("the disk is full"),
    errno.EDQUOT: N_("the disk quota is used up"),
    errno.EROFS: N_("the disk is read-only"),
    errno.ENAMETOOLONG: N_("the name is too long"),
    errno.ELOOP: N_("too many symbolic links"),
    errno.EIO: N_("the disk could not be read or written (input/output error)"),
    errno.EADDRINUSE: N_("the address is in use by another program"),
    errno.EADDRNOTAVAIL: N_("this computer has no such address"),
}
"""The system's reasons a person meets with files and ports, as sentences of the catalogue
(read with :func:`tr` where they are shown)."""


def os_reason(problem: OSError) -> str:
    """Why ``problem`` happened, in the reader's language where the catalogue has it, else in
    the system's own words."""
    known = REASONS.get(problem.errno) if problem.errno is not None else None
    if known is not None:
        return tr(known)
    return problem.strerror or str(problem)
