"""The money ledger screen against an evening worked out by hand.

Four players play Short Golf (two 1-card hands, low wins, 5 cents a set; Dan deals first):

* game 1: Ann is set twice (0), Bob makes both (20), Cat and Dan are set once (10 each):
  Ann wins and collects 5 from Cat and 5 from Dan: Ann +10, Bob 0, Cat -5, Dan -5.
* game 2: Dan wins on 10; Bob (11, set once) pays him 5: Bob -5, Dan +5.
* game 3: Cat is set twice (0) and wins; Ann, Bob and Dan were set once each (10) and pay 5
  each: Ann -5, Bob -5, Cat +15, Dan -5.

The evening: Ann +5, Bob -10, Cat +10, Dan -5, settled in two payments (Bob and Cat cancel, so
do Dan and Ann): "Bob pays Cat 10¢" and "Dan pays Ann 5¢". The day before, one more game
(Ann wins, the others pay 5 each); on the evening itself a game still in progress and a game
without a stake, which pay nothing and are not listed.
"""

from __future__ import annotations

import dataclasses
import re
from datetime import date, datetime

import flet as ft
import pytest

from scorepad.engine import GOLF, Game, GameRecord, RoundRecord, Variant
from scorepad.store import Settings, Store
from scorepad.ui.state import MessageKind, ScorepadApp, Screen
from scorepad.ui.state.ledger import Pick
from tests.ui.flet_session import ViewDriver
from tests.ui.test_sheet_view import walk

SHORT_GOLF = GOLF.with_changes(name="Short Golf", hand_sizes=(1, 1))
"""Golf's stake by default is 5 cents a set."""
FOR_LOVE = SHORT_GOLF.with_changes(name="Short Golf for love", stake_cents=None)
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
EVENING = date(2026, 11, 28)
DAY_BEFORE = date(2026, 11, 27)


def short_golf(
    first: tuple[tuple[int, ...], str],
    second: tuple[tuple[int, ...], str] | None,
    rules: Variant = SHORT_GOLF,
) -> GameRecord:
    """Two 1-card hands: each given as the four bids and who takes the trick (``None``: the
    game is left after the first hand)."""
    game = Game.start(rules, PLAYERS, first_dealer="Dan")
    for bids, taker in [first] if second is None else [first, second]:
        game = game.record_round(
            RoundRecord(
                turned="clubs",
                bids=dict(zip(PLAYERS, bids, strict=True)),
                tricks={p: int(p == taker) for p in PLAYERS},
            )
        )
    return GameRecord.from_data(game.record.to_data())


GAME_1 = short_golf(((0, 0, 0, 0), "Ann"), ((0, 0, 1, 1), "Ann"))
GAME_2 = short_golf(((0, 0, 0, 0), "Bob"), ((0, 1, 0, 1), "Bob"))
GAME_3 = short_golf(((0, 0, 0, 0), "Cat"), ((0, 1, 1, 1), "Ann"))
GAME_4 = short_golf(((0, 0, 0, 0), "Ann"), ((0, 1, 1, 1), "Ann"))
"""The day before: Ann +15, the others -5 each."""


def test_the_games_pay_what_the_module_says() -> None:
    """The hand-worked money of each game, as the engine settles it."""
    money = [Game(record).sheet.money_at_end() for record in (GAME_1, GAME_2, GAME_3, GAME_4)]
    assert money == [
        {"Ann": 10, "Bob": 0, "Cat": -5, "Dan": -5},
        {"Ann": 0, "Bob": -5, "Cat": 0, "Dan": 5},
        {"Ann": -5, "Bob": -5, "Cat": 15, "Dan": -5},
        {"Ann": 15, "Bob": -5, "Cat": -5, "Dan": -5},
    ]


def stored_at(
    store: Store, record: GameRecord, day: date, hour: int, monkeypatch: pytest.MonkeyPatch
) -> str:
    """Store ``record`` as if started at ``hour`` o'clock on ``day`` (this computer's clock)."""
    started = datetime(day.year, day.month, day.day, hour).astimezone()
    monkeypatch.setattr("scorepad.store.games.now", lambda: started)
    return store.create_game(record).id


