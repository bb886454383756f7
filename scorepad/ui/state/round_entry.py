"""The round being entered, as the screen shows it: a thin translator to the engine.

Every rule of entering a round (the stage, whose turn it is, which keys are open and why, the
dealer's re-bid after a hook correction, the cap on trick counts, the trump when the whole deck
is dealt, which entries may be picked for correction) lives in :mod:`scorepad.engine.pad`;
:meth:`Game.entry <scorepad.engine.Game.entry>` works it out. This module only keeps the names
the screens use and passes taps on. No Flet in this module.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from scorepad.engine import (
    Field,
    Game,
    PadKey,
    PlayerLine,
    RoundDraft,
    RoundEntryState,
    RoundRecord,
    RoundSetup,
    Selection,
    Stage,
    Suit,
    TrumpCall,
)

__all__ = [
    "Field",
    "PadKey",
    "PlayerLine",
    "RoundEntry",
    "Selection",
    "Stage",
    "draft_from_round",
]


@dataclass(frozen=True)
class RoundEntry:
    """One round being entered: ``number`` is the next round, or an earlier one being edited.

    Immutable, so the engine works the state out once: a screen asks for each part several
    times per render.
    """

    game: Game
    number: int
    draft: RoundDraft
    selection: Selection | None = None

    @cached_property
    def state(self) -> RoundEntryState:
        """The engine's view of this round (the draft checked against the game)."""
        return self.game.entry(self.number, self.draft, self.selection)

    # --- what the table sees -----------------------------------------------------------------

    @property
    def setup(self) -> RoundSetup:
        return self.state.setup

    @property
    def editing(self) -> bool:
        return self.state.editing

    @property
    def trump(self) -> TrumpCall | None:
        return self.state.trump

    @property
    def bids(self) -> dict[str, int]:
        """The bids so far, in bidding order."""
        return dict(self.state.bids)

    @property
    def tricks(self) -> dict[str, int]:
        """Trick counts, the last one filled in once the others are entered."""
        return dict(self.state.tricks)

    @property
    def filled_in(self) -> str | None:
        return self.state.filled_in

    @property
    def stage(self) -> Stage:
        return self.state.stage

    @property
    def active(self) -> str | None:
        """Whose number the pad enters now."""
        return self.state.active

    @property
    def pad(self) -> tuple[PadKey, ...]:
        """The number keys 0…cards for the active player, with impossible ones disabled."""
        return self.state.pad

    @property
    def pad_note(self) -> str | None:
        """Why keys are disabled: the hook on a bid, or the tricks the others already took
        on a trick count."""
        return self.state.pad_note

    @property
    def balance(self) -> str:
        return self.state.balance

    @property
    def lines(self) -> tuple[PlayerLine, ...]:
        return self.state.lines

    def as_record(self) -> RoundRecord:
        """The finished round; a typed ``RoundIncompleteError`` says what is missing."""
        return self.state.record()

    # --- what a tap does (each returns the new draft; errors leave it unchanged) ----------------

    def choose_trump(self, suit: Suit) -> RoundDraft:
        return self.state.choose_trump(suit)

    def say_go(self) -> RoundDraft:
        return self.state.say_go()

    def enter(self, value: int) -> tuple[RoundDraft, str | None]:
        """Enter ``value`` for the active player; returns the new draft and a note for the
        table when an earlier entry had to be undone to keep the rules."""
        return self.state.enter(value)

    def select(self, field: Field, player: str) -> Selection | None:
        """Pick an entry to correct (``None``: the one the pad is entering anyway)."""
        return self.state.select(field, player)


def draft_from_round(game: Game, number: int) -> RoundDraft:
    """A recorded round as a draft to edit: the last trick count left to be filled in."""
    return game.draft_of(number)
