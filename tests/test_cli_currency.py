"""``scorepad export --format pdf`` writes a game's money in the table's currency symbol, the
setting the app shows it in; the dollar keeps its "10¢"."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from scorepad.cli import main
from scorepad.engine import GOLF, Game, RoundRecord
from scorepad.store import Settings, TinyDBStore


def stored_short_golf(data: Path) -> str:
    """Three hands of Golf for 10¢ a set, Ann set twice and Bob once: Ann wins (fewest
    points), and Bob pays her for his one set."""
    rules = GOLF.with_changes(name="Short Golf", hand_sizes=(1, 1, 1))
    game = Game.start(rules, ["Ann", "Bob"], first_dealer="Bob", stake_cents=10)
    for set_player in ("Ann", "Bob", "Ann"):
        game = game.record_round(
            RoundRecord(
                turned="clubs",
                bids={"Ann": 0, "Bob": 0},
                tricks={"Ann": int(set_player == "Ann"), "Bob": int(set_player == "Bob")},
            )
        )
    assert game.sheet.settlement_summary() is not None
    return TinyDBStore(data).create_game(game.record).id


def exported_pad(tmp_path: Path, capsys: pytest.CaptureFixture[str], symbol: str | None) -> str:
    data = tmp_path / "data"
    game_id = stored_short_golf(data)
    if symbol is not None:
        TinyDBStore(data).save_settings(Settings(currency_symbol=symbol))
    out = tmp_path / "pad.pdf"
    argv = ["export", game_id, "--format", "pdf", "--out", str(out), "--data-dir", str(data)]
    assert main(argv) == 0, capsys.readouterr().err
    reader = PdfReader(io.BytesIO(out.read_bytes()))
    return "\n".join(page.extract_text() for page in reader.pages)


def test_the_exported_pad_writes_money_in_the_tables_symbol(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = exported_pad(tmp_path, capsys, "€")
    assert "€0.10 a set" in text
    assert "Bob pays Ann €0.10" in text
    assert "Ann collects €0.10 in all" in text
    assert "¢" not in text and "$" not in text


def test_without_a_symbol_set_the_pad_keeps_dollars_and_cents(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = exported_pad(tmp_path, capsys, None)
    assert "10¢ a set" in text
    assert "Bob pays Ann 10¢" in text
    assert "Ann collects 10¢ in all" in text
