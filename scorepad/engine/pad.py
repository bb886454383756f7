"""A round being entered on the pad, checked against its game: every rule of entry in one place.

The draft (:class:`~scorepad.engine.record.RoundDraft`) holds only what the table said. A
:class:`RoundEntryState`, from :meth:`scorepad.engine.game.Game.entry`, says what follows from
it: the trump, the stage, whose number the pad enters, which keys are open and why the others
are not, the last trick count filled in, what each player would score. Its transitions (turn a
card, say go, tap a number, pick an entry to correct) return the next draft, or raise a typed
:class:`~scorepad.engine.errors.EntryRefusedError` with the words for the table. A screen only
shows the state and passes taps on.

The tricks are counted at the end (the default), or marked as they fall: ``choose_tally``,
``mark_trick`` and ``undo_trick``, with the rules of :mod:`scorepad.engine.tally`; the state's
``tally`` then says how each player stands, and the counts follow from the marks.

Golf, Ann Bob Cat with Cat dealing (the hook: the bids may not add up to the tricks):

>>> from scorepad.engine.game import Game
>>> from scorepad.engine.record import RoundDraft
>>> game = Game.start("golf", ["Ann", "Bob", "Cat"], first_dealer="Cat")
>>> entry = game.entry(1, RoundDraft())
>>> entry.stage
<Stage.TRUMP: 'trump'>
>>> entry = game.entry(1, entry.choose_trump(Suit.HEARTS))
>>> str(entry.trump.note), entry.stage, entry.active
('hearts turned: hearts are trump', <Stage.BIDS: 'bids'>, 'Ann')
>>> entry = game.entry(1, entry.enter(0).draft)
>>> entry = game.entry(1, entry.enter(0).draft)
>>> [key.value for key in entry.pad if key.enabled], str(entry.pad_note)
([0], 'Cat deals and may not bid 1: the bids would add up to 1, the number of tricks')
>>> entry.enter(1)
Traceback (most recent call last):
...
scorepad.engine.errors.PadKeyError: round 1: Cat deals and may not bid 1: the bids would add \
up to 1, the number of tricks

Once the bids are in, the last trick count is filled in from the others:

>>> entry = game.entry(1, entry.enter(0).draft)
>>> entry = game.entry(1, entry.enter(1).draft)
>>> entry = game.entry(1, entry.enter(0).draft)
>>> entry.stage, dict(entry.tricks), entry.filled_in
(<Stage.CONFIRM: 'confirm'>, {'Ann': 1, 'Bob': 0, 'Cat': 0}, 'Cat')
>>> [(line.name, line.points) for line in entry.lines]
[('Ann', 0), ('Bob', 10), ('Cat', 10)]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from pydantic import BaseModel, ConfigDict, InstanceOf

from scorepad.engine.cards import Suit
from scorepad.engine.entry import balance_text, bid_options, tricks_state
from scorepad.engine.errors import (
    AllTricksMarkedError,
    EntryRefusedError,
    NoCardToTurnError,
    NothingToEnterError,
    NoTrickToUndoError,
    PadKeyError,
    RoundIncompleteError,
    SelectionRefusedError,
    TallyModeError,
    TrickWinnerError,
)
from scorepad.engine.frozen import FrozenDict
from scorepad.engine.message import Listing, Message
from scorepad.engine.record import RoundDraft, RoundRecord
from scorepad.engine.sheet import RoundSetup
from scorepad.engine.tally import Tally, tally_of
from scorepad.engine.text import quoted
from scorepad.engine.trump import TrumpCall

__all__ = [
    "Entered",
    "EntryRefusedError",
    "Field",
    "PadKey",
    "PlayerLine",
    "RoundEntryState",
    "Selection",
    "Stage",
]


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


class PadKey(BaseModel):
    """One number key of the pad."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    value: int
    enabled: bool
    reason: InstanceOf[Message] | None = None
    """Why the key is disabled: the hook, or more tricks than are left."""


class PlayerLine(BaseModel):
    """One player's row of the round."""

    model_config = ConfigDict(frozen=True, defer_build=True)

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


class Entered(NamedTuple):
    """A number entered: the new draft, and a note for the table when an earlier entry had
    to be taken back to keep the rules (the dealer bids again after a hook correction)."""

    draft: RoundDraft
    note: Message | None


