"""Whole games of every preset played through the same state the views call, checked against
the engine."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from scorepad.engine import Game, Suit
from scorepad.store import TinyDBStore
from scorepad.ui.state import GameTab, ScorepadApp, Screen, Stage
from tests.ui.driving import TapCounter, play_round, start

FOUR = ["Ann", "Bob", "Cat", "Dan"]


def random_round(app: ScorepadApp, rng: random.Random) -> int:
    """A random legal round entered through the pad (bids from the enabled keys)."""
    session = app.session
    assert session is not None
    counter = TapCounter(app)
    entry = session.entry
    assert entry is not None
    if entry.stage is Stage.TRUMP:
        counter.tap("choose_trump", rng.choice(list(Suit)))
    if session.entry and session.entry.stage is Stage.GO:
        counter.tap("say_go")
    while (entry := session.entry) is not None and entry.stage in (Stage.BIDS, Stage.TRICKS):
        counter.tap("tap_number", rng.choice([k.value for k in entry.pad if k.enabled]))
    counter.tap("confirm_round")
    return counter.taps


@pytest.mark.parametrize(
    ("variant", "players", "taps_per_round"),
    [
        ("mormon-bridge", FOUR, {10}),  # trump, go, 4 bids, 3 tricks, confirm
        ("scotch-bridge", FOUR, {8, 9}),  # no trump tap when all 52 cards are dealt
        ("golf", FOUR, {9}),
        ("golf", ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"], {13}),
    ],
)
def test_a_whole_game_through_the_app_matches_the_engine(
    app: ScorepadApp, variant: str, players: list[str], taps_per_round: set[int]
) -> None:
    rng = random.Random(f"{variant}{len(players)}")
    start(app, variant, players, dealer=players[1])
    session = app.session
    assert session is not None
    taps = []
    while session.game.next_round is not None:
        taps.append(random_round(app, rng))
    assert set(taps) <= taps_per_round
    assert max(taps) <= (10 if variant == "mormon-bridge" else 9 + 2 * (len(players) - 4))
    # the same rounds, scored by the engine alone, give the same sheet
    replay = Game.start(variant, players, first_dealer=players[1])
    for record in session.game.record.rounds:
        replay = replay.record_round(record)
    assert session.sheet == replay.sheet
    assert session.sheet.finished and session.sheet.winners
    assert session.tab is GameTab.SHEET
    # and it is all on disk
    stored = app.store.load_game(session.stored.id)
    assert stored.game.sheet == replay.sheet
    assert stored.draft is None


def test_a_sequential_round_takes_nine_taps_and_the_last_tricks_fill_in(app: ScorepadApp) -> None:
    start(app, "golf", FOUR, dealer="Bob")  # round 3: Dan deals, Ann bids first
    for _ in range(2):
        play_round(app)
    session = app.session
    assert session is not None
    entry = session.entry
    assert entry is not None and entry.setup.cards == 3
    taps = play_round(
        app, bids={"Ann": 1, "Bob": 1, "Cat": 0, "Dan": 0}, tricks={"Ann": 1, "Bob": 1, "Cat": 0}
    )
    assert taps == 9
    result = session.game.results[-1]
    assert result.tricks == {"Ann": 1, "Bob": 1, "Cat": 0, "Dan": 1}
    assert result.trump is Suit.SPADES


def test_the_hook_is_visible_on_the_pad_and_a_forbidden_tap_changes_nothing(
    app: ScorepadApp,
) -> None:
    start(app, "scotch-bridge", FOUR, dealer="Ann")
    session = app.session
    assert session is not None
    for value in (4, 3, 5):  # Dan, Cat, Bob
        app.tap_number(value)
    entry = session.entry
    assert entry is not None
    assert entry.active == "Ann"
    assert [k.value for k in entry.pad if not k.enabled] == [1]
    assert entry.pad_note == (
        "Ann deals and may not bid 1: the bids would add up to 13, the number of tricks"
    )
    assert entry.balance == "bids total 12 for 13 tricks: 1 under"
    before = app.store.load_game(session.stored.id).draft
    app.tap_number(1)
    assert app.message is not None and app.message.kind == "error"
    assert "Ann deals and may not bid 1" in app.message.text
    assert app.store.load_game(session.stored.id).draft == before
    app.tap_number(2)
    assert app.message is None
    assert session.entry is not None and session.entry.stage is Stage.TRICKS


def test_tricks_that_would_exceed_the_cards_are_refused(app: ScorepadApp) -> None:
    start(app, "mormon-bridge", ["Ann", "Bob", "Cat"])
    session = app.session
    assert session is not None
    app.choose_trump(Suit.HEARTS)
    app.say_go()
    for _ in range(3):
        app.tap_number(3)
    app.tap_number(8)  # first in order took 8 of 10
    entry = session.entry
    assert entry is not None
    assert [k.value for k in entry.pad if k.enabled] == [0, 1, 2]
    app.tap_number(5)
    assert app.message is not None
    assert "cannot have taken 5: that makes more than the 10 tricks" in app.message.text


def test_points_are_previewed_while_tricks_are_entered(app: ScorepadApp) -> None:
    start(app, "golf", FOUR, dealer="Dan")  # 1 card: Ann, Bob, Cat, Dan bid
    app.choose_trump(Suit.CLUBS)
    for value in (1, 0, 0, 1):
        app.tap_number(value)
    app.tap_number(1)  # Ann took the trick
    entry = app.session.entry if app.session else None
    assert entry is not None
    lines = {line.name: line for line in entry.lines}
    assert lines["Ann"].points == 11
    assert lines["Dan"].tricks is None  # two counts still missing: nothing to fill in yet
    assert lines["Dan"].points is None
    app.tap_number(0)
    app.tap_number(0)
    entry = app.session.entry if app.session else None
    assert entry is not None and entry.stage is Stage.CONFIRM
    lines = {line.name: line for line in entry.lines}
    assert lines["Dan"].tricks_filled_in and lines["Dan"].points == 0


def test_trump_calls_explain_the_no_trump_rules(app: ScorepadApp) -> None:
    start(app, "mormon-bridge", ["Ann", "Bob"])
    play_round(app, suit=Suit.HEARTS)
    app.choose_trump(Suit.HEARTS)
    entry = app.session.entry if app.session else None
    assert entry is not None and entry.trump is not None
    assert entry.trump.note == "hearts again: no trump this round"
    app.go_home()
    start(app, "scotch-bridge", FOUR)
    entry = app.session.entry if app.session else None
    assert entry is not None
    assert entry.stage is Stage.BIDS  # no trump step
    assert entry.trump is not None and entry.trump.note == "all 52 cards dealt: no trump"


def test_a_game_resumes_mid_round_after_the_app_is_closed(tmp_path: Path) -> None:
    app = ScorepadApp(TinyDBStore(tmp_path))
    start(app, "golf", FOUR, dealer="Dan")
    play_round(app)
    app.choose_trump(Suit.DIAMONDS)
    app.tap_number(1)
    game_id = app.session.stored.id if app.session else ""
    del app  # the app is killed

    again = ScorepadApp(TinyDBStore(tmp_path))
    summary = again.games[0]
    assert (summary.id, summary.status, summary.rounds_played) == (game_id, "in_progress", 1)
    again.open_game(game_id)
    assert again.screen is Screen.GAME
    entry = again.session.entry if again.session else None
    assert entry is not None
    assert entry.number == 2
    assert entry.draft.turned is Suit.DIAMONDS
    assert entry.bids == {entry.setup.bid_order[0]: 1}
    assert entry.stage is Stage.BIDS and entry.active == entry.setup.bid_order[1]


def test_two_windows_on_one_game_never_record_over_each_other(tmp_path: Path) -> None:
    store = TinyDBStore(tmp_path)
    first, second = ScorepadApp(store), ScorepadApp(TinyDBStore(tmp_path))
    start(first, "golf", FOUR, dealer="Dan")
    game_id = first.session.stored.id if first.session else ""
    second.open_game(game_id)
    play_round(first)  # round 1 recorded in the first window
    second.choose_trump(Suit.CLUBS)  # the second still shows round 1
    assert second.message is not None
    assert "changed elsewhere" in second.message.text
    session = second.session
    assert session is not None
    assert len(session.game.results) == 1  # reloaded: it now shows round 2
    entry = session.entry
    assert entry is not None and entry.number == 2
    second.choose_trump(Suit.CLUBS)
    assert second.message is None
    assert len(store.load_game(game_id).record.rounds) == 1
