"""The home screen: the game list, opening (or resuming) a game, and recovering damaged files.

No Flet here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from scorepad.store import GameSummary, ListedStatus, recover_store
from scorepad.ui.state.errors import ActionRefused
from scorepad.ui.state.listings import LIST_ORDER
from scorepad.ui.state.screens import Message, MessageKind

if TYPE_CHECKING:
    from scorepad.ui.state.app_state import ScorepadApp

SECTION_TITLES = {
    ListedStatus.IN_PROGRESS: "In progress",
    ListedStatus.FINISHED: "Finished",
    ListedStatus.ABANDONED: "Ended early",
    ListedStatus.DAMAGED: "Cannot be read",
}


@dataclass(frozen=True)
class Section:
    """One heading of the game list and its games."""

    title: str
    games: tuple[GameSummary, ...]


class Home:
    """The game list and what can be done from it."""

    def __init__(self, app: ScorepadApp) -> None:
        self._app = app

    @property
    def games(self) -> list[GameSummary]:
        """The game list, in progress first, then most recently changed."""
        return self._app.lists.games

    @property
    def sections(self) -> list[Section]:
        """The games under their headings, in list order; empty headings left out."""
        games = self.games
        sections = []
        for status in LIST_ORDER:
            chosen = tuple(g for g in games if g.status == status)
            if chosen:
                sections.append(Section(SECTION_TITLES[status], chosen))
        return sections

    @staticmethod
    def card_detail(summary: GameSummary) -> str:
        """The line under a game on the list: what comes next, not what is behind.

        "round 4 of 10" after four rounds read as if round 4 were still to play, so a game in
        progress names its next round, then who leads and by how much ("Ann leads 73–64": the
        leader's total, then the best total behind it, both in the engine's standing order, so
        a low-wins game reads the same way). A row listed before the totals were kept names the
        leader without points.
        """
        played, total = summary.rounds_played, summary.rounds_total
        if summary.status == ListedStatus.FINISHED:
            return f"won by {', '.join(summary.winners)}"
        if summary.status == ListedStatus.ABANDONED:
            return f"ended after {played} of {total} rounds"
        upcoming = f"next: round {played + 1} of {total}" if played < total else "all rounds played"
        leaders, totals = summary.leaders, summary.standing_totals
        if played == 0 or not leaders:
            return upcoming
        if len(leaders) > 1:
            at = f" at {totals[0]}" if totals else ""
            return f"{upcoming} · {' and '.join(leaders)} share the lead{at}"
        if len(totals) > 1:
            return f"{upcoming} · {leaders[0]} leads {totals[0]}–{totals[1]}"
        return f"{upcoming} · {leaders[0]} leads"

    def open_game(self, game_id: str) -> None:
        """Open a game to play on, correct, or look back at."""
        with self._app.action("open the game"):
            self._app.game.show(self._app.store.load_game(game_id))

    def recover(self) -> None:
        """Start the unreadable files again from their last good backups, then open."""
        app = self._app
        with app.action("recover the games"):
            if app.root is None:
                raise ActionRefused("there is no store folder to recover")
            report = recover_store(app.root)
            app.reopen_store()
            done = len(report.restored) + len(report.started_fresh)
            lost = f"; {len(report.lost)} game(s) had no good backup" if report.lost else ""
            alone = "".join(f"; left as it is: {problem}" for problem in report.left_alone)
            app.message = Message(
                f"Recovered {done} file(s) from backups{lost}{alone}.",
                MessageKind.ERROR if report.lost or report.left_alone else MessageKind.INFO,
            )
