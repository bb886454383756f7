"""``build_web``: scorepad as a folder any static host can serve, running offline in a browser.

The folder is flet-web's prebuilt Flutter client (no Flutter SDK needed), Pyodide as flet-web
bundles it, the browser's wheels at uv.lock's versions, and the app's own source in
``app.tar.gz``. It is what ``flet publish --no-cdn`` makes, minus what that command fetches
from GitHub and the CDNs, minus the files the page never requests, plus what an installable
offline app needs: scorepad's name, icons and colours in the manifest, and a precaching
service worker. flet-web's own ``patch_*`` functions write its settings into the copy; nothing
installed is changed.

A build is deterministic (sorted files, fixed times in the archive): the same sources and
wheels give byte-identical folders, so a rebuild that changed nothing does not make every
phone download the app again.
"""

from __future__ import annotations

import fnmatch
import gzip
import io
import json
import os
import re
import shutil
import tarfile
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote

from scorepad.web_build.bytecode import Bytecode, add_start_bytecode
from scorepad.web_build.early_python import PAGE_EARLY_START, page_edits, worker_edits
from scorepad.web_build.errors import (
    AppSourceError,
    BaseUrlError,
    OutFolderError,
    WebClientError,
)
from scorepad.web_build.locale_data import slim_babel_wheel, spoken_languages
from scorepad.web_build.service_worker import (
    BOOTSTRAP_TAG,
    START,
    WORKER_NAME,
    file_hashes,
    precache_version,
    worker_script,
)
from scorepad.web_build.startup_status import PAGE_STEPS, SPLASH_END, STATUS
from scorepad.web_build.wheel_loading import loader_edits

if TYPE_CHECKING:
    from scorepad.web_build.lock import PinnedWheel

PROJECT = Path(__file__).resolve().parents[2]
"""The scorepad checkout: build-web packs its source and reads its uv.lock and assets/."""
LINK_SCRIPT = PROJECT / "scorepad" / "ui" / "game_link.js"
"""The page's script that turns a game's link (``#game=…``) into the app's route for it: the
served app's too (``scorepad.ui.web_notice``), copied beside index.html."""
LINK_SCRIPT_NAME = "game_link.js"
ASSETS = PROJECT / "assets"

MARKER_NAME = ".scorepad-web-build"
"""Marks a folder as a build-web output, so building again may replace it (and nothing else)."""
APP_ARCHIVE = "app.tar.gz"
REQUIREMENTS = "requirements.txt"
ENTRY_MODULE = "main"
ARCHIVE_MTIME = 315532800
"""1980-01-01: every file in app.tar.gz gets this time, so two builds are byte-identical."""

LEFT_OUT: Mapping[str, str] = {
    "main.dart.wasm": "the skwasm build; the loader is told the canvaskit renderer",
    "main.dart.mjs": "the skwasm build's JavaScript runtime",
    "canvaskit/skwasm*": "the skwasm renderer",
    "canvaskit/wimp*": "another renderer of the skwasm family",
    "canvaskit/chromium/*": "told canvasKitVariant 'full', every browser loads canvaskit/",
    "canvaskit/experimental_webparagraph/*": "an experimental CanvasKit, never chosen",
    "*.symbols": "debug symbols",
    "*.map": "source maps",
    "*.d.ts": "TypeScript declarations",
    "pyodide/python": "Pyodide's command-line launcher (Node)",
    "pyodide/python.bat": "Pyodide's command-line launcher (Windows)",
    "pyodide/python.exe": "Pyodide's command-line launcher (Windows)",
    "pyodide/python_cli_entry.mjs": "Pyodide's command-line launcher (Node)",
    "pyodide/pyodide.js": "Pyodide as a classic script; the module worker imports pyodide.mjs",
    "pyodide/package.json": "Pyodide's npm package description",
    "icons/loading-animation.png": "Flet's logo; the loading screen shows scorepad's icon",
    "flutter.js": "Flutter's loader, already inlined in flutter_bootstrap.js",
    "version.json": "Flutter's build stamp, read by no one",
    WORKER_NAME: "flet-web's stub that unregisters itself; scorepad's worker replaces it",
}
"""Files of flet-web's client that a build leaves out, each with why: none is ever requested
by the page as built (checked by loading a build in Chromium), and together they are more than
half of the client (about 40 MiB of 74)."""

