"""Starting a game and writing house rules: every bad input explained where it happened."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorepad.engine import GOLF, BidMode
from scorepad.store import atomic, open_store
from scorepad.ui.state import ChoiceKey, ScorepadApp, Screen
from tests.ui.driving import play_round, start


def test_names_are_checked_as_they_are_added(app: ScorepadApp) -> None:
    app.new_game.open()
    form = app.new_game.form
    assert form is not None
    assert not app.new_game.add_player("   ")
    assert form.name_error == "type a name first"
    assert app.new_game.add_player(" Ann ")
    assert not app.new_game.add_player("ann")
    assert form.name_error == "'ann' is Ann, who is already at the table"
    assert form.players == ["Ann"]


def test_the_roster_offers_only_people_not_yet_seated_by_the_same_name_rule(
    app: ScorepadApp,
) -> None:
    app.new_game.open()
    form = app.new_game.form
    assert form is not None
    assert app.new_game.add_player("Ann")
    assert form.not_seated([" ANN ", "Bob", "Zo\u00e9"]) == ["Bob", "Zo\u00e9"]


def test_player_limits_and_the_schedule_are_shown_before_starting(app: ScorepadApp) -> None:
    app.new_game.open()
    form = app.new_game.form
    assert form is not None
    app.new_game.choose_variant(ChoiceKey.preset("golf"))
    assert form.schedule_line == "Golf is for 2 to 8 players"
    for name in ["A", "B", "C", "D", "E", "F"]:
        app.new_game.add_player(name)
    assert form.schedule_line == "Golf, 6 players: 16 rounds: 1…8…1"
    assert form.stake_line == "each set costs 5¢, paid to the winner"
    app.new_game.choose_variant(ChoiceKey.preset("scotch-bridge"))
    assert form.problem == "Scotch Bridge needs exactly 4 players, not 6"
    app.new_game.start_game()
    assert app.screen is Screen.NEW_GAME
    assert app.message is not None and "exactly 4 players, not 6" in app.message.text
    assert app.store.list_games() == []
    app.new_game.remove_player("E")
    app.new_game.remove_player("F")
    assert form.problem is None
    assert form.stake_line is None


def test_moving_a_player_no_longer_seated_is_refused_and_changes_nothing(
    app: ScorepadApp,
) -> None:
    """A late tap on a removed player's arrow: it said "Something went wrong (ValueError)"."""
    app.new_game.open(players=["Ann", "Bob", "Cat"])
    form = app.new_game.form
    assert form is not None
    app.new_game.remove_player("Bob")
    app.new_game.move_player("Bob", -1)
    assert app.message is not None
    assert app.message.text == "'Bob' is not at the table"
    assert form.players == ["Ann", "Cat"]


def test_seating_order_and_the_first_dealer(app: ScorepadApp) -> None:
    app.new_game.open(players=["Ann", "Bob", "Cat"])
    form = app.new_game.form
    assert form is not None
    app.new_game.move_player("Cat", -2)
    assert form.players == ["Cat", "Ann", "Bob"]
    app.new_game.move_player("Cat", 2)
    assert form.players == ["Ann", "Bob", "Cat"]
    assert form.dealer == "Ann"
    app.new_game.draw_dealer()
    assert form.dealer in form.players
    assert app.message is not None and f"{form.dealer} drew high card" in app.message.text
    app.new_game.choose_dealer("Cat")
    app.new_game.start_game()
    session = app.game.session
    assert session is not None and session.game.first_dealer == "Cat"
    assert [p.name for p in app.store.roster()] == ["Ann", "Bob", "Cat"]


def test_the_golf_stake_is_a_table_setting(app: ScorepadApp) -> None:
    app.new_game.open(players=["Ann", "Bob"], variant=ChoiceKey.preset("golf"))
    app.new_game.set_stake(25)
    app.new_game.start_game()
    assert app.game.session is not None and app.game.session.sheet.stake_cents == 25


