"""The real app in headless Chromium, driven the way a scorekeeper's finger drives it.

Needs Debian's Chromium at /usr/bin/chromium (``.ci/run`` installs it). Locally the tests skip
with that reason when it is missing; under CI they fail instead, so they never skip there.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorepad.engine import GameRecord
from scorepad.store import TinyDBStore, open_store
from tests.browser.harness import (
    AppPage,
    phone_page,
    require_chromium,
    running_app,
)

pytestmark = pytest.mark.browser
PHONE = (390, 844)


@pytest.fixture(autouse=True)
def chromium_present() -> None:
    require_chromium()


@pytest.fixture
def phone(tmp_path: Path) -> Iterator[AppPage]:
    with phone_page(tmp_path, *PHONE) as app:
        yield app


def start(app: AppPage, variant: str, players: list[str], stake: int | None = None) -> None:
    app.tap("new-game")
    app.tap(f"variant-preset:{variant}")
    app.add_players(players)
    if stake is not None:
        app.tap(f"stake-{stake}")
    app.tap("start-game")
    app.wait_for("round-title")


def total_on_screen(app: AppPage, player: str) -> int:
    """The player's total as the leaderboard shows it ("1. Ann 34 (+12)")."""
    text = app.text_of(f"standing-{player}")
    match = re.search(rf"{player} (-?\d+)", text)
    assert match, f"no total for {player} in {text!r}"
    return int(match.group(1))


def test_a_golf_round_takes_nine_taps_and_the_hook_is_refused(
    tmp_path: Path, phone: AppPage
) -> None:
    with running_app(tmp_path) as url:
        phone.open(url)
        start(phone, "golf", ["Ann", "Bob", "Cat", "Dan"])
        assert "Ann deals" in phone.text_of("round-info")
        phone.taps = 0
        phone.tap("suit-hearts")
        for _ in range(3):  # Bob, Cat, Dan bid 0
            phone.tap("pad-0")
        # Ann deals: bidding 1 would make the bids add up to the 1 trick
        assert phone.is_disabled("pad-1")
        # an open key (drawn without a button's ripple) is still a button to a screen reader
        assert phone.by_id("pad-0").first.evaluate(
            "e => e.getAttribute('role') === 'button' || !!e.querySelector('[role=\"button\"]')"
        )
        assert "Ann deals and may not bid 1" in phone.text_of("pad-note")
        phone.by_id("pad-1").first.click(force=True)  # a tap on the disabled key does nothing
        phone.page.wait_for_timeout(300)
        assert "Ann bids" in phone.text_of("prompt")
        phone.tap("pad-0")  # Ann bids 0
        phone.tap("pad-1")  # Bob took the trick
        phone.tap("pad-0")  # Cat
        phone.tap("pad-0")  # Dan; Ann's 0 is filled in
        phone.tap("record-round")
        assert phone.taps == 9
        phone.wait_for("standing-Cat")
        assert total_on_screen(phone, "Bob") == 0  # bid 0, took 1: set
        assert total_on_screen(phone, "Cat") == 10
        assert total_on_screen(phone, "Ann") == 10
        assert "Round 2 of 18" in phone.text_of("round-title")
    game = TinyDBStore(tmp_path).list_games()[0]
    assert (game.rounds_played, game.status) == (1, "in_progress")


def test_each_preset_starts_and_scores_a_round(tmp_path: Path, phone: AppPage) -> None:
    with running_app(tmp_path) as url:
        phone.open(url)
        # Mormon Bridge: simultaneous bids with a "go", 10 cards, fits a phone without scrolling
        start(phone, "mormon-bridge", ["Ann", "Bob", "Cat", "Dan"])
        phone.tap("suit-clubs")
        phone.tap("go")
        for bid in (3, 2, 3, 2):
            phone.tap(f"pad-{bid}")
        box = phone.by_id("pad-10").first.bounding_box()
        assert box is not None and box["y"] + box["height"] <= PHONE[1]
        for took in (3, 2, 3):
            phone.tap(f"pad-{took}")
        record = phone.by_id("record-round").first.bounding_box()
        assert record is not None and record["y"] + record["height"] <= PHONE[1]
        phone.tap("record-round")
        assert total_on_screen(phone, "Bob") == 13
        assert total_on_screen(phone, "Ann") == 12
        phone.tap("suit-clubs")
        assert "clubs again: no trump this round" in phone.text_of("trump-note")
        phone.page.locator('[aria-label="All games"]').first.click()
        phone.page.wait_for_timeout(300)

        # Scotch Bridge: no trump in the full deal, bids from the dealer's right
        start(phone, "scotch-bridge", ["Ann", "Bob", "Cat", "Dan"])
        assert "all 52 cards dealt: no trump" in phone.text_of("trump-note")
        assert "Dan bids first" in phone.text_of("round-info")
        for bid in (0, 4, 4, 4):  # Dan, Cat, Bob, Ann
            phone.tap(f"pad-{bid}")
        for took in (0, 4, 5):  # Dan, Cat, Bob; Ann's 4 is filled in
            phone.tap(f"pad-{took}")
        phone.tap("record-round")
        assert total_on_screen(phone, "Dan") == 18  # a made zero in a 13-card round
        assert total_on_screen(phone, "Ann") == 14
        assert total_on_screen(phone, "Bob") == 0
    assert {g.variant for g in TinyDBStore(tmp_path).list_games()} == {
        "Mormon Bridge",
        "Scotch Bridge",
    }


