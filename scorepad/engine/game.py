"""A game: its settings plus the list of recorded rounds. Everything else is derived here.

A :class:`Game` is immutable and always valid: building one checks every rule, and each change
(record, replace or delete a round, abandon) returns a new game, re-derived from the first
round on, or raises a typed error and changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cached_property
from typing import Any

from scorepad.engine.cards import Suit, cards_left_over, suit_name
from scorepad.engine.entry import BiddingState, TricksState, bidding_state, tricks_state
from scorepad.engine.errors import (
    BidRangeError,
    DuplicateEntryError,
    DuplicateNameError,
    GameOverError,
    HookError,
    MissingEntryError,
    NotAbandonedError,
    RoundError,
    RoundInsertError,
    RoundNotFoundError,
    RoundShiftError,
    StakeError,
    StrangerError,
    TooManyRoundsError,
    TricksRangeError,
    TricksSumError,
    TurnedCardError,
    UnknownPlayerError,
)
from scorepad.engine.frozen import FrozenDict
from scorepad.engine.message import Message
from scorepad.engine.names import checked_name, name_key
from scorepad.engine.pad import RoundEntryState, Selection, entry_state
from scorepad.engine.presets import resolve_variant
from scorepad.engine.record import GameRecord, RecordFile, RoundDraft, RoundRecord
from scorepad.engine.seat_book import SeatBook, checked_starting_totals
from scorepad.engine.seating import bid_order, left_of
from scorepad.engine.settlement import settle
from scorepad.engine.sheet import (
    GameStatus,
    RoundResult,
    RoundSetup,
    ScoreSheet,
    Standing,
)
from scorepad.engine.table_changes import (
    Adjustment,
    HandChange,
    TableChange,
    TableChangeError,
    TableTimeline,
)
from scorepad.engine.tally import tally_of
from scorepad.engine.trump import TrumpCall, round_trump
from scorepad.engine.variant import Variant, Winner

ENTRIES_KEPT = 8
"""How many worked-out rounds on the pad a game keeps (see :meth:`Game.entry`)."""


class Game:
    """A validated game with its derived score sheet.

    >>> game = Game.start("scotch-bridge", ["Ann", "Bob", "Cat", "Dan"], first_dealer="Ann")
    >>> game.next_round.bid_order
    ('Dan', 'Cat', 'Bob', 'Ann')
    >>> game = game.record_round(RoundRecord(
    ...     bids={"Dan": 0, "Cat": 5, "Bob": 4, "Ann": 3},
    ...     tricks={"Dan": 0, "Cat": 5, "Bob": 5, "Ann": 3}))
    >>> game.sheet.totals
    {'Ann': 13, 'Bob': 0, 'Cat': 15, 'Dan': 18}
    """

    def __init__(self, record: GameRecord) -> None:
        self.variant: Variant = resolve_variant(record.variant)
        self.variant.check_player_count(len(record.players))  # before checking every name
        self.players: tuple[str, ...] = _checked_names(record.players)
        self._seated = frozenset(self.players)
        self._everyone = {name_key(name): name for name in self.players}
        """Everyone who plays a seat in this game by their name key (the late arrivals and
        those who take over a seat are added once the table's changes are read)."""
        self._on_the_pad: dict[tuple[int, RoundDraft, Selection | None], RoundEntryState] = {}
        """Rounds on the pad already worked out (see :meth:`entry`)."""
        first_dealer = self.players[0]
        if record.first_dealer is not None:
            named = self._player_named(record.first_dealer)
            if named is None:
                raise UnknownPlayerError(record.first_dealer, "first dealer", self.players)
            first_dealer = named
        self.first_dealer = first_dealer
        if record.stake_cents is not None and not self.variant.has_payouts:
            raise StakeError(self.variant.name, record.stake_cents)
        self.stake_cents: int | None = (
            record.stake_cents if record.stake_cents is not None else self.variant.stake_cents
        )
        self.timeline = TableTimeline(
            self.variant, self.players, first_dealer, record.changes, len(record.rounds)
        )
        """The table round by round: who sits where, who is dealt in, who deals."""
        self.schedule: tuple[int, ...] = self.timeline.schedule
        self._everyone = {name_key(name): name for name in self.timeline.everyone}
        self.record = record
        self.starting_totals = checked_starting_totals(record.starting_totals, self.players)
        """The totals carried in from another evening, by player as seated (see
        :attr:`GameRecord.starting_totals`): the book starts from them."""
        self._book = SeatBook.opening(self.players, self.variant.winner, self.starting_totals)
        self.results: tuple[RoundResult, ...] = self._derive_rounds()
        self.record = self._canonical_record(record)
        if record.abandoned and self.is_complete:
            raise GameOverError(
                Message(
                    "the game is marked abandoned, but all {count} rounds are recorded: it is "
                    "finished",
                    count=len(self.schedule),
                )
            )

    # --- building -----------------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        variant: str | Variant | dict[str, Any],
        players: Sequence[str],
        first_dealer: str | None = None,
        stake_cents: int | None = None,
        *,
        starting_totals: Mapping[str, int] | None = None,
    ) -> Game:
        """A new game with no rounds yet; ``starting_totals``: totals carried in from another
        evening, by player (see :attr:`GameRecord.starting_totals`).

        >>> game = Game.start("golf", ["Ann", "Bob"], starting_totals={"bob": 12})
        >>> game.sheet.totals, game.record.starting_totals
        ({'Ann': 0, 'Bob': 12}, {'Bob': 12})
        """
        return cls(
            GameRecord.from_data(
                {
                    "variant": variant,
                    "players": list(players),
                    "first_dealer": first_dealer,
                    "stake_cents": stake_cents,
                    "starting_totals": dict(starting_totals or {}),
                }
            )
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """The game in a record's JSON (an exported record's times, if any, are read and
        left aside: a game is the same game whenever it was played)."""
        return cls(RecordFile.from_json(text).record)

    @classmethod
    def from_data(cls, data: object) -> Game:
        return cls(GameRecord.from_data(data))

    def _with(self, **changes: Any) -> Game:
        return Game(self.record.model_copy(update=changes))

    # --- changes (each returns a new, re-derived game) -----------------------------------------

    def record_round(self, round_record: RoundRecord) -> Game:
        """The game with the next round recorded."""
        self._check_open()
        return self._with(rounds=(*self.record.rounds, round_record))

    def replace_round(self, number: int, round_record: RoundRecord) -> Game:
        """The game with round ``number`` (1-based) corrected; later rounds are re-derived."""
        self._check_round_exists(number)
        rounds = list(self.record.rounds)
        rounds[number - 1] = round_record
        return self._with(rounds=tuple(rounds))

    def delete_round(self, number: int) -> Game:
        """The game without round ``number``; later rounds move up one place.

        Moving up changes their hand size and dealer, so this is refused (with the reason)
        when a later round no longer fits; deleting the last round always works.
        """
        self._check_round_exists(number)
        rounds = list(self.record.rounds)
        del rounds[number - 1]
        try:
            return self._with(rounds=tuple(rounds))
        except RoundError as problem:
            raise RoundShiftError(number, problem) from problem

    def insert_round(self, number: int, round_record: RoundRecord) -> Game:
        """The game with ``round_record`` put in as round ``number``; the rounds from there
        on move down one place. This takes back :meth:`delete_round`:

        >>> from scorepad.engine.presets import GOLF
        >>> rules = GOLF.with_changes(name="Odd Golf", hand_sizes=(1, 1, 3))
        >>> game = Game.start(rules, ["Ann", "Bob"], first_dealer="Bob")
        >>> first = RoundRecord(turned="clubs", bids={"Ann": 0, "Bob": 0},
        ...     tricks={"Ann": 1, "Bob": 0})
        >>> game = game.record_round(first).record_round(RoundRecord(
        ...     turned="hearts", bids={"Bob": 0, "Ann": 0}, tricks={"Bob": 1, "Ann": 0}))
        >>> game.delete_round(1).insert_round(1, first).record == game.record
        True

        Like a deletion, it is refused (with the reason) when a later round no longer fits
        its new place, and it works on a game ended early (which keeps its winner-less end).
        """
        if not 1 <= number <= len(self.record.rounds) + 1:
            raise RoundNotFoundError(number, len(self.results))
        rounds = list(self.record.rounds)
        rounds.insert(number - 1, round_record)
        try:
            return self._with(rounds=tuple(rounds))
        except RoundError as problem:
            raise RoundInsertError(number, problem) from problem

    def record_change(self, change: TableChange) -> Game:
        """The game with a change of the table made after round ``change.after``: the next
        one, or an earlier one as a correction (it goes after the changes already made at
        that point). Everything from there on is re-derived; when a round already recorded
        no longer fits (a bid from a player who now sits that round out), the change is
        refused with that round's reason.

        >>> from scorepad.engine.table_changes import Join
        >>> game = Game.start("mormon-bridge", ["Ann", "Bob", "Cat"])
        >>> game = game.record_change(Join(after=0, player="Dan", left_of="Cat"))
        >>> game.next_round.bid_order, game.sheet.starting
        (('Bob', 'Cat', 'Dan', 'Ann'), {'Dan': 0})
        """
        if self.record.abandoned:
            raise GameOverError(Message("the game was abandoned; the table can no longer change"))
        changes = list(self.record.changes)
        changes.insert(sum(1 for made in changes if made.after <= change.after), change)
        return self._with_changes(changes, change)

    def replace_change(self, index: int, change: TableChange) -> Game:
        """The game with its change number ``index`` (0-based, in the record's order)
        corrected; it keeps its place among the changes."""
        self._check_change_exists(index)
        changes = list(self.record.changes)
        changes[index] = change
        return self._with_changes(changes, change)

    def delete_change(self, index: int) -> Game:
        """The game without its change number ``index``: taken back, as if never made."""
        self._check_change_exists(index)
        changes = list(self.record.changes)
        undone = changes.pop(index)
        return self._with_changes(changes, undone)

    def restore_change(self, index: int, change: TableChange) -> Game:
        """The game with ``change`` put back as its change number ``index`` (0-based): a
        change taken out, restored to the very place it had (two changes after the same
        round keep their order: Dan joins, then Dan sits out).

        >>> from scorepad.engine.table_changes import Join, SitOut
        >>> game = Game.start("mormon-bridge", ["Ann", "Bob", "Cat"])
        >>> game = game.record_change(Join(after=0, player="Dan", left_of="Cat"))
        >>> game = game.record_change(SitOut(after=0, player="Bob"))
        >>> back = game.delete_change(0).delete_change(0).restore_change(0, game.record.changes[0])
        >>> back.restore_change(1, game.record.changes[1]).record == game.record
        True
        """
        if not 0 <= index <= len(self.record.changes):
            raise TableChangeError(
                change.after,
                change.player,
                Message(
                    "there is no place {place} among the {count} changes",
                    place=index + 1,
                    count=len(self.record.changes),
                ),
            )
        changes = list(self.record.changes)
        changes.insert(index, change)
        return self._with_changes(changes, change)

    def _with_changes(self, changes: Sequence[TableChange], change: TableChange) -> Game:
        try:
            return self._with(changes=tuple(changes))
        except RoundError as problem:  # a round as recorded no longer fits the table
            raise TableChangeError(
                change.after,
                change.player,
                Message(
                    "the rounds recorded after it would no longer fit ({problem})",
                    problem=problem.said,
                ),
            ) from problem

    def _check_change_exists(self, index: int) -> None:
        if not 0 <= index < len(self.record.changes):
            raise TableChangeError(
                len(self.record.rounds),
                None,
                Message(
                    "there is no change {number}: {count} were made",
                    number=index + 1,
                    count=len(self.record.changes),
                ),
            )

    def abandon(self) -> Game:
        """The game marked as stopped early: kept, with no winner and no settlement."""
        self._check_open()
        return self._with(abandoned=True)

    def resume(self) -> Game:
        """The game ended early, back in progress: the table plays on from the next round.

        >>> game = Game.start("golf", ["Ann", "Bob"]).abandon()
        >>> game.status, game.resume().status
        (<GameStatus.ABANDONED: 'abandoned'>, <GameStatus.IN_PROGRESS: 'in_progress'>)
        >>> game.resume().resume()
        Traceback (most recent call last):
        ...
        scorepad.engine.errors.NotAbandonedError: the game is in progress, not ended early: \
there is nothing to continue
        """
        if not self.record.abandoned:
            raise NotAbandonedError(self.status.value)
        return self._with(abandoned=False)

    def _check_open(self) -> None:
        if self.record.abandoned:
            raise GameOverError(Message("the game was abandoned; no more rounds can be recorded"))
        if self.is_complete:
            raise GameOverError(
                Message(
                    "all {count} rounds are recorded; the game is over", count=len(self.schedule)
                )
            )

    def _check_round_exists(self, number: int) -> None:
        if not 1 <= number <= len(self.results):
            raise RoundNotFoundError(number, len(self.results))

    # --- the round in front of the table --------------------------------------------------------

    def setup(self, number: int) -> RoundSetup:
        """Deal, bidding order and lead of round ``number`` (1-based) of the schedule.

        The previous trump is known for recorded rounds and the next one; later ones get None.
        """
        known = 1 < number <= len(self.results) + 1
        return self._setup(number, self.results[number - 2].trump if known else None)

    def _setup(self, number: int, previous_trump: Suit | None) -> RoundSetup:
        if not 1 <= number <= len(self.schedule):
            raise TooManyRoundsError(
                number, self.variant.name, len(self.players), len(self.schedule)
            )
        lineup = self.timeline.lineup(number)
        dealt_in = lineup.dealt_in
        count = len(dealt_in)
        cards = self.schedule[number - 1]
        dealer = dealt_in.index(lineup.dealer)
        all_dealt = cards_left_over(count, cards) == 0
        return RoundSetup(
            number=number,
            cards=cards,
            dealer=lineup.dealer,
            leader=dealt_in[left_of(dealer, count)],
            bid_order=tuple(dealt_in[s] for s in bid_order(dealer, count, self.variant.bid_mode)),
            sitting_out=tuple(name for name in lineup.seats if name not in dealt_in),
            sequential_bids=self.variant.bid_mode.is_sequential,
            dealer_hooked=self.variant.hook_holds(number, cards),
            all_dealt=all_dealt,
            card_turned=self.variant.trump_rule.turns_card and not all_dealt,
            previous_trump=previous_trump,
        )

    @property
    def next_first_dealer(self) -> str:
        """Who deals first in the table's next game: the deal moves one seat left.

        >>> Game.start("golf", ["Ann", "Bob", "Cat"], first_dealer="Cat").next_first_dealer
        'Ann'
        """
        seat = self.players.index(self.first_dealer)
        return self.players[left_of(seat, len(self.players))]

    @property
    def next_round(self) -> RoundSetup | None:
        """The round to play next; ``None`` once the game is over."""
        if self.record.abandoned or self.is_complete:
            return None
        return self.setup(len(self.results) + 1)

    def call_trump(self, turned: Suit | None) -> TrumpCall:
        """The next round's trump if ``turned`` is the card turned up."""
        setup = self._require_next_round()
        self._check_turned(setup, turned)
        return self._trump(setup, turned)

    def bidding(self, bids: Mapping[str, int]) -> BiddingState:
        """The next round's bidding, given the bids entered so far."""
        return bidding_state(self._require_next_round(), bids)

    def tricks(self, tricks: Mapping[str, int]) -> TricksState:
        """The next round's trick counts so far, with the last one filled in when certain."""
        return tricks_state(self._require_next_round(), tricks)

    def check_draft(self, draft: RoundDraft) -> RoundDraft:
        """``draft`` if it fits the next round the way the pad enters one; else the
        :class:`RoundError` saying why.

        A draft holds what the table said so far; it was entered for one deal. When earlier
        rounds change (one deleted, say) the next round can be another size with another
        dealer, and a draft that fitted may no longer: a bid above the cards, bids out of
        turn, the hook broken, a turned suit where every card is dealt, bids before the
        turned suit, trick counts before every bid, tricks that do not add up.

        >>> from scorepad.engine.presets import GOLF
        >>> rules = GOLF.with_changes(name="Odd Golf", hand_sizes=(1, 1, 3))
        >>> game = Game.start(rules, ["Ann", "Bob"], first_dealer="Bob")
        >>> for bob in (0, 1):
        ...     game = game.record_round(RoundRecord(turned="clubs",
        ...         bids={"Ann": 1, "Bob": 1}, tricks={"Ann": 1 - bob, "Bob": bob}))
        >>> draft = RoundDraft(turned="spades", bids={"Ann": 3})
        >>> game.check_draft(draft) == draft
        True
        >>> game.delete_round(1).check_draft(draft)
        Traceback (most recent call last):
        ...
        scorepad.engine.errors.BidOrderError: round 2: it is Bob's turn to bid, not Ann's
        """
        setup = self._require_next_round()
        bidding = self._check_entries(setup, draft)
        if (draft.tricks or draft.trick_winners) and bidding.next_bidder is not None:
            raise MissingEntryError(setup.number, "bid", bidding.next_bidder)
        return draft

    def _check_entries(
        self, setup: RoundSetup, draft: RoundDraft, *, correcting: bool = False
    ) -> BiddingState:
        """The rules every entry of ``draft`` must keep at any moment of entering it (a
        recorded round being ``correcting`` may give a trick to nobody for a moment)."""
        if draft.turned is not None:
            self._check_turned(setup, draft.turned)
        elif (draft.bids or draft.tricks) and setup.card_turned:
            raise TurnedCardError(
                setup.number,
                Message("bids were entered before the turned suit; tap the turned suit"),
            )
        # who has bid matters, not the order a file lists them in: sorted into bidding order
        # (strangers last, for bidding_state to name), the bidders must be the first in turn
        order = setup.bid_order
        bids = {name: draft.bids[name] for name in order if name in draft.bids}
        bids |= {name: bid for name, bid in draft.bids.items() if name not in order}
        bidding = bidding_state(setup, bids)
        tricks_state(setup, draft.tricks, correcting=correcting)
        tally_of(setup, draft)  # the tricks marked as they fall, if the table marks them
        return bidding

    def entry(
        self, number: int, draft: RoundDraft, selection: Selection | None = None
    ) -> RoundEntryState:
        """Round ``number`` on the pad with ``draft`` entered so far: the next round, or a
        recorded one being corrected. The draft is checked first (as :meth:`check_draft`
        does, except that trick counts may stand while a bid is re-entered), so every state
        the pad shows keeps the rules; see :mod:`scorepad.engine.pad`.

        A Scotch Bridge round of 13 cards deals the whole deck, so its trump is called at once:

        >>> game = Game.start("scotch-bridge", ["Ann", "Bob", "Cat", "Dan"], first_dealer="Ann")
        >>> entry = game.entry(1, RoundDraft())
        >>> str(entry.trump.note), entry.stage, entry.active
        ('all 52 cards dealt: no trump', <Stage.BIDS: 'bids'>, 'Dan')
        >>> entry.choose_trump(Suit.SPADES)
        Traceback (most recent call last):
        ...
        scorepad.engine.errors.NoCardToTurnError: round 1: all the cards are dealt, so no card \
is turned

        The answer is kept (for the last few drafts): a game never changes, so the same
        draft on the same round always gives the same state, and a tap asks again for the
        state it was drawn from. A draft that breaks the rules is checked again each time.
        """
        key = (number, draft, selection)
        try:
            known = self._on_the_pad.get(key)
        except TypeError:  # a draft copied with a plain dict in it (model_copy does not check)
            return self._work_out_entry(number, draft, selection)
        if known is None:
            known = self._work_out_entry(number, draft, selection)
            if len(self._on_the_pad) >= ENTRIES_KEPT:
                del self._on_the_pad[next(iter(self._on_the_pad))]
            self._on_the_pad[key] = known
        return known

    def _work_out_entry(
        self, number: int, draft: RoundDraft, selection: Selection | None
    ) -> RoundEntryState:
        if number == len(self.results) + 1:
            setup, editing = self._require_next_round(), False
        else:
            self._check_round_exists(number)
            setup, editing = self.setup(number), True
        self._check_entries(setup, draft, correcting=editing)
        trump = None
        if not setup.card_turned or draft.turned is not None:
            trump = self._trump(setup, draft.turned)
        return entry_state(
            setup,
            draft,
            trump=trump,
            editing=editing,
            score=self.variant.points,
            selection=selection,
        )

    def draft_of(self, number: int) -> RoundDraft:
        """Recorded round ``number`` as a draft for the pad, as when undo takes the last
        round back onto it: everything as entered, except the last trick count, which the
        pad fills in from the others again.

        >>> game = Game.start("golf", ["Ann", "Bob"], first_dealer="Bob").record_round(
        ...     RoundRecord(turned="clubs", bids={"Ann": 0, "Bob": 0}, tricks={"Ann": 1, "Bob": 0}))
        >>> draft = game.draft_of(1)
        >>> draft.tricks, game.delete_round(1).entry(1, draft).filled_in
        ({'Ann': 1}, 'Bob')
        """
        self._check_round_exists(number)
        result = self.results[number - 1]
        last = result.bid_order[-1]
        return RoundDraft(
            turned=result.turned,
            bids=result.bids,
            bids_shown=True,
            tricks=result.tricks.without(last),
        )

    def correction_of(self, number: int) -> RoundDraft:
        """Recorded round ``number`` as a draft to correct: everything as recorded, every
        trick count included. None is worked out from the others while correcting: a trick
        taken from one player goes to nobody until the table says who took it, so a count
        the table did not touch can never change behind its back.

        >>> game = Game.start("golf", ["Ann", "Bob", "Cat"], first_dealer="Cat").record_round(
        ...     RoundRecord(turned="clubs", bids={"Ann": 0, "Bob": 1, "Cat": 1},
        ...                 tricks={"Ann": 0, "Bob": 1, "Cat": 0}))
        >>> entry = game.entry(1, game.correction_of(1))
        >>> entry.stage, entry.filled_in
        (<Stage.CONFIRM: 'confirm'>, None)

        Bob's trick was Ann's: one tap on Ann's count moves it.

        >>> from scorepad.engine.pad import Field
        >>> entry = game.entry(1, entry.draft, entry.select(Field.TRICKS, "Ann"))
        >>> print(entry.pad_note)
        Bob took 1: a higher number takes the difference from Bob
        >>> draft, note = entry.enter(1)
        >>> dict(draft.tricks), str(note)
        ({'Ann': 1, 'Bob': 0, 'Cat': 0}, 'Bob took 1 → 0, Ann 1')

        Lowering Bob instead leaves the trick with nobody until someone is given it:

        >>> entry = game.entry(1, entry.draft, entry.select(Field.TRICKS, "Bob"))
        >>> entry = game.entry(1, entry.enter(0).draft)
        >>> entry.stage, entry.active, str(entry.missing)
        (<Stage.TRICKS: 'tricks'>, None, '1 trick is given to nobody: tap the tricks of \
whoever took it')
        """
        self._check_round_exists(number)
        result = self.results[number - 1]
        return RoundDraft(
            turned=result.turned, bids=result.bids, bids_shown=True, tricks=result.tricks
        )

    def _require_next_round(self) -> RoundSetup:
        self._check_open()
        return self.setup(len(self.results) + 1)

    # --- derivation ------------------------------------------------------------------------

    @property
    def is_complete(self) -> bool:
        return len(self.record.rounds) >= len(self.schedule)

    @property
    def status(self) -> GameStatus:
        if self.record.abandoned:
            return GameStatus.ABANDONED
        return GameStatus.FINISHED if self.is_complete else GameStatus.IN_PROGRESS

    def _derive_rounds(self) -> tuple[RoundResult, ...]:
        """Every round scored in turn, the table's changes applied between them to the book
        of totals (:class:`SeatBook`): a change after round *k* takes effect from round
        *k + 1*, and an adjustment after round *k* shows in round *k*'s row."""
        results: list[RoundResult] = []
        book = self._book
        self._apply_changes(0)
        previous_trump: Suit | None = None
        for number, round_record in enumerate(self.record.rounds, start=1):
            result = self._score_round(self._setup(number, previous_trump), round_record)
            row_totals = dict(book.totals)
            adjusted: dict[str, int] = {}
            for change in self.timeline.resolved:
                if change.after == number and isinstance(change, Adjustment):
                    if change.player not in result.points:
                        raise TableChangeError(
                            number,
                            change.player,
                            Message(
                                "{player} was not at the table in round {round}: an adjustment "
                                "goes to a player of the round it follows",
                                player=change.player,
                                round=number,
                            ),
                        )
                    adjusted[change.player] = adjusted.get(change.player, 0) + change.points
                    row_totals[change.player] += change.points
            result = result.model_copy(
                update={"adjustments": FrozenDict(adjusted), "totals": FrozenDict(row_totals)}
            )
            self._apply_changes(number)
            previous_trump = result.trump
            results.append(result)
        return tuple(results)

    def _apply_changes(self, after: int) -> None:
        """Apply the changes made after round ``after`` to the book, in the order made."""
        for change in self.timeline.resolved:
            if change.after == after and not isinstance(change, HandChange):
                self._book.apply(change)  # a change of the hands moves no seat or total

    def _score_round(self, setup: RoundSetup, record: RoundRecord) -> RoundResult:
        self._check_turned(setup, record.turned)
        bids = self._entries(setup, record.bids, "bid")
        for name, bid in bids.items():
            if not 0 <= bid <= setup.cards:
                raise BidRangeError(setup.number, name, bid, setup.cards)
        if setup.dealer_hooked and sum(bids.values()) == setup.cards:
            raise HookError(setup.number, setup.dealer, bids[setup.dealer], setup.cards)
        tricks = self._entries(setup, record.tricks, "trick count")
        for name, count in tricks.items():
            if not 0 <= count <= setup.cards:
                raise TricksRangeError(setup.number, name, count, setup.cards)
        if sum(tricks.values()) != setup.cards:
            raise TricksSumError(setup.number, sum(tricks.values()), setup.cards)
        trump = self._trump(setup, record.turned)
        dealt_in = [name for name in self._book.order if name in bids]
        points = {
            name: self.variant.points(bids[name], tricks[name], setup.cards) if name in bids else 0
            for name in self._book.order
            if name in bids or name in setup.sitting_out
        }
        made = {name: bids[name] == tricks[name] for name in dealt_in}
        self._book.score(points, [name for name in dealt_in if not made[name]])
        return RoundResult(
            **setup.model_dump(),
            turned=trump.turned,
            trump=trump.trump,
            trump_note=trump.note,
            bids={name: bids[name] for name in dealt_in},
            tricks={name: tricks[name] for name in dealt_in},
            made=made,
            points=points,
            totals=dict(self._book.totals),
        )

    def _entries(self, setup: RoundSetup, entries: Mapping[str, int], what: str) -> dict[str, int]:
        """The round's entries in seating order, each player exactly once, keyed by the
        player's name as seated (a key names a player by the rule of :func:`name_key`)."""
        found: dict[str, int] = {}
        keys: dict[str, str] = {}
        dealt_in = setup.bid_order
        for key, value in entries.items():
            player = self._player_named(key)
            if player is None or player not in dealt_in:
                raise StrangerError(setup.number, f"a {what}", key, dealt_in)
            if player in keys:
                raise DuplicateEntryError(setup.number, f"a {what}", player, (keys[player], key))
            found[player] = value
            keys[player] = key
        for name in setup.bid_order:
            if name not in found:
                raise MissingEntryError(setup.number, what, name)
        return found

    def _player_named(self, name: str) -> str | None:
        """The seated player a name in the record means, or None if it names nobody."""
        if name in self._seated:
            return name
        return self._everyone.get(name_key(name))

    def _canonical_record(self, record: GameRecord) -> GameRecord:
        """The record with every name spelled as seated, so that what is stored and exported
        reads the same as the sheet. The record itself when it already is (the usual case)."""
        changes: dict[str, Any] = {}
        if record.players != self.players:
            changes["players"] = self.players
        if record.first_dealer is not None and record.first_dealer != self.first_dealer:
            changes["first_dealer"] = self.first_dealer
        if record.changes != self.timeline.resolved:
            changes["changes"] = self.timeline.resolved
        if record.starting_totals != self.starting_totals:  # a key not as seated, or a 0
            changes["starting_totals"] = self.starting_totals
        if any(
            round_record.bids.keys() != result.bids.keys()
            or round_record.tricks.keys() != result.tricks.keys()
            for round_record, result in zip(record.rounds, self.results, strict=True)
        ):
            changes["rounds"] = tuple(
                round_record.model_copy(update={"bids": result.bids, "tricks": result.tricks})
                for round_record, result in zip(record.rounds, self.results, strict=True)
            )
        return record.model_copy(update=changes) if changes else record

    def _check_turned(self, setup: RoundSetup, turned: Suit | None) -> None:
        if not setup.card_turned and not setup.all_dealt and turned is not None:
            raise TurnedCardError(
                setup.number,
                Message(
                    "{variant} turns no card for trump, but {suit} was recorded",
                    variant=self.variant.name,
                    suit=suit_name(turned),
                ),
            )
        if setup.all_dealt and turned is not None:
            raise TurnedCardError(
                setup.number,
                Message(
                    "all {cards} cards are dealt, so no card can be turned, but {suit} was "
                    "recorded",
                    cards=setup.cards * len(setup.bid_order),
                    suit=suit_name(turned),
                ),
            )
        if setup.card_turned and turned is None:
            raise TurnedCardError(
                setup.number,
                Message(
                    "no turned suit recorded; {variant} turns a card for trump every round "
                    "with cards left over",
                    variant=self.variant.name,
                ),
            )

    def _trump(self, setup: RoundSetup, turned: Suit | None) -> TrumpCall:
        return round_trump(self.variant, setup, turned)

    @cached_property
    def sheet(self) -> ScoreSheet:
        """The sheet now: the totals of everyone who has held a place on it (changes made
        after the last round included: a late arrival shows their starting total before
        their first hand), ranked with those who left below those still playing."""
        book = self._book
        players = tuple(book.order)
        totals = {name: book.totals[name] for name in players}
        sets = {name: book.sets[name] for name in players}
        playing = book.playing
        best = _best((totals[name] for name in playing), self.variant.winner)
        leaders = tuple(n for n in playing if totals[n] == best) if self.results else ()
        status = self.status
        winners = leaders if status is GameStatus.FINISHED else ()
        settlement = (
            settle(players, winners, sets, self.stake_cents)
            if winners and self.stake_cents is not None
            else ()
        )
        return ScoreSheet(
            variant=self.variant.name,
            players=players,
            status=status,
            finished=status is GameStatus.FINISHED,
            rounds_total=len(self.schedule),
            rounds=self.results,
            totals=totals,
            standings=_standings(
                players, totals, self.results, sets, self.variant.winner, left=book.left
            ),
            leaders=leaders,
            winners=winners,
            sets=sets,
            stake_cents=self.stake_cents,
            settlement=settlement,
            next_round=self.next_round,
            left=book.left,
            starting=book.starting,
            joined=book.joined,
            seat_names={
                name: book.names_of_seat(name) for name in players if name in book.took_over
            },
        )

    def __repr__(self) -> str:
        return (
            f"<Game {self.variant.name}, {len(self.players)} players, "
            f"round {len(self.results)}/{len(self.schedule)}, {self.status}>"
        )


def _checked_names(names: Sequence[str]) -> tuple[str, ...]:
    """Each name cleaned and checked (:func:`checked_name`), and no two the same player."""
    seen: dict[str, str] = {}
    for position, raw in enumerate(names, start=1):
        name = checked_name(raw, position)
        key = name_key(name)
        if key in seen:
            raise DuplicateNameError(name, seen[key])
        seen[key] = name
    return tuple(seen.values())


def _best(totals: Iterable[int], winner: Winner) -> int:
    values = list(totals)
    return min(values) if winner is Winner.LOWEST else max(values)


def _standings(
    players: tuple[str, ...],
    totals: Mapping[str, int],
    results: Sequence[RoundResult],
    sets: Mapping[str, int],
    winner: Winner,
    *,
    left: Mapping[str, int],
) -> tuple[Standing, ...]:
    """The players ranked by total, best first; those who left below everyone still playing
    (RULINGS.md, "Leaving"), ranked among themselves by total."""
    sign = 1 if winner is Winner.LOWEST else -1
    order = sorted(
        players, key=lambda name: (name in left, sign * totals[name], players.index(name))
    )
    standings: list[Standing] = []
    for place, name in enumerate(order, start=1):
        previous = standings[-1] if standings else None
        tied_with_previous = (
            previous is not None
            and previous.total == totals[name]
            and (previous.left_after is None) == (name not in left)
        )
        standings.append(
            Standing(
                rank=previous.rank if previous is not None and tied_with_previous else place,
                player=name,
                total=totals[name],
                last_change=results[-1].points.get(name) if results else None,
                sets=sets[name],
                left_after=left.get(name),
            )
        )
    return tuple(standings)
