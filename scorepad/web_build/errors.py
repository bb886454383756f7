"""Typed errors of building the offline web app.

Every error is a ``ValueError`` (through :class:`WebBuildError`), so ``scorepad build-web`` can
catch one thing and print one line, while tests and callers can catch the precise subclass.
Each message quotes what was wrong (a package and version, a file, a URL) and says what to do
about it, because the person reading it is running a build, often in CI, far from this code.

These errors never reach the browser: the web build runs on a laptop or in CI only.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path


def quoted(text: object) -> str:
    """``text`` in quotes, on one line: a path or URL with a newline in it cannot split a
    message in two (Python's ``repr`` escapes control characters).

    >>> quoted("a.whl")
    "'a.whl'"
    >>> quoted("two\\nlines")
    "'two\\\\nlines'"
    """
    return repr(str(text))


class WebBuildError(ValueError):
    """Base class of every error ``scorepad build-web`` reports as one line."""


# --- uv.lock and the bundled Pyodide --------------------------------------------------------


class LockFileError(WebBuildError):
    """uv.lock cannot be read, or does not say what the browser needs."""

    def __init__(self, path: Path, reason: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(
            f"cannot read the browser's packages from {quoted(path)}: {reason}; "
            "run `uv lock` in the project folder and build again"
        )


class BundledPyodideError(WebBuildError):
    """The Pyodide that flet-web ships (its ``pyodide-lock.json``) is missing or not what a
    build can target: it names the Python and platform the WebAssembly wheels must match."""

    def __init__(self, path: Path, reason: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(
            f"cannot use the Pyodide bundled with flet-web ({quoted(path)}): {reason}; "
            "reinstall it with `uv sync --reinstall-package flet-web`"
        )


class NoBrowserWheelError(WebBuildError):
    """A package the browser needs has no wheel in uv.lock that Pyodide can install: neither a
    WebAssembly wheel for Pyodide's Python and platform nor a pure-Python one."""

    def __init__(
        self,
        package: str,
        version: str,
        wanted: str,
        found: Sequence[str] = (),
    ) -> None:
        self.package = package
        self.version = version
        self.wanted = wanted
        self.found = tuple(found)
        others = (
            f" (it has {', '.join(self.found[:3])}{' and more' if self.found[3:] else ''})"
            if self.found
            else ""
        )
        super().__init__(
            f"{package} {version} has no WebAssembly wheel for Pyodide ({wanted}) and no "
            f"pure-Python wheel in uv.lock{others}: pin a version of {package} that publishes "
            f"one, or, if the browser does not need it, add `; sys_platform != 'emscripten'` "
            "to the dependency that brings it in, then run `uv lock`"
        )


# --- Fetching wheels ------------------------------------------------------------------------


class WheelDownloadError(WebBuildError):
    """A wheel could not be downloaded from the URL uv.lock gives."""

    def __init__(self, url: str, reason: str) -> None:
        self.url = url
        self.reason = reason
        super().__init__(
            f"could not download {quoted(url)}: {reason}; "
            "check the network to the package registry and build again"
        )


class WheelHashError(WebBuildError):
    """A wheel whose bytes are not the ones uv.lock pinned: it was not kept."""

    def __init__(self, file: str, expected: str, got: str) -> None:
        self.file = file
        self.expected = expected
        self.got = got
        super().__init__(
            f"{quoted(file)} has sha256 {got}, but uv.lock pins {expected}; the file was "
            "removed: build again to download it afresh, and if this repeats, run `uv lock` "
            "to check the registry still serves what the lock file pinned"
        )


class WheelCacheError(WebBuildError):
    """The wheel cache folder cannot be created or written."""

    def __init__(self, folder: Path, reason: str) -> None:
        self.folder = folder
        self.reason = reason
        super().__init__(
            f"cannot write the wheel cache {quoted(folder)}: {reason}; "
            "set SCOREPAD_WHEEL_CACHE to a folder you can write to"
        )


class MissingFromCacheError(WebBuildError):
    """Downloads are off and a wheel is not in the cache (or its cached copy is damaged)."""

    def __init__(self, file: str, folder: Path, detail: str = "does not have it") -> None:
        self.file = file
        self.folder = folder
        super().__init__(
            f"{quoted(file)} is needed, downloads are off and the wheel cache {quoted(folder)} "
            f"{detail}: run `uv run scorepad build-web` with the network to the package "
            "registry once to fill the cache"
        )


# --- The output folder ----------------------------------------------------------------------


class OutFolderError(WebBuildError):
    """The output folder exists, is not empty and is not a previous build: building into it
    could delete or mix with someone's files."""

    def __init__(
        self, folder: Path, reason: str = "is not empty and is not a previous build"
    ) -> None:
        self.folder = folder
        self.reason = reason
        super().__init__(
            f"will not build into {quoted(folder)}: it {reason}; "
            "give a new or empty folder, or a folder a previous build-web made"
        )


class WebClientError(WebBuildError):
    """flet-web's client is not laid out as this build expects (another flet-web version)."""

    def __init__(self, file: str, reason: str) -> None:
        self.file = file
        self.reason = reason
        super().__init__(
            f"flet-web's {quoted(file)} is not as build-web expects: {reason}; build-web is "
            "written for flet-web 1.0.x: run `uv sync` to install the version uv.lock pins"
        )


class AppSourceError(WebBuildError):
    """A file the app is built from (its source, icon, assets) is missing or unreadable."""

    def __init__(self, path: Path, reason: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(
            f"cannot build the app from {quoted(path)}: {reason}; run build-web from a "
            "scorepad checkout (the folder with uv.lock and assets/)"
        )


class BaseUrlError(WebBuildError):
    """A ``--base-url`` that is not a plain URL path."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url
        super().__init__(
            f"the base URL {quoted(base_url)} is not a path like '/' or '/scorepad/': give "
            "the folder the app is served from, with letters, digits, '-', '_', '.' and '/'"
        )
