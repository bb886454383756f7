"""build_web: what the built folder holds, built from the installed flet-web with small fake
wheels (no network, about two seconds a build)."""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import tarfile
import zipfile
from collections.abc import Sequence
from pathlib import Path

import pytest
from packaging.utils import canonicalize_name
from PIL import Image

from scorepad.cli import main as cli_main
from scorepad.web_build import (
    HELLO_WORLD_WEB_APP,
    SCOREPAD_WEB_APP,
    BaseUrlError,
    BuildReport,
    OutFolderError,
    PinnedWheel,
    WebApp,
    WebClientError,
    build_web,
)
from scorepad.web_build.bundle import (
    LEFT_OUT,
    MARKER_NAME,
    NOT_PRECACHED,
    PROJECT,
    RIVE_CDN,
    bundle_files,
    edit_text,
    matches,
    web_client_dir,
)
from scorepad.web_build.service_worker import WORKER_NAME, precached_paths

Wheels = list[tuple[PinnedWheel, Path]]

INERT_HOSTS = {
    "main.dart.js": {
        # Defaults index.html overrides (canvasKitBaseUrl, fontFallbackBaseUrl: both local).
        "www.gstatic.com",
        "fonts.gstatic.com",
        # Links in error messages and docs strings, and a demo font URL in an example config.
        "api.flutter.dev",
        "developer.android.com",
        "developer.mozilla.org",
        "docs.flutter.dev",
        "flet.dev",
        "flutter.dev",
        "github.com",
        "pub.dev",
        "raw.githubusercontent.com",
        "www.w3.org",
    },
    # The CanvasKit default (overridden by canvasKitBaseUrl) and a deprecation notice's link.
    "flutter_bootstrap.js": {"www.gstatic.com", "github.com"},
    # Pyodide's CDN for packages missing from its lock file: every requirement is in it.
    "pyodide/pyodide.mjs": {"cdn.jsdelivr.net"},
}
"""Hosts named in the files the page loads that are never requested: checked in Chromium with
every other host refused (tests/web), and here kept from growing unnoticed."""


def fake_wheel(folder: Path, name: str, version: str, depends: Sequence[str] = ()) -> Wheels:
    """A tiny pure-Python wheel and its pin, as uv.lock would give it."""
    filename = f"{name}-{version}-py3-none-any.whl"
    path = folder / filename
    info = f"{name}-{version}.dist-info"
    with zipfile.ZipFile(path, "w") as wheel:
        wheel.writestr(f"{name}/__init__.py", f"VERSION = {version!r}\n")
        wheel.writestr(
            f"{info}/METADATA", f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
        )
        wheel.writestr(
            f"{info}/WHEEL", "Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
        )
        wheel.writestr(f"{info}/RECORD", "")
    pin = PinnedWheel(
        name=canonicalize_name(name),
        version=version,
        filename=filename,
        url=f"https://files.example/{filename}",
        sha256=hashlib.sha256(path.read_bytes()).hexdigest(),
        depends=tuple(canonicalize_name(d) for d in depends),
    )
    return [(pin, path)]


def fake_build(
    wheels: Wheels, out: Path, app: WebApp = SCOREPAD_WEB_APP, *, base_url: str = "/"
) -> BuildReport:
    """``build_web`` on the fake wheels: their app cannot start, so nothing is compiled
    (the bytecode step is tested on the real bundle, tests/web/test_bytecode_in_bundle.py)."""
    return build_web(out, app, base_url=base_url, wheels=wheels, compile_start=False)


@pytest.fixture(scope="module")
def wheels(tmp_path_factory: pytest.TempPathFactory) -> Wheels:
    folder = tmp_path_factory.mktemp("wheels")
    return [
        *fake_wheel(folder, "flet", "1.0.5", depends=["msgpack"]),
        *fake_wheel(folder, "msgpack", "1.2.4"),
        *fake_wheel(folder, "pydantic", "2.14.4", depends=["typing-extensions"]),
        *fake_wheel(folder, "typing_extensions", "4.16.0"),
    ]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory, wheels: Wheels) -> Path:
    out = tmp_path_factory.mktemp("build") / "web"
    fake_build(wheels, out)
    return out


