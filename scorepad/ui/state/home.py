"""The home screen: the game list, opening (or resuming) a game, importing records (a damaged
file's recovery is :mod:`~scorepad.ui.state.problem`'s).

No Flet here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Protocol

from scorepad.engine import clipped, spoken_list
from scorepad.store import GameSummary, ListedStatus
from scorepad.ui.state.app_services import AppActions
from scorepad.ui.state.backups import backup_file, read_picked_backup, restored_in_words
from scorepad.ui.state.display_names import NO_NAMES, DisplayNames
from scorepad.ui.state.game import GameController
from scorepad.ui.state.imports import PickedFile, Refused, import_files
from scorepad.ui.state.listings import LIST_ORDER
from scorepad.ui.state.screens import Message, MessageKind


class HomeApp(AppActions, Protocol):
    """What the game list uses of the app: the game it opens (and whose way of saving a
    file the backup takes), and whether the games live in a browser (changes saved after
    the action, ``saved_through``: only there)."""

    @property
    def game(self) -> GameController: ...

    saved_through: int | None


SECTION_TITLES = {
    ListedStatus.IN_PROGRESS: "In progress",
    ListedStatus.FINISHED: "Finished",
    ListedStatus.ABANDONED: "Ended early",
    ListedStatus.DAMAGED: "Cannot be read",
}


SAFETY_NOTE = (
    "These games live in this browser only, and a browser may clear them: Safari does after "
    "7 days without a visit, unless scorepad was added to the home screen (Share, then Add to "
    "Home Screen). Add it there, and back up now and then: the file restores on any device."
)

LEADERS_NAMED = 3
"""Up to this many tied leaders are named on a game's card ("Ann, Bob and Cat share the
lead"); more are counted ("5 players share the lead"), which fits and says as much."""
SHORTEST_NAME = 8
"""A name cut short for a card keeps at least this many characters, however many share it."""


@dataclass(frozen=True)
class Section:
    """One heading of the game list and its games."""

    title: str
    games: tuple[GameSummary, ...]


class Home:
    """The game list and what can be done from it."""

    def __init__(self, app: HomeApp) -> None:
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

    def names_of(self, summary: GameSummary) -> DisplayNames:
        """A game's players as its card shows them: as they are known now."""
        return self._app.lists.names.for_game(summary.players)

    @staticmethod
    def card_detail(
        summary: GameSummary, name_limit: int | None = None, names: DisplayNames = NO_NAMES
    ) -> str:
        """The line under a game on the list: what comes next, not what is behind.

        "round 4 of 10" after four rounds read as if round 4 were still to play, so a game in
        progress names its next round, then who is ahead and by how much ("Ann is ahead, 73 to
        64": the leader's total, then the best total behind it, both in the engine's standing
        order, so a low-wins game reads the same way). Never "leads": at a card table that is
        who plays the first card of a trick. A row listed before the totals were kept names
        the leader without points. ``names``: the players as shown now (a rename since).

        With ``name_limit`` the names are cut short (for the card's two lines on a phone: a
        40-letter leader's name pushed the score itself out of view); the whole line, names
        in full, is the card's accessible name, and more than :data:`LEADERS_NAMED` tied
        leaders are counted rather than named.
        """
        played, total = summary.rounds_played, summary.rounds_total

        def said(played: tuple[str, ...]) -> str:
            people = names.all_shown(played)
            if name_limit is None:
                return spoken_list(people)
            each = max(SHORTEST_NAME, name_limit // len(people))
            return spoken_list([clipped(person, each) for person in people])

        if summary.status == ListedStatus.FINISHED:
            return f"won by {said(summary.winners)}"
        if summary.status == ListedStatus.ABANDONED:
            return f"ended after {played} of {total} rounds"
        upcoming = f"next: round {played + 1} of {total}" if played < total else "all rounds played"
        leaders, totals = summary.leaders, summary.standing_totals
        if played == 0 or not leaders:
            return upcoming
        if len(leaders) > 1:
            at = f" at {totals[0]}" if totals else ""
            counted = name_limit is not None and len(leaders) > LEADERS_NAMED
            who = f"{len(leaders)} players" if counted else said(leaders)
            return f"{upcoming} · {who} are level{at}"
        if len(totals) > 1:
            return f"{upcoming} · {said(leaders)} is ahead, {totals[0]} to {totals[1]}"
        return f"{upcoming} · {said(leaders)} is ahead"

    def open_game(self, game_id: str) -> None:
        """Open a game to play on, correct, or look back at."""
        with self._app.action("open the game"):
            self._app.game.show(self._app.reader.load_game(game_id))

    @property
    def safety_note(self) -> str | None:
        """Why to back up, where the games live in this browser only (the offline app):
        browsers may clear a site's storage, Safari after seven days unused unless the app
        was added to the home screen. ``None`` where the games are in a folder on disk."""
        if self._app.saved_through is None:  # saved when the store call returns: a disk
            return None
        return SAFETY_NOTE

    def back_up_all(self, today: date | None = None) -> None:
        """Save every game, the roster and the house rules as one file (a download in a
        browser): the file ``scorepad backup`` writes, and :meth:`restore_backup` reads."""
        app = self._app
        with app.action("back up all games"):
            app.game.save_file(backup_file(app.store, today or date.today()))

    def restore_backup(self, files: Sequence[PickedFile]) -> None:
        """Restore the backup file picked, adding what this device lacks (a merge: nothing
        here is changed or deleted), and say what came in. A file that is not a backup is
        refused whole, saying why; nothing picked (the chooser closed) changes nothing."""
        if not files:
            return
        app = self._app
        with app.action("restore the backup"):
            picked = read_picked_backup(list(files))
            report = app.store.restore(picked.backup, merge=True)
            app.lists.forget()
            app.message = Message(restored_in_words(picked.file_name, report))

    def import_games(self, files: Sequence[PickedFile]) -> None:
        """Store the games in the record files picked (see :mod:`~scorepad.ui.state.imports`).

        One file that holds a game opens it (imported, or the one already stored), so the
        table can play on at once; the message line says what became of each file, one line
        each: the refused ones in red, the rest below them in the usual colour (a game that
        went in is not an error). Nothing picked (the chooser closed) changes nothing.
        """
        if not files:
            return
        app = self._app
        with app.action("import the games"):
            outcomes = import_files(app.store, files)
            app.lists.forget()
            refused = [o.text for o in outcomes if isinstance(o, Refused)]
            taken = [o for o in outcomes if not isinstance(o, Refused)]
            if len(files) == 1 and taken:
                app.game.show(app.reader.load_game(taken[0].game_id))
            went_through = Message("\n".join(outcome.text for outcome in taken)) if taken else None
            if refused:
                app.message = Message("\n".join(refused), MessageKind.ERROR, more=went_through)
            else:
                app.message = went_through
