"""The browser's wheels, read from uv.lock: the real lock file and small made-up ones."""

from __future__ import annotations

import json
from pathlib import Path
from textwrap import dedent

import pytest

from scorepad.web_build.errors import BundledPyodideError, LockFileError, NoBrowserWheelError
from scorepad.web_build.lock import (
    PinnedWheel,
    PyodideTarget,
    browser_wheels,
    bundled_pyodide_dir,
    pyodide_target,
)

REPO = Path(__file__).resolve().parents[2]
TARGET = PyodideTarget(python="3.14.2", abi_version="2026_0", platform="emscripten_5_0_3")
HASH = "sha256:" + "ab" * 32


def write_lock(tmp_path: Path, body: str) -> Path:
    """A uv.lock whose root is an editable ``scorepad``, followed by ``body``."""
    path = tmp_path / "uv.lock"
    path.write_text(dedent(body).lstrip(), encoding="utf-8")
    return path


def wheel(filename: str) -> str:
    return f'{{ url = "https://files.example/{filename}", hash = "{HASH}", size = 10 }}'


def package(name: str, version: str, wheels: list[str], deps: str = "") -> str:
    return dedent(
        f"""
        [[package]]
        name = "{name}"
        version = "{version}"
        source = {{ registry = "https://pypi.org/simple" }}
        dependencies = [{deps}]
        wheels = [{", ".join(wheel(filename) for filename in wheels)}]
        """
    )


def root(deps: str) -> str:
    return dedent(
        f"""
        version = 1
        requires-python = ">=3.11"

        [[package]]
        name = "scorepad"
        version = "0.1.0"
        source = {{ editable = "." }}
        dependencies = [{deps}]
        """
    )


# --- The real uv.lock ------------------------------------------------------------------------


def test_the_browser_gets_exactly_the_app_s_pure_and_webassembly_wheels() -> None:
    wheels = browser_wheels(REPO / "uv.lock")
    names = [wheel.name for wheel in wheels]
    assert names == [
        "annotated-types",
        "babel",
        "filelock",
        "flet",
        "flet-charts",
        "msgpack",
        "platformdirs",
        "pydantic",
        "pydantic-core",
        "repath",
        "segno",
        "six",
        "tinydb",
        "typing-extensions",
        "typing-inspection",
    ]
    by_name = {wheel.name: wheel for wheel in wheels}
    assert by_name["pydantic-core"].filename == (
        "pydantic_core-2.50.5-cp314-cp314-pyemscripten_2026_0_wasm32.whl"
    )
    assert by_name["msgpack"].filename.endswith("-cp314-cp314-pyemscripten_2026_0_wasm32.whl")
    assert by_name["six"].filename.endswith("-py2.py3-none-any.whl")
    assert by_name["pydantic"].depends == (
        "annotated-types",
        "pydantic-core",
        "typing-extensions",
        "typing-inspection",
    )
    # flet's httpx and oauthlib are marked sys_platform != 'emscripten' by flet itself.
    assert by_name["flet"].depends == ("msgpack", "repath")
    for wheel in wheels:
        assert wheel.url.startswith("https://files.pythonhosted.org/")
        assert wheel.url.endswith("/" + wheel.filename)
        assert len(wheel.sha256) == 64
        assert wheel.size is not None


def test_desktop_and_server_packages_stay_out_of_the_browser() -> None:
    names = {wheel.name for wheel in browser_wheels(REPO / "uv.lock")}
    left_out = {"flet-desktop", "flet-web", "uvicorn", "starlette", "rich", "fpdf2", "httpx"}
    left_out |= {"packaging"}  # build-web reads markers with it on the laptop; the app never does
    assert not names & (left_out | {"oauthlib", "scorepad"})


def test_the_target_is_read_from_the_pyodide_flet_web_bundles() -> None:
    target = pyodide_target()
    info = json.loads((bundled_pyodide_dir() / "pyodide-lock.json").read_text())["info"]
    assert target.python == info["python"]
    assert target.platform_tag == f"pyemscripten_{info['abi_version']}_{info['arch']}"
    assert target.interpreter == "cp" + "".join(info["python"].split(".")[:2])


