"""The static server for a build: served on 127.0.0.1 (a port the system picks) in a thread."""

from __future__ import annotations

import gzip
import socket
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorepad.cli import main as cli_main
from scorepad.web_build import app_for
from tests.web.offline import StaticServer, serving

INDEX = "<!DOCTYPE html><html><head><base href='/'></head><body>scorepad</body></html>"
SCRIPT = "console.log('a line of the client');\n" * 200


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[StaticServer]:
    folder = tmp_path_factory.mktemp("bundle")
    (folder / "index.html").write_text(INDEX)
    (folder / "main.dart.js").write_text(SCRIPT)
    (folder / "canvaskit").mkdir()
    (folder / "canvaskit" / "canvaskit.wasm").write_bytes(b"\0asm\1\0\0\0" + bytes(2000))
    (folder / "pyodide").mkdir()
    (folder / "pyodide" / "pyodide.mjs").write_text("export const loadPyodide = 1;\n")
    with serving(app_for(folder)) as running:
        yield running


def get(server: StaticServer, path: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(server.url + path, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def test_the_page_is_served_at_the_root(server: StaticServer) -> None:
    status, headers, body = get(server, "")
    assert status == 200
    assert headers["content-type"].startswith("text/html")
    assert body.decode() == INDEX
    assert headers["cache-control"] == "no-cache"  # a new build reaches the next load


def test_webassembly_and_modules_have_the_types_browsers_require(server: StaticServer) -> None:
    status, headers, _ = get(server, "canvaskit/canvaskit.wasm")
    assert (status, headers["content-type"]) == (200, "application/wasm")
    status, headers, _ = get(server, "pyodide/pyodide.mjs")
    assert status == 200
    assert headers["content-type"].startswith("text/javascript")


def test_files_are_gzipped_when_the_browser_asks(server: StaticServer) -> None:
    _, headers, body = get(server, "main.dart.js", **{"Accept-Encoding": "gzip"})
    assert headers.get("content-encoding") == "gzip"
    assert gzip.decompress(body).decode() == SCRIPT
    assert len(body) < len(SCRIPT) / 10
    _, headers, body = get(server, "main.dart.js", **{"Accept-Encoding": "identity"})
    assert "content-encoding" not in headers
    assert body.decode() == SCRIPT


def test_an_app_route_is_the_page_and_a_missing_file_is_not_found(server: StaticServer) -> None:
    for route in ("game/4f2a9c", "players", "players/Ann"):
        status, headers, body = get(server, route)
        assert (status, body.decode()) == (200, INDEX), route
        assert headers["content-type"].startswith("text/html")
    status, _, _ = get(server, "pyodide/missing.whl")
    assert status == 404  # a file the bundle lacks is a 404, never the page in its place


def test_a_folder_that_is_not_a_build_is_not_served(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(FileNotFoundError, match="is not a built web app"):
        app_for(tmp_path)
    assert cli_main(["serve-web", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "is not a built web app (no index.html)" in err
    assert f"build one with 'scorepad build-web {tmp_path}'" in err  # empty: build there
    (tmp_path / "notes.txt").write_text("mine")
    assert cli_main(["serve-web", str(tmp_path)]) == 1
    # build-web would refuse a folder of someone's files: a new folder is the way
    assert "build one with 'scorepad build-web NEW_FOLDER'" in capsys.readouterr().err


def test_a_port_in_use_is_one_line_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "index.html").write_text(INDEX)
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        assert cli_main(["serve-web", str(tmp_path), "--port", str(port)]) == 1
    said = capsys.readouterr()
    err = said.err
    assert err.count("\n") == 1
    assert f"cannot serve on 127.0.0.1 port {port}:" in err
    assert "serving" not in said.out  # never said of a port it could not listen on
