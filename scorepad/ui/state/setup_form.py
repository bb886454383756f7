"""The "new game" form: variant, players in seating order, first dealer, stake. No Flet here."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from scorepad.engine import (
    DOLLAR,
    Game,
    GameRecord,
    ScorepadError,
    Variant,
    check_stake,
    checked_name,
    format_cents,
    name_key,
)
from scorepad.ui.state.choices import (
    DEFAULT_CHOICE,
    ChoiceKey,
    ChoiceKind,
    VariantChoice,
    find_choice,
    preset_choices,
)
from scorepad.ui.state.errors import ActionRefused

STAKE_CHOICES = (5, 10, 25)


@dataclass
class SetupForm:
    choices: list[VariantChoice]
    variant_key: ChoiceKey = DEFAULT_CHOICE
    players: list[str] = field(default_factory=list)
    first_dealer: str | None = None
    stake_cents: int | None = None
    name_error: str | None = None
    """Why the last name typed was not added."""
    name_text: str = ""
    """What is typed in the name field. It lives here, not in the view, so that adding a name
    clears the field in the same update that seats the player (a later, separate clear could
    erase the first keys of the next name)."""
    symbol: str = DOLLAR
    """The table's currency symbol, in which the stake is offered (read when the form opens)."""

    @property
    def choice(self) -> VariantChoice:
        return find_choice(self.choices, self.variant_key)

    @property
    def variant(self) -> Variant:
        return self.choice.variant

    # --- edits ----------------------------------------------------------------------------

    def choose_variant(self, key: ChoiceKey) -> None:
        find_choice(self.choices, key)
        self.variant_key = key
        self.stake_cents = None

    def add_player(self, name: str, *, typed: bool = False) -> bool:
        """Add a name at the end of the seating order; False (with ``name_error``) if refused.
        A ``typed`` name that is added clears the name field; a refused one stays to be fixed.
        The name is checked and cleaned by the engine's one rule for names
        (:mod:`scorepad.engine.names`), so the form never seats a name a game would refuse."""
        self.name_error = self._refusal(name)
        if self.name_error:
            return False
        self.players.append(checked_name(name, len(self.players) + 1))
        if typed:
            self.name_text = ""
        return True

    def _refusal(self, name: str) -> str | None:
        """Why ``name`` cannot be seated now, or None."""
        if not name.strip():
            return "type a name first"
        try:
            cleaned = checked_name(name, len(self.players) + 1)
        except ScorepadError as problem:
            return str(problem)
        if twin := next((p for p in self.players if name_key(p) == name_key(cleaned)), None):
            return f"{twin} is already at the table"
        if len(self.players) >= self.variant.max_players:
            return f"{self.variant.name} is for at most {self.variant.max_players} players"
        return None

    def not_seated(self, roster: list[str]) -> list[str]:
        """The names from earlier games that are not at this table yet (same name rule as
        seating: "ann" is Ann)."""
        seated = {name_key(p) for p in self.players}
        return [name for name in roster if name_key(name) not in seated]

    def remove_player(self, name: str) -> None:
        self.players = [p for p in self.players if p != name]
        if self.first_dealer == name:
            self.first_dealer = None

    def move_player(self, name: str, places: int) -> None:
        """Move a player ``places`` seats later (negative: earlier) in the seating order.
        A name no longer seated (a tap from a screen drawn before its removal) is refused."""
        if name not in self.players:
            raise ActionRefused(f"{name!r} is not at the table")
        index = self.players.index(name)
        target = max(0, min(len(self.players) - 1, index + places))
        self.players.insert(target, self.players.pop(index))

    def choose_dealer(self, name: str) -> None:
        if name not in self.players:
            raise ActionRefused(f"{name!r} is not at the table")
        self.first_dealer = name

    def draw_dealer(self, rng: random.Random) -> str:
        if not self.players:
            raise ActionRefused("add the players first")
        self.first_dealer = rng.choice(self.players)
        return self.first_dealer

    def set_stake(self, cents: int) -> None:
        self.stake_cents = check_stake(cents)

    # --- what the form says ---------------------------------------------------------------

    @property
    def effective_stake(self) -> int | None:
        if not self.variant.has_payouts:
            return None
        return self.stake_cents if self.stake_cents is not None else self.variant.stake_cents

    @property
    def dealer(self) -> str | None:
        if self.first_dealer in self.players:
            return self.first_dealer
        return self.players[0] if self.players else None

    @property
    def schedule_line(self) -> str:
        """ "Golf, 6 players: 16 rounds: 1…8…1", or what stops that table from playing."""
        variant, count = self.variant, len(self.players)
        if count == 0:
            limits = (
                f"exactly {variant.min_players}"
                if variant.min_players == variant.max_players
                else f"{variant.min_players} to {variant.max_players}"
            )
            return f"{variant.name} is for {limits} players"
        try:
            return f"{variant.name}, {count} players: {variant.describe_schedule(count)}"
        except ScorepadError as problem:
            return str(problem)

    @property
    def problem(self) -> str | None:
        """Why the game cannot start yet, or None."""
        try:
            self.record()
        except ScorepadError as problem:
            return str(problem)
        return None

    @property
    def stake_line(self) -> str | None:
        stake = self.effective_stake
        if stake is None:
            return None
        return f"each set costs {format_cents(stake, self.symbol)}, paid to the winner"

    def record(self) -> GameRecord:
        """The new game's record, checked by the engine."""
        variant = self.variant
        key = self.variant_key
        spec: str | Variant = key.name if key.kind is ChoiceKind.PRESET else variant
        game = Game.start(
            spec,
            self.players,
            first_dealer=self.dealer,
            stake_cents=self.stake_cents if variant.has_payouts else None,
        )
        return game.record


__all__ = ["STAKE_CHOICES", "SetupForm", "VariantChoice", "preset_choices"]
