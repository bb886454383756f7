"""Commands that start the app: the window or browser, the offline web bundle and its host."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from scorepad.cli.common import EXIT_OK, CommandError, store_folder
from scorepad.engine import shown


def command_app(args: argparse.Namespace) -> int:
    """The app itself: a window, or the browser app where there is no display or with
    ``--web``; with ``--share`` the browser app for the whole table."""
    from scorepad.ui.launch import run_app

    root = store_folder(args)
    try:
        run_app(
            root,
            web=args.web,
            share=args.share,
            host=args.host,
            port=args.port,
            new_table=args.new_table,
        )
    except OSError as exc:
        raise CommandError(str(exc)) from None
    return EXIT_OK


def command_build_web(args: argparse.Namespace) -> int:
    """Build the offline web app (a folder for any static host); downloads wheels once."""
    from scorepad.web_build import WebBuildError, build_web

    out = Path(args.out)
    try:
        report = build_web(
            out,
            base_url=args.base_url,
            on_download=lambda wheel: print(
                f"downloading {wheel.filename} from the package registry", file=sys.stderr
            ),
        )
    except WebBuildError as exc:
        raise CommandError(str(exc)) from None
    except OSError as exc:
        raise CommandError(f"could not write {shown(str(out))}: {exc.strerror or exc}") from None
    mib = 1024 * 1024
    print(
        f"built the offline web app in {shown(str(out))}: {report.files} files, "
        f"{report.total_bytes / mib:.1f} MiB on disk, {report.precached_bytes / mib:.1f} MiB "
        f"precached for offline use ({report.left_out_bytes / mib:.1f} MiB of the Flet client "
        "left out: never requested)"
    )
    if report.bytecode_skipped is None:
        print(f"{report.bytecode_modules} modules compiled: what every start imports")
    else:
        print(
            f"shipped as source only, so it starts more slowly: {report.bytecode_skipped}; "
            "install Node.js and build again to compile what a start imports",
            file=sys.stderr,
        )
    print(f"try it: scorepad serve-web {shown(str(out))}; host it on any static HTTPS host")
    return EXIT_OK


def command_serve_web(args: argparse.Namespace) -> int:
    """Serve a built web app over plain HTTP, loopback unless told otherwise."""
    from scorepad.web_build.serve import is_loopback, serve_folder

    folder = Path(args.folder)
    host = args.host or "127.0.0.1"
    port = args.port or 8000
    if not (folder / "index.html").is_file():
        into = "NEW_FOLDER" if folder.is_dir() and any(folder.iterdir()) else shown(str(folder))
        raise CommandError(
            f"{shown(str(folder))} is not a built web app (no index.html): "
            f"build one with 'scorepad build-web {into}'"
        )
    if not is_loopback(host):
        print(
            f"scorepad: serving on {shown(host)}: other devices on the network can open it, "
            "but a phone installs the app for offline use only from an HTTPS host",
            file=sys.stderr,
        )
    shown_host = f"[{host}]" if ":" in host else host

    def listening() -> None:
        where = f"http://{shown(shown_host)}:{port}/"
        print(f"serving {shown(str(folder))} at {where} (Ctrl+C stops)", flush=True)

    try:
        serve_folder(folder, host=host, port=port, on_listening=listening)
    except OSError as exc:
        raise CommandError(
            f"cannot serve on {shown(host)} port {port}: {exc.strerror or exc}"
        ) from None
    return EXIT_OK
