"""Which wheels the browser needs, read from uv.lock.

The offline web app installs its Python packages inside Pyodide from wheels vendored into the
bundle, at exactly the versions uv.lock pins for the laptop app: one lock file, so the browser
runs what the tests ran. uv.lock already lists every wheel the registry offers for each
package, WebAssembly ones included, with their URLs and sha256 hashes, so nothing needs
resolving again: walk the dependency graph from ``scorepad`` as Pyodide would see it (markers
evaluated for Emscripten, so ``; sys_platform != 'emscripten'`` leaves the desktop and server
packages out) and pick, for each package, the wheel Pyodide can install.

The target (Python version, platform tag) is read from the Pyodide that flet-web bundles, not
written here, so upgrading flet-web moves the target with it.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from packaging.markers import InvalidMarker, Marker
from packaging.tags import Tag, compatible_tags, cpython_tags
from packaging.utils import (
    InvalidWheelFilename,
    NormalizedName,
    canonicalize_name,
    parse_wheel_filename,
)

from scorepad.web_build.errors import BundledPyodideError, LockFileError, NoBrowserWheelError

ROOT_PACKAGE = "scorepad"
"""The project itself: its dependencies are where the walk starts; it is never vendored as a
wheel (the bundle carries its source)."""

PYODIDE_LOCK_NAME = "pyodide-lock.json"


@dataclass(frozen=True)
class PyodideTarget:
    """The Python and platform a bundled Pyodide runs, as its ``pyodide-lock.json`` "info"
    states them: what a WebAssembly wheel's tag and a dependency's marker are checked against."""

    python: str
    """Full Python version, e.g. ``"3.14.2"``."""
    abi_version: str
    """Pyodide's ABI, e.g. ``"2026_0"``: part of the wheel platform tag."""
    arch: str = "wasm32"
    platform: str = "emscripten"
    """Emscripten's version as Pyodide writes it, e.g. ``"emscripten_5_0_3"``."""

    @property
    def python_version(self) -> str:
        """``"3.14"``: the ``python_version`` of markers."""
        return ".".join(self.python.split(".")[:2])

    @property
    def interpreter(self) -> str:
        """``"cp314"``: the interpreter and ABI part of a compiled wheel's tag."""
        return "cp" + self.python_version.replace(".", "")

    @property
    def platform_tag(self) -> str:
        """``"pyemscripten_2026_0_wasm32"``: the platform part of a WebAssembly wheel's tag."""
        return f"pyemscripten_{self.abi_version}_{self.arch}"

    @property
    def wanted(self) -> str:
        """How a message names the target: ``"cp314, pyemscripten_2026_0_wasm32"``."""
        return f"{self.interpreter}, {self.platform_tag}"

    def tags(self) -> list[Tag]:
        """The wheel tags Pyodide installs, best first, as pip orders them for a CPython:
        ``cp314-cp314-<platform>``, the abi3 ones, then pure Python (``py3-none-any``)."""
        major, minor = (int(part) for part in self.python_version.split("."))
        platforms = [self.platform_tag]
        return [
            *cpython_tags((major, minor), [self.interpreter], platforms),
            *compatible_tags((major, minor), self.interpreter, platforms),
        ]

    def marker_environment(self) -> dict[str, str]:
        """The values a dependency marker sees inside Pyodide (PEP 508 names)."""
        emscripten = self.platform.removeprefix("emscripten_").replace("_", ".")
        return {
            "implementation_name": "cpython",
            "implementation_version": self.python,
            "os_name": "posix",
            "platform_machine": self.arch,
            "platform_python_implementation": "CPython",
            "platform_release": emscripten,
            "platform_system": "Emscripten",
            "platform_version": "#1",
            "python_full_version": self.python,
            "python_version": self.python_version,
            "sys_platform": "emscripten",
            "extra": "",
        }


def bundled_pyodide_dir() -> Path:
    """The ``pyodide`` folder of the web client flet-web ships (imported here, at build time
    only: flet-web is a laptop dependency and is never installed in the browser)."""
    from flet_web import get_package_web_dir  # type: ignore[import-untyped]  # no py.typed

    return Path(str(get_package_web_dir())) / "pyodide"


def pyodide_target(lock_json: Path | None = None) -> PyodideTarget:
    """The target of a Pyodide, read from its ``pyodide-lock.json`` (by default the one
    flet-web bundles)."""
    path = lock_json if lock_json is not None else bundled_pyodide_dir() / PYODIDE_LOCK_NAME
    try:
        info = json.loads(path.read_text(encoding="utf-8"))["info"]
        return PyodideTarget(
            python=str(info["python"]),
            abi_version=str(info["abi_version"]),
            arch=str(info.get("arch", "wasm32")),
            platform=str(info.get("platform", "emscripten")),
        )
    except OSError as error:
        raise BundledPyodideError(path, error.strerror or str(error)) from error
    except (ValueError, KeyError, TypeError) as error:
        raise BundledPyodideError(
            path, f"its 'info' does not name a Python and an ABI ({error!r})"
        ) from error


