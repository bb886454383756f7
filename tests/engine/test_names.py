"""One rule for names: what a name may hold, and when two names are the same player.

The rule (docs/rules.md): names are compared ignoring case and surrounding spaces, after
Unicode NFC normalisation, with runs of inner spaces counted as one; a name holds no control
or invisible character and has at most MAX_NAME_LENGTH characters. The same rule matches the
player list, the first dealer, the keys of bids and tricks, and the new-game form.
"""

from __future__ import annotations

import json

import pytest

from scorepad.engine import (
    DuplicateNameError,
    EmptyNameError,
    Game,
    PlayerCountError,
    PlayerError,
    RecordFormatError,
    RoundRecord,
    ScorepadError,
    StrangerError,
    UnknownPlayerError,
)
from scorepad.engine.errors import DuplicateEntryError, NameCharacterError, NameTooLongError
from scorepad.engine.names import MAX_NAME_LENGTH, checked_name, clean_name, name_key
from scorepad.ui.state.choices import ChoiceKey
from scorepad.ui.state.setup_form import SetupForm, preset_choices

UNSAFE = [
    "\n",  # newline (Cc)
    "\t",
    "\x1b",  # escape: starts terminal control sequences
    "\x7f",
    "\x9b",  # C1 control sequence introducer
    "\u200b",  # zero-width space (Cf)
    "\u200d",
    "\u202e",  # right-to-left override (Cf)
    "\u2066",  # left-to-right isolate (Cf)
    "\ufeff",  # byte order mark / zero-width no-break space
    "\u2028",  # line separator (Zl)
    "\u2029",  # paragraph separator (Zp)
    "\u3164",  # Hangul filler: a letter that draws nothing
]


def one_line(message: str) -> bool:
    return "\n" not in message and "\r" not in message and message.isprintable()


# --- what a name is ---------------------------------------------------------------------


def test_a_name_is_trimmed_normalised_and_inner_spaces_collapse() -> None:
    game = Game.start("golf", ["  Zoe   Lee ", "Bob"])
    assert game.players == ("Zoe Lee", "Bob")
    assert game.record.players == ("Zoe Lee", "Bob")
    decomposed = "Zoe\u0301"  # "e" + combining acute accent
    assert Game.start("golf", [decomposed, "Bob"]).players == ("Zo\u00e9", "Bob")


@pytest.mark.parametrize("char", UNSAFE)
def test_a_name_with_a_control_or_invisible_character_is_refused(char: str) -> None:
    with pytest.raises(NameCharacterError) as caught:
        Game.start("golf", ["Ann", f"Bo{char}b"])
    assert isinstance(caught.value, PlayerError)
    message = str(caught.value)
    assert one_line(message)
    assert "'Bo\\" in message  # the name is quoted with the character escaped
    assert char not in message


def test_a_lone_surrogate_in_a_name_is_refused_on_one_line() -> None:
    with pytest.raises(ScorepadError) as caught:
        Game.from_json('{"variant": "golf", "players": ["Bo\\udc80b", "Ann"]}')
    assert one_line(str(caught.value))


def test_surrounding_whitespace_is_dropped_not_refused() -> None:
    assert checked_name("\t Ann \n", 1) == "Ann"


def test_the_length_limit_is_a_named_constant() -> None:
    longest = "x" * MAX_NAME_LENGTH
    assert Game.start("golf", [longest, "Bob"]).players[0] == longest
    with pytest.raises(NameTooLongError, match=rf"is {MAX_NAME_LENGTH + 1} characters long"):
        Game.start("golf", [longest + "y", "Bob"])


def test_a_huge_name_gives_a_short_message() -> None:
    with pytest.raises(NameTooLongError) as caught:
        Game.start("golf", ["A" * 1_000_000, "Bob"])
    assert len(str(caught.value)) < 200


def test_names_that_differ_only_in_case_spacing_or_normal_form_are_one_player() -> None:
    assert name_key(" ANN  lee ") == name_key("ann lee")
    assert name_key("Zo\u00e9") == name_key("ZOE\u0301")
    with pytest.raises(DuplicateNameError, match="two players are called 'ZO\u00c9'"):
        Game.start("golf", ["Zo\u00e9", "ZOE\u0301"])
    with pytest.raises(EmptyNameError):
        Game.start("golf", ["Ann", "\u00a0"])  # a no-break space is only space


def test_clean_name_is_what_the_sheet_shows() -> None:
    assert clean_name(" a \u00a0 b ") == "a b"