class RoundEntryState(BaseModel):
    """Round ``setup.number`` with ``draft`` entered so far; worked out by :meth:`Game.entry
    <scorepad.engine.game.Game.entry>`, which checks the draft against the game first."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    setup: RoundSetup
    draft: RoundDraft
    selection: Selection | None
    editing: bool
    """An earlier, recorded round being corrected (no "ready, set, go" again)."""
    trump: TrumpCall | None
    """``None`` until the turned suit is tapped (a round that deals every card has its
    no-trump call at once)."""
    bids: FrozenDict[str, int]
    """The bids so far, in bidding order."""
    tricks: FrozenDict[str, int]
    """Trick counts, the last one filled in once the others are entered."""
    filled_in: str | None
    stage: Stage
    active: str | None
    """Whose number the pad enters now."""
    pad: tuple[PadKey, ...]
    """The keys 0…cards for the active player, each open or closed with the reason."""
    pad_note: InstanceOf[Message] | None
    """Why keys are closed, for the line under the prompt: the hook on a bid, or the tricks
    the others already took on a trick count (with what to lower to open them)."""
    balance: InstanceOf[Message]
    lines: tuple[PlayerLine, ...]
    tally: Tally | None = None
    """The tricks marked as they fall, when the table chose that over counting at the end
    (the lines then show the tricks taken so far)."""

    @property
    def number(self) -> int:
        return self.setup.number

    @property
    def tallying(self) -> bool:
        """The tricks are marked as they fall (the pad shows a button per player)."""
        return self.tally is not None

    # --- what a tap does (each returns the new draft; errors leave it unchanged) ----------------

    def choose_trump(self, suit: Suit) -> RoundDraft:
        if self.setup.all_dealt:
            raise NoCardToTurnError(
                self.number, Message("all the cards are dealt, so no card is turned")
            )
        if not self.setup.card_turned:
            raise NoCardToTurnError(
                self.number, Message("no card is turned: these rules know the trump already")
            )
        return self.draft.model_copy(update={"turned": suit})

    def say_go(self) -> RoundDraft:
        return self.draft.model_copy(update={"bids_shown": True})

    def enter(self, value: int) -> Entered:
        """Enter ``value`` for the active player."""
        player, stage = self.active, self.stage
        if player is None or stage not in (Stage.BIDS, Stage.TRICKS):
            raise NothingToEnterError(self.number, Message("nothing is waiting for a number now"))
        key = next((k for k in self.pad if k.value == value), None)
        if key is None or not key.enabled:
            reason = key.reason if key is not None else None
            raise PadKeyError(self.number, player, value, reason or self._out_of_range(value))
        if stage is Stage.BIDS:
            return self._with_bid(player, value)
        return self._with_tricks(player, value)

    def _out_of_range(self, value: int) -> Message:
        if self.stage is Stage.BIDS:
            return Message(
                "{player} cannot bid {bid} with {cards} cards",
                player=str(self.active),
                bid=value,
                cards=self.setup.cards,
            )
        return _trick_cap_reason(str(self.active), value, self.setup.cards)

    def _with_bid(self, player: str, value: int) -> Entered:
        """The bid entered; a dealer's bid the hook now forbids is taken back, with a note."""
        bids = self.draft.bids | {player: value}
        dealer = self.setup.dealer
        note = None
        if player != dealer and dealer in bids:
            dealer_options = bid_options(self.setup, bids, dealer)
            if bids[dealer] not in dealer_options.allowed:
                note = _bids_again(dealer, bids[dealer], dealer_options.reason)
                bids = bids.without(dealer)
        return Entered(self.draft.model_copy(update={"bids": bids}), note)

    def _with_tricks(self, player: str, value: int) -> Entered:
        """The count entered. Correcting a recorded round, a count above what the others
        leave moves the difference from the one other player holding tricks, and says so:
        a trick moved from Dan to Eve is one tap on Eve's count."""
        tricks = self.draft.tricks | {player: value}
        excess = sum(tricks.values()) - self.setup.cards
        if excess <= 0:
            return Entered(self.draft.model_copy(update={"tricks": tricks}), None)
        others = tricks.without(player)
        giver = _only_holder(others)
        if not self.editing or giver is None or others[giver] < excess:  # the pad refused it
            raise PadKeyError(self.number, player, value, self._out_of_range(value))
        had = others[giver]
        tricks = tricks | {giver: had - excess}
        note = Message(
            "{giver} took {had} → {now}, {player} {value}",
            giver=giver,
            had=had,
            now=had - excess,
            player=player,
            value=value,
        )
        return Entered(self.draft.model_copy(update={"tricks": tricks}), note)

    # --- marking the tricks as they fall (see scorepad.engine.tally) --------------------------

    def choose_tally(self, on: bool) -> RoundDraft:
        """Mark the tricks as they fall (``on``) or count them at the end (the default).

        Switching never drops what was entered: with trick counts entered, or tricks marked,
        the switch is refused with what to undo first. A recorded round being corrected keeps
        its counts: its tricks were played long ago."""
        if on is self.tallying:
            return self.draft
        if self.editing:
            raise TallyModeError(
                self.number,
                Message(
                    "a recorded round is corrected by its trick counts; its tricks cannot be "
                    "marked again as they fall"
                ),
            )
        if len(self.draft.bids) < len(self.setup.bid_order):
            raise TallyModeError(self.number, _bids_first())
        if on and self.draft.tricks:
            counts = self.draft.tricks
            if len(counts) > 2:  # a table's worth of names would not read as one line
                said = Message(
                    "trick counts are already entered (for {count} players); undo them first "
                    "to mark the tricks as they fall",
                    count=len(counts),
                )
            else:
                entered = tuple(
                    Message("{player} took {count}", player=name, count=n)
                    for name, n in counts.items()
                )
                said = Message(
                    "trick counts are already entered ({entered}); undo them first to mark "
                    "the tricks as they fall",
                    entered=Listing(entered),
                )
            raise TallyModeError(self.number, said)
        if not on and self.draft.trick_winners:
            marked = len(self.draft.trick_winners)
            if marked == 1:
                said = Message(
                    "{count} trick marked; undo it first (Undo last trick) to count the "
                    "tricks at the end",
                    count=marked,
                )
            else:
                said = Message(
                    "{count} tricks marked; undo them first (Undo last trick) to count the "
                    "tricks at the end",
                    count=marked,
                )
            raise TallyModeError(self.number, said)
        return self.draft.model_copy(
            update={"tallying": on, "trick_winners": (), "tricks": FrozenDict()}
        )

    def mark_trick(self, player: str) -> RoundDraft:
        """``player`` took the next trick. The typed errors: not marking
        (:class:`TallyModeError`), not playing (:class:`TrickWinnerError`), every trick
        marked already (:class:`AllTricksMarkedError`)."""
        tally = self.tally
        if tally is None:
            raise TallyModeError(
                self.number,
                Message(
                    "{player} cannot be marked: the tricks are counted at the end; choose to "
                    "mark them as they fall first",
                    player=quoted(player),
                ),
            )
        if len(self.draft.bids) < len(self.setup.bid_order):
            raise TallyModeError(self.number, _bids_first())
        if player not in tally.order:
            raise TrickWinnerError(self.number, player, tally.order)
        if tally.complete:
            raise AllTricksMarkedError(self.number, tally.marked, tally.cards, player)
        return self.draft.model_copy(update={"trick_winners": (*tally.winners, player)})

    def undo_trick(self) -> RoundDraft:
        """Take back the most recent mark only (the earlier ones stand)."""
        if self.tally is None or not self.tally.winners:
            raise NoTrickToUndoError(self.number)
        return self.draft.model_copy(update={"trick_winners": self.tally.winners[:-1]})

    def select(self, field: Field, player: str) -> Selection | None:
        """Pick an entry to correct; ``None`` when it is the one the pad enters anyway. The
        filled-in trick count cannot be picked: it follows from the others."""
        setup = self.setup
        if player not in setup.bid_order:
            raise SelectionRefusedError(
                self.number, Message("{player} is not playing", player=quoted(player))
            )
        if self.trump is None:
            raise SelectionRefusedError(self.number, _turned_suit_first())
        if self.stage is Stage.GO:
            raise SelectionRefusedError(self.number, Message("say ready, set, go first"))
        if (
            field is Field.BID
            and player not in self.draft.bids
            and setup.sequential_bids
            and player != self.active
        ):
            raise SelectionRefusedError(
                self.number,
                Message("bids go in order; it is {player}'s turn", player=str(self.active)),
            )
        if field is Field.TRICKS:
            if len(self.draft.bids) < len(setup.bid_order):
                raise SelectionRefusedError(self.number, _bids_first())
            if self.tallying:
                raise SelectionRefusedError(
                    self.number,
                    Message(
                        "{player}'s tricks are marked as they fall; undo the last trick to "
                        "change one",
                        player=player,
                    ),
                )
            if player == self.filled_in:
                raise SelectionRefusedError(
                    self.number,
                    Message(
                        "{player}'s tricks are worked out from the others'; correct one of "
                        "theirs instead",
                        player=player,
                    ),
                )
        natural = Stage.BIDS if field is Field.BID else Stage.TRICKS
        if self.selection is None and self.stage is natural and player == self.active:
            return None
        return Selection(field, player)

    @property
    def missing(self) -> Message | None:
        """What the round still needs before it can be recorded; ``None`` when nothing."""
        if self.stage is Stage.TRUMP:
            return _turned_suit_first()
        if self.stage is Stage.GO:
            return Message("say go and enter the bids first")
        if self.stage is Stage.BIDS:
            return Message("{player} has not bid yet", player=str(self.active))
        if self.stage is Stage.TRICKS:
            return self._tricks_missing()
        return None

    def _tricks_missing(self) -> Message:
        if self.tally is None:
            if self.active is None:  # a correction took a trick from someone
                return nobody_took(self.setup.cards - sum(self.tricks.values()))
            return Message("enter {player}'s tricks first", player=self.active)
        left = self.tally.left
        if left == 1:
            return Message("mark the last trick first")
        return Message("mark the other {count} tricks first", count=left)

    def record(self) -> RoundRecord:
        """The finished round (the game checks it again when it is recorded)."""
        if self.missing is not None:
            raise RoundIncompleteError(self.number, self.missing)
        return RoundRecord(turned=self.draft.turned, bids=self.bids, tricks=self.tricks)