NOT_PRECACHED: Mapping[str, str] = {
    MARKER_NAME: "build-web's own marker",
    "assets/NOTICES": "Flutter's licence texts: shipped, read only on a licence page",
    "fonts/LICENSE-*": "the suit font's licence: shipped, never requested",
    "icon.png": "the icon's source; the page uses icons/",
    "assets/packages/flutter_map/*": "the map control's logo (scorepad shows no map)",
    "assets/packages/media_kit/*": "the video control's HLS player (no video)",
    "assets/packages/record_web/*": "the audio recorder's worklet (no recording)",
}
"""Files a build keeps on disk (licences, on-demand assets) that the page does not request on
a load: the service worker does not precache them, so offline they are simply absent."""

RIVE_CDN = '"https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@44.0.0/"'
"""Where Flet's client loads the Rive animation runtime from, as a string in main.dart.js: it
injects a <script> from there at start, whether or not the app shows a Rive animation."""
RIVE_STUB = '"data:text/javascript,{}//"'.format(
    quote("self.RiveNative=()=>Promise.reject(new Error('no Rive in this app'));", safe="()'")
)
"""What the bundle's main.dart.js loads instead: an inline script (no request at all) whose
``RiveNative()`` fails, the path Flet's client takes when Rive cannot load: it tries its
fallback build (the same stub), then goes on without Rive. scorepad shows no Rive animation,
and the page must make no request to another host."""

ICON_SIZES = (192, 512)
FAVICON_SIZE = 32
MASKABLE_SAFE_ZONE = 0.8
"""A maskable icon's content must fit the middle 80% (the launcher may crop to a circle)."""


@dataclass(frozen=True)
class WebApp:
    """What a web build packs and how the installed app presents itself."""

    name: str
    short_name: str
    description: str
    theme_color: str
    """The browser's bar and the maskable icon's background."""
    background_color: str
    """The splash and loading screen, before the app draws (the app's light surface)."""
    main_py: str
    """The entry module Pyodide runs (``main.py`` in app.tar.gz)."""
    packages: tuple[str, ...] = ()
    """Package folders (relative to the project) whose ``.py`` files are packed."""
    left_out_modules: tuple[str, ...] = ()
    """Sub-packages never imported in the browser (build-time code), not packed."""
    requires: tuple[str, ...] | None = None
    """The wheels ``main.py`` imports, by name (with their dependencies); None: every wheel
    the browser needs for scorepad."""
    icon: Path = ASSETS / "icon.png"
    """A square PNG, at least 512 pixels: every icon of the bundle is made from it."""
    assets: Path | None = ASSETS
    """Copied into the bundle's root (the suit font the app loads as /fonts/...)."""
    early_imports: tuple[str, ...] = ()
    """Modules a start imports before it needs the page, imported while Flutter boots (see
    :mod:`scorepad.web_build.early_python`): what ``main_py`` imports, and what the first
    screen draws with."""
    warm_up: str | None = None
    """Python that draws the app's first screen on the ``page`` it is given, run at build time
    in Pyodide to find what a start imports (:mod:`scorepad.web_build.bytecode`); None: run
    ``main_py`` with ``flet.run`` calling its ``main`` on that page."""

    def warm_up_source(self) -> str:
        if self.warm_up is not None:
            return self.warm_up
        return (
            "import flet\n\nflet.run = lambda main, **_: main(page)  # noqa: F821\n" + self.main_py
        )