def text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def test_the_files_the_page_never_requests_are_left_out(built: Path) -> None:
    assert set(LEFT_OUT) == {
        "main.dart.wasm",
        "main.dart.mjs",
        "canvaskit/skwasm*",
        "canvaskit/wimp*",
        "canvaskit/chromium/*",
        "canvaskit/experimental_webparagraph/*",
        "*.symbols",
        "*.map",
        "*.d.ts",
        "pyodide/python",
        "pyodide/python.bat",
        "pyodide/python.exe",
        "pyodide/python_cli_entry.mjs",
        "pyodide/pyodide.js",
        "pyodide/package.json",
        "icons/loading-animation.png",
        "flutter.js",
        "version.json",
        WORKER_NAME,
    }
    client = bundle_files(web_client_dir())
    present = set(bundle_files(built))
    left_out = [name for name in client if matches(name, LEFT_OUT)]
    assert "canvaskit/chromium/canvaskit.wasm" in left_out
    assert "canvaskit/skwasm_heavy.wasm" in left_out
    assert not [name for name in left_out if name in present and name != WORKER_NAME]
    kept = [name for name in client if not matches(name, LEFT_OUT)]
    # Everything else is there (no fake wheel replaces one of Pyodide's own here).
    assert [name for name in kept if name not in present] == []
    assert "canvaskit/canvaskit.wasm" in present


def test_the_loader_is_told_the_one_canvaskit_and_no_service_worker_of_its_own(
    built: Path,
) -> None:
    bootstrap = text(built / "flutter_bootstrap.js")
    assert 'canvasKitVariant: "full"' in bootstrap
    assert "serviceWorkerSettings" not in bootstrap.split("_flutter.loader.load(")[1]
    index = text(built / "index.html")
    assert 'flet.webRenderer="canvaskit";' in index
    assert 'flet.canvasKitBaseUrl="/canvaskit/";' in index


def test_no_file_the_page_loads_names_another_host_it_would_request(built: Path) -> None:
    index = text(built / "index.html")
    assert not re.search(r"https?://", index), "index.html names another host"
    assert RIVE_CDN not in text(built / "main.dart.js")
    named: dict[str, set[str]] = {}
    for name in [*precached_paths(text(built / WORKER_NAME)), WORKER_NAME]:
        if name.endswith((".html", ".js", ".mjs", ".json")):
            hosts = set(re.findall(r"https?://([A-Za-z0-9.-]+)", text(built / name)))
            if hosts:
                named[name] = hosts
    assert {name: hosts - INERT_HOSTS.get(name, set()) for name in named} == {
        name: set() for name in named
    }


def test_pyodide_runtime_comes_from_the_bundle_relative_to_its_worker(built: Path) -> None:
    index = text(built / "index.html")
    assert 'flet.pyodideUrl="./pyodide/pyodide.mjs";' in index
    assert "flet.noCdn=true;" in index
    assert 'flet.fontFallbackBaseUrl="assets/fonts/";' in index
    assert 'flet.appPackageUrl = "app.tar.gz";' in index


def test_python_starts_while_flutter_boots_once_a_service_worker_controls_the_page(
    built: Path,
) -> None:
    """The page makes the Python worker as python.js loads (cached starts only), and the
    connect takes it; the worker starts Pyodide once, on the warm message or the init one."""
    page = text(built / "python.js")
    assert "globalThis.scorepadTakeWarmWorker() || new Worker(" in page
    assert "navigator.serviceWorker.controller" in page.split("scorepadTakeWarmWorker =")[0]
    worker = text(built / "python-worker.js")
    assert worker.count("self.scorepadPyodide(") == 2  # the warm message and the init
    assert "await import(self.pyodideUrl)" not in worker
    # while Flutter boots the warm worker also unpacks the app, installs its wheels and
    # imports its start; the init waits for that, then skips the archive's second download
    assert "appPackageUrl: flet.appPackageUrl," in page.split("scorepadTakeWarmWorker =")[0]
    assert "self.scorepadPrepared = self.scorepadPrepare(event.data)" in worker
    init = worker.split("self.initPyodide = async function () {")[1]
    assert init.index("await self.scorepadPrepared;") < init.index("self.scorepadPyodide(")
    assert '[\\"flet.messaging.pyodide_connection\\", \\"scorepad.browser.early\\"]' in worker
    assert 'if globals().get("scorepad_app_unpacked"):' in init
    assert init.index("scorepad_app_unpacked") < init.index("Downloading app archive")
    index = text(built / "index.html")
    assert index.index('src="game_link.js"') < index.index('src="python.js"')


def test_the_page_says_how_far_the_start_has_got_from_its_first_paint(built: Path) -> None:
    """The status line is in the page's HTML itself (so it is there at the first paint,
    before any script runs), before the scripts that start Flutter; python.js tells it the
    steps of Python's start."""
    index = text(built / "index.html")
    assert index.index('id="scorepad-starting"') < index.index("flutter_bootstrap.js")
    assert "Starting scorepad…" in index
    assert "flutter.scorepad.theme" in index
    page = text(built / "python.js")
    assert "Starting Python (2 of 3)…" in page and "Opening your games (3 of 3)…" in page