def _bids_first() -> Message:
    return Message("enter everyone's bid first")


def _turned_suit_first() -> Message:
    return Message("tap the turned suit first")


def _bids_again(dealer: str, bid: int, reason: Message | None) -> Message:
    """The note when a correction makes the dealer's bid one the hook forbids."""
    if reason is None:  # never: a bid is refused only with the hook's reason
        return Message(
            "{dealer}'s bid of {bid} is no longer allowed; {dealer} bids again",
            dealer=dealer,
            bid=bid,
        )
    return Message(
        "{dealer}'s bid of {bid} is no longer allowed ({reason}); {dealer} bids again",
        dealer=dealer,
        bid=bid,
        reason=reason,
    )


def nobody_took(remaining: int) -> Message:
    """What a correction still needs after a trick was taken from someone.

    >>> nobody_took(1)
    Message('1 trick is given to nobody: tap the tricks of whoever took it')
    >>> print(nobody_took(2))
    2 tricks are given to nobody: tap the tricks of whoever took them
    """
    if remaining == 1:
        return Message(
            "{count} trick is given to nobody: tap the tricks of whoever took it",
            count=remaining,
        )
    return Message(
        "{count} tricks are given to nobody: tap the tricks of whoever took them",
        count=remaining,
    )


def _only_holder(counts: Mapping[str, int]) -> str | None:
    """The one player with tricks among ``counts``, if exactly one has any."""
    holders = [name for name, taken in counts.items() if taken > 0]
    return holders[0] if len(holders) == 1 else None


