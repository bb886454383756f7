"""Table changes between rounds: who joins, leaves, takes over a seat or sits a hand out, and
one-off adjustments, as the record holds them, and the table they leave round by round.

RULINGS.md, "Table changes during a game": each change is recorded *after* a round (``after``:
0 is before the first hand) and takes effect from the next one, so every round's seating,
dealer, bidders and hand size is derived from the start of the game and the changes before it,
as the rounds' points are. Nothing here is stored as truth but the changes themselves.

The deal passes left from the last round's dealer to the next seat at the table that is dealt
in (a seat that sits the hand out, or is gone, is skipped; a seat that joined to the dealer's
left deals next). The rounds not yet played keep their planned hand sizes, except a size the
deck cannot serve for the players now at the table, which is dropped for good.

Several changes in one break count one at a time, in the order made, each on the table as the
one before it left it (issue 46): a size dropped when someone joined stays dropped if someone
leaves after, and a dealer-to-be who leaves hands the deal to the seat at their left as the
table stands then, a newcomer seated there in the same break included.

>>> from scorepad.engine.presets import MORMON_BRIDGE
>>> table = TableTimeline(MORMON_BRIDGE, ("Ann", "Bob", "Cat", "Dan", "Eve"), "Ann",
...     (Join(after=1, player="Fay", left_of="Eve"),))
>>> table.lineup(1).dealt_in, table.lineup(2).dealt_in
(('Ann', 'Bob', 'Cat', 'Dan', 'Eve'), ('Ann', 'Bob', 'Cat', 'Dan', 'Eve', 'Fay'))
>>> MORMON_BRIDGE.schedule(5)[:3], table.schedule[:3]  # 6 × 9 + 1 > 52: the 9 is dropped
((10, 9, 8), (10, 8, 7))
>>> table.lineup(2).dealer
'Bob'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property
from typing import Annotated, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, StrictInt, model_validator

from scorepad.engine.cards import DECK_SIZE
from scorepad.engine.errors import ScorepadError
from scorepad.engine.message import Listing, Message
from scorepad.engine.names import checked_name, name_key
from scorepad.engine.schedule import MAX_ROUNDS
from scorepad.engine.text import quoted
from scorepad.engine.variant import Variant, Winner

MAX_ADJUSTMENT = 10_000
"""The largest bonus or penalty one adjustment may carry: far beyond any real table's."""


class StartingTotal(StrEnum):
    """What a late arrival starts on, when the table does not type a number."""

    WORST = "worst"
    """The worst total at the table (the lowest where high wins): arriving late never puts
    anyone ahead. The default."""
    ZERO = "zero"
    AVERAGE = "average"
    """The average of the totals of those playing, rounded toward the worst."""


def starting_total(starting: StartingTotal | int, totals: Sequence[int], winner: Winner) -> int:
    """What a late arrival starts on, from the totals of those playing when they join.

    The worst total is the lowest where high wins and the highest where low wins, and the
    average is rounded toward it, so arriving late never puts anyone ahead:

    >>> starting_total(StartingTotal.WORST, [23, 41, 30], Winner.HIGHEST)
    23
    >>> starting_total(StartingTotal.WORST, [23, 41, 30], Winner.LOWEST)
    41
    >>> starting_total(StartingTotal.AVERAGE, [23, 41, 31], Winner.HIGHEST)  # 31.67 down
    31
    >>> starting_total(StartingTotal.AVERAGE, [23, 41, 31], Winner.LOWEST)  # 31.67 up
    32
    >>> starting_total(StartingTotal.ZERO, [23, 41], Winner.HIGHEST)
    0
    >>> starting_total(-5, [1], Winner.LOWEST)  # a number the table typed
    -5
    """
    if not isinstance(starting, StartingTotal):
        return starting
    if starting is StartingTotal.ZERO or not totals:
        return 0
    if starting is StartingTotal.WORST:
        return min(totals) if winner is Winner.HIGHEST else max(totals)
    whole, part = divmod(sum(totals), len(totals))  # floor division: toward the lower
    return whole if winner is Winner.HIGHEST or part == 0 else whole + 1


class _Change(BaseModel):
    model_config = ConfigDict(
        frozen=True, extra="forbid", str_strip_whitespace=True, defer_build=True
    )

    after: StrictInt = Field(ge=0, le=1_000)
    """The round it follows (0: before the first hand); it counts from the next round."""


