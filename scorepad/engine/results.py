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
from scorepad.engine.sheet import GameStatus


class HandTally(BaseModel):
    """How a player bid at one hand size: rounds played and bids made with that many cards
    (bid accuracy by hand size: small hands are a guess, big ones a count)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    cards: int = Field(ge=1)
    """The hand size."""
    rounds: int = Field(ge=0)
    """Rounds played at this hand size."""
    made: int = Field(ge=0)
    """Bids made at this hand size."""


class PlayerResult(BaseModel):
    """One player's part in one game: what their records need, nothing more."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    player: str
    """The name the game was played under (a later rename does not change the game)."""
    total: int
    rank: int = Field(ge=1)
    """Competition ranking in the game's standings (tied players share a rank)."""
    won: bool
    """The game is finished and the player is among its winners."""
    rounds: int = Field(ge=0)
    """Rounds recorded."""
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
    """Each player's result in ``game``, in seating order."""
    sheet = game.sheet
    money = sheet.money_at_end()
    finished = sheet.status is GameStatus.FINISHED
    rank = {standing.player: standing.rank for standing in sheet.standings}
    return tuple(
        PlayerResult(
            player=player,
            total=sheet.totals[player],
            rank=rank[player],
            won=finished and player in sheet.winners,
            rounds=len(sheet.rounds),
            bids_made=sum(1 for result in sheet.rounds if result.made[player]),
            zeros_bid=sum(1 for result in sheet.rounds if result.bids[player] == 0),
            zeros_made=sum(
                1 for result in sheet.rounds if result.bids[player] == 0 and result.made[player]
            ),
            sets=sheet.sets[player],
            hands=_hands(game, player),
            cents=None if money is None else money[player],
        )
        for player in sheet.players
    )


def _hands(game: Game, player: str) -> tuple[HandTally, ...]:
    rounds: dict[int, int] = {}
    made: dict[int, int] = {}
    for result in game.sheet.rounds:
        rounds[result.cards] = rounds.get(result.cards, 0) + 1
        made[result.cards] = made.get(result.cards, 0) + int(result.made[player])
    return tuple(
        HandTally(cards=cards, rounds=rounds[cards], made=made[cards]) for cards in sorted(rounds)
    )
