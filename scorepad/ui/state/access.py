"""Who this session is at the shared table, and what it may do there.

One :class:`Access` per browser session (per :class:`~scorepad.ui.state.app_state.ScorepadApp`):
the server's one :class:`~scorepad.sharing.table.SharedTable` decides each device's role, and
this keeps the session's device key and asks the table. The role is asked afresh each time
(never copied): the scorekeeper changing the PIN makes every PIN holder a viewer at once.

A viewer may read but never write: :class:`ViewerStore` stands in for the store in a viewer's
app, so even a crafted event that reached a handler could not change a game (every write is
refused with :class:`~scorepad.sharing.errors.ViewerCannotEditError` and logged). No Flet here.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from datetime import date
from pathlib import Path
from typing import Any, NoReturn

from scorepad.engine import (
    GameRecord,
    GameResults,
    PlayedTimes,
    PlayerStats,
    RoundDraft,
    RoundRecord,
    Variant,
)
from scorepad.sharing.errors import ScorekeeperOnlyError, ViewerCannotEditError
from scorepad.sharing.table import Role, SharedTable, device_hint
from scorepad.store import KEEP, Keep, Store
from scorepad.store.backup import RestoreReport
from scorepad.store.interface import GameChange
from scorepad.store.models import (
    GameSummary,
    ListedStatus,
    RosterPlayer,
    SavedVariant,
    Settings,
    StoredGame,
    UndoStep,
)
from scorepad.ui.state.errors import ActionRefused

log = logging.getLogger("scorepad.ui.access")

NOT_RECOGNISED_YET = (
    "this browser is still being recognised: wait a moment, then enter the PIN again"
)
"""Said when a PIN is typed before the device key was read from the browser's storage (the
table needs the device to remember who holds the PIN)."""


class Access:
    """This session's device at the shared table: its role, and the ways to change it.

    ``on_change`` is told whenever this session did something that may change its role (the
    app then shows the screens of its new role); a change made elsewhere (the PIN changed on
    the scorekeeper's screen) reaches the app through the table's ``AccessChanged`` event.
    """

    def __init__(self, table: SharedTable, on_change: Callable[[], None] | None = None) -> None:
        self.table = table
        self.device: str | None = None
        """The device key kept in the browser's storage; ``None`` until the views read it
        (an unrecognised session is a viewer while the table is shared)."""
        self._on_change = on_change or (lambda: None)

    @property
    def role(self) -> Role:
        return self.table.role_of(self.device)

    @property
    def can_edit(self) -> bool:
        """The scorekeeper or a PIN holder (everyone, where the table is not shared)."""
        return self.role is not Role.VIEWER

    @property
    def is_scorekeeper(self) -> bool:
        return self.role is Role.SCOREKEEPER

    @property
    def sharing(self) -> bool:
        """The table is shared: there are viewers, a PIN, and a scorekeeper's token."""
        return self.table.sharing

    def identify(self, device: str, token: str | None) -> Role:
        """This session is ``device`` (its key from the browser's storage), opened with
        ``token`` from its address (``None``: none). A right token makes the device the
        scorekeeper; a wrong one changes nothing (the table compares in constant time)."""
        self.device = device
        self.table.open_with_token(device, token)
        self._on_change()
        return self.role

    def enter_pin(self, typed: str) -> None:
        """Become an editor with the table's PIN (typed errors for a PIN that is not four
        digits, a wrong one, or too many tries)."""
        if self.device is None:
            raise ActionRefused(NOT_RECOGNISED_YET)
        self.table.enter_pin(self.device, typed)  # the table logs it (never the PIN)
        self._on_change()

    def change_pin(self) -> str:
        """A new PIN (the scorekeeper only); every other editor becomes a viewer again."""
        if not self.is_scorekeeper:
            self.refused("change the PIN")
            raise ScorekeeperOnlyError("change the PIN")
        pin = self.table.change_pin(self._device())  # the table logs it (never the PIN)
        self._on_change()
        return pin

    def require_scorekeeper(self, what: str) -> None:
        if not self.is_scorekeeper:
            self.refused(what)
            raise ScorekeeperOnlyError(what)

    def refused(self, what: str) -> None:
        """Log a refusal: "refused to <what> from a viewer (abcd…)"."""
        log.warning("refused to %s from a %s (%s)", what, self.role.value, device_hint(self.device))

    def _device(self) -> str:
        if self.device is None:
            raise ActionRefused(NOT_RECOGNISED_YET)
        return self.device


class ViewerStore:
    """The store as a viewer's app sees it: every read, no write.

    Each write raises :class:`ViewerCannotEditError` (and logs the attempt) before it
    touches a file. A full backup is refused too: it would hand a viewer every game, which
    the shared table never shows them.
    """

    def __init__(self, store: Store, access: Access) -> None:
        self.wrapped = store
        """The store itself (reads go to it)."""
        self._store = store
        self._access = access

    def _refuse(self, what: str, *_given: object) -> NoReturn:
        """Refuse ``what`` before anything given to write (``_given``) is read."""
        self._access.refused(what)
        raise ViewerCannotEditError(what)

    @property
    def root(self) -> Path:
        return self._store.root

    @property
    def read_only(self) -> str | None:
        return "this screen only views the game"

    # --- reads ---------------------------------------------------------------------------------

    def load_game(self, game_id: str) -> StoredGame:
        return self._store.load_game(game_id)

    def list_games(self, status: ListedStatus | None = None) -> list[GameSummary]:
        return self._store.list_games(status)

    def resolve_game_id(self, text: str) -> str:
        return self._store.resolve_game_id(text)

    def roster(self) -> list[RosterPlayer]:
        return self._store.roster()

    def roster_change_to_undo(self) -> str | None:
        return self._store.roster_change_to_undo()

    def current_names(self) -> dict[str, str]:
        return self._store.current_names()

    def saved_variants(self) -> list[SavedVariant]:
        return self._store.saved_variants()

    def game_results(
        self,
        *,
        variant: str | None = None,
        since: date | None = None,
        until: date | None = None,
        game_ids: Sequence[str] | None = None,
    ) -> list[GameResults]:
        return self._store.game_results(
            variant=variant, since=since, until=until, game_ids=game_ids
        )

    def player_stats(
        self,
        *,
        variant: str | None = None,
        since: date | None = None,
        until: date | None = None,
        player: str | None = None,
        hands: bool = True,
    ) -> list[PlayerStats]:
        return self._store.player_stats(
            variant=variant, since=since, until=until, player=player, hands=hands
        )

    def leaderboard(
        self,
        *,
        variant: str | None = None,
        since: date | None = None,
        until: date | None = None,
        min_games: int = 1,
    ) -> list[PlayerStats]:
        return self._store.leaderboard(
            variant=variant, since=since, until=until, min_games=min_games
        )

    def find_game_with_record(self, record: GameRecord) -> str | None:
        return self._store.find_game_with_record(record)

    def settings(self) -> Settings:
        return self._store.settings()

    # --- writes: refused -----------------------------------------------------------------------

    def create_game(self, record: GameRecord, played: PlayedTimes | None = None) -> StoredGame:
        self._refuse("start a game", record, played)

    def update_game(
        self,
        game_id: str,
        change: GameChange,
        *,
        draft: RoundDraft | Keep | None = KEEP,
        undo: tuple[UndoStep, ...] | Keep = KEEP,
        expected_revision: int | None = None,
    ) -> StoredGame:
        self._refuse("change the game", game_id, change, draft, undo, expected_revision)

    def record_round(
        self, game_id: str, round_record: RoundRecord, *, expected_revision: int | None = None
    ) -> StoredGame:
        self._refuse("record a round", game_id, round_record, expected_revision)

    def save_draft(
        self, game_id: str, draft: RoundDraft | None, *, expected_revision: int | None = None
    ) -> StoredGame:
        self._refuse("enter the round", game_id, draft, expected_revision)

    def add_players(self, names: list[str]) -> list[RosterPlayer]:
        self._refuse("add players", names)

    def rename_player(self, name: str, new_name: str) -> RosterPlayer:
        self._refuse("rename a player", name, new_name)

    def merge_players(self, name: str, into: str) -> RosterPlayer:
        self._refuse("merge players", name, into)

    def undo_roster_change(self) -> str:
        self._refuse("undo a change of the players")

    def backup(self) -> dict[str, Any]:
        self._refuse("back up every game")

    def restore(self, document: object, *, merge: bool = False) -> RestoreReport:
        self._refuse("restore games", document, merge)

    def save_variant(self, variant: Variant, *, replacing: str | None = None) -> SavedVariant:
        self._refuse("save house rules", variant, replacing)

    def delete_variant(self, name: str) -> None:
        self._refuse("delete house rules", name)

    def save_settings(self, settings: Settings) -> Settings:
        self._refuse("change the settings", settings)
