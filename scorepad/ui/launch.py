"""Starting the app: a desktop window, or the browser app where there is no display, or the
shared table (``--share``, issue 11): the browser app on the table's network, where the
scorekeeper's address (with its token) and the PIN let a device keep score and every other
phone watches.

The server has one :class:`~scorepad.sharing.table.SharedTable` and every browser session
joins it. Served to this machine only (or in the window), it is an open table: whoever can
connect is this machine's user, so every session keeps score, as before sharing existed."""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from scorepad.i18n import N_, describe, tr
from scorepad.ui.log_file import log_to_file

if TYPE_CHECKING:
    import flet as ft

    from scorepad.sharing import ShareInfo
    from scorepad.sharing.kept_state import KeptTable
    from scorepad.sharing.table import SharedTable
    from scorepad.store import Store, TableFile

DEFAULT_HOST = "127.0.0.1"
ALL_INTERFACES = "0.0.0.0"
"""Where ``--share`` listens: every IPv4 interface, as the phones at a table have IPv4."""
DEFAULT_PORT = 8550
SHARE_EVERYWHERE = N_("leave out --host to share on every network of this computer")
"""What to do when ``--share --host`` names an address this machine does not have (in
English: ``tr(SHARE_EVERYWHERE)`` where it is said)."""
ASSETS = Path(__file__).resolve().parents[2] / "assets"


