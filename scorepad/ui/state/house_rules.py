"""The house-rules screen: a custom variant edited as a form, saved and deleted.

The form itself is :class:`~scorepad.ui.state.rules_form.RulesForm` (the engine checks every
setting as it changes); this controller opens it on a variant to start from, saves it in the
store and deletes saved rules. No Flet here.
"""

from __future__ import annotations

from scorepad.engine import Variant
from scorepad.i18n import tr
from scorepad.ui.state.app_services import AppActions
from scorepad.ui.state.choices import ChoiceKey, find_choice
from scorepad.ui.state.errors import ActionRefused
from scorepad.ui.state.rules_form import RulesForm
from scorepad.ui.state.screens import Confirmation, Message, Screen

START_FROM = ChoiceKey.preset("golf")
"""What the editor starts from when opened from the home screen."""


class HouseRules:
    """The house-rules editor in :attr:`form` (None when no rules are being edited)."""

    def __init__(self, app: AppActions) -> None:
        self._app = app
        self.form: RulesForm | None = None

    def _form(self) -> RulesForm:
        if self.form is None:
            raise ActionRefused(tr("no house rules are being edited"))
        return self.form

    @property
    def unsaved(self) -> str | None:
        """The house rules with changes not yet saved, by name (None: leaving loses nothing)."""
        form = self.form
        if form is None or self._app.screen is not Screen.HOUSE_RULES or not form.changed:
            return None
        return str(form.values.get("name") or "").strip() or tr("the new house rules")

    def open(self, start_from: ChoiceKey | None = None) -> None:
        """The editor, on a copy of a preset or of saved house rules (which it then replaces).
        Changes not yet saved to the rules on show are asked about first."""
        unsaved = self.unsaved
        if unsaved is None:
            self._open_now(start_from)
            return
        self._app.ask(
            Confirmation(
                question=tr("Leave {rules} without saving?").format(rules=unsaved),
                detail=tr(
                    "Your changes to these house rules are dropped. To keep them, tap "
                    "Keep it, then Save house rules."
                ),
                # TRANSLATORS: a button that leaves the house rules, dropping their changes
                go_ahead=tr("Leave without saving"),
                action=lambda: self._open_now(start_from),
            )
        )

    def _open_now(self, start_from: ChoiceKey | None) -> None:
        app = self._app
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with app.action(tr("open the house rules")):
            app.lists.forget()
            choices = app.lists.variant_choices()
            choice = find_choice(choices, start_from or START_FROM)
            replacing = choice.variant.name if choice.saved else None
            taken = {
                c.variant.name.casefold(): c.variant.name
                for c in choices
                if not (c.saved and c.variant.name == replacing)
            }
            self.form = RulesForm.starting_from(choice.variant, replacing=replacing, taken=taken)
            app.screen = Screen.HOUSE_RULES

    def set_rule(self, setting: str, value: object) -> None:
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("change the setting")):
            self._form().set(setting, value)

    def save(self) -> Variant | None:
        """Save the rules being edited; None (with the reason in the message line) if refused."""
        app = self._app
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with app.action(tr("save the house rules")):
            form = self._form()
            variant = form.check()
            if variant is None:
                raise ActionRefused(form.problems[0])
            app.store.save_variant(variant, replacing=form.replacing)
            app.lists.forget()
            form.taken_names.pop((form.replacing or variant.name).casefold(), None)
            form.replacing = variant.name
            form.saved()
            app.message = Message(
                tr("Saved {rules}: pick it when you start a new game.").format(rules=variant.name)
            )
            return variant
        return None  # the action failed and said why

    def ask_to_delete(self, name: str) -> None:
        self._app.ask(
            Confirmation(
                question=tr("Delete the house rules {rules}?").format(rules=name),
                detail=tr("Games played with them keep their own copy of the rules."),
                # TRANSLATORS: a button that deletes the house rules named
                go_ahead=tr("Delete {rules}").format(rules=name),
                action=lambda: self.delete(name),
            )
        )

    def delete(self, name: str) -> None:
        """Forget saved house rules at once (the screen asks first: :meth:`ask_to_delete`)."""
        app = self._app
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with app.action(tr("delete the house rules")):
            app.store.delete_variant(name)
            app.lists.forget()
            if self.form is not None and self.form.replacing == name:
                self.form = None
                app.screen = Screen.HOME
            app.message = Message(
                tr("Deleted {rules}; games played with it keep their rules.").format(rules=name)
            )
