"""The open game: the stored game, the round being entered or corrected, and what the screen
derives from them (the round's entry, the score sheet, the names as the table calls them).
Changed only by :class:`~scorepad.ui.state.game.GameController`. No Flet here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from scorepad.engine import (
    DOLLAR,
    Game,
    RoundDraft,
    RoundEntryState,
    ScoreSheet,
    Selection,
    Variant,
)
from scorepad.i18n import tr
from scorepad.store.models import StoredGame, UndoStep
from scorepad.ui.state.display_names import NO_NAMES, DisplayNames, RosterNames
from scorepad.ui.state.history import fitted_draft
from scorepad.ui.state.table_form import TableForm


class GameTab(StrEnum):
    ROUND = "round"
    SHEET = "sheet"


def own_copy_note(stored: StoredGame, saved_rules: Sequence[Variant]) -> str | None:
    """What to say when the saved house rules of this game's name now differ from the copy
    the game was started with (a game is played by the rules it started with)."""
    played = stored.game.variant
    now = next((v for v in saved_rules if v.name.casefold() == played.name.casefold()), None)
    if now is None or now.model_dump() == played.model_dump():  # the settings, not any old text
        return None
    return tr(
        "Played with its own copy of {rules}: the house rules were changed after "
        "this game started, and the changes apply to new games only."
    ).format(rules=played.name)


@dataclass
class GameSession:
    """The open game: what is stored (with its undo steps), plus what only this screen knows."""

    stored: StoredGame
    editing: int | None = None
    """The earlier round being corrected, if any."""
    edit_draft: RoundDraft | None = None
    edit_undo: list[UndoStep] = field(default_factory=list)
    """Taps on the round being corrected, for undo while correcting (kept in memory only: the
    saved correction is one step of the game's own history)."""
    selection: Selection | None = None
    changes: list[str] = field(default_factory=list)
    """What the last correction changed, shown until the next action."""
    tab: GameTab = GameTab.ROUND
    edit_from: GameTab = GameTab.ROUND
    """The tab a correction was started from: saving it goes back there (a fix made from the
    score sheet ends on the sheet, to check it)."""
    names: DisplayNames = NO_NAMES
    """The players as the screens show them: as they are known now (the record, and every
    action on it, keeps the names the game was played under). Read once when the game opens:
    a rename happens on another screen, and a tap must not read the roster."""
    symbol: str = DOLLAR
    """The table's currency symbol, in which the screens and the exported pad show the
    game's money. Read once when the game opens, like the names."""
    changed_elsewhere: bool = False
    """Another session changed the game during a correction here: the correction cannot be
    saved (the game moved on); Cancel shows the game as it is now."""
    rules_note: str | None = None
    """Said on the sheet when the house rules this game was started with were changed
    since: the game keeps its own copy (the rules it was played by), and says so."""
    table_form: TableForm | None = None
    """The Table dialog, while it is open: a change of the table being filled in."""

    @classmethod
    def opening(
        cls,
        stored: StoredGame,
        roster: RosterNames | None = None,
        symbol: str = DOLLAR,
        saved_rules: Sequence[Variant] = (),
    ) -> tuple[GameSession, str | None]:
        """A session on a game as loaded (its players shown as ``roster`` knows them now,
        its money in the currency ``symbol``), and a note for the table when the stored round
        being entered no longer fits the game's next round (it opens as an empty round; the
        file is left as it is until the next tap)."""
        fitted = fitted_draft(stored.game, stored.draft)
        if fitted.note is not None:
            stored = stored.model_copy(update={"draft": None}).knowing(stored.game)
        names = NO_NAMES if roster is None else roster.for_game(stored.game.record.players)
        session = cls(
            stored=stored, names=names, symbol=symbol, rules_note=own_copy_note(stored, saved_rules)
        )
        if stored.game.next_round is None:
            session.tab = GameTab.SHEET
        return session, fitted.note

    @property
    def game(self) -> Game:
        return self.stored.game

    @property
    def can_continue(self) -> bool:
        """The game was ended early and can be taken up again."""
        return self.game.record.abandoned

    @property
    def undo_steps(self) -> tuple[UndoStep, ...]:
        """What undo takes back, newest last: the game's history, then taps on a correction."""
        return (*self.stored.undo, *self.edit_undo)

    @property
    def draft(self) -> RoundDraft:
        if self.editing is not None:
            return self.edit_draft or RoundDraft()
        return self.stored.draft or RoundDraft()

    @property
    def entry(self) -> RoundEntryState | None:
        """The round on the pad: the one being corrected, or the next one (None when over)."""
        game = self.game
        if self.editing is not None:
            return game.entry(self.editing, self.draft, self.selection)
        if game.next_round is None:
            return None
        return game.entry(len(game.results) + 1, self.draft, self.selection)

    @property
    def sheet(self) -> ScoreSheet:
        return self.game.sheet

    def stop_editing(self) -> None:
        """Back from correcting an earlier round to the round being entered."""
        self.editing = None
        self.edit_draft = None
        self.edit_undo = []
        self.selection = None

    def show_the_likely_tab(self) -> None:
        """The round while there is one to enter, else the score sheet."""
        self.tab = GameTab.ROUND if self.game.next_round is not None else GameTab.SHEET
