"""The bytecode step's file edits (zip, wheel, lock), without Node.js.

The step as a whole (the app started in Pyodide, its modules read from the bytecode by the
browser's Python) is proven on the real bundle in tests/web/test_bytecode_in_bundle.py.
"""

from __future__ import annotations

import base64
import hashlib
import json
import zipfile
from pathlib import Path

import pytest

from scorepad.web_build import bytecode
from scorepad.web_build.bytecode import add_to_wheel, add_to_zip, source_of, trace_start
from scorepad.web_build.wheels import rehash_wheels

PYC = "pkg/__pycache__/mod.cpython-314.pyc"


def a_zip(path: Path, files: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return path


def a_wheel(folder: Path) -> Path:
    return a_zip(
        folder / "pkg-1.0-py3-none-any.whl",
        {
            "pkg/__init__.py": b"",
            "pkg/mod.py": b"X = 1\n",
            "pkg-1.0.dist-info/METADATA": b"Name: pkg\nVersion: 1.0\n",
            "pkg-1.0.dist-info/RECORD": b"pkg/__init__.py,,0\npkg/mod.py,,6\n",
        },
    )


def test_the_standard_library_zip_gets_each_pyc_beside_its_source(tmp_path: Path) -> None:
    stdlib = a_zip(tmp_path / "python_stdlib.zip", {"json/__init__.py": b"", "abc.py": b"A=1"})
    assert add_to_zip(stdlib, {"abc.pyc": b"code of abc", "json/__init__.pyc": b"code of json"})
    with zipfile.ZipFile(stdlib) as archive:
        assert sorted(archive.namelist()) == [
            "abc.py",
            "abc.pyc",
            "json/__init__.py",
            "json/__init__.pyc",
        ]
        assert archive.read("abc.pyc") == b"code of abc"
        assert archive.read("abc.py") == b"A=1"
        assert archive.getinfo("abc.pyc").date_time == bytecode.ZIP_DATE


def test_the_same_bytecode_gives_the_same_zip_and_a_second_pass_adds_nothing(
    tmp_path: Path,
) -> None:
    first = a_zip(tmp_path / "a.zip", {"abc.py": b"A=1"})
    second = a_zip(tmp_path / "b.zip", {"abc.py": b"A=1"})
    for path in (first, second):
        add_to_zip(path, {"abc.pyc": b"code"})
    assert first.read_bytes() == second.read_bytes()
    before = first.read_bytes()
    assert not add_to_zip(first, {"abc.pyc": b"other code"})
    assert first.read_bytes() == before


def test_a_wheel_gets_only_its_own_modules_bytecode_listed_in_its_record(tmp_path: Path) -> None:
    wheel = a_wheel(tmp_path)
    code = b"\x2b\x0e\r\n" + b"\x01\x00\x00\x00" + b"rest"
    assert add_to_wheel(wheel, {PYC: code, "other/__pycache__/x.cpython-314.pyc": b"not mine"})
    with zipfile.ZipFile(wheel) as archive:
        assert archive.read(PYC) == code
        assert "other/__pycache__/x.cpython-314.pyc" not in archive.namelist()
        record = archive.read("pkg-1.0.dist-info/RECORD").decode().splitlines()
    digest = base64.urlsafe_b64encode(hashlib.sha256(code).digest()).rstrip(b"=").decode()
    assert record == [
        "pkg/__init__.py,,0",
        "pkg/mod.py,,6",
        f"{PYC},sha256={digest},{len(code)}",
    ]


def test_a_wheel_none_of_whose_modules_a_start_imports_is_left_as_it_was(tmp_path: Path) -> None:
    wheel = a_wheel(tmp_path)
    before = wheel.read_bytes()
    assert not add_to_wheel(wheel, {"other/__pycache__/x.cpython-314.pyc": b"not mine"})
    assert wheel.read_bytes() == before


def test_a_rewritten_wheel_gets_its_new_sha256_in_pyodide_s_lock(tmp_path: Path) -> None:
    wheel = a_wheel(tmp_path)
    lock = tmp_path / "pyodide-lock.json"
    entries = {
        "pkg": {"file_name": wheel.name, "sha256": "old"},
        "untouched": {"file_name": "untouched-1.0-py3-none-any.whl", "sha256": "kept"},
    }
    lock.write_text(json.dumps({"info": {}, "packages": entries}))
    add_to_wheel(wheel, {PYC: b"code"})
    rehash_wheels(lock, [wheel])
    packages = json.loads(lock.read_text())["packages"]
    assert packages["pkg"]["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
    assert packages["untouched"]["sha256"] == "kept"


@pytest.mark.parametrize(
    ("pyc", "source"),
    [
        ("pkg/__pycache__/mod.cpython-314.pyc", "pkg/mod.py"),
        ("__pycache__/six.cpython-314.pyc", "six.py"),
        ("a/b/__pycache__/__init__.cpython-314.pyc", "a/b/__init__.py"),
    ],
)
def test_a_pyc_names_its_source(pyc: str, source: str) -> None:
    assert source_of(pyc) == source


def test_without_node_the_build_ships_source_and_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("shutil.which", lambda _name: None)
    made = trace_start(tmp_path, [], {"main.py": b""}, "pass")
    assert made.files is None
    assert made.modules == 0
    assert made.skipped is not None and "Node.js is not installed" in made.skipped
