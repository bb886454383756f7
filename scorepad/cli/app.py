"""Commands that start the app: the window or browser, the offline web bundle and its host."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from scorepad.cli.common import EXIT_OK, CommandError, store_folder
from scorepad.engine import shown
from scorepad.i18n import describe, os_reason, tr, tr_n


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
        raise CommandError(describe(exc)) from None
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
                tr("downloading {wheel} from the package registry").format(wheel=wheel.filename),
                file=sys.stderr,
            ),
        )
    except WebBuildError as exc:
        raise CommandError(describe(exc)) from None
    except OSError as exc:
        raise CommandError(
            tr("could not write {path}: {reason}").format(
                path=shown(str(out)), reason=os_reason(exc)
            )
        ) from None
    mib = 1024 * 1024
    print(
        tr_n(
            "built the offline web app in {folder}: {count} file, {disk} MiB on disk, "
            "{precached} MiB precached for offline use ({left_out} MiB of the Flet client "
            "left out: never requested)",
            "built the offline web app in {folder}: {count} files, {disk} MiB on disk, "
            "{precached} MiB precached for offline use ({left_out} MiB of the Flet client "
            "left out: never requested)",
            report.files,
        ).format(
            folder=shown(str(out)),
            count=report.files,
            disk=f"{report.total_bytes / mib:.1f}",
            precached=f"{report.precached_bytes / mib:.1f}",
            left_out=f"{report.left_out_bytes / mib:.1f}",
        )
    )
    if report.bytecode_skipped is None:
        print(
            tr_n(
                "{count} module compiled: what every start imports",
                "{count} modules compiled: what every start imports",
                report.bytecode_modules,
            ).format(count=report.bytecode_modules)
        )
    else:
        print(
            tr(
                "shipped as source only, so it starts more slowly: {reason}; "
                "install Node.js and build again to compile what a start imports"
            ).format(reason=report.bytecode_skipped),
            file=sys.stderr,
        )
    print(
        tr("try it: scorepad serve-web {folder}; host it on any static HTTPS host").format(
            folder=shown(str(out))
        )
    )
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
            tr(
                "{folder} is not a built web app (no index.html): "
                "build one with 'scorepad build-web {into}'"
            ).format(folder=shown(str(folder)), into=into)
        )
    if not is_loopback(host):
        warning = tr(
            "serving on {host}: other devices on the network can open it, "
            "but a phone installs the app for offline use only from an HTTPS host"
        ).format(host=shown(host))
        print(f"scorepad: {warning}", file=sys.stderr)
    shown_host = f"[{host}]" if ":" in host else host

    def listening() -> None:
        where = f"http://{shown(shown_host)}:{port}/"
        print(
            tr("serving {folder} at {address} (Ctrl+C stops)").format(
                folder=shown(str(folder)), address=where
            ),
            flush=True,
        )

    try:
        serve_folder(folder, host=host, port=port, on_listening=listening)
    except OSError as exc:
        raise CommandError(
            tr("cannot serve on {host} port {port}: {reason}").format(
                host=shown(host), port=port, reason=os_reason(exc)
            )
        ) from None
    return EXIT_OK
