"""Building scorepad as an offline web app: build time only (a laptop or CI, never the browser).

The names below are the package's public face; ``scorepad build-web`` and the tests use them.
"""

from scorepad.web_build.errors import (
    BundledPyodideError,
    LockFileError,
    MissingFromCacheError,
    NoBrowserWheelError,
    OutFolderError,
    WebBuildError,
    WheelCacheError,
    WheelDownloadError,
    WheelHashError,
)
from scorepad.web_build.lock import PinnedWheel, PyodideTarget, browser_wheels, pyodide_target

__all__ = [
    "BundledPyodideError",
    "LockFileError",
    "MissingFromCacheError",
    "NoBrowserWheelError",
    "OutFolderError",
    "PinnedWheel",
    "PyodideTarget",
    "WebBuildError",
    "WheelCacheError",
    "WheelDownloadError",
    "WheelHashError",
    "browser_wheels",
    "pyodide_target",
]
