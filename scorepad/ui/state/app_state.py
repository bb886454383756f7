"""The app as plain Python: every screen's state and every action a user can take.

The Flet views only read this and call its methods; tests drive it directly, without a
browser. Each action either succeeds (and is saved before it returns) or leaves everything as
it was and puts a clear message where the user is looking. No Flet in this module.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from scorepad.engine import (
    Game,
    RoundDraft,
    ScorepadError,
    ScoreSheet,
    Suit,
    Variant,
)
from scorepad.engine.changes import describe_changes
from scorepad.engine.presets import preset_key
from scorepad.store import (
    GameSummary,
    SavedVariant,
    StaleGameError,
    Store,
    StoreError,
    TinyDBStore,
    recover_store,
)
from scorepad.store.models import StoredGame, UndoKind, UndoStep
from scorepad.ui.state.history import before, fitted_draft, pushed
from scorepad.ui.state.round_entry import Field, RoundEntry, Selection, Stage, draft_from_round
from scorepad.ui.state.rules_form import RulesForm
from scorepad.ui.state.setup_form import SetupForm, VariantChoice, preset_choices

log = logging.getLogger("scorepad.ui")


class Screen(StrEnum):
    PROBLEM = "problem"
    """The store could not be opened: say why and offer the last good backup."""
    HOME = "home"
    SETUP = "setup"
    GAME = "game"
    RULES = "rules"


class GameTab(StrEnum):
    ROUND = "round"
    SHEET = "sheet"


class MessageKind(StrEnum):
    INFO = "info"
    ERROR = "error"


@dataclass(frozen=True)
class Message:
    text: str
    kind: MessageKind = MessageKind.INFO


@dataclass(frozen=True)
class Confirmation:
    """An action that loses something if tapped by mistake, waiting for a second tap.

    The screen shows the question with a button to go ahead and one to keep everything as it
    is; the action runs only on :meth:`ScorepadApp.confirm`.
    """

    question: str
    """"Delete round 2?" """
    detail: str
    """What happens, and how to take it back."""
    go_ahead: str
    """The confirming button's text ("Delete round 2")."""
    action: Callable[[], None]


@dataclass
class GameSession:
    """The open game: what is stored (with its undo steps), plus what only this screen knows."""

    stored: StoredGame
    editing: int | None = None
    """The earlier round being corrected, if any."""
    edit_draft: RoundDraft | None = None
    edit_undo: list[UndoStep] = field(default_factory=list)
    """Taps on the round being corrected, for undo while correcting (kept in memory only: the
    saved correction is one step of the game's own history)."""
    selection: Selection | None = None
    changes: list[str] = field(default_factory=list)
    """What the last correction changed, shown until the next action."""
    tab: GameTab = GameTab.ROUND

    @classmethod
    def opening(cls, stored: StoredGame) -> tuple[GameSession, str | None]:
        """A session on a game as loaded, and a note for the table when the stored round
        being entered no longer fits the game's next round (it opens as an empty round; the
        file is left as it is until the next tap)."""
        fitted = fitted_draft(stored.game, stored.draft)
        if fitted.note is not None:
            stored = stored.model_copy(update={"draft": None}).knowing(stored.game)
        session = cls(stored=stored)
        if stored.game.next_round is None:
            session.tab = GameTab.SHEET
        return session, fitted.note

    @property
    def game(self) -> Game:
        return self.stored.game

    @property
    def can_continue(self) -> bool:
        """The game was ended early and can be taken up again."""
        return self.game.record.abandoned

    @property
    def undo_steps(self) -> tuple[UndoStep, ...]:
        """What undo takes back, newest last: the game's history, then taps on a correction."""
        return (*self.stored.undo, *self.edit_undo)

    @property
    def draft(self) -> RoundDraft:
        if self.editing is not None:
            return self.edit_draft or RoundDraft()
        return self.stored.draft or RoundDraft()

    @property
    def entry(self) -> RoundEntry | None:
        """The round on the pad: the one being corrected, or the next one (None when over)."""
        game = self.game
        if self.editing is not None:
            return RoundEntry(game, self.editing, self.draft, self.selection)
        if game.next_round is None:
            return None
        return RoundEntry(game, len(game.results) + 1, self.draft, self.selection)

    @property
    def sheet(self) -> ScoreSheet:
        return self.game.sheet


