"""The store as the rest of scorepad sees it. The app and the commands use only this."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from scorepad.engine import Game, GameRecord, RoundDraft, RoundRecord, Variant
from scorepad.store.models import GameSummary, RosterPlayer, SavedVariant, StoredGame, UndoStep

GameChange = Callable[[Game], Game]


class Store(Protocol):
    """What the app and the commands need of a store (:class:`TinyDBStore` is the one we have)."""

    @property
    def root(self) -> Path: ...

    # games
    def create_game(self, record: GameRecord) -> StoredGame: ...
    def load_game(self, game_id: str) -> StoredGame: ...
    def update_game(
        self,
        game_id: str,
        change: GameChange,
        *,
        draft: RoundDraft | None = None,
        undo: tuple[UndoStep, ...] = (),
        expected_revision: int | None = None,
    ) -> StoredGame: ...
    def record_round(
        self, game_id: str, round_record: RoundRecord, *, expected_revision: int | None = None
    ) -> StoredGame: ...
    def save_draft(
        self, game_id: str, draft: RoundDraft | None, *, expected_revision: int | None = None
    ) -> StoredGame: ...
    def list_games(self, status: str | None = None) -> list[GameSummary]: ...
    def resolve_game_id(self, text: str) -> str: ...

    # roster and house rules
    def roster(self) -> list[RosterPlayer]: ...
    def add_players(self, names: list[str]) -> list[RosterPlayer]: ...
    def saved_variants(self) -> list[SavedVariant]: ...
    def save_variant(self, variant: Variant, *, replacing: str | None = None) -> SavedVariant: ...
    def delete_variant(self, name: str) -> None: ...