def has_display() -> bool:
    """Linux needs an X or Wayland display for a window; other systems always have one."""
    if not sys.platform.startswith("linux"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def app_main(
    root: Path, table: SharedTable, share_info: ShareInfo | None = None
) -> Callable[[ft.Page], None]:
    """Flet's entry point for the store in ``root`` at ``table`` (the server's one table: every
    session joins it); imports Flet and the views, so the web server calls it only once its
    address is bound (a busy port is reported at once). ``share_info`` is what the
    scorekeeper's share panel shows (the join address) when the table is shared."""
    import threading

    from scorepad.ui.state import ScorepadApp
    from scorepad.ui.views import charts  # noqa: F401  (see below)
    from scorepad.ui.views.app import mount

    # The sheet's chart (flet-charts) is imported when a sheet is first drawn, which spares
    # the offline web app the import at each launch; a server imports it once now instead, so
    # the first round recorded at the table does not wait for it on every screen.

    opened: list[Store] = []
    """The store every session shares, once one could open it: one set of caches, so a game
    changed at the table is read and checked once per revision for every viewer, not once
    per viewer (the store is safe across threads: it holds its own lock for each read)."""
    opening = threading.Lock()

    def main(page: ft.Page) -> None:
        with opening:
            if opened:
                app = ScorepadApp(opened[0], table=table)
            else:
                app = ScorepadApp.open(root, table=table)
                if app.store_problem is None and app.root is not None:
                    opened.append(app.seat_store)
        app.share_info = share_info
        mount(page, app)

    return main


def serving_host(host: str | None, *, share: bool) -> str:
    """The address to listen on: ``--host`` when given; with ``--share`` alone every
    interface, so phones on the table's network can join; otherwise this machine only.

    >>> serving_host(None, share=False), serving_host(None, share=True)
    ('127.0.0.1', '0.0.0.0')
    >>> serving_host("127.0.0.1", share=True)
    '127.0.0.1'
    """
    if host:
        return host
    return ALL_INTERFACES if share else DEFAULT_HOST


def table_for(*, guarded: bool, root: Path | None = None, new_table: bool = False) -> SharedTable:
    """The server's table: shared when it is ``guarded`` (``--share``, or a server others can
    reach), otherwise open (every session keeps score, as the only one who can connect is
    this machine's user).

    A shared table is kept in the store folder ``root``: a restart brings back the same PIN
    and scorekeeper's token, the seats and the secret bids (``new_table``: a fresh PIN and
    token on purpose, every seat free; the old table's file is set aside). A kept file that
    cannot be read is set aside too, with a warning, and the table starts afresh."""
    from scorepad.sharing.access import make_pin, make_token
    from scorepad.sharing.table import SharedTable

    if not guarded:
        return SharedTable.open_table()
    if root is None:
        return SharedTable(make_pin(), make_token())
    from scorepad.store import TableFile

    file = TableFile(root)

    def keep(kept: KeptTable) -> None:
        file.write(kept.model_dump_json().encode("utf-8"))

    if new_table:
        file.set_aside()
    else:
        kept = read_kept_table(file)
        if kept is not None:
            return SharedTable.restored(kept, keep=keep)
    table = SharedTable(make_pin(), make_token(), keep=keep)
    fresh = table.kept()
    assert fresh is not None  # a shared table is always kept
    keep(fresh)  # the PIN and address printed now are the ones a restart prints
    return table


def read_kept_table(file: TableFile) -> KeptTable | None:
    """The table kept in ``file`` (``None``: none, or one that cannot be read, set aside
    with a warning that says why)."""
    from pydantic import ValidationError

    from scorepad.sharing.kept_state import KEPT_TABLE_VERSION, KeptTable

    try:
        data = file.read()
        if data is None:
            return None
        kept = KeptTable.model_validate_json(data)
        if kept.version != KEPT_TABLE_VERSION:
            raise ValueError(
                tr("it is of version {version}, this scorepad reads {readable}").format(
                    version=kept.version, readable=KEPT_TABLE_VERSION
                )
            )
        return kept
    except (OSError, ValueError) as problem:
        why = (
            tr("its content is not a table")
            if isinstance(problem, ValidationError)
            else describe(problem)
        )
        moved = file.set_aside() if not isinstance(problem, OSError) else None
        if moved is None:
            warn(
                tr(
                    "the shared table kept in {path} could not be read ({why}): a new table starts"
                ).format(path=file.path, why=why)
            )
        else:
            warn(
                tr(
                    "the shared table kept in {path} could not be read ({why}) "
                    "(kept as {moved}): a new table starts"
                ).format(path=file.path, why=why, moved=moved)
            )
        return None


def share_lines(info: ShareInfo, pin: str, encoding: str | None) -> list[str]:
    """What the terminal shows of a shared table: where phones join (address and QR code),
    the PIN, and the scorekeeper's own address with its token.

    The QR code is drawn in block characters; a terminal whose encoding cannot show them
    gets a line saying so instead (the address is printed either way).
    """
    from scorepad.ui.qr_code import qr_terminal

    qr = qr_terminal(info.join_url)
    try:
        qr.encode(encoding or "utf-8")
    except (UnicodeEncodeError, LookupError):
        qr = tr("(the QR code needs a UTF-8 terminal; type the address instead)") + "\n"
    lines = [
        tr(
            "Players: scan this code, or open {address} to follow the game and bid on your phone"
        ).format(address=info.join_url)
    ]
    lines += [
        "  "  # indented under the line above
        + tr("(or {address}, on another network of this computer)").format(address=other)
        for other in info.other_join_urls
    ]
    lines.append(qr.rstrip("\n"))
    lines += [
        tr("PIN to keep score: {pin}").format(pin=pin),
        tr(
            "Scorekeeper: open {address} on this computer "
            "(keep it to yourself: it lets whoever opens it keep score)"
        ).format(address=info.scorekeeper_url),
    ]
    return lines


def run_app(
    root: Path,
    *,
    web: bool = False,
    share: bool = False,
    host: str | None = None,
    port: int | None = None,
    new_table: bool = False,
) -> str:
    """Run until the window closes or Ctrl+C; returns how it ran (for the command's message).

    ``share`` serves the browser app to the table's network (:func:`serve_table`) even where
    there is a display. Raises :class:`~scorepad.ui.web_server.ServeError` (an ``OSError``)
    when the browser app cannot be served on ``host`` and ``port``.
    """
    log_to_file(root)
    assets = str(ASSETS) if ASSETS.is_dir() else None
    window_missing = None if share or web or not has_display() else missing_window_client()
    if share or web or not has_display() or window_missing:
        if window_missing:
            warn(window_missing)
        serve_table(
            root,
            assets,
            share=share,
            host=host,
            port=port,
            open_browser=bool(window_missing),
            new_table=new_table,
        )
        # The process ends now. Its last cyclic garbage collection of the whole heap took
        # ~1.7 s after a browser session; the OS frees the memory at once instead. Nothing
        # waits on it: every save is already on disk (the store writes durably).
        gc.freeze()
        return "web"
    import flet as ft

    # The window is this machine's own user: the scorekeeper of an open table.
    ft.run(app_main(root, table_for(guarded=False)), view=ft.AppView.FLET_APP, assets_dir=assets)
    return "window"


def missing_window_client() -> str | None:
    """Why the desktop window cannot open, in one line (None: it can). Its client is not in
    the wheel: Flet downloads it from GitHub on the first start, which fails on a machine
    without internet (a club laptop offline, a firewall). Said plainly, and the app opens in
    the browser instead, which needs nothing from the internet."""
    import tarfile
    import zipfile

    try:
        from flet_desktop import ensure_client_cached, get_artifact_filename
        from flet_desktop.version import version

        ensure_client_cached()
    except ImportError as problem:  # flet-desktop missing from this environment
        return tr(
            "the desktop window cannot open ({problem}); opening scorepad in the browser"
        ).format(problem=describe(problem))
    except (OSError, tarfile.TarError, zipfile.BadZipFile, EOFError) as problem:
        where = os.environ.get(
            "FLET_CLIENT_URL",
            f"https://github.com/flet-dev/flet/releases/download/v{version}/"
            f"{get_artifact_filename()}",
        )
        why = getattr(problem, "reason", None) or describe(problem)
        return tr(
            "the desktop window needs Flet's client, downloaded once from {address}, and it "
            "could not be fetched ({problem}); opening scorepad in the browser instead (it "
            "needs nothing from the internet)"
        ).format(address=where, problem=why)
    return None


def serve_table(
    root: Path,
    assets: str | None,
    *,
    share: bool,
    host: str | None,
    port: int | None,
    open_browser: bool = False,
    new_table: bool = False,
) -> None:
    """Serve the browser app until Ctrl+C: bind, choose the table (shared with a PIN when
    anyone but this machine can connect, or when asked to), say where to open it, serve
    (and open it in this computer's browser when ``open_browser``: the window could not
    open)."""
    from scorepad.ui.web_guard import ServedAddress
    from scorepad.ui.web_server import (
        NotThisMachineError,
        bind,
        exposure_warning,
        reaches_beyond,
        serve_app,
        url_of,
    )

    host = serving_host(host, share=share)
    port = port or DEFAULT_PORT
    try:
        listeners = bind(host, port)
    except NotThisMachineError:
        if not share:
            raise
        raise NotThisMachineError(host, instead=tr(SHARE_EVERYWHERE)) from None
    try:
        guarded = share or reaches_beyond(listeners.addresses)
        table = table_for(guarded=guarded, root=root, new_table=new_table)
        info = None
        if guarded:
            from scorepad.ui.share_address import is_wildcard, lan_addresses, share_info

            assert table.token is not None  # a guarded table always has one
            found = lan_addresses(ipv6=":" in host) if is_wildcard(host) else []
            info = share_info(host, port, table.token, addresses=found)
            if is_wildcard(host) and not found:
                warn(
                    tr(
                        "this computer is on no network yet: connect it to the table's Wi-Fi "
                        "or a phone's hotspot, then start scorepad again so phones can join"
                    )
                )
            elif not reaches_beyond(listeners.addresses):
                warn(
                    tr(
                        "--host {host} is this computer only: phones cannot open the join "
                        "address; leave out --host to share on the network"
                    ).format(host=host)
                )
        warning = exposure_warning(host, listeners.addresses, share=share)
        if warning:
            warn(warning)
    except BaseException:
        listeners.close()
        raise

    def ready() -> None:
        if info is None:
            print(
                tr("scorepad is running at {address} (Ctrl+C to stop)").format(
                    address=url_of(host, port)
                ),
                flush=True,
            )
            if open_browser:
                import webbrowser

                if not webbrowser.open(url_of(host, port)):
                    warn(tr("no browser could be opened: open the address above in one"))
        else:
            assert table.pin is not None
            print(tr("scorepad is sharing the table (Ctrl+C to stop)"))
            for line in share_lines(info, table.pin, sys.stdout.encoding):
                print(line)
        print(tr("games are kept in {folder}").format(folder=root), flush=True)

    stopped_by = serve_app(
        listeners,
        partial(app_main, root, table, info),
        assets,
        ServedAddress(host, port),
        ready=ready,
    )
    if stopped_by is not None:
        print(
            tr("scorepad stopped; every game is saved in {folder}").format(folder=root), flush=True
        )


def warn(line: str) -> None:
    """A line for the user on stderr (what went wrong or what to know), never a traceback."""
    print(f"scorepad: {line}", file=sys.stderr, flush=True)