def test_the_page_and_manifest_carry_scorepad_s_name_colours_and_icons(built: Path) -> None:
    manifest = json.loads(text(built / "manifest.json"))
    assert manifest["name"] == manifest["short_name"] == "scorepad"
    assert manifest["theme_color"] == "#2E7D32"
    assert manifest["background_color"] == "#F7FBF1"
    assert manifest["start_url"] == manifest["scope"] == "."
    assert manifest["description"].startswith("A score pad for Oh Hell games")
    sizes = {(icon["sizes"], icon.get("purpose", "any")) for icon in manifest["icons"]}
    assert sizes == {
        ("192x192", "any"),
        ("512x512", "any"),
        ("192x192", "maskable"),
        ("512x512", "maskable"),
    }
    for icon in manifest["icons"]:
        with Image.open(built / icon["src"]) as image:
            assert f"{image.width}x{image.height}" == icon["sizes"]
            if icon.get("purpose") == "maskable":
                assert image.mode == "RGB"  # opaque: a launcher crops it
                assert image.getpixel((0, 0)) == (0x2E, 0x7D, 0x32)
    index = text(built / "index.html")
    assert "<title>scorepad</title>" in index
    assert '<meta name="apple-mobile-web-app-title" content="scorepad">' in index
    assert '<meta name="theme-color" content="#2E7D32">' in index
    assert '<link rel="apple-touch-icon" href="icons/apple-touch-icon-192.png">' in index
    assert '<img src="icons/icon-192.png"' in index
    # the games in IndexedDB are asked to be kept under storage pressure
    assert "navigator.storage.persist()" in index
    with Image.open(built / "icons/apple-touch-icon-192.png") as touch:
        assert (touch.size, touch.mode) == ((192, 192), "RGB")  # iOS shows transparency black
    assert (built / "fonts" / "ScorepadSuits.ttf").read_bytes() == (
        PROJECT / "assets" / "fonts" / "ScorepadSuits.ttf"
    ).read_bytes()


def test_the_wheels_are_in_the_bundle_and_in_pyodide_s_lock(built: Path, wheels: Wheels) -> None:
    lock = json.loads(text(built / "pyodide" / "pyodide-lock.json"))["packages"]
    for pin, path in wheels:
        assert (built / "pyodide" / pin.filename).read_bytes() == path.read_bytes()
        entry = lock[pin.name]
        assert (entry["version"], entry["file_name"], entry["sha256"]) == (
            pin.version,
            pin.filename,
            pin.sha256,
        )
    assert lock["flet"]["depends"] == ["msgpack"]
    listed = {entry["file_name"] for entry in lock.values()}
    on_disk = {path.name for path in (built / "pyodide").glob("*.whl")}
    assert on_disk <= listed  # no wheel nothing can request


def test_pyodide_s_loader_installs_exactly_the_pins_of_requirements_txt(built: Path) -> None:
    """The worker hands requirements.txt's names to Pyodide's loader (no micropip), so the
    lock must hold every one of them at requirements.txt's own version."""
    worker = text(built / "python-worker.js")
    assert "await micropip.install(deps" not in worker
    assert 'await pyodide_js.loadPackage([dep.split("==", 1)[0] for dep in deps])' in worker
    lock = json.loads(text(built / "pyodide" / "pyodide-lock.json"))["packages"]
    with tarfile.open(built / "app.tar.gz") as archive:
        member = archive.extractfile("requirements.txt")
        assert member is not None
        pins = [line.split("==") for line in member.read().decode().split()]
    assert pins and all(lock[name]["version"] == version for name, version in pins)


