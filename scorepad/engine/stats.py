"""A player's records over many games, and the all-time leaderboard.

Records are sums over each game's :class:`~scorepad.engine.results.PlayerResult` (boiled down
once, when the game was saved), so a leaderboard never re-derives a game. Pick the games first
(a variant, a date range); these functions count whatever they are given.

Rules decided here, as a careful table would keep the book:

* **A game counts once it ends.** A game in progress is left out entirely: its leader has not
  won, and its half-played rounds would move the averages while the table is still playing.
* **An abandoned game counts as played, never as won**: it is in ``games`` and ``abandoned``,
  so it lowers the win rate, and its rounds count towards bid accuracy, zeros and sets (those
  bids were really made or missed). Totals, the average and the best total come from
  *finished* games only (a game stopped after three rounds has no meaningful total).
* **Best total** means highest where the highest wins and lowest in Golf, so it is only
  meaningful within one direction: over games that mix directions it is ``None``, and so is
  the **average total** (Golf's 12 averaged with a Mormon Bridge 171 says nothing).
* **Win rate** is wins / games counted (finished + abandoned). **Tied winners** each win.
* **Bid accuracy** is bids made / rounds played, overall and by hand size.
* **Money** is each finished stake game's own settlement: ``cents`` is the net,
  ``cents_won`` the sum of the games the player came out ahead in, ``cents_lost`` (a positive
  number) the sum of those they paid in; ``cents == cents_won - cents_lost``.
  ``money_games`` counts the games that had money: at ``0`` the player has no money to show
  (not "$0.00", which would claim they broke even), while ``cents`` stays ``0`` for sums.
* **Names**: a game keeps the name it was played under; ``names`` maps the :func:`name_key`
  of any name a player was known by to their current name, and records are kept under the
  current name ("Bob" renamed "Robert": Bob's games are Robert's). A name the mapping does not
  know is its own player, matched ignoring case; it is shown as spelled in its latest game.
* If two seats of one game are the same person (two roster entries merged after they sat at
  one table), the game counts once in games and wins, and each seat's rounds, total and
  money count.

>>> from datetime import datetime
>>> from scorepad.engine.game import Game
>>> from scorepad.engine.presets import GOLF
>>> from scorepad.engine.record import RoundRecord
>>> rules = GOLF.with_changes(name="Short Golf", hand_sizes=(1, 2))
>>> game = Game.start(rules, ["Ann", "Bob"], first_dealer="Bob", stake_cents=5)
>>> game = game.record_round(RoundRecord(turned="clubs", bids={"Ann": 1, "Bob": 1},
...     tricks={"Ann": 1, "Bob": 0}))
>>> game = game.record_round(RoundRecord(turned="clubs", bids={"Ann": 0, "Bob": 0},
...     tricks={"Ann": 2, "Bob": 0}))
>>> day = datetime(2026, 11, 1, 20, 0)
>>> played = [GameResults.of(game, game_id="g1", played_on=day)]
>>> ann, bob = player_stats(played)
>>> (ann.name, ann.games, ann.wins, ann.win_rate, ann.accuracy, ann.cents, ann.cents_lost)
('Ann', 1, 0, 0.0, 0.5, -5, 5)
>>> ann.money_games
1
>>> (bob.name, bob.wins, bob.win_rate, bob.best_total, bob.sets, bob.cents)
('Bob', 1, 1.0, 10, 1, 5)
>>> [player.name for player in player_stats(played, names={"bob": "Robert"})]
['Ann', 'Robert']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from operator import attrgetter
from typing import Annotated, NamedTuple, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from scorepad.engine.errors import DuplicateGameError, MinGamesError
from scorepad.engine.game import Game
from scorepad.engine.names import name_key
from scorepad.engine.results import HandTally, PlayerResult, player_results
from scorepad.engine.sheet import GameStatus
from scorepad.engine.variant import Winner

Count = Annotated[int, Field(ge=0)]
Rank = Annotated[int, Field(ge=1)]

SeatRow = tuple[
    str, int, Rank, bool, Count, Count, Count, Count, Count, int | None, tuple[Count, ...]
]
"""A :class:`SeatLine` as a plain tuple, as a store checks it (pydantic checks a plain tuple
faster than it builds a named one): player, total, rank, won, rounds, bids made, zeros bid,
zeros made, sets, cents, hands."""


class SeatLine(NamedTuple):
    """One player's part in one game as plain values: a :class:`PlayerResult` without the
    model, as a store keeps it (a JSON array) and :func:`line_stats` sums it. Ten thousand
    games hold some fifty thousand seats: building and checking a model for each was most
    of the time a leaderboard took."""

    player: str
    total: int
    rank: Rank
    won: bool
    rounds: Count
    bids_made: Count
    zeros_bid: Count
    zeros_made: Count
    sets: Count
    cents: int | None
    hands: tuple[Count, ...]
    """By hand size, ascending cards, flat: ``cards, rounds, made`` for each."""

    @classmethod
    def of(cls, result: PlayerResult) -> SeatLine:
        """``result`` as plain values."""
        return cls(
            result.player,
            result.total,
            result.rank,
            result.won,
            result.rounds,
            result.bids_made,
            result.zeros_bid,
            result.zeros_made,
            result.sets,
            result.cents,
            tuple(n for hand in result.hands for n in (hand.cards, hand.rounds, hand.made)),
        )

    def result(self) -> PlayerResult:
        """The seat as a :class:`PlayerResult` (built without a second check: a seat line is
        checked when it is read)."""
        flat = self.hands
        return PlayerResult.model_construct(
            player=self.player,
            total=self.total,
            rank=self.rank,
            won=self.won,
            rounds=self.rounds,
            bids_made=self.bids_made,
            zeros_bid=self.zeros_bid,
            zeros_made=self.zeros_made,
            sets=self.sets,
            hands=tuple(
                HandTally.model_construct(cards=flat[i], rounds=flat[i + 1], made=flat[i + 2])
                for i in range(0, len(flat) - 2, 3)
            ),
            cents=self.cents,
        )


class GameLine(NamedTuple):
    """One game as :func:`line_stats` reads it: :class:`GameResults` as plain values."""

    game_id: str
    status: GameStatus
    played_on: datetime
    lowest_wins: bool
    seats: Sequence[SeatRow]
    """In seating order (each a :class:`SeatLine` or the same values as a plain tuple)."""


class GameResults(BaseModel):
    """One stored game as stats and the ledger read it: who played, how it went, when."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    game_id: str
    variant: str
    status: GameStatus
    played_on: datetime
    """When the game was started."""
    lowest_wins: bool
    """The variant's direction (Golf: ``True``)."""
    stake_cents: int | None
    results: tuple[PlayerResult, ...]
    """In seating order."""

    @classmethod
    def of(cls, game: Game, *, game_id: str, played_on: datetime) -> GameResults:
        """``game`` boiled down for the records."""
        return cls(
            game_id=game_id,
            variant=game.variant.name,
            status=game.status,
            played_on=played_on,
            lowest_wins=game.variant.winner is Winner.LOWEST,
            stake_cents=game.stake_cents,
            results=player_results(game),
        )

    def line(self) -> GameLine:
        """The game as plain values (see :func:`line_stats`)."""
        seats = tuple(SeatLine.of(result) for result in self.results)
        return GameLine(self.game_id, self.status, self.played_on, self.lowest_wins, seats)