def _trick_cap_reason(player: str, value: int, cards: int) -> Message:
    return Message(
        "{player} cannot have taken {tricks}: that makes more than the {cards} tricks played",
        player=player,
        tricks=value,
        cards=cards,
    )


def _trick_cap_note(cap: int, cards: int, others: Mapping[str, int]) -> Message:
    """Why the player's higher keys are closed, naming who holds the tricks and what to do
    (the prompt above it names the player). Correcting a count, a key greyed for no visible
    reason reads as a broken pad.

    >>> _trick_cap_note(1, 2, {"Dan": 0, "Ann": 1})
    Message("Up to 1: Ann already took 1 of the 2 tricks; lower Ann's first")
    >>> print(_trick_cap_note(0, 6, {"Ann": 2, "Bob": 3, "Cat": 1}))
    None left: the others already took 6 of the 6 tricks; lower one of theirs first
    >>> print(_trick_cap_note(2, 6, {"Ann": 2, "Bob": 2}))
    Up to 2: Ann and Bob already took 4 of the 6 tricks; lower one of theirs first
    """
    holders = [name for name, taken in others.items() if taken > 0]
    most = Message("None left") if cap == 0 else Message("Up to {count}", count=cap)
    taken = sum(others.values())
    if len(holders) == 1:
        return Message(
            "{most}: {player} already took {taken} of the {cards} tricks; lower {player}'s first",
            most=most,
            player=holders[0],
            taken=taken,
            cards=cards,
        )
    if len(holders) == 2:
        return Message(
            "{most}: {first} and {second} already took {taken} of the {cards} tricks; lower "
            "one of theirs first",
            most=most,
            first=holders[0],
            second=holders[1],
            taken=taken,
            cards=cards,
        )
    # a table's worth of names would not read as one line
    return Message(
        "{most}: the others already took {taken} of the {cards} tricks; lower one of theirs first",
        most=most,
        taken=taken,
        cards=cards,
    )