def test_the_worker_precaches_every_file_present_but_itself_and_the_unrequested(
    built: Path,
) -> None:
    worker = text(built / WORKER_NAME)
    listed = precached_paths(worker)
    present = bundle_files(built)
    assert listed == [
        name for name in present if name != WORKER_NAME and not matches(name, NOT_PRECACHED)
    ]
    assert {"index.html", "main.dart.js", "canvaskit/canvaskit.wasm", "app.tar.gz"} <= set(listed)
    assert "pyodide/flet-1.0.5-py3-none-any.whl" in listed
    assert MARKER_NAME not in listed
    assert "assets/NOTICES" in present
    assert "assets/NOTICES" not in listed
    # every game screen asks for the wake lock's script: offline too, the screen stays on
    assert "assets/packages/wakelock_plus/assets/no_sleep.js" in listed
    assert re.search(r'const VERSION = "[0-9a-f]{16}";', worker)
    # Each file's hash, so an update downloads only what changed.
    assert (
        f'"index.html": "{hashlib.sha256((built / "index.html").read_bytes()).hexdigest()[:16]}"'
        in worker
    )
    assert "self.skipWaiting()" in worker
    assert "self.clients.claim()" in worker
    index = text(built / "index.html")
    # Flutter starts once the worker controls the page (or cannot install), not before.
    assert f'.register("{WORKER_NAME}")' in index
    assert '<script src="flutter_bootstrap.js" async></script>' not in index
    assert 'script.src = "flutter_bootstrap.js";' in index


def tar_members(archive: Path) -> dict[str, tarfile.TarInfo]:
    with tarfile.open(archive) as tar:
        return {member.name: member for member in tar.getmembers()}


def test_the_app_archive_holds_the_app_s_python_main_and_exact_pins(
    built: Path, wheels: Wheels
) -> None:
    archive = built / "app.tar.gz"
    members = tar_members(archive)
    expected = {
        path.relative_to(PROJECT).as_posix()
        for path in (PROJECT / "scorepad").rglob("*.py")
        if "__pycache__" not in path.parts and "web_build" not in path.parts
    }
    assert set(members) == expected | {"main.py", "requirements.txt"}
    assert "scorepad/engine/variant.py" in members
    assert not [name for name in members if name.startswith(("tests/", ".venv/"))]
    assert {member.mtime for member in members.values()} == {315532800}
    with tarfile.open(archive) as tar:
        main = tar.extractfile("main.py")
        pins = tar.extractfile("requirements.txt")
        assert main is not None
        assert pins is not None
        assert main.read().decode() == SCOREPAD_WEB_APP.main_py
        assert pins.read().decode().splitlines() == [
            "flet==1.0.5",
            "msgpack==1.2.4",
            "pydantic==2.14.4",
            "typing-extensions==4.16.0",
        ]


def test_two_builds_of_the_same_sources_are_byte_identical(
    built: Path, wheels: Wheels, tmp_path: Path
) -> None:
    again = tmp_path / "again"
    report = fake_build(wheels, again)
    names = bundle_files(built)
    assert bundle_files(again) == names
    assert [
        name for name in names if (built / name).read_bytes() != (again / name).read_bytes()
    ] == []
    assert report.files == len(names)
    assert report.total_bytes == sum((again / name).stat().st_size for name in names)
    assert report.precached_bytes < report.total_bytes
    assert report.left_out_bytes > 20 * 1024 * 1024