def test_house_rules_are_checked_inline_saved_and_playable(app: ScorepadApp) -> None:
    app.house_rules.open(ChoiceKey.preset("golf"))
    form = app.house_rules.form
    assert form is not None
    assert form.values["name"] == "Golf (house rules)"
    assert form.sizes_text == "1-9, 9-1"
    app.house_rules.set_rule("bid_mode", BidMode.SIMULTANEOUS)
    assert "needs one-by-one bidding" in form.errors["dealer_hook"]
    assert app.house_rules.save() is None
    assert app.message is not None and app.message.kind == "error"
    app.house_rules.set_rule("dealer_hook", False)
    app.house_rules.set_rule("hand_sizes", "3-1")
    app.house_rules.set_rule("stake_cents", "10")
    app.house_rules.set_rule("name", "Quick Golf")
    assert form.errors == {}
    saved = app.house_rules.save()
    assert saved is not None and saved.hand_sizes == (3, 2, 1)
    assert [v.name for v in app.store.saved_variants()] == ["Quick Golf"]
    app.house_rules.set_rule("max_players", "x")
    assert "max_players" in form.errors

    app.new_game.open(players=["Ann", "Bob"], variant=ChoiceKey.saved("Quick Golf"))
    assert app.new_game.form is not None
    assert app.new_game.form.schedule_line == "Quick Golf, 2 players: 3 rounds: 3…1"
    app.new_game.start_game()
    for _ in range(3):
        play_round(app)
    session = app.game.session
    assert session is not None and session.sheet.finished
    assert session.game.variant.stake_cents == 10
    assert session.game.variant.bid_mode is BidMode.SIMULTANEOUS


def test_editing_a_saved_variant_replaces_it(app: ScorepadApp) -> None:
    app.store.save_variant(GOLF.with_changes(name="Dime Golf", stake_cents=10))
    app.house_rules.open(ChoiceKey.saved("Dime Golf"))
    assert app.house_rules.form is not None and app.house_rules.form.values["name"] == "Dime Golf"
    app.house_rules.set_rule("stake_cents", 20)
    app.house_rules.save()
    assert [(v.name, v.variant.stake_cents) for v in app.store.saved_variants()] == [
        ("Dime Golf", 20)
    ]
    app.house_rules.delete("Dime Golf")
    assert app.store.saved_variants() == []
    assert app.screen is Screen.HOME


