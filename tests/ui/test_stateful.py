"""Random sessions of taps on the app state, checked after every step.

A state machine plays the app the way a table does, mistakes included: new games of every
preset and of random house rules, any key of the number pad (enabled or not), corrections,
undo, edits and deletions of earlier rounds, ending early, leaving and coming back, and
closing the app and starting it again on the same folder. After every step the screen must
still draw, no bug may have been caught and logged behind a "Something went wrong" message,
and the game on disk must score, by the engine alone, to the totals on the screen.

A refused tap must say why and change nothing; an allowed one must not be refused. Those
expectations are worked out from what the screen showed before the tap (the pad's enabled
keys, the stage), the same things a player sees.
"""

from __future__ import annotations

import logging
import random
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from scorepad.engine import (
    PRESETS,
    BidMode,
    Game,
    GameRecord,
    RoundDraft,
    ScorepadError,
    Selection,
    StartingTotal,
    Suit,
    TrumpRule,
    Winner,
)
from scorepad.engine.names import checked_name, name_key
from scorepad.store.models import UNDO_KEPT, StoredGame, UndoStep
from scorepad.ui.state import (
    Field,
    GameSession,
    GameTab,
    MessageKind,
    ScorepadApp,
    Screen,
    Stage,
)
from scorepad.ui.state.game import CHANGED_ELSEWHERE
from scorepad.ui.state.table_change import preview, round_under_way, undo_label
from scorepad.ui.state.table_form import NUMBER, TableTask
from scorepad.ui.views.game import game_view
from scorepad.ui.views.home import home_view
from scorepad.ui.views.house_rules import house_rules_view
from scorepad.ui.views.new_game import new_game_view

FAST_FOLDER = "/dev/shm" if Path("/dev/shm").is_dir() else None
"""A memory-backed temp folder where there is one: every tap saves the game with fsync, which
on a busy disk costs more than everything else this test does (durability is the crash-safety
tests' job, not this one's)."""

VIEWS = {
    Screen.HOME: home_view,
    Screen.NEW_GAME: new_game_view,
    Screen.GAME: game_view,
    Screen.HOUSE_RULES: house_rules_view,
}
"""What the app's root draws for each screen (the problem screen must never show here)."""

BUG_MESSAGE = "Something went wrong"
"""What the app says when it caught an exception it did not expect: always a bug."""

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyzéøßİǅ"
name_text = st.builds(
    str.__add__,
    st.sampled_from(LETTERS),
    st.text(alphabet=[*LETTERS, " ", "-", "'", "\u0301"], max_size=9),
)
"""Player names as typed: a letter first, then perhaps runs of spaces (they collapse) and
accents typed as combining marks (the same name as the composed letter)."""


hand_sizes_text = st.one_of(
    st.sampled_from(["1-3", "2", "3-1", "1-2, 2-1", "10-1", "13", "5 4 3", "1-9, 9-1", "7-9"]),
    st.sampled_from(["2 2 2 2", "1 1 3", "3 3 3", "1 2 1 2", "4 4"]),  # deletions that fit
    st.lists(st.integers(1, 13), min_size=1, max_size=6).map(lambda s: ", ".join(map(str, s))),
    st.sampled_from(["", "ten", "0", "27", "3-"]),  # refused: the form says why
)
"""House-rule hand sizes as typed: mostly short games, so that some of them end."""

small_numbers = st.one_of(st.integers(-5, 15), st.integers(-5, 15).map(str), st.just("x"))

RULE_SETTINGS: dict[str, st.SearchStrategy[Any]] = {
    "hand_sizes": hand_sizes_text,
    "min_players": st.one_of(st.integers(2, 8), st.sampled_from(["3", "1", "60", ""])),
    "max_players": st.one_of(st.integers(2, 8), st.sampled_from(["6", "1", "60", "many"])),
    "trump_rule": st.sampled_from([rule.value for rule in TrumpRule]),
    "bid_mode": st.sampled_from([mode.value for mode in BidMode]),
    "dealer_hook": st.booleans(),
    "made_bonus": small_numbers,
    "points_per_trick_made": small_numbers,
    "points_per_trick_missed": small_numbers,
    "made_zero_bonus": st.none() | st.integers(0, 10) | st.sampled_from(["5", "", "-1", "x"]),
    "winner": st.sampled_from([winner.value for winner in Winner]),
    "stake_cents": st.none() | st.integers(0, 50) | st.sampled_from(["10", "", "-5", "x"]),
    "name": st.sampled_from(["", "   ", "Golf", " scotch bridge ", "House 1", "N" * 61]),
}
"""Each setting of the house-rules form, with the values its fields can send (typed numbers
arrive as text), including ones the form must refuse."""

TABLE_FIELDS: dict[str, st.SearchStrategy[str]] = {
    "starting": st.sampled_from([*(total.value for total in StartingTotal), NUMBER]),
    "starting_text": st.one_of(st.integers(-20, 120).map(str), st.sampled_from(["", "x", "1e3"])),
    "points_text": st.one_of(
        st.integers(-30, 30).map(str), st.sampled_from(["", "0", "x", "-", "100000"])
    ),
    "reason": st.sampled_from(["renege", "late bid", "", "   ", "x" * 121]),
}
"""The Table dialog's typed fields and pickers beside the names, with what they can send
(typed numbers arrive as text), including what the dialog must refuse."""


class ErrorLog(logging.Handler):
    """Keeps the ERROR records of the app's logger: each one is a bug the app caught."""

    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@dataclass(frozen=True)
