"""What a first evening with scorepad tripped over (issue 19), each in Chromium at 390x844.

Typing is tested as fingers and phone keyboards send it: keys 30 ms apart, Enter straight
after a name, no pause for the screen to catch up.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scorepad.store import open_store
from scorepad.ui.state import ScorepadApp
from tests.browser.harness import AppPage, phone_page, require_chromium, running_app
from tests.ui.test_players import play_history

pytestmark = pytest.mark.browser
FAST_KEYS_MS = 30
"""A fast typist, or a phone keyboard's burst: 30 ms between keys."""


@pytest.fixture(autouse=True)
def chromium_present() -> None:
    require_chromium()


@pytest.fixture
def phone(tmp_path: Path) -> Iterator[AppPage]:
    with phone_page(tmp_path) as app:
        yield app


def type_over(phone: AppPage, label: str, text: str) -> None:
    """Select the field's text and type ``text`` over it at :data:`FAST_KEYS_MS`, no pause."""
    field = phone.page.get_by_role("textbox", name=label).first
    field.click()
    expect(field).to_be_focused()
    phone.page.keyboard.press("ControlOrMeta+A")
    phone.page.keyboard.type(text, delay=FAST_KEYS_MS)


def test_eight_names_typed_fast_with_enter_after_each_are_seated_as_typed(
    tmp_path: Path, phone: AppPage
) -> None:
    """Ann Bob Cat Dan Eve Fay typed at 60 ms a key became "Ann, Ob, Cat, An, Eve, Ay", and
    "Bob van der" became "Bob Van Der": names are seated exactly as typed."""
    names = ["Ann", "Bob van der", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
    with running_app(tmp_path / "data") as url:
        phone.open(url)
        phone.tap("new-game")
        phone.add_players(names, key_delay_ms=FAST_KEYS_MS)
        assert phone.seated() == names
        field = phone.page.get_by_role("textbox", name="Add a player").first
        expect(field).to_be_focused()  # the cursor stayed, ready for a ninth


def test_every_text_field_keeps_keys_typed_fast(tmp_path: Path, phone: AppPage) -> None:
    """The house rules' Name once saved "Oh Hell ouay" for "Oh Hell our way": every key
    redraws the form, and a redraw sent an older text back. Each text field, typed over at
    30 ms a key, holds what was typed, and the app acts on all of it."""
    data = tmp_path / "data"
    play_history(ScorepadApp(open_store(data), rng=random.Random(3)))
    with running_app(data) as url:
        phone.open(url)
        phone.tap("house-rules")
        for label, text in [
            ("Cards per player, round by round", "1-7, 7-1"),
            ("Bonus for a made bid", "-12"),
            ("Name", "Oh Hell our way"),
        ]:
            type_over(phone, label, text)
            expect(phone.page.get_by_role("textbox", name=label).first).to_have_value(text)
        phone.tap("save-rules")
        said = phone.page.get_by_label("Saved Oh Hell our way:", exact=False)
        said.first.wait_for(state="attached", timeout=10_000)

        phone.open(url + "players")
        phone.wait_for("leader-Ann")
        type_over(phone, "Fewest games", "1")
        phone.wait_for("leader-Cat")  # applied as typed: Cat, with one game, is ranked now
        phone.tap("rename-Bob")
        phone.wait_for("dialog-field")
        type_over(phone, "New name", "Robert van der Berg")
        phone.page.keyboard.press("Enter")
        phone.wait_for("leader-Robert van der Berg")
