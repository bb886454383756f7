"""The built bundle ships bytecode for what a start imports, and the browser's Python uses it.

Run against the real bundle (CI's build, or one built for the session): the browser's own
Pyodide under Node.js, with the bundle's standard library, wheels and app, is asked where it
takes each module's code from. A ``.pyc`` it refused (a wrong magic number, a stale flag) would
show as the source file instead.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import tarfile
import zipfile
from pathlib import Path

import pytest

from scorepad.web_build.bundle import web_client_dir

pytestmark = pytest.mark.process

CACHE_TAG = "cpython-314"
MODULES = ("pydantic.main", "flet.controls.material.icons", "scorepad.ui.views.home")
WHERE_CODE_COMES_FROM = """
import sys, zipimport
sys.path[:0] = [{app!r}, {site!r}]
stdlib = zipimport.zipimporter(next(p for p in sys.path if p.endswith('.zip')) + '/urllib/')
print('stdlib', zipimport._get_module_code(stdlib, 'urllib.parse')[2])
import pydantic.main, flet.controls.material.icons, scorepad.ui.views.home
"""


def node_or_skip() -> None:
    if shutil.which("node") is None:
        if os.environ.get("CI"):
            pytest.fail("CI must compile the bundle's start, but Node.js is not installed")
        pytest.skip("Node.js is not installed: the bundle was built from source alone")


def pyc_flags(data: bytes) -> int:
    """PEP 552's flags word: 0b01 is a hash-based .pyc that is not checked against its source."""
    return int.from_bytes(data[4:8], "little")


def test_what_a_start_imports_is_shipped_compiled_in_every_part(web_build: Path) -> None:
    node_or_skip()
    with zipfile.ZipFile(web_build / "pyodide" / "python_stdlib.zip") as stdlib:
        names = set(stdlib.namelist())
        assert {"urllib/parse.py", "urllib/parse.pyc", "asyncio/base_events.pyc"} <= names
        assert "tomllib/__init__.pyc" not in names  # never imported at start: source only
        assert pyc_flags(stdlib.read("urllib/parse.pyc")) == 0b01
    with tarfile.open(web_build / "app.tar.gz") as app:
        members = set(app.getnames())
    assert f"scorepad/ui/views/__pycache__/home.{CACHE_TAG}.pyc" in members
    assert f"scorepad/engine/__pycache__/variant.{CACHE_TAG}.pyc" in members
    lock = json.loads((web_build / "pyodide" / "pyodide-lock.json").read_text())["packages"]
    for name in ("pydantic", "flet"):
        wheel = web_build / "pyodide" / lock[name]["file_name"]
        assert lock[name]["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
        with zipfile.ZipFile(wheel) as archive:
            record = next(n for n in archive.namelist() if n.endswith(".dist-info/RECORD"))
            listed = archive.read(record).decode()
            assert f"{name}/__pycache__/__init__.{CACHE_TAG}.pyc,sha256=" in listed


def test_the_browser_s_python_reads_the_bundle_s_bytecode(web_build: Path, tmp_path: Path) -> None:
    node_or_skip()
    runtime = tmp_path / "pyodide"
    shutil.copytree(web_build / "pyodide", runtime)
    for launcher in ("python", "python_cli_entry.mjs", "package.json"):
        shutil.copy(web_client_dir() / "pyodide" / launcher, runtime / launcher)
    site, app = tmp_path / "site", tmp_path / "app"
    for wheel in runtime.glob("*.whl"):
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(site)
    with tarfile.open(web_build / "app.tar.gz") as archive:
        archive.extractall(app, filter="data")
    script = WHERE_CODE_COMES_FROM.format(app=str(app), site=str(site))
    done = subprocess.run(
        ["bash", str(runtime / "python"), "-v", "-c", script],
        check=False,
        capture_output=True,
        text=True,
        timeout=240,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.splitlines()[-1] == "stdlib /lib/python314.zip/urllib/parse.pyc"
    for name in MODULES:  # python -v: "# <the .pyc> matches <its source>" when it is used
        path = name.replace(".", "/")
        root = site if name.split(".")[0] in ("pydantic", "flet") else app
        pyc = root / f"{Path(path).parent}/__pycache__/{Path(path).name}.{CACHE_TAG}.pyc"
        assert f"# {pyc} matches {root / path}.py" in done.stderr, name