# --- names in a record are matched by the same rule ---------------------------------------


def test_bids_tricks_and_first_dealer_name_players_by_the_rule() -> None:
    record = {
        "variant": "golf",
        "players": ["Ann", "Bob"],
        "first_dealer": " bob ",
        "rounds": [
            {
                "turned": "hearts",
                "bids": {"ANN": 0, " bob": 0},
                "tricks": {"ann ": 1, "BOB": 0},
            }
        ],
    }
    game = Game.from_data(record)
    assert game.first_dealer == "Bob"
    result = game.results[0]
    assert result.dealer == "Bob"
    assert result.bids == {"Ann": 0, "Bob": 0}
    assert result.tricks == {"Ann": 1, "Bob": 0}
    # what is stored and exported spells every name as seated
    assert game.record.first_dealer == "Bob"
    assert game.record.rounds[0].bids == {"Ann": 0, "Bob": 0}
    assert Game(game.record).sheet == game.sheet


def test_a_player_named_twice_in_one_round_is_refused() -> None:
    game = Game.start("golf", ["Ann", "Bob"], first_dealer="Bob")
    twice = RoundRecord(turned="hearts", bids={"Ann": 0, "ann": 1, "Bob": 0}, tricks={})
    with pytest.raises(DuplicateEntryError, match="a bid recorded twice for Ann"):
        game.record_round(twice)


def test_a_stranger_key_with_a_newline_gives_one_line() -> None:
    game = Game.start("golf", ["Ann", "Bob"], first_dealer="Bob")
    with pytest.raises(StrangerError) as caught:
        game.record_round(RoundRecord(turned="hearts", bids={"0\n0": 0}, tricks={}))
    assert one_line(str(caught.value))
    assert "'0\\n0'" in str(caught.value)


def test_an_unknown_first_dealer_with_control_characters_gives_one_line() -> None:
    with pytest.raises(UnknownPlayerError) as caught:
        Game.start("golf", ["Ann", "Bob"], first_dealer="Z\x1b[2Jed")
    assert one_line(str(caught.value))


@pytest.mark.parametrize(
    "round_data",
    [
        {"turned": "hearts", "bids": {"0\n0": "x"}, "tricks": {}},
        {"turned": "hearts", "bids": {"\u202e": None}, "tricks": {}},
        {"turned": "hearts", "bids": {}, "tricks": {}, "x\ny": 1},
        {"turned": "\x1b[31m", "bids": {}, "tricks": {}},
    ],
)
def test_shape_errors_quote_keys_and_values_on_one_line(round_data: dict[str, object]) -> None:
    record = {"variant": "golf", "players": ["Ann", "Bob"], "rounds": [round_data]}
    with pytest.raises(RecordFormatError) as caught:
        Game.from_json(json.dumps(record))
    assert one_line(str(caught.value)), str(caught.value)


def test_every_engine_error_is_one_line_whatever_it_is_given() -> None:
    assert str(ScorepadError("a\nb\x1b")) == "a\\nb\\x1b"


# --- the new-game form uses the same check -------------------------------------------------


def new_form() -> SetupForm:
    return SetupForm(choices=preset_choices(), variant_key=ChoiceKey.preset("golf"))


@pytest.mark.parametrize("char", ["\u200b", "\u202e", "\x1b", "\t"])
def test_the_form_refuses_what_the_engine_refuses(char: str) -> None:
    form = new_form()
    assert not form.add_player(f"Bo{char}b")
    assert form.players == []
    assert form.name_error is not None
    assert "control or invisible character" in form.name_error
    assert one_line(form.name_error)


def test_the_form_refuses_a_name_too_long_and_seats_the_clean_name() -> None:
    form = new_form()
    assert not form.add_player("x" * (MAX_NAME_LENGTH + 1))
    assert form.name_error is not None
    assert f"at most {MAX_NAME_LENGTH}" in form.name_error
    assert form.add_player("  Zoe\u0301   Lee ")
    assert form.players == ["Zo\u00e9 Lee"]
    assert not form.add_player("ZO\u00c9 LEE")
    assert form.name_error == "'ZO\u00c9 LEE' is Zo\u00e9 Lee, who is already at the table"


def test_the_player_count_is_checked_before_every_name_is() -> None:
    """A record with a million names is refused for its count, without checking each name."""
    names = [f"player\n{i}" for i in range(1_000_000)]
    with pytest.raises(PlayerCountError, match="not 1000000"):
        Game.from_data({"variant": "golf", "players": names})
