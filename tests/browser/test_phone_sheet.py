"""The score sheet and the leaderboard on a phone (390×844), with names at the engine's limit.

Up to five players every player's column is on screen at once; from six the player columns
scroll sideways and the round numbers stay put; a round's number opens its correction. In a
game played for a stake the leaderboard shows each player's sets and what they owe so far. A
40-character name is cut short on screen, never pushes a control out of the viewport, and is
whole in the accessibility tree.

Games are made through the store before the app starts. Each test takes viewport screenshots
of what it looked at (a full-page screenshot of Flutter's canvas is blank); a failing test leaves
them in ``test-artifacts/<test name>/``.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import FloatRect

from scorepad.engine import Game, GameRecord, format_cents, spoken_cents
from scorepad.store import open_store
from tests.browser.harness import (
    PROJECT,
    AppPage,
    phone_page,
    require_chromium,
    running_app,
)
from tests.helpers import zero_round

pytestmark = pytest.mark.browser
PHONE = (390, 844)
LONG = "Maximilian Alexander Fitzgerald-Worthing"
"""A name at the engine's limit of 40 characters."""
EIGHT = [LONG, "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


@pytest.fixture(autouse=True)
def chromium_present() -> None:
    require_chromium()


@pytest.fixture
def phone(tmp_path: Path) -> Iterator[AppPage]:
    with phone_page(tmp_path, *PHONE) as app:
        yield app


ARTEFACTS = PROJECT / "test-artifacts"
"""Where a failing test leaves its screenshots: pytest keeps only its last few ``tmp_path``
folders, and several runs on one machine would sweep them away before anyone looks."""


@pytest.fixture
def shots(phone: AppPage, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[list[Path]]:
    """The viewport screenshots a test takes; when it fails they are copied, with one of the
    screen at that moment, into ``test-artifacts/<test name>/`` and named in the report."""
    taken: list[Path] = []
    failed_before = request.session.testsfailed
    yield taken
    if request.session.testsfailed == failed_before:
        return
    kept = ARTEFACTS / request.node.name
    kept.mkdir(parents=True, exist_ok=True)
    failure = tmp_path / "failure.png"  # the conftest's, of the screen as the test failed
    for shot in [*taken, failure] if failure.exists() else taken:
        shutil.copy(shot, kept / shot.name)
    print(f"screenshots at {PHONE[0]}x{PHONE[1]} kept in {kept}")


def shoot(phone: AppPage, shots: list[Path], path: Path) -> None:
    phone.page.wait_for_timeout(500)  # pixels lag the accessibility tree a little
    phone.page.screenshot(path=str(path))
    shots.append(path)


def stored_game(
    data_dir: Path, players: list[str], rounds: int, stake: int | None = None
) -> tuple[Game, str]:
    """A Golf game with ``rounds`` rounds played (the leader takes every trick on a bid of
    0, so someone is set each round), stored; the game and its id in the store."""
    game = Game.start("golf", players, stake_cents=stake)
    for _ in range(rounds):
        game = game.record_round(zero_round(game))
    stored = open_store(data_dir).create_game(GameRecord.from_data(game.record.to_data()))
    return game, stored.id


def box(phone: AppPage, identifier: str) -> FloatRect:
    found = phone.wait_for(identifier).first.bounding_box()
    assert found is not None, f"{identifier} has no box"
    return found


def in_viewport(phone: AppPage, identifier: str) -> bool:
    where = box(phone, identifier)
    return (
        where["x"] >= 0
        and where["y"] >= 0
        and where["x"] + where["width"] <= PHONE[0]
        and where["y"] + where["height"] <= PHONE[1]
    )


def across_the_screen(phone: AppPage, identifier: str) -> bool:
    """Whether the control's whole width is on screen (it may be further down the page)."""
    where = box(phone, identifier)
    return where["x"] >= 0 and where["x"] + where["width"] <= PHONE[0]


def accessible_name(phone: AppPage, identifier: str) -> str:
    """What a screen reader hears of the control: its names and text, and its parts'."""
    return str(
        phone.wait_for(identifier).first.evaluate(
            "e => [e, ...e.querySelectorAll('*')]"
            ".map(n => n.getAttribute('aria-label') || '').join(' ') + ' ' + e.innerText"
        )
    ).strip()


@pytest.mark.parametrize("seats", [4, 5], ids=["4-players", "5-players"])
def test_up_to_five_players_every_column_is_on_a_phone(
    tmp_path: Path, phone: AppPage, shots: list[Path], seats: int
) -> None:
    players = EIGHT[:seats]
    _, game_id = stored_game(tmp_path, players, rounds=6)
    with running_app(tmp_path) as url:
        phone.open(url)
        phone.tap(f"game-{game_id}")
        phone.wait_for("round-title")
        shoot(phone, shots, tmp_path / f"round-{seats}.png")
        phone.tap("toggle-sheet")
        phone.wait_for("sheet")
        shoot(phone, shots, tmp_path / f"sheet-{seats}.png")
        off = [p for p in players if not in_viewport(phone, f"sheet-player-{p}")]
        assert not off, f"columns off the {PHONE[0]}×{PHONE[1]} screen: {off}"
        assert across_the_screen(phone, "sheet")  # nothing to scroll sideways to
        assert across_the_screen(phone, "standings")
        assert in_viewport(phone, "edit-round-1")
        assert accessible_name(phone, f"sheet-player-{LONG}") == LONG  # whole, though cut short
        assert box(phone, f"sheet-player-{LONG}")["width"] < PHONE[0] / seats + 1


def test_eight_players_scroll_sideways_beside_the_round_numbers(
    tmp_path: Path, phone: AppPage, shots: list[Path]
) -> None:
    _, game_id = stored_game(tmp_path, EIGHT, rounds=6)
    with running_app(tmp_path) as url:
        phone.open(url)
        phone.tap(f"game-{game_id}")
        phone.wait_for("round-title")
        shoot(phone, shots, tmp_path / "round-8.png")
        phone.tap("toggle-sheet")
        phone.wait_for("sheet")
        shoot(phone, shots, tmp_path / "sheet-8.png")
        numbers_before = box(phone, "edit-round-2")
        assert not across_the_screen(phone, "sheet-player-Hal")  # the eighth column is off
        columns = box(phone, "sheet-columns")
        phone.page.mouse.move(columns["x"] + 150, numbers_before["y"] + 20)
        phone.page.mouse.wheel(600, 0)  # sideways, as a finger swipes the columns
        phone.page.wait_for_function(
            """() => {
                const hal = document.querySelector('[flt-semantics-identifier="sheet-player-Hal"]');
                const r = hal && hal.getBoundingClientRect();
                return r && r.right <= window.innerWidth;
            }""",
            timeout=10000,
        )
        shoot(phone, shots, tmp_path / "sheet-8-scrolled.png")
        assert across_the_screen(phone, "sheet-player-Hal")
        assert not across_the_screen(phone, f"sheet-player-{LONG}")  # scrolled out at the left
        assert box(phone, "edit-round-2") == numbers_before  # the round numbers stayed put
        assert phone.page.get_by_role("button", name="Correct round 2").count() == 1
        phone.tap("edit-round-2")
        assert "Correcting round 2" in phone.text_of("round-title")


def test_a_golf_leaderboard_shows_every_player_and_the_running_tab(
    tmp_path: Path, phone: AppPage, shots: list[Path]
) -> None:
    """Four players for a stake: every chip on a phone at once (the long name cut short), each
    with its sets and what they cost so far, never "owes" before anyone has lost."""
    players = [LONG, "Bob", "Cat", "Dan"]
    game, game_id = stored_game(tmp_path, players, rounds=5, stake=10)
    owed = game.sheet.owed_so_far()
    assert owed is not None and any(owed.values())
    with running_app(tmp_path) as url:
        phone.open(url)
        phone.tap(f"game-{game_id}")
        phone.wait_for("round-title")  # the round, not only the Sheet tab, shows the tab
        shoot(phone, shots, tmp_path / "leaderboard.png")
        off = [name for name in players if not in_viewport(phone, f"standing-{name}")]
        assert not off, f"chips off the {PHONE[0]}×{PHONE[1]} screen: {off}"
        for name in players:
            sets = game.sheet.sets[name]
            said = accessible_name(phone, f"standing-{name}")
            assert name in said  # the long name whole, though cut short on screen
            assert "owes" not in said
            if sets:
                counted = f"{sets} set{'s' if sets != 1 else ''}"
                assert f"{counted} so far, {spoken_cents(owed[name])} at stake" in said
            else:
                assert "no sets so far" in said


def test_at_the_end_the_chips_say_who_pays_and_who_collects(
    tmp_path: Path, phone: AppPage, shots: list[Path]
) -> None:
    players = [LONG, "Bob", "Cat", "Dan"]
    game, game_id = stored_game(tmp_path, players, rounds=18, stake=10)
    money = game.sheet.money_at_end()
    assert money is not None and any(money.values())
    with running_app(tmp_path) as url:
        phone.open(url)
        phone.tap(f"game-{game_id}")
        phone.wait_for("winners")
        shoot(phone, shots, tmp_path / "end.png")
        off = [name for name in players if not in_viewport(phone, f"standing-{name}")]
        assert not off, f"chips off the {PHONE[0]}×{PHONE[1]} screen: {off}"
        for name in players:
            said = accessible_name(phone, f"standing-{name}")
            net = money[name]
            if net > 0:
                assert f"collects {format_cents(net)}" in said
            elif net < 0:
                assert f"pays {format_cents(-net)}" in said
            else:
                assert "pays nothing" in said
            assert "owes" not in said


def test_a_long_name_leaves_every_control_on_a_phone(
    tmp_path: Path, phone: AppPage, shots: list[Path]
) -> None:
    players = [LONG, "Bob", "Cat", "Dan"]
    game, game_id = stored_game(tmp_path, players, rounds=4, stake=5)  # LONG deals round 5
    assert game.next_round is not None and LONG in (game.next_round.dealer, game.next_round.leader)
    with running_app(tmp_path) as url:
        phone.open(url)
        phone.wait_for(f"game-{game_id}")
        shoot(phone, shots, tmp_path / "home.png")
        assert in_viewport(phone, f"game-{game_id}")
        assert LONG in accessible_name(phone, f"game-{game_id}")
        phone.tap(f"game-{game_id}")
        phone.wait_for("round-title")
        shoot(phone, shots, tmp_path / "round.png")
        controls = ["round-title", "round-info", f"line-{LONG}", f"bid-{LONG}", "record-round"]
        controls += [f"suit-{suit}" for suit in ("clubs", "diamonds", "hearts", "spades")]
        off = [c for c in controls if not in_viewport(phone, c)]
        assert not off, f"off the {PHONE[0]}×{PHONE[1]} screen: {off}"
        assert LONG in accessible_name(phone, "round-info")
        assert LONG in accessible_name(phone, f"standing-{LONG}")
        phone.tap("toggle-sheet")
        phone.wait_for("sheet")
        shoot(phone, shots, tmp_path / "sheet.png")
        off = [
            c
            for c in ("standings", "sheet", f"sheet-player-{LONG}")
            if not across_the_screen(phone, c)
        ]
        assert not off, f"wider than the {PHONE[0]} px screen: {off}"
        assert accessible_name(phone, f"sheet-player-{LONG}") == LONG