def test_correcting_an_earlier_round_updates_the_leaderboard(
    tmp_path: Path, phone: AppPage
) -> None:
    with running_app(tmp_path) as url:
        phone.open(url)
        start(phone, "golf", ["Ann", "Bob", "Cat"])
        for _ in range(2):
            phone.tap("suit-spades")
            for _ in range(3):
                phone.tap("pad-0")
            phone.tap(f"pad-{0}")  # first bidder took nothing
            phone.tap("pad-0")  # second took nothing: the dealer took them all
            phone.tap("record-round")
        before = total_on_screen(phone, "Cat")
        phone.tap("toggle-sheet")
        phone.tap("edit-round-2")  # round 2: Bob dealt 2 cards, Cat bid 0 and took nothing
        assert "Correcting round 2" in phone.text_of("round-title")
        phone.tap("bid-Cat")
        phone.tap("pad-1")  # Cat had really bid 1: now she is set
        phone.tap("record-round")
        assert "Cat's total" in phone.text_of("changes")
        assert total_on_screen(phone, "Cat") == before - 10
    stored = TinyDBStore(tmp_path).list_games()[0]
    game = TinyDBStore(tmp_path).load_game(stored.id).game
    assert game.record.rounds[1].bids["Cat"] == 1


def test_a_golf_game_to_the_end_shows_the_settlement(tmp_path: Path, phone: AppPage) -> None:
    """Ann takes every trick. Everyone bids what they will take, but the hook makes each dealer
    miss: so each player is set in the 6 hands they deal. Bob and Cat (10 a hand) finish level
    below Ann (10 plus her tricks) and share Ann's 6 x 10 cents."""
    seats = ["Ann", "Bob", "Cat"]
    with running_app(tmp_path) as url:
        phone.open(url)
        start(phone, "golf", seats, stake=10)
        for number in range(1, 19):
            cards = number if number <= 9 else 19 - number
            dealer = seats[(number - 1) % 3]
            order = [seats[(seats.index(dealer) + i) % 3] for i in (1, 2, 3)]
            assert f"{dealer} deals" in phone.text_of("round-info")
            phone.tap("suit-diamonds")
            for player in order:
                bid = cards if player == "Ann" else 0
                if player == dealer:  # the hook: the dealer may not make it add up
                    bid = 0 if player == "Ann" else 1
                phone.tap(f"pad-{bid}")
            for player in order[:-1]:
                phone.tap(f"pad-{cards if player == 'Ann' else 0}")
            phone.tap("record-round")
        phone.wait_for("winners")
        winners = phone.text_of("winners")
        settlement = phone.text_of("settlement")
    assert "Bob and Cat share the win" in winners
    assert "Ann pays Bob 30¢" in settlement
    assert "Ann pays Cat 30¢" in settlement
    assert "Bob collects 30¢ in all" in settlement
    assert "Sets: Ann 6, Bob 6, Cat 6" in settlement
    stored = TinyDBStore(tmp_path)
    sheet = stored.load_game(stored.list_games()[0].id).game.sheet
    assert sheet.winners == ("Bob", "Cat")
    assert [(p.payer, p.payee, p.cents) for p in sheet.settlement] == [
        ("Ann", "Bob", 30),
        ("Ann", "Cat", 30),
    ]


def test_a_game_killed_mid_round_resumes_exactly_where_it_was(
    tmp_path: Path, phone: AppPage
) -> None:
    # the game is set up through the store: this test is about the kill, not the typing
    game_id = (
        open_store(tmp_path)
        .create_game(
            GameRecord.from_data({"variant": "golf", "players": ["Ann", "Bob", "Cat", "Dan"]})
        )
        .id
    )
    with running_app(tmp_path, kill=True) as url:
        phone.open(url)
        phone.tap(f"game-{game_id}")
        phone.wait_for("round-title")
        phone.tap("suit-hearts")
        phone.tap("pad-1")  # Bob bids 1
        phone.tap("pad-0")  # Cat bids 0
    # the server was killed with SIGKILL; start it again on the same folder
    with running_app(tmp_path) as url:
        phone.open(url)
        game_id = TinyDBStore(tmp_path).list_games()[0].id
        phone.wait_for(f"game-{game_id}")
        assert phone.page.get_by_role("button", name="Resume").count() >= 1
        phone.tap(f"game-{game_id}")
        phone.wait_for("round-title")
        assert "Round 1 of 18" in phone.text_of("round-title")
        assert "hearts turned" in phone.text_of("trump-note")
        assert phone.cell_value("bid-Bob") == "1"
        assert phone.cell_value("bid-Cat") == "0"
        assert "Dan bids" in phone.text_of("prompt")
