"""Bytecode for what every start imports, so the browser's Python does not compile it each time.

Pyodide runs with ``sys.dont_write_bytecode`` and unpacks the standard library, the wheels and
the app as source, so every start compiles each module it imports: measured under Node.js on the
test machine, 1.4 s of Pyodide's own start and half the app's import time. The build starts the
app's first screen in Pyodide itself (:mod:`scorepad.web_build.start_trace`, run by the
``python`` that flet-web's Pyodide ships for Node.js) and adds the bytecode of every module that
start imported beside its source:

- the standard library's zip gets ``name.pyc`` beside ``name.py`` (zipimport reads it first);
- each wheel gets ``__pycache__/name.cpython-314.pyc`` entries (listed in its RECORD), and the
  bundle's ``pyodide-lock.json`` the wheel's new sha256, which Pyodide checks on download;
- ``app.tar.gz`` gets the app's ``__pycache__`` files.

Without Node.js the bundle is built from source alone and the build says so: it works the same,
only slower to start.
"""

from __future__ import annotations

import base64
import hashlib
import io
import shutil
import subprocess
import tempfile
import zipfile
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

TRACE_SCRIPT = Path(__file__).with_name("start_trace.py")
NODE_PYTHON = Path("pyodide") / "python"
"""flet-web's Pyodide's command-line Python (a bash script that runs it under Node.js)."""
TRACE_TIMEOUT_S = 600.0
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
"""Every added zip entry's time: the same sources give the same bytes."""


PARTS = ("stdlib", "site", "app")
"""Where the bytecode goes: the standard library's zip, the wheels, the app's archive."""


@dataclass(frozen=True)
class Bytecode:
    """What the build compiled (``files``), or None and ``skipped`` saying why."""

    files: Mapping[str, Mapping[str, bytes]] | None = None
    """By part (:data:`PARTS`): each ``.pyc``'s path inside that part, with its bytes."""
    skipped: str | None = None

    @property
    def modules(self) -> int:
        return sum(len(part) for part in (self.files or {}).values())


def add_start_bytecode(
    web_client: Path, warm_up: str, app: dict[str, bytes], wheels: Sequence[Path], pyodide: Path
) -> Bytecode:
    """Compile what the app's start imports (:func:`trace_start`) into the bundle: its
    ``pyodide`` folder's standard library zip and ``wheels`` (their lock entries rehashed),
    and ``app``, the app archive's files, extended here."""
    from scorepad.web_build.wheels import rehash_wheels

    bytecode = trace_start(web_client, wheels, app, warm_up)
    if bytecode.files is None:
        return bytecode
    add_to_zip(pyodide / "python_stdlib.zip", bytecode.files["stdlib"])
    changed = [wheel for wheel in wheels if add_to_wheel(wheel, bytecode.files["site"])]
    rehash_wheels(pyodide / "pyodide-lock.json", changed)
    app.update(bytecode.files["app"])
    return bytecode


def trace_start(
    web_client: Path, site: Sequence[Path], app: Mapping[str, bytes], warm_up: str
) -> Bytecode:
    """Start the app in Pyodide under Node.js and return the bytecode of what it imported.

    ``site`` are the wheels the browser installs, ``app`` the app archive's files by name,
    ``warm_up`` Python that draws the first screen on a ``page`` it is given.
    """
    node = shutil.which("node")
    bash = shutil.which("bash")
    if node is None or bash is None:
        return Bytecode(skipped="Node.js is not installed (it runs the browser's Python)")
    with tempfile.TemporaryDirectory(prefix="scorepad-bytecode-") as folder:
        work = Path(folder)
        for wheel in site:
            with zipfile.ZipFile(wheel) as archive:
                archive.extractall(work / "site")
        for name, data in app.items():
            (work / "app" / name).parent.mkdir(parents=True, exist_ok=True)
            (work / "app" / name).write_bytes(data)
        (work / "warm_up.py").write_text(warm_up, encoding="utf-8")
        command = [bash, str(web_client / NODE_PYTHON), str(TRACE_SCRIPT)]
        command += [str(work / part) for part in ("site", "app", "out", "warm_up.py")]
        try:
            done = subprocess.run(
                command,
                check=False,
                cwd=work,
                capture_output=True,
                text=True,
                timeout=TRACE_TIMEOUT_S,
            )
        except (OSError, subprocess.TimeoutExpired) as error:
            return Bytecode(skipped=f"the app's start could not be run in Pyodide ({error})")
        if done.returncode != 0:
            last = (done.stderr.strip().splitlines() or ["no output"])[-1]
            return Bytecode(skipped=f"the app's start failed in Pyodide ({last})")
        files = {
            part: {
                path.relative_to(work / "out" / part).as_posix(): path.read_bytes()
                for path in sorted((work / "out" / part).rglob("*.pyc"))
            }
            for part in PARTS
        }
    return Bytecode(files=files)


def add_to_zip(path: Path, added: Mapping[str, bytes]) -> bool:
    """Add ``added`` entries (new names only) to the zip at ``path``; returns whether anything
    was added."""
    with zipfile.ZipFile(path) as archive:
        names = set(archive.namelist())
    new = {name: data for name, data in added.items() if name not in names}
    if new:
        rewrite_zip(path, new)
    return bool(new)


def add_to_wheel(wheel: Path, site_bytecode: Mapping[str, bytes]) -> bool:
    """Add the bytecode of the wheel's own modules to it, and to its RECORD."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        own = {name: data for name, data in site_bytecode.items() if source_of(name) in names}
        if not own:
            return False
        record = next(name for name in names if name.endswith(".dist-info/RECORD"))
        lines = archive.read(record).decode("utf-8").rstrip("\n").split("\n")
    lines += [f"{name},sha256={digest(data)},{len(data)}" for name, data in sorted(own.items())]
    rewrite_zip(wheel, own, replaced={record: ("\n".join(lines) + "\n").encode("utf-8")})
    return True


def rewrite_zip(
    path: Path,
    added: Mapping[str, bytes],
    replaced: Mapping[str, bytes] | None = None,
    dropped: Collection[str] = (),
) -> None:
    """The zip at ``path`` again, each entry as it was (or as ``replaced`` gives it, or left
    out if ``dropped``), then the ``added`` ones in name order, deflated, each with a fixed
    time and mode."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(path) as archive, zipfile.ZipFile(buffer, "w") as out:
        for info in archive.infolist():
            if info.filename in dropped:
                continue
            data = (replaced or {}).get(info.filename)
            out.writestr(info, data if data is not None else archive.read(info))
        for name in sorted(added):
            entry = zipfile.ZipInfo(name, ZIP_DATE)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            out.writestr(entry, added[name])
    path.write_bytes(buffer.getvalue())


def source_of(pyc: str) -> str:
    """``pkg/__pycache__/mod.cpython-314.pyc`` → ``pkg/mod.py``."""
    folder, _, file = pyc.rpartition("__pycache__/")
    return folder + file.split(".", 1)[0] + ".py"


def digest(data: bytes) -> str:
    """A RECORD line's hash: urlsafe base64 of the sha256, unpadded (the wheel spec's form)."""
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
