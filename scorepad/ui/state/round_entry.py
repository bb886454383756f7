"""The round being entered, as the screen shows it: derived from the game and the draft.

The draft holds only what the table said (turned suit, bids, trick counts typed in); the stage,
whose turn it is, which numbers may be tapped and the last trick count are all worked out here
from the engine, so nothing on screen can drift from the rules. No Flet in this module.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property

from scorepad.engine import (
    Game,
    RoundDraft,
    RoundRecord,
    RoundSetup,
    ScorepadError,
    Suit,
    TricksState,
    TrumpCall,
    balance_text,
    bid_options,
    tricks_state,
)
from scorepad.engine.trump import call_trump


class Stage(StrEnum):
    TRUMP = "trump"
    """Waiting for the turned suit."""
    GO = "go"
    """Simultaneous bids: waiting for "ready, set, go"."""
    BIDS = "bids"
    TRICKS = "tricks"
    CONFIRM = "confirm"
    """Everything entered: one tap records the round."""


class Field(StrEnum):
    BID = "bid"
    TRICKS = "tricks"


@dataclass(frozen=True)
class Selection:
    """A player picked to correct an entry already made."""

    field: Field
    player: str


@dataclass(frozen=True)
class PadKey:
    value: int
    enabled: bool


@dataclass(frozen=True)
class PlayerLine:
    name: str
    deals: bool
    leads: bool
    bid: int | None
    tricks: int | None
    tricks_filled_in: bool
    """The trick count was worked out from the others, not entered."""
    points: int | None
    """Points this round would score, once bid and tricks are known."""
    active: bool
    """The number pad is entering this player's value now."""


