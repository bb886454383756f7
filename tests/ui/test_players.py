"""The players' screens: the all-time leaderboard, the roster's rename / merge / undo, a player's
page over a date range, and the currency symbol. Numbers are checked against a small history
worked out by hand (below); first through the controllers, then through the real views in a
Flet session without a browser."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import AsyncIterator
from datetime import date, timedelta
from pathlib import Path

import flet as ft
import pytest
import pytest_asyncio

from scorepad.engine import GOLF, MAX_NAME_LENGTH, MORMON_BRIDGE, leaderboard, player_stats
from scorepad.store import StoreBusyError, open_store
from scorepad.ui.state import MessageKind, ScorepadApp, Screen
from scorepad.ui.state.player_page import Span
from scorepad.ui.state.players import RosterTask
from tests.ui.driving import play_round, start
from tests.ui.flet_session import ViewDriver

QUICK_BRIDGE = MORMON_BRIDGE.with_changes(name="Quick Bridge", hand_sizes=(2, 1))
"""Mormon Bridge in two rounds: 1 point a trick, 10 more for a bid made, highest wins."""
SHORT_GOLF = GOLF.with_changes(name="Short Golf", hand_sizes=(1, 1, 1))
"""Golf in three one-card hands: 10 + tricks for a bid made, 0 when set, lowest wins, the
loser pays 5 cents for each hand they were set in."""


def play_history(app: ScorepadApp) -> None:
    """Three finished games, worked out by hand:

    A, Quick Bridge, Ann Bob Cat
      2 cards: bids 1 0 0, took 1 1 0 -> Ann 11, Bob 1 (set), Cat 10 (zero made)
      1 card:  bids 1 1 0, took 1 0 0 -> Ann 11, Bob 0 (set), Cat 10 (zero made)
      totals Ann 22, Bob 1, Cat 20: Ann wins
    B, Quick Bridge, Ann Bob Dan
      2 cards: bids 0 1 0, took 1 1 0 -> Ann 1 (set), Bob 11, Dan 10
      1 card:  bids 0 1 0, took 0 1 0 -> Ann 10, Bob 11, Dan 10
      totals Ann 11, Bob 22, Dan 20: Bob wins
    C, Short Golf (5 cents a set), Ann Bob, Bob deals first
      hand 1: bids Ann 0 Bob 0, took 1 0 -> Ann 0 (set), Bob 10
      hand 2: bids Bob 1 Ann 1, took 0 1 -> Bob 0 (set), Ann 11
      hand 3: bids Ann 0 Bob 0, took 1 0 -> Ann 0 (set), Bob 10
      totals Ann 11, Bob 20: Ann wins (low); Bob was set once: pays Ann 5 cents
    """
    app.store.save_variant(QUICK_BRIDGE)
    app.store.save_variant(SHORT_GOLF)
    start(app, "saved:Quick Bridge", ["Ann", "Bob", "Cat"], dealer="Cat")
    play_round(app, {"Ann": 1, "Bob": 0, "Cat": 0}, {"Ann": 1, "Bob": 1, "Cat": 0})
    play_round(app, {"Ann": 1, "Bob": 1, "Cat": 0}, {"Ann": 1, "Bob": 0, "Cat": 0})
    start(app, "saved:Quick Bridge", ["Ann", "Bob", "Dan"], dealer="Dan")
    play_round(app, {"Ann": 0, "Bob": 1, "Dan": 0}, {"Ann": 1, "Bob": 1, "Dan": 0})
    play_round(app, {"Ann": 0, "Bob": 1, "Dan": 0}, {"Ann": 0, "Bob": 1, "Dan": 0})
    start(app, "saved:Short Golf", ["Ann", "Bob"], dealer="Bob")
    play_round(app, {"Ann": 0, "Bob": 0}, {"Ann": 1, "Bob": 0})
    play_round(app, {"Ann": 1, "Bob": 1}, {"Ann": 1, "Bob": 0})
    play_round(app, {"Ann": 0, "Bob": 0}, {"Ann": 1, "Bob": 0})
    app.go_home()


@pytest.fixture
def played(app: ScorepadApp) -> ScorepadApp:
    play_history(app)
    return app


def screen_of(app: ScorepadApp) -> Screen:
    """The screen on show (read afresh: mypy keeps an earlier check's narrowing)."""
    return app.screen


# --- the leaderboard --------------------------------------------------------------------------


def test_the_all_time_leaderboard_matches_the_history_worked_out_by_hand(
    played: ScorepadApp,
) -> None:
    players = played.players
    players.open()
    assert played.screen is Screen.PLAYERS
    assert players.min_games == 3  # the default, shown in its field
    assert players.min_games_text == "3"
    ranked = players.ranked
    assert [(s.name, s.games, s.wins, s.cents) for s in ranked] == [
        ("Ann", 3, 2, 5),
        ("Bob", 3, 1, -5),
    ]
    assert ranked[0].win_rate == pytest.approx(2 / 3)
    assert players.money(ranked[0].cents) == "5¢"
    assert players.money(ranked[1].cents) == "-5¢"
    assert players.unranked == ["Cat", "Dan"]
    assert players.variants == ["Quick Bridge", "Short Golf"]


def test_a_variant_s_leaderboard_counts_only_its_games(played: ScorepadApp) -> None:
    players = played.players
    players.open()
    players.choose_variant("Quick Bridge")
    assert players.ranked == []  # nobody has 3 Quick Bridge games
    players.set_min_games("2")
    assert [(s.name, s.games, s.wins) for s in players.ranked] == [("Ann", 2, 1), ("Bob", 2, 1)]
    players.set_min_games("1")
    assert [s.name for s in players.ranked][:2] == ["Ann", "Bob"]
    assert {s.name: s.games for s in players.ranked} == {"Ann": 2, "Bob": 2, "Cat": 1, "Dan": 1}
    players.choose_variant("Short Golf")
    assert [(s.name, s.wins, s.cents) for s in players.ranked] == [("Ann", 1, 5), ("Bob", 0, -5)]
    players.choose_variant(None)
    assert len(players.ranked) == 4


@pytest.mark.parametrize("typed", ["0", "-1", "three", "", "1001", "2.5"])
def test_a_bad_minimum_says_why_and_keeps_the_last_good_one(
    played: ScorepadApp, typed: str
) -> None:
    players = played.players
    players.open()
    players.set_min_games(typed)
    assert players.min_games == 3
    assert players.min_games_text == typed
    assert players.min_games_error is not None
    assert "whole number from 1 to 1000" in players.min_games_error
    assert repr(typed)[1:-1] in players.min_games_error
    assert [s.name for s in players.ranked] == ["Ann", "Bob"]
    players.set_min_games(" 2 ")
    assert players.min_games == 2 and players.min_games_error is None


def test_a_variant_nobody_played_is_refused(played: ScorepadApp) -> None:
    players = played.players
    players.open()
    players.choose_variant("Scotch Bridge")
    assert played.message is not None and played.message.kind is MessageKind.ERROR
    assert "no games of 'Scotch Bridge' have been played" in played.message.text
    assert players.variant is None


def test_games_in_progress_are_not_on_the_leaderboard(app: ScorepadApp) -> None:
    app.store.save_variant(QUICK_BRIDGE)
    start(app, "saved:Quick Bridge", ["Ann", "Bob", "Cat"], dealer="Cat")
    play_round(app, {"Ann": 1, "Bob": 0, "Cat": 0}, {"Ann": 1, "Bob": 1, "Cat": 0})
    app.players.open()
    assert app.players.standings == []
    assert app.players.ranked == []


def test_an_abandoned_game_counts_as_played_never_as_won(played: ScorepadApp) -> None:
    """Ann leads after one round of a fourth game, which then ends early."""
    start(played, "saved:Quick Bridge", ["Ann", "Bob", "Cat"], dealer="Cat")
    play_round(played, {"Ann": 1, "Bob": 0, "Cat": 0}, {"Ann": 1, "Bob": 1, "Cat": 0})
    played.game.abandon_game()
    played.players.open()
    ann = next(s for s in played.players.ranked if s.name == "Ann")
    assert (ann.games, ann.finished, ann.abandoned, ann.wins) == (4, 3, 1, 2)
    assert ann.win_rate == pytest.approx(2 / 4)
    played.player_page.open("Ann")
    overall = played.player_page.overall
    assert overall is not None and overall.abandoned == 1
    assert overall.average_total is None  # Quick Bridge's high totals and Golf's low ones mix
    bridge = next(r.stats for r in played.player_page.by_variant if r.variant == "Quick Bridge")
    assert bridge.average_total == pytest.approx((22 + 11) / 2)  # finished games only


def test_a_store_that_cannot_be_read_says_so_and_shows_no_numbers(
    played: ScorepadApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    def unreadable(**_: object) -> None:
        raise StoreBusyError(played.store.root / "lock", 10)

    monkeypatch.setattr(played.store, "game_results", unreadable)
    monkeypatch.setattr(played.store, "player_stats", unreadable)  # the leaderboard's sums
    played.players.open()
    assert played.players.ranked == []
    assert played.message is not None and played.message.kind is MessageKind.ERROR
    assert played.message.text.startswith("the players' records cannot be read right now: ")
    played.player_page.open("Ann")
    assert played.player_page.overall is None
    assert played.message is not None
    assert played.message.text.startswith("the records cannot be read right now: ")


def test_the_leaderboard_is_summed_by_the_store_not_from_each_game_s_results(
    played: ScorepadApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The leaderboard asks the store for its sums (no model per game: fast over a long
    history) and shows exactly what the engine makes of every game's results, per variant,
    under the names players go by now (bid accuracy by hand size is not on this screen)."""
    store = played.store
    store.rename_player("Bob", "Robert")
    names = store.current_names()
    expected = {
        variant: [
            stats.model_copy(update={"hands": ()})
            for stats in leaderboard(
                player_stats(store.game_results(variant=variant), names=names), min_games=1
            )
        ]
        for variant in (None, "Quick Bridge", "Short Golf")
    }

    def not_asked(**_: object) -> None:
        raise AssertionError("the leaderboard read each game's results")

    monkeypatch.setattr(store, "game_results", not_asked)
    players = played.players
    players.open()
    players.set_min_games("1")
    assert players.variants == ["Quick Bridge", "Short Golf"]
    for variant, ranked in expected.items():
        players.choose_variant(variant)
        assert players.ranked == ranked
    assert [s.name for s in expected[None]] == ["Ann", "Robert", "Cat", "Dan"]
    assert played.message is None


# --- the roster: rename, merge, undo ----------------------------------------------------------


def test_rename_follows_the_games_and_undo_takes_it_back(played: ScorepadApp) -> None:
    players = played.players
    players.open()
    players.start_rename("Bob")
    assert players.dialog is not None and players.dialog.task is RosterTask.RENAME
    players.type_in_dialog("Robert")
    players.save_dialog()
    assert players.dialog is None
    assert played.message is not None and "Renamed Bob to Robert" in played.message.text
    assert [(s.name, s.games, s.wins) for s in players.ranked] == [("Ann", 3, 2), ("Robert", 3, 1)]
    assert players.undo_label == "rename Bob to Robert"
    roster = {p.name: p.aliases for p in players.roster}
    assert roster["Robert"] == ("Bob",)
    assert "Robert" in played.lists.roster()  # the new-game form knows the new name

    players.undo()
    assert played.message is not None
    assert played.message.text == "Undone: rename Bob to Robert."
    assert [s.name for s in players.ranked] == ["Ann", "Bob"]
    assert players.undo_label is None


def test_a_name_taken_is_refused_in_the_dialog_and_merge_is_offered(played: ScorepadApp) -> None:
    players = played.players
    players.open()
    players.start_rename("Dan")
    players.type_in_dialog("cat")
    players.save_dialog()
    dialog = players.dialog
    assert dialog is not None, "a refused rename keeps the dialog open"
    assert dialog.error is not None
    assert "'cat' is already on the roster" in dialog.error
    assert "Merge" in dialog.error
    assert dialog.merge_into == "Cat"
    assert {p.name for p in players.roster} == {"Ann", "Bob", "Cat", "Dan"}  # nothing changed

    players.merge_instead()
    assert players.dialog is None
    assert played.message is not None and "Merged Dan into Cat" in played.message.text
    players.set_min_games("1")
    assert {s.name: s.games for s in players.ranked}["Cat"] == 2
    assert "Dan" not in {p.name for p in players.roster}
    players.undo()
    assert {p.name for p in players.roster} == {"Ann", "Bob", "Cat", "Dan"}


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("", "A player needs a name: type the new name"),
        ("Bob", "already called that"),
        ("x" * 45, "A name has at most 40 characters (this one has 45)"),
        ("A\nB", "contains the control or invisible character"),
    ],
)
def test_a_bad_new_name_says_why_and_changes_nothing(
    played: ScorepadApp, typed: str, said: str
) -> None:
    players = played.players
    players.open()
    players.start_rename("Bob")
    players.type_in_dialog(typed)
    players.save_dialog()
    assert players.dialog is not None and players.dialog.error is not None
    assert said in players.dialog.error
    assert players.dialog.merge_into is None
    assert {p.name for p in players.roster} == {"Ann", "Bob", "Cat", "Dan"}
    players.cancel_dialog()
    assert players.dialog is None
    assert played.message is None


def test_nothing_to_undo_and_nobody_to_merge_into_say_so(app: ScorepadApp) -> None:
    app.store.add_players(["Ann"])
    players = app.players
    players.open()
    players.undo()
    assert app.message is not None and app.message.kind is MessageKind.ERROR
    assert app.message.text == "there is no rename or merge to undo"
    players.start_merge("Ann")
    assert players.dialog is None
    assert app.message is not None
    assert "nobody to merge into" in app.message.text


# --- a player's page ------------------------------------------------------------------------


def test_a_player_s_page_matches_the_history_worked_out_by_hand(played: ScorepadApp) -> None:
    played.players.open()
    played.players.open_player("Ann")
    page = played.player_page
    assert played.screen is Screen.PLAYER_PAGE
    assert played.routes.current == "/players/Ann"
    ann = page.overall
    assert ann is not None
    assert (ann.games, ann.finished, ann.abandoned, ann.wins) == (3, 3, 0, 2)
    assert ann.average_total is None  # high-wins and low-wins games mixed: no average
    assert ann.best_total is None  # nor a best
    assert (ann.rounds, ann.bids_made) == (7, 4)
    assert [(h.cards, h.rounds, h.made) for h in ann.hands] == [(1, 5, 3), (2, 2, 1)]
    assert (ann.zeros_bid, ann.zeros_made) == (4, 1)
    assert (ann.cents_won, ann.cents_lost, ann.cents) == (5, 0, 5)
    by_variant = {r.variant: r.stats for r in page.by_variant}
    assert set(by_variant) == {"Quick Bridge", "Short Golf"}
    bridge, golf = by_variant["Quick Bridge"], by_variant["Short Golf"]
    assert (bridge.games, bridge.wins, bridge.best_total) == (2, 1, 22)
    assert bridge.average_total == pytest.approx(16.5)
    assert (golf.games, golf.wins, golf.best_total) == (1, 1, 11)
    assert [(o.variant, o.total, o.won) for o in page.outcomes] == [
        ("Quick Bridge", 22, True),
        ("Quick Bridge", 11, False),
        ("Short Golf", 11, True),
    ]


def test_the_page_s_date_range(played: ScorepadApp) -> None:
    page = played.player_page
    page.open("Ann")
    today = date.today()
    page.today = lambda: today
    page.choose_span(Span.LAST_30_DAYS)
    assert page.overall is not None and page.overall.games == 3
    assert page.range_words == f"{today - timedelta(days=29)} to {today}"
    page.choose_span(Span.THIS_YEAR)
    assert page.overall is not None and page.overall.games == 3

    tomorrow = (today + timedelta(days=1)).isoformat()
    page.set_since(tomorrow)
    assert page.span is Span.BETWEEN
    assert page.overall is None  # no game in the range
    page.set_since(today.isoformat())
    page.set_until(today.isoformat())
    assert page.overall is not None and page.overall.games == 3

    page.set_since("31/01/2026")
    assert page.range_error == (
        "From: '31/01/2026' is not a day written YYYY-MM-DD (such as 2026-11-30)"
    )
    assert page.overall is not None and page.overall.games == 3  # the last good range
    page.set_since(tomorrow)
    assert page.range_error is not None
    assert f"starts on {tomorrow}, after it ends ({today})" in page.range_error
    page.choose_span(Span.ALL_TIME)
    assert page.range_error is None and page.range_words == "all time"


@pytest.mark.parametrize(
    ("field", "typed", "message"),
    [
        ("since", "2026-11-31", "From: 2026-11-31 is not a day: November has 30 days"),
        ("until", "2027-02-29", "To: 2027-02-29 is not a day: February 2027 has 28 days"),
        (
            "since",
            "20261125",
            "From: '20261125' is not a day written YYYY-MM-DD (such as 2026-11-30)",
        ),
    ],
)
def test_a_day_the_calendar_lacks_or_written_another_way_is_refused_saying_why(
    played: ScorepadApp, field: str, typed: str, message: str
) -> None:
    """Said as ``scorepad stats --since`` says it (one reader of days): a 31st of November
    is not "not written YYYY-MM-DD", and a day without its dashes is not quietly taken."""
    page = played.player_page
    page.open("Ann")
    page.set_since("2026-01-01")
    page.set_until("2099-12-31")
    before = page.overall
    assert before is not None
    {"since": page.set_since, "until": page.set_until}[field](typed)
    assert page.range_error == message
    assert page.overall == before  # the last good range still shows


def test_an_old_name_opens_the_page_of_the_player_it_became(played: ScorepadApp) -> None:
    played.store.rename_player("Bob", "Robert")
    played.routes.open("/players/bob")
    assert played.screen is Screen.PLAYER_PAGE
    assert played.player_page.name == "Robert"
    assert played.routes.current == "/players/Robert"
    stats = played.player_page.overall
    assert stats is not None and (stats.games, stats.wins) == (3, 1)


def test_a_page_of_nobody_shows_the_players_and_says_so(played: ScorepadApp) -> None:
    played.routes.open("/players/Zed%20Q")
    assert screen_of(played) is Screen.PLAYERS
    assert played.message is not None
    assert played.message.text == "no player is called 'Zed Q'; here are the players"
    assert played.routes.current == "/players"


def test_a_long_name_is_kept_whole_in_the_address(app: ScorepadApp) -> None:
    name = "Anne-Marie O'Brien / Smith"
    app.store.add_players([name])
    app.routes.open("/players/" + "Anne-Marie%20O%27Brien%20%2F%20Smith")
    assert screen_of(app) is Screen.PLAYER_PAGE
    assert app.player_page.name == name
    assert app.routes.current == "/players/Anne-Marie%20O%27Brien%20%2F%20Smith"
    assert app.player_page.overall is None


# --- the currency symbol -----------------------------------------------------------------


def test_the_currency_symbol_is_saved_and_a_bad_one_refused(played: ScorepadApp) -> None:
    players = played.players
    players.open()
    players.start_currency()
    assert players.dialog is not None and players.dialog.text == "$"
    players.type_in_dialog("€")
    players.save_dialog()
    assert players.dialog is None
    assert played.message is not None and "€1.23" in played.message.text
    assert players.money(-120) == "-€1.20"
    assert played.store.settings().currency_symbol == "€"

    for bad in ("", "EURO", "\t"):
        players.start_currency()
        players.type_in_dialog(bad)
        players.save_dialog()
        assert players.dialog is not None and players.dialog.error, bad
        players.cancel_dialog()
    assert played.store.settings().currency_symbol == "€"


# --- the views, in a Flet session --------------------------------------------------------------


@pytest_asyncio.fixture
async def driver(tmp_path: Path) -> AsyncIterator[ViewDriver]:
    app = ScorepadApp(open_store(tmp_path / "data"), rng=random.Random(3))
    play_history(app)
    view = ViewDriver(app)
    # the dialog reaches the page through Flet's update scheduler (use_dialog), which a
    # browser's session runs and this driver does not start by itself
    view.session.start_updates_scheduler()  # type: ignore[no-untyped-call]
    await view.settle()
    yield view
    view.close()


def in_dialog(driver: ViewDriver, identifier: str) -> ft.Control:
    """The control tagged ``identifier`` in the dialog on show. Flet moves a re-rendered
    dialog's ids onto the new controls without indexing them (events still find them by
    walking the page), so the driver's index cannot be asked: walk the dialog instead."""

    def walk(value: object) -> ft.Control | None:
        if isinstance(value, ft.Semantics) and value.identifier == identifier:
            assert value.content is not None
            return value.content
        if isinstance(value, list):
            return next((found for v in value if (found := walk(v)) is not None), None)
        if isinstance(value, ft.BaseControl) and dataclasses.is_dataclass(value):
            for field in dataclasses.fields(value):
                if field.name.startswith("_"):
                    continue
                found = walk(getattr(value, field.name))
                if found is not None:
                    return found
        return None

    shown = [d for d in driver.page._dialogs.controls if d.open]
    found = walk(shown)
    assert found is not None, f"nothing tagged {identifier!r} in a dialog on show"
    return found


async def click_in_dialog(driver: ViewDriver, identifier: str) -> None:
    control = in_dialog(driver, identifier)
    await driver.session.dispatch_event(control._i, "click", None)
    await driver.settle()


async def type_in_dialog(driver: ViewDriver, text: str) -> None:
    field = in_dialog(driver, "dialog-field")
    assert isinstance(field, ft.TextField)
    field.value = text  # what the browser's patch does
    await driver.session.dispatch_event(field._i, "change", text)
    await driver.settle()


def said(driver: ViewDriver, identifier: str) -> str:
    """The accessible name of the semantics node tagged ``identifier``."""
    node = driver.tagged(identifier)
    assert isinstance(node, ft.Semantics), node
    return str(node.label)


def no_bug_reported(driver: ViewDriver) -> None:
    message = driver.app.message
    assert message is None or "Something went wrong" not in message.text, message
    assert "This screen could not be drawn" not in driver.texts()


@pytest.mark.asyncio
async def test_home_opens_the_players_and_a_player_s_page(driver: ViewDriver) -> None:
    await driver.click("open-players")
    assert driver.app.screen is Screen.PLAYERS
    no_bug_reported(driver)
    assert driver.has("leader-Ann") and driver.has("leader-Bob")
    assert not driver.has("leader-Cat")  # fewer than 3 games
    title = next(
        c
        for c in driver.controls()
        if isinstance(c, ft.Text) and c.value == "Ann" and c.semantics_label
    )
    assert title.semantics_label == "1. Ann: 2 wins in 3 games, win rate 67%, money 5¢"
    rule = driver.tagged("leaderboard-rule")
    assert isinstance(rule, ft.Text)
    assert "Not yet ranked: Cat, Dan." in str(rule.value)

    await driver.type_text("min-games", "1", submit=False)
    assert driver.has("leader-Cat") and driver.has("leader-Dan")  # applied as typed
    await driver.type_text("min-games", "none")
    assert driver.has("leader-Cat")  # the last good minimum stands

    await driver.click("leader-Ann")
    assert screen_of(driver.app) is Screen.PLAYER_PAGE
    no_bug_reported(driver)
    texts = driver.texts()
    assert "Ann" in texts
    assert driver.has("charts-slot")
    assert driver.has("section-overall") and driver.has("section-variant-Short Golf")
    assert said(driver, "stat-overall-wins") == "Won: 2"
    assert said(driver, "stat-overall-accuracy") == "Bid accuracy: 57% (4 of 7 rounds)"
    assert said(driver, "stat-overall-hand-2") == "  2 cards: 50% (1 of 2)"
    assert said(driver, "stat-overall-money-net") == "Net: 5¢"
    assert said(driver, "stat-variant-Quick Bridge-best") == "Best total: 22"


def test_a_player_without_a_money_game_has_no_money_not_zero(played: ScorepadApp) -> None:
    """Quick Bridge is played for no stake: nobody has money there (not "0¢", which would
    say they broke even); Cat and Dan never played for money at all."""
    players = played.players
    players.open()
    players.set_min_games("1")
    money = {s.name: players.net_money(s) for s in players.ranked}
    assert money == {"Ann": "5¢", "Bob": "-5¢", "Cat": "—", "Dan": "—"}
    players.choose_variant("Quick Bridge")
    assert {players.net_money(s) for s in players.ranked} == {"—"}
    assert {(s.cents, s.money_games) for s in players.ranked} == {(0, 0)}


@pytest.mark.asyncio
async def test_no_money_shows_a_dash_and_is_read_as_no_money_games(driver: ViewDriver) -> None:
    await driver.click("open-players")
    await driver.type_text("min-games", "1")
    title = next(
        c
        for c in driver.controls()
        if isinstance(c, ft.Text) and c.value == "Cat" and c.semantics_label
    )
    assert title.semantics_label == "3. Cat: 0 wins in 1 game, win rate 0%, no money games"
    assert "—" in driver.texts() and "0¢" not in driver.texts()

    await driver.click("leader-Cat")
    no_bug_reported(driver)
    assert said(driver, "stat-overall-money") == "Money: no money games"
    assert not driver.has("stat-overall-money-net")
    assert said(driver, "stat-variant-Quick Bridge-money") == "Money: no money games"

    driver.app.player_page.back()  # what the app bar's arrow does
    await driver.settle()
    await driver.click("leader-Ann")
    assert said(driver, "stat-overall-money-net") == "Net: 5¢"
    assert said(driver, "stat-variant-Short Golf-money-net") == "Net: 5¢"
    assert said(driver, "stat-variant-Quick Bridge-money") == "Money: no money games"
    assert said(driver, "stat-overall-average") == "Average total: –"
    assert said(driver, "stat-variant-Quick Bridge-average") == "Average total: 16.5"
    assert any("No average or best total across variants" in text for text in driver.texts())


@pytest.mark.asyncio
async def test_the_players_screen_of_a_new_store(tmp_path: Path) -> None:
    app = ScorepadApp(open_store(tmp_path / "fresh"), rng=random.Random(3))
    driver = ViewDriver(app)
    try:
        await driver.settle()
        await driver.click("open-players")
        no_bug_reported(driver)
        rule = driver.tagged("leaderboard-rule")
        assert isinstance(rule, ft.Text)
        assert rule.value == "No game has ended yet: the leaderboard fills as games end."
        assert "Players join the roster when a game starts with them." in driver.texts()
        assert not driver.has("undo-roster")
    finally:
        driver.close()


@pytest.mark.asyncio
async def test_rename_merge_and_undo_through_the_views(driver: ViewDriver) -> None:
    app = driver.app
    await driver.click("open-players")
    await driver.click("rename-Bob")
    assert app.players.dialog is not None
    field = in_dialog(driver, "dialog-field")
    assert isinstance(field, ft.TextField) and field.value == "" and field.hint_text is None
    assert field.max_length == MAX_NAME_LENGTH  # a counter shows the room left
    # Enter while the last keystrokes are still on their way: the submit event's text counts
    await type_in_dialog(driver, "Rob")
    field = in_dialog(driver, "dialog-field")
    await driver.session.dispatch_event(field._i, "submit", "Robert")
    await driver.settle()
    no_bug_reported(driver)
    assert app.players.dialog is None
    assert not [d for d in driver.page._dialogs.controls if d.open]
    assert driver.has("leader-Robert") and not driver.has("leader-Bob")
    assert app.message is not None and "Renamed Bob to Robert" in app.message.text

    # a name taken: the refusal in the dialog, with Merge offered
    await driver.click("rename-Dan")
    await type_in_dialog(driver, "Cat")
    await click_in_dialog(driver, "dialog-save")
    error = in_dialog(driver, "dialog-error")
    assert isinstance(error, ft.Semantics)
    assert "use Merge" in str(error.label)
    # merging is what can be done now: it is the filled button, Rename a plain one
    assert isinstance(in_dialog(driver, "dialog-merge-instead"), ft.FilledButton)
    assert isinstance(in_dialog(driver, "dialog-save"), ft.TextButton)
    await click_in_dialog(driver, "dialog-merge-instead")
    assert app.players.dialog is None
    assert not driver.has("roster-Dan")

    await driver.click("undo-roster")  # the merge
    assert driver.has("roster-Dan")
    await driver.click("undo-roster")  # the rename
    assert driver.has("leader-Bob")
    assert not driver.has("undo-roster")
    no_bug_reported(driver)


@pytest.mark.asyncio
async def test_the_player_page_s_dates_through_the_views(driver: ViewDriver) -> None:
    driver.app.player_page.open("Bob")
    await driver.settle()
    await driver.select("span-picker", Span.BETWEEN.value)
    assert driver.has("since") and driver.has("until")
    await driver.type_text("since", "yesterday")
    assert "From: 'yesterday' is not a day written YYYY-MM-DD" in str(said(driver, "range-error"))
    tomorrow = (date.today() + timedelta(days=1)).isoformat()
    await driver.type_text("since", tomorrow)
    assert driver.has("no-games")
    no_bug_reported(driver)


def spoken(control: object) -> list[str]:
    """What a screen reader says inside ``control``, node by node: a Semantics node's label
    (its children too, unless it excludes them), and each Text's label or words."""
    said: list[str] = []

    def walk(value: object) -> None:
        if isinstance(value, list):
            for v in value:
                walk(v)
            return
        if isinstance(value, ft.Semantics):
            if value.label:
                said.append(str(value.label))
            if value.exclude_semantics:
                return
        elif isinstance(value, ft.Text):
            said.append(str(value.semantics_label or value.value))
            return
        if isinstance(value, ft.BaseControl) and dataclasses.is_dataclass(value):
            for field in dataclasses.fields(value):
                if not field.name.startswith("_"):
                    walk(getattr(value, field.name))

    walk(control)
    return said


def shown_view(driver: ViewDriver) -> list[ft.View]:
    return [c for c in driver.controls() if isinstance(c, ft.View)]


@pytest.mark.asyncio
async def test_a_refusal_is_read_once_and_the_fewest_games_one_in_full(
    driver: ViewDriver,
) -> None:
    """Each refusal is said once (a label over a text saying the same was read twice), and
    the minimum's refusal is under the row at full width (in the 130 px field it was cut to
    "the minimum n…" on a phone)."""
    await driver.click("open-players")
    await driver.type_text("min-games", "-2")
    field = driver.tagged("min-games")
    assert isinstance(field, ft.TextField) and field.error is None and field.border is not None
    wanted = "the minimum number of games must be a whole number from 1 to 1000, not '-2'"
    assert spoken(shown_view(driver)).count(wanted) == 1
    assert said(driver, "min-games-error") == wanted

    await driver.click("rename-Bob")
    await type_in_dialog(driver, "Ann")
    await click_in_dialog(driver, "dialog-save")
    dialog = [d for d in driver.page._dialogs.controls if d.open]
    error = driver.app.players.dialog
    assert error is not None and error.error is not None
    assert spoken(dialog).count(error.error) == 1
    await click_in_dialog(driver, "dialog-cancel")

    driver.app.player_page.open("Bob")
    await driver.settle()
    await driver.select("span-picker", Span.BETWEEN.value)
    await driver.type_text("since", "yesterday")
    page_error = driver.app.player_page.range_error
    assert page_error is not None
    assert spoken(shown_view(driver)).count(page_error) == 1
    no_bug_reported(driver)


@pytest.mark.asyncio
async def test_an_emptied_name_stays_empty_and_asks_for_the_new_name(driver: ViewDriver) -> None:
    """Clearing the field and pressing Enter: the field stays empty (no old name in grey
    that looks as if it came back) and the dialog asks for the new name."""
    await driver.click("open-players")
    await driver.click("rename-Ann")
    await type_in_dialog(driver, "Annie")
    await type_in_dialog(driver, "")
    field = in_dialog(driver, "dialog-field")
    await driver.session.dispatch_event(field._i, "submit", "")
    await driver.settle()
    field = in_dialog(driver, "dialog-field")
    assert isinstance(field, ft.TextField)
    assert field.value == "" and not field.hint_text
    error = in_dialog(driver, "dialog-error")
    assert isinstance(error, ft.Semantics)
    assert error.label == "A player needs a name: type the new name"
    assert driver.has("roster-Ann")


@pytest.mark.asyncio
async def test_the_currency_symbol_is_set_from_the_money_ledger_too(driver: ViewDriver) -> None:
    """The money ledger's ⋮ menu opens the one currency dialog; saving shows its money with
    the new symbol at once."""
    app = driver.app
    app.ledger.open()
    await driver.settle()
    assert driver.has("ledger-menu")
    app.players.start_currency()  # what the menu's item does
    await driver.settle()
    field = in_dialog(driver, "dialog-field")
    await driver.session.dispatch_event(field._i, "submit", "€")
    await driver.settle()
    assert app.players.dialog is None and app.screen is Screen.LEDGER
    assert app.ledger.settlement is not None
    assert all("€" in b.text for b in app.ledger.settlement.balances if b.cents)
    assert app.store.settings().currency_symbol == "€"
    no_bug_reported(driver)
