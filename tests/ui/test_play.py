"""Whole games of every preset played through the same state the views call, checked against
the engine."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from scorepad.engine import DECK_SIZE, BidMode, Game, Suit, Variant
from scorepad.store import open_store
from scorepad.ui.state import GameTab, MessageKind, RoundEntryState, ScorepadApp, Screen, Stage
from scorepad.ui.state.game import CHANGED_ELSEWHERE
from tests.ui.driving import play_round, start, tap_for

FOUR = ["Ann", "Bob", "Cat", "Dan"]


def record_is_refused(app: ScorepadApp) -> None:
    """Record, tapped on a round not yet complete, is refused and changes nothing."""
    session = app.game.session
    assert session is not None
    recorded, draft = len(session.game.results), session.stored.draft
    app.game.confirm_round()
    assert app.message is not None and app.message.kind is MessageKind.ERROR, app.message
    assert len(session.game.results) == recorded and session.stored.draft == draft


def taps_until_record(app: ScorepadApp, tap: Callable[[RoundEntryState], None]) -> int:
    """Enter the next round one tap at a time, each the tap the pad asks for, trying Record
    before every tap: the app must refuse it until the round is complete, then take it.
    Returns how many taps the app asked for before it let the round be recorded."""
    session = app.game.session
    assert session is not None
    entry = session.entry
    assert entry is not None
    number, taps = entry.number, 0
    while entry.stage is not Stage.CONFIRM:
        record_is_refused(app)
        tap(entry)
        taps += 1
        entry = session.entry
        assert entry is not None and entry.number == number
        assert taps <= 2 * len(entry.lines) + 1, "the round asks for more taps than it has entries"
    app.game.confirm_round()
    assert app.message is None or app.message.kind is MessageKind.INFO, app.message
    assert len(session.game.results) == number
    return taps


def taps_a_round_takes(variant: Variant, players: int, cards: int) -> int:
    """From the rule sheets: the turned suit (none when the whole deck is dealt), "go" when
    bids are shown at once, every bid, and every trick count but the last (worked out)."""
    turn = 0 if cards * players == DECK_SIZE else 1
    go = 1 if variant.bid_mode is BidMode.SIMULTANEOUS else 0
    return turn + go + players + (players - 1)


@pytest.mark.parametrize(
    ("variant", "players"),
    [
        ("mormon-bridge", FOUR),  # trump, go, 4 bids, 3 tricks
        ("scotch-bridge", FOUR),  # no trump tap in the rounds that deal all 52 cards
        ("golf", FOUR),
        ("golf", ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]),
    ],
)
def test_record_is_allowed_after_exactly_the_taps_a_round_needs_and_not_one_before(
    app: ScorepadApp, variant: str, players: list[str]
) -> None:
    """Every round of a whole game, random legal taps: Record is refused before each tap and
    taken right after the last one the rules call for (2 per player: the bid and the trick
    count, less the last count, plus the turned suit; plus "go" in Mormon Bridge; no suit to
    tap when all 52 cards are dealt); the game then matches the engine's own scoring."""
    rng = random.Random(f"{variant}{len(players)}")
    start(app, variant, players, dealer=players[1])
    session = app.game.session
    assert session is not None

    def random_tap(entry: RoundEntryState) -> None:
        if entry.stage is Stage.TRUMP:
            app.game.choose_trump(rng.choice(list(Suit)))
        elif entry.stage is Stage.GO:
            app.game.say_go()
        else:
            app.game.tap_number(rng.choice([k.value for k in entry.pad if k.enabled]))

    while (entry := session.entry) is not None:
        expected = taps_a_round_takes(session.game.variant, len(players), entry.setup.cards)
        assert taps_until_record(app, random_tap) == expected, f"round {entry.number}"
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


def test_a_sequential_round_is_recorded_after_2n_taps_and_the_last_tricks_fill_in(
    app: ScorepadApp,
) -> None:
    start(app, "golf", FOUR, dealer="Bob")  # round 3: Dan deals, Ann bids first
    for _ in range(2):
        play_round(app)
    session = app.game.session
    assert session is not None
    entry = session.entry
    assert entry is not None and entry.setup.cards == 3
    bids = {"Ann": 1, "Bob": 1, "Cat": 0, "Dan": 0}
    tricks = {"Ann": 1, "Bob": 1, "Cat": 0}
    taps = taps_until_record(
        app, lambda entry: tap_for(app, entry, bids=bids, tricks=tricks, suit=Suit.SPADES)
    )
    assert taps == 8  # the suit, 4 bids, 3 trick counts: Dan's is worked out
    result = session.game.results[-1]
    assert result.tricks == {"Ann": 1, "Bob": 1, "Cat": 0, "Dan": 1}
    assert result.trump is Suit.SPADES