class Before:
    """What a refused action must leave exactly as it was."""

    screen: Screen
    stored: object
    on_disk: object
    editing: int | None
    edit_draft: RoundDraft | None
    selection: Selection | None
    undo_label: str | None


@dataclass(frozen=True)
class Shown:
    """A game as the table sees it: its rounds and the round on the pad."""

    record: GameRecord
    draft: RoundDraft | None


def shown(game: Game, draft: RoundDraft | None) -> Shown:
    """``bids_shown`` only matters when bids are shown at once (a round put back on the pad
    for one-by-one bids may say it either way); an empty draft is no draft."""
    if draft is not None:
        setup = game.next_round
        if setup is not None and setup.sequential_bids:
            draft = draft.model_copy(update={"bids_shown": False})
        if draft == RoundDraft():
            draft = None
    return Shown(game.record, draft)


@dataclass(frozen=True)
class Correction:
    """An earlier round being corrected: its number, its taps to undo, its pad."""

    number: int | None
    steps: tuple[UndoStep, ...]
    draft: RoundDraft | None


@dataclass(frozen=True)
class Seen:
    undo: tuple[UndoStep, ...]
    shown: Shown


class ScorepadMachine(RuleBasedStateMachine):
    """The app on a store in a fresh folder, driven by random taps."""

    def __init__(self) -> None:
        super().__init__()
        self.root = Path(tempfile.mkdtemp(prefix="scorepad-stateful-", dir=FAST_FOLDER))
        self.errors = ErrorLog()
        logging.getLogger("scorepad.ui").addHandler(self.errors)
        self.seen: dict[str, Seen] = {}
        """Each game as the last action left it, to tell what the next one changed."""
        self.undo_model: dict[str, list[Shown]] = {}
        """Each game's states before the actions its undo steps take back, newest last."""
        self.corrections: dict[int, Correction] = {}
        """Each window's correction as the last action left it."""
        self.correction_model: dict[int, list[RoundDraft | None]] = {}
        """Each window's correction pads before the taps its undo takes back, newest last."""
        self.app = self.started()
        self.house_rules = 0
        self.pending: tuple[str, object] = ("", None)
        """The action the question on screen (``app.confirmation``) is about."""

    def teardown(self) -> None:
        """Say how far the run got (``--hypothesis-show-statistics``), then clean up."""
        logging.getLogger("scorepad.ui").removeHandler(self.errors)
        if self.app.screen is not Screen.PROBLEM:
            games = self.app.store.list_games()
            most = max((g.rounds_played for g in games), default=0)
            event(f"most rounds in a game: {'0' if most == 0 else '1-4' if most < 5 else '5+'}")
            for status in sorted({g.status for g in games}):
                event(f"a game ended {status}")
            event(f"house rules saved: {bool(self.app.store.saved_variants())}")
        shutil.rmtree(self.root, ignore_errors=True)

    # --- helpers ---------------------------------------------------------------------------

    def started(self, seed: int = 0) -> ScorepadApp:
        """The app (or another window) on the folder, every action of it watched."""
        app = ScorepadApp.open(self.root, rng=random.Random(seed))
        app.subscribe(lambda: self.track(app))
        return app

    def track(self, app: ScorepadApp) -> None:
        """After every action: a change to the game left exactly one undo step, and an undo
        took the game back to exactly what the screen showed before the action it undid."""
        session = app.game.session
        if session is None:
            return
        self.track_correction(app, session)
        stored = session.stored
        now = Seen(stored.undo, shown(stored.game, stored.draft))
        before = self.seen.get(stored.id)
        self.seen[stored.id] = now
        if before is None:
            return
        model = self.undo_model.setdefault(stored.id, [])
        undo = stored.undo
        if undo == before.undo:
            assert now.shown == before.shown, "the game changed, and undo cannot take it back"
        elif undo[:-1] == before.undo[-UNDO_KEPT + 1 :] and undo:
            model.append(before.shown)
            del model[:-UNDO_KEPT]
        elif undo == before.undo[:-1]:
            expected = model.pop() if model else None
            message = app.message.text if app.message else ""
            assert "cannot be undone" not in message, message
            if expected is not None:
                assert now.shown == expected, (
                    f"{message!r} did not restore the game as it was before that action"
                )
                event("an undo was checked")
        else:
            raise AssertionError(f"the undo steps changed unexpectedly: {before.undo} → {undo}")

    def track_correction(self, app: ScorepadApp, session: GameSession) -> None:
        """While a round is corrected its taps are undone one by one, each undo putting back
        the correction's pad exactly as it was before the tap."""
        now = Correction(session.editing, tuple(session.edit_undo), session.edit_draft)
        before = self.corrections.get(id(app))
        self.corrections[id(app)] = now
        model = self.correction_model.setdefault(id(app), [])
        if before is None or now.number is None or before.number != now.number:
            model.clear()
        elif now.steps[:-1] == before.steps and now.steps:
            model.append(before.draft)
        elif now.steps == before.steps[:-1]:
            expected = model.pop() if model else None
            if expected is not None:
                assert now.draft == expected, "undo did not put the correction back as it was"
                event("an undo while correcting was checked")
        elif now.steps != before.steps:
            model.clear()  # the round was opened afresh

    @property
    def playing(self) -> bool:
        return self.app.screen is Screen.GAME and self.app.game.session is not None

    def game_id(self) -> str:
        assert self.app.game.session is not None
        return self.app.game.session.stored.id

    def before(self) -> Before:
        session = self.app.game.session
        if session is None:
            return Before(self.app.screen, None, None, None, None, None, self.app.game.undo_label)
        on_disk = self.app.store.load_game(session.stored.id)
        return Before(
            screen=self.app.screen,
            stored=(session.stored.record, session.stored.draft, session.stored.revision),
            on_disk=(on_disk.record, on_disk.draft, on_disk.revision),
            editing=session.editing,
            edit_draft=session.edit_draft,
            selection=session.selection,
            undo_label=self.app.game.undo_label,
        )

    def assert_refused(self, before: Before, why: str) -> None:
        """The action was refused: a one-line error, and nothing changed."""
        message = self.app.message
        assert message is not None, f"expected a refusal ({why}), but nothing was said"
        assert message.kind is MessageKind.ERROR, (why, message)
        assert "\n" not in message.text, message
        assert self.before() == before, f"a refused action ({why}) changed something"

    def assert_accepted(self, what: str) -> None:
        message = self.app.message
        assert message is None or message.kind is MessageKind.INFO, (what, message)

    # --- setting up games ------------------------------------------------------------------

    @initialize(data=st.data(), rounds=st.integers(0, 4))
    def first_game(self, data: st.DataObject, rounds: int) -> None:
        """Every run starts at a table, often some rounds in (most rules need a game to tap
        on, and corrections need rounds to correct)."""
        self.start_a_new_game(data)
        self.play_rounds_through(data, rounds)

    @rule(data=st.data())
    def start_a_new_game(self, data: st.DataObject) -> None:
        self.app.go_home()
        self.app.new_game.open()
        form = self.app.new_game.form
        assert form is not None
        choice = data.draw(st.sampled_from(self.app.lists.variant_choices()), label="variant")
        self.app.new_game.choose_variant(choice.key)
        self.assert_accepted("choose a variant")
        variant = choice.variant
        count = data.draw(st.integers(variant.min_players, variant.max_players), label="players")
        typed = data.draw(
            st.lists(name_text, min_size=count, max_size=count, unique_by=name_key),
            label="names",
        )
        for name in typed:
            if data.draw(st.booleans(), label="typed in the name field"):
                self.app.new_game.type_names(f"{form.name_field.text}{name}\n")
                assert form.name_error is None, form.name_error
            else:
                assert self.app.new_game.add_player(name), form.name_error
        names = [checked_name(name, seat) for seat, name in enumerate(typed, 1)]
        assert form.players == names
        how = data.draw(st.sampled_from(["first seat", "choose", "draw"]), label="dealer")
        if how == "choose":
            self.app.new_game.choose_dealer(data.draw(st.sampled_from(names), label="dealer"))
        elif how == "draw":
            self.app.new_game.draw_dealer()
        self.change_seats(data, names)
        refused = data.draw(st.sampled_from([None, "twin", "empty"]), label="refused name")
        if refused is not None:  # a name the form must refuse, leaving the table as it is
            twin = data.draw(st.sampled_from(names)).upper() if refused == "twin" else " "
            assert not self.app.new_game.add_player(twin)
            assert form.name_error and form.players == names, form.name_error
        if variant.has_payouts and data.draw(st.booleans(), label="change the stake"):
            self.app.new_game.set_stake(data.draw(st.integers(0, 100), label="stake"))
        self.assert_accepted("set up the table")
        dealer = form.dealer
        self.app.new_game.start_game()
        self.assert_accepted("start the game")
        assert self.app.screen is Screen.GAME
        session = self.app.game.session
        assert session is not None
        assert list(session.game.players) == names
        assert session.game.variant == variant
        assert session.game.first_dealer == dealer

    def change_seats(self, data: st.DataObject, names: list[str]) -> None:
        """Move players a seat up or down, or take one away and seat them again at the end;
        ``names`` follows what the form must do."""
        form = self.app.new_game.form
        assert form is not None
        for _ in range(data.draw(st.integers(0, 3), label="seat changes")):
            name = data.draw(st.sampled_from(names), label="who")
            how = data.draw(st.sampled_from([-1, 1, 0]), label="move by (0: take away)")
            index = names.index(name)
            names.pop(index)
            if how == 0:
                self.app.new_game.remove_player(name)
                assert self.app.new_game.add_player(name), form.name_error
                names.append(name)
            else:
                self.app.new_game.move_player(name, how)
                names.insert(max(0, min(len(names), index + how)), name)
            assert form.players == names

    @precondition(lambda self: self.playing)
    @rule()
    def play_again(self) -> None:
        self.app.new_game.play_again()
        self.assert_accepted("play again")
        assert self.app.screen is Screen.NEW_GAME
        assert self.app.new_game.form is not None and self.app.new_game.form.problem is None
        self.app.new_game.start_game()
        self.assert_accepted("start the next game")

    @rule(data=st.data())
    def write_house_rules(self, data: st.DataObject) -> None:
        """Open the editor on a preset or saved rules, change settings (valid or not), save.
        Then back to the game that was open, or stay in the editor (its list of saved rules
        offers Delete)."""
        session = self.app.game.session
        self.open_the_rules_editor(data)
        form = self.app.house_rules.form
        assert form is not None
        if form.replacing is None or data.draw(st.booleans(), label="rename"):
            self.house_rules += 1
            self.app.house_rules.set_rule("name", f"House {self.house_rules}")
        changes = data.draw(
            st.lists(st.sampled_from(sorted(RULE_SETTINGS)), max_size=6), label="settings"
        )
        for setting in changes:
            self.app.house_rules.set_rule(setting, data.draw(RULE_SETTINGS[setting], label=setting))
            self.assert_accepted(f"change {setting}")
        variant = form.check()
        taken = {v.name.casefold() for v in PRESETS.values()} | {
            c.label.casefold()
            for c in self.app.lists.variant_choices()
            if c.saved and c.label != form.replacing
        }
        saved = self.app.house_rules.save()
        if variant is not None and variant.name.casefold() not in taken:
            self.assert_accepted("save valid house rules")
            assert saved is not None
            assert any(c.variant == saved for c in self.app.lists.variant_choices())
        else:
            assert saved is None
            assert self.app.message is not None
            assert self.app.message.kind is MessageKind.ERROR
        if session is not None and data.draw(st.booleans(), label="back to the game"):
            self.app.go_home()
            self.app.home.open_game(session.stored.id)
            self.assert_accepted("back to the game")

    @rule(data=st.data())
    def ask_to_delete_house_rules(self, data: st.DataObject) -> None:
        """The Delete button beside saved rules in the editor (perhaps the ones open in it)."""
        if self.app.screen is not Screen.HOUSE_RULES:
            self.open_the_rules_editor(data)
        saved = [c.label for c in self.app.lists.variant_choices() if c.saved]
        if not saved:
            return
        name = data.draw(st.sampled_from(saved))
        before = self.before()
        self.app.house_rules.ask_to_delete(name)
        self.asked(before, ("delete rules", name))

    def open_the_rules_editor(self, data: st.DataObject) -> None:
        self.app.go_home()
        start = data.draw(st.sampled_from([c.key for c in self.app.lists.variant_choices()]))
        self.app.house_rules.open(start)
        self.assert_accepted("open the house rules")
        assert self.app.house_rules.form is not None and self.app.screen is Screen.HOUSE_RULES

    @rule(data=st.data())
    def open_a_listed_game(self, data: st.DataObject) -> None:
        self.app.go_home()
        listed = self.app.home.games
        if not listed:
            return
        summary = data.draw(st.sampled_from(listed), label="game")
        self.app.home.open_game(summary.id)
        self.assert_accepted("open a listed game")
        session = self.app.game.session
        assert session is not None and session.stored.id == summary.id
        assert session.sheet.status.value == summary.status
        assert len(session.sheet.rounds) == summary.rounds_played

    # --- the pad ---------------------------------------------------------------------------

    @precondition(lambda self: self.playing)
    @rule(suit=st.sampled_from(Suit))
    def tap_a_suit(self, suit: Suit) -> None:
        assert self.app.game.session is not None
        entry = self.app.game.session.entry
        before = self.before()
        self.app.game.choose_trump(suit)
        if entry is None or not entry.setup.card_turned:
            self.assert_refused(before, "no card is turned")
            return
        self.assert_accepted(f"tap {suit}")
        after = self.app.game.session.entry
        assert after is not None and after.draft.turned is suit

    @precondition(lambda self: self.playing)
    @rule()
    def say_go(self) -> None:
        assert self.app.game.session is not None
        entry = self.app.game.session.entry
        before = self.before()
        self.app.game.say_go()
        if entry is None:
            self.assert_refused(before, "the game is over")
        else:
            self.assert_accepted("say go")

    @precondition(lambda self: self.playing)
    @rule(data=st.data())
    def tap_a_number(self, data: st.DataObject) -> None:
        assert self.app.game.session is not None
        entry = self.app.game.session.entry
        keys = {key.value: key.enabled for key in entry.pad} if entry is not None else {}
        value = data.draw(
            st.sampled_from(sorted(keys)) | st.integers(-1, 14) if keys else st.integers(0, 13),
            label="number",
        )
        before = self.before()
        self.app.game.tap_number(value)
        if not keys.get(value, False):
            self.assert_refused(before, f"key {value} is not enabled")
            return
        self.assert_accepted(f"tap {value}")
        assert self.app.game.undo_label is not None and self.app.game.undo_label.endswith(
            f" {value}"
        )

    @precondition(lambda self: self.playing)
    @rule(data=st.data())
    def pick_an_entry_to_correct(self, data: st.DataObject) -> None:
        assert self.app.game.session is not None
        players = list(self.app.game.session.game.players)
        player = data.draw(st.sampled_from([*players, "Nobody"]), label="player")
        field = data.draw(st.sampled_from(Field), label="field")
        before = self.before()
        self.app.game.select(field, player)
        if player == "Nobody" or self.app.game.session.entry is None:
            self.assert_refused(before, "no such entry")

    @precondition(lambda self: self.playing)
    @rule()
    def record_the_round(self) -> None:
        session = self.app.game.session
        assert session is not None
        entry = session.entry
        before = self.before()
        rounds = len(session.game.results)
        editing = session.editing
        self.app.game.confirm_round()
        if entry is None or entry.stage is not Stage.CONFIRM:
            self.assert_refused(before, "the round is not complete")
            return
        self.assert_accepted("record a complete round")
        assert session.editing is None
        assert len(session.game.results) == (rounds if editing else rounds + 1)

    @precondition(lambda self: self.playing)
    @rule(data=st.data())
    def tap_what_the_round_needs_next(self, data: st.DataObject) -> None:
        """One legal tap: the suit, go, an enabled key or the record button (random taps
        alone rarely get a round recorded)."""
        self.tap_forward(data)

    @precondition(lambda self: self.playing)
    @rule(data=st.data(), rounds=st.integers(1, 6))
    def play_rounds_through(self, data: st.DataObject, rounds: int) -> None:
        """Legal taps until ``rounds`` rounds are recorded or the game is over."""
        for _ in range(rounds):
            for _ in range(40):
                if not self.tap_forward(data):
                    break
            else:
                raise AssertionError("a round took more than 40 legal taps")

    def tap_forward(self, data: st.DataObject, app: ScorepadApp | None = None) -> bool:
        """The next legal tap of the round on the pad (of ``app``, another window, if given);
        False when the round was recorded or there is none."""
        app = app or self.app
        session = app.game.session
        assert session is not None
        entry = session.entry
        if entry is None:
            return False
        stage = entry.stage
        if stage is Stage.TRUMP:
            app.game.choose_trump(data.draw(st.sampled_from(Suit), label="suit"))
        elif stage is Stage.GO:
            app.game.say_go()
        elif stage is Stage.TRICKS and entry.active is None:  # a correction gave a trick
            players = entry.setup.bid_order  # to nobody: tap whoever took it
            app.game.select(Field.TRICKS, data.draw(st.sampled_from(players), label="took it"))
        elif stage in (Stage.BIDS, Stage.TRICKS):
            enabled = [key.value for key in entry.pad if key.enabled]
            app.game.tap_number(data.draw(st.sampled_from(enabled), label="number"))
        else:
            app.game.confirm_round()
        message = app.message
        assert message is None or message.kind is MessageKind.INFO, (stage, message)
        return stage is not Stage.CONFIRM

    # --- fixing mistakes -------------------------------------------------------------------

    @precondition(lambda self: self.playing)
    @rule(times=st.integers(1, 4))
    def undo(self, times: int) -> None:
        """Tap undo ``times`` times (the model in :meth:`track` checks what each restores)."""
        for _ in range(times):
            before = self.before()
            could = self.app.game.can_undo
            label = self.app.game.undo_label
            self.app.game.undo()
            if not could:
                self.assert_refused(before, "nothing to undo")
                return
            self.assert_accepted("undo")
            assert self.app.message is not None
            assert self.app.message.text.startswith(f"undone: {label}"), self.app.message

    @precondition(lambda self: self.playing)
    @rule(data=st.data())
    def edit_an_earlier_round(self, data: st.DataObject) -> None:
        session = self.app.game.session
        assert session is not None
        played = len(session.game.results)
        number = data.draw(st.integers(0, played + 1), label="round")
        before = self.before()
        self.app.game.edit_round(number)
        if not 1 <= number <= played:
            self.assert_refused(before, f"there is no round {number}")
            return
        self.assert_accepted("open a round to correct")
        assert session.editing == number and session.tab is GameTab.ROUND
        entry = session.entry
        assert entry is not None and entry.stage is Stage.CONFIRM  # as it was recorded

    @precondition(lambda self: self.playing and self.app.game.session.game.results)
    @rule(data=st.data(), taps=st.integers(1, 5))
    def correct_a_round(self, data: st.DataObject, taps: int) -> None:
        """Open an earlier round, change the suit or someone's bid or tricks (undoing now and
        then), and save the correction, cancel it, or leave it open."""
        session = self.app.game.session
        assert session is not None
        number = data.draw(st.integers(1, len(session.game.results)), label="round")
        self.app.game.edit_round(number)
        self.assert_accepted("open a round to correct")
        for _ in range(taps):
            entry = session.entry
            assert entry is not None and session.editing == number
            what = data.draw(st.sampled_from(["suit", *Field, "undo"]), label="correction")
            if what == "suit":
                if entry.setup.card_turned:
                    self.app.game.choose_trump(data.draw(st.sampled_from(Suit), label="suit"))
            elif what == "undo":
                if session.edit_undo:
                    self.app.game.undo()
            else:
                player = data.draw(st.sampled_from(entry.setup.bid_order), label="player")
                self.app.game.select(Field(what), player)
                if self.app.message is not None:  # refused (a filled-in count): fine
                    continue
                entry = session.entry
                assert entry is not None
                enabled = [key.value for key in entry.pad if key.enabled]
                if enabled:
                    self.app.game.tap_number(data.draw(st.sampled_from(enabled), label="number"))
            self.assert_accepted(f"correct: {what}")
        finish = data.draw(st.sampled_from(["save", "cancel", "leave open"]), label="then")
        entry = session.entry
        if finish == "save" and entry is not None and entry.stage is Stage.CONFIRM:
            self.app.game.confirm_round()
            self.assert_accepted("save the correction")
            assert session.editing is None
        elif finish == "cancel":
            self.app.game.cancel_edit()
            self.assert_accepted("cancel the correction")

    @precondition(lambda self: self.playing and self.app.game.session.editing is not None)
    @rule()
    def cancel_the_correction(self) -> None:
        session = self.app.game.session
        assert session is not None
        record = session.stored.record
        self.app.game.cancel_edit()
        self.assert_accepted("stop correcting")
        assert session.editing is None and session.stored.record == record

    @precondition(lambda self: self.playing)
    @rule(data=st.data())
    def ask_to_delete_a_round(self, data: st.DataObject) -> None:
        session = self.app.game.session
        assert session is not None
        number = data.draw(st.integers(0, len(session.game.results) + 1), label="round")
        before = self.before()
        refusal = None
        try:
            session.game.delete_round(number)
        except ScorepadError as problem:
            refusal = str(problem)
        if refusal is not None:  # refused at once, saying why: nothing is asked
            self.app.game.ask_to_delete_round(number)
            assert self.app.confirmation is None
            assert self.app.message is not None and self.app.message.text == refusal
            assert self.before() == before, "a refused deletion changed something"
            return
        self.app.game.ask_to_delete_round(number)
        self.asked(before, ("delete round", number))

    @precondition(lambda self: self.playing)
    @rule()
    def ask_to_end_the_game_early(self) -> None:
        before = self.before()
        self.app.game.ask_to_abandon_game()
        self.asked(before, ("end early", None))

    def asked(self, before: Before, action: tuple[str, object]) -> None:
        """A question was put: nothing happens until it is answered."""
        assert self.app.confirmation is not None
        assert self.app.message is None
        assert self.before() == before, "asking changed something"
        self.pending = action

    @precondition(lambda self: self.app.confirmation is not None)
    @rule()
    def keep_it(self) -> None:
        before = self.before()
        self.app.cancel_confirmation()
        self.assert_accepted("keep it")
        assert self.app.confirmation is None
        assert self.before() == before, "cancelling changed something"

    @rule()
    def go_ahead(self) -> None:
        """Confirm the question on screen (refused when there is none)."""
        if self.app.confirmation is None:
            before = self.before()
            self.app.confirm()
            self.assert_refused(before, "nothing to confirm")
            return
        what, argument = self.pending
        if what == "delete rules":
            editing = self.app.house_rules.form.replacing if self.app.house_rules.form else None
            self.app.confirm()
            self.assert_accepted("delete house rules")
            assert all(c.label != argument for c in self.app.lists.variant_choices())
            if editing == argument:  # the rules open in the editor are gone: back home
                assert self.app.house_rules.form is None and self.app.screen is Screen.HOME
        elif what == "delete round":
            assert isinstance(argument, int)
            self.confirm_deleting_round(argument)
        elif what == "take out change":
            assert isinstance(argument, int) and self.app.game.session is not None
            changes = self.app.game.session.game.record.changes
            self.app.confirm()
            self.assert_accepted("take out a change of the table")
            after = self.app.game.session.game.record.changes
            assert after == changes[:argument] + changes[argument + 1 :]
            event("a change of the table was taken out")
        else:
            self.confirm_ending_early()
        assert self.app.confirmation is None

    def confirm_deleting_round(self, number: int) -> None:
        session = self.app.game.session
        assert session is not None
        played = len(session.game.results)
        before = self.before()
        self.app.confirm()
        if not 1 <= number <= played:
            self.assert_refused(before, f"there is no round {number}")
            return
        message = self.app.message
        if message is not None and message.kind is MessageKind.ERROR:
            assert number < played, f"deleting the last round always works: {message}"
            self.assert_refused(before, "a later round no longer fits")
            return
        assert len(session.game.results) == played - 1
        assert self.app.game.undo_label == f"delete round {number}"

    def confirm_ending_early(self) -> None:
        session = self.app.game.session
        assert session is not None
        status = session.sheet.status.value
        before = self.before()
        self.app.confirm()
        if status != "in_progress":
            self.assert_refused(before, f"the game is {status}")
            return
        self.assert_accepted("end early")
        assert session.sheet.status.value == "abandoned" and session.can_continue

    @precondition(lambda self: self.playing)
    @rule()
    def continue_the_game(self) -> None:
        session = self.app.game.session
        assert session is not None
        could = session.can_continue
        before = self.before()
        self.app.game.continue_game()
        if not could:
            self.assert_refused(before, "the game was not ended early")
            return
        self.assert_accepted("continue the game")
        assert session.sheet.status.value == "in_progress" and not session.can_continue

    @precondition(lambda self: self.playing)
    @rule(tab=st.sampled_from(GameTab))
    def switch_tab(self, tab: GameTab) -> None:
        self.app.game.show_tab(tab)
        self.assert_accepted("switch tab")

    # --- the table changes --------------------------------------------------------------------

    @precondition(lambda self: self.playing)
    @rule(data=st.data(), task=st.sampled_from(TableTask))
    def change_the_table(self, data: st.DataObject, task: TableTask) -> None:
        """Someone joins, leaves, takes over a seat, sits out or has points adjusted, through
        the Table dialog, its fields filled in as a scorekeeper might (or not at all)."""
        self.app.game.open_table_form(task)
        self.assert_accepted("open the Table dialog")
        self.fill_in_and_confirm_the_table_form(data, as_meant=False)

    @precondition(lambda self: self.playing)
    @rule(data=st.data(), task=st.sampled_from(TableTask))
    def change_the_table_as_meant(self, data: st.DataObject, task: TableTask) -> None:
        """The same, each field the task needs filled in with something that makes sense (a
        new name, a player at the table, points and a reason): most are made, and the rules
        still refuse some (one player left, a hand the deck cannot deal)."""
        self.app.game.open_table_form(task)
        self.assert_accepted("open the Table dialog")
        self.fill_in_and_confirm_the_table_form(data, as_meant=True)

    @precondition(lambda self: self.playing and self.app.game.session.game.record.changes)
    @rule(data=st.data())
    def correct_a_table_change(self, data: st.DataObject) -> None:
        """Open a change from the sheet's list and save it with some fields changed."""
        session = self.app.game.session
        assert session is not None
        changes = session.game.record.changes
        index = data.draw(st.integers(0, len(changes)), label="change")
        before = self.before()
        self.app.game.edit_change(index)
        if index == len(changes) or session.editing is not None:
            self.assert_refused(before, f"change {index + 1} cannot be opened")
            return
        self.assert_accepted("open a change to correct")
        form = session.table_form
        assert form is not None and form.correcting == index
        assert form.change(after=len(session.game.results)) == changes[index], "filled in as made"
        self.fill_in_and_confirm_the_table_form(data, as_meant=data.draw(st.booleans()))

    def fill_in_and_confirm_the_table_form(self, data: st.DataObject, *, as_meant: bool) -> None:
        """Set some of the open dialog's fields (``as_meant``: those its task needs, with
        values that make sense), then confirm: the change is made exactly when its preview
        said it could be (as one undo step), else the dialog keeps its reason or the message
        says why, and nothing changed."""
        session = self.app.game.session
        assert session is not None and session.table_form is not None
        choices = list(self.app.game.table_choices())
        if as_meant:
            taken = {name_key(name) for name in session.sheet.players}
            newcomer = name_text.filter(lambda name: name_key(checked_name(name, 1)) not in taken)
            at_table = st.sampled_from(choices)
            fields = {
                TableTask.JOIN: {"name": newcomer, "left_of": at_table},
                TableTask.TAKE_OVER: {"player": at_table, "name": newcomer},
                TableTask.LEAVE: {"player": at_table},
                TableTask.SIT_OUT: {"player": at_table},
                TableTask.ADJUST: {
                    "player": at_table,
                    "points_text": st.integers(-30, 30).filter(bool).map(str),
                    "reason": st.just("renege"),
                },
            }[session.table_form.task]
            chosen = sorted(fields)
        else:
            names = st.sampled_from([*choices, "", "Nobody"])
            pickers = {"player": names, "left_of": names, "name": name_text | names}
            fields = {**pickers, **TABLE_FIELDS}
            chosen = data.draw(
                st.lists(st.sampled_from(sorted(fields)), unique=True), label="fields"
            )
        self.app.game.edit_table_form(**{key: data.draw(fields[key], label=key) for key in chosen})
        self.assert_accepted("fill in the Table dialog")
        form = session.table_form
        said, can = self.app.game.table_preview()
        before = self.before()
        changes = session.game.record.changes
        made = (
            preview(session.game, form.change(len(session.game.results)), form.correcting).made
            if can
            else None
        )
        under_way = form.correcting is None and round_under_way(session.stored.draft)
        self.app.game.confirm_table_form()
        if not can:
            assert session.table_form is form and form.error == said, "the dialog keeps why"
            assert self.before() == before, "a refused change of the table changed something"
            return
        assert session.table_form is None
        if session.editing is not None or under_way:
            self.assert_refused(before, "the table changes between rounds")
            return
        self.assert_accepted("change the table")
        assert made is not None and self.app.message is not None
        assert self.app.message.text == said, "the message is what the preview said"
        if form.correcting is None:
            assert made in session.game.record.changes
            assert len(session.game.record.changes) == len(changes) + 1
            assert self.app.game.undo_label == undo_label(made)
            event("the table changed")
        else:
            assert session.game.record.changes[form.correcting] == made
            event("a change of the table was corrected")

    @precondition(lambda self: self.playing and self.app.game.session.game.record.changes)
    @rule(data=st.data())
    def ask_to_take_out_a_table_change(self, data: st.DataObject) -> None:
        session = self.app.game.session
        assert session is not None
        index = data.draw(st.integers(0, len(session.game.record.changes) - 1), label="change")
        before = self.before()
        refusal = None
        try:
            session.game.delete_change(index)
        except ScorepadError as problem:
            refusal = str(problem)
        self.app.game.ask_to_remove_change(index)
        if session.editing is not None:
            self.assert_refused(before, "a round is being corrected")
        elif refusal is not None:  # refused at once, saying why: nothing is asked
            assert self.app.confirmation is None
            assert self.app.message is not None and self.app.message.text == refusal
            assert self.before() == before, "a refused removal changed something"
        else:
            self.asked(before, ("take out change", index))

    # --- leaving and coming back -------------------------------------------------------------

    @precondition(lambda self: self.playing)
    @rule()
    def leave_and_reopen(self) -> None:
        game_id = self.game_id()
        assert self.app.game.session is not None
        stored = self.app.game.session.stored
        correcting = self.app.game.unsaved_correction
        self.app.go_home()
        if correcting is not None:  # leaving drops the correction: asked first
            assert self.app.confirmation is not None
            self.app.confirm()
            stored = self.app.store.load_game(game_id)
        self.assert_accepted("go home")
        assert self.app.game.session is None and self.app.screen is Screen.HOME
        assert game_id in {g.id for g in self.app.home.games}
        self.app.home.open_game(game_id)
        self.assert_accepted("reopen the game")
        self.assert_reopened_as(stored)

    @precondition(lambda self: self.playing)
    @rule(data=st.data(), taps=st.integers(1, 12), undos=st.integers(0, 2))
    def another_window_changes_the_game(self, data: st.DataObject, taps: int, undos: int) -> None:
        """The same game open in a second window, which taps on (and perhaps undoes); the
        first window's next tap is refused as "changed elsewhere" and shows the game as the
        other window left it, undo steps included."""
        game_id = self.game_id()
        other = self.started(seed=1)
        other.home.open_game(game_id)
        assert other.game.session is not None and other.screen is Screen.GAME, other.message
        for _ in range(taps):
            if not self.tap_forward(data, other):
                break
        for _ in range(undos):
            if other.game.can_undo:
                other.game.undo()
                assert other.message is not None and other.message.kind is MessageKind.INFO
        session = self.app.game.session
        assert session is not None
        on_disk = self.app.store.load_game(game_id)
        if on_disk.revision == session.stored.revision:
            return  # nothing changed after all
        entry = session.entry
        if entry is None or (session.editing is not None and entry.stage is not Stage.CONFIRM):
            self.app.go_home()  # nothing to save here: come back to the game instead
            if self.app.confirmation is not None:  # leaving drops the correction: say so
                self.app.confirm()
            self.app.home.open_game(game_id)
        else:  # saving the round on the pad, or the correction, finds the game changed
            if session.editing is not None:
                self.app.game.confirm_round()
            else:
                self.app.game.say_go()
            message = self.app.message
            assert message is not None and message.kind is MessageKind.ERROR
            assert message.text.startswith(CHANGED_ELSEWHERE), message
        stored = self.app.store.load_game(game_id)
        assert stored.revision == on_disk.revision, "the stale window wrote over the game"
        self.assert_reopened_as(stored)

    @rule()
    def restart_the_app(self) -> None:
        """Close the app and start it again on the same folder, reopening the game."""
        session = self.app.game.session
        self.app = self.started()
        assert self.app.screen is Screen.HOME, self.app.store_problem
        if session is None:
            return
        self.app.home.open_game(session.stored.id)
        self.assert_accepted("reopen the game after a restart")
        self.assert_reopened_as(session.stored)

    def assert_reopened_as(self, stored: StoredGame) -> None:
        """The game opened again as it was left: rounds, the round being entered, and what
        undo offers (taps on an unsaved correction are gone with the correction)."""
        session = self.app.game.session
        assert session is not None and self.app.screen is Screen.GAME
        assert (session.stored.record, session.stored.draft) == (stored.record, stored.draft)
        assert session.stored.undo == stored.undo
        assert self.app.game.undo_label == (stored.undo[-1].label if stored.undo else None)

    # --- after every step --------------------------------------------------------------------

    @invariant()
    def no_bug_was_caught(self) -> None:
        messages = [self.app.message.text] if self.app.message else []
        assert not any(BUG_MESSAGE in text for text in messages), messages
        assert not self.errors.records, "\n".join(
            logging.Formatter().format(record) for record in self.errors.records
        )
        assert self.app.screen is not Screen.PROBLEM, self.app.store_problem

    @invariant()
    def the_screen_draws(self) -> None:
        """The real view of the current screen builds, on a phone and on a desktop, and
        everything it reads can be worked out."""
        app = self.app
        VIEWS[app.screen](app, 360 if app.revision % 2 else 1024)
        if app.screen is Screen.HOME:
            for listed in app.home.games:  # the list is a cache: it must say what the games say
                sheet = app.store.load_game(listed.id).game.sheet
                assert (listed.status, listed.rounds_played) == (
                    sheet.status.value,
                    len(sheet.rounds),
                )
                assert (listed.leaders, listed.winners) == (sheet.leaders, sheet.winners)
        elif app.screen is Screen.NEW_GAME:
            setup = app.new_game.form
            assert setup is not None
            _ = (
                setup.schedule_line,
                setup.problem,
                setup.stake_line,
                setup.dealer,
                app.lists.roster(),
            )
        elif app.screen is Screen.HOUSE_RULES:
            rules = app.house_rules.form
            assert rules is not None
            _ = (rules.values, rules.errors, rules.sizes_text, app.lists.variant_choices())
        elif app.screen is Screen.GAME:
            session = app.game.session
            assert session is not None
            entry = session.entry
            if entry is not None:
                _ = (entry.stage, entry.lines, entry.pad, entry.pad_note, entry.balance)
                _ = (entry.trump, entry.active, entry.setup, entry.editing, entry.draft)
                if entry.stage is Stage.TRICKS and entry.active is None:  # a trick given to
                    assert entry.editing and entry.pad == ()  # nobody: tap whoever took it
                    assert entry.missing and "given to nobody" in entry.missing
                elif entry.stage in (Stage.BIDS, Stage.TRICKS):
                    assert any(key.enabled for key in entry.pad), "the pad has no key to tap"
            else:
                assert session.editing is None
            sheet = session.sheet
            _ = (
                sheet.standings,
                sheet.rounds,
                sheet.settlement,
                app.game.can_undo,
                app.game.undo_label,
            )

    @invariant()
    def the_stored_game_scores_to_the_screen(self) -> None:
        session = self.app.game.session
        if session is None:
            return
        stored = self.app.store.load_game(session.stored.id)
        assert stored.record == session.stored.record
        assert stored.draft == session.stored.draft
        game = Game(stored.record)
        sheet = game.sheet
        assert sheet.totals == session.sheet.totals
        assert sheet.standings == session.sheet.standings
        assert sheet.status == session.sheet.status
        if stored.draft is not None and game.next_round is not None:
            game.check_draft(stored.draft)  # the round being entered fits the next round


LONG = settings.get_current_profile_name() == "long"

TestScorepadApp = ScorepadMachine.TestCase
TestScorepadApp.settings = (
    settings(max_examples=150, stateful_step_count=60)
    if LONG
    else settings(max_examples=25, stateful_step_count=30)
)
if LONG:  # a hunt takes many minutes: more than the suite's per-test timeout
    pytestmark = pytest.mark.timeout(3600)