SCOREPAD_WEB_APP = WebApp(
    name="scorepad",
    short_name="scorepad",
    description="A score pad for Oh Hell games: Mormon Bridge, Scotch Bridge, Golf and "
    "house rules. Works offline.",
    theme_color="#2E7D32",  # the icon's green (Material green 800)
    background_color="#F7FBF1",  # the app's light surface (ui/views/app.py LIGHT_SCHEME)
    main_py="from scorepad.browser.start import run\n\nrun()\n",
    packages=("scorepad",),
    left_out_modules=("scorepad/web_build",),
    early_imports=("flet.messaging.pyodide_connection", "scorepad.browser.early"),
    warm_up="from scorepad.browser.warm_up import draw_first_screens as warm_up\n",
)
"""The app itself."""

HELLO_WORLD_WEB_APP = WebApp(
    name="hello",
    short_name="hello",
    description="A Flet app with one button, built as scorepad is: the benchmark's baseline.",
    theme_color=SCOREPAD_WEB_APP.theme_color,
    background_color=SCOREPAD_WEB_APP.background_color,
    main_py="""import flet as ft


def main(page):
    # The count is also an invisible node's identifier: the benchmark waits for it after a tap.
    taps = ft.Text("0 taps")
    count = ft.Semantics(identifier="hello-count-0", content=taps)

    def tapped(event):
        n = int(count.identifier.rsplit("-", 1)[1]) + 1
        count.identifier = f"hello-count-{n}"
        taps.value = f"{n} taps"
        page.update()

    page.add(ft.Semantics(identifier="hello-tap", content=ft.Button("Tap", on_click=tapped)), count)


ft.run(main)
""",
    requires=("flet",),
    assets=None,
    early_imports=("flet", "flet.messaging.pyodide_connection"),
)
"""A one-button Flet app, built the same way, for comparing load and tap times."""


@dataclass(frozen=True)
class BuildReport:
    """What a build wrote."""

    folder: Path
    files: int
    total_bytes: int
    """On disk."""
    precached_bytes: int
    """What a first visit's service worker downloads to work offline."""
    left_out_bytes: int
    """flet-web's client files left out (never requested)."""
    version: str
    """The service worker's cache version."""
    bytecode_modules: int = 0
    """Modules shipped compiled (what every start imports)."""
    bytecode_skipped: str | None = None
    """Why none were, if none were."""


def build_web(
    out: Path,
    app: WebApp = SCOREPAD_WEB_APP,
    *,
    base_url: str = "/",
    lock_path: Path | None = None,
    cache_dir: Path | None = None,
    allow_download: bool = True,
    wheels: Sequence[tuple[PinnedWheel, Path]] | None = None,
    on_download: Callable[[PinnedWheel], None] | None = None,
    compile_start: bool = True,
    faster_start: bool = True,
) -> BuildReport:
    """Build ``app`` into the folder ``out`` (new, empty, or a previous build, replaced).

    ``wheels`` (pinned wheel, file) skips reading uv.lock and fetching: tests pass small
    fake wheels; ``on_download`` is told of each wheel fetched from the registry;
    ``compile_start`` False ships source only (see :mod:`scorepad.web_build.bytecode`);
    ``faster_start`` False leaves Flet's start as it ships (no early Python, micropip, source
    only: the benchmark's baseline). The
    folder is built beside ``out`` and moved into place at the end, so a failed build
    leaves a previous one as it was.
    """
    out = Path(out).absolute()
    base = normalized_base_url(base_url)
    check_out_folder(out)
    chosen = needed_wheels(
        wheels
        if wheels is not None
        else fetched_wheels(lock_path, cache_dir, allow_download, on_download),
        app.requires,
    )
    staging = out.parent / f".{out.name}.building"
    remove_leftover(staging)  # of a build that was interrupted
    staging.mkdir(parents=True)
    try:
        left_out_bytes = copy_client(web_client_dir(), staging)
        copy_assets(app, staging)
        write_icons(app, staging)
        members = app_members(app, [pin for pin, _ in chosen])
        left_out_bytes += vendor_wheels(chosen, staging / "pyodide")
        bytecode = (
            add_start_bytecode(
                web_client_dir(),
                app.warm_up_source(),
                members,
                [staging / "pyodide" / pin.filename for pin, _ in chosen],
                staging / "pyodide",
            )
            if compile_start and faster_start
            else Bytecode(skipped="not asked for")
        )
        (staging / APP_ARCHIVE).write_bytes(packed(members))
        patch_client(app, staging, base, faster_start)
        version = write_service_worker(staging)
        made = write_marker(staging, app)
        keep_users_files(out, staging, made)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    replace_folder(out, staging)
    return report_of(out, made, left_out_bytes, version, bytecode)


