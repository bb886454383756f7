"""The game screen's controller: everything a table does to the open game
(:mod:`~scorepad.ui.state.open_game`), each tap checked against what it meant when drawn
(:mod:`~scorepad.ui.state.taps`).

Taps on the pad (the turned suit, "go", bids and trick counts, or each trick's winner as it
falls), recording a round, correcting an earlier one, deleting a round, ending the game early
and continuing it, and undo of any of these. Every change goes through one write
(:meth:`GameController._write`): saved with its undo step before the action returns, and
refused, with the game shown afresh, when another window changed the game since it was drawn.
The rules themselves are the engine's. No Flet here.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Protocol

from scorepad.engine import (
    Field,
    Game,
    HandEdit,
    RoundDraft,
    RoundEntryState,
    ScorepadError,
    Stage,
    Suit,
    TableChange,
    change_in_words,
    describe_changes,
)
from scorepad.i18n import N_, describe, say, tr, tr_n
from scorepad.store import StaleGameError, StoreError
from scorepad.store.models import StoredGame, UndoKind, UndoStep
from scorepad.ui.state.app_services import AppActions, AtTable, TableNews
from scorepad.ui.state.currency import table_symbol
from scorepad.ui.state.display_names import RosterNames
from scorepad.ui.state.errors import ActionRefused
from scorepad.ui.state.exports import (
    ExportFile,
    ExportKind,
    export_file,
    exports_offered,
    save_nowhere,
)
from scorepad.ui.state.history import (
    ABANDONING,
    BID,
    CHANGE_CORRECTED,
    CHANGE_TAKEN_OUT,
    CORRECTING,
    DELETING,
    GO,
    RECORDING,
    RESUMING,
    TALLY_OFF,
    TALLY_ON,
    TOOK,
    TOOK_TRICK,
    TRICK_TAKEN_BACK,
    TURNED,
    before,
    fitted_draft,
    pushed,
    step_said,
)
from scorepad.ui.state.open_game import GameSession, GameTab
from scorepad.ui.state.screens import Confirmation, Message, MessageKind, Screen
from scorepad.ui.state.seat_writes import (
    go_label,
    hidden_bids_taken,
    hide_again,
    undid_the_go,
    with_hidden_bids,
)
from scorepad.ui.state.table_change import (
    ChangePreview,
    hands_offered,
    place_of,
    preview,
    round_under_way,
    undo_label,
)
from scorepad.ui.state.table_form import TableForm, TableTask
from scorepad.ui.state.taps import PadMoment, Tap, TapMeaning


class GameApp(AppActions, AtTable, Protocol):
    """What the game screen uses of the app: its actions, the table, and the news it sends."""

    @property
    def live(self) -> TableNews: ...


log = logging.getLogger("scorepad.ui")

CHANGED_ELSEWHERE = N_(
    "This game was changed on another screen; it now shows the latest. Check it and tap again."
)
"""Said when a tap was meant for a game another window has changed since: in the table's
words (the game's id and revisions go to the log, where they help and do not puzzle). Marked
for the catalogue: ``tr(CHANGED_ELSEWHERE)`` where it is said."""


TABLE_FORM_FIELDS = frozenset(
    {
        "player",
        "name",
        "left_of",
        "starting",
        "starting_text",
        "points_text",
        "reason",
        "hand_edit",
        "hand",
        "cards_text",
    }
)
"""The Table dialog's fields a view may set."""


class GameController:
    """Every action on the game screen, on the game in :attr:`session` (None: no game open).

    Each action runs inside the app's action wrapper, so a refusal becomes the message line
    and leaves the game as it was.
    """

    def __init__(self, app: GameApp) -> None:
        self._app = app
        self.session: GameSession | None = None
        self._shifts: dict[Tap, int] = {}
        """Per kind of tap, how many changes made elsewhere have moved its meaning."""
        self.save_file: Callable[[ExportFile], None] = save_nowhere
        """Saves an exported file: the views set a save dialog (in a window) or a download
        (in a browser), which reports back through :meth:`file_saved` / :meth:`file_not_saved`."""

    # --- opening and closing ---------------------------------------------------------------

    def show(self, stored: StoredGame) -> None:
        """Put ``stored`` on the game screen (a note if its round being entered was cleared)."""
        self.session, note = self._opening(stored)
        self._app.screen = Screen.GAME
        if note is not None:
            self._app.message = Message(note)
        if stored.game.next_round is not None:  # a game being played: the table watches it
            self._app.live.shared(stored)

    def _opening(self, stored: StoredGame) -> tuple[GameSession, str | None]:
        """A session on ``stored`` with what the store says about showing it, read now and
        kept for every tap: the players' current names and the table's currency symbol."""
        store = self._app.reader
        saved = [saved.variant for saved in store.saved_variants()]
        return GameSession.opening(stored, RosterNames.read(store), table_symbol(store), saved)

    def close(self) -> None:
        self.session = None

    @property
    def unsaved_correction(self) -> int | None:
        """The round whose correction has changes not yet saved (None: nothing would be lost
        by leaving): leaving the game drops them, and the app says so."""
        session = self.session
        if session is None or session.editing is None or session.edit_draft is None:
            return None
        recorded = session.game.correction_of(session.editing)
        return session.editing if session.edit_draft != recorded else None

    def _session(self) -> GameSession:
        if self.session is None:
            raise ActionRefused(tr("no game is open"))
        return self.session

    def _entry(self) -> RoundEntryState:
        entry = self._session().entry
        if entry is None:
            raise ActionRefused(tr("the game is over: there is no round to enter"))
        return entry

    # --- the one way a change is saved -----------------------------------------------------

    def _write(
        self, game: Game | None, *, draft: RoundDraft | None, undo: tuple[UndoStep, ...]
    ) -> None:
        """Save the open game as ``game`` (worked out from the game on screen; ``None`` keeps
        it), with the round being entered and the undo steps, if nobody changed it since it
        was shown. If another window did, show the game as it is now and refuse: the tap was
        meant for a game that no longer looks like that."""
        session = self._session()

        def change(current: Game) -> Game:
            return current if game is None else game  # the game on disk is the one on screen

        try:
            saved = self._app.store.update_game(
                session.stored.id,
                change,
                draft=draft,
                undo=undo,
                expected_revision=session.stored.revision,
            )
        except StaleGameError as problem:
            log.info("a tap on a game changed elsewhere was refused: %s", problem)
            before = self._moment()
            note = self._reload()
            self._shift_what_moved(before)
            told = tr(CHANGED_ELSEWHERE) if note is None else f"{tr(CHANGED_ELSEWHERE)} {note}"
            raise ActionRefused(told) from None
        session.stored = saved if game is None else saved.knowing(game)
        self._app.live.shared(saved)

    def changed_elsewhere(self, game_id: str, revision: int | None) -> bool:
        """Another session saved revision ``revision`` of ``game_id`` (``None``: maybe, not
        known which): if it is the game open here, show it as it is now (live, without
        waiting for a tap that would be refused). In the middle of a correction the game
        stays as it is, with a line saying so: the correction would be lost. Returns whether
        the screen changed."""
        session = self.session
        if session is None or session.stored.id != game_id:
            return False
        if revision is None:  # the browser was away: has the game changed meanwhile?
            try:
                revision = self._app.reader.load_game(game_id).revision
            except StoreError as problem:
                log.warning("could not read the game again: %s", problem)
                return False
        if revision <= session.stored.revision:
            return False  # shown already (this session's own change, told back to it late)
        if session.editing is not None:
            if session.changed_elsewhere:
                return False
            session.changed_elsewhere = True
            self._app.message = Message(
                tr(
                    "This game was just changed on another screen: the correction of round "
                    "{round} cannot be saved. Tap Cancel to see the game as it is now."
                ).format(round=session.editing)
            )
            return True
        log.info("game %s changed elsewhere (revision %s): shown again", game_id, revision)
        if self._app.confirmation is not None:
            # "Delete round 3?" was asked of the game as it was: round 3 may be another now
            self._app.confirmation = None
            self._app.message = Message(tr(CHANGED_ELSEWHERE))
        selection = session.selection
        before = self._moment()
        note = self._reload()
        self._shift_what_moved(before)
        if self.session is not None and selection is not None and self.session.entry is not None:
            try:  # the entry picked to correct stays picked if it still can be
                self.session.selection = self.session.entry.select(
                    selection.field, selection.player
                )
            except ScorepadError:
                self.session.selection = None
        if note is not None:
            self._app.message = Message(note)
        return True

    def _reload(self) -> str | None:
        """Another window changed the open game: show it as it is now, with the undo steps
        stored with it. Returns the note when the round being entered was cleared."""
        if self.session is None:
            return None
        try:
            stored = self._app.reader.load_game(self.session.stored.id)
        except StoreError as problem:
            log.warning("could not reload the game: %s", problem)
            return None
        tab = self.session.tab
        self.session, note = self._opening(stored)
        if stored.game.next_round is not None:
            self.session.tab = tab
        return note

    def _save_draft(self, draft: RoundDraft, label: str) -> None:
        """Keep the round being entered: on disk for the next round (with its undo step), in
        memory for a correction."""
        session = self._session()
        step = UndoStep(label=label, draft=session.draft)
        if session.editing is not None:
            session.edit_draft = draft
            session.edit_undo.append(step)
        else:
            self._write(None, draft=draft, undo=pushed(session.stored.undo, step))
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
        self._write(changed, draft=fitted.draft, undo=pushed(session.stored.undo, step))
        session.stop_editing()
        if fitted.note is not None:
            self._app.message = Message(fitted.note)

    def meaning(self, tap: Tap) -> TapMeaning | None:
        """What ``tap`` means on the screen as it is drawn now."""
        return None if self.session is None else TapMeaning(tap, self._shifts.get(tap, 0))

    def _shift_what_moved(self, before: PadMoment | None) -> None:
        """The game on screen was replaced by a change made elsewhere: every kind of tap
        whose meaning that moved gets new controls (see :class:`TapMeaning`)."""
        if before is None or self.session is None:
            return
        after = self._moment()
        for tap in Tap:
            if before.parts_of(tap) != after.parts_of(tap):
                self._shifts[tap] = self._shifts.get(tap, 0) + 1

    def _moment(self) -> PadMoment:
        session = self._session()
        entry = session.entry
        return PadMoment(
            number=None if entry is None else entry.number,
            stage=None if entry is None else entry.stage,
            active=None if entry is None else entry.active,
            marked=len(session.draft.trick_winners),
            undo=self._undo_step_label,
            turned=session.draft.turned,
        )

    def _not_moved(self, seen: TapMeaning | None) -> None:
        """Refuse a tap made on a control drawn before a change made elsewhere moved what it
        means (``seen``: what the control carried). ``None``: a call that saw no screen (a
        script, a test), taken as meant for the game as it is."""
        if seen is None:
            return
        shift = self._shifts.get(seen.tap, 0)
        if seen.shift != shift:
            log.info(
                "a tap meant for the screen before a change elsewhere was refused: %s, now %s",
                seen.key,
                TapMeaning(seen.tap, shift).key,
            )
            raise ActionRefused(tr(CHANGED_ELSEWHERE))

    # --- the pad -----------------------------------------------------------------------------

    def choose_trump(self, suit: Suit, seen: TapMeaning | None = None) -> None:
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("record the turned suit")):
            self._not_moved(seen)
            entry = self._entry()
            self._save_draft(entry.choose_trump(suit), TURNED.format(suit=suit.value))

    def say_go(self, seen: TapMeaning | None = None) -> None:
        """Ready, set, go: the bids are shown, those bid in secret on the players' phones
        among them (taken from the table and saved in the same step)."""
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("show the bids")):
            self._not_moved(seen)
            session = self._session()
            entry = self._entry()
            draft = entry.say_go()
            if session.editing is not None:
                self._save_draft(draft, GO)
                return
            with hidden_bids_taken(self._app, session.stored.id, entry.number) as hidden:
                draft = with_hidden_bids(session.game, entry.number, draft, hidden)
                self._save_draft(draft, go_label(hidden))

    def tap_number(self, value: int, seen: TapMeaning | None = None) -> None:
        """The number pad: a bid or a trick count for whoever the pad is entering."""
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("enter the number")):
            self._not_moved(seen)
            entry = self._entry()
            player, stage = entry.active, entry.stage
            draft, note = entry.enter(value)
            if stage is Stage.BIDS:
                label = BID.format(player=player, bid=value)
            else:
                label = TOOK.format(player=player, tricks=value)
            self._save_draft(draft, label)
            if note:
                self._app.message = Message(note)

    # --- marking the tricks as they fall (the rules: scorepad.engine.tally) ------------------

    def choose_tally(self, on: bool, seen: TapMeaning | None = None) -> None:
        """Mark the tricks as they fall (``on``) or count them at the end (the default)."""
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("choose how the tricks are kept")):
            self._not_moved(seen)
            entry = self._entry()
            draft = entry.choose_tally(on)
            if draft != entry.draft:
                self._save_draft(draft, TALLY_ON if on else TALLY_OFF)

    def mark_trick(self, player: str, seen: TapMeaning | None = None) -> None:
        """``player`` took the next trick (saved, like every tap, before the screen moves on)."""
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("mark the trick")):
            self._not_moved(seen)
            state = self._entry()
            draft = state.mark_trick(player)
            self._save_draft(
                draft, TOOK_TRICK.format(player=player, trick=len(draft.trick_winners))
            )

    def undo_trick(self, seen: TapMeaning | None = None) -> None:
        """Take back the most recent mark; the app's undo can put it back."""
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("undo the last trick")):
            self._not_moved(seen)
            state = self._entry()
            draft = state.undo_trick()
            taken = len(state.draft.trick_winners)
            # read after "Undo: " on the button and "undone: " in the message
            who = state.draft.trick_winners[-1]
            self._save_draft(draft, TRICK_TAKEN_BACK.format(player=who, trick=taken))

    def select(self, field_name: Field, player: str) -> None:
        """Tap a player's bid or tricks to correct it."""
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("pick the entry to correct")):
            session = self._session()
            session.selection = self._entry().select(Field(field_name), player)

    def confirm_round(self, seen: TapMeaning | None = None) -> None:
        """Record the round on the pad (or save the correction of an earlier one)."""
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("record the round")):
            self._not_moved(seen)
            session = self._session()
            entry = self._entry()
            record = entry.record()  # or the engine's RoundIncompleteError: what is missing
            game = session.game
            before_sheet = session.sheet
            number = entry.number
            if session.editing is not None:
                started_from = session.edit_from
                self._change_game(
                    game.replace_round(number, record),
                    UndoStep(
                        label=CORRECTING.format(round=number),
                        kind=UndoKind.CORRECTED,
                        round_number=number,
                        round=game.record.rounds[number - 1],
                    ),
                    draft=session.stored.draft,
                )
                changed: list[str] = [
                    *describe_changes(before_sheet, session.sheet, session.symbol)
                ]
                session.changes = changed or [
                    # TRANSLATORS: what a correction of a round changed on the sheet: nothing
                    tr("round {round}: nothing changed").format(round=number)
                ]
                session.tab = started_from
            else:
                recorded = game.record_round(record)
                # a table that marks the tricks as they fall keeps doing so next round
                marking = entry.tallying and recorded.next_round is not None
                self._change_game(
                    recorded,
                    UndoStep(
                        label=RECORDING.format(round=number),
                        kind=UndoKind.RECORDED,
                        round_number=number,
                    ),
                    draft=RoundDraft(tallying=True) if marking else None,
                )
                session.changes = []
            if session.game.next_round is None:
                session.tab = GameTab.SHEET

    def show_tab(self, tab: GameTab) -> None:
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("switch the view")):
            self._session().tab = GameTab(tab)

    # --- corrections, deleting, ending early ---------------------------------------------------

    def edit_round(self, number: int) -> None:
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("open the round for correction")):
            session = self._session()
            game = session.game
            if not 1 <= number <= len(game.results):
                raise ActionRefused(
                    tr("there is no recorded round {round} to correct").format(round=number)
                )
            session.editing = number
            session.edit_draft = game.correction_of(number)
            session.edit_undo = []
            session.selection = None
            session.changes = []
            session.edit_from = session.tab
            session.tab = GameTab.ROUND

    def cancel_edit(self) -> None:
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("stop correcting")):
            session = self._session()
            session.stop_editing()
            if session.changed_elsewhere:  # show what the other screen did meanwhile
                note = self._reload()
                if note is not None:
                    self._app.message = Message(note)
                session = self._session()
            if session.game.next_round is None:
                session.tab = GameTab.SHEET

    def ask_to_delete_round(self, number: int) -> None:
        """Ask before deleting round ``number``, or say at once why it cannot be deleted
        (asking first and refusing after would waste the table's time)."""
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("delete the round")):
            self._session().game.delete_round(number)  # refused here, with the reason
        if self._app.message is not None:
            return
        self._app.ask(
            Confirmation(
                question=tr("Delete round {round}?").format(round=number),
                detail=tr(
                    "The rounds after it move up one place and are scored again. Undo puts it back."
                ),
                # TRANSLATORS: the button that deletes the round, after "Delete round 3?"
                go_ahead=tr("Delete round {round}").format(round=number),
                action=lambda: self.delete_round(number),
            )
        )

    def delete_round(self, number: int) -> None:
        """Delete round ``number`` at once (the screen asks first: :meth:`ask_to_delete_round`).

        The round being entered stays if it fits its new place, else it is cleared with a note.
        """
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("delete the round")):
            session = self._session()
            game = session.game
            before_sheet = session.sheet
            changed = game.delete_round(number)
            self._change_game(
                changed,
                UndoStep(
                    label=DELETING.format(round=number),
                    kind=UndoKind.DELETED,
                    round_number=number,
                    round=game.record.rounds[number - 1],
                ),
                draft=session.stored.draft,
            )
            session.changes = [
                # TRANSLATORS: the first line of what deleting a round changed on the sheet
                tr("round {round} deleted").format(round=number),
                *describe_changes(before_sheet, session.sheet, session.symbol),
            ]
            if session.game.next_round is not None:
                session.tab = GameTab.ROUND

    def ask_to_abandon_game(self) -> None:
        self._app.ask(
            Confirmation(
                question=tr("End the game early?"),
                detail=tr(
                    "It is kept with no winner and no payouts. Undo, or Continue this game, "
                    "takes it up again."
                ),
                # TRANSLATORS: the button that ends the game early, after "End the game early?"
                go_ahead=tr("End the game"),
                action=self.abandon_game,
            )
        )

    def abandon_game(self) -> None:
        """End the game early at once (the screen asks first: :meth:`ask_to_abandon_game`).
        The round being entered is kept, for the table that changes its mind."""
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("end the game early")):
            session = self._session()
            self._change_game(
                session.game.abandon(),
                UndoStep(label=ABANDONING, kind=UndoKind.ABANDONED),
                draft=session.stored.draft,
            )
            session.changes = []
            session.tab = GameTab.SHEET
            self._app.message = Message(
                tr(
                    "The game is kept as ended early: no winner, no payouts. "
                    "Continue this game takes it up again."
                )
            )

    def continue_game(self) -> None:
        """Take up a game that was ended early: it is in progress again, from the next round."""
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("continue the game")):
            session = self._session()
            self._change_game(
                session.game.resume(),
                UndoStep(label=RESUMING, kind=UndoKind.RESUMED),
                draft=session.stored.draft,
            )
            session.changes = []
            session.tab = GameTab.ROUND
            entry = session.entry
            if self._app.message is None:
                goes_on = tr("The game goes on.")
                if entry is not None:
                    goes_on = tr("The game goes on from round {round}.").format(round=entry.number)
                self._app.message = Message(goes_on)

    # --- the table between rounds ------------------------------------------------------------

    def preview_change(self, change: TableChange) -> ChangePreview:
        """What ``change`` would do, shown before it is confirmed (the hands left, the next
        dealer, a late arrival's start); raises the rules' refusal, which names the round,
        the player and the rule. Nothing is saved."""
        return preview(self._session().game, change)

    def open_table_form(self, task: TableTask) -> None:
        """Open the Table dialog for ``task`` (someone joins, leaves, takes over a seat, sits
        out the next round, or has points adjusted), its fields empty."""
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("change the table")):
            self._session().table_form = TableForm(task)

    def open_one_more_hand(self) -> None:
        """Open the Table dialog on one more hand at the end (a game over plays on)."""
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("change the table")):
            self._session().table_form = TableForm(
                TableTask.HANDS, hand_edit=HandEdit.EXTRA.value, cards_text="1"
            )

    def edit_table_form(self, **fields: str) -> None:
        """Keep what was typed or picked in the Table dialog (``name="Fay"``,
        ``left_of="Eve"``...); the last refusal goes, the preview follows."""
        form = self._session().table_form
        if form is None:
            return
        for key, value in fields.items():
            if key not in TABLE_FORM_FIELDS:
                raise ValueError(f"the Table dialog has no field {key!r}")
            setattr(form, key, value)
        form.error = None
        self._app.refresh()

    def cancel_table_form(self) -> None:
        """Close the Table dialog, changing nothing. A dialog already closed (Flet reports its
        dismissal after the app closed it, once the change is made) leaves the message line,
        which says what the change did, alone."""
        session = self.session
        if session is None or session.table_form is None:
            return
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("close the Table dialog")):
            session.table_form = None

    def table_choices(self) -> tuple[str, ...]:
        """Whom the dialog's pickers offer: the players at the table now; for a correction,
        everyone on the sheet but the newcomer (the table then was another; the rules refuse
        a pick that did not fit it, with the reason)."""
        session = self._session()
        sheet = session.sheet
        form = session.table_form
        if form is None or form.correcting is None:
            return tuple(name for name in sheet.players if name not in sheet.left)
        newcomer = form.name if form.task is TableTask.JOIN else None
        return tuple(name for name in sheet.players if name != newcomer)

    def hands_to_change(self, edit: str) -> list[tuple[int, str]]:
        """The rounds the Table dialog offers a change of the hands (see
        :func:`~scorepad.ui.state.table_change.hands_offered`): after the rounds played, or
        after the round a change being corrected follows."""
        session = self._session()
        form = session.table_form
        played = len(session.game.results)
        if form is not None and form.after is not None:  # a correction keeps its place
            played = form.after
        return hands_offered(session.game.schedule, played, HandEdit(edit))

    def table_preview(self) -> tuple[str, bool]:
        """What the dialog's change would do, and whether it can be made; else what to fix
        or why the rules refuse it (shown under the fields as they are filled in)."""
        session = self._session()
        form = session.table_form
        if form is None:
            return "", False
        try:
            change = form.change(after=len(session.game.results))
            return preview(session.game, change, form.correcting).summary, True
        except ScorepadError as problem:
            return describe(problem), False

    def confirm_table_form(self) -> None:
        """Make the dialog's change; a refusal keeps the dialog open with its reason."""
        session = self._session()
        form = session.table_form
        if form is None:
            return
        try:
            change = form.change(after=len(session.game.results))
            seen = preview(session.game, change, form.correcting)
        except ScorepadError as problem:
            form.error = describe(problem)
            self._app.refresh()
            return
        session.table_form = None
        if form.correcting is None:
            self.change_table(change, seen)
        else:
            self.correct_change(form.correcting, change, seen)

    def change_table(self, change: TableChange, seen: ChangePreview | None = None) -> None:
        """Make a change of the table after the last round recorded: one undo step, the
        sheet and every phone re-derived (``seen``: its preview, when the dialog has just
        worked it out). Refused while a round is under way (the table changes between rounds)
        and while an earlier round is being corrected."""
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("change the table")):
            session = self._session()
            _refuse_while_correcting(session)
            entry = session.entry
            if entry is not None and round_under_way(session.stored.draft):
                raise ActionRefused(
                    tr(
                        "round {round} is under way: the table changes between rounds, so "
                        "finish the round or clear it first"
                    ).format(round=entry.number)
                )
            if seen is None or seen.change is not change:
                seen = preview(session.game, change)
            self._change_game(
                seen.game,
                UndoStep(
                    label=undo_label(seen.made),
                    kind=UndoKind.TABLE_CHANGED,
                    change_index=place_of(session.game, change),
                ),
                draft=session.stored.draft,
            )
            session.changes = []
            self._app.message = Message(seen.summary)

    def edit_change(self, index: int) -> None:
        """Open the Table dialog on the change number ``index`` (0-based, as the sheet lists
        them), filled in as it was made, to correct it."""
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("correct the change of the table")):
            session = self._session()
            _refuse_while_correcting(session)
            session.table_form = TableForm.of(self._made_change(index), index)

    def correct_change(
        self, index: int, change: TableChange, seen: ChangePreview | None = None
    ) -> None:
        """Put ``change`` in the place of the change number ``index``: everything after it is
        re-derived (one undo step puts the old one back), and the sheet says what moved."""
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("correct the change of the table")):
            session = self._session()
            _refuse_while_correcting(session)
            if seen is None or seen.change is not change:
                seen = preview(session.game, change, index)
            self._rework_change(index, seen.game, UndoKind.TABLE_CORRECTED, CHANGE_CORRECTED)
            self._app.message = Message(seen.summary)

    def ask_to_remove_change(self, index: int) -> None:
        """Ask before taking out the change number ``index``, or say at once why the rounds
        after it would not allow it."""
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("take out the change of the table")):
            session = self._session()
            _refuse_while_correcting(session)
            change = self._made_change(index)
            session.game.delete_change(index)  # refused here, with the reason
        if self._app.message is not None:
            return
        said = say(change_in_words(change, session.sheet.starting))
        self._app.ask(
            Confirmation(
                question=tr("Take out this change of the table?"),
                detail=tr(
                    "{change}. The rounds after it are scored again as if it never "
                    "happened. Undo puts it back."
                ).format(change=said),
                # TRANSLATORS: the button that takes a change of the table out of the game
                go_ahead=tr("Take it out"),
                action=lambda: self.remove_change(index),
            )
        )

    def remove_change(self, index: int) -> None:
        """Take out the change number ``index`` at once (the sheet asks first), as if it was
        never made; one undo step puts it back where it was."""
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("take out the change of the table")):
            session = self._session()
            _refuse_while_correcting(session)
            old, starting = self._made_change(index), session.sheet.starting
            self._rework_change(
                index, session.game.delete_change(index), UndoKind.TABLE_REMOVED, CHANGE_TAKEN_OUT
            )
            self._app.message = Message(
                tr("Taken out: {change}.").format(change=say(change_in_words(old, starting)))
            )

    def _rework_change(self, index: int, changed: Game, kind: UndoKind, doing: str) -> None:
        """Save ``changed``, the game with its change number ``index`` corrected or taken out,
        with the undo step that puts the change back as it was (``doing``: how the undo
        button names the action, a label of :mod:`~scorepad.ui.state.history` with a
        ``{change}``), and show what the rounds after it moved."""
        session = self._session()
        old, before_sheet = self._made_change(index), session.sheet
        self._change_game(
            changed,
            UndoStep(
                label=doing.format(change=undo_label(old)),
                kind=kind,
                change_index=index,
                change=old,
            ),
            draft=session.stored.draft,
        )
        session.changes = [*describe_changes(before_sheet, session.sheet, session.symbol)]

    def _made_change(self, index: int) -> TableChange:
        changes = self._session().game.record.changes
        if not 0 <= index < len(changes):
            raise ActionRefused(
                # TRANSLATORS: the English says "were made" for any count
                tr_n(
                    "there is no change {number} of the table: {count} were made",
                    "there is no change {number} of the table: {count} were made",
                    len(changes),
                ).format(number=index + 1, count=len(changes))
            )
        return changes[index]

    # --- files -------------------------------------------------------------------------------

    @property
    def exports(self) -> tuple[ExportKind, ...]:
        """The files the game's menu offers: no PDF where none can be made (the offline web
        app), rather than a menu entry that only refuses."""
        return exports_offered()

    def export(self, kind: ExportKind) -> None:
        """Save the open game as a score sheet (CSV), a printable pad (PDF) or its record
        (JSON): the same files as ``scorepad export``. The game itself does not change."""
        # TRANSLATORS: completes "Something went wrong while trying to …"; {format} is
        # csv, pdf or json
        with self._app.action(tr("export the game as {format}").format(format=kind.value)):
            session = self._session()
            renamed = dict(session.names.renamed)  # the names the game screen shows
            file = export_file(session.stored, kind, symbol=session.symbol, renamed=renamed)
            self.save_file(file)

    def file_saved(self, file: ExportFile, where: str | None) -> None:
        """The file went to ``where`` (a path the save dialog chose), or, in a browser
        (``None``), to the browser's downloads."""
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("report the file saved")):
            if where:
                saved = tr("Saved the {file} to {place}.").format(file=file.label, place=where)
            else:
                saved = tr("Saved the {file} as {name} (see your downloads).").format(
                    file=file.label, name=file.name
                )
            self._app.message = Message(f"{saved}{file.left_out}{self._left_out(file)}")

    def _left_out(self, file: ExportFile) -> str:
        """What a record saved mid-round does not carry: a record holds recorded rounds only,
        so the trump and bids being entered stay behind (moving a game to another device
        mid-round, the table must know to enter them again there)."""
        session = self.session
        if file.kind is not ExportKind.RECORD or session is None:
            return ""
        upcoming = session.game.next_round
        if session.editing is not None or upcoming is None or session.draft == RoundDraft():
            return ""
        # TRANSLATORS: added after "Saved the game record (JSON) …", with its leading space
        return tr(
            " Round {round}, being entered, is not in it: record it first to take it along."
        ).format(round=upcoming.number)

    def file_not_saved(self, file: ExportFile, problem: str | None) -> None:
        """The save dialog was closed without a file (``problem`` None), or saving failed."""
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("report the file not saved")):
            if problem is None:
                self._app.message = Message(tr("The {file} was not saved.").format(file=file.label))
            else:
                self._app.message = Message(
                    tr("The {file} could not be saved: {problem}. The game itself is safe.").format(
                        file=file.label, problem=say(problem)
                    ),
                    MessageKind.ERROR,
                )

    # --- undo --------------------------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        return bool(self.session and self.session.undo_steps)

    @property
    def undo_label(self) -> str | None:
        """What Undo would take back, in the reader's language ("Cat bid 3")."""
        label = self._undo_step_label
        return None if label is None else step_said(label)

    @property
    def _undo_step_label(self) -> str | None:
        """The label of the step Undo would take back, as kept (in English)."""
        if not self.session or not self.session.undo_steps:
            return None
        return self.session.undo_steps[-1].label

    def undo(self, seen: TapMeaning | None = None) -> None:
        """Take back the last action: a tap, a recorded round, a correction, a deletion, the
        end of a game or its continuation. The game keeps its steps, so this works after
        going home or a restart too."""
        # TRANSLATORS: completes "Something went wrong while trying to …"
        with self._app.action(tr("undo")):
            self._not_moved(seen)
            session = self._session()
            if session.edit_undo:
                step = session.edit_undo.pop()
                session.edit_draft = step.draft
                session.selection = None
                # TRANSLATORS: said after Undo ("undone: Cat bid 3")
                self._app.message = Message(tr("undone: {step}").format(step=step_said(step.label)))
                return
            if not session.stored.undo:
                raise ActionRefused(tr("there is nothing to undo"))
            step = session.stored.undo[-1]
            rest = session.stored.undo[:-1]
            try:
                restored = before(session.game, session.stored.draft, step)
            except ScorepadError as problem:
                self._write(None, draft=session.stored.draft, undo=rest)
                raise ActionRefused(
                    tr(
                        "{step} cannot be undone: {problem}. The game is as it was; that "
                        "step is dropped from the undo list"
                    ).format(step=step_said(step.label), problem=describe(problem))
                ) from None
            fitted = fitted_draft(restored.game, restored.draft)
            shown, entry = session.stored.draft, session.entry
            self._write(restored.game, draft=fitted.draft, undo=rest)
            session.stop_editing()
            session.changes = []
            session.show_the_likely_tab()
            note = f" {fitted.note}" if fitted.note else ""
            if entry is not None and shown is not None and undid_the_go(shown, fitted.draft):
                note += hide_again(self._app, session.stored.id, entry.number, shown.bids)
            # TRANSLATORS: said after Undo ("undone: Cat bid 3"); more may follow it
            undone = tr("undone: {step}").format(step=step_said(step.label))
            self._app.message = Message(f"{undone}{note}")


def _refuse_while_correcting(session: GameSession) -> None:
    """The table does not change while an earlier round is open for correction: saving that
    round, or cancelling it, comes first."""
    if session.editing is not None:
        raise ActionRefused(
            tr("round {round} is being corrected: save or cancel it first").format(
                round=session.editing
            )
        )
