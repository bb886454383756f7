"""Fetching wheels into the cache and registering them in a bundle's pyodide-lock.json.

The network here is loopback only: a tiny HTTP server on 127.0.0.1 in a thread serves
made-up wheels.
"""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import socket
import threading
import zipfile
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from scorepad.web_build.errors import (
    MissingFromCacheError,
    WebBuildError,
    WheelDownloadError,
    WheelHashError,
)
from scorepad.web_build.lock import PinnedWheel, bundled_pyodide_dir
from scorepad.web_build.wheels import (
    CACHE_ENV,
    default_cache_dir,
    fetch_wheels,
    register_wheels,
    wheel_imports,
)


def make_wheel(files: dict[str, str]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return buffer.getvalue()


FAKE_WHEEL = make_wheel(
    {
        "fake/__init__.py": "VALUE = 1\n",
        "fake_helper.py": "",
        "_fake_speedups.cpython-314-wasm32-emscripten.so": "",
        "fake-1.0.pth": "",
        "fake-1.0.dist-info/METADATA": "Name: fake\nVersion: 1.0\n",
        "fake-1.0.dist-info/RECORD": "",
    }
)
FAKE_SHA256 = hashlib.sha256(FAKE_WHEEL).hexdigest()
FAKE_NAME = "fake-1.0-py3-none-any.whl"


class Registry:
    """Made-up wheels served on 127.0.0.1, counting the requests it answers."""

    def __init__(self) -> None:
        self.files: dict[str, bytes] = {}
        self.requests: list[str] = []
        registry = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                registry.requests.append(self.path)
                body = registry.files.get(self.path)
                if body is None:
                    self.send_error(404, "Not Found")
                    return
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: object) -> None:
                pass  # keep the test output clean

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}{path}"


@pytest.fixture
def registry() -> Iterator[Registry]:
    served = Registry()
    served.thread.start()
    yield served
    served.server.shutdown()
    served.server.server_close()
    served.thread.join()


def pinned(url: str, sha256: str = FAKE_SHA256, filename: str = FAKE_NAME) -> PinnedWheel:
    return PinnedWheel(name="fake", version="1.0", filename=filename, url=url, sha256=sha256)


# --- fetch_wheels ----------------------------------------------------------------------------


def test_a_wheel_is_downloaded_checked_and_cached(registry: Registry, tmp_path: Path) -> None:
    registry.files["/fake.whl"] = FAKE_WHEEL
    wheel = pinned(registry.url("/fake.whl"))
    told: list[PinnedWheel] = []
    [path] = fetch_wheels([wheel], tmp_path / "cache", on_download=told.append)
    assert path == tmp_path / "cache" / FAKE_NAME
    assert path.read_bytes() == FAKE_WHEEL
    assert told == [wheel]
    assert sorted(p.name for p in path.parent.iterdir()) == [FAKE_NAME]  # no temporary left


def test_a_cached_wheel_is_used_without_the_network(registry: Registry, tmp_path: Path) -> None:
    registry.files["/fake.whl"] = FAKE_WHEEL
    wheel = pinned(registry.url("/fake.whl"))
    fetch_wheels([wheel], tmp_path)
    assert registry.requests == ["/fake.whl"]
    assert fetch_wheels([wheel], tmp_path, allow_download=False) == [tmp_path / FAKE_NAME]
    assert fetch_wheels([wheel], tmp_path) == [tmp_path / FAKE_NAME]
    assert registry.requests == ["/fake.whl"]  # downloaded once


def test_a_download_with_the_wrong_hash_never_enters_the_cache(
    registry: Registry, tmp_path: Path
) -> None:
    registry.files["/fake.whl"] = FAKE_WHEEL + b"tampered"
    with pytest.raises(WheelHashError) as raised:
        fetch_wheels([pinned(registry.url("/fake.whl"))], tmp_path)
    assert str(raised.value).startswith(f"'{FAKE_NAME}' has sha256 ")
    assert f"but uv.lock pins {FAKE_SHA256}" in str(raised.value)
    assert list(tmp_path.iterdir()) == []


def test_a_damaged_cached_copy_is_downloaded_again(registry: Registry, tmp_path: Path) -> None:
    registry.files["/fake.whl"] = FAKE_WHEEL
    (tmp_path / FAKE_NAME).write_bytes(b"half a wheel")
    [path] = fetch_wheels([pinned(registry.url("/fake.whl"))], tmp_path)
    assert path.read_bytes() == FAKE_WHEEL
    assert registry.requests == ["/fake.whl"]


def test_with_downloads_off_a_wheel_not_in_the_cache_is_refused(tmp_path: Path) -> None:
    wheel = pinned("http://127.0.0.1:9/never-asked.whl")
    with pytest.raises(MissingFromCacheError) as raised:
        fetch_wheels([wheel], tmp_path, allow_download=False)
    assert str(raised.value) == (
        f"'{FAKE_NAME}' is needed, downloads are off and the wheel cache '{tmp_path}' does "
        "not have it: run `uv run scorepad build-web` with the network to the package "
        "registry once to fill the cache"
    )


def test_with_downloads_off_a_damaged_cached_copy_is_refused(tmp_path: Path) -> None:
    (tmp_path / FAKE_NAME).write_bytes(b"half a wheel")
    with pytest.raises(
        MissingFromCacheError, match=r"has a copy that does not match the sha256 uv\.lock pins"
    ):
        fetch_wheels([pinned("http://127.0.0.1:9/x.whl")], tmp_path, allow_download=False)


