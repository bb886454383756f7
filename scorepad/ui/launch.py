"""Starting the app: a desktop window, or the browser app where there is no display."""

from __future__ import annotations

import logging
import os
import socket
import sys
from pathlib import Path

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8550
ASSETS = Path(__file__).resolve().parents[2] / "assets"


def has_display() -> bool:
    """Linux needs an X or Wayland display for a window; other systems always have one."""
    if not sys.platform.startswith("linux"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def port_is_free(host: str, port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError:
            return False
    return True


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


def run_app(
    root: Path, *, web: bool = False, host: str | None = None, port: int | None = None
) -> str:
    """Run until the window closes or Ctrl+C; returns how it ran (for the command's message)."""
    import flet as ft

    from scorepad.ui.state import ScorepadApp
    from scorepad.ui.views.app import mount

    log_to_file(root)

    def main(page: ft.Page) -> None:
        mount(page, ScorepadApp.open(root))

    assets = str(ASSETS) if ASSETS.is_dir() else None
    if web or not has_display():
        host = host or DEFAULT_HOST
        port = port or DEFAULT_PORT
        if not port_is_free(host, port):
            raise OSError(f"port {port} on {host} is in use; pick another with --port")
        if not has_display():
            os.environ["FLET_FORCE_WEB_SERVER"] = "true"
        print(f"scorepad is running at http://{host}:{port}/ (Ctrl+C to stop)", flush=True)
        print(f"games are kept in {root}", flush=True)
        ft.run(
            main, host=host, port=port, view=ft.AppView.WEB_BROWSER, no_cdn=True, assets_dir=assets
        )
        return "web"
    ft.run(main, view=ft.AppView.FLET_APP, assets_dir=assets)
    return "window"