@dataclass(frozen=True)
class PinnedWheel:
    """One wheel the browser installs: the package, the exact file uv.lock pins for Pyodide,
    where to download it and the hash it must have."""

    name: str
    """Normalized (PEP 503): lower case, runs of ``-_.`` as one ``-``."""
    version: str
    filename: str
    url: str
    sha256: str
    size: int | None = None
    depends: tuple[str, ...] = ()
    """The browser dependencies of this package (normalized names): Pyodide loads them
    first when it installs this one from the bundle's lock file."""


def wheel_rank(filename: str, target: PyodideTarget) -> int | None:
    """How good a wheel is for Pyodide (0 is best), or None if Pyodide cannot install it.

    >>> target = PyodideTarget(python="3.14.2", abi_version="2026_0")
    >>> wheel_rank("msgpack-1.2.4-cp314-cp314-pyemscripten_2026_0_wasm32.whl", target)
    0
    >>> wheel_rank("cryptography-47.0.0-cp311-abi3-pyemscripten_2026_0_wasm32.whl", target) > 0
    True
    >>> wheel_rank("six-1.17.0-py2.py3-none-any.whl", target) is not None
    True
    >>> wheel_rank("msgpack-1.2.4-cp313-cp313-pyemscripten_2025_0_wasm32.whl", target) is None
    True
    >>> wheel_rank("msgpack-1.2.4-cp314-cp314-manylinux_2_17_x86_64.whl", target) is None
    True
    """
    try:
        tags = parse_wheel_filename(filename)[3]
    except InvalidWheelFilename:
        return None
    ranks = [rank for rank, tag in enumerate(target.tags()) if tag in tags]
    return min(ranks) if ranks else None


def browser_wheels(
    lock_path: Path,
    target: PyodideTarget | None = None,
    *,
    root: str = ROOT_PACKAGE,
) -> list[PinnedWheel]:
    """Every wheel the browser installs for ``root``, sorted by package name.

    Starts at ``root``'s dependencies in uv.lock and follows each dependency whose marker
    holds inside Pyodide (extras a dependency asks for are followed too; the root's own
    optional extras and dev groups are not). ``root`` itself is left out.
    """
    target = target if target is not None else pyodide_target()
    lock = _UvLock.read(lock_path, target)
    packages = lock.closure(root)
    return sorted(
        (lock.pinned(package) for package in packages if package["name"] != root),
        key=lambda wheel: wheel.name,
    )