# --- Inputs ---------------------------------------------------------------------------------


def normalized_base_url(base_url: str) -> str:
    """``"/"`` or ``"/sub/path/"``: the path index.html's ``<base href>`` names.

    >>> normalized_base_url("scorepad"), normalized_base_url("/a/b/"), normalized_base_url("")
    ('/scorepad/', '/a/b/', '/')
    """
    if not re.fullmatch(r"[A-Za-z0-9._~/-]*", base_url) or "//" in base_url.strip("/"):
        raise BaseUrlError(base_url)
    inner = base_url.strip("/")
    if any(part in {".", ".."} for part in inner.split("/")):
        raise BaseUrlError(base_url)
    return f"/{inner}/" if inner else "/"


def check_out_folder(out: Path) -> None:
    """Refuse a folder that is someone's: only a new, empty or previous build's folder."""
    if out.is_symlink() or (out.exists() and not out.is_dir()):
        raise OutFolderError(out, "is not a folder")
    if out.is_dir() and any(out.iterdir()) and not (out / MARKER_NAME).is_file():
        raise OutFolderError(out)


def fetched_wheels(
    lock_path: Path | None,
    cache_dir: Path | None,
    allow_download: bool,
    on_download: Callable[[PinnedWheel], None] | None = None,
) -> list[tuple[PinnedWheel, Path]]:
    """The browser's wheels as uv.lock pins them, from the cache or the registry."""
    from scorepad.web_build.lock import browser_wheels
    from scorepad.web_build.wheels import fetch_wheels

    pinned = browser_wheels(lock_path if lock_path is not None else PROJECT / "uv.lock")
    files = fetch_wheels(pinned, cache_dir, allow_download=allow_download, on_download=on_download)
    return list(zip(pinned, files, strict=True))


def needed_wheels(
    wheels: Iterable[tuple[PinnedWheel, Path]], requires: Sequence[str] | None
) -> list[tuple[PinnedWheel, Path]]:
    """The wheels ``requires`` names and everything they depend on (all when None)."""
    by_name = {pin.name: (pin, path) for pin, path in wheels}
    if requires is None:
        return sorted(by_name.values(), key=lambda pair: pair[0].name)
    wanted: set[str] = set()
    todo = [name.lower().replace("_", "-") for name in requires]
    while todo:
        name = todo.pop()
        if name in wanted or name not in by_name:
            continue
        wanted.add(name)
        todo.extend(by_name[name][0].depends)
    return sorted((by_name[name] for name in wanted), key=lambda pair: pair[0].name)


def web_client_dir() -> Path:
    """flet-web's prebuilt client (imported at build time only)."""
    from flet_web import get_package_web_dir  # type: ignore[import-untyped]  # no py.typed

    return Path(str(get_package_web_dir()))


# --- Writing the bundle -----------------------------------------------------------------------


def matches(path: str, patterns: Iterable[str]) -> bool:
    """Whether a bundle-relative path (``a/b.js``) matches one of the glob patterns.

    >>> matches("canvaskit/skwasm.wasm", LEFT_OUT), matches("canvaskit/canvaskit.wasm", LEFT_OUT)
    (True, False)
    """
    return any(fnmatch.fnmatchcase(path, pattern) for pattern in patterns)


def bundle_files(folder: Path) -> list[str]:
    """Every file under ``folder``, as sorted relative POSIX paths."""
    return sorted(
        path.relative_to(folder).as_posix() for path in folder.rglob("*") if path.is_file()
    )