def test_the_target_follows_the_bundled_lock_file(tmp_path: Path) -> None:
    lock_json = tmp_path / "pyodide-lock.json"
    lock_json.write_text(
        json.dumps({"info": {"abi_version": "2027_0", "arch": "wasm32", "python": "3.15.1"}})
    )
    target = pyodide_target(lock_json)
    assert (target.interpreter, target.platform_tag) == ("cp315", "pyemscripten_2027_0_wasm32")
    assert target.marker_environment()["python_version"] == "3.15"


def test_a_bundled_lock_file_without_its_info_is_refused_by_name(tmp_path: Path) -> None:
    lock_json = tmp_path / "pyodide-lock.json"
    lock_json.write_text(json.dumps({"packages": {}}))
    with pytest.raises(BundledPyodideError, match=r"pyodide-lock\.json.*'info'"):
        pyodide_target(lock_json)


# --- Made-up lock files ------------------------------------------------------------------------


def test_a_dependency_whose_marker_is_false_in_pyodide_is_left_out(tmp_path: Path) -> None:
    lock = write_lock(
        tmp_path,
        root(
            """
            { name = "app-lib" },
            { name = "desktop", marker = "sys_platform != 'emscripten'" },
            { name = "windows-only", marker = "platform_system == 'Windows'" },
            { name = "old-python", marker = "python_full_version < '3.12'" },
            """
        )
        + package("app-lib", "1.0", ["app_lib-1.0-py3-none-any.whl"])
        + package("desktop", "1.0", ["desktop-1.0-py3-none-any.whl"])
        + package("windows-only", "1.0", ["windows_only-1.0-py3-none-any.whl"])
        + package("old-python", "1.0", ["old_python-1.0-py3-none-any.whl"]),
    )
    assert [wheel.name for wheel in browser_wheels(lock, TARGET)] == ["app-lib"]


def test_a_marker_true_only_in_pyodide_brings_its_package_in(tmp_path: Path) -> None:
    lock = write_lock(
        tmp_path,
        root('{ name = "shim", marker = "sys_platform == \'emscripten\'" }')
        + package("shim", "2.0", ["shim-2.0-py3-none-any.whl"]),
    )
    assert [wheel.name for wheel in browser_wheels(lock, TARGET)] == ["shim"]


def test_a_package_with_no_wheel_at_all_is_refused_naming_it(tmp_path: Path) -> None:
    lock = write_lock(
        tmp_path,
        root('{ name = "sdist-only" }') + package("sdist-only", "3.1", []),
    )
    with pytest.raises(NoBrowserWheelError, match=r"^sdist-only 3\.1 has no WebAssembly wheel"):
        browser_wheels(lock, TARGET)


def test_only_a_cp313_webassembly_wheel_is_refused_naming_the_tag_wanted(tmp_path: Path) -> None:
    lock = write_lock(
        tmp_path,
        root('{ name = "fastlib" }')
        + package(
            "fastlib",
            "1.2.4",
            [
                "fastlib-1.2.4-cp313-cp313-pyemscripten_2025_0_wasm32.whl",
                "fastlib-1.2.4-cp314-cp314-manylinux_2_17_x86_64.whl",
            ],
        ),
    )
    with pytest.raises(NoBrowserWheelError) as raised:
        browser_wheels(lock, TARGET)
    message = str(raised.value)
    assert message.startswith(
        "fastlib 1.2.4 has no WebAssembly wheel for Pyodide (cp314, pyemscripten_2026_0_wasm32)"
    )
    assert "(it has cp313-cp313-pyemscripten_2025_0_wasm32)" in message
    assert "sys_platform != 'emscripten'" in message
    assert raised.value.package == "fastlib"


