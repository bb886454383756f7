"""The rules engine: pure rules and scoring, importable without the app (no flet, no tinydb).

A game is its settings plus the list of recorded rounds; everything else is derived.

>>> from scorepad.engine import Game, RoundRecord
>>> game = Game.start("golf", ["Ann", "Bob", "Cat", "Dan"], first_dealer="Bob")
>>> game = game.record_round(RoundRecord(turned="hearts",
...     bids={"Ann": 0, "Bob": 1, "Cat": 0, "Dan": 1},
...     tricks={"Ann": 0, "Bob": 1, "Cat": 0, "Dan": 0}))
>>> [(s.rank, s.player, s.total) for s in game.sheet.standings]
[(1, 'Dan', 0), (2, 'Ann', 10), (2, 'Cat', 10), (4, 'Bob', 11)]
"""

from scorepad.engine.cards import DECK_SIZE, Suit
from scorepad.engine.entry import (
    BiddingState,
    BidOptions,
    TricksState,
    balance_text,
    bid_options,
    bidding_state,
    tricks_state,
)
from scorepad.engine.errors import (
    BidOrderError,
    BidRangeError,
    DuplicateEntryError,
    DuplicateNameError,
    EmptyNameError,
    GameOverError,
    HookError,
    MissingEntryError,
    NameCharacterError,
    NameTooLongError,
    NotAbandonedError,
    PlayerCountError,
    PlayerError,
    RecordFormatError,
    RoundError,
    RoundInsertError,
    RoundNotFoundError,
    RoundShiftError,
    ScorepadError,
    StakeError,
    StrangerError,
    TooManyRoundsError,
    TricksRangeError,
    TricksSumError,
    TurnedCardError,
    UnknownPlayerError,
    UnknownVariantError,
    VariantSettingError,
)
from scorepad.engine.game import Game
from scorepad.engine.names import MAX_NAME_LENGTH, checked_name, clean_name, name_key
from scorepad.engine.presets import (
    GOLF,
    MORMON_BRIDGE,
    PRESETS,
    SCOTCH_BRIDGE,
    preset,
    resolve_variant,
)
from scorepad.engine.record import GameRecord, RoundDraft, RoundRecord
from scorepad.engine.settlement import format_cents, net_cents
from scorepad.engine.sheet import GameStatus, Payment, RoundResult, RoundSetup, ScoreSheet, Standing
from scorepad.engine.trump import TrumpCall
from scorepad.engine.variant import BidMode, TrumpRule, Variant, Winner

__all__ = [
    "DECK_SIZE",
    "GOLF",
    "MAX_NAME_LENGTH",
    "MORMON_BRIDGE",
    "PRESETS",
    "SCOTCH_BRIDGE",
    "BidMode",
    "BidOptions",
    "BidOrderError",
    "BidRangeError",
    "BiddingState",
    "DuplicateEntryError",
    "DuplicateNameError",
    "EmptyNameError",
    "Game",
    "GameOverError",
    "GameRecord",
    "GameStatus",
    "HookError",
    "MissingEntryError",
    "NameCharacterError",
    "NameTooLongError",
    "NotAbandonedError",
    "Payment",
    "PlayerCountError",
    "PlayerError",
    "RecordFormatError",
    "RoundDraft",
    "RoundError",
    "RoundInsertError",
    "RoundNotFoundError",
    "RoundRecord",
    "RoundResult",
    "RoundSetup",
    "RoundShiftError",
    "ScoreSheet",
    "ScorepadError",
    "StakeError",
    "Standing",
    "StrangerError",
    "Suit",
    "TooManyRoundsError",
    "TricksRangeError",
    "TricksState",
    "TricksSumError",
    "TrumpCall",
    "TrumpRule",
    "TurnedCardError",
    "UnknownPlayerError",
    "UnknownVariantError",
    "Variant",
    "VariantSettingError",
    "Winner",
    "balance_text",
    "bid_options",
    "bidding_state",
    "checked_name",
    "clean_name",
    "format_cents",
    "name_key",
    "net_cents",
    "preset",
    "resolve_variant",
    "tricks_state",
]