def copy_client(web: Path, into: Path) -> int:
    """Copy flet-web's client without :data:`LEFT_OUT`; returns the bytes left out."""
    if not (web / "index.html").is_file():
        raise WebClientError(str(web), "there is no index.html in it")
    left_out = 0
    for name in bundle_files(web):
        if matches(name, LEFT_OUT):
            left_out += (web / name).stat().st_size
            continue
        target = into / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(web / name, target)
    return left_out


def copy_assets(app: WebApp, into: Path) -> None:
    """The app's assets folder into the bundle's root, as ``flet publish`` places it."""
    if app.assets is None:
        return
    if not app.assets.is_dir():
        raise AppSourceError(app.assets, "there is no such folder")
    for name in bundle_files(app.assets):
        target = into / name
        if target.exists():
            raise AppSourceError(app.assets / name, "it would replace a file of the client")
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(app.assets / name, target)


def write_icons(app: WebApp, into: Path) -> None:
    """The manifest's icons, the favicon and the home-screen icon iOS uses, from one PNG.

    The maskable icons and the apple-touch icon are opaque (launchers crop them, iOS shows
    transparency as black): the icon sits in the middle 80% of a square of the theme colour.
    """
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(app.icon) as opened:
            source = opened.convert("RGBA")
    except (OSError, UnidentifiedImageError) as error:
        raise AppSourceError(app.icon, f"it is not a readable PNG ({error})") from error
    if source.width != source.height or source.width < max(ICON_SIZES):
        raise AppSourceError(
            app.icon, f"the icon must be square and at least {max(ICON_SIZES)} pixels"
        )
    icons = into / "icons"
    icons.mkdir(exist_ok=True)

    def scaled(size: int) -> Image.Image:
        return source.resize((size, size), Image.Resampling.LANCZOS)

    def maskable(size: int) -> Image.Image:
        inner = round(size * MASKABLE_SAFE_ZONE)
        canvas = Image.new("RGBA", (size, size), app.theme_color)
        offset = (size - inner) // 2
        canvas.alpha_composite(
            source.resize((inner, inner), Image.Resampling.LANCZOS), (offset, offset)
        )
        return canvas.convert("RGB")

    for size in ICON_SIZES:
        scaled(size).save(icons / f"icon-{size}.png")
        maskable(size).save(icons / f"icon-maskable-{size}.png")
    maskable(192).save(icons / "apple-touch-icon-192.png")
    scaled(FAVICON_SIZE).save(into / "favicon.png")


def manifest_icons() -> list[dict[str, str]]:
    """The manifest's ``icons``: plain ones for browsers, maskable ones for launchers."""
    plain = [
        {"src": f"icons/icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png"}
        for size in ICON_SIZES
    ]
    maskable = [
        {
            "src": f"icons/icon-maskable-{size}.png",
            "sizes": f"{size}x{size}",
            "type": "image/png",
            "purpose": "maskable",
        }
        for size in ICON_SIZES
    ]
    return plain + maskable


def app_members(app: WebApp, wheels: Sequence[PinnedWheel]) -> dict[str, bytes]:
    """``app.tar.gz``'s files: ``main.py``, ``requirements.txt`` (exact pins) and the app's
    ``.py`` files."""
    members = {
        f"{ENTRY_MODULE}.py": app.main_py.encode("utf-8"),
        REQUIREMENTS: requirements(wheels).encode("utf-8"),
    }
    for package in app.packages:
        folder = PROJECT / package
        if not folder.is_dir():
            raise AppSourceError(folder, "there is no such package folder")
        for path in sorted(folder.rglob("*.py")):
            name = path.relative_to(PROJECT).as_posix()
            if "__pycache__" in path.parts or any(
                name.startswith(f"{module}/") for module in app.left_out_modules
            ):
                continue
            members[name] = path.read_bytes()
    return members


