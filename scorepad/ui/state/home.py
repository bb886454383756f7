"""The home screen: the game list, opening (or resuming) a game, importing records (a damaged
file's recovery is :mod:`~scorepad.ui.state.problem`'s).

No Flet here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Protocol

from scorepad.engine import clipped
from scorepad.i18n import N_, number, tr, tr_n
from scorepad.store import GameSummary, ListedStatus
from scorepad.ui.state.app_services import AppActions
from scorepad.ui.state.backups import backup_file, read_picked_backup, restored_in_words
from scorepad.ui.state.display_names import NO_NAMES, DisplayNames
from scorepad.ui.state.game import GameController
from scorepad.ui.state.imports import PickedFile, Refused, import_files
from scorepad.ui.state.listings import LIST_ORDER
from scorepad.ui.state.screens import Message, MessageKind
from scorepad.ui.state.secret_bids import names_and


class HomeApp(AppActions, Protocol):
    """What the game list uses of the app: the game it opens (and whose way of saving a
    file the backup takes), and whether the games live in a browser (changes saved after
    the action, ``saved_through``: only there)."""

    @property
    def game(self) -> GameController: ...

    saved_through: int | None


SECTION_TITLES = {
    # TRANSLATORS: a heading of the list of games
    ListedStatus.IN_PROGRESS: N_("In progress"),
    # TRANSLATORS: a heading of the list of games
    ListedStatus.FINISHED: N_("Finished"),
    # TRANSLATORS: a heading of the list of games: games ended before their last round
    ListedStatus.ABANDONED: N_("Ended early"),
    # TRANSLATORS: a heading of the list of games: games whose file is damaged
    ListedStatus.DAMAGED: N_("Cannot be read"),
}
"""Each heading of the game list, in English (marked for the catalogue: :attr:`Home.sections`
says them in the reader's language)."""


# TRANSLATORS: "Share" and "Add to Home Screen" are the names of Safari's menu entries
SAFETY_NOTE = N_(
    "These games live in this browser only, and a browser may clear them: Safari does after "
    "7 days without a visit, unless scorepad was added to the home screen (Share, then Add to "
    "Home Screen). Add it there, and back up now and then: the file restores on any device."
)
"""Said on the game list where the games live in a browser (in English, marked for the
catalogue: :attr:`Home.safety_note` says it in the reader's language)."""

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
                sections.append(Section(tr(SECTION_TITLES[status]), chosen))
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
                return names_and(people)
            each = max(SHORTEST_NAME, name_limit // len(people))
            return names_and([clipped(person, each) for person in people])

        if summary.status == ListedStatus.FINISHED:
            # TRANSLATORS: under a finished game on the list ("won by Ann and Bob")
            return tr("won by {players}").format(players=said(summary.winners))
        if summary.status == ListedStatus.ABANDONED:
            # TRANSLATORS: under a game ended early on the list; the English says "rounds"
            # for any count
            return tr_n(
                "ended after {played} of {count} rounds",
                "ended after {played} of {count} rounds",
                total,
            ).format(played=number(played), count=number(total))
        if played < total:
            # TRANSLATORS: under a game in progress on the list: the round to play next
            upcoming = tr("next: round {round} of {count}").format(
                round=number(played + 1), count=number(total)
            )
        else:
            # TRANSLATORS: under a game in progress on the list, every round recorded
            upcoming = tr("all rounds played")
        leaders, totals = summary.leaders, summary.standing_totals
        if played == 0 or not leaders:
            return upcoming
        if len(leaders) > 1:
            counted = name_limit is not None and len(leaders) > LEADERS_NAMED
            who = said(leaders)
            if counted:
                # TRANSLATORS: tied leaders counted, not named ("5 players are level at 40")
                who = tr_n("{count} player", "{count} players", len(leaders)).format(
                    count=len(leaders)
                )
            if totals:
                # TRANSLATORS: tied leaders of a game in progress ("Ann and Bob are level at 40")
                level = tr_n(
                    "{players} is level at {total}", "{players} are level at {total}", len(leaders)
                ).format(players=who, total=number(totals[0]))
            else:
                # TRANSLATORS: tied leaders of a game in progress ("Ann and Bob are level")
                level = tr_n("{players} is level", "{players} are level", len(leaders)).format(
                    players=who
                )
            return f"{upcoming} · {level}"
        if len(totals) > 1:
            # TRANSLATORS: the leader of a game in progress, then the best total behind
            ahead = tr("{player} is ahead, {total} to {next}").format(
                player=said(leaders), total=number(totals[0]), next=number(totals[1])
            )
            return f"{upcoming} · {ahead}"
        # TRANSLATORS: the leader of a game in progress (a list kept before totals were)
        ahead = tr("{player} is ahead").format(player=said(leaders))
        return f"{upcoming} · {ahead}"

    def open_game(self, game_id: str) -> None:
        """Open a game to play on, correct, or look back at."""
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("open the game")):
            self._app.game.show(self._app.reader.load_game(game_id))

    @property
    def safety_note(self) -> str | None:
        """Why to back up, where the games live in this browser only (the offline app):
        browsers may clear a site's storage, Safari after seven days unused unless the app
        was added to the home screen. ``None`` where the games are in a folder on disk."""
        if self._app.saved_through is None:  # saved when the store call returns: a disk
            return None
        return tr(SAFETY_NOTE)

    def back_up_all(self, today: date | None = None) -> None:
        """Save every game, the roster and the house rules as one file (a download in a
        browser): the file ``scorepad backup`` writes, and :meth:`restore_backup` reads."""
        app = self._app
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with app.action(tr("back up all games")):
            app.game.save_file(backup_file(app.store, today or date.today()))

    def restore_backup(self, files: Sequence[PickedFile]) -> None:
        """Restore the backup file picked, adding what this device lacks (a merge: nothing
        here is changed or deleted), and say what came in. A file that is not a backup is
        refused whole, saying why; nothing picked (the chooser closed) changes nothing."""
        if not files:
            return
        app = self._app
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with app.action(tr("restore the backup")):
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
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with app.action(tr("import the games")):
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