@dataclass(frozen=True)
class RoundEntry:
    """One round being entered: ``number`` is the next round, or an earlier one being edited.

    Immutable, so what it works out (setup, stage, pad...) is worked out once: a screen asks
    for each several times per render.
    """

    game: Game
    number: int
    draft: RoundDraft
    selection: Selection | None = None

    # --- what the table sees -----------------------------------------------------------------

    @cached_property
    def setup(self) -> RoundSetup:
        return self.game.setup(self.number)

    @property
    def editing(self) -> bool:
        return self.number <= len(self.game.results)

    @cached_property
    def trump(self) -> TrumpCall | None:
        setup = self.setup
        if setup.all_dealt:
            return call_trump(
                self.game.variant.trump_rule, turned=None, all_dealt=True, previous_trump=None
            )
        if self.draft.turned is None:
            return None
        return call_trump(
            self.game.variant.trump_rule,
            turned=self.draft.turned,
            all_dealt=False,
            previous_trump=setup.previous_trump,
        )

    @property
    def bids(self) -> dict[str, int]:
        """The bids so far, in bidding order."""
        order = self.setup.bid_order
        return {name: self.draft.bids[name] for name in order if name in self.draft.bids}

    @cached_property
    def _tricks_state(self) -> TricksState:
        return tricks_state(self.setup, self.draft.tricks)

    @property
    def tricks(self) -> dict[str, int]:
        """Trick counts, the last one filled in once the others are entered."""
        return dict(self._tricks_state.tricks)

    @property
    def filled_in(self) -> str | None:
        return self._tricks_state.filled_in

    @cached_property
    def stage(self) -> Stage:
        setup = self.setup
        if self.trump is None:
            return Stage.TRUMP
        if not setup.sequential_bids and not self.draft.bids_shown and not self.editing:
            return Stage.GO
        if self.selection is not None:
            return Stage.BIDS if self.selection.field is Field.BID else Stage.TRICKS
        if len(self.draft.bids) < len(setup.bid_order):
            return Stage.BIDS
        if len(self.tricks) < len(setup.bid_order):
            return Stage.TRICKS
        return Stage.CONFIRM

    @cached_property
    def active(self) -> str | None:
        """Whose number the pad enters now."""
        stage = self.stage
        if self.selection is not None and stage in (Stage.BIDS, Stage.TRICKS):
            return self.selection.player
        order = self.setup.bid_order
        if stage is Stage.BIDS:
            return next(name for name in order if name not in self.draft.bids)
        if stage is Stage.TRICKS:
            return next(name for name in order if name not in self.tricks)
        return None

    @cached_property
    def pad(self) -> tuple[PadKey, ...]:
        """The number keys 0…cards for the active player, with impossible ones disabled."""
        player = self.active
        cards = self.setup.cards
        if player is None:
            return ()
        if self.stage is Stage.BIDS:
            allowed = set(bid_options(self.setup, self.draft.bids, player).allowed)
            return tuple(PadKey(n, n in allowed) for n in range(cards + 1))
        others = sum(v for name, v in self.draft.tricks.items() if name != player)
        return tuple(PadKey(n, n <= cards - others) for n in range(cards + 1))

    @cached_property
    def pad_note(self) -> str | None:
        """Why a key is disabled, when the hook is the reason."""
        player = self.active
        if player is None or self.stage is not Stage.BIDS:
            return None
        return bid_options(self.setup, self.draft.bids, player).reason

    @property
    def balance(self) -> str:
        return balance_text(sum(self.draft.bids.values()), self.setup.cards)

    @property
    def lines(self) -> tuple[PlayerLine, ...]:
        setup = self.setup
        bids, tricks, filled_in, active = self.bids, self.tricks, self.filled_in, self.active
        variant = self.game.variant
        lines = []
        for name in setup.bid_order:
            bid, took = bids.get(name), tricks.get(name)
            points = (
                variant.points(bid, took, setup.cards)
                if bid is not None and took is not None
                else None
            )
            lines.append(
                PlayerLine(
                    name=name,
                    deals=name == setup.dealer,
                    leads=name == setup.leader,
                    bid=bid,
                    tricks=took,
                    tricks_filled_in=name == filled_in,
                    points=points,
                    active=name == active,
                )
            )
        return tuple(lines)

    def as_record(self) -> RoundRecord:
        """The finished round (the engine checks it again when it is recorded)."""
        return RoundRecord(turned=self.draft.turned, bids=self.bids, tricks=self.tricks)

    # --- what a tap does (each returns the new draft; errors leave it unchanged) ----------------

    def choose_trump(self, suit: Suit) -> RoundDraft:
        if self.setup.all_dealt:
            raise ScorepadError(
                f"round {self.number}: all the cards are dealt, so no card is turned"
            )
        return self.draft.model_copy(update={"turned": suit})

    def say_go(self) -> RoundDraft:
        return self.draft.model_copy(update={"bids_shown": True})

    def enter(self, value: int) -> tuple[RoundDraft, str | None]:
        """Enter ``value`` for the active player; returns the new draft and a note for the
        table when an earlier entry had to be undone to keep the rules."""
        player = self.active
        stage = self.stage
        if player is None or stage not in (Stage.BIDS, Stage.TRICKS):
            raise ScorepadError(f"round {self.number}: nothing is waiting for a number now")
        key = next((k for k in self.pad if k.value == value), None)
        if key is None or not key.enabled:
            if stage is Stage.BIDS:
                note = self.pad_note or f"{player} cannot bid {value} with {self.setup.cards} cards"
            else:
                note = (
                    f"{player} cannot have taken {value}: that makes more than the "
                    f"{self.setup.cards} tricks played"
                )
            raise ScorepadError(f"round {self.number}: {note}")
        if stage is Stage.BIDS:
            return self._with_bid(player, value)
        tricks = dict(self.draft.tricks)
        tricks[player] = value
        return self.draft.model_copy(update={"tricks": tricks}), None

    def _with_bid(self, player: str, value: int) -> tuple[RoundDraft, str | None]:
        bids = dict(self.draft.bids)
        bids[player] = value
        setup = self.setup
        note = None
        dealer = setup.dealer
        if player != dealer and dealer in bids:
            dealer_options = bid_options(setup, bids, dealer)
            if bids[dealer] not in dealer_options.allowed:
                note = (
                    f"{dealer}'s bid of {bids[dealer]} is no longer allowed "
                    f"({dealer_options.reason}); {dealer} bids again"
                )
                del bids[dealer]
        return self.draft.model_copy(update={"bids": bids}), note

    def select(self, field: Field, player: str) -> Selection | None:
        """Pick an entry to correct. The filled-in trick count cannot be picked: it follows
        from the others (change one of those instead)."""
        if player not in self.setup.bid_order:
            raise ScorepadError(f"round {self.number}: {player!r} is not playing")
        if self.trump is None:
            raise ScorepadError(f"round {self.number}: tap the turned suit first")
        if self.stage is Stage.GO:
            raise ScorepadError(f"round {self.number}: say ready, set, go first")
        if (
            field is Field.BID
            and player not in self.draft.bids
            and self.setup.sequential_bids
            and player != self.active
        ):
            raise ScorepadError(
                f"round {self.number}: bids go in order; it is {self.active}'s turn"
            )
        if field is Field.TRICKS:
            if len(self.draft.bids) < len(self.setup.bid_order):
                raise ScorepadError(f"round {self.number}: enter everyone's bid first")
            if player == self.filled_in:
                raise ScorepadError(
                    f"round {self.number}: {player}'s tricks are worked out from the others'; "
                    "correct one of theirs instead"
                )
        natural_stage = Stage.BIDS if field is Field.BID else Stage.TRICKS
        if self.selection is None and self.stage is natural_stage and player == self.active:
            return None  # already the one the pad is entering
        return Selection(field, player)


def draft_from_round(game: Game, number: int) -> RoundDraft:
    """A recorded round as a draft to edit: the last trick count left to be filled in."""
    result = game.results[number - 1]
    last = result.bid_order[-1]
    return RoundDraft(
        turned=result.turned,
        bids=dict(result.bids),
        bids_shown=True,
        tricks={name: count for name, count in result.tricks.items() if name != last},
    )
