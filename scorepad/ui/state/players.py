"""The players' screen: the all-time leaderboard with the roster (rename, merge, undo); one
player's page is :mod:`~scorepad.ui.state.player_page`.

Both read the store's catalogue, never the game files, once per screen and again only after a
change. The leaderboard asks the store for its sums (``store.player_stats``: the catalogue's
rows added up, no model per game, as ``scorepad stats`` does); a player's page needs each of
their games for its chart, so it reads ``game_results`` and sums them with the engine's
``player_stats``. The rules are the engine's either way, so the app, ``scorepad stats`` and
the ledger agree to the cent. Games keep the names they were played under; the roster's
``current_names`` says who each name is now, so a renamed or merged player's old games count
under the name shown. No Flet here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol

from scorepad.engine import (
    MIN_GAMES,
    PlayerStats,
    ScorepadError,
    format_cents,
    leaderboard,
    name_key,
    quoted,
)
from scorepad.i18n import N_, describe, say, tr
from scorepad.store import NameTakenError, RosterPlayer, Settings, StoreError
from scorepad.ui.state.app_services import AppActions
from scorepad.ui.state.errors import ActionRefused
from scorepad.ui.state.ledger import MoneyLedger
from scorepad.ui.state.player_page import PlayerPage
from scorepad.ui.state.screens import Message, MessageKind, Screen


class PlayersApp(AppActions, Protocol):
    """What the players' screens use of the app: the leaderboard and a player's page open
    each other, and a rename reaches the ledger's names."""

    @property
    def ledger(self) -> MoneyLedger: ...

    @property
    def players(self) -> Players: ...

    @property
    def player_page(self) -> PlayerPage: ...


NO_MONEY = "—"
"""The money of a player none of whose games (of those shown) had a stake."""
# TRANSLATORS: what a screen reader says for a player none of whose games had a stake
NO_MONEY_WORDS = N_("no money games")
""":data:`NO_MONEY` as a screen reader says it (marked for the catalogue: ``tr(NO_MONEY_WORDS)``
where it is said)."""
MOST_MIN_GAMES = 1000
"""The highest minimum the setting takes: beyond it nobody could be ranked."""


class PlayersRefused(ActionRefused):
    """A value typed on the players' screens that cannot be used; the message says why."""


class MinGamesTypedError(PlayersRefused):
    """The minimum number of games is not a whole number from 1 to :data:`MOST_MIN_GAMES`.

    >>> str(MinGamesTypedError("x"))
    "the minimum number of games must be a whole number from 1 to 1000, not 'x'"
    """

    def __init__(self, typed: str) -> None:
        self.typed = typed
        super().__init__(
            tr(
                "the minimum number of games must be a whole number from 1 to {most}, not {typed}"
            ).format(most=MOST_MIN_GAMES, typed=quoted(typed))
        )


def percent(rate: float | None) -> str:
    """A rate as a whole percentage; "–" when there is nothing to divide by.

    >>> percent(2 / 3), percent(None), percent(1.0)
    ('67%', '–', '100%')
    """
    # TRANSLATORS: a whole percentage ("75%")
    return "–" if rate is None else tr("{percent}%").format(percent=round(rate * 100))


class RosterTask(StrEnum):
    """What the players' screen's dialog is for."""

    RENAME = "rename"
    MERGE = "merge"
    CURRENCY = "currency"


@dataclass
class RosterDialog:
    """The dialog on show: renaming or merging ``name``, or the currency symbol.

    ``text`` is the new name, the player to merge into, or the symbol; ``error`` why the
    last try was refused (the dialog stays open with it); ``merge_into`` the player whose
    name was taken, offered as a merge instead of a rename.
    """

    task: RosterTask
    name: str = ""
    text: str = ""
    error: str | None = None
    merge_into: str | None = None


@dataclass
class _Read:
    """What the players' screens read from the store, kept until something changes."""

    readable: bool = True
    """``False`` when the store could not be read: no numbers show until the next read."""
    variants: list[str] = field(default_factory=list)
    """The variants of the readable games, by name (ended or not)."""
    roster: list[RosterPlayer] = field(default_factory=list)
    undo_label: str | None = None
    symbol: str = "$"
    standings: dict[str | None, list[PlayerStats]] = field(default_factory=dict)
    """Each variant's players' records (``None``: every game), asked of the store once per
    read: a screen draws many times."""


