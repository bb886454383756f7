"""The app state's shape: one controller per screen, typed choice keys, typed refusals."""

from __future__ import annotations

import importlib
import random
from pathlib import Path

import pytest

import scorepad.ui.views
from scorepad.engine import GOLF, PRESETS
from scorepad.store import StoreUnreadableError
from scorepad.ui.state import (
    ActionRefused,
    ChoiceKey,
    ChoiceKind,
    GameController,
    Home,
    HouseRules,
    NewGame,
    ScorepadApp,
    Screen,
)
from scorepad.ui.state.player_page import PlayerPage
from scorepad.ui.state.players import Players
from scorepad.ui.state.screens import SCREENS
from scorepad.ui.state.setup_form import SetupForm, preset_choices
from tests.ui.driving import play_round, start


def public_members(cls: type) -> set[str]:
    return {name for name in vars(cls) if not name.startswith("_")}


def test_each_screen_has_its_controller_and_the_app_is_only_the_shell(app: ScorepadApp) -> None:
    """A newcomer finds a screen's behaviour by its name; the app keeps only what every
    screen shares (it had 41 public members, every screen's actions among them)."""
    assert isinstance(app.home, Home)
    assert isinstance(app.new_game, NewGame)
    assert isinstance(app.game, GameController)
    assert isinstance(app.house_rules, HouseRules)
    assert isinstance(app.players, Players)
    assert isinstance(app.player_page, PlayerPage)
    shell = public_members(ScorepadApp)
    assert shell == {
        "open",
        "store",
        "reader",
        "reopen_store",
        "subscribe",
        "action",
        "refresh",
        "dismiss_message",
        "toggle_theme",
        "go_home",
        "go_home_now",
        "show_home",
        "show_viewer",
        "ask",
        "confirm",
        "cancel_confirmation",
        "saved",
        "on_saved",
        "warn",
        "seat_store",
        "viewer",
    }
    assert "tap_number" in public_members(GameController)
    assert "undo" in public_members(GameController)


@pytest.mark.parametrize("screen", list(Screen), ids=str)
def test_a_screen_has_one_name_in_every_layer(app: ScorepadApp, screen: Screen) -> None:
    """The screen ``x`` is ``app.x``, a class of ``ui/state/x.py``, drawn by ``x_view`` in
    ``ui/views/x.py``, with one row in ``SCREENS``: a newcomer who knows a screen's name
    finds every file of it, and a screen added in one layer only fails here."""
    controller = getattr(app, screen.value, None)
    assert controller is not None, f"ScorepadApp has no {screen.value!r} controller"
    assert type(controller).__module__ == f"scorepad.ui.state.{screen.value}", (
        f"app.{screen.value} is a {type(controller).__qualname__} of "
        f"{type(controller).__module__}, not of scorepad.ui.state.{screen.value}"
    )
    view = importlib.import_module(screen.view_module)
    assert callable(getattr(view, screen.view_function, None)), (
        f"{screen.view_module} has no {screen.view_function}()"
    )
    assert [place.screen for place in SCREENS].count(screen) == 1


def test_every_view_module_of_a_screen_is_in_the_table() -> None:
    """No view drawn under a name the table does not know (a renamed screen left behind)."""
    views = Path(scorepad.ui.views.__file__).parent
    drawn = {
        module.stem
        for module in views.glob("*.py")
        if f"def {module.stem}_view(" in module.read_text(encoding="utf-8")
    }
    assert drawn == {screen.value for screen in Screen}


def test_choice_keys_are_typed_and_keep_the_identifier_text_browser_tests_use(
    app: ScorepadApp,
) -> None:
    app.store.save_variant(GOLF.with_changes(name="Odd: Golf", hand_sizes=(1, 1, 3)))
    choices = app.lists.variant_choices()
    assert [str(c.key) for c in choices] == [
        *(f"preset:{key}" for key in PRESETS),
        "saved:Odd: Golf",
    ]
    for choice in choices:
        assert ChoiceKey.parse(str(choice.key)) == choice.key
        assert choice.saved is (choice.key.kind is ChoiceKind.SAVED)
    with pytest.raises(ActionRefused, match="unknown variant 'golf'"):
        ChoiceKey.parse("golf")
    with pytest.raises(ActionRefused, match="unknown variant 'house:Golf'"):
        ChoiceKey.parse("house:Golf")


def test_play_again_offers_the_game_s_own_rules_once_they_are_no_longer_saved(
    app: ScorepadApp,
) -> None:
    app.store.save_variant(GOLF.with_changes(name="Short Golf", hand_sizes=(1,)))
    start(app, "saved:Short Golf", ["Ann", "Bob"], dealer="Bob")
    play_round(app)
    app.store.delete_variant("Short Golf")
    app.new_game.play_again()
    form = app.new_game.form
    assert app.screen is Screen.NEW_GAME and form is not None
    assert form.variant_key == ChoiceKey(ChoiceKind.GAME, "Short Golf")
    assert form.variant.hand_sizes == (1,)
    assert (form.players, form.dealer) == (["Ann", "Bob"], "Ann")


def test_what_the_app_refuses_is_an_action_refused_with_the_message_for_the_user(
    tmp_path: Path,
) -> None:
    form = SetupForm(choices=preset_choices())
    with pytest.raises(ActionRefused, match="add the players first"):
        form.draw_dealer(random.Random(1))
    with pytest.raises(ActionRefused, match="'Zed' is not at the table"):
        form.choose_dealer("Zed")
    problem = StoreUnreadableError(tmp_path / "meta.json", "not valid JSON", None, None)
    broken = ScorepadApp(None, root=tmp_path, problem=problem)
    with pytest.raises(ActionRefused, match="cannot be opened"):
        _ = broken.store
    broken.game.undo()  # through the app: the refusal is the message, never a traceback
    assert broken.message is not None and broken.message.text == "no game is open"