class PlayerStats(BaseModel):
    """One player's records over the games given (see the module's rules)."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    name: str
    """The current name (see ``names`` in :func:`player_stats`)."""
    games: int
    """Games counted: finished plus abandoned."""
    finished: int
    abandoned: int
    wins: int
    win_rate: float | None
    """wins / games; ``None`` without a game."""
    average_total: float | None
    """Over finished games; ``None`` without one, or when the games mix directions."""
    best_total: int | None
    """Over finished games, highest or lowest as their variant wins; ``None`` without one, or
    when the games mix directions."""
    rounds: int
    bids_made: int
    accuracy: float | None
    """bids_made / rounds; ``None`` without a round."""
    hands: tuple[HandTally, ...]
    """Rounds and bids made by hand size, ascending cards."""
    zeros_bid: int
    zeros_made: int
    sets: int
    cents: int
    """Net money over finished stake games: positive came out ahead."""
    cents_won: int
    """What the games the player came out ahead in brought in."""
    cents_lost: int
    """What the games the player paid in cost them (a positive number)."""
    money_games: int = 0
    """How many of the games counted had money (finished stake games); ``0``: the player has
    no money to show, and ``cents`` is no net of anything."""
    last_played: datetime | None = None
    """When the latest game counted was started."""


@dataclass(slots=True)
class _Book:
    """One player's running sums while the games are read (plain numbers: a leaderboard of
    ten thousand games adds tens of thousands of results, so nothing here is a model)."""

    name: str
    games: int = 0
    finished: int = 0
    wins: int = 0
    rounds: int = 0
    bids_made: int = 0
    zeros_bid: int = 0
    zeros_made: int = 0
    sets: int = 0
    cents_won: int = 0
    cents_lost: int = 0
    money_games: int = 0
    money_game: str | None = None
    """The last game counted in ``money_games`` (two seats of one person count it once)."""
    finished_totals: int = 0
    """The sum of the totals of finished games (seats, when one person had two)."""
    finished_seats: int = 0
    lowest: int | None = None
    """The lowest total of a finished game that the lowest total wins."""
    highest: int | None = None
    """The highest total of a finished game that the highest total wins."""
    hands: dict[int, list[int]] = field(default_factory=dict)
    """Hand size: [rounds, bids made]."""
    last_game: str | None = None
    won_last_game: bool = False
    last_played: datetime | None = None

    def add(self, game: GameLine, finished: bool, seat: SeatRow, hands: bool) -> None:
        _, total, _, won, rounds, bids_made, zeros_bid, zeros_made, sets, cents, flat = seat
        if game.game_id != self.last_game:  # a game's seats come one after another
            self.last_game = game.game_id
            self.last_played = game.played_on
            self.won_last_game = False
            self.games += 1
            self.finished += finished
        if won and not self.won_last_game:
            self.won_last_game = True
            self.wins += 1
        if finished:
            self.finished_totals += total
            self.finished_seats += 1
            if game.lowest_wins:
                if self.lowest is None or total < self.lowest:
                    self.lowest = total
            elif self.highest is None or total > self.highest:
                self.highest = total
        self.rounds += rounds
        self.bids_made += bids_made
        self.zeros_bid += zeros_bid
        self.zeros_made += zeros_made
        self.sets += sets
        if cents is not None:
            if game.game_id != self.money_game:
                self.money_game = game.game_id
                self.money_games += 1
            self.cents_won += max(cents, 0)
            self.cents_lost += max(-cents, 0)
        if hands:
            tallies = self.hands
            for cards, played, made in zip(flat[0::3], flat[1::3], flat[2::3], strict=False):
                tally = tallies.get(cards)
                if tally is None:
                    tallies[cards] = [played, made]
                else:
                    tally[0] += played
                    tally[1] += made

    def stats(self) -> PlayerStats:
        best = None  # over games that mix directions, or with none finished
        if self.highest is None:
            best = self.lowest
        elif self.lowest is None:
            best = self.highest
        seats = self.finished_seats if best is not None else 0  # no average across directions
        return PlayerStats(
            name=self.name,
            games=self.games,
            finished=self.finished,
            abandoned=self.games - self.finished,
            wins=self.wins,
            win_rate=self.wins / self.games if self.games else None,
            average_total=self.finished_totals / seats if seats else None,
            best_total=best,
            rounds=self.rounds,
            bids_made=self.bids_made,
            accuracy=self.bids_made / self.rounds if self.rounds else None,
            hands=tuple(
                HandTally(cards=cards, rounds=rounds, made=made)
                for cards, (rounds, made) in sorted(self.hands.items())
            ),
            zeros_bid=self.zeros_bid,
            zeros_made=self.zeros_made,
            sets=self.sets,
            cents=self.cents_won - self.cents_lost,
            cents_won=self.cents_won,
            cents_lost=self.cents_lost,
            money_games=self.money_games,
            last_played=self.last_played,
        )


def current_name(played_as: str, names: Mapping[str, str]) -> str:
    """The name a player is known by now (``names``: see :func:`player_stats`).

    >>> current_name("BOB", {"bob": "Robert"}), current_name("Ann", {"bob": "Robert"})
    ('Robert', 'Ann')
    """
    return names.get(name_key(played_as), played_as)


class Dated(Protocol):
    """A game as :func:`counted_games` reads it: a :class:`GameResults` or a :class:`GameLine`."""

    @property
    def game_id(self) -> str: ...
    @property
    def status(self) -> GameStatus: ...
    @property
    def played_on(self) -> datetime: ...


DatedGame = TypeVar("DatedGame", bound=Dated)


def counted_games(games: Iterable[DatedGame]) -> list[DatedGame]:
    """The games that count (ended: finished or abandoned), oldest first (then by id), each
    exactly once; :class:`DuplicateGameError` for a game given twice."""
    seen: set[str] = set()
    counted: list[DatedGame] = []
    for game in games:
        if game.game_id in seen:
            raise DuplicateGameError(game.game_id)
        seen.add(game.game_id)
        if game.status is not GameStatus.IN_PROGRESS:
            counted.append(game)
    counted.sort(key=attrgetter("played_on", "game_id"))
    return counted


def player_stats(
    games: Iterable[GameResults], *, names: Mapping[str, str] | None = None, hands: bool = True
) -> list[PlayerStats]:
    """Every player's records over ``games``, by name (ignoring case).

    ``names`` maps :func:`name_key` of any name a player was known by to their current name
    (the roster's ``current_names()``); records are kept under the current name.
    ``hands=False`` leaves each player's :attr:`PlayerStats.hands` empty: a leaderboard does
    not show bid accuracy by hand size, and adding up every hand size of every game is most
    of the work over a long history.
    """
    return line_stats((game.line() for game in games), names=names, hands=hands)


def line_stats(
    games: Iterable[GameLine],
    *,
    names: Mapping[str, str] | None = None,
    hands: bool = True,
    player: str | None = None,
) -> list[PlayerStats]:
    """:func:`player_stats` over games as plain values (what a store keeps: no model is
    built per game or seat), with the same rules; with ``player`` (any name they were known
    by), only that player's records, or none when they played no game counted."""
    names = names or {}
    wanted = None if player is None else name_key(current_name(player, names))
    books: dict[str, _Book] = {}
    known: dict[str, tuple[str, str]] = {}
    """Each name played under: its current name and that name's key (worked out once)."""
    for game in counted_games(games):
        finished = game.status is GameStatus.FINISHED
        for seat in game.seats:
            played_as = seat[0]
            if played_as not in known:
                name = current_name(played_as, names)
                known[played_as] = (name, name_key(name))
            name, key = known[played_as]
            if wanted is not None and key != wanted:
                continue
            book = books.get(key)
            if book is None:
                book = books[key] = _Book(name)
            book.name = name  # the latest spelling
            book.add(game, finished, seat, hands)
    return [books[key].stats() for key in sorted(books, key=lambda key: (key, books[key].name))]


MIN_GAMES = 3
"""The games a player needs, by default, to be ranked (the app's and ``scorepad stats``'s
minimum): one lucky win is not a 100% win rate worth leading a table with."""


def leaderboard(stats: Sequence[PlayerStats], *, min_games: int = 1) -> list[PlayerStats]:
    """The players ranked: most wins, then the best win rate, then the most money, then by
    name. Players with fewer than ``min_games`` games are left out (a 1-for-1 newcomer does
    not top a regular's 30 wins in 60).

    >>> from scorepad.engine.stats import PlayerStats
    >>> def player(name: str, games: int, wins: int, cents: int = 0) -> PlayerStats:
    ...     return PlayerStats(name=name, games=games, finished=games, abandoned=0, wins=wins,
    ...         win_rate=wins / games, average_total=None, best_total=None, rounds=0,
    ...         bids_made=0, accuracy=None, hands=(), zeros_bid=0, zeros_made=0, sets=0,
    ...         cents=cents, cents_won=max(cents, 0), cents_lost=max(-cents, 0))
    >>> table = [player("Ann", 4, 2), player("Bob", 2, 2), player("Cat", 1, 1, 40),
    ...     player("Dan", 1, 1, 20)]
    >>> [p.name for p in leaderboard(table)]
    ['Bob', 'Ann', 'Cat', 'Dan']
    >>> [p.name for p in leaderboard(table, min_games=2)]
    ['Bob', 'Ann']
    >>> leaderboard(table, min_games=-1)
    Traceback (most recent call last):
    ...
    scorepad.engine.errors.MinGamesError: a minimum of -1 games makes no sense; use 0 or more
    """
    if min_games < 0:
        raise MinGamesError(min_games)
    kept = [player for player in stats if player.games >= min_games]
    return sorted(
        kept,
        key=lambda player: (
            -player.wins,
            -(player.win_rate if player.win_rate is not None else -1.0),
            -player.cents,
            name_key(player.name),
            player.name,
        ),
    )
