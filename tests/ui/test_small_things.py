"""Small things a table notices: what a correction changed, what the home card says is next,
and a standings table that stays together on a wide window."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import flet as ft
import pytest
import pytest_asyncio

from scorepad.engine import Suit
from scorepad.store import GameSummary, ListedStatus, open_store
from scorepad.ui.state import Field, GameTab, Home, ScorepadApp
from scorepad.ui.views.home import CARD_NAME_LIMIT, game_card
from scorepad.ui.views.sheet import STANDINGS_MAX_WIDTH, results_panel, sheet_panel
from tests.ui.driving import play_round, start
from tests.ui.flet_session import ViewDriver
from tests.ui.test_sheet_view import walk

LAPTOP = 1280
PHONE = 390


@pytest_asyncio.fixture(params=[LAPTOP, PHONE], ids=["laptop", "phone"])
async def driver(tmp_path: Path, request: pytest.FixtureRequest) -> AsyncIterator[ViewDriver]:
    app = ScorepadApp(open_store(tmp_path / "data"), rng=random.Random(3))
    view = ViewDriver(app, width=request.param)
    await view.settle()
    yield view
    view.close()


def test_a_correction_that_moves_no_points_says_what_was_corrected(app: ScorepadApp) -> None:
    start(app, "mormon-bridge", ["Ann", "Bob"])
    play_round(app, bids={"Ann": 5, "Bob": 4}, tricks={"Ann": 5, "Bob": 5}, suit=Suit.HEARTS)
    session = app.game.session
    assert session is not None
    totals = dict(session.sheet.totals)
    app.game.edit_round(1)
    app.game.select(Field.BID, "Bob")
    app.game.tap_number(3)  # missed either way: the score stays as it was
    app.game.confirm_round()
    assert dict(session.sheet.totals) == totals
    assert session.changes == ["round 1: Bob's bid 4 → 3", "no totals changed"]


def test_the_home_card_names_the_next_round_and_the_leader(app: ScorepadApp) -> None:
    start(app, "mormon-bridge", ["Ann", "Bob"])
    session = app.game.session
    assert session is not None
    total = session.sheet.rounds_total
    assert _card_detail(app) == f"next: round 1 of {total}"
    for _ in range(4):
        play_round(app)  # Ann, first to bid, takes every trick
    session = app.game.session
    assert session is not None
    (leader,) = session.sheet.leaders
    best, second = (standing.total for standing in session.sheet.standings)
    assert best > second
    assert _card_detail(app) == f"next: round 5 of {total} · {leader} is ahead, {best} to {second}"


def test_the_home_card_of_a_low_wins_game_puts_the_leaders_low_total_first(
    app: ScorepadApp,
) -> None:
    start(app, "golf", ["Ann", "Bob"], dealer="Bob")
    play_round(app, bids={"Ann": 0, "Bob": 0}, tricks={"Ann": 1, "Bob": 0}, suit=Suit.CLUBS)
    session = app.game.session
    assert session is not None
    assert dict(session.sheet.totals) == {"Ann": 0, "Bob": 10}
    assert _card_detail(app).endswith("· Ann is ahead, 0 to 10")


def _summary(
    status: ListedStatus,
    leaders: tuple[str, ...],
    winners: tuple[str, ...] = (),
    standing_totals: tuple[int, ...] = (),
) -> GameSummary:
    return GameSummary(
        id="g1",
        variant="Golf",
        players=("Ann", "Bob", "Cat"),
        status=status,
        rounds_played=4,
        rounds_total=10,
        leaders=leaders,
        winners=winners,
        created=None,
        updated=None,
        standing_totals=standing_totals,
    )


def test_the_home_card_says_who_shares_the_lead_and_how_a_game_ended() -> None:
    detail = Home.card_detail
    assert detail(_summary(ListedStatus.IN_PROGRESS, ("Ann", "Bob"))) == (
        "next: round 5 of 10 · Ann and Bob are level"
    )
    assert detail(_summary(ListedStatus.IN_PROGRESS, ("Ann", "Bob"), (), (40, 40, 12))) == (
        "next: round 5 of 10 · Ann and Bob are level at 40"
    )
    assert detail(_summary(ListedStatus.ABANDONED, ("Ann",))) == "ended after 4 of 10 rounds"
    assert detail(_summary(ListedStatus.FINISHED, ("Cat",), ("Cat",))) == "won by Cat"


def _card_detail(app: ScorepadApp) -> str:
    """The line under the only game on the home screen, as its card shows it."""
    app.go_home()
    (game,) = app.home.games
    detail = app.home.card_detail(game)
    app.home.open_game(game.id)
    return detail


@pytest.mark.asyncio
async def test_the_home_card_on_screen_names_the_next_round(driver: ViewDriver) -> None:
    app = driver.app
    start(app, "golf", ["Ann", "Bob"], dealer="Bob")
    play_round(app)
    app.go_home()
    await driver.settle()
    total = app.home.games[0].rounds_total
    assert any(text.startswith(f"next: round 2 of {total} · ") for text in driver.texts())


@pytest.mark.asyncio
async def test_the_standings_stay_together_on_a_wide_window(driver: ViewDriver) -> None:
    app = driver.app
    start(app, "golf", ["Ann", "Bob"], dealer="Bob")
    play_round(app)
    app.game.show_tab(GameTab.SHEET)
    await driver.settle()
    standings = driver.tagged("standings")
    assert isinstance(standings, ft.Container)
    width = standings.width
    if driver.page.width == LAPTOP:
        assert width == STANDINGS_MAX_WIDTH
    else:  # a phone is narrower than the bound: the table keeps its own width
        assert width is None


def test_the_sheet_draws_outside_a_running_page(app: ScorepadApp) -> None:
    """Views are also drawn with no page (the stateful test renders them directly): the
    standings then take the wide-window bound instead of failing to ask for the width."""
    start(app, "golf", ["Ann", "Bob"], dealer="Bob")
    play_round(app)
    session = app.game.session
    assert session is not None
    assert isinstance(sheet_panel(app.game, session), ft.Column)


LONG = "Maximilian Alexander Fitzgerald-Worthing"


def test_a_long_leaders_name_is_cut_short_on_the_card_and_the_score_stays() -> None:
    summary = _summary(ListedStatus.IN_PROGRESS, (LONG,), (), (23, 22))
    shown = Home.card_detail(summary, name_limit=CARD_NAME_LIMIT)
    assert shown == "next: round 5 of 10 · Maximilian Al… is ahead, 23 to 22"
    assert Home.card_detail(summary) == f"next: round 5 of 10 · {LONG} is ahead, 23 to 22"


def test_game_cards_show_the_short_line_and_say_the_whole_one(app: ScorepadApp) -> None:
    start(app, "golf", [LONG, "Bob"], dealer="Bob")
    for _ in range(2):
        play_round(app)
    app.go_home()
    (summary,) = app.home.games
    card = game_card(app, summary)
    subtitles = [
        c for c in walk(card) if isinstance(c, ft.Text) and (c.value or "").startswith("next:")
    ]
    assert len(subtitles) == 1
    assert subtitles[0].value == app.home.card_detail(summary, name_limit=CARD_NAME_LIMIT)
    assert subtitles[0].semantics_label == app.home.card_detail(summary)


def test_lists_of_names_read_as_a_sentence() -> None:
    three = ("Ann", "Bob", "Cat")
    assert Home.card_detail(_summary(ListedStatus.IN_PROGRESS, three, (), (40, 40, 40))) == (
        "next: round 5 of 10 · Ann, Bob and Cat are level at 40"
    )
    assert Home.card_detail(_summary(ListedStatus.FINISHED, three[:2], three[:2])) == (
        "won by Ann and Bob"
    )
    five = ("Ann", "Bob", "Cat", "Dan", "Eve")
    assert Home.card_detail(_summary(ListedStatus.IN_PROGRESS, five, (), (40,) * 5)) == (
        "next: round 5 of 10 · Ann, Bob, Cat, Dan and Eve are level at 40"
    )
    assert Home.card_detail(
        _summary(ListedStatus.IN_PROGRESS, five, (), (40,) * 5), name_limit=CARD_NAME_LIMIT
    ) == ("next: round 5 of 10 · 5 players are level at 40")


def test_three_winners_share_the_win_in_one_sentence(app: ScorepadApp) -> None:
    start(app, "golf", ["Ann", "Bob", "Cat"], stake=5)
    session = app.game.session
    assert session is not None
    while session.game.next_round is not None:
        play_round(app)  # each round the leader is set: after 18 the three tie
    assert len(session.sheet.winners) == 3
    texts = [c.value for c in walk(results_panel(app, session)) if isinstance(c, ft.Text)]
    assert "Ann, Bob and Cat share the win!" in texts
