"""Building scorepad as an offline web app: build time only (a laptop or CI, never the browser).

The names below are the package's public face; ``scorepad build-web`` and the tests use them.
"""

from scorepad.web_build.bundle import (
    HELLO_WORLD_WEB_APP,
    SCOREPAD_WEB_APP,
    BuildReport,
    WebApp,
    build_web,
)
from scorepad.web_build.errors import (
    AppSourceError,
    BaseUrlError,
    BundledPyodideError,
    LockFileError,
    MissingFromCacheError,
    NoBrowserWheelError,
    OutFolderError,
    WebBuildError,
    WebClientError,
    WheelCacheError,
    WheelDownloadError,
    WheelHashError,
)
from scorepad.web_build.lock import PinnedWheel, PyodideTarget, browser_wheels, pyodide_target
from scorepad.web_build.serve import app_for, serve_folder
from scorepad.web_build.wheels import default_cache_dir, fetch_wheels, register_wheels

__all__ = [
    "HELLO_WORLD_WEB_APP",
    "SCOREPAD_WEB_APP",
    "AppSourceError",
    "BaseUrlError",
    "BuildReport",
    "BundledPyodideError",
    "LockFileError",
    "MissingFromCacheError",
    "NoBrowserWheelError",
    "OutFolderError",
    "PinnedWheel",
    "PyodideTarget",
    "WebApp",
    "WebBuildError",
    "WebClientError",
    "WheelCacheError",
    "WheelDownloadError",
    "WheelHashError",
    "app_for",
    "browser_wheels",
    "build_web",
    "default_cache_dir",
    "fetch_wheels",
    "pyodide_target",
    "register_wheels",
    "serve_folder",
]