class Join(_Change):
    """A late arrival takes the seat to the left of ``left_of`` and plays from the next round."""

    kind: Literal["join"] = "join"
    player: str
    left_of: str
    starting: StartingTotal | StrictInt = StartingTotal.WORST


class Leave(_Change):
    """A player leaves after a round: their total is frozen; they cannot win."""

    kind: Literal["leave"] = "leave"
    player: str


class TakeOver(_Change):
    """Someone new plays ``seat`` from the next round; the seat keeps its total and sets."""

    kind: Literal["take_over"] = "take_over"
    seat: str
    player: str


class SitOut(_Change):
    """``player`` is dealt out of the next round only: no cards, no bid, 0 points."""

    kind: Literal["sit_out"] = "sit_out"
    player: str


class Adjustment(_Change):
    """A bonus (positive) or penalty (negative) of whole points for one player, shown in the
    row of the round it follows; never a bid, a trick, a set or money."""

    kind: Literal["adjust"] = "adjust"
    player: str
    points: StrictInt = Field(ge=-MAX_ADJUSTMENT, le=MAX_ADJUSTMENT)
    reason: str = Field(min_length=1, max_length=120)


class HandEdit(StrEnum):
    """What a change of the schedule does to the hands not yet played."""

    INSERT = "insert"
    """A hand put in as round ``hand``; the hands from there on come one round later."""
    SKIP = "skip"
    """Hand ``hand`` is not played; the hands after it come one round sooner."""
    RESIZE = "resize"
    """Hand ``hand`` deals ``cards`` cards instead."""
    EXTRA = "extra"
    """One more hand of ``cards`` cards at the end ("one more 1-card hand")."""


