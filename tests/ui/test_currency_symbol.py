"""The table's currency symbol (a setting in the store) on the game screen: the chips' running
tab and what each pays or collects, the settlement, what a correction changed, and the exported
pad. Cents stay the unit; the dollar keeps its "35¢" (the other tests hold it to that)."""

from __future__ import annotations

import io
import random
import re
from collections.abc import AsyncIterator
from pathlib import Path

import flet as ft
import pytest
import pytest_asyncio
from pypdf import PdfReader

from scorepad.engine import format_cents
from scorepad.store import Settings, open_store
from scorepad.ui.state import ChoiceKey, ExportFile, ExportKind, GameTab, ScorepadApp
from scorepad.ui.views.leaderboard import leaderboard
from tests.ui.driving import play_round, start
from tests.ui.flet_session import ViewDriver
from tests.ui.test_corrections import corrected_golf_for_a_stake
from tests.ui.test_sheet_view import tagged, walk

FOUR = ["Ann", "Bob", "Cat", "Dan"]
MONEY = re.compile(r"[$€]\d+\.\d\d|\d+¢")
"""An amount as any screen writes one: "€0.35", "$1.15", "35¢"."""


def euro_app(tmp_path: Path) -> ScorepadApp:
    app = ScorepadApp(open_store(tmp_path / "data"), rng=random.Random(3))
    app.store.save_settings(Settings(currency_symbol="€"))
    return app


def finished_golf(app: ScorepadApp, stake: int = 5) -> None:
    """Golf for ``stake`` a set, all 18 rounds played (the first player takes every trick)."""
    start(app, "golf", FOUR, stake=stake)
    for _ in range(18):
        play_round(app)
    session = app.game.session
    assert session is not None and session.sheet.winners


def amounts(texts: list[str]) -> list[str]:
    return [amount for text in texts for amount in MONEY.findall(text)]


@pytest_asyncio.fixture
async def euros(tmp_path: Path) -> AsyncIterator[ViewDriver]:
    view = ViewDriver(euro_app(tmp_path), width=1200)
    await view.settle()
    yield view
    view.close()


@pytest.mark.asyncio
async def test_a_finished_stake_games_screen_shows_its_money_in_the_tables_symbol(
    euros: ViewDriver,
) -> None:
    app = euros.app
    finished_golf(app)
    await euros.settle()
    session = app.game.session
    assert session is not None and session.symbol == "€"
    money = session.sheet.money_at_end()
    assert money is not None and any(money.values())
    texts = euros.texts()
    for name, cents in money.items():
        if cents > 0:
            assert f"{name} collects {format_cents(cents, '€')} in all" in texts
            assert f"collects {format_cents(cents, '€')}" in texts  # the chip
    for payment in session.sheet.settlement:
        assert f"{payment.payer} pays {payment.payee} {format_cents(payment.cents, '€')}" in texts
    assert [t for t in texts if t.startswith("Sets: ") and t.endswith("(at €0.05 a set)")]
    shown = amounts(texts)
    assert shown and all(amount.startswith("€") for amount in shown), shown
    labels = [c.label for c in euros.controls() if isinstance(c, ft.Semantics) and c.label]
    said = amounts(labels)
    assert said and all(amount.startswith("€") for amount in said), said


def test_the_running_tab_is_shown_and_said_in_the_tables_symbol(tmp_path: Path) -> None:
    app = euro_app(tmp_path)
    start(app, "golf", FOUR, stake=5)
    for _ in range(3):
        play_round(app)
    session = app.game.session
    assert session is not None
    owed = session.sheet.owed_so_far()
    assert owed is not None and owed["Bob"] == 5
    chip = tagged(leaderboard(session), "standing-Bob")
    assert "1 set · €0.05" in [c.value for c in walk(chip) if isinstance(c, ft.Text)]
    assert chip.label is not None and chip.label.endswith("1 set so far, €0.05 at stake")


def test_what_a_correction_changed_is_in_the_tables_symbol(tmp_path: Path) -> None:
    app = euro_app(tmp_path)
    changes = corrected_golf_for_a_stake(app, from_tab=GameTab.ROUND)
    assert "Ann: sets 1 → 0, €0.10 → €0.00" in changes
    assert "Cat: sets 0 → 1, €0.00 → €0.10" in changes
    assert not [line for line in changes if "¢" in line or "$" in line]


def test_the_symbol_is_read_when_the_game_opens_not_on_a_tap(tmp_path: Path) -> None:
    """A game opened before the symbol changes keeps the one it opened with until it is opened
    again (the setting lives on another screen; a tap never reads the store's settings)."""
    app = ScorepadApp(open_store(tmp_path / "data"), rng=random.Random(3))
    start(app, "golf", FOUR, stake=5)
    app.store.save_settings(Settings(currency_symbol="€"))
    play_round(app)
    session = app.game.session
    assert session is not None and session.symbol == "$"
    app.game.show(session.stored)
    assert app.game.session is not None and app.game.session.symbol == "€"


def exported_pad(app: ScorepadApp) -> str:
    saved: list[ExportFile] = []
    app.game.save_file = saved.append
    app.game.export(ExportKind.PDF)
    assert [file.kind for file in saved] == [ExportKind.PDF]
    reader = PdfReader(io.BytesIO(saved[0].data))
    return "\n".join(page.extract_text() for page in reader.pages)


def test_the_exported_pad_writes_the_money_in_the_tables_symbol(tmp_path: Path) -> None:
    app = euro_app(tmp_path)
    finished_golf(app, stake=5)
    text = exported_pad(app)
    assert "€0.05 a set" in text
    assert "Ann pays Bob €0.20" in text
    assert "Bob collects €0.20 in all" in text
    assert "¢" not in text and "$" not in text


def test_the_exported_pad_keeps_cents_for_dollars(tmp_path: Path) -> None:
    app = ScorepadApp(open_store(tmp_path / "data"), rng=random.Random(3))
    finished_golf(app, stake=25)
    text = exported_pad(app)
    assert "25¢ a set" in text
    assert "Ann pays Bob $1.00" in text
    assert "Bob collects $1.00 in all" in text
    assert "€" not in text


@pytest.mark.asyncio
async def test_a_new_game_offers_its_stake_in_the_tables_symbol(euros: ViewDriver) -> None:
    app = euros.app
    app.new_game.open()
    for name in FOUR:
        app.new_game.add_player(name)
    app.new_game.choose_variant(ChoiceKey.preset("golf"))
    form = app.new_game.form
    assert form is not None and form.stake_line == "each set costs €0.05, paid to the winner"
    await euros.settle()
    texts = euros.texts()
    assert {"€0.05", "€0.10", "€0.25"} <= set(texts)
    assert not [text for text in texts if "¢" in text]
