"""Offline means offline: the served page asks no host but this server for anything.

With ``no_cdn`` Flet serves the Flutter client, CanvasKit/skwasm and the fonts itself, but the
compiled client (``main.dart.js`` and ``main.dart.wasm``, from Flet's Rive animation support)
still loads ``rive_native.js`` from a fixed jsDelivr address at start-up. Flet has no setting
for it, so the server hands out copies of those two files with the address pointed at a
local stub instead. The stub tells the client that Rive is unavailable (scorepad shows no Rive
animation), just as a failed download would, without the request leaving the machine.

The replacement address has exactly the length of the original, so the patched WebAssembly
module stays valid byte for byte. Installed files are never changed: the copies live in a
folder of the running server.

Flutter also fetches a Noto font (from ``assets/fonts/<family>/…``, where ``no_cdn`` points
it) for any character that the fonts it has loaded so far do not cover: the card suits ask for
a part of Noto Sans SC, "→" for Noto Sans Symbols, before the app's own suit font has loaded.
flet-web ships none of them, so each was a 404 in the console, and after a reconnect the page
drew text with a broken fallback ("Bob bıds fırst") until a reload. Every such request is
answered with the app's own font (:data:`FALLBACK_FONT`: the suits, arrow and ellipsis the
app writes). Letters of other scripts in a name still have no glyph on the canvas (scorepad
bundles no font for them); the records keep every name exactly.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from pathlib import Path

from starlette.responses import FileResponse, PlainTextResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

logger = logging.getLogger(__name__)

CDN_BASE = b"https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@44.0.0/"
"""Where Flet 1.0.5's client loads ``wasm/rive_native.js`` (then
``wasm_compatibility/rive_native.js``) from."""

STUB_PREFIX = "/scorepad-offline/"
LOCAL_BASE = (STUB_PREFIX + "rive").ljust(len(CDN_BASE) - 1, "-").encode() + b"/"
"""Same length as :data:`CDN_BASE`, on this server."""

FALLBACK_FONTS = "/assets/fonts/"
"""Where Flutter fetches its fallback fonts, each in a folder of its own (flet-web's own
fonts lie directly in it, and are Flet's to serve)."""

PATCHED_FILES = {"main.dart.js": "text/javascript", "main.dart.wasm": "application/wasm"}
"""The compiled client files that hold :data:`CDN_BASE`, with their content types."""

RIVE_STUB = """\
// scorepad runs offline and bundles no Rive runtime: tell Flet's client there is none.
window.RiveNative = () => Promise.reject(new Error("Rive is not bundled with scorepad"));
"""


def patch_client(source: bytes) -> bytes:
    """The compiled client with the CDN address replaced by the local stub's."""
    return source.replace(CDN_BASE, LOCAL_BASE)


class OfflineClient:
    """Copies of the client files with the CDN address replaced, made on first request."""

    def __init__(self, web_dir: Path, work_dir: Path) -> None:
        self.web_dir = web_dir
        self.work_dir = work_dir
        self._lock = threading.Lock()

    def patched(self, name: str) -> Path:
        """The served copy of ``name`` (one of :data:`PATCHED_FILES`)."""
        target = self.work_dir / name
        with self._lock:
            if not target.exists():
                source = (self.web_dir / name).read_bytes()
                patched = patch_client(source)
                if patched == source:
                    logger.warning("%s holds no %s: served as it is", name, CDN_BASE.decode())
                self.work_dir.mkdir(parents=True, exist_ok=True)
                partial = target.with_suffix(".partial")
                partial.write_bytes(patched)
                partial.replace(target)
        return target


class OfflineApp:
    """ASGI middleware: serves the patched client files and the Rive stub; the rest is Flet's."""

    def __init__(self, app: ASGIApp, client: OfflineClient, fallback_font: Path | None) -> None:
        self.app = app
        self.client = client
        self.fallback_font = fallback_font
        """The font answering Flutter's fallback font requests (None: left to Flet)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = await self.response_for(scope)
        if response is None:
            await self.app(scope, receive, send)
        else:
            await response(scope, receive, send)

    async def response_for(self, scope: Scope) -> Response | None:
        if scope["type"] != "http" or scope["method"] not in ("GET", "HEAD"):
            return None
        path: str = scope["path"]
        if path.startswith(STUB_PREFIX):
            if path.endswith("/rive_native.js"):
                return Response(RIVE_STUB, media_type="text/javascript")
            return PlainTextResponse("not found", status_code=404)
        if self.fallback_font is not None and is_fallback_font(path):
            return FileResponse(
                self.fallback_font,
                media_type="font/ttf",
                headers={"Cache-Control": "public, max-age=86400"},
            )
        name = path.removeprefix("/")
        if name in PATCHED_FILES:
            copy = await asyncio.to_thread(self.client.patched, name)
            return FileResponse(copy, media_type=PATCHED_FILES[name])
        return None


def is_fallback_font(path: str) -> bool:
    """Whether ``path`` is a fallback font Flutter asks for (in a family's own folder).

    >>> is_fallback_font("/assets/fonts/notosanssc/v37/k3kC.87.woff2")
    True
    >>> is_fallback_font("/assets/fonts/roboto.woff2"), is_fallback_font("/fonts/x/y.ttf")
    (False, False)
    """
    rest = path.removeprefix(FALLBACK_FONTS)
    return rest != path and "/" in rest and ".." not in rest.split("/")
