"""Every table size fits a phone: at 390×844 a round's current step never needs scrolling.

For each preset at its largest table and at 4 players, at the round with the most cards, every
control the step asks for (the suits to turn up, every bid cell, every pad key and Record) has
its whole bounding box inside the viewport; so has Start on the new-game screen with 8 players.
On the tricks step, counting at the end and marking as they fall alike, every player's bid and
took and the bids' total stay above the dock, with every key (or every player's button) and
Record on screen.
Games are made through the store before the app starts (typing 8 names and playing 8 rounds
would test nothing more). On failure the conftest keeps a screenshot of the page.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from scorepad.engine import Game, GameRecord
from scorepad.i18n import LANGUAGES
from scorepad.store import open_store
from tests.browser.harness import (
    AppPage,
    phone_page,
    require_chromium,
    running_app,
)
from tests.helpers import zero_round

pytestmark = pytest.mark.browser
OFFERED = {language.code for language in LANGUAGES}
PHONE = (390, 844)
LONG = "Maximilian Alexander Fitzgerald-Worthing"
"""A name at the engine's limit of 40 characters."""
EIGHT = [LONG, "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


@pytest.fixture(autouse=True)
def chromium_present() -> None:
    require_chromium()


LOCALES = ["en-US"] + (["de-DE"] if "de" in OFFERED else [])
"""English, and German: its words are long (a phone's buttons and prompts must still fit)."""


@pytest.fixture(params=LOCALES, ids=[locale[:2] for locale in LOCALES])
def locale(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def phone(tmp_path: Path, locale: str) -> Iterator[AppPage]:
    with phone_page(tmp_path, *PHONE, locale=locale) as app:
        yield app


def says(app: AppPage, identifier: str, english: str, locale: str) -> None:
    """The control says ``english`` in an English browser; in any other it is translated
    (the English is gone), which is what makes the layout check in that language real."""
    text = app.text_of(identifier)
    if locale.startswith("en"):
        assert english in text, text
    else:
        assert english not in text, f"{identifier} is still English in {locale}: {text!r}"


def game_at_largest_hand(data_dir: Path, variant: str, players: list[str]) -> str:
    """A stored game whose next round is the one with the most cards (zero rounds before it)."""
    game = Game.start(variant, players)
    largest = game.schedule.index(max(game.schedule))
    for _ in range(largest):
        game = game.record_round(zero_round(game))
    record = GameRecord.from_data(game.record.to_data())
    return open_store(data_dir).create_game(record).id


def outside(app: AppPage, identifier: str, floor: float = PHONE[1]) -> str | None:
    """Why the control is not wholly on screen above ``floor``, or None when it is."""
    box = app.wait_for(identifier).first.bounding_box()
    if box is None:
        return f"{identifier} has no box"
    bottom = box["y"] + box["height"]
    if box["y"] < 0 or bottom > floor or box["x"] < 0 or box["x"] + box["width"] > PHONE[0]:
        return f"{identifier} at x={box['x']:.0f} y={box['y']:.0f}..{bottom:.0f}"
    return None


def assert_on_screen(app: AppPage, identifiers: list[str], floor: float = PHONE[1]) -> None:
    """Every control wholly in view above ``floor`` (the top of what is docked below them:
    a row scrolled under the dock is inside the viewport yet hidden)."""
    app.page.wait_for_timeout(300)  # let the layout settle after the last frame
    off = [why for why in (outside(app, i, floor) for i in identifiers) if why]
    assert not off, f"off the {PHONE[0]}×{PHONE[1]} screen: {off}"


def dock_top(app: AppPage) -> float:
    """Where what is docked at the bottom (the prompt, the pad or the marks, Record) begins:
    a line scrolled under it is inside the viewport yet hidden."""
    box = app.wait_for("dock").first.bounding_box()
    assert box is not None
    return float(box["y"])


def record_bottom(app: AppPage) -> float:
    box = app.wait_for("record-round").first.bounding_box()
    assert box is not None
    return float(box["y"] + box["height"])


@pytest.mark.parametrize(
    ("variant", "players"),
    [
        ("golf", EIGHT),
        ("golf", EIGHT[:5]),
        ("golf", EIGHT[:4]),
        ("mormon-bridge", EIGHT),
        ("mormon-bridge", EIGHT[:4]),
        ("scotch-bridge", EIGHT[:4]),
    ],
    ids=["golf-8", "golf-5", "golf-4", "mormon-8", "mormon-4", "scotch-4"],
)
def test_the_largest_hand_needs_no_scrolling(
    tmp_path: Path, phone: AppPage, locale: str, variant: str, players: list[str]
) -> None:
    game_id = game_at_largest_hand(tmp_path, variant, players)
    game = Game.start(variant, players)
    cards = max(game.schedule)
    with running_app(tmp_path) as url:
        phone.open(url)
        phone.tap(f"game-{game_id}")
        phone.wait_for("round-title")
        says(phone, "round-title", f"{cards} card", locale)
        if not game.next_round or not game.next_round.all_dealt:
            assert_on_screen(phone, [f"suit-{suit}" for suit in SUITS] + ["prompt"])
            phone.tap("suit-spades")
        if variant == "mormon-bridge":
            assert_on_screen(phone, ["go"])
            phone.tap("go")
        phone.wait_for("pad-0")
        phone.page.screenshot(path=str(tmp_path / f"{variant}-{len(players)}-round.png"))
        print(f"{variant} {len(players)} players: Record ends at y={record_bottom(phone):.0f}")
        assert_on_screen(phone, [f"pad-{n}" for n in range(cards + 1)] + ["record-round"])
        dock = phone.wait_for("prompt").first.bounding_box()
        assert dock is not None
        assert_on_screen(phone, [f"bid-{name}" for name in players], floor=dock["y"])

        for _ in players:  # everyone bids 0 (never the hook: 0 is not the number of tricks)
            phone.tap("pad-0")
        lines = [f"{field}-{name}" for name in players for field in ("bid", "tricks")]
        # the tricks step, counting at the end: the switch beside the prompt, the whole pad
        says(phone, "prompt", "How many tricks", locale)
        phone.page.screenshot(path=str(tmp_path / f"{variant}-{len(players)}-count.png"))
        assert_on_screen(
            phone,
            [f"pad-{n}" for n in range(cards + 1)]
            + ["record-round", "tricks-count", "tricks-tally"],
        )
        assert_on_screen(phone, lines, floor=dock_top(phone))
        assert_on_screen(phone, ["balance"])  # docked over the prompt
        phone.tap("pad-1")  # a count typed: a note under the prompt says why keys are closed
        phone.wait_for("pad-note")
        assert_on_screen(
            phone,
            [f"pad-{n}" for n in range(cards + 1)] + ["record-round", "pad-note", "tricks-tally"],
        )
        assert_on_screen(phone, lines, floor=dock_top(phone))
        assert_on_screen(phone, ["balance"])  # docked over the prompt
        phone.tap("undo")  # no count any more: marking is open again
        # marking as they fall: a button per player takes the pad's place
        phone.tap("tricks-tally")
        phone.wait_for("undo-trick")
        phone.page.screenshot(path=str(tmp_path / f"{variant}-{len(players)}-tally.png"))
        assert_on_screen(
            phone,
            [f"mark-{name}" for name in players]
            + ["undo-trick", "record-round", "tricks-count", "tricks-tally"],
        )
        assert_on_screen(phone, lines, floor=dock_top(phone))
        assert_on_screen(phone, ["balance"])  # docked over the prompt


SUITS = ["clubs", "diamonds", "hearts", "spades"]


def test_start_is_on_screen_with_eight_players(tmp_path: Path, phone: AppPage, locale: str) -> None:
    open_store(tmp_path).add_players(EIGHT)
    with running_app(tmp_path) as url:
        phone.open(url)
        phone.tap("new-game")
        phone.tap("variant-preset:golf")
        # typed, not tapped from the roster: the roster is one row that scrolls sideways, and
        # a chip scrolled out of the canvas's view cannot be clicked by a test (a person
        # swipes the row first)
        phone.add_players(EIGHT)
        assert LONG in phone.text_of("seat-1")  # whole in its accessible name
        phone.page.screenshot(path=str(tmp_path / "new-game-8.png"))
        assert_on_screen(phone, ["start-game", "schedule"])
        # the summary of the game Start starts is read with it, not hidden behind it
        says(phone, "schedule", "Golf, 8 players", locale)
        summary = phone.by_id("schedule").first.bounding_box()
        start = phone.by_id("start-game").first.bounding_box()
        assert summary is not None and start is not None
        assert summary["y"] + summary["height"] <= start["y"], (summary, start)