def test_a_folder_that_is_not_a_build_is_refused_and_left_alone(
    wheels: Wheels, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "thesis.txt").write_text("years of work")
    with pytest.raises(OutFolderError, match="is not empty and is not a previous build"):
        fake_build(wheels, mine)
    assert [path.name for path in mine.iterdir()] == ["thesis.txt"]
    afile = tmp_path / "file"
    afile.write_text("x")
    with pytest.raises(OutFolderError, match="is not a folder"):
        fake_build(wheels, afile)
    assert not list(tmp_path.glob(".*building"))
    # The command says the same in one line and exits 1.
    assert cli_main(["build-web", str(mine)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "will not build into" in err
    assert "Traceback" not in err


def test_a_folder_in_the_way_of_the_build_s_work_folder_is_left_alone(
    wheels: Wheels, tmp_path: Path
) -> None:
    theirs = tmp_path / ".web.building"
    theirs.mkdir()
    (theirs / "notes.txt").write_text("not a build")
    with pytest.raises(OutFolderError, match="is in the way"):
        fake_build(wheels, tmp_path / "web")
    assert (theirs / "notes.txt").read_text() == "not a build"
    assert not (tmp_path / "web").exists()
    # What an interrupted build left (marked) is cleared, and the build goes on.
    (theirs / "notes.txt").unlink()
    (theirs / MARKER_NAME).write_text("{}")
    fake_build(wheels, tmp_path / "web", HELLO_WORLD_WEB_APP)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["web"]


def test_a_previous_build_and_an_empty_folder_are_built_into(
    wheels: Wheels, tmp_path: Path
) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    fake_build(wheels, empty, HELLO_WORLD_WEB_APP)
    # a file an earlier build made that this one does not: listed in the marker, so removed
    (empty / "stale.js").write_text("from a build before")
    marker = json.loads((empty / MARKER_NAME).read_text())
    marker["files"].append("stale.js")
    (empty / MARKER_NAME).write_text(json.dumps(marker))
    fake_build(wheels, empty, HELLO_WORLD_WEB_APP)
    assert not (empty / "stale.js").exists()
    assert (empty / "index.html").is_file()
    assert sorted(path.name for path in tmp_path.iterdir()) == ["empty"]


def test_a_site_s_own_files_in_a_previous_build_are_kept(wheels: Wheels, tmp_path: Path) -> None:
    """What a GitHub Pages site keeps beside the build (CNAME, .nojekyll, notes) was deleted
    by the next build; only the files a build made are replaced."""
    site = tmp_path / "site"
    fake_build(wheels, site, HELLO_WORLD_WEB_APP)
    theirs = {
        "CNAME": "scorepad.example.org\n",
        ".nojekyll": "",
        "notes/deploy.md": "push to gh-pages",
    }
    for name, content in theirs.items():
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_text(content)
    (site / "docs").symlink_to("notes")
    (site / "index.html").write_text("an older build's page")  # the build's: replaced
    report = fake_build(wheels, site, HELLO_WORLD_WEB_APP)
    assert {name: (site / name).read_text() for name in theirs} == theirs
    assert (site / "docs").is_symlink() and os.readlink(site / "docs") == "notes"
    assert "an older build's page" not in (site / "index.html").read_text()
    assert report.files == len(json.loads((site / MARKER_NAME).read_text())["files"])
    # the user's files are not the build's: not precached, not listed as made by it
    worker = (site / "flutter_service_worker.js").read_text()
    assert "CNAME" not in worker and "deploy.md" not in worker
    # a file of theirs where the build puts one of its own: refused, naming it, nothing lost
    marker = json.loads((site / MARKER_NAME).read_text())
    marker["files"].remove("favicon.png")
    (site / MARKER_NAME).write_text(json.dumps(marker))
    before = (site / "favicon.png").read_bytes()
    with pytest.raises(OutFolderError, match=r"holds files of its own .*\(favicon\.png\)"):
        fake_build(wheels, site, HELLO_WORLD_WEB_APP)
    assert (site / "favicon.png").read_bytes() == before
    assert (site / "CNAME").read_text() == theirs["CNAME"]
    assert sorted(path.name for path in tmp_path.iterdir()) == ["site"]


def test_the_hello_world_app_gets_flet_and_its_dependencies_only(
    wheels: Wheels, tmp_path: Path
) -> None:
    out = tmp_path / "hello"
    fake_build(wheels, out, HELLO_WORLD_WEB_APP)
    assert set(tar_members(out / "app.tar.gz")) == {"main.py", "requirements.txt"}
    assert {path.name for path in (out / "pyodide").glob("*.whl")} >= {
        "flet-1.0.5-py3-none-any.whl",
        "msgpack-1.2.4-py3-none-any.whl",
    }
    assert not (out / "pyodide" / "pydantic-2.14.4-py3-none-any.whl").exists()
    assert json.loads(text(out / "manifest.json"))["name"] == "hello"
    assert not (out / "fonts").exists()


def test_a_base_url_is_written_where_the_page_resolves_from(wheels: Wheels, tmp_path: Path) -> None:
    out = tmp_path / "sub"
    fake_build(wheels, out, base_url="/games/scorepad")
    index = text(out / "index.html")
    assert '<base href="/games/scorepad/">' in index
    assert 'flet.canvasKitBaseUrl="/games/scorepad/canvaskit/";' in index
    assert 'flet.pyodideUrl="./pyodide/pyodide.mjs";' in index
    for bad in ("http://example.com/", "/a b/", '/"x', "/../up"):
        with pytest.raises(BaseUrlError, match="is not a path like"):
            fake_build(wheels, tmp_path / "bad", base_url=bad)
    assert not (tmp_path / "bad").exists()


def test_a_client_not_laid_out_as_expected_stops_the_build_saying_what(tmp_path: Path) -> None:
    page = tmp_path / "index.html"
    page.write_text("<html><head></head></html>")
    with pytest.raises(WebClientError, match=r"'index\.html' is not as build-web expects"):
        edit_text(page, [("<title>Flet</title>", "<title>scorepad</title>")])
    assert text(page) == "<html><head></head></html>"


def test_the_archive_is_a_valid_gzip_tar_with_regular_files_only(built: Path) -> None:
    data = (built / "app.tar.gz").read_bytes()
    assert data[:2] == b"\x1f\x8b"
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        assert all(member.isfile() and member.mode == 0o644 for member in tar.getmembers())