class ScorepadApp:
    """Everything the user can see and do. ``rng`` draws the dealer (seedable for tests)."""

    def __init__(
        self,
        store: Store | None,
        rng: random.Random | None = None,
        *,
        root: Path | None = None,
        problem: StoreError | None = None,
    ) -> None:
        self._store = store
        self.root = store.root if store is not None else root
        self.problem = problem
        self.rng = rng or random.Random()
        self.screen = Screen.HOME if store is not None else Screen.PROBLEM
        self.message: Message | None = None
        self.session: GameSession | None = None
        self.setup: SetupForm | None = None
        self.rules: RulesForm | None = None
        self.dark = False
        self._games: list[GameSummary] | None = None
        self._choices: list[VariantChoice] | None = None
        self._roster: list[str] | None = None
        self._listeners: list[Callable[[], None]] = []
        self.confirmation: Confirmation | None = None
        """An action waiting for the user to confirm it (see :meth:`ask`)."""
        self.revision = 0
        """Counts changes; the views show it so that a test can wait for a tap's effect."""

    @classmethod
    def open(cls, root: Path, rng: random.Random | None = None) -> ScorepadApp:
        """The app on the store in ``root``; a store that cannot be opened gives the app its
        problem screen instead of a crash."""
        try:
            return cls(TinyDBStore(root), rng)
        except StoreError as problem:
            log.warning("the store in %s cannot be opened: %s", root, problem)
            return cls(None, rng, root=root, problem=problem)

    @property
    def store(self) -> Store:
        if self._store is None:
            raise ScorepadError(f"the games in {self.root} cannot be opened: {self.problem}")
        return self._store

    def recover(self) -> None:
        """Start the unreadable files again from their last good backups, then open."""
        with self._action("recover the games"):
            if self.root is None:
                raise ScorepadError("there is no store folder to recover")
            report = recover_store(self.root)
            self._store = TinyDBStore(self.root)
            self.problem = None
            self.screen = Screen.HOME
            self._forget_lists()
            done = len(report.restored) + len(report.started_fresh)
            lost = f"; {len(report.lost)} game(s) had no good backup" if report.lost else ""
            alone = "".join(f"; left as it is: {problem}" for problem in report.left_alone)
            self.message = Message(
                f"Recovered {done} file(s) from backups{lost}{alone}.",
                MessageKind.ERROR if report.lost or report.left_alone else MessageKind.INFO,
            )

    # --- plumbing --------------------------------------------------------------------------

    def subscribe(self, listener: Callable[[], None]) -> Callable[[], None]:
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    def _changed(self) -> None:
        self.revision += 1
        for listener in list(self._listeners):
            listener()

    @contextmanager
    def _action(self, what: str) -> Iterator[None]:
        """Run one user action: report any failure as a message, never as a traceback.

        Any action answers a question left open: the pending confirmation is dropped.
        """
        self.message = None
        self.confirmation = None
        try:
            yield
        except StaleGameError as problem:
            note = self._reload_game()
            text = str(problem) if note is None else f"{problem} {note}"
            self.message = Message(text, MessageKind.ERROR)
        except (ScorepadError, StoreError) as problem:
            self.message = Message(str(problem), MessageKind.ERROR)
        except Exception as problem:  # a bug: keep the app usable and the data safe
            log.exception("unexpected failure while trying to %s", what)
            self.message = Message(
                f"Something went wrong while trying to {what} ({type(problem).__name__}). "
                "Nothing was lost: everything recorded so far is saved.",
                MessageKind.ERROR,
            )
        finally:
            self._changed()

    def _reload_game(self) -> str | None:
        """Another window changed the open game: show it as it is now, with the undo steps
        stored with it. Returns the note when the round being entered was cleared."""
        if self.session is None:
            return None
        try:
            stored = self.store.load_game(self.session.stored.id)
        except StoreError as problem:
            log.warning("could not reload the game: %s", problem)
            return None
        tab = self.session.tab
        self.session, note = GameSession.opening(stored)
        if stored.game.next_round is not None:
            self.session.tab = tab
        return note

    def refresh(self) -> None:
        """Ask the views to draw again (the window changed size, say)."""
        self._changed()

    def dismiss_message(self) -> None:
        self.message = None
        self._changed()

    def toggle_theme(self) -> None:
        self.dark = not self.dark
        self._changed()

    # --- home ------------------------------------------------------------------------------

    @property
    def games(self) -> list[GameSummary]:
        """The game list, in progress first, then most recently changed."""
        if self._games is None:
            try:
                listed = self.store.list_games()
            except StoreError as problem:
                self.message = Message(str(problem), MessageKind.ERROR)
                listed = []
            order = {"in_progress": 0, "finished": 1, "abandoned": 2, "damaged": 3}
            self._games = sorted(listed, key=lambda s: order.get(s.status, 4))
        return self._games

    def go_home(self) -> None:
        with self._action("go back to the list of games"):
            self.screen = Screen.HOME
            self.session = None
            self._forget_lists()

    def open_game(self, game_id: str) -> None:
        with self._action("open the game"):
            stored = self.store.load_game(game_id)
            self.session, note = GameSession.opening(stored)
            self.screen = Screen.GAME
            if note is not None:
                self.message = Message(note)

    # --- a new game ------------------------------------------------------------------------

    def variant_choices(self) -> list[VariantChoice]:
        """Presets and saved house rules, read once per screen (views ask on every render)."""
        if self._choices is None:
            saved: list[SavedVariant] = []
            try:
                saved = self.store.saved_variants()
            except StoreError as problem:
                self.message = Message(str(problem), MessageKind.ERROR)
            self._choices = preset_choices() + [
                VariantChoice(f"saved:{v.name}", v.variant) for v in saved
            ]
        return list(self._choices)

    def roster(self) -> list[str]:
        """Names from earlier games, read once per screen (views ask on every render)."""
        if self._roster is None:
            try:
                self._roster = [p.name for p in self.store.roster()]
            except StoreError:
                return []
        return list(self._roster)

    def _forget_lists(self) -> None:
        """The store changed or a screen opens: read the lists afresh next time."""
        self._games = None
        self._choices = None
        self._roster = None

    def new_game(self, players: list[str] | None = None, variant_key: str | None = None) -> None:
        """Open the new-game form (``players`` to start again with the same table)."""
        with self._action("start a new game"):
            self._forget_lists()
            self.setup = SetupForm(choices=self.variant_choices())
            if variant_key is not None:
                self.setup.choose_variant(variant_key)
            for name in players or []:
                self.setup.add_player(name)
            self.screen = Screen.SETUP

    def play_again(self) -> None:
        """A new game form with the same variant and table; the deal moves one seat left."""
        with self._action("set up the next game"):
            self._forget_lists()
            game = self._session().game
            key = preset_key(game.variant)
            variant_key = f"preset:{key}" if key else f"saved:{game.variant.name}"
            choices = self.variant_choices()
            if all(c.key != variant_key for c in choices):  # house rules no longer saved
                variant_key = f"game:{game.variant.name}"
                choices.append(VariantChoice(variant_key, game.variant))
            self.setup = SetupForm(choices=choices, variant_key=variant_key)
            for name in game.players:
                self.setup.add_player(name)
            seat = game.players.index(game.first_dealer)
            self.setup.first_dealer = game.players[(seat + 1) % len(game.players)]
            self.setup.stake_cents = game.stake_cents if game.variant.has_payouts else None
            self.screen = Screen.SETUP

    def _form(self) -> SetupForm:
        if self.setup is None:
            raise ScorepadError("there is no new game being set up")
        return self.setup

    def choose_variant(self, key: str) -> None:
        with self._action("choose the variant"):
            self._form().choose_variant(key)

    def add_player(self, name: str, *, typed: bool = False) -> bool:
        """Seat a player: ``typed`` from the name field, else tapped from the roster."""
        with self._action("add the player"):
            return self._form().add_player(name, typed=typed)
        return False  # the action failed and said why

    def type_name(self, text: str) -> None:
        """The name field changed (a keystroke)."""
        with self._action("type the name"):
            self._form().name_text = text

    def remove_player(self, name: str) -> None:
        with self._action("remove the player"):
            self._form().remove_player(name)

    def move_player(self, name: str, places: int) -> None:
        with self._action("move the player"):
            self._form().move_player(name, places)

    def reorder_players(self, old_index: int, new_index: int) -> None:
        with self._action("move the player"):
            self._form().reorder(old_index, new_index)

    def choose_dealer(self, name: str) -> None:
        with self._action("choose the first dealer"):
            self._form().choose_dealer(name)

    def draw_dealer(self) -> None:
        with self._action("draw for the dealer"):
            dealer = self._form().draw_dealer(self.rng)
            self.message = Message(f"{dealer} drew high card and deals first")

    def set_stake(self, cents: int) -> None:
        with self._action("set the stake"):
            self._form().set_stake(cents)

    def start_game(self) -> None:
        with self._action("start the game"):
            record = self._form().record()
            stored = self.store.create_game(record)
            self._forget_lists()
            self.session = GameSession(stored=stored)
            self.setup = None
            self.screen = Screen.GAME

    # --- playing a round -------------------------------------------------------------------

    def _session(self) -> GameSession:
        if self.session is None:
            raise ScorepadError("no game is open")
        return self.session

    def _entry(self) -> RoundEntry:
        entry = self._session().entry
        if entry is None:
            raise ScorepadError("the game is over: there is no round to enter")
        return entry

    def _save_draft(self, draft: RoundDraft, label: str) -> None:
        """Keep the round being entered: on disk for the next round (with its undo step), in
        memory for a correction."""
        session = self._session()
        step = UndoStep(label=label, draft=session.draft)
        if session.editing is not None:
            session.edit_draft = draft
            session.edit_undo.append(step)
        else:
            session.stored = self.store.update_game(
                session.stored.id,
                lambda game: game,
                draft=draft,
                undo=pushed(session.stored.undo, step),
                expected_revision=session.stored.revision,
            )
        session.selection = None
        session.changes = []

    def _change_game(self, changed: Game, step: UndoStep, *, draft: RoundDraft | None) -> None:
        """Save the open game as ``changed`` (already worked out from the game on screen),
        with the round being entered kept only where it still fits (else cleared, with a
        note), and ``step`` to take it back."""
        session = self._session()
        fitted = fitted_draft(changed, draft)
        current = session.stored.draft
        if fitted.draft != current and step.kind is not UndoKind.RECORDED:
            step = step.model_copy(update={"draft": current or RoundDraft()})
        session.stored = self.store.update_game(
            session.stored.id,
            lambda _game: changed,  # the game on disk is the one on screen: see the revision
            draft=fitted.draft,
            undo=pushed(session.stored.undo, step),
            expected_revision=session.stored.revision,
        ).knowing(changed)
        session.editing = None
        session.edit_draft = None
        session.edit_undo = []
        session.selection = None
        if fitted.note is not None:
            self.message = Message(fitted.note)

    def choose_trump(self, suit: Suit) -> None:
        with self._action("record the turned suit"):
            entry = self._entry()
            self._save_draft(entry.choose_trump(suit), f"turned {suit}")

    def say_go(self) -> None:
        with self._action("show the bids"):
            self._save_draft(self._entry().say_go(), "ready, set, go")

    def tap_number(self, value: int) -> None:
        """The number pad: a bid or a trick count for whoever the pad is entering."""
        with self._action("enter the number"):
            entry = self._entry()
            player, stage = entry.active, entry.stage
            draft, note = entry.enter(value)
            what = "bid" if stage is Stage.BIDS else "took"
            self._save_draft(draft, f"{player} {what} {value}")
            if note:
                self.message = Message(note)

    def select(self, field_name: str, player: str) -> None:
        """Tap a player's bid or tricks to correct it."""
        with self._action("pick the entry to correct"):
            session = self._session()
            session.selection = self._entry().select(Field(field_name), player)

    def confirm_round(self) -> None:
        """Record the round on the pad (or save the correction of an earlier one)."""
        with self._action("record the round"):
            session = self._session()
            entry = self._entry()
            if entry.stage is not Stage.CONFIRM:
                raise ScorepadError(f"round {entry.number}: {self._missing(entry)}")
            record = entry.as_record()
            game = session.game
            before_sheet = session.sheet
            number = entry.number
            if session.editing is not None:
                self._change_game(
                    game.replace_round(number, record),
                    UndoStep(
                        label=f"correcting round {number}",
                        kind=UndoKind.CORRECTED,
                        round_number=number,
                        round=game.record.rounds[number - 1],
                    ),
                    draft=session.stored.draft,
                )
                session.changes = describe_changes(before_sheet, session.sheet) or [
                    f"round {number}: nothing changed"
                ]
            else:
                self._change_game(
                    game.record_round(record),
                    UndoStep(
                        label=f"recording round {number}",
                        kind=UndoKind.RECORDED,
                        round_number=number,
                    ),
                    draft=None,
                )
                session.changes = []
            if session.game.next_round is None:
                session.tab = GameTab.SHEET

    @staticmethod
    def _missing(entry: RoundEntry) -> str:
        return {
            Stage.TRUMP: "tap the turned suit first",
            Stage.GO: "say go and enter the bids first",
            Stage.BIDS: f"{entry.active} has not bid yet",
            Stage.TRICKS: f"enter {entry.active}'s tricks first",
        }.get(entry.stage, "the round is not complete")

    # --- corrections -----------------------------------------------------------------------

    def edit_round(self, number: int) -> None:
        with self._action("open the round for correction"):
            session = self._session()
            game = session.game
            if not 1 <= number <= len(game.results):
                raise ScorepadError(f"there is no recorded round {number} to correct")
            session.editing = number
            session.edit_draft = draft_from_round(game, number)
            session.edit_undo = []
            session.selection = None
            session.changes = []
            session.tab = GameTab.ROUND

    def cancel_edit(self) -> None:
        with self._action("stop correcting"):
            session = self._session()
            session.editing = None
            session.edit_draft = None
            session.edit_undo = []
            session.selection = None
            if session.game.next_round is None:
                session.tab = GameTab.SHEET

    def delete_round(self, number: int) -> None:
        """Delete round ``number`` at once (the screen asks first: :meth:`ask_to_delete_round`).

        The round being entered stays if it fits its new place, else it is cleared with a note.
        """
        with self._action("delete the round"):
            session = self._session()
            game = session.game
            before_sheet = session.sheet
            changed = game.delete_round(number)
            self._change_game(
                changed,
                UndoStep(
                    label=f"delete round {number}",
                    kind=UndoKind.DELETED,
                    round_number=number,
                    round=game.record.rounds[number - 1],
                ),
                draft=session.stored.draft,
            )
            session.changes = [
                f"round {number} deleted",
                *describe_changes(before_sheet, session.sheet),
            ]
            if session.game.next_round is not None:
                session.tab = GameTab.ROUND

    def abandon_game(self) -> None:
        """End the game early at once (the screen asks first: :meth:`ask_to_abandon_game`).
        The round being entered is kept, for the table that changes its mind."""
        with self._action("end the game early"):
            session = self._session()
            self._change_game(
                session.game.abandon(),
                UndoStep(label="ending the game early", kind=UndoKind.ABANDONED),
                draft=session.stored.draft,
            )
            session.changes = []
            session.tab = GameTab.SHEET
            self.message = Message(
                "The game is kept as ended early: no winner, no payouts. "
                "Continue this game takes it up again."
            )

    def continue_game(self) -> None:
        """Take up a game that was ended early: it is in progress again, from the next round."""
        with self._action("continue the game"):
            session = self._session()
            self._change_game(
                session.game.resume(),
                UndoStep(label="continuing the game", kind=UndoKind.RESUMED),
                draft=session.stored.draft,
            )
            session.changes = []
            session.tab = GameTab.ROUND
            entry = session.entry
            where = f" from round {entry.number}" if entry is not None else ""
            if self.message is None:
                self.message = Message(f"The game goes on{where}.")

    # --- asking before an action that loses something ---------------------------------------

    def ask(self, confirmation: Confirmation) -> None:
        """Put a question to the user; the action waits for :meth:`confirm`."""
        self.message = None
        self.confirmation = confirmation
        self._changed()

    def confirm(self) -> None:
        """Go ahead with the action the user was asked about."""
        pending = self.confirmation
        if pending is None:
            with self._action("confirm"):
                raise ScorepadError("nothing is waiting to be confirmed")
            return
        self.confirmation = None
        pending.action()

    def cancel_confirmation(self) -> None:
        """Keep everything as it is."""
        with self._action("cancel"):
            pass

    def ask_to_delete_round(self, number: int) -> None:
        self.ask(
            Confirmation(
                question=f"Delete round {number}?",
                detail="The rounds after it move up one place and are scored again. "
                "Undo puts it back.",
                go_ahead=f"Delete round {number}",
                action=lambda: self.delete_round(number),
            )
        )

    def ask_to_abandon_game(self) -> None:
        self.ask(
            Confirmation(
                question="End the game early?",
                detail="It is kept with no winner and no payouts. Undo, or Continue this game, "
                "takes it up again.",
                go_ahead="End the game",
                action=self.abandon_game,
            )
        )

    def ask_to_delete_rules(self, name: str) -> None:
        self.ask(
            Confirmation(
                question=f"Delete the house rules {name}?",
                detail="Games played with them keep their own copy of the rules.",
                go_ahead=f"Delete {name}",
                action=lambda: self.delete_rules(name),
            )
        )

    # --- undo -------------------------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        return bool(self.session and self.session.undo_steps)

    @property
    def undo_label(self) -> str | None:
        if not self.session or not self.session.undo_steps:
            return None
        return self.session.undo_steps[-1].label

    def undo(self) -> None:
        """Take back the last action: a tap, a recorded round, a correction, a deletion, the
        end of a game or its continuation. The game keeps its steps, so this works after
        going home or a restart too."""
        with self._action("undo"):
            session = self._session()
            if session.edit_undo:
                step = session.edit_undo.pop()
                session.edit_draft = step.draft
                session.selection = None
                self.message = Message(f"undone: {step.label}")
                return
            if not session.stored.undo:
                raise ScorepadError("there is nothing to undo")
            step = session.stored.undo[-1]
            rest = session.stored.undo[:-1]
            try:
                restored = before(session.game, session.stored.draft, step)
            except ScorepadError as problem:
                session.stored = self.store.update_game(
                    session.stored.id,
                    lambda game: game,
                    undo=rest,
                    expected_revision=session.stored.revision,
                )
                raise ScorepadError(
                    f"{step.label} cannot be undone: {problem}. The game is as it was; that "
                    "step is dropped from the undo list"
                ) from None
            fitted = fitted_draft(restored.game, restored.draft)
            session.stored = self.store.update_game(
                session.stored.id,
                lambda _game: restored.game,  # the game on disk is the one on screen
                draft=fitted.draft,
                undo=rest,
                expected_revision=session.stored.revision,
            ).knowing(restored.game)
            session.editing = None
            session.edit_draft = None
            session.selection = None
            session.changes = []
            session.tab = GameTab.ROUND if session.game.next_round is not None else GameTab.SHEET
            note = f" {fitted.note}" if fitted.note else ""
            self.message = Message(f"undone: {step.label}{note}")

    def show_tab(self, tab: str) -> None:
        with self._action("switch the view"):
            self._session().tab = GameTab(tab)

    # --- house rules -----------------------------------------------------------------------

    def open_rules(self, start_from: str | None = None) -> None:
        """The house-rules editor, on a copy of a preset or saved variant (by choice key)."""
        with self._action("open the house rules"):
            self._forget_lists()
            key = start_from or "preset:golf"
            choice = next((c for c in self.variant_choices() if c.key == key), None)
            if choice is None:
                raise ScorepadError(f"unknown variant {key!r}")
            replacing = choice.variant.name if key.startswith("saved:") else None
            self.rules = RulesForm.starting_from(choice.variant, replacing=replacing)
            self.screen = Screen.RULES

    def set_rule(self, setting: str, value: object) -> None:
        with self._action("change the setting"):
            if self.rules is None:
                raise ScorepadError("no house rules are being edited")
            self.rules.set(setting, value)

    def save_rules(self) -> Variant | None:
        with self._action("save the house rules"):
            if self.rules is None:
                raise ScorepadError("no house rules are being edited")
            variant = self.rules.check()
            if variant is None:
                setting, reason = next(iter(self.rules.errors.items()))
                raise ScorepadError(f"{setting}: {reason}")
            self.store.save_variant(variant, replacing=self.rules.replacing)
            self._forget_lists()
            self.rules.replacing = variant.name
            self.message = Message(f"Saved {variant.name}: pick it when you start a new game.")
            return variant
        return None  # the action failed and said why

    def delete_rules(self, name: str) -> None:
        """Forget saved house rules at once (the screen asks first: :meth:`ask_to_delete_rules`)."""
        with self._action("delete the house rules"):
            self.store.delete_variant(name)
            self._forget_lists()
            if self.rules is not None and self.rules.replacing == name:
                self.rules = None
                self.screen = Screen.HOME
            self.message = Message(f"Deleted {name}; games played with it keep their rules.")
