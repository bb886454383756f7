"""Fetching the browser's wheels, and telling the bundled Pyodide where they are.

Wheels are downloaded once from the URLs uv.lock pins and kept in a cache, so a second build
(or a build in CI with a restored cache) needs no network. A wheel is trusted only if its
sha256 is the one uv.lock pins: a cached copy that does not match is fetched again, and a
download that does not match never enters the cache.

In the bundle, Pyodide's ``pyodide-lock.json`` lists the packages Pyodide can load from its
own folder, and micropip looks there before it tries any index. :func:`register_wheels`
writes the vendored wheels into it, so the browser installs them from the bundle, offline.
"""

from __future__ import annotations

import hashlib
import http.client
import json
import os
import tempfile
import urllib.error
import urllib.request
import zipfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Any

import platformdirs
from packaging.utils import canonicalize_name

from scorepad.web_build.errors import (
    BundledPyodideError,
    MissingFromCacheError,
    WebBuildError,
    WheelCacheError,
    WheelDownloadError,
    WheelHashError,
    quoted,
)
from scorepad.web_build.lock import PinnedWheel

CACHE_ENV = "SCOREPAD_WHEEL_CACHE"
"""Environment variable naming the wheel cache folder (CI points it at a cached folder)."""

DOWNLOAD_TIMEOUT = 60.0
"""Seconds to wait for the registry to answer (per connection and per read)."""

_CHUNK = 1 << 16
_SCHEMES = ("https", "http", "file")
_MODULE_SUFFIXES = (".py", ".so", ".pyd")


def default_cache_dir() -> Path:
    """``$SCOREPAD_WHEEL_CACHE``, or ``wheels`` in scorepad's user cache folder."""
    override = os.environ.get(CACHE_ENV)
    if override:
        return Path(override)
    return platformdirs.user_cache_path("scorepad") / "wheels"


def fetch_wheels(
    wheels: Sequence[PinnedWheel],
    cache_dir: Path | None = None,
    *,
    allow_download: bool = True,
    timeout: float = DOWNLOAD_TIMEOUT,
    on_download: Callable[[PinnedWheel], None] | None = None,
) -> list[Path]:
    """The cached file of every wheel, in the order given, each checked against its sha256.

    A wheel already in the cache with the right hash is used as it is; any other is
    downloaded (``on_download`` is told first, so a build can say what it is fetching),
    unless ``allow_download`` is off: then it is a :class:`MissingFromCacheError`.
    """
    folder = cache_dir if cache_dir is not None else default_cache_dir()
    paths: list[Path] = []
    for wheel in wheels:
        path = folder / wheel.filename
        why_not = _why_not_cached(path, wheel)
        if why_not is not None:
            if not allow_download:
                raise MissingFromCacheError(wheel.filename, folder, why_not)
            if on_download is not None:
                on_download(wheel)
            _download(wheel, path, timeout)
        paths.append(path)
    return paths


def sha256_of(path: Path) -> str:
    """The hex sha256 of a file, read in chunks (a wheel can be megabytes)."""
    digest = hashlib.sha256()
    with path.open("rb") as file:
        for chunk in iter(lambda: file.read(_CHUNK), b""):
            digest.update(chunk)
    return digest.hexdigest()


def _why_not_cached(path: Path, wheel: PinnedWheel) -> str | None:
    """None if the cache holds the pinned file, else why not (as a message says it)."""
    try:
        matches = sha256_of(path) == wheel.sha256
    except FileNotFoundError:
        return "does not have it"
    except OSError as error:
        return f"cannot be read ({error.strerror or error})"
    return None if matches else "has a copy that does not match the sha256 uv.lock pins"


def _download(wheel: PinnedWheel, path: Path, timeout: float) -> None:
    """Download ``wheel`` to ``path``: into a temporary file beside it, checked, then moved
    into place in one step, so the cache never holds half a wheel or a wrong one."""
    if wheel.url.partition(":")[0].lower() not in _SCHEMES:
        raise WheelDownloadError(wheel.url, "it is not an https, http or file URL")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=f".{wheel.filename}.", dir=path.parent)
    except OSError as error:
        raise WheelCacheError(path.parent, error.strerror or str(error)) from error
    try:
        with os.fdopen(handle, "wb") as file:
            got = _copy_url(wheel.url, file, path.parent, timeout)
        if got != wheel.sha256:
            raise WheelHashError(wheel.filename, wheel.sha256, got)
        os.chmod(temporary, 0o644)  # mkstemp makes it private; a wheel is public anyway
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _copy_url(url: str, file: IO[bytes], folder: Path, timeout: float) -> str:
    """Write what ``url`` serves into ``file``; the sha256 of what was written."""
    digest = hashlib.sha256()
    try:
        response = urllib.request.urlopen(url, timeout=timeout)
    except urllib.error.HTTPError as error:
        raise WheelDownloadError(url, f"the server answered {error.code} {error.reason}") from error
    except (OSError, http.client.HTTPException, ValueError) as error:
        raise WheelDownloadError(url, _network_reason(error, timeout)) from error
    with response:
        while True:
            try:
                chunk = response.read(_CHUNK)
            except (OSError, http.client.HTTPException) as error:
                raise WheelDownloadError(url, _network_reason(error, timeout)) from error
            if not chunk:
                break
            digest.update(chunk)
            try:
                file.write(chunk)
            except OSError as error:
                raise WheelCacheError(folder, error.strerror or str(error)) from error
    return digest.hexdigest()


