"""The problem screen: the games cannot be opened (what is wrong, and the way back), and the
recovery of damaged files, which the game list offers too for a damaged game.

The store's own checks say what is wrong (:attr:`Problem.error`); recovery starts each
unreadable file again from its last good backup (:func:`~scorepad.store.recover_store`), then
opens the games. No Flet here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from scorepad.i18n import describe, tr, tr_n
from scorepad.store import StoreError, recover_store
from scorepad.ui.state.app_services import AppActions
from scorepad.ui.state.errors import ActionRefused
from scorepad.ui.state.screens import Message, MessageKind

__all__ = ["Problem"]


class ProblemApp(AppActions, Protocol):
    """What the problem screen uses of the app: the games' folder, why it cannot be opened,
    and opening it again."""

    @property
    def root(self) -> Path | None: ...

    @property
    def store_problem(self) -> StoreError | None: ...

    def reopen_store(self) -> None: ...


class Problem:
    """The problem screen's controller (``app.problem``)."""

    def __init__(self, app: ProblemApp) -> None:
        self._app = app

    @property
    def error(self) -> StoreError | None:
        """Why the games cannot be opened; ``None`` once they can."""
        return self._app.store_problem

    def recover(self) -> None:
        """Start the unreadable files again from their last good backups, then open."""
        app = self._app
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with app.action(tr("recover the games")):
            if app.root is None:
                raise ActionRefused(tr("there is no store folder to recover"))
            report = recover_store(app.root)
            app.reopen_store()
            done = len(report.restored) + len(report.started_fresh)
            parts = [
                # TRANSLATORS: the English says "file(s)" for any count
                tr_n(
                    "Recovered {count} file(s) from backups",
                    "Recovered {count} file(s) from backups",
                    done,
                ).format(count=done)
            ]
            if report.lost:
                # TRANSLATORS: after "Recovered 3 file(s) from backups; "; the English says
                # "game(s)" for any count
                lost = tr_n(
                    "{count} game(s) had no good backup",
                    "{count} game(s) had no good backup",
                    len(report.lost),
                )
                parts.append(lost.format(count=len(report.lost)))
            for problem in report.left_alone:
                # TRANSLATORS: after "Recovered 3 file(s) from backups; ": a file recovery
                # could not touch, and why
                parts.append(tr("left as it is: {problem}").format(problem=describe(problem)))
            # TRANSLATORS: between the parts of what a recovery did ("…; …")
            said = tr("; ").join(parts)
            app.message = Message(
                f"{said}.",
                MessageKind.ERROR if report.lost or report.left_alone else MessageKind.INFO,
            )
