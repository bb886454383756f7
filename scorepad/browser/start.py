"""What the web bundle's ``main.py`` runs: scorepad in a browser tab, Python in Pyodide.

The laptop's app (:mod:`scorepad.ui.launch`) with two differences. The games' folder is
:data:`~scorepad.browser.disk.MOUNT`, kept in the browser's IndexedDB by
:class:`~scorepad.browser.disk.BrowserDisk`: it is loaded before the store opens, every change
of the app starts a sync, and the app's ``saved_through`` follows the syncs that finished. And
the log goes to the browser's developer console, not to a file: a file in the data folder would
be copied to IndexedDB with every line, and no one can open it there.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from scorepad.browser.disk import BrowserDisk
from scorepad.i18n import N_, describe, tr
from scorepad.ui.state import ScorepadApp
from scorepad.ui.state.screens import Message, MessageKind

if TYPE_CHECKING:
    import flet as ft

log = logging.getLogger("scorepad.browser")

STORE_FOLDER = "scorepad"
"""The store's folder inside the mounted data folder."""

LOG_PLACE = N_("the browser's developer console")
"""Where :class:`ConsoleHandler` writes the details of a problem (in English, as the app's
``log_place`` is: translated where it is said)."""

SAVE_FAILED = N_(
    "Could not save in this browser: {reason}. Your last change may be lost on reload; "
    "export the game to keep it."
)
NOT_KEPT = N_(
    "Games are not kept in this browser: {reason}. They last until this page is closed; "
    "export a game to keep it."
)


class ConsoleHandler(logging.Handler):
    """Log records to the browser's developer console (Pyodide's ``js.console``).

    Pyodide's stderr is forwarded to the Flet client as the app's output; the console is where
    a developer looks, and a user never sees it.
    """

    def emit(self, record: logging.LogRecord) -> None:
        try:
            import js  # type: ignore[import-not-found]  # only in Pyodide

            text = self.format(record)
            if record.levelno >= logging.ERROR:
                js.console.error(text)
            elif record.levelno >= logging.WARNING:
                js.console.warn(text)
            else:
                js.console.info(text)
        except Exception:
            self.handleError(record)


def log_to_console() -> None:
    handler = ConsoleHandler()
    handler.setFormatter(logging.Formatter("%(name)s %(levelname)s %(message)s"))
    root = logging.getLogger()
    root.handlers = [handler]
    root.setLevel(logging.INFO)


def keep_in_browser(app: ScorepadApp, disk: BrowserDisk) -> None:
    """Save every change of ``app`` to IndexedDB and show what is saved (``saved-N``).

    A tab that keeps nothing (IndexedDB refused, another tab open) says so on the message line
    and never counts a change as saved.
    """
    app.saved_through = disk.durable
    if disk.problem is not None:
        app.standing_warning = Message(tr(NOT_KEPT).format(reason=disk.problem), MessageKind.ERROR)
        return
    disk.on_saved = app.saved
    disk.on_failed = lambda reason: app.warn(
        Message(tr(SAVE_FAILED).format(reason=reason), MessageKind.ERROR)
    )
    app.subscribe(lambda: disk.changed(app.revision))


async def open_app(disk: BrowserDisk) -> ScorepadApp:
    """The app on the store in the browser's data folder, saving there."""
    await disk.load()
    app = ScorepadApp.open(disk.folder / STORE_FOLDER)
    app.log_place = LOG_PLACE
    keep_in_browser(app, disk)
    return app


async def main(page: ft.Page) -> None:
    """Flet's entry point in the browser."""
    from scorepad.ui.views.app import mount

    try:
        app = await open_app(BrowserDisk())
        mount(page, app)
    except Exception as problem:  # a bug: say so in words, the details in the console
        log.exception("scorepad could not start")
        import flet as ft

        page.add(
            ft.Text(
                tr(
                    "scorepad could not start ({problem}). The games kept in this browser are "
                    "untouched; reload the page to try again."
                ).format(problem=f"{type(problem).__name__}: {describe(problem)}"),
                selectable=True,
            )
        )


def run() -> None:
    """Start the app (Flet connects through Pyodide when it runs there)."""
    import flet as ft

    log_to_console()
    ft.run(main)
