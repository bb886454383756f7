"""The new-game picker lists the three sheets and the table's house rules, and the family's
other presets behind one button, so that the players' rows stay in view on a phone; every
preset copies into the house-rules form unchanged."""

from __future__ import annotations

import pytest

from scorepad.engine import PRESETS, Variant
from scorepad.ui.state import ScorepadApp
from scorepad.ui.state.choices import ChoiceKey
from scorepad.ui.state.rules_form import RulesForm


def listed(app: ScorepadApp) -> list[str]:
    form = app.new_game.form
    assert form is not None
    return [str(choice.key) for choice in form.listed_choices]


def test_the_family_is_one_tap_away_and_a_chosen_one_stays_listed(app: ScorepadApp) -> None:
    app.new_game.open()
    sheets = ["preset:mormon-bridge", "preset:scotch-bridge", "preset:golf"]
    assert listed(app) == sheets
    form = app.new_game.form
    assert form is not None and form.family_count == 4
    app.new_game.show_family()
    assert listed(app)[3:] == [
        "preset:nomination-whist",
        "preset:up-and-down-the-river",
        "preset:kachuful",
        "preset:blackout",
    ]
    app.new_game.choose_variant(ChoiceKey.preset("kachuful"))
    app.new_game.show_family(False)
    assert listed(app) == [*sheets, "preset:kachuful"]  # the chosen one stays in view
    assert form.family_count == 3


@pytest.mark.parametrize("key", list(PRESETS))
def test_every_preset_copies_into_house_rules_unchanged(key: str) -> None:
    variant = PRESETS[key]
    form = RulesForm.starting_from(variant)
    copied = form.check()
    assert copied is not None, form.errors
    assert copied.model_dump(exclude={"name"}) == variant.model_dump(exclude={"name"})
    assert Variant.parse(copied.model_dump()) == copied
