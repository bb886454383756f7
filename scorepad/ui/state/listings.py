"""The lists the screens show from the store: the games, the variants to start from, the roster.

Each is read once per screen and kept until the store changes or another screen opens
(:meth:`Listings.forget`): the views ask on every render, and a render must not read the disk.
A list that cannot be read says why in the message line and shows empty. No Flet here.
"""

from __future__ import annotations

from collections.abc import Callable

from scorepad.i18n import describe
from scorepad.store import GameSummary, ListedStatus, SavedVariant, StoreError, StoreReader
from scorepad.ui.state.choices import ChoiceKey, VariantChoice, preset_choices
from scorepad.ui.state.display_names import RosterNames
from scorepad.ui.state.errors import ActionRefused
from scorepad.ui.state.screens import Message, MessageKind

LIST_ORDER = (
    ListedStatus.IN_PROGRESS,
    ListedStatus.FINISHED,
    ListedStatus.ABANDONED,
    ListedStatus.DAMAGED,
)
"""The game list's order: games to resume first; games whose file cannot be read last."""


class Listings:
    """The store's lists as the screens show them, read lazily through ``store``."""

    def __init__(self, store: Callable[[], StoreReader], tell: Callable[[Message], None]) -> None:
        self._store = store
        self._tell = tell
        self._games: list[GameSummary] | None = None
        self.games_problem: str | None = None
        """Why the game list could not be read, so the home screen never says "no games"
        when it only failed to look."""
        self._choices: list[VariantChoice] | None = None
        self._roster: list[str] | None = None
        self._names: RosterNames | None = None

    def forget(self) -> None:
        """The store changed or a screen opens: read the lists afresh next time."""
        self._games = None
        self.games_problem = None
        self._choices = None
        self._roster = None
        self._names = None

    @property
    def games(self) -> list[GameSummary]:
        """The game list, in progress first, then most recently changed."""
        if self._games is None:
            try:
                listed = self._store().list_games()
                self.games_problem = None
            except StoreError as problem:
                self._tell(Message(describe(problem), MessageKind.ERROR))
                self.games_problem = describe(problem)
                listed = []
            rank = {status: place for place, status in enumerate(LIST_ORDER)}
            self._games = sorted(listed, key=lambda s: rank.get(s.status, len(LIST_ORDER)))
        return self._games

    @property
    def names(self) -> RosterNames:
        """Who each name on the game list is now (a rename or a merge since a game was
        played), read once per screen like the list itself."""
        if self._names is None:
            try:
                self._names = RosterNames.read(self._store())
            except ActionRefused:  # no store open: every game as it was played
                return RosterNames()
        return self._names

    def variant_choices(self) -> list[VariantChoice]:
        """Presets and saved house rules."""
        if self._choices is None:
            saved: list[SavedVariant] = []
            try:
                saved = self._store().saved_variants()
            except StoreError as problem:
                self._tell(Message(describe(problem), MessageKind.ERROR))
            self._choices = preset_choices() + [
                VariantChoice(ChoiceKey.saved(v.name), v.variant) for v in saved
            ]
        return list(self._choices)

    def roster(self) -> list[str]:
        """Names from earlier games."""
        if self._roster is None:
            try:
                self._roster = [p.name for p in self._store().roster()]
            except StoreError:
                return []
        return list(self._roster)