def packed(members: Mapping[str, bytes]) -> bytes:
    """A tar.gz of ``members``, sorted, with fixed times and owners, so the same files give
    the same bytes."""
    buffer = io.BytesIO()
    with (
        gzip.GzipFile(filename="", mode="wb", fileobj=buffer, mtime=0) as zipped,
        tarfile.open(fileobj=zipped, mode="w", format=tarfile.GNU_FORMAT) as tar,
    ):
        for name in sorted(members):
            data = members[name]
            info = tarfile.TarInfo(name)
            info.size = len(data)
            info.mtime = ARCHIVE_MTIME
            info.mode = 0o644
            tar.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


def requirements(wheels: Sequence[PinnedWheel]) -> str:
    """What micropip installs: every vendored wheel, pinned exactly (``name==version``), so
    the lock file's entries (the bundle's own wheels) satisfy each one."""
    return "".join(f"{wheel.name}=={wheel.version}\n" for wheel in wheels)


def vendor_wheels(wheels: Sequence[tuple[PinnedWheel, Path]], pyodide: Path) -> int:
    """Copy the wheels next to Pyodide and list them in its ``pyodide-lock.json``, so
    micropip installs each from the bundle and never asks an index; returns the bytes of
    Pyodide's own wheels this made unreachable (and deleted)."""
    from packaging.utils import canonicalize_name

    from scorepad.web_build.wheels import register_wheels, rehash_wheels

    copies = []
    for pin, path in wheels:
        copies.append(pyodide / pin.filename)
        shutil.copyfile(path, copies[-1])
    lock = pyodide / "pyodide-lock.json"
    register_wheels(lock, [pin for pin, _ in wheels], copies)
    slimmed = [
        copy
        for (pin, _), copy in zip(wheels, copies, strict=True)
        if canonicalize_name(pin.name) == "babel"
        and slim_babel_wheel(copy, spoken_languages(PROJECT / "scorepad" / "i18n" / "locales"))
    ]
    if slimmed:
        rehash_wheels(lock, slimmed)
    return prune_wheels(pyodide, lock)


def prune_wheels(pyodide: Path, lock: Path) -> int:
    """Delete the wheels Pyodide ships whose lock entry a vendored wheel replaced (uv.lock's
    ``packaging`` over Pyodide's own): nothing can request them. Returns the bytes saved."""
    entries = json.loads(lock.read_text(encoding="utf-8"))["packages"].values()
    listed = {str(entry["file_name"]) for entry in entries}
    pruned = 0
    for wheel in sorted(pyodide.glob("*.whl")):
        if wheel.name not in listed:
            pruned += wheel.stat().st_size
            wheel.unlink()
    return pruned


def pyodide_version(web: Path) -> str:
    """The version of the Pyodide flet-web bundles (its npm ``package.json``)."""
    path = web / "pyodide" / "package.json"
    try:
        return str(json.loads(path.read_text(encoding="utf-8"))["version"])
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise WebClientError("pyodide/package.json", f"it names no version ({error})") from error