class HandChange(_Change):
    """The schedule changed between rounds (RULINGS.md: "The schedule may change during a
    game"): the rounds played never change, and the table sees the new schedule first.

    >>> from scorepad.engine.presets import GOLF
    >>> rules = GOLF.with_changes(name="Short Golf", hand_sizes=(1, 2, 3))
    >>> table = TableTimeline(rules, ("Ann", "Bob"), "Ann", (
    ...     HandChange(after=1, edit="insert", hand=2, cards=5),
    ...     HandChange(after=1, edit="extra", cards=1)))
    >>> table.schedule
    (1, 5, 2, 3, 1)
    """

    kind: Literal["hand"] = "hand"
    edit: HandEdit
    hand: StrictInt | None = Field(default=None, ge=1, le=1_000)
    """The round the change is about, as the schedule numbers it when the change is made
    (none for one more hand at the end)."""
    cards: StrictInt | None = Field(default=None, ge=1, le=DECK_SIZE // 2)
    """The hand's cards (none for a skipped hand)."""

    @property
    def player(self) -> None:
        """A change of the schedule is nobody's: errors and notes name no player."""
        return None

    @model_validator(mode="after")
    def _check_fields(self) -> Self:
        needs_hand = self.edit is not HandEdit.EXTRA
        needs_cards = self.edit is not HandEdit.SKIP
        if needs_hand != (self.hand is not None):
            said = "names the round it changes" if needs_hand else "adds a hand at the end"
            raise ValueError(f"a change of the schedule ({self.edit}) {said}: hand")
        if needs_cards != (self.cards is not None):
            said = "says how many cards" if needs_cards else "deals no cards"
            raise ValueError(f"a change of the schedule ({self.edit}) {said}: cards")
        return self


PlayerChange = Join | Leave | TakeOver | SitOut | Adjustment
"""A change of who is at the table, or of a player's points: each names a player."""

AnyChange = PlayerChange | HandChange
"""Any change the record holds, read (:data:`TableChange` is how the record reads it)."""

TableChange = Annotated[AnyChange, Field(discriminator="kind")]
"""One change of the table, as the record holds it."""


class TableChangeError(ScorepadError):
    """A table change the rules refuse; the message names the round, the player and the rule.

    >>> str(TableChangeError(3, "Dan", "Dan is already at the table"))
    'after round 3: Dan is already at the table'
    """

    def __init__(self, after: int, player: str | None, message: str | Message) -> None:
        self.after = after
        self.player = player
        self.detail = message
        if after == 0:
            said = Message("before the first round: {problem}", problem=message)
        else:
            said = Message("after round {round}: {problem}", round=after, problem=message)
        super().__init__(said)


def change_in_words(
    change: AnyChange,
    starting: Mapping[str, int],
    shown: Callable[[str], str] = str,
) -> Message:
    """A change as the pad notes it under the rounds (``starting``: the late arrivals'
    starting totals, as the sheet has them; ``shown``: a player's name as printed).

    >>> change_in_words(Join(after=3, player="Dan", left_of="Cat"), {"Dan": 12})
    Message('Dan joined after round 3, starting on 12')
    >>> print(change_in_words(SitOut(after=3, player="Cat"), {}))
    Cat sat out round 4
    >>> print(change_in_words(Adjustment(after=2, player="Bob", points=-10, reason="renege"), {}))
    After round 2: Bob -10 (renege)
    >>> print(change_in_words(HandChange(after=4, edit="extra", cards=1), {}))
    After round 4: one more hand of 1 card at the end
    """
    if isinstance(change, HandChange):
        return hands_in_words(change)
    who = shown(change.player)
    if isinstance(change, Join):
        return Message(
            "{player} joined after round {round}, starting on {total}",
            player=who,
            round=change.after,
            total=starting[change.player],
        )
    if isinstance(change, Leave):
        return Message("{player} left after round {round}", player=who, round=change.after)
    if isinstance(change, TakeOver):
        return Message(
            "{player} took over {seat}'s seat after round {round}",
            player=who,
            seat=shown(change.seat),
            round=change.after,
        )
    if isinstance(change, SitOut):
        return Message("{player} sat out round {round}", player=who, round=change.after + 1)
    points = f"{change.points:+d}"  # the sign always shown: a bonus or a penalty
    return Message(
        "After round {round}: {player} {points} ({reason})",
        round=change.after,
        player=who,
        points=points,
        reason=change.reason,
    )


def hands_in_words(change: HandChange) -> Message:
    """A change of the schedule as the pad notes it (each size spelled out whole, so that the
    catalogue has every sentence).

    >>> print(hands_in_words(HandChange(after=2, edit="insert", hand=4, cards=5)))
    After round 2: a hand of 5 cards put in as round 4
    >>> print(hands_in_words(HandChange(after=2, edit="skip", hand=5)))
    After round 2: round 5 skipped
    """
    cards = change.cards or 0
    values = {"round": change.after, "hand": change.hand or 0, "cards": cards}
    one = cards == 1
    if change.edit is HandEdit.SKIP:
        said = Message(
            "After round {round}: round {hand} skipped", round=change.after, hand=values["hand"]
        )
    elif change.edit is HandEdit.INSERT:
        said = (
            Message("After round {round}: a hand of {cards} card put in as round {hand}", **values)
            if one
            else Message(
                "After round {round}: a hand of {cards} cards put in as round {hand}", **values
            )
        )
    elif change.edit is HandEdit.RESIZE:
        said = (
            Message("After round {round}: round {hand} deals {cards} card", **values)
            if one
            else Message("After round {round}: round {hand} deals {cards} cards", **values)
        )
    else:
        said = (
            Message(
                "After round {round}: one more hand of {cards} card at the end",
                round=change.after,
                cards=cards,
            )
            if one
            else Message(
                "After round {round}: one more hand of {cards} cards at the end",
                round=change.after,
                cards=cards,
            )
        )
    return said


@dataclass(frozen=True)
class Lineup:
    """The table in one round: the seats in clockwise order (by who plays each now), who is
    dealt in, and the dealer."""

    number: int
    seats: tuple[str, ...]
    """Everyone at the table this round, sitting out or not, clockwise."""
    dealt_in: tuple[str, ...]
    """Those dealt cards, clockwise: they bid, take tricks and score."""
    dealer: str
    cards: int


class TableTimeline:
    """The table round by round, for a game's start and its changes (checked here).

    ``rounds_played`` is how many rounds are recorded: a change after a round not yet played
    is refused (a change belongs between rounds the table has had).
    """

    def __init__(
        self,
        variant: Variant,
        players: Sequence[str],
        first_dealer: str,
        changes: Sequence[AnyChange] = (),
        rounds_played: int | None = None,
    ) -> None:
        self.variant = variant
        self.players = tuple(players)
        self.first_dealer = first_dealer
        self.changes = tuple(changes)
        self._lineups: list[Lineup] = []
        self._resolved: list[AnyChange] = []
        self.schedule = self._derive(rounds_played)
        self.resolved: tuple[AnyChange, ...] = tuple(self._resolved)
        """The changes with every name spelled as at the table (" dan " is Dan), so that
        what is stored and exported reads the same as the sheet."""

    # --- reading ------------------------------------------------------------------------------

    def lineup(self, number: int) -> Lineup:
        """The table in round ``number`` (1-based) of :attr:`schedule`."""
        if not 1 <= number <= len(self._lineups):
            raise ValueError(f"there is no round {number}: the game has {len(self._lineups)}")
        return self._lineups[number - 1]

    @cached_property
    def everyone(self) -> tuple[str, ...]:
        """Every name that played a seat, in the order they came to the table."""
        names = list(self.players)
        for change in self.resolved:
            if isinstance(change, Join | TakeOver):
                names.append(change.player)
        return tuple(names)

    def changes_after(self, number: int) -> tuple[AnyChange, ...]:
        """The changes recorded after round ``number``, in the order they were made."""
        return tuple(change for change in self.changes if change.after == number)

    # --- deriving -----------------------------------------------------------------------------

    def _derive(self, rounds_played: int | None) -> tuple[int, ...]:
        seats = list(self.players)
        planned = list(self.variant.schedule(len(seats)))
        been = {name_key(name) for name in seats}
        """Everyone who has played a seat: a name comes to the table once (records credit
        each person by their name)."""
        last_change = max((change.after for change in self.changes), default=0)
        if rounds_played is not None and last_change > rounds_played:
            late = next(c for c in self.changes if c.after == last_change)
            raise TableChangeError(
                late.after,
                late.player,
                Message(
                    "only {count} round(s) are recorded: a change is made between rounds the "
                    "table has played",
                    count=rounds_played,
                ),
            )
        turn = _DealTurn(self.first_dealer, dealt=False)
        schedule: list[int] = []
        for number in range(1_000):
            sitting_out: set[str] = set()
            for change in self.changes_after(number):
                if isinstance(change, HandChange):
                    planned = self._edit_hands(change, number, planned, len(seats))
                    self._resolved.append(change)
                    continue
                if number >= len(planned) and not isinstance(change, Adjustment):
                    raise TableChangeError(
                        number,
                        change.player,
                        Message("the game is over: no round is left to change"),
                    )
                before = seats
                seats, sitting_out = self._apply(change, number, seats, sitting_out, been)
                turn = turn.after_change(before, seats)
                if len(seats) != len(before):  # a size the deck cannot serve now goes for good
                    planned = self._servable(planned, number, len(seats))
            if number >= len(planned):
                break
            dealt_in = tuple(name for name in seats if name not in sitting_out)
            if len(dealt_in) < 2:
                raise TableChangeError(
                    number,
                    self.changes_after(number)[-1].player,
                    Message(
                        "only {count} player(s) would be dealt in: a hand needs at least 2",
                        count=len(dealt_in),
                    ),
                )
            dealer = turn.dealer(seats, dealt_in)
            turn = _DealTurn(dealer, dealt=True)
            schedule.append(planned[number])
            self._lineups.append(
                Lineup(number + 1, tuple(seats), dealt_in, dealer, planned[number])
            )
        return tuple(schedule)

    def _edit_hands(
        self, change: HandChange, played: int, planned: list[int], players: int
    ) -> list[int]:
        """``planned`` with ``change`` made to the hands after the first ``played``."""
        hands = [*planned]
        last = len(hands) + (1 if change.edit is HandEdit.INSERT else 0)
        if change.hand is not None and change.hand <= played:
            raise TableChangeError(
                played,
                None,
                Message(
                    "round {round} is played already: only a hand not yet played can change",
                    round=change.hand,
                ),
            )
        if change.hand is not None and change.hand > last:
            raise TableChangeError(
                played,
                None,
                Message(
                    "there is no round {round}: the schedule has {count} rounds",
                    round=change.hand,
                    count=len(hands),
                ),
            )
        if change.cards is not None and not self.variant.can_deal(players, change.cards):
            raise TableChangeError(played, None, self._cannot_deal(players, change.cards))
        place = (change.hand or len(hands) + 1) - 1  # one more hand at the end: after the last
        if change.edit is HandEdit.SKIP:
            del hands[place]
            if not hands:
                raise TableChangeError(
                    played,
                    None,
                    Message("that is the only hand left: the game would have no round"),
                )
        elif change.edit is HandEdit.RESIZE:
            hands[place] = change.cards or 0
        else:  # put in, or one more at the end
            hands.insert(place, change.cards or 0)
        if len(hands) > MAX_ROUNDS:
            raise TableChangeError(
                played,
                None,
                Message("a game has at most {count} rounds", count=MAX_ROUNDS),
            )
        return hands

    def _cannot_deal(self, players: int, cards: int) -> Message:
        if self.variant.trump_rule.turns_card:
            return Message(
                "{players} players cannot each be dealt {cards} cards with a card left to "
                "turn for trump",
                players=players,
                cards=cards,
            )
        return Message(
            "{players} players cannot each be dealt {cards} cards from {deck}",
            players=players,
            cards=cards,
            deck=DECK_SIZE,
        )

    def _servable(self, planned: list[int], played: int, players: int) -> list[int]:
        """``planned`` with the sizes not yet played that the deck cannot serve to ``players``
        dropped. Called after each change that moves the seat count, so a size dropped when
        someone joined stays dropped when someone leaves later in the same break: fewer players
        never add rounds (RULINGS.md, "The deck decides the rest of the schedule")."""
        kept = [size for size in planned[played:] if self.variant.can_deal(players, size)]
        if not kept:
            raise TableChangeError(
                played,
                None,
                Message(
                    "no hand left in the schedule can be dealt to {count} players: "
                    "the game would be over",
                    count=players,
                ),
            )
        return planned[:played] + kept

    def _apply(
        self,
        change: PlayerChange,
        after: int,
        seats: list[str],
        sitting_out: set[str],
        been: set[str],
    ) -> tuple[list[str], set[str]]:
        """The seats and who sits out after ``change``; ``been`` learns a new name."""
        keys = {name_key(name): name for name in seats}
        if isinstance(change, Join):
            self._refuse_if_fixed(change)
            name = _newcomer(change.player, after, been)
            neighbour = _seated(keys, change.left_of, after, _NEIGHBOUR)
            if len(seats) + 1 > self.variant.max_players:
                raise TableChangeError(
                    after,
                    name,
                    Message(
                        "{variant} is played by at most {count}",
                        variant=self.variant.name,
                        count=self.variant.max_players,
                    ),
                )
            seats = [*seats]
            seats.insert(seats.index(neighbour) + 1, name)
            self._resolve(change, player=name, left_of=neighbour)
            return seats, sitting_out
        if isinstance(change, Leave):
            self._refuse_if_fixed(change)
            name = _seated(keys, change.player, after, _LEAVE)
            if len(seats) - 1 < max(2, self.variant.min_players):
                raise TableChangeError(
                    after,
                    name,
                    Message(
                        "{player} cannot leave: {variant} needs at least {count} players",
                        player=name,
                        variant=self.variant.name,
                        count=max(2, self.variant.min_players),
                    ),
                )
            self._resolve(change, player=name)
            return [seat for seat in seats if seat != name], sitting_out - {name}
        if isinstance(change, TakeOver):
            seat = _seated(keys, change.seat, after, _HAND_OVER)
            name = _newcomer(change.player, after, been)
            self._resolve(change, seat=seat, player=name)
            return [name if s == seat else s for s in seats], {
                name if s == seat else s for s in sitting_out
            }
        if isinstance(change, SitOut):
            name = _seated(keys, change.player, after, _SIT_OUT)
            if len(seats) - len(sitting_out | {name}) < 2:
                raise TableChangeError(
                    after,
                    name,
                    Message(
                        "{player} cannot sit out: a hand needs at least 2 players", player=name
                    ),
                )
            self._resolve(change, player=name)
            return seats, sitting_out | {name}
        name = _seated(keys, change.player, after, _ADJUST)
        if after == 0:
            raise TableChangeError(
                after,
                change.player,
                Message("an adjustment follows a round: record a round first"),
            )
        self._resolve(change, player=name)
        return seats, sitting_out

    def _resolve(self, change: PlayerChange, **names: str) -> None:
        """Keep ``change`` with its names as at the table (the change itself when they are)."""
        differ = {key: name for key, name in names.items() if getattr(change, key) != name}
        self._resolved.append(change.model_copy(update=differ) if differ else change)

    def _refuse_if_fixed(self, change: Join | Leave) -> None:
        if self.variant.min_players != self.variant.max_players:
            return
        values: dict[str, str | int] = {
            "variant": self.variant.name,
            "count": self.variant.min_players,
        }
        if isinstance(change, Join):
            said = Message(
                "{variant} is written for {count} players: nobody can join (a seat can be "
                "taken over, or a hand sat out)",
                **values,
            )
        else:
            said = Message(
                "{variant} is written for {count} players: nobody can leave (a seat can be "
                "taken over, or a hand sat out)",
                **values,
            )
        raise TableChangeError(change.after, change.player, said)


def _newcomer(raw: str, after: int, been: set[str]) -> str:
    """A new name at the table, checked like a starting player's; one who played a seat in
    this game already cannot come back as someone new (their rounds would be two people's)."""
    try:
        name = checked_name(raw, 1)
    except ScorepadError as problem:
        raise TableChangeError(after, raw, problem.said) from None
    if name_key(name) in been:
        raise TableChangeError(
            after,
            name,
            Message("{player} has played a seat in this game already", player=quoted(name)),
        )
    been.add(name_key(name))
    return name


_NEIGHBOUR, _LEAVE, _HAND_OVER, _SIT_OUT, _ADJUST = range(5)
"""What :func:`_seated` looks a player up for, which its refusal names."""


def _seated(keys: dict[str, str], name: str, after: int, what: int) -> str:
    """The player at the table whom ``name`` means, or the refusal to ``what`` them (one of
    :data:`_NEIGHBOUR`, :data:`_LEAVE`, ...)."""
    found = keys.get(name_key(name))
    if found is None:
        raise TableChangeError(after, name, _not_seated(what, quoted(name), tuple(keys.values())))
    return found


def _not_seated(what: int, name: str, seated: tuple[str, ...]) -> Message:
    """Why ``name`` (quoted) cannot be looked up for ``what``: not among ``seated``."""
    table = Listing(seated)
    if what == _NEIGHBOUR:
        return Message(
            "cannot sit to the left of {player}: not at the table ({players})",
            player=name,
            players=table,
        )
    if what == _LEAVE:
        return Message(
            "cannot leave {player}: not at the table ({players})", player=name, players=table
        )
    if what == _HAND_OVER:
        return Message(
            "cannot hand over the seat of {player}: not at the table ({players})",
            player=name,
            players=table,
        )
    if what == _SIT_OUT:
        return Message(
            "cannot sit out {player}: not at the table ({players})", player=name, players=table
        )
    return Message(
        "cannot adjust the points of {player}: not at the table ({players})",
        player=name,
        players=table,
    )


@dataclass(frozen=True)
class _DealTurn:
    """Whose turn it is to deal, between two rounds. It is moved on by each change of a break
    in the order made, on the table as the change before it left it, so that a dealer-to-be who
    leaves hands the deal to whoever sits at their left at that moment (issue 46: a newcomer
    seated there in the same break, not the seat that was there before the break)."""

    seat: str
    dealt: bool
    """``True``: ``seat`` dealt the last round and the deal goes to their left, so a newcomer
    seated at their left deals next. ``False``: ``seat`` deals next (the first dealer before
    the first hand, or the seat at the left of a dealer-to-be who left)."""

    def after_change(self, before: Sequence[str], seats: Sequence[str]) -> _DealTurn:
        """The turn once a change has made the table ``before`` into ``seats``.

        A join or a sit-out leaves it where it is (a newcomer at the last dealer's left is
        found when the deal is made, and so is a dealer sitting out); a seat taken over keeps
        its turn under the newcomer's name; a player who leaves hands it to the seat at their
        left as the table stands now, who deals next.

        >>> _DealTurn("Bob", dealt=False).after_change(("Ann", "Bob", "Eve", "Cat"),
        ...     ("Ann", "Eve", "Cat"))
        _DealTurn(seat='Eve', dealt=False)
        """
        if self.seat in seats or self.seat not in before:
            return self
        at = before.index(self.seat)
        if len(seats) == len(before):  # the seat was taken over: it deals as it would have
            return _DealTurn(seats[at], self.dealt)
        return _DealTurn(before[(at + 1) % len(before)], dealt=False)

    def dealer(self, seats: Sequence[str], dealt_in: Sequence[str]) -> str:
        """Who deals the next round: the first seat dealt in, clockwise from the seat whose turn
        it is (one sitting the hand out passes it on to their left)."""
        start = seats.index(self.seat) + (1 if self.dealt else 0)
        return next(name for name in [*seats[start:], *seats[:start]] if name in dealt_in)