def _network_reason(error: BaseException, timeout: float) -> str:
    if isinstance(error, TimeoutError) or (
        isinstance(error, urllib.error.URLError) and isinstance(error.reason, TimeoutError)
    ):
        return f"no answer within {timeout:g} s"
    if isinstance(error, urllib.error.URLError):
        return str(error.reason)
    return str(error) or type(error).__name__


# --- The bundle's pyodide-lock.json ---------------------------------------------------------


def register_wheels(
    pyodide_lock_json: Path,
    wheels: Sequence[PinnedWheel],
    wheel_files: Sequence[Path],
) -> None:
    """Add (or replace) an entry for each wheel in a bundle's ``pyodide-lock.json``, so that
    micropip installs it from the bundle and Pyodide loads its dependencies first.

    ``wheel_files`` are the wheels as copied into the bundle, in the order of ``wheels``, each
    inside the folder of ``pyodide_lock_json`` (its ``file_name`` is relative to that folder,
    as Pyodide's own entries are). Each is checked against its sha256 and opened for the
    names it can be imported as. Pyodide's own entry of the same package is replaced:
    the browser runs uv.lock's version, the one the tests ran.
    """
    if len(wheels) != len(wheel_files):
        raise ValueError(f"{len(wheels)} wheels but {len(wheel_files)} files")
    pyodide_dir = pyodide_lock_json.parent
    lock = _read_pyodide_lock(pyodide_lock_json)
    packages: dict[str, Any] = lock["packages"]
    for wheel, file in zip(wheels, wheel_files, strict=True):
        try:
            file_name = file.resolve().relative_to(pyodide_dir.resolve()).as_posix()
        except ValueError:
            raise WebBuildError(
                f"{quoted(file)} is not inside {quoted(pyodide_dir)}: copy the wheel into "
                "the bundle's pyodide folder before registering it"
            ) from None
        got = sha256_of(file)
        if got != wheel.sha256:
            raise WheelHashError(str(file), wheel.sha256, got)
        packages[canonicalize_name(wheel.name)] = {
            "name": wheel.name,
            "version": wheel.version,
            "file_name": file_name,
            "install_dir": "site",
            "sha256": wheel.sha256,
            "package_type": "package",
            "imports": wheel_imports(file),
            "depends": [canonicalize_name(name) for name in wheel.depends],
            "unvendored_tests": False,
            "tool": {},
        }
    _write_atomically(pyodide_lock_json, json.dumps(lock, separators=(",", ":")) + "\n")


def rehash_wheels(pyodide_lock_json: Path, wheel_files: Sequence[Path]) -> None:
    """Give each wheel rewritten inside the bundle (its bytecode added) its new sha256 in the
    lock, which Pyodide checks on download; its pin was checked on the original."""
    lock = _read_pyodide_lock(pyodide_lock_json)
    by_name = {file.name: file for file in wheel_files}
    for entry in lock["packages"].values():
        file = by_name.get(entry["file_name"])
        if file is not None:
            entry["sha256"] = sha256_of(file)
    _write_atomically(pyodide_lock_json, json.dumps(lock, separators=(",", ":")) + "\n")


def wheel_imports(wheel_file: Path) -> list[str]:
    """The top-level names a wheel can be imported as: its ``top_level.txt`` when it has one,
    else the top of each path it installs (``six.py`` is ``six``, ``msgpack/`` is ``msgpack``,
    ``_cffi_backend.cpython-314-wasm32-emscripten.so`` is ``_cffi_backend``)."""
    try:
        with zipfile.ZipFile(wheel_file) as archive:
            names = archive.namelist()
            top_level = [name for name in names if _is_dist_info_file(name, "top_level.txt")]
            if top_level:
                text = archive.read(top_level[0]).decode("utf-8")
                listed = [line.strip().split("/")[0] for line in text.splitlines()]
                return sorted({name for name in listed if name.isidentifier()})
    except (OSError, zipfile.BadZipFile) as error:
        raise WebBuildError(f"{quoted(wheel_file)} is not a readable wheel ({error})") from error
    found: set[str] = set()
    for name in names:
        head, _, rest = name.partition("/")
        if head.endswith((".dist-info", ".data")):
            continue
        if not rest and not head.endswith(_MODULE_SUFFIXES):
            continue  # a .pth or other file installed beside the packages
        module = head.split(".")[0] if not rest else head
        if module.isidentifier():
            found.add(module)
    return sorted(found)


def _is_dist_info_file(name: str, file: str) -> bool:
    parts = name.split("/")
    return len(parts) == 2 and parts[0].endswith(".dist-info") and parts[1] == file


def _read_pyodide_lock(path: Path) -> dict[str, Any]:
    try:
        lock = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise BundledPyodideError(path, error.strerror or str(error)) from error
    except ValueError as error:
        raise BundledPyodideError(path, f"it is not valid JSON ({error})") from error
    if not isinstance(lock, dict) or not isinstance(lock.get("packages"), dict):
        raise BundledPyodideError(path, "it has no 'packages' table")
    return lock


def _write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` in one step: a build stopped halfway leaves the old file, whole."""
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
