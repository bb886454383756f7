"""A static server for a built bundle: to try a build on this machine, and for tests.

It serves what any static host would: the folder's files with the right content types
(WebAssembly must be ``application/wasm`` to compile while it downloads, ``.mjs`` must be
JavaScript to import), gzip when the browser asks, and ``index.html`` for an app route such as
``/game/abc`` (the app's URLs are paths, and reloading one must load the app, not a 404).

It is plain HTTP: a phone on the network can open it, but a service worker needs a secure
context (HTTPS, or localhost), so installing the app for offline use takes an HTTPS host.
"""

from __future__ import annotations

import ipaddress
import mimetypes
import socket
from collections.abc import Callable
from pathlib import Path, PurePosixPath

import uvicorn
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.responses import Response
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Scope

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
GZIP_MINIMUM_BYTES = 500

CONTENT_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".whl": "application/zip",
    ".woff2": "font/woff2",
    ".ttf": "font/ttf",
    ".otf": "font/otf",
}
"""What the page loads, typed as browsers require (the system's MIME table may lack some)."""
for _suffix, _type in CONTENT_TYPES.items():
    mimetypes.add_type(_type, _suffix)


class BundleFiles(StaticFiles):
    """The bundle's files; a path that is no file and has no file extension is an app
    route, answered with ``index.html``."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        try:
            response = await super().get_response(path, scope)
        except HTTPException as error:
            if error.status_code != 404 or "." in PurePosixPath(path).name:
                raise
            response = await super().get_response("index.html", scope)
        # Revalidate every time (a 304 when unchanged): a new build reaches the browser on
        # its next load, and the service worker's update check always sees the new worker.
        response.headers["Cache-Control"] = "no-cache"
        return response


def app_for(folder: Path) -> ASGIApp:
    """The ASGI app serving a built bundle (tests and the benchmark run it in a thread)."""
    folder = Path(folder)
    if not (folder / "index.html").is_file():
        raise FileNotFoundError(
            f"{folder} is not a built web app (it has no index.html): "
            "build one with `scorepad build-web FOLDER`"
        )
    files = BundleFiles(directory=folder, html=True)
    return Starlette(
        routes=[Mount("/", app=files)],
        middleware=[Middleware(GZipMiddleware, minimum_size=GZIP_MINIMUM_BYTES)],
    )


def is_loopback(host: str) -> bool:
    """Whether only this machine can reach ``host``.

    >>> is_loopback("127.0.0.1"), is_loopback("localhost"), is_loopback("0.0.0.0")
    (True, True, False)
    """
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def bound_socket(host: str, port: int) -> socket.socket:
    """A listening socket, bound here so a taken port is an ``OSError`` the caller can word,
    not uvicorn's log line and exit."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    return socket.create_server((host, port), family=family)


def serve_folder(
    folder: Path,
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    on_listening: Callable[[], None] | None = None,
) -> None:
    """Serve ``folder`` until interrupted (Ctrl+C). ``on_listening`` runs once the port is
    bound, so "serving at" is never said of an address that then fails."""
    app = app_for(folder)
    listening = bound_socket(host, port)
    if on_listening is not None:
        on_listening()
    config = uvicorn.Config(app, log_level="warning", lifespan="off", access_log=False)
    with listening:
        uvicorn.Server(config).run(sockets=[listening])