def patch_client(app: WebApp, into: Path, base_url: str, faster_start: bool = True) -> None:
    """Write the app's settings into the copied client with flet-web's own functions, then
    what they do not cover: Pyodide's URL relative to the worker, CanvasKit's one variant,
    the theme colour, the icons, the loading screen and the service worker's registration."""
    from flet.controls.types import RouteUrlStrategy, WebRenderer
    from flet_web import (  # untyped (no py.typed): see web_client_dir
        patch_font_manifest_json,
        patch_index_html,
        patch_manifest_json,
    )

    shutil.copyfile(LINK_SCRIPT, into / LINK_SCRIPT_NAME)
    index = into / "index.html"
    patch_index_html(
        index_path=str(index),
        base_href=base_url,
        app_name=app.name,
        app_description=app.description,
        pyodide=True,
        pyodide_script_path=f"{ENTRY_MODULE}.py",
        pyodide_version=pyodide_version(web_client_dir()),
        app_package_url=APP_ARCHIVE,
        web_renderer=WebRenderer.CANVAS_KIT,
        route_url_strategy=RouteUrlStrategy.PATH,
        no_cdn=True,
    )
    edit_text(
        index,
        [
            # A module worker resolves a bare "pyodide/..." as a package name and fails
            # ("Failed to resolve module specifier"); "./" makes it relative to the worker.
            ('flet.pyodideUrl="pyodide/pyodide.mjs";', 'flet.pyodideUrl="./pyodide/pyodide.mjs";'),
            (
                '<link rel="manifest" href="manifest.json">',
                f'<meta name="theme-color" content="{app.theme_color}">\n'
                '  <link rel="manifest" href="manifest.json">\n'
                # before python.js reads the address for the app (and Flutter for its route)
                f'  <script src="{LINK_SCRIPT_NAME}"></script>',
            ),
            ("background: #ffffff;", f"background: {app.background_color};"),
            ('<img src="icons/loading-animation.png"', '<img src="icons/icon-192.png"'),
            (BOOTSTRAP_TAG, START),
            (SPLASH_END, STATUS),
        ],
    )
    edit_text(
        into / "flutter_bootstrap.js",
        [
            # One CanvasKit for every browser: without this Chromium fetches the "chromium"
            # variant and others the full one, and the bundle must carry (and cache) both.
            ("var flutterConfig = {\n", 'var flutterConfig = {\n    canvasKitVariant: "full",\n'),
        ],
        # Flutter's loader would wait up to 4 s for a first worker to precache everything
        # before starting the app; the page registers scorepad's worker itself instead.
        drop=r"\n    serviceWorkerSettings: \{[^{}]*\},",
    )
    edit_text(into / "main.dart.js", [(RIVE_CDN, RIVE_STUB)])
    if faster_start:
        edit_text(into / "python-worker.js", [*worker_edits(app.early_imports), *loader_edits()])
        edit_text(into / "python.js", page_edits())
    # run as the page loads python.js, in the head: Python's early start, and its steps shown
    with (into / "python.js").open("a", encoding="utf-8") as file:
        file.write((PAGE_EARLY_START if faster_start else "") + PAGE_STEPS)
    manifest = into / "manifest.json"
    patch_manifest_json(
        manifest_path=str(manifest),
        app_name=app.name,
        app_short_name=app.short_name,
        app_description=app.description,
        background_color=app.background_color,
        theme_color=app.theme_color,
    )
    document = json.loads(manifest.read_text(encoding="utf-8"))
    document.update(icons=manifest_icons(), start_url=".", scope=".")
    manifest.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    patch_font_manifest_json(manifest_path=str(into / "assets" / "FontManifest.json"))


def edit_text(path: Path, replacements: Sequence[tuple[str, str]], drop: str | None = None) -> None:
    """Replace each text once, and remove what ``drop`` matches once; refuse if flet-web's
    file does not hold it exactly once (another flet-web version: better no build than a
    build that silently lost a setting)."""
    text = path.read_text(encoding="utf-8")
    name = path.name
    for old, new in replacements:
        if text.count(old) != 1:
            raise WebClientError(name, f"it holds {old!r} {text.count(old)} times, not once")
        text = text.replace(old, new)
    if drop is not None:
        text, count = re.subn(drop, "", text)
        if count != 1:
            raise WebClientError(name, f"{drop!r} matches {count} times, not once")
    path.write_text(text, encoding="utf-8")


def precached(folder: Path) -> list[str]:
    """The files the service worker precaches: every file but itself and :data:`NOT_PRECACHED`."""
    return [
        name
        for name in bundle_files(folder)
        if name != WORKER_NAME and not matches(name, NOT_PRECACHED)
    ]


def write_service_worker(into: Path) -> str:
    """Write scorepad's worker over flet-web's stub; returns its cache version."""
    hashes = file_hashes(into, precached(into))
    version = precache_version(hashes)
    (into / WORKER_NAME).write_text(worker_script(hashes, version), encoding="utf-8")
    return version