def test_a_missing_file_on_the_registry_is_a_download_error(
    registry: Registry, tmp_path: Path
) -> None:
    url = registry.url("/gone.whl")
    with pytest.raises(WheelDownloadError) as raised:
        fetch_wheels([pinned(url)], tmp_path)
    assert str(raised.value) == (
        f"could not download '{url}': the server answered 404 Not Found; "
        "check the network to the package registry and build again"
    )
    assert list(tmp_path.iterdir()) == []


def test_a_registry_that_does_not_answer_is_a_download_error(tmp_path: Path) -> None:
    with socket.socket() as closed:  # a loopback port nobody listens on
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    with pytest.raises(WheelDownloadError, match="check the network to the package registry"):
        fetch_wheels([pinned(f"http://127.0.0.1:{port}/fake.whl")], tmp_path, timeout=5)


def test_a_url_that_is_not_http_or_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(WheelDownloadError, match="not an https, http or file URL"):
        fetch_wheels([pinned("ftp://127.0.0.1/fake.whl")], tmp_path)


def test_a_file_url_works_like_a_registry(tmp_path: Path) -> None:
    source = tmp_path / "index" / FAKE_NAME
    source.parent.mkdir()
    source.write_bytes(FAKE_WHEEL)
    [path] = fetch_wheels([pinned(source.as_uri())], tmp_path / "cache")
    assert path.read_bytes() == FAKE_WHEEL


def test_the_cache_folder_can_be_chosen_by_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "ci-cache"))
    assert default_cache_dir() == tmp_path / "ci-cache"
    monkeypatch.delenv(CACHE_ENV)
    assert default_cache_dir().parts[-2:] == ("scorepad", "wheels")


# --- register_wheels -------------------------------------------------------------------------


@pytest.fixture
def bundle_pyodide(tmp_path: Path) -> Path:
    """A copy of the pyodide-lock.json flet-web bundles, in a folder of its own."""
    folder = tmp_path / "pyodide"
    folder.mkdir()
    shutil.copy(bundled_pyodide_dir() / "pyodide-lock.json", folder)
    return folder / "pyodide-lock.json"


def test_registered_wheels_are_installed_from_the_bundle(bundle_pyodide: Path) -> None:
    before = json.loads(bundle_pyodide.read_text())
    assert before["packages"]["packaging"]["version"] != "99.0"
    fake = bundle_pyodide.parent / "wheels" / FAKE_NAME
    fake.parent.mkdir()
    fake.write_bytes(FAKE_WHEEL)
    newer = make_wheel({"packaging/__init__.py": "", "packaging-99.0.dist-info/RECORD": ""})
    newer_file = bundle_pyodide.parent / "packaging-99.0-py3-none-any.whl"
    newer_file.write_bytes(newer)
    wheels = [
        PinnedWheel(
            name="fake",
            version="1.0",
            filename=FAKE_NAME,
            url="https://files.example/" + FAKE_NAME,
            sha256=FAKE_SHA256,
            depends=("packaging", "Typing_Extensions"),
        ),
        PinnedWheel(
            name="packaging",
            version="99.0",
            filename=newer_file.name,
            url="https://files.example/" + newer_file.name,
            sha256=hashlib.sha256(newer).hexdigest(),
        ),
    ]
    register_wheels(bundle_pyodide, wheels, [fake, newer_file])
    after = json.loads(bundle_pyodide.read_text())
    assert after["info"] == before["info"]
    assert after["packages"]["fake"] == {
        "name": "fake",
        "version": "1.0",
        "file_name": f"wheels/{FAKE_NAME}",
        "install_dir": "site",
        "sha256": FAKE_SHA256,
        "package_type": "package",
        "imports": ["_fake_speedups", "fake", "fake_helper"],
        "depends": ["packaging", "typing-extensions"],
        "unvendored_tests": False,
        "tool": {},
    }
    # Pyodide's own packaging is replaced by uv.lock's; every other entry is kept as it was.
    assert after["packages"]["packaging"]["version"] == "99.0"
    assert after["packages"]["packaging"]["file_name"] == newer_file.name
    assert set(after["packages"]) == set(before["packages"]) | {"fake"}
    unchanged = set(before["packages"]) - {"packaging"}
    assert all(after["packages"][name] == before["packages"][name] for name in unchanged)
    assert after["packages"]["packaging"].keys() == before["packages"]["packaging"].keys()


def test_a_wheel_outside_the_pyodide_folder_is_not_registered(
    bundle_pyodide: Path, tmp_path: Path
) -> None:
    outside = tmp_path / FAKE_NAME
    outside.write_bytes(FAKE_WHEEL)
    before = bundle_pyodide.read_text()
    with pytest.raises(WebBuildError, match=r"is not inside .*copy the wheel into"):
        register_wheels(bundle_pyodide, [pinned("https://files.example/x")], [outside])
    assert bundle_pyodide.read_text() == before


def test_a_wheel_with_the_wrong_hash_is_not_registered(bundle_pyodide: Path) -> None:
    fake = bundle_pyodide.parent / FAKE_NAME
    fake.write_bytes(FAKE_WHEEL + b"x")
    before = bundle_pyodide.read_text()
    with pytest.raises(WheelHashError):
        register_wheels(bundle_pyodide, [pinned("https://files.example/x")], [fake])
    assert bundle_pyodide.read_text() == before


def test_imports_come_from_top_level_txt_when_a_wheel_has_one(tmp_path: Path) -> None:
    wheel = tmp_path / "old-1.0-py3-none-any.whl"
    wheel.write_bytes(
        make_wheel(
            {
                "old_name/__init__.py": "",
                "other.py": "",
                "old-1.0.dist-info/top_level.txt": "old_name\nother\n",
            }
        )
    )
    assert wheel_imports(wheel) == ["old_name", "other"]
