"""Starting the app: a desktop window, or the browser app where there is no display."""

from __future__ import annotations

import gc
import logging
import os
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import flet as ft

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8550
ASSETS = Path(__file__).resolve().parents[2] / "assets"


def has_display() -> bool:
    """Linux needs an X or Wayland display for a window; other systems always have one."""
    if not sys.platform.startswith("linux"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def log_to_file(folder: Path) -> Path:
    """Send log records (tracebacks of bugs included) to a file, never to the user's screen."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "scorepad.log"
    handler = logging.FileHandler(path, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(name)s %(levelname)s %(message)s"))
    root = logging.getLogger()
    root.handlers = [handler]
    root.setLevel(logging.INFO)
    return path


def app_main(root: Path) -> Callable[[ft.Page], None]:
    """Flet's entry point for the store in ``root``; imports Flet and the views, so the web
    server calls it only once its address is bound (a busy port is reported at once)."""
    from scorepad.ui.state import ScorepadApp
    from scorepad.ui.views.app import mount

    def main(page: ft.Page) -> None:
        mount(page, ScorepadApp.open(root))

    return main


def run_app(
    root: Path, *, web: bool = False, host: str | None = None, port: int | None = None
) -> str:
    """Run until the window closes or Ctrl+C; returns how it ran (for the command's message).

    Raises :class:`~scorepad.ui.web_server.ServeError` (an ``OSError``) when the browser app
    cannot be served on ``host`` and ``port``.
    """
    log_to_file(root)
    assets = str(ASSETS) if ASSETS.is_dir() else None
    if web or not has_display():
        from scorepad.ui.web_server import serve_app

        def ready(url: str) -> None:
            print(f"scorepad is running at {url} (Ctrl+C to stop)", flush=True)
            print(f"games are kept in {root}", flush=True)

        def warn(line: str) -> None:
            print(f"scorepad: {line}", file=sys.stderr, flush=True)

        stopped_by = serve_app(
            partial(app_main, root),
            assets,
            host or DEFAULT_HOST,
            port or DEFAULT_PORT,
            ready=ready,
            warn=warn,
        )
        if stopped_by is not None:
            print(f"scorepad stopped; every game is saved in {root}", flush=True)
        # The process ends now. Its last cyclic garbage collection of the whole heap took
        # ~1.7 s after a browser session; the OS frees the memory at once instead. Nothing
        # waits on it: every save is already on disk (the store writes durably).
        gc.freeze()
        return "web"
    import flet as ft

    ft.run(app_main(root), view=ft.AppView.FLET_APP, assets_dir=assets)
    return "window"