class Players:
    """The players' screen (``/players``): the leaderboard per variant and the roster."""

    def __init__(self, app: PlayersApp) -> None:
        self._app = app
        self.variant: str | None = None
        """The variant whose leaderboard shows; ``None`` for every game."""
        self.min_games = MIN_GAMES
        self.min_games_text = str(MIN_GAMES)
        """The field as typed: a bad value stays in the field with its error, the table keeps
        the last good minimum."""
        self.min_games_error: str | None = None
        self.dialog: RosterDialog | None = None
        self._read: _Read | None = None

    # --- reading -------------------------------------------------------------------------

    def forget(self) -> None:
        """The store changed: read afresh on the next look."""
        self._read = None

    @property
    def read(self) -> _Read:
        """The store's variants, roster and the chosen variant's records; a store that cannot
        be read says why in the message line and shows nothing (never a wrong number)."""
        if self._read is None:
            read = _Read()
            store = self._app.reader
            try:
                read.standings[self.variant] = self._players_of(self.variant)
                summaries = store.list_games()
                read.roster = store.roster()
                read.undo_label = store.roster_change_to_undo()
                read.symbol = store.settings().currency_symbol
            except (StoreError, ScorepadError) as problem:
                read = _Read(readable=False)
                self._cannot_read(problem)
            else:
                played = {s.variant for s in summaries if s.problem is None}  # damaged: "?"
                read.variants = sorted(played, key=str.casefold)
            self._read = read
        return self._read

    def _players_of(self, variant: str | None) -> list[PlayerStats]:
        """Every player's records over ``variant``'s games (``None``: all), under their
        current names, summed by the store from its catalogue (the screen shows no bid
        accuracy by hand size, so none is added up)."""
        return self._app.reader.player_stats(variant=variant, hands=False)

    def _cannot_read(self, problem: Exception) -> None:
        self._app.message = Message(
            tr("the players' records cannot be read right now: {problem}").format(
                problem=describe(problem)
            ),
            MessageKind.ERROR,
        )

    @property
    def symbol(self) -> str:
        return self.read.symbol

    def money(self, cents: int) -> str:
        """Money in the table's currency symbol ("$1.20", "-€0.45")."""
        return format_cents(cents, self.symbol)

    def net_money(self, stats: PlayerStats) -> str:
        """A player's net money as shown, or :data:`NO_MONEY` when none of their games had a
        stake: a game without one has no money, and "$0.00" would say they broke even."""
        return self.money(stats.cents) if stats.money_games else NO_MONEY

    @property
    def variants(self) -> list[str]:
        """The variants played, by name: the leaderboard's choices besides every game."""
        return self.read.variants

    @property
    def standings(self) -> list[PlayerStats]:
        """Every player of the chosen variant's games (ended ones count), before ranking."""
        return self._ask_standings()

    def _ask_standings(self) -> list[PlayerStats]:
        """:attr:`standings`, asked of the store the first time after a read."""
        read = self.read
        if not read.readable:
            return []
        if self.variant not in read.standings:
            try:
                read.standings[self.variant] = self._players_of(self.variant)
            except (StoreError, ScorepadError) as problem:
                self._cannot_read(problem)
                read.standings[self.variant] = []
        return read.standings[self.variant]

    @property
    def ranked(self) -> list[PlayerStats]:
        """The leaderboard: most wins, then win rate, then money; players with fewer than
        :attr:`min_games` games are left out (see :attr:`unranked`)."""
        return leaderboard(self.standings, min_games=self.min_games)

    @property
    def unranked(self) -> list[str]:
        """Players of the chosen games with fewer than :attr:`min_games` games."""
        return [s.name for s in self.standings if s.games < self.min_games]

    @property
    def roster(self) -> list[RosterPlayer]:
        return self.read.roster

    @property
    def undo_label(self) -> str | None:
        """The roster change Undo would take back, in words ("rename Bob to Robert"), if any."""
        label = self.read.undo_label
        return None if label is None else in_words(say(label))

    # --- actions ---------------------------------------------------------------------------

    def open(self) -> None:
        """The players' screen, read afresh."""
        app = self._app
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with app.action(tr("show the players")):
            app.show_home()  # close whatever was open (a game) first
            self.forget()
            self.dialog = None
            app.screen = Screen.PLAYERS

    def choose_variant(self, variant: str | None) -> None:
        """The leaderboard of one variant's games (``None`` or "" for all of them)."""
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("choose the variant")):
            if variant and variant not in self.variants:
                raise PlayersRefused(
                    tr("no games of {variant} have been played; pick one of the list").format(
                        variant=quoted(variant)
                    )
                )
            self.variant = variant or None
            self._ask_standings()  # now: a refusal shows in this action's message line

    def set_min_games(self, typed: str) -> None:
        """The minimum number of games to be ranked, as typed: applied at each key (a text
        that is no minimum keeps the last good one, with the reason under the field)."""
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("change the minimum number of games")):
            self.min_games_text = typed
            try:
                value = int(typed.strip())
            except ValueError:
                value = 0
            if not 1 <= value <= MOST_MIN_GAMES:
                self.min_games_error = describe(MinGamesTypedError(typed))
                return
            self.min_games = value
            self.min_games_error = None

    def open_player(self, name: str) -> None:
        self._app.player_page.open(name)

    # --- the dialog: rename, merge, currency ------------------------------------------------

    def start_rename(self, name: str) -> None:
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("rename the player")):
            # an empty field: the new name is typed whole, not appended to the old one
            self.dialog = RosterDialog(RosterTask.RENAME, name)

    def start_merge(self, name: str) -> None:
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("merge the player")):
            others = self.merge_choices(name)
            if not others:
                raise PlayersRefused(
                    tr(
                        "{player} is the only player on the roster: there is nobody to merge into"
                    ).format(player=name)
                )
            self.dialog = RosterDialog(RosterTask.MERGE, name, text=others[0])

    def start_currency(self) -> None:
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("change the currency symbol")):
            self.dialog = RosterDialog(RosterTask.CURRENCY, text=self.symbol)

    def merge_choices(self, name: str) -> list[str]:
        """Who ``name`` can be merged into: everyone else on the roster."""
        return [p.name for p in self.roster if name_key(p.name) != name_key(name)]

    def type_in_dialog(self, text: str) -> None:
        """The dialog's field changed (a keystroke, or the player to merge into picked): kept
        for Save, without drawing the screen again. A redraw would send the field's text back
        to the browser, and on a slow connection the echo of "Rob" arrives after "Robert" was
        typed, eating the last letters (the field keeps its own text; the dialog only
        listens). The last refusal stays on show until the next try."""
        if self.dialog is not None:
            self.dialog.text = text

    def submit_dialog(self, text: str) -> None:
        """Enter in the dialog's field: save with the text as submitted (the submit event
        carries it, so a keystroke still on its way cannot be lost)."""
        if self.dialog is not None:
            self.dialog.text = text
            self.save_dialog()

    def cancel_dialog(self) -> None:
        """Close the dialog, changing nothing. A dialog already closed (Flet reports its
        dismissal after the app closed it) leaves the message line alone."""
        if self.dialog is None:
            return
        # TRANSLATORS: completes "Something went wrong while trying to …" (a dialog)
        with self._app.action(tr("cancel")):
            self.dialog = None

    def save_dialog(self) -> None:
        """Do what the dialog asks; a refusal stays in the dialog, where the user is looking,
        and changes nothing."""
        dialog = self.dialog
        if dialog is None:
            return
        app = self._app
        with app.action(_dialog_action(dialog.task)):
            try:
                done = self._carry_out(dialog)
            except (StoreError, ScorepadError) as problem:
                dialog.error = _sentence(describe(problem))
                # a name taken by another player: offer to merge into them instead
                dialog.merge_into = problem.owner if isinstance(problem, NameTakenError) else None
                return
            self.dialog = None
            self.forget()
            app.lists.forget()  # the new-game form's roster
            app.player_page.forget()
            app.message = Message(done)

    def _carry_out(self, dialog: RosterDialog) -> str:
        store = self._app.store
        if dialog.task is RosterTask.CURRENCY:
            saved = store.save_settings(Settings(currency_symbol=dialog.text))
            self._app.ledger.use_symbol(saved.currency_symbol)  # its dialog is this one
            return tr("Money is shown as {amount} now.").format(
                amount=format_cents(123, saved.currency_symbol)
            )
        if dialog.task is RosterTask.RENAME:
            player = store.rename_player(dialog.name, dialog.text)
            return tr(
                "Renamed {old} to {new}: their games count under the new name. Undo takes it back."
            ).format(old=dialog.name, new=player.name)
        player = store.merge_players(dialog.name, dialog.text)
        return tr(
            "Merged {old} into {new}: one player with both records. Undo takes it back."
        ).format(old=dialog.name, new=player.name)

    def merge_instead(self) -> None:
        """Merge into the player whose name a rename found taken."""
        dialog = self.dialog
        if dialog is None or dialog.merge_into is None:
            return
        self.dialog = RosterDialog(RosterTask.MERGE, dialog.name, text=dialog.merge_into)
        self.save_dialog()

    def undo(self) -> None:
        """Take back the last rename or merge."""
        app = self._app
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with app.action(tr("undo the roster change")):
            if self.undo_label is None:
                self.forget()
                raise PlayersRefused(tr("there is no rename or merge to undo"))
            undone = app.store.undo_roster_change()
            self.forget()
            app.lists.forget()
            app.player_page.forget()
            app.message = Message(tr("Undone: {change}.").format(change=in_words(say(undone))))


def in_words(label: str) -> str:
    """A roster change's label with its arrow said in words: the app's text font has no
    arrow (it drew a box until the symbol font arrived), and "to" reads out better.

    >>> in_words("rename Bob → Robert")
    'rename Bob to Robert'
    """
    return label.replace(" → ", " to ")


def _dialog_action(task: RosterTask) -> str:
    """What the dialog's Save does, as a failure names it."""
    if task is RosterTask.RENAME:
        # TRANSLATORS: completes "Something went wrong while trying to …"
        return tr("rename the player")
    if task is RosterTask.MERGE:
        # TRANSLATORS: completes "Something went wrong while trying to …"
        return tr("merge the player")
    # TRANSLATORS: completes "Something went wrong while trying to …"
    return tr("change the currency symbol")


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text
