"""The new-game screen: the form (variant, players in seating order, first dealer, stake) and
starting the game, or setting up the next game at the same table ("play again").

The form itself is :class:`~scorepad.ui.state.setup_form.SetupForm`; this controller opens it,
passes taps to it inside the app's action wrapper and starts the game. No Flet here.
"""

from __future__ import annotations

from typing import Protocol

from scorepad.engine import preset_key
from scorepad.i18n import tr
from scorepad.ui.state.app_services import AppActions, DealerDraw
from scorepad.ui.state.choices import ChoiceKey, ChoiceKind, VariantChoice
from scorepad.ui.state.currency import table_symbol
from scorepad.ui.state.errors import ActionRefused
from scorepad.ui.state.game import GameController
from scorepad.ui.state.screens import Message, Screen
from scorepad.ui.state.setup_form import SetupForm


class NewGameApp(AppActions, DealerDraw, Protocol):
    """What the new-game form uses of the app: the draw of the first dealer and the game it
    opens."""

    @property
    def game(self) -> GameController: ...


class NewGame:
    """The new-game form in :attr:`form` (None when no game is being set up)."""

    def __init__(self, app: NewGameApp) -> None:
        self._app = app
        self.form: SetupForm | None = None

    def _form(self) -> SetupForm:
        if self.form is None:
            raise ActionRefused(tr("there is no new game being set up"))
        return self.form

    def open(self, players: list[str] | None = None, variant: ChoiceKey | None = None) -> None:
        """Open the new-game form (``players`` to start again with the same table)."""
        app = self._app
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with app.action(tr("start a new game")):
            app.lists.forget()
            self.form = SetupForm(
                choices=app.lists.variant_choices(), symbol=table_symbol(app.store)
            )
            if variant is not None:
                self.form.choose_variant(variant)
            for name in players or []:
                self.form.add_player(name)
            app.screen = Screen.NEW_GAME

    def play_again(self) -> None:
        """A new game form with the same variant and table; the deal moves one seat left."""
        app = self._app
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with app.action(tr("set up the next game")):
            app.lists.forget()
            session = app.game.session
            if session is None:
                raise ActionRefused(tr("no game is open"))
            game = session.game
            key = preset_key(game.variant)
            variant = ChoiceKey.preset(key) if key else ChoiceKey.saved(game.variant.name)
            choices = app.lists.variant_choices()
            if all(c.key != variant for c in choices):  # house rules no longer saved
                variant = ChoiceKey(ChoiceKind.GAME, game.variant.name)
                choices.append(VariantChoice(variant, game.variant))
            self.form = SetupForm(
                choices=choices, variant_key=variant, symbol=table_symbol(app.store)
            )
            names = session.names  # the next game is played under the names used now
            for name in game.players:
                self.form.add_player(names.shown(name))
            self.form.first_dealer = names.shown(game.next_first_dealer)
            self.form.stake_cents = game.stake_cents if game.variant.has_payouts else None
            app.screen = Screen.NEW_GAME

    def choose_variant(self, key: ChoiceKey) -> None:
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("choose the variant")):
            self._form().choose_variant(key)

    def show_family(self, shown: bool = True) -> None:
        """List the family's presets beyond the three sheets (or hide them again)."""
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("choose the variant")):
            self._form().family_shown = shown

    def add_player(self, name: str) -> bool:
        """Seat a player tapped from the roster (or typed, for scripts and tests)."""
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("add the player")):
            return self._form().add_player(name)
        return False  # the action failed and said why

    def type_names(self, text: str) -> None:
        """The name field reports its text (a key, a paste, a burst from a phone's keyboard):
        every line finished with Enter is seated at once. Keys that finish no line change
        nothing on screen, so the screen is not drawn again for them."""
        form = self.form
        if form is None:
            return
        if not form.name_field.finishes_lines(text):
            form.name_field.read(text)  # a key of the line being typed
            return
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("add the player")):
            form.type_names(text)

    def add_typed(self) -> bool:
        """The Add button: seat the name being typed."""
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("add the player")):
            return self._form().add_typed()
        return False

    def leave_name_field(self) -> None:
        """The name field lost the cursor: drop its finished lines, so that it holds just
        what it shows (nobody is typing in it now, so nothing typed can be overwritten)."""
        form = self.form
        if form is None or form.name_field.text == form.name_field.typing:
            return
        form.name_field.keep_only_typing()
        self._app.refresh()

    def remove_player(self, name: str) -> None:
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("remove the player")):
            self._form().remove_player(name)

    def move_player(self, name: str, places: int) -> None:
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("move the player")):
            self._form().move_player(name, places)

    def choose_dealer(self, name: str) -> None:
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("choose the first dealer")):
            self._form().choose_dealer(name)

    def draw_dealer(self) -> None:
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("draw for the dealer")):
            dealer = self._form().draw_dealer(self._app.rng)
            self._app.message = Message(
                tr("{player} drew high card and deals first").format(player=dealer)
            )

    def set_stake(self, cents: int) -> None:
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("set the stake")):
            self._form().set_stake(cents)

    def carry_in_totals(self, on: bool) -> None:
        """The "Carry in totals from another evening" switch: ask for each player's starting
        total, or leave them aside (what was typed is kept)."""
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("carry in the totals")):
            self._form().carry_in_totals(on)

    def type_start_total(self, player: str, text: str) -> None:
        """A player's starting total field reports its text: kept as typed, and the form says
        at once what is wrong with it (Start waits until nothing is)."""
        form = self.form
        if form is None:
            return
        form.type_start_total(player, text)
        self._app.refresh()

    def start_game(self) -> None:
        app = self._app
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with app.action(tr("start the game")):
            stored = app.store.create_game(self._form().record())
            app.lists.forget()
            app.game.show(stored)
            self.form = None