def test_the_hook_is_visible_on_the_pad_and_a_forbidden_tap_changes_nothing(
    app: ScorepadApp,
) -> None:
    start(app, "scotch-bridge", FOUR, dealer="Ann")
    session = app.game.session
    assert session is not None
    for value in (4, 3, 5):  # Dan, Cat, Bob
        app.game.tap_number(value)
    entry = session.entry
    assert entry is not None
    assert entry.active == "Ann"
    assert [k.value for k in entry.pad if not k.enabled] == [1]
    assert entry.pad_note == (
        "Ann deals and may not bid 1: the bids would add up to 13, the number of tricks"
    )
    assert entry.balance == "bids total 12 for 13 tricks: 1 under"
    before = app.store.load_game(session.stored.id).draft
    app.game.tap_number(1)
    assert app.message is not None and app.message.kind == "error"
    assert "Ann deals and may not bid 1" in app.message.text
    assert app.store.load_game(session.stored.id).draft == before
    app.game.tap_number(2)
    assert app.message is None
    assert session.entry is not None and session.entry.stage is Stage.TRICKS


def test_tricks_that_would_exceed_the_cards_are_refused(app: ScorepadApp) -> None:
    start(app, "mormon-bridge", ["Ann", "Bob", "Cat"])
    session = app.game.session
    assert session is not None
    app.game.choose_trump(Suit.HEARTS)
    app.game.say_go()
    for _ in range(3):
        app.game.tap_number(3)
    app.game.tap_number(8)  # first in order took 8 of 10
    entry = session.entry
    assert entry is not None
    assert [k.value for k in entry.pad if k.enabled] == [0, 1, 2]
    app.game.tap_number(5)
    assert app.message is not None
    assert "cannot have taken 5: that makes more than the 10 tricks" in app.message.text


def test_points_are_previewed_while_tricks_are_entered(app: ScorepadApp) -> None:
    start(app, "golf", FOUR, dealer="Dan")  # 1 card: Ann, Bob, Cat, Dan bid
    app.game.choose_trump(Suit.CLUBS)
    for value in (1, 0, 0, 1):
        app.game.tap_number(value)
    app.game.tap_number(1)  # Ann took the trick
    entry = app.game.session.entry if app.game.session else None
    assert entry is not None
    lines = {line.name: line for line in entry.lines}
    assert lines["Ann"].points == 11
    assert lines["Dan"].tricks is None  # two counts still missing: nothing to fill in yet
    assert lines["Dan"].points is None
    app.game.tap_number(0)
    app.game.tap_number(0)
    entry = app.game.session.entry if app.game.session else None
    assert entry is not None and entry.stage is Stage.CONFIRM
    lines = {line.name: line for line in entry.lines}
    assert lines["Dan"].tricks_filled_in and lines["Dan"].points == 0


def test_trump_calls_explain_the_no_trump_rules(app: ScorepadApp) -> None:
    start(app, "mormon-bridge", ["Ann", "Bob"])
    play_round(app, suit=Suit.HEARTS)
    app.game.choose_trump(Suit.HEARTS)
    entry = app.game.session.entry if app.game.session else None
    assert entry is not None and entry.trump is not None
    assert entry.trump.note == "hearts again: no trump this round"
    app.go_home()
    start(app, "scotch-bridge", FOUR)
    entry = app.game.session.entry if app.game.session else None
    assert entry is not None
    assert entry.stage is Stage.BIDS  # no trump step
    assert entry.trump is not None and entry.trump.note == "all 52 cards dealt: no trump"


def test_a_game_resumes_mid_round_after_the_app_is_closed(tmp_path: Path) -> None:
    app = ScorepadApp(open_store(tmp_path))
    start(app, "golf", FOUR, dealer="Dan")
    play_round(app)
    app.game.choose_trump(Suit.DIAMONDS)
    app.game.tap_number(1)
    game_id = app.game.session.stored.id if app.game.session else ""
    del app  # the app is killed

    again = ScorepadApp(open_store(tmp_path))
    summary = again.home.games[0]
    assert (summary.id, summary.status, summary.rounds_played) == (game_id, "in_progress", 1)
    again.home.open_game(game_id)
    assert again.screen is Screen.GAME
    entry = again.game.session.entry if again.game.session else None
    assert entry is not None
    assert entry.number == 2
    assert entry.draft.turned is Suit.DIAMONDS
    assert entry.bids == {entry.setup.bid_order[0]: 1}
    assert entry.stage is Stage.BIDS and entry.active == entry.setup.bid_order[1]


def test_two_windows_on_one_game_never_record_over_each_other(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    first, second = ScorepadApp(store), ScorepadApp(open_store(tmp_path))
    start(first, "golf", FOUR, dealer="Dan")
    game_id = first.game.session.stored.id if first.game.session else ""
    second.home.open_game(game_id)
    play_round(first)  # round 1 recorded in the first window
    second.game.choose_trump(Suit.CLUBS)  # the second still shows round 1
    assert second.message is not None
    assert second.message.text.startswith(CHANGED_ELSEWHERE)
    session = second.game.session
    assert session is not None
    assert len(session.game.results) == 1  # reloaded: it now shows round 2
    entry = session.entry
    assert entry is not None and entry.number == 2
    second.game.choose_trump(Suit.CLUBS)
    assert second.message is None
    assert len(store.load_game(game_id).record.rounds) == 1