def remove_leftover(folder: Path) -> None:
    """Remove a work folder an interrupted build left beside the output (``.web.building``,
    ``.web.old``): only if it is empty or marked as a build; anything else is someone's."""
    if not folder.exists() and not folder.is_symlink():
        return
    if folder.is_symlink() or not folder.is_dir():
        raise OutFolderError(folder, "is in the way: build-web works in a folder of that name")
    if any(folder.iterdir()) and not (folder / MARKER_NAME).is_file():
        raise OutFolderError(folder, "is in the way: build-web works in a folder of that name")
    shutil.rmtree(folder)


def write_marker(folder: Path, app: WebApp) -> list[str]:
    """Mark ``folder`` as a build, listing every file the build made (itself included): a
    later build replaces those and nothing else. Returns the list."""
    made = sorted([*bundle_files(folder), MARKER_NAME])
    marker = {"app": app.name, "files": made}
    (folder / MARKER_NAME).write_text(json.dumps(marker, indent=1) + "\n", encoding="utf-8")
    return made


def made_by_build(folder: Path) -> frozenset[str] | None:
    """The files a previous build's marker says it made, or ``None`` for a marker that does
    not say (written before markers listed them, or unreadable)."""
    try:
        marker = json.loads((folder / MARKER_NAME).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    files = marker.get("files") if isinstance(marker, dict) else None
    if not isinstance(files, list) or not all(isinstance(name, str) for name in files):
        return None
    return frozenset(files)


def users_files(out: Path, new_build: Collection[str]) -> list[str]:
    """What is in a previous build's folder that no build made: a site's ``CNAME`` and
    ``.nojekyll``, notes. Files (and links, never followed) as relative POSIX paths. Under
    a marker that does not list its files, a file counts as the build's only where this
    build makes one too, so an older build's stale files may stay: nothing of the user's is
    ever taken for the build's."""
    if not (out / MARKER_NAME).is_file():
        return []
    made = made_by_build(out)
    ours = made if made is not None else frozenset(new_build)
    found: list[str] = []
    for folder, folders, files in os.walk(out):
        here = Path(folder)
        links = [name for name in folders if (here / name).is_symlink()]
        for name in [*files, *links]:
            relative = (here / name).relative_to(out).as_posix()
            if relative not in ours:
                found.append(relative)
    return sorted(found)


def keep_users_files(out: Path, staging: Path, made: Collection[str]) -> None:
    """Copy the user's own files from a previous build's folder into the new build (copied,
    not moved: a failure before the swap leaves them where they were). A file of theirs where
    this build puts one of its own is refused, naming it, before anything is replaced."""
    theirs = users_files(out, made)
    clashing = sorted(set(theirs) & set(made))
    if clashing:
        names = ", ".join(clashing[:5]) + (" …" if len(clashing) > 5 else "")
        raise OutFolderError(
            out, f"holds files of its own where the build puts its files ({names})"
        )
    for relative in theirs:
        target = staging / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(out / relative, target, follow_symlinks=False)


def replace_folder(out: Path, staging: Path) -> None:
    """Move the finished build to ``out``, replacing an empty folder or a previous build."""
    if out.is_dir():
        if (out / MARKER_NAME).is_file():
            old = out.parent / f".{out.name}.old"
            remove_leftover(old)
            out.rename(old)
            staging.rename(out)
            shutil.rmtree(old)
            return
        out.rmdir()  # empty (checked before building): fails rather than delete anything
    staging.rename(out)


def report_of(
    out: Path, made: list[str], left_out_bytes: int, version: str, bytecode: Bytecode
) -> BuildReport:
    names = made
    return BuildReport(
        folder=out,
        files=len(names),
        total_bytes=sum((out / name).stat().st_size for name in names),
        precached_bytes=sum((out / name).stat().st_size for name in precached(out)),
        left_out_bytes=left_out_bytes,
        version=version,
        bytecode_modules=bytecode.modules,
        bytecode_skipped=bytecode.skipped,
    )
