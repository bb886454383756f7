"""Marking the tricks as they fall, in headless Chromium at 390×844: a whole round of eight
players tapped trick by trick fits the phone and records what counting at the end records,
and a hand killed halfway comes back with its marks.

Games are set up through the store (the rounds before, and the bids of the round on the pad
where the test is about the tricks): typing names and bids is covered elsewhere.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from scorepad.engine import Game, GameRecord, RoundDraft, RoundRecord, Suit
from scorepad.store import TinyDBStore, open_store
from tests.browser.harness import (
    AppPage,
    phone_page,
    require_chromium,
    running_app,
)
from tests.helpers import zero_round

pytestmark = pytest.mark.browser
PHONE = (390, 844)
EIGHT = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


@pytest.fixture(autouse=True)
def chromium_present() -> None:
    require_chromium()


@pytest.fixture
def phone(tmp_path: Path) -> Iterator[AppPage]:
    with phone_page(tmp_path, *PHONE) as app:
        yield app


def game_at_round(data_dir: Path, players: list[str], number: int) -> tuple[str, Game]:
    """A stored Golf game whose next round is ``number`` (nobody bid in the rounds before)."""
    game = Game.start("golf", players, first_dealer=players[-1])
    for _ in range(number - 1):
        game = game.record_round(zero_round(game))
    stored = open_store(data_dir).create_game(GameRecord.from_data(game.record.to_data()))
    return stored.id, game


def with_bids(data_dir: Path, game_id: str, game: Game, bids: dict[str, int]) -> None:
    """The round on the pad with its trump turned and its bids in, as if tapped."""
    draft = RoundDraft(turned=Suit.SPADES, bids=bids, bids_shown=True)
    assert game.check_draft(draft) == draft
    open_store(data_dir).update_game(game_id, lambda same: same, draft=draft)


def outside(app: AppPage, identifier: str, floor: float = PHONE[1]) -> str | None:
    box = app.wait_for(identifier).first.bounding_box()
    if box is None:
        return f"{identifier} has no box"
    bottom = box["y"] + box["height"]
    if box["y"] < 0 or bottom > floor or box["x"] < 0 or box["x"] + box["width"] > PHONE[0]:
        return f"{identifier} at x={box['x']:.0f} y={box['y']:.0f}..{bottom:.0f}"
    return None


def assert_on_screen(app: AppPage, identifiers: list[str]) -> None:
    app.page.wait_for_timeout(300)  # let the layout settle after the last frame
    off = [why for why in (outside(app, i) for i in identifiers) if why]
    assert not off, f"off the {PHONE[0]}×{PHONE[1]} screen: {off}"


def test_eight_players_mark_a_whole_hand_on_a_phone_and_record_the_counts_totals(
    tmp_path: Path, phone: AppPage
) -> None:
    game_id, game = game_at_round(tmp_path, EIGHT, 6)  # 6 cards each, the largest for 8
    setup = game.next_round
    assert setup is not None and setup.cards == 6
    bids = dict.fromkeys(EIGHT, 0) | {"Ann": 2, "Cat": 1, "Eve": 1}
    with_bids(tmp_path, game_id, game, bids)
    winners = ["Ann", "Cat", "Ann", "Bob", "Eve", "Hal"]
    with running_app(tmp_path) as url:
        phone.open(url)
        phone.tap(f"game-{game_id}")
        phone.wait_for("round-title")
        phone.wait_for("pad-0")
        assert "How many tricks" in phone.text_of("prompt"), "counting at the end is the default"
        # the choice above the pad leaves the whole pad and Record on screen
        assert_on_screen(
            phone,
            [f"pad-{n}" for n in range(7)] + ["tricks-count", "tricks-tally", "record-round"],
        )
        phone.tap("tricks-tally")
        phone.wait_for("mark-Ann")
        assert phone.by_id("pad-0").count() == 0, "the number pad gives way to the marks"
        assert_on_screen(
            phone,
            [f"mark-{name}" for name in EIGHT]
            + ["undo-trick", "tricks-count", "tricks-tally", "record-round", "prompt"],
        )
        phone.page.screenshot(path=str(tmp_path / "tally-8-players.png"))
        assert "Marking as they fall: who took trick 1 of 6?" in phone.text_of("prompt")
        assert "needs 2 more" in phone.text_of("mark-Ann")
        assert "made it so far" in phone.text_of("mark-Bob")

        phone.tap("mark-Ann")
        phone.tap("mark-Dan")  # a wrong tap ...
        assert "set" in phone.text_of("mark-Dan")
        phone.tap("undo-trick")  # ... taken back, and only it
        assert "made it so far" in phone.text_of("mark-Dan")
        assert "needs 1 more" in phone.text_of("mark-Ann")
        for name in winners[1:]:
            phone.tap(f"mark-{name}")
            if name == "Eve":
                assert "Who took the last trick?" in phone.text_of("prompt")
        assert "made it" in phone.text_of("mark-Ann")
        assert "set" in phone.text_of("mark-Bob")
        assert not phone.is_disabled("record-round")
        phone.tap("record-round")
        phone.wait_for("round-title")

    # what counting at the end would have recorded: each player's count of the marks
    counts = {name: winners.count(name) for name in EIGHT}
    expected = game.record_round(RoundRecord(turned=Suit.SPADES, bids=bids, tricks=counts))
    stored = TinyDBStore(tmp_path).load_game(game_id)
    assert stored.game.record.rounds == expected.record.rounds
    assert stored.game.sheet.totals == expected.sheet.totals
    assert stored.draft == RoundDraft(tallying=True), "the next round marks the tricks too"


def test_a_hand_killed_halfway_comes_back_with_its_marks(tmp_path: Path, phone: AppPage) -> None:
    players = ["Ann", "Bob", "Cat", "Dan"]
    game_id, game = game_at_round(tmp_path, players, 4)  # 4 cards each
    bids = {"Ann": 1, "Bob": 2, "Cat": 0, "Dan": 0}
    with_bids(tmp_path, game_id, game, bids)
    with running_app(tmp_path, kill=True) as url:
        phone.open(url)
        phone.tap(f"game-{game_id}")
        phone.wait_for("round-title")
        phone.tap("tricks-tally")
        phone.tap("mark-Bob")
        phone.tap("mark-Cat")
        phone.tap("mark-Bob")
    # the server was killed with SIGKILL mid-hand; start it again on the same folder
    with running_app(tmp_path) as url:
        phone.open(url)
        phone.tap(f"game-{game_id}")
        phone.wait_for("round-title")
        phone.wait_for("mark-Bob")
        assert "Who took the last trick?" in phone.text_of("prompt")
        assert "2/2" in phone.text_of("mark-Bob") and "made it so far" in phone.text_of("mark-Bob")
        assert "set" in phone.text_of("mark-Cat")
        assert "needs 1 more" in phone.text_of("mark-Ann")
        phone.tap("mark-Ann")
        phone.tap("record-round")
        phone.wait_for("round-title")
    stored = TinyDBStore(tmp_path).load_game(game_id)
    assert dict(stored.game.record.rounds[3].tricks) == {"Ann": 1, "Bob": 2, "Cat": 1, "Dan": 0}