class _UvLock:
    """uv.lock's packages, and the walk of their dependencies as Pyodide sees them."""

    def __init__(self, path: Path, packages: list[dict[str, Any]], target: PyodideTarget):
        self.path = path
        self.target = target
        self.environment = target.marker_environment()
        self.by_name: dict[str, list[dict[str, Any]]] = {}
        self.depends: dict[tuple[str, str], set[NormalizedName]] = {}
        """Each package's browser dependencies, filled in by :meth:`closure`."""
        for package in packages:
            self.by_name.setdefault(canonicalize_name(str(package["name"])), []).append(package)

    @classmethod
    def read(cls, path: Path, target: PyodideTarget) -> _UvLock:
        try:
            with path.open("rb") as file:
                data = tomllib.load(file)
        except OSError as error:
            raise LockFileError(path, error.strerror or str(error)) from error
        except tomllib.TOMLDecodeError as error:
            raise LockFileError(path, f"it is not valid TOML ({error})") from error
        packages = data.get("package")
        if not isinstance(packages, list) or not all(
            isinstance(package, dict) and isinstance(package.get("name"), str)
            for package in packages
        ):
            raise LockFileError(path, "it has no [[package]] list")
        return cls(path, packages, target)

    def holds(self, marker: str | None, where: str) -> bool:
        """Whether a marker is true inside Pyodide (no marker: always)."""
        if not marker:
            return True
        try:
            return Marker(marker).evaluate(self.environment)
        except InvalidMarker as error:
            raise LockFileError(
                self.path, f"{where} has a marker it cannot read ({error})"
            ) from error

    def root(self, name: str) -> dict[str, Any]:
        for package in self.by_name.get(canonicalize_name(name), []):
            source = package.get("source", {})
            if "editable" in source or "virtual" in source:
                return package
        raise LockFileError(self.path, f"it has no editable or virtual package {name!r}")

    def resolve(self, dependency: Mapping[str, Any], parent: str) -> dict[str, Any]:
        """The package a dependency entry names: by name, then version and source when the
        lock has more than one (a forked resolution), then the fork whose markers hold."""
        name = canonicalize_name(str(dependency.get("name", "")))
        candidates = [
            package
            for package in self.by_name.get(name, [])
            if dependency.get("version") in (None, package.get("version"))
            and dependency.get("source") in (None, package.get("source"))
        ]
        if len(candidates) > 1:
            candidates = [
                package
                for package in candidates
                if any(
                    self.holds(marker, f"{name} {package.get('version')}")
                    for marker in package.get("resolution-markers", [""])
                )
            ]
        if len(candidates) != 1:
            found = "no package" if not candidates else f"{len(candidates)} packages"
            raise LockFileError(
                self.path, f"{parent} depends on {name}, and it has {found} of that name"
            )
        return candidates[0]

    def closure(self, root: str) -> list[dict[str, Any]]:
        """``root`` and every package it needs in Pyodide, each once (cycles are fine)."""
        start = self.root(root)
        seen: dict[tuple[str, str], dict[str, Any]] = {}
        depends = self.depends
        # Each entry to visit: a package and the extras of it that were asked for.
        to_visit: list[tuple[dict[str, Any], frozenset[str]]] = [(start, frozenset())]
        visited_extras: dict[tuple[str, str], set[str]] = {}
        while to_visit:
            package, extras = to_visit.pop()
            key = _key(package)
            done = visited_extras.setdefault(key, set())
            if key in seen and extras <= done:
                continue
            first_visit = key not in seen
            seen[key] = package
            edges: list[Mapping[str, Any]] = []
            if first_visit:
                edges.extend(package.get("dependencies", []))
            optional = package.get("optional-dependencies", {})
            for extra in sorted(extras - done):
                edges.extend(optional.get(extra, []))
            done.update(extras)
            for dependency in edges:
                where = f"{package['name']}'s dependency {dependency.get('name')}"
                if not self.holds(dependency.get("marker"), where):
                    continue
                child = self.resolve(dependency, str(package["name"]))
                depends.setdefault(key, set()).add(canonicalize_name(str(child["name"])))
                to_visit.append((child, frozenset(dependency.get("extra", []))))
        return list(seen.values())

    def pinned(self, package: Mapping[str, Any]) -> PinnedWheel:
        """The wheel of ``package`` Pyodide installs best, or NoBrowserWheelError."""
        name = canonicalize_name(str(package["name"]))
        version = str(package.get("version", "?"))
        ranked: list[tuple[int, Mapping[str, Any], str]] = []
        for wheel in package.get("wheels", []):
            filename = _filename(wheel)
            rank = wheel_rank(filename, self.target)
            if rank is not None:
                ranked.append((rank, wheel, filename))
        if not ranked:
            raise NoBrowserWheelError(
                name, version, self.target.wanted, _webassembly_tags(package.get("wheels", []))
            )
        _, wheel, filename = min(ranked, key=lambda entry: entry[0])
        digest = str(wheel.get("hash", ""))
        if not digest.startswith("sha256:"):
            raise LockFileError(self.path, f"the wheel {filename!r} has no sha256 hash")
        size = wheel.get("size")
        return PinnedWheel(
            name=name,
            version=version,
            filename=filename,
            url=self.url(wheel),
            sha256=digest.removeprefix("sha256:"),
            size=size if isinstance(size, int) else None,
            depends=tuple(sorted(self.depends.get(_key(package), ()))),
        )

    def url(self, wheel: Mapping[str, Any]) -> str:
        """Where a wheel is downloaded from: its URL, or a path beside uv.lock (a local
        index) as a ``file:`` URL."""
        if "url" in wheel:
            return str(wheel["url"])
        if "path" in wheel:
            return (self.path.parent / str(wheel["path"])).resolve().as_uri()
        raise LockFileError(self.path, f"the wheel {_filename(wheel)!r} has no url or path")


def _key(package: Mapping[str, Any]) -> tuple[str, str]:
    return canonicalize_name(str(package["name"])), str(package.get("version", ""))


def _filename(wheel: Mapping[str, Any]) -> str:
    if "filename" in wheel:
        return str(wheel["filename"])
    location = str(wheel.get("url") or wheel.get("path") or "")
    return unquote(urlsplit(location).path.rsplit("/", 1)[-1])


def _webassembly_tags(wheels: Iterable[Mapping[str, Any]]) -> Sequence[str]:
    """The WebAssembly tags a package does offer: named in the refusal, so a near miss
    (``cp313``, or an older Pyodide ABI) is plain to see."""
    tags: list[str] = []
    for wheel in wheels:
        try:
            found = parse_wheel_filename(_filename(wheel))[3]
        except InvalidWheelFilename:
            continue
        tags.extend(str(tag) for tag in found if "emscripten" in tag.platform)
    return sorted(set(tags))
