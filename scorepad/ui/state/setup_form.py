"""The "new game" form: variant, players in seating order, first dealer, stake, and the totals
carried in from another evening. No Flet here."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from scorepad.engine import (
    DOLLAR,
    MAX_ADJUSTMENT,
    Game,
    GameRecord,
    Money,
    ScorepadError,
    Variant,
    check_stake,
    checked_name,
    name_key,
    quoted,
    schedule_in_words,
)
from scorepad.i18n import N_, describe, money, say, tr, tr_n
from scorepad.ui.state.choices import (
    DEFAULT_CHOICE,
    ChoiceKey,
    ChoiceKind,
    VariantChoice,
    find_choice,
    preset_choices,
)
from scorepad.ui.state.errors import ActionRefused
from scorepad.ui.state.typed_lines import TypedLines

STAKE_CHOICES = (5, 10, 25)

# TRANSLATORS: the new-game form's refusal of a starting total typed (under the player's field)
NOT_WHOLE = N_("a whole number, like -5 or 40 (not {typed})")
# TRANSLATORS: the new-game form's refusal of a starting total typed (under the player's field)
TOO_LARGE = N_("at most {most} either way (not {typed})")


@dataclass
class SetupForm:
    choices: list[VariantChoice]
    variant_key: ChoiceKey = DEFAULT_CHOICE
    players: list[str] = field(default_factory=list)
    first_dealer: str | None = None
    stake_cents: int | None = None
    name_error: str | None = None
    """Why the last name typed was not added."""
    name_field: TypedLines = field(default_factory=TypedLines)
    """The "Add a player" field as the device reports it: a name per line (see
    :mod:`~scorepad.ui.state.typed_lines`)."""
    symbol: str = DOLLAR
    """The table's currency symbol, in which the stake is offered (read when the form opens)."""
    carry_in: bool = False
    """The "Carry in totals from another evening" switch: a starting total per player is
    asked for, and counts (RULINGS.md, "House rules": starting totals)."""
    family_shown: bool = False
    """The family's presets beyond the three sheets are listed (else only the chosen one is,
    so that the players' rows stay in view on a phone)."""
    start_texts: dict[str, str] = field(default_factory=dict)
    """Each player's starting total as typed, by the player's name key: kept while the switch
    is off and when the player is unseated, so nothing typed is lost."""

    @property
    def listed_choices(self) -> list[VariantChoice]:
        """The variants the picker shows: the sheets, the saved house rules and the chosen
        one, and the family's other presets once asked for."""
        return [
            choice
            for choice in self.choices
            if self.family_shown or not choice.family or choice.key == self.variant_key
        ]

    @property
    def family_count(self) -> int:
        """How many of the family's presets the picker leaves out while they are hidden."""
        return sum(1 for choice in self.choices if choice.family and choice.key != self.variant_key)

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

    @property
    def name_text(self) -> str:
        """The name being typed in the name field (its last line)."""
        return self.name_field.typing

    def add_player(self, name: str) -> bool:
        """Add a name at the end of the seating order; False (with ``name_error``) if refused.
        The name is checked and cleaned by the engine's one rule for names
        (:mod:`scorepad.engine.names`), so the form never seats a name a game would refuse."""
        self.name_error = self._refusal(name)
        if self.name_error:
            return False
        self.players.append(checked_name(name, len(self.players) + 1))
        return True

    def type_names(self, text: str) -> bool:
        """The name field now holds ``text``: seat each line finished since the last report
        (a blank line is no name and is skipped), and take back a name the field shows again
        (Backspace after Enter). True if the table or its message changed."""
        reading = self.name_field.read(text)
        for name in reading.taken_back:
            if self.taken_back(name):
                self.name_error = None
        for line in reading.finished:
            if line.strip():
                self.add_player(line)
        return bool(reading.taken_back or reading.finished)

    def taken_back(self, typed: str) -> bool:
        """Unseat the player a line of the name field seated (if still seated as typed)."""
        seated = next((p for p in self.players if p == _cleaned_or_none(typed)), None)
        if seated is None:
            return False
        self.remove_player(seated)
        return True

    def add_typed(self) -> bool:
        """The Add button: seat the name being typed and empty the field; a refused name
        stays in the field to be fixed."""
        if not self.add_player(self.name_text):
            self.name_field.keep_only_typing()
            return False
        self.name_field.clear()
        return True

    def _refusal(self, name: str) -> str | None:
        """Why ``name`` cannot be seated now, or None."""
        if not name.strip():
            return tr("type a name first")
        try:
            cleaned = checked_name(name, len(self.players) + 1)
        except ScorepadError as problem:
            return describe(problem)
        if twin := next((p for p in self.players if name_key(p) == name_key(cleaned)), None):
            if twin == cleaned:
                return tr("{player} is already at the table").format(player=twin)
            # TRANSLATORS: a name typed that is another's seated already ("'ann' is Ann, …")
            return tr("{typed} is {player}, who is already at the table").format(
                typed=quoted(cleaned), player=twin
            )
        if len(self.players) >= self.variant.max_players:
            most = self.variant.max_players
            return tr_n(
                "{typed} was not added: {variant} is for at most {count} player",
                "{typed} was not added: {variant} is for at most {count} players",
                most,
            ).format(typed=quoted(cleaned), variant=self.variant.name, count=most)
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
            raise ActionRefused(tr("{player} is not at the table").format(player=repr(name)))
        index = self.players.index(name)
        target = max(0, min(len(self.players) - 1, index + places))
        self.players.insert(target, self.players.pop(index))

    def choose_dealer(self, name: str) -> None:
        if name not in self.players:
            raise ActionRefused(tr("{player} is not at the table").format(player=repr(name)))
        self.first_dealer = name

    def draw_dealer(self, rng: random.Random) -> str:
        if not self.players:
            raise ActionRefused(tr("add the players first"))
        self.first_dealer = rng.choice(self.players)
        return self.first_dealer

    def set_stake(self, cents: int) -> None:
        self.stake_cents = check_stake(cents)

    def carry_in_totals(self, on: bool) -> None:
        """The switch: ask for (``on``) or leave aside the totals carried in; what was typed
        is kept either way."""
        self.carry_in = on

    def type_start_total(self, player: str, text: str) -> None:
        """``player``'s starting total field now holds ``text`` (kept as typed; empty: 0)."""
        self.start_texts[name_key(player)] = text

    def start_text(self, player: str) -> str:
        """What ``player``'s starting total field holds."""
        return self.start_texts.get(name_key(player), "")

    @property
    def start_errors(self) -> dict[str, str]:
        """Why a starting total typed cannot be, by player, in seating order (none while the
        switch is off: the totals typed do not count then).

        >>> form = SetupForm(choices=preset_choices(), players=["Ann", "Bob", "Cat"])
        >>> form.carry_in_totals(True)
        >>> form.type_start_total("Ann", "forty")
        >>> form.type_start_total("cat", " −5 ")
        >>> form.start_errors, form.problem
        ({'Ann': "a whole number, like -5 or 40 (not 'forty')"}, "starting total for Ann: a \
whole number, like -5 or 40 (not 'forty')")
        >>> form.type_start_total("Ann", "40")
        >>> form.starting_totals(), form.problem is None
        ({'Ann': 40, 'Cat': -5}, True)
        >>> form.carry_in_totals(False)
        >>> form.starting_totals(), form.start_text("Ann")
        ({}, '40')
        """
        if not self.carry_in:
            return {}
        errors = {}
        for player in self.players:
            problem = _start_problem(self.start_text(player))
            if problem is not None:
                errors[player] = problem
        return errors

    def starting_totals(self) -> dict[str, int]:
        """The totals carried in, by player (a field left empty or at 0 carries nothing in);
        refused, naming the player, while one typed is not a number the game takes."""
        if not self.carry_in:
            return {}
        errors = self.start_errors
        if errors:
            player, problem = next(iter(errors.items()))  # the first, in seating order
            # TRANSLATORS: why the game cannot start: a starting total typed is wrong
            said = tr("starting total for {player}: {problem}")
            raise ActionRefused(said.format(player=player, problem=problem))
        totals = {player: _whole(self.start_text(player)) for player in self.players}
        return {player: total for player, total in totals.items() if total}

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
            least, most = variant.min_players, variant.max_players
            if least == most:
                return tr_n(
                    "{variant} is for exactly {count} player",
                    "{variant} is for exactly {count} players",
                    most,
                ).format(variant=variant.name, count=most)
            return tr_n(
                "{variant} is for {least} to {count} player",
                "{variant} is for {least} to {count} players",
                most,
            ).format(variant=variant.name, least=least, count=most)
        try:
            schedule = say(schedule_in_words(variant.schedule(count)))
        except ScorepadError as problem:
            return describe(problem)
        # TRANSLATORS: the new game's rounds ("Golf, 6 players: 16 rounds: 1…8…1")
        return tr_n(
            "{variant}, {count} player: {schedule}",
            "{variant}, {count} players: {schedule}",
            count,
        ).format(variant=variant.name, count=count, schedule=schedule)

    @property
    def problem(self) -> str | None:
        """Why the game cannot start yet, or None."""
        try:
            self.record()
        except ScorepadError as problem:
            return describe(problem)
        return None

    @property
    def stake_line(self) -> str | None:
        stake = self.effective_stake
        if stake is None:
            return None
        return tr("each set costs {amount}, paid to the winner").format(
            amount=money(Money(stake, self.symbol))
        )

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
            starting_totals=self.starting_totals(),
        )
        return game.record


def _whole(text: str) -> int:
    """A starting total as typed: empty is 0; a minus sign as a phone types it (−) is a minus.
    Raises ``ValueError`` for anything that is not a whole number."""
    text = text.strip().replace("\u2212", "-")
    return int(text) if text else 0


def _start_problem(text: str) -> str | None:
    """What is wrong with a starting total typed, or None."""
    try:
        total = _whole(text)
    except ValueError:
        return tr(NOT_WHOLE).format(typed=quoted(text.strip()))
    if abs(total) > MAX_ADJUSTMENT:
        return tr(TOO_LARGE).format(most=MAX_ADJUSTMENT, typed=total)
    return None


def _cleaned_or_none(typed: str) -> str | None:
    """``typed`` as the form would have seated it, or None if it is no name at all."""
    try:
        return checked_name(typed, 1)
    except ScorepadError:
        return None


__all__ = ["STAKE_CHOICES", "SetupForm", "VariantChoice", "preset_choices"]