@pytest.fixture
def games(app: ScorepadApp, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    store = app.store
    ids = {
        "day before": stored_at(store, GAME_4, DAY_BEFORE, 21, monkeypatch),
        "1": stored_at(store, GAME_1, EVENING, 19, monkeypatch),
        "2": stored_at(store, GAME_2, EVENING, 20, monkeypatch),
        "in progress": stored_at(
            store, short_golf(((0, 0, 0, 0), "Ann"), None), EVENING, 21, monkeypatch
        ),
        "no stake": stored_at(
            store,
            short_golf(((0, 0, 0, 0), "Ann"), ((0, 0, 1, 1), "Ann"), FOR_LOVE),
            EVENING,
            21,
            monkeypatch,
        ),
        "3": stored_at(store, GAME_3, EVENING, 22, monkeypatch),
    }
    monkeypatch.undo()
    return ids


def balances(app: ScorepadApp) -> list[tuple[str, str]]:
    settlement = app.ledger.settlement
    assert settlement is not None
    return [(b.name, b.text) for b in settlement.balances]


def transfers(app: ScorepadApp) -> list[str]:
    settlement = app.ledger.settlement
    assert settlement is not None
    return list(settlement.transfers)


def settled_by(lines: list[str]) -> dict[str, int]:
    """What each player receives (positive) or pays (negative) through these payments."""
    net: dict[str, int] = {}
    for line in lines:
        found = re.fullmatch(r"(\w+) pays (\w+) (?:\$(\d+)\.(\d\d)|(\d+)¢)", line)
        assert found, line
        payer, payee, dollars, cents, under_a_dollar = found.groups()
        amount = int(under_a_dollar) if under_a_dollar else int(dollars) * 100 + int(cents)
        net[payer] = net.get(payer, 0) - amount
        net[payee] = net.get(payee, 0) + amount
    return net


EVENING_BALANCES = [("Cat", "+10¢"), ("Ann", "+5¢"), ("Dan", "-5¢"), ("Bob", "-10¢")]
EVENING_TRANSFERS = ["Bob pays Cat 10¢", "Dan pays Ann 5¢"]


def test_the_ledger_opens_on_the_latest_evening_settled_in_the_fewest_payments(
    app: ScorepadApp, games: dict[str, str]
) -> None:
    app.routes.open("/ledger")
    assert app.screen is Screen.LEDGER and app.message is None
    assert app.routes.current == "/ledger"
    ledger = app.ledger
    assert [e.label for e in ledger.evenings] == [
        "Sat 28 Nov 2026 · 3 games",
        "Fri 27 Nov 2026 · 1 game",
    ]
    assert ledger.pick is Pick.EVENING and ledger.evening == EVENING
    assert balances(app) == EVENING_BALANCES
    assert transfers(app) == EVENING_TRANSFERS
    settlement = ledger.settlement
    assert settlement is not None
    assert {g.id for g in settlement.games} == {games["1"], games["2"], games["3"]}
    assert settlement.heading == "3 games on Sat 28 Nov 2026"
    assert ledger.summary() == ("3 games on Sat 28 Nov 2026: Bob pays Cat 10¢ and Dan pays Ann 5¢.")


def test_another_evening_a_range_and_games_picked_by_hand(
    app: ScorepadApp, games: dict[str, str]
) -> None:
    ledger = app.ledger
    ledger.open()
    ledger.choose_evening(DAY_BEFORE.isoformat())
    assert balances(app) == [
        ("Ann", "+15¢"),
        ("Bob", "-5¢"),
        ("Cat", "-5¢"),
        ("Dan", "-5¢"),
    ]
    assert transfers(app) == ["Bob pays Ann 5¢", "Cat pays Ann 5¢", "Dan pays Ann 5¢"]

    ledger.choose_pick(Pick.RANGE)
    assert (ledger.since, ledger.until) == (DAY_BEFORE, EVENING)
    # both days: Ann +20, Bob -15, Cat +5, Dan -10
    assert balances(app) == [
        ("Ann", "+20¢"),
        ("Cat", "+5¢"),
        ("Dan", "-10¢"),
        ("Bob", "-15¢"),
    ]
    # no two balances cancel, nor do any three: one group of four, settled in three payments
    assert len(transfers(app)) == 3
    assert settled_by(transfers(app)) == {"Ann": 20, "Cat": 5, "Dan": -10, "Bob": -15}
    ledger.choose_since(EVENING.isoformat())
    assert transfers(app) == EVENING_TRANSFERS

    ledger.choose_pick(Pick.GAMES)
    assert ledger.settlement is None, "nothing ticked yet"
    ledger.toggle_game(games["1"])
    ledger.toggle_game(games["2"])
    ledger.toggle_game(games["day before"])
    ledger.toggle_game(games["2"])  # ticked by mistake: unticked
    # games 1 and 4: Ann +25, Bob -5, Cat -10, Dan -10
    assert balances(app) == [
        ("Ann", "+25¢"),
        ("Bob", "-5¢"),
        ("Cat", "-10¢"),
        ("Dan", "-10¢"),
    ]
    assert transfers(app) == ["Bob pays Ann 5¢", "Cat pays Ann 10¢", "Dan pays Ann 10¢"]
    assert app.message is None


def test_a_range_cannot_end_before_it_starts_and_nothing_changes(
    app: ScorepadApp, games: dict[str, str]
) -> None:
    ledger = app.ledger
    ledger.open()
    ledger.choose_pick(Pick.RANGE)
    ledger.choose_since(EVENING.isoformat())
    before = ledger.settlement
    ledger.choose_until(DAY_BEFORE.isoformat())
    assert app.message is not None and app.message.kind is MessageKind.ERROR
    assert app.message.text == (
        "the range cannot end on Fri 27 Nov 2026: it starts on Sat 28 Nov 2026; "
        "pick a last day on or after the first"
    )
    assert (ledger.since, ledger.until, ledger.settlement) == (EVENING, EVENING, before)
    ledger.choose_evening("2026-11-29")
    assert app.message is not None and app.message.text == (
        "no finished game played for money was started on Sun 29 Nov 2026; "
        "pick the evening from the list"
    )
    ledger.choose_evening("28/11")
    assert app.message is not None and app.message.text == (
        "'28/11' is not a day written YYYY-MM-DD (such as 2026-11-30); "
        "pick the evening from the list"
    )
    ledger.choose_evening("2026-11-31")  # the one reader of days says why
    assert app.message is not None and app.message.text == (
        "2026-11-31 is not a day: November has 30 days; pick the evening from the list"
    )
    ledger.toggle_game(games["in progress"])
    assert app.message is not None and "is not a finished game played for money" in app.message.text
    assert ledger.settlement == before and ledger.pick is Pick.RANGE


def test_amounts_in_the_tables_currency_under_each_players_current_name(
    app: ScorepadApp, games: dict[str, str]
) -> None:
    app.store.save_settings(Settings(currency_symbol="€"))
    app.store.rename_player("Bob", "Robert")
    app.ledger.open()
    assert transfers(app) == ["Dan pays Ann €0.05", "Robert pays Cat €0.10"]  # payers A-Z
    assert ("Robert", "-€0.10") in balances(app)


def test_without_a_finished_stake_game_the_screen_says_how_to_get_one(app: ScorepadApp) -> None:
    app.ledger.open()
    assert app.screen is Screen.LEDGER and app.ledger.settlement is None
    assert app.ledger.evenings == []


def semantics_labels(driver: ViewDriver) -> dict[str, str]:
    return {
        c.identifier: c.label or ""
        for c in driver.controls()
        if isinstance(c, ft.Semantics) and c.identifier
    }


@pytest.mark.asyncio
async def test_the_screen_shows_the_balances_and_the_payments(
    app: ScorepadApp, games: dict[str, str]
) -> None:
    driver = ViewDriver(app)  # a phone: 390 x 844
    try:
        await shows_the_balances_and_the_payments(app, games, driver)
    finally:
        driver.close()


async def shows_the_balances_and_the_payments(
    app: ScorepadApp, games: dict[str, str], driver: ViewDriver
) -> None:
    await driver.settle()
    await driver.click("open-ledger")
    assert app.screen is Screen.LEDGER
    labels = semantics_labels(driver)
    assert [labels[f"balance-{name}"] for name in ("Cat", "Ann", "Dan", "Bob")] == [
        "Cat is up 10 cents",
        "Ann is up 5 cents",
        "Dan is down 5 cents",
        "Bob is down 10 cents",
    ]
    shown = [c.value for c in walk(driver.tagged("ledger-transfers")) if isinstance(c, ft.Text)]
    assert shown == ["2 payments settle everything:", *EVENING_TRANSFERS]
    assert "3 games on Sat 28 Nov 2026" in driver.texts()

    await driver.click("pick-games")
    assert driver.has("ledger-nothing")
    await driver.click(f"ledger-game-{games['3']}")
    shown = [c.value for c in walk(driver.tagged("ledger-transfers")) if isinstance(c, ft.Text)]
    assert shown == [
        "3 payments settle everything:",
        "Ann pays Cat 5¢",
        "Bob pays Cat 5¢",
        "Dan pays Cat 5¢",
    ]

    await driver.click("pick-evening")
    await driver.select("ledger-evening", DAY_BEFORE.isoformat())
    assert app.ledger.evening == DAY_BEFORE
    assert "1 game on Fri 27 Nov 2026" in driver.texts()


@pytest.mark.asyncio
async def test_with_nothing_to_settle_the_screen_says_why(app: ScorepadApp) -> None:
    driver = ViewDriver(app)
    try:
        await driver.settle()
        await driver.click("open-ledger")
        text = driver.tagged("ledger-empty")
    finally:
        driver.close()
    assert isinstance(text, ft.Text) and text.value is not None
    assert text.value.startswith("No game played for money has finished yet.")


def test_a_game_whose_money_does_not_add_up_is_named_and_nothing_changes(
    app: ScorepadApp, games: dict[str, str]
) -> None:
    """A damaged or hand-edited row: the engine refuses to add it up; the pick stays as it
    was, with its settlement."""
    ledger = app.ledger
    ledger.open()
    before = (ledger.choice, ledger.settlement)
    stake_game = next(g for g in ledger.games if g.id == games["day before"])
    tampered = stake_game.results.model_copy(
        update={
            "results": tuple(
                r.model_copy(update={"cents": (r.cents or 0) + 1})
                for r in stake_game.results.results
            )
        }
    )
    ledger.games = tuple(
        dataclasses.replace(g, results=tampered) if g is stake_game else g for g in ledger.games
    )
    ledger.choose_evening(DAY_BEFORE.isoformat())
    assert app.message is not None and app.message.kind is MessageKind.ERROR
    assert games["day before"] in app.message.text and "adds up to 4 cents" in app.message.text
    assert (ledger.choice, ledger.settlement) == before
    ledger.choose_pick("weekly")
    assert app.message is not None and app.message.text == (
        "'weekly' is no way to pick games; pick by evening, range, games"
    )
    assert (ledger.choice, ledger.settlement) == before


def test_a_long_history_lists_the_latest_games_to_tick_and_keeps_the_ticked_ones(
    app: ScorepadApp, games: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("scorepad.ui.state.ledger.TICKABLE", 2)
    ledger = app.ledger
    ledger.open()
    listed = [g.id for g in ledger.tickable]
    assert listed == [games["3"], games["2"]] and ledger.untickable == 2
    ledger.toggle_game(games["3"])
    ledger.choose_pick(Pick.RANGE)
    ledger.choose_pick(Pick.GAMES)
    assert ledger.picked == {games["3"]}, "the pick is kept while switching"
    ledger.toggle_game(games["day before"])  # ticked on another visit, say: still listed
    assert [g.id for g in ledger.tickable] == [games["3"], games["2"], games["day before"]]
    assert ledger.untickable == 1


@pytest.mark.asyncio
async def test_the_evening_says_which_of_its_games_are_not_counted_and_why(
    app: ScorepadApp, games: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A table that played five games and sees three settled is told where the others went:
    an evening or a range of days names the games it leaves out and why; the list of games
    to tick shows only games that count, so it says nothing."""
    left = Game(short_golf(((0, 0, 0, 0), "Ann"), None)).abandon()
    stored_at(app.store, GameRecord.from_data(left.record.to_data()), EVENING, 23, monkeypatch)
    monkeypatch.undo()
    ledger = app.ledger
    ledger.open()
    expected = (
        "Not counted: 1 game in progress, 1 game ended early (no payouts), 1 game without a stake."
    )
    assert ledger.not_counted == expected
    ledger.choose_evening(DAY_BEFORE)
    assert ledger.not_counted is None
    ledger.choose_since(DAY_BEFORE)
    ledger.choose_until(EVENING)
    assert ledger.pick is Pick.RANGE and ledger.not_counted == expected
    ledger.choose_pick(Pick.GAMES)
    assert ledger.not_counted is None

    driver = ViewDriver(app)
    try:
        await driver.settle()
        await driver.click("open-ledger")
        shown = driver.tagged("ledger-not-counted")
        assert isinstance(shown, ft.Text) and shown.value == expected
    finally:
        driver.close()
