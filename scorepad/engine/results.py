"""One player's part in one game, boiled down to what their records need.

A stored game is a list of rounds; a player's records (games won, bid accuracy, money) are
sums over many games. Re-deriving every game to draw a leaderboard would read every file, so
each game is boiled down once, when it is saved, to a :class:`PlayerResult` per seat, and the
records are summed from those (see :mod:`scorepad.engine.stats`).

Rules decided here:

* A player **won** only a *finished* game in which they are among the sheet's winners: an
  abandoned game has no winner, a game in progress has leaders but no winner yet. Tied
  winners each won.
* A bid of zero is a **zero bid**; it is **made** when the player took no trick. Sets are
  counted as the sheet counts them: every round in which the bid was missed.
* **Money** is the game's own end-of-game settlement (``money_at_end``): only a finished game
  played for a stake has any; otherwise it is ``None``, not 0, so "played for nothing" and
  "broke even" stay apart.

>>> from scorepad.engine.game import Game
>>> from scorepad.engine.presets import GOLF
>>> from scorepad.engine.record import RoundRecord
>>> rules = GOLF.with_changes(name="Short Golf", hand_sizes=(1, 2))
>>> game = Game.start(rules, ["Ann", "Bob"], first_dealer="Bob", stake_cents=5)
>>> game = game.record_round(RoundRecord(turned="clubs", bids={"Ann": 1, "Bob": 1},
...     tricks={"Ann": 1, "Bob": 0}))
>>> game = game.record_round(RoundRecord(turned="clubs", bids={"Ann": 0, "Bob": 0},
...     tricks={"Ann": 2, "Bob": 0}))
>>> ann, bob = player_results(game)
>>> (ann.total, ann.rank, ann.won, ann.bids_made, ann.zeros_bid, ann.zeros_made, ann.cents)
(11, 2, False, 1, 1, 0, -5)
>>> (bob.total, bob.rank, bob.won, bob.sets, bob.cents)
(10, 1, True, 1, 5)
>>> [(hand.cards, hand.rounds, hand.made) for hand in bob.hands]
[(1, 1, 0), (2, 1, 1)]
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from scorepad.engine.game import Game
from scorepad.engine.sheet import GameStatus, RoundResult


class HandTally(BaseModel):
    """How a player bid at one hand size: rounds played and bids made with that many cards
    (bid accuracy by hand size: small hands are a guess, big ones a count)."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    cards: int = Field(ge=1)
    """The hand size."""
    rounds: int = Field(ge=0)
    """Rounds played at this hand size."""
    made: int = Field(ge=0)
    """Bids made at this hand size."""


class PlayerResult(BaseModel):
    """One player's part in one game: what their records need, nothing more."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    player: str
    """The name the game was played under (a later rename does not change the game)."""
    total: int
    rank: int = Field(ge=1)
    """Competition ranking in the game's standings (tied players share a rank)."""
    won: bool
    """The game is finished and the player is among its winners."""
    rounds: int = Field(ge=0)
    """Rounds the player was dealt in (every round recorded, unless the table changed)."""
    bids_made: int = Field(ge=0)
    zeros_bid: int = Field(ge=0)
    zeros_made: int = Field(ge=0)
    sets: int = Field(ge=0)
    """Rounds in which the bid was missed, as the sheet counts them."""
    hands: tuple[HandTally, ...] = ()
    """By hand size, ascending cards."""
    cents: int | None = None
    """Net money of a finished game played for a stake (positive collects); else ``None``."""


def player_results(game: Game) -> tuple[PlayerResult, ...]:
    """Each player's result in ``game``: the places on the sheet in its order, then anyone
    who handed their seat over (RULINGS.md, "Taking over a seat": each person is credited
    with the rounds they were dealt in, and nothing else).

    A place's total, rank, win and money are the place's; a player who left keeps theirs
    (ranked below those who stayed, never a winner, paying for their sets in Golf). Someone
    who handed their seat over is credited with their own rounds and sets, with the seat's
    total when they left it; they are ranked last and win nothing: the seat's result, money
    included, is its last player's, so in a game played for money they are even (0 cents,
    not "no money": the ledger of such a game adds up).
    """
    sheet = game.sheet
    money = sheet.money_at_end()
    finished = sheet.status is GameStatus.FINISHED
    rank = {standing.player: standing.rank for standing in sheet.standings}
    handed_over = [person for seat in sheet.seat_names.values() for person in seat[:-1]]
    return tuple(
        _result(game, player, sheet.totals[player], rank[player], finished=finished, money=money)
        for player in sheet.players
    ) + tuple(
        _result(
            game,
            person,
            _total_when_handed_over(game, person),
            len(sheet.players) + 1,
            # even: the seat settles with whoever holds it at the end (docs/rules.md)
            money=None if money is None else {person: 0},
        )
        for person in handed_over
    )


def _result(
    game: Game,
    player: str,
    total: int,
    rank: int,
    *,
    finished: bool = False,
    money: dict[str, int] | None = None,
) -> PlayerResult:
    sheet = game.sheet
    played = [result for result in sheet.rounds if player in result.made]
    return PlayerResult(
        player=player,
        total=total,
        rank=rank,
        won=finished and player in sheet.winners,
        rounds=len(played),
        bids_made=sum(1 for result in played if result.made[player]),
        zeros_bid=sum(1 for result in played if result.bids[player] == 0),
        zeros_made=sum(1 for result in played if result.bids[player] == 0 and result.made[player]),
        sets=sum(1 for result in played if not result.made[player]),
        hands=_hands(played, player),
        cents=None if money is None else money[player],
    )


def _total_when_handed_over(game: Game, person: str) -> int:
    """The seat's total after the last round ``person`` played in it."""
    last = [result for result in game.sheet.rounds if person in result.totals]
    return last[-1].totals[person] if last else 0


def _hands(played: list[RoundResult], player: str) -> tuple[HandTally, ...]:
    rounds: dict[int, int] = {}
    made: dict[int, int] = {}
    for result in played:
        rounds[result.cards] = rounds.get(result.cards, 0) + 1
        made[result.cards] = made.get(result.cards, 0) + int(result.made[player])
    return tuple(
        HandTally(cards=cards, rounds=rounds[cards], made=made[cards]) for cards in sorted(rounds)
    )