def test_the_webassembly_wheel_wins_over_the_others(tmp_path: Path) -> None:
    lock = write_lock(
        tmp_path,
        root('{ name = "fastlib" }')
        + package(
            "fastlib",
            "1.0",
            [
                "fastlib-1.0-cp314-cp314-manylinux_2_17_x86_64.whl",
                "fastlib-1.0-cp313-cp313-pyemscripten_2025_0_wasm32.whl",
                "fastlib-1.0-cp314-cp314-pyemscripten_2026_0_wasm32.whl",
                "fastlib-1.0-py3-none-any.whl",
            ],
        ),
    )
    [pinned] = browser_wheels(lock, TARGET)
    assert pinned == PinnedWheel(
        name="fastlib",
        version="1.0",
        filename="fastlib-1.0-cp314-cp314-pyemscripten_2026_0_wasm32.whl",
        url="https://files.example/fastlib-1.0-cp314-cp314-pyemscripten_2026_0_wasm32.whl",
        sha256="ab" * 32,
        size=10,
    )


def test_an_abi3_webassembly_wheel_is_taken(tmp_path: Path) -> None:
    lock = write_lock(
        tmp_path,
        root('{ name = "crypto" }')
        + package("crypto", "47.0", ["crypto-47.0-cp311-abi3-pyemscripten_2026_0_wasm32.whl"]),
    )
    [pinned] = browser_wheels(lock, TARGET)
    assert pinned.filename == "crypto-47.0-cp311-abi3-pyemscripten_2026_0_wasm32.whl"


def test_a_dependency_cycle_is_walked_once_and_shared_packages_listed_once(
    tmp_path: Path,
) -> None:
    lock = write_lock(
        tmp_path,
        root('{ name = "alpha" }, { name = "gamma" }')
        + package("alpha", "1.0", ["alpha-1.0-py3-none-any.whl"], '{ name = "beta" }')
        + package(
            "beta",
            "1.0",
            ["beta-1.0-py3-none-any.whl"],
            '{ name = "alpha" }, { name = "gamma" }',
        )
        + package("gamma", "1.0", ["gamma-1.0-py3-none-any.whl"], '{ name = "beta" }'),
    )
    wheels = browser_wheels(lock, TARGET)
    assert [(wheel.name, wheel.depends) for wheel in wheels] == [
        ("alpha", ("beta",)),
        ("beta", ("alpha", "gamma")),
        ("gamma", ("beta",)),
    ]


def test_an_extra_a_dependency_asks_for_is_followed(tmp_path: Path) -> None:
    lock = write_lock(
        tmp_path,
        root('{ name = "lib", extra = ["speed"] }')
        + package("lib", "1.0", ["lib-1.0-py3-none-any.whl"])
        + dedent(
            """
            [package.optional-dependencies]
            speed = [{ name = "fast" }]
            unused = [{ name = "never" }]
            """
        )
        + package("fast", "1.0", ["fast-1.0-py3-none-any.whl"])
        + package("never", "1.0", ["never-1.0-py3-none-any.whl"]),
    )
    assert [wheel.name for wheel in browser_wheels(lock, TARGET)] == ["fast", "lib"]


def test_a_lock_file_without_the_project_is_refused(tmp_path: Path) -> None:
    lock = write_lock(tmp_path, package("alpha", "1.0", ["alpha-1.0-py3-none-any.whl"]))
    with pytest.raises(LockFileError, match=r"no editable or virtual package 'scorepad'.*uv lock"):
        browser_wheels(lock, TARGET)


def test_a_lock_file_that_is_not_toml_is_refused(tmp_path: Path) -> None:
    lock = tmp_path / "uv.lock"
    lock.write_text("[[package]\nname = ", encoding="utf-8")
    with pytest.raises(LockFileError, match=r"uv\.lock'.*not valid TOML"):
        browser_wheels(lock, TARGET)


def test_a_missing_lock_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(LockFileError, match=r"uv\.lock'.*run `uv lock`"):
        browser_wheels(tmp_path / "uv.lock", TARGET)