def test_a_damaged_game_is_listed_and_recovered_from_the_app(
    app: ScorepadApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(atomic, "BACKUP_SPACING_NS", 0)
    app.new_game.open(players=["Ann", "Bob"], variant=ChoiceKey.preset("golf"))
    app.new_game.start_game()
    play_round(app)
    session = app.game.session
    assert session is not None
    path = app.store.game_path(session.stored.id)  # type: ignore[attr-defined]
    path.write_bytes(path.read_bytes()[:40])
    app.go_home()
    assert [g.status for g in app.home.games] == ["damaged"]
    app.problem.recover()
    assert app.message is not None and app.message.text.startswith("Recovered 1 file")
    assert [(g.status, g.rounds_played) for g in app.home.games] == [("in_progress", 0)]


def test_the_name_field_clears_on_adding_and_keeps_a_refused_name(app: ScorepadApp) -> None:
    app.new_game.open()
    form = app.new_game.form
    assert form is not None
    app.new_game.type_names("Ann")
    assert app.new_game.add_typed()
    assert form.name_field.text == ""  # cleared in the same update that seats Ann
    app.new_game.type_names("ann")
    assert not app.new_game.add_typed()
    assert form.name_field.text == "ann"  # kept, to be corrected
    assert form.name_error == "'ann' is Ann, who is already at the table"


def test_each_line_of_the_name_field_seats_a_player_as_its_enter_arrives(
    app: ScorepadApp,
) -> None:
    """Enter is a newline the device types itself: the app never empties the field while
    it is typed in, so keys right after an Enter cannot be lost."""
    app.new_game.open()
    form = app.new_game.form
    assert form is not None
    for text in ("A", "An", "Ann", "Ann\n", "Ann\nB", "Ann\nBob van der\n", "Ann\nBob van der\nC"):
        app.new_game.type_names(text)
    assert form.players == ["Ann", "Bob van der"]  # as typed: no capital forced on "van der"
    assert form.name_text == "C"
    assert form.name_field.text == "Ann\nBob van der\nC"  # the device's text, untouched
    app.new_game.leave_name_field()  # nobody types now: the field keeps what it shows
    assert form.name_field.text == "C" and form.players == ["Ann", "Bob van der"]


def test_a_burst_of_names_pasted_or_sent_at_once_seats_them_all(app: ScorepadApp) -> None:
    app.new_game.open()
    form = app.new_game.form
    assert form is not None
    app.new_game.type_names("Ann\r\nBob\n\nCat\nann\nDan")
    assert form.players == ["Ann", "Bob", "Cat"]  # a blank line is no name
    assert form.name_error == "'ann' is Ann, who is already at the table"
    assert form.name_text == "Dan"


def test_backspace_after_enter_brings_the_name_back_to_fix(app: ScorepadApp) -> None:
    app.new_game.open()
    form = app.new_game.form
    assert form is not None
    app.new_game.type_names("Ann\nBob\n")
    app.new_game.type_names("Ann\nBob")  # Backspace over the newline: Bob is in the field
    assert form.players == ["Ann"]
    app.new_game.type_names("Ann\nBobby\n")
    assert form.players == ["Ann", "Bobby"]
    # select all and type (the field shows one line): nothing already seated is unseated
    app.new_game.type_names("C")
    assert form.players == ["Ann", "Bobby"]
    app.new_game.type_names("Cat\n")
    assert form.players == ["Ann", "Bobby", "Cat"]


def test_names_past_the_variant_s_limit_are_refused_by_name(app: ScorepadApp) -> None:
    app.new_game.open(variant=ChoiceKey.preset("scotch-bridge"))
    form = app.new_game.form
    assert form is not None
    app.new_game.type_names("Ann\nBob\nCat\nDan\nEve\n")
    assert form.players == ["Ann", "Bob", "Cat", "Dan"]
    assert form.name_error == "'Eve' was not added: Scotch Bridge is for at most 4 players"


def test_a_number_of_thousands_of_digits_is_refused_in_one_short_line(
    app: ScorepadApp,
) -> None:
    """It was "Something went wrong (ValueError)": Python will not convert 4,300+ digits."""
    app.house_rules.open()
    form = app.house_rules.form
    assert form is not None
    app.house_rules.set_rule("made_bonus", "9" * 5000)
    assert app.message is None
    reason = form.errors["made_bonus"]
    assert reason == "at most 1000 points"
    app.house_rules.set_rule("made_bonus", "12")
    assert form.errors == {}


def test_saved_house_rules_describe_themselves_not_the_preset_copied(app: ScorepadApp) -> None:
    """ "Oh Hell our way" (14 rounds, bids one by one, hook), copied from Mormon Bridge, read
    "10 rounds, 10 cards down to 1; bids shown at once…" on the tile, in the catalogue,
    backups and exports."""
    app.house_rules.open(ChoiceKey.preset("mormon-bridge"))
    for setting, value in [
        ("name", "Oh Hell our way"),
        ("hand_sizes", "7-1, 2-8"),
        ("bid_mode", BidMode.SEQUENTIAL_FROM_LEFT.value),
        ("dealer_hook", True),
    ]:
        app.house_rules.set_rule(setting, value)
    assert app.house_rules.save() is not None, app.message
    app.new_game.open()
    form = app.new_game.form
    assert form is not None
    (ours,) = [choice for choice in form.choices if choice.label == "Oh Hell our way"]
    described = ours.description()
    assert described.startswith("2–8 players; 14 rounds (7…1, 2…8), never one trump twice running;")
    assert "bids from the dealer's left, dealer hooked" in described
    assert "10 rounds" not in described and "at once" not in described
    stored = json.loads((app.store.root / "catalogue.json").read_text())
    assert "summary" not in json.dumps(stored["house_rules"])
    assert "summary" not in json.dumps(app.store.backup()["house_rules"])


@pytest.mark.parametrize(
    ("setting", "typed", "says"),
    [
        ("min_players", "-1", "Fewest players: at least 2 players"),
        ("max_players", "99", "Most players: at most 51 players"),
        ("stake_cents", "-5", "Stake per set: at least 0 cents"),
        ("made_bonus", "ten", "Bonus for a made bid: 'ten' is not a whole number of points"),
        ("hand_sizes", "", "Cards per player: type the cards each round, like 10-1"),
        (
            "hand_sizes",
            "1-30",
            "Cards per player: a hand holds at most 26 cards (two players share the 52): "
            "27…30 are too many",
        ),
        ("min_players", "9", "Fewest players: 9 is more than Most players (8)"),
    ],
)
def test_the_house_rules_form_speaks_a_player_s_words(
    app: ScorepadApp, setting: str, typed: str, says: str
) -> None:
    """It said "Input should be greater than or equal to 2 (got -1)", "Tuple should have at
    least 1 item after validation", answered "1-30" with "less than or equal to 26 (got 27)"
    and named settings as `max_players` or `stake_cents`."""
    app.house_rules.open(ChoiceKey.preset("golf"))
    form = app.house_rules.form
    assert form is not None
    app.house_rules.set_rule(setting, typed)
    assert form.problems == [says]
    app.house_rules.save()
    assert app.message is not None and app.message.text == says  # Save says the same


@given(
    st.dictionaries(
        st.sampled_from(["min_players", "max_players", "made_bonus", "stake_cents", "hand_sizes"]),
        st.one_of(st.integers(-2000, 200_000).map(str), st.sampled_from(["", "x", "3-", "0"])),
        min_size=1,
    ),
    st.booleans(),
)
def test_no_house_rules_message_names_a_setting_as_the_code_does(
    typed: dict[str, str], simultaneous: bool
) -> None:
    app = ScorepadApp(open_store(Path(tempfile.mkdtemp()) / "data"))
    app.house_rules.open(ChoiceKey.preset("golf"))
    form = app.house_rules.form
    assert form is not None
    if simultaneous:
        app.house_rules.set_rule("bid_mode", BidMode.SIMULTANEOUS.value)
    for setting, text in typed.items():
        app.house_rules.set_rule(setting, text)
    for problem in form.problems:
        assert "_" not in problem, problem
        assert "Input should" not in problem and "should have" not in problem, problem


def test_a_taken_name_is_refused_at_the_field_as_it_is_typed(app: ScorepadApp) -> None:
    app.store.save_variant(GOLF.with_changes(name="Quick Golf", hand_sizes=(1, 2)))
    app.house_rules.open(ChoiceKey.preset("golf"))
    form = app.house_rules.form
    assert form is not None
    app.house_rules.set_rule("name", "golf")
    assert form.errors["name"] == "Golf is a preset's name: give your house rules their own"
    app.house_rules.set_rule("name", "quick golf ")
    assert (
        form.errors["name"] == "there are house rules called Quick Golf already: pick another name"
    )
    app.house_rules.set_rule("name", "Quick Golf 2")
    assert "name" not in form.errors
    # editing saved rules, their own name is theirs
    app.house_rules.open(ChoiceKey.saved("Quick Golf"))
    assert app.house_rules.form is not None and app.house_rules.form.errors == {}


def screen_of(app: ScorepadApp) -> Screen:
    """The screen on show (read through a call, so a type checker does not pin it)."""
    return app.screen


def test_leaving_edited_house_rules_asks_first(app: ScorepadApp) -> None:
    app.house_rules.open(ChoiceKey.preset("golf"))
    app.go_home()  # nothing changed: leaves at once
    assert screen_of(app) is Screen.HOME
    app.house_rules.open(ChoiceKey.preset("golf"))
    app.house_rules.set_rule("made_bonus", "12")
    app.go_home()
    assert screen_of(app) is Screen.HOUSE_RULES and app.confirmation is not None
    assert app.confirmation.question == "Leave Golf (house rules) without saving?"
    app.cancel_confirmation()
    assert screen_of(app) is Screen.HOUSE_RULES
    app.house_rules.open(ChoiceKey.preset("mormon-bridge"))  # another copy: asks too
    assert app.confirmation is not None
    app.confirm()
    form = app.house_rules.form
    assert form is not None and form.values["name"] == "Mormon Bridge (house rules)"
    app.house_rules.set_rule("made_bonus", "12")
    assert app.house_rules.save() is not None
    app.go_home()  # saved: nothing to lose
    assert screen_of(app) is Screen.HOME
    app.house_rules.open(ChoiceKey.preset("golf"))
    app.house_rules.set_rule("made_bonus", "12")
    app.routes.open("/")  # the browser's back cannot wait for an answer: it says so
    assert screen_of(app) is Screen.HOME
    assert app.message is not None
    assert app.message.text == "The changes to Golf (house rules) were not saved"


def test_a_game_keeps_its_copy_of_changed_house_rules_and_says_so(app: ScorepadApp) -> None:
    app.store.save_variant(GOLF.with_changes(name="Quick Golf", hand_sizes=(1, 2, 3)))
    start(app, "saved:Quick Golf", ["Ann", "Bob"])
    session = app.game.session
    assert session is not None and session.rules_note is None
    app.go_home()
    app.house_rules.open(ChoiceKey.saved("Quick Golf"))
    app.house_rules.set_rule("hand_sizes", "1-5")
    assert app.house_rules.save() is not None
    app.home.open_game(app.store.list_games()[0].id)
    session = app.game.session
    assert session is not None
    assert len(session.game.schedule) == 3  # played by the rules it started with
    assert session.rules_note == (
        "Played with its own copy of Quick Golf: the house rules were changed after this "
        "game started, and the changes apply to new games only."
    )