def entry_state(
    setup: RoundSetup,
    draft: RoundDraft,
    *,
    trump: TrumpCall | None,
    editing: bool,
    score: Callable[[int, int, int], int],
    selection: Selection | None = None,
) -> RoundEntryState:
    """Work out the state. The game supplies what needs its variant (the trump call, and
    ``score(bid, tricks, cards)``: :meth:`Variant.points
    <scorepad.engine.variant.Variant.points>`) and has checked the draft."""
    order = setup.bid_order
    bids = {name: draft.bids[name] for name in order if name in draft.bids}
    counted = tricks_state(setup, draft.tricks, correcting=editing)
    tricks = counted.tricks
    tally = tally_of(setup, draft)
    if tally is not None:
        # the marks are the counts once every trick has its winner; until then none is known
        tricks = tally.counts if tally.complete else FrozenDict()
    tricks_done = len(tricks) == len(order) and sum(tricks.values()) == setup.cards
    stage = _stage(
        setup, draft, selection=selection, trump=trump, editing=editing, tricks_done=tricks_done
    )
    active: str | None = None
    if selection is not None and stage in (Stage.BIDS, Stage.TRICKS):
        active = selection.player
    elif stage is Stage.BIDS:
        active = next(name for name in order if name not in draft.bids)
    elif stage is Stage.TRICKS and tally is None:
        # None in a correction where every count is in but a trick was taken from someone
        active = next((name for name in order if name not in tricks), None)
    pad: tuple[PadKey, ...] = ()
    pad_note = None
    if active is not None and stage is Stage.BIDS:
        options = bid_options(setup, draft.bids, active)
        pad_note = options.reason
        pad = tuple(
            PadKey(
                value=n,
                enabled=n in options.allowed,
                reason=None if n in options.allowed else options.reason,
            )
            for n in range(setup.cards + 1)
        )
    elif active is not None:
        others = {name: v for name, v in draft.tricks.items() if name != active}
        cap = setup.cards - sum(others.values())
        # correcting, a higher count moves tricks from the one other player holding some
        giver = _only_holder(others) if editing else None
        most = cap + (others[giver] if giver is not None else 0)
        if giver is not None and cap < setup.cards:
            pad_note = Message(
                "{player} took {count}: a higher number takes the difference from {player}",
                player=giver,
                count=others[giver],
            )
        elif cap < setup.cards:
            pad_note = _trick_cap_note(cap, setup.cards, others)
        pad = tuple(
            PadKey(
                value=n,
                enabled=n <= most,
                reason=None if n <= most else _trick_cap_reason(active, n, setup.cards),
            )
            for n in range(setup.cards + 1)
        )
    elif stage is Stage.TRICKS and tally is None:
        pad_note = nobody_took(setup.cards - sum(tricks.values()))
    points = {
        name: score(bids[name], tricks[name], setup.cards)
        for name in order
        if name in bids and name in tricks
    }
    shown_tricks = tricks
    if tally is not None and (tally.marked or len(bids) == len(order)):
        # taken so far, while marking; before the tricks step nobody has taken a trick yet
        # (a "0" in every box while bidding reads as a count already entered)
        shown_tricks = tally.counts
    lines = tuple(
        PlayerLine(
            name=name,
            deals=name == setup.dealer,
            leads=name == setup.leader,
            bid=bids.get(name),
            tricks=shown_tricks.get(name),
            tricks_filled_in=name == counted.filled_in,
            points=points.get(name),
            active=name == active,
        )
        for name in order
    )
    return RoundEntryState(
        setup=setup,
        draft=draft,
        selection=selection,
        editing=editing,
        trump=trump,
        bids=bids,
        tricks=tricks,
        filled_in=counted.filled_in,
        stage=stage,
        active=active,
        pad=pad,
        pad_note=pad_note,
        balance=balance_text(sum(draft.bids.values()), setup.cards),
        lines=lines,
        tally=tally,
    )


def _stage(
    setup: RoundSetup,
    draft: RoundDraft,
    *,
    selection: Selection | None,
    trump: TrumpCall | None,
    editing: bool,
    tricks_done: bool,
) -> Stage:
    if trump is None:
        return Stage.TRUMP
    if not setup.sequential_bids and not draft.bids_shown and not editing:
        return Stage.GO
    if selection is not None:
        return Stage.BIDS if selection.field is Field.BID else Stage.TRICKS
    if len(draft.bids) < len(setup.bid_order):
        return Stage.BIDS
    if not tricks_done:
        return Stage.TRICKS
    return Stage.CONFIRM
