"""The score sheet and the leaderboard as drawn: columns that fit a phone, round numbers that
correct their round, long names cut short but whole in their accessible names, no tooltips on
rows, and a stake game's running tab on every chip."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from pathlib import Path

import flet as ft
import pytest

from scorepad.engine import format_cents
from scorepad.store import open_store
from scorepad.ui.state import GameSession, ScorepadApp
from scorepad.ui.views.leaderboard import CHIP_SPACING, SHARED_CHIP_MAX, leaderboard
from scorepad.ui.views.sheet import ALL_IN_VIEW_UP_TO, FIXED_EDGE, rounds_table, sheet_panel
from tests.ui.driving import play_round, start
from tests.ui.flet_session import ViewDriver
from tests.ui.test_pad_keys import golf_on_the_pad

LONG = "Maximilian Alexander Fitzgerald-Worthing"
EIGHT = [LONG, "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def walk(control: ft.BaseControl) -> Iterator[ft.BaseControl]:
    """The control and everything drawn inside it."""
    yield control
    for field in dataclasses.fields(control):
        value = getattr(control, field.name, None)
        children = value if isinstance(value, list) else [value]
        for child in children:
            if isinstance(child, ft.BaseControl):
                yield from walk(child)


def tagged(root: ft.BaseControl, identifier: str) -> ft.Semantics:
    found = [c for c in walk(root) if isinstance(c, ft.Semantics) and c.identifier == identifier]
    assert len(found) == 1, f"{len(found)} controls tagged {identifier!r}"
    return found[0]


def session_after(
    app: ScorepadApp, players: list[str], rounds: int, stake: int | None = None
) -> GameSession:
    start(app, "golf", players, stake=stake)
    for _ in range(rounds):
        play_round(app)
    session = app.game.session
    assert session is not None
    return session


def test_up_to_five_players_the_columns_share_the_width_and_nothing_scrolls(
    app: ScorepadApp,
) -> None:
    session = session_after(app, EIGHT[:ALL_IN_VIEW_UP_TO], rounds=2)
    sheet = rounds_table(app.game, session)
    assert not any(isinstance(c, ft.Row) and c.scroll for c in walk(sheet))
    header = tagged(sheet, f"sheet-player-{LONG}").content
    assert isinstance(header, ft.Container) and header.expand and header.width is None


def test_from_six_players_the_columns_scroll_beside_the_round_numbers(app: ScorepadApp) -> None:
    session = session_after(app, EIGHT, rounds=2)
    sheet = rounds_table(app.game, session)
    faded = tagged(sheet, "sheet-columns").content
    assert isinstance(faded, ft.ShaderMask)  # see test_scrolled_columns_fade_out_beside_...
    columns = faded.content
    assert isinstance(columns, ft.Row) and columns.scroll == ft.ScrollMode.AUTO
    scrolled = list(walk(columns))
    for number in (1, 2):  # the round numbers sit outside what scrolls
        round_number = tagged(sheet, f"edit-round-{number}")
        assert round_number not in scrolled
    assert tagged(sheet, "sheet-player-Hal") in scrolled


def test_a_rounds_number_opens_it_for_correction(app: ScorepadApp) -> None:
    session = session_after(app, EIGHT[:4], rounds=3)
    number = tagged(rounds_table(app.game, session), "edit-round-2")
    assert number.label == "Correct round 2" and number.button
    assert isinstance(number.content, ft.Container) and number.content.on_click is not None
    number.content.on_click()  # type: ignore[call-arg]  # the zero-argument handler
    assert session.editing == 2
    assert session.entry is not None and session.entry.editing


def test_a_long_name_is_cut_short_on_screen_and_whole_in_its_accessible_name(
    app: ScorepadApp,
) -> None:
    session = session_after(app, EIGHT, rounds=1)
    drawn = [sheet_panel(app.game, session), leaderboard(session)]
    texts = [c for root in drawn for c in walk(root) if isinstance(c, ft.Text) and c.value == LONG]
    # the standings, the sheet's column head, the running totals chart's legend, the chip
    assert len(texts) == 4
    for text in texts:
        assert text.overflow == ft.TextOverflow.ELLIPSIS and text.max_lines in (1, 2)
        assert text.semantics_label == LONG
    chip = tagged(drawn[1], f"standing-{LONG}")
    assert chip.label is not None and LONG in chip.label


def test_no_row_of_the_sheet_or_chip_of_the_leaderboard_has_a_tooltip(app: ScorepadApp) -> None:
    """On a phone a long-press tooltip covers the next row: rows carry accessible names."""
    session = session_after(app, EIGHT, rounds=3, stake=5)
    for root in (sheet_panel(app.game, session), leaderboard(session)):
        tipped = [c for c in walk(root) if getattr(c, "tooltip", None)]
        assert tipped == []


def test_a_stake_games_chips_show_the_running_tab_not_what_is_owed(app: ScorepadApp) -> None:
    """Before the end nobody owes anyone: the leader would pay nothing if it ended now, so a
    chip shows the neutral tab ("2 sets · 10¢"), and says it in words."""
    session = session_after(app, ["Ann", "Bob", "Cat"], rounds=4, stake=5)
    sheet = session.sheet
    owed = sheet.owed_so_far()
    assert owed is not None and any(sheet.sets.values())
    board = leaderboard(session)
    for name in sheet.players:
        chip = tagged(board, f"standing-{name}")
        label = chip.label
        assert label is not None and "owes" not in label
        shown = [c.value for c in walk(chip) if isinstance(c, ft.Text)]
        sets = sheet.sets[name]
        if sets:
            plural = "s" if sets != 1 else ""
            tab = f"{sets} set{plural} · {format_cents(owed[name])}"
            assert tab in shown
            assert label.endswith(f", {sets} set{plural} so far, {owed[name]} cents at stake")
        else:
            assert "no sets" in shown
            assert label.endswith(", no sets so far")


def test_a_finished_stake_games_chips_say_who_pays_and_who_collects(app: ScorepadApp) -> None:
    session = session_after(app, ["Ann", "Bob", "Cat", "Dan"], rounds=18, stake=5)
    sheet = session.sheet
    money = sheet.money_at_end()
    assert sheet.winners and money is not None and any(money.values())
    board = leaderboard(session)
    for name in sheet.players:
        chip = tagged(board, f"standing-{name}")
        shown = [c.value for c in walk(chip) if isinstance(c, ft.Text)]
        net = money[name]
        said = (
            f"collects {format_cents(net)}"
            if net > 0
            else f"pays {format_cents(-net)}"
            if net < 0
            else "pays nothing"
        )
        assert said in shown
        assert chip.label is not None and chip.label.endswith(said)
        assert "owes" not in chip.label


@pytest.mark.parametrize("seats", [2, 4])
def test_up_to_four_chips_share_the_width_and_more_scroll(app: ScorepadApp, seats: int) -> None:
    board = leaderboard(session_after(app, EIGHT[:seats], rounds=1, stake=5))
    rows = [c for c in walk(board) if isinstance(c, ft.Row) and c.scroll is not None]
    assert rows == []  # nothing to swipe to: every chip is on a phone at once
    chips = [c for c in walk(board) if isinstance(c, ft.Container) and c.expand]
    assert len(chips) == seats
    band = [c for c in walk(board) if isinstance(c, ft.Container) and c.width]
    assert band and band[0].width == seats * (SHARED_CHIP_MAX + CHIP_SPACING)  # not a laptop's


def test_five_or_more_chips_scroll_sideways(app: ScorepadApp) -> None:
    board = leaderboard(session_after(app, EIGHT[:5], rounds=1, stake=5))
    assert any(isinstance(c, ft.Row) and c.scroll is not None for c in walk(board))


def test_a_game_without_a_stake_shows_no_money(app: ScorepadApp) -> None:
    start(app, "mormon-bridge", ["Ann", "Bob"])
    play_round(app)
    session = app.game.session
    assert session is not None
    label = tagged(leaderboard(session), "standing-Ann").label
    assert label is not None and "owes" not in label and "set" not in label


@pytest.mark.asyncio
async def test_no_row_of_the_round_has_a_tooltip(tmp_path: Path) -> None:
    """The players' lines and the pad's keys: a long press on a phone would show a tooltip over
    the row below, so they carry accessible names instead (a closed key says it is closed)."""
    async with golf_on_the_pad(tmp_path) as (app, driver):
        app.game.tap_number(0)  # Bob
        app.game.tap_number(0)  # Cat: Ann, the dealer, may not bid 1 (the hook)
        await driver.settle()
        rows = [
            c
            for c in driver.controls()
            if isinstance(c, ft.Semantics)
            and c.identifier
            and c.identifier.startswith(("line-", "pad-", "bid-", "tricks-"))
        ]
        assert len(rows) >= 3 + 3 + 3  # lines, bid and trick cells, keys
        tipped = [r.identifier for r in rows for c in walk(r) if getattr(c, "tooltip", None)]
        assert tipped == []
        closed = driver.tagged("pad-1")
        assert isinstance(closed, ft.FilledTonalButton) and closed.disabled
        assert isinstance(closed.content, ft.Text)
        assert closed.content.semantics_label == "1 is not allowed"


@pytest.mark.asyncio
async def test_the_new_game_seats_show_tooltips_only_to_a_mouse(tmp_path: Path) -> None:
    """A seat's buttons (deal first, move, remove) and the roster's names sit in rows: their
    tooltips appear when a mouse rests on them, never on a long press."""
    app = ScorepadApp(open_store(tmp_path / "data"), rng=random.Random(3))
    app.store.add_players(["Cat"])
    driver = ViewDriver(app, width=390)
    try:
        await driver.settle()
        app.new_game.open()
        for name in ("Ann", "Bob"):
            app.new_game.add_player(name)
        await driver.settle()
        rows = [
            c
            for c in driver.controls()
            if isinstance(c, ft.Semantics)
            and c.identifier
            and c.identifier.startswith(("seat-", "roster-"))
        ]
        tips = [getattr(c, "tooltip", None) for r in rows for c in walk(r)]
        tips = [tip for tip in tips if tip]
        assert len(tips) >= 2 * 5 + 1  # name, deal first, earlier, later, remove; Cat's chip
        manual = str(ft.TooltipTriggerMode.MANUAL)
        touch = [t for t in tips if not isinstance(t, ft.Tooltip) or str(t.trigger_mode) != manual]
        assert touch == []
    finally:
        driver.close()


def test_scrolled_columns_fade_out_beside_a_ruled_round_column(app: ScorepadApp) -> None:
    """With 8 players a column scrolled half out of view left cut digits right beside the
    round numbers, reading as part of them: the fixed column now ends in a rule and the
    scrolling columns fade in from its edge."""
    session = session_after(app, EIGHT, rounds=2)
    table = rounds_table(app.game, session)
    ruled = [
        c
        for c in walk(table)
        if isinstance(c, ft.Container) and c.border is not None and c.border.right is FIXED_EDGE
    ]
    assert len(ruled) == 1
    masks = [c for c in walk(table) if isinstance(c, ft.ShaderMask)]
    assert len(masks) == 1 and masks[0].blend_mode is ft.BlendMode.DST_IN
    assert isinstance(masks[0].content, ft.Row) and masks[0].content.scroll is not None


def test_columns_that_all_fit_neither_fade_nor_carry_the_rule(app: ScorepadApp) -> None:
    table = rounds_table(app.game, session_after(app, EIGHT[:ALL_IN_VIEW_UP_TO], rounds=1))
    assert not any(isinstance(c, ft.ShaderMask) for c in walk(table))
    assert not any(
        isinstance(c, ft.Container) and c.border is not None and c.border.right is FIXED_EDGE
        for c in walk(table)
    )


def test_a_game_whose_table_changed_draws_who_sat_out_and_who_joined(app: ScorepadApp) -> None:
    """A record with table changes (imported, or from a later scorepad) draws: a sat-out box
    says so, a late arrival's box is empty before their first round, nothing raises."""
    from scorepad.engine import Game, Join, SitOut
    from tests.helpers import zero_round

    game = Game.start("golf", ["Ann", "Bob", "Cat"], first_dealer="Ann")
    game = game.record_round(zero_round(game))
    game = game.record_change(Join(after=1, player="Dan", left_of="Cat"))
    game = game.record_change(SitOut(after=1, player="Bob"))
    game = game.record_round(zero_round(game))
    game_id = app.store.create_game(game.record).id
    app.home.open_game(game_id)
    session = app.game.session
    assert session is not None and session.sheet.players == ("Ann", "Bob", "Cat", "Dan")
    sheet = rounds_table(app.game, session)
    texts = [c.value for c in walk(sheet) if isinstance(c, ft.Text)]
    assert "sat out" in texts
    labels = [c.semantics_label for c in walk(sheet) if isinstance(c, ft.Text)]
    assert "Bob, round 2: sat out" in labels
    assert not any(label and label.startswith("Dan, round 1") for label in labels)
    from scorepad.ui.state.charts import running_totals

    series = {line.name: line.values for line in running_totals(session.sheet, width=366).series}
    start = session.sheet.starting["Dan"]
    assert series["Dan"] == ((1, start), (2, session.sheet.totals["Dan"]))
    assert series["Bob"][-1] == (2, session.sheet.totals["Bob"])  # a hand sat out: unchanged
