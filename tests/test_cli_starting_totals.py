"""A record with totals carried in from another evening on the command line: ``scorepad score``
shows them and counts them, ``import`` and ``export`` keep them, and a starting total the
rules refuse is one line naming the player, never a traceback."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from scorepad.cli import main

CONTINUED = {
    "variant": "mormon-bridge",
    "players": ["Ann", "Bob", "Cat"],
    "starting_totals": {"Ann": 40, "Cat": -5},
    "rounds": [
        {
            "turned": "hearts",
            "bids": {"Ann": 3, "Bob": 4, "Cat": 2},
            "tricks": {"Ann": 3, "Bob": 5, "Cat": 2},
        }
    ],
}
"""Mormon Bridge continued from another evening: Ann carries in 40 and Cat -5; in round 1
Ann (13) and Cat (12) make their bids and Bob (5) is set."""


def write(tmp_path: Path, data: object) -> Path:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    return path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_score_counts_and_shows_the_totals_carried_in(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "score", str(write(tmp_path, CONTINUED)), "--json")
    assert code == 0
    sheet = json.loads(out)
    assert sheet["rounds"][0]["points"] == {"Ann": 13, "Bob": 5, "Cat": 12}
    assert sheet["totals"] == {"Ann": 53, "Bob": 5, "Cat": 7}
    assert sheet["starting"] == {"Ann": 40, "Cat": -5} and sheet["joined"] == {}
    assert sheet["sets"] == {"Ann": 0, "Bob": 1, "Cat": 0}
    code, out, _ = run(capsys, "score", str(write(tmp_path, CONTINUED)))
    assert code == 0
    assert "Ann (carried in 40)" in out
    assert "Cat (carried in -5)" in out
    assert "3/3  +13  53" in out
    assert "leading: Ann" in out


@pytest.mark.parametrize(
    ("totals", "message"),
    [
        ({"Zed": 5}, "starting total for 'Zed': Zed does not start this game (Ann, Bob, Cat)"),
        ({"Ann": 10_001}, "starting total for 'Ann': 10001 is out of range"),
        ({"Ann": "forty"}, "starting_totals, Ann: expected a whole number (got 'forty')"),
    ],
)
def test_a_starting_total_refused_is_one_line_naming_the_player(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], totals: object, message: str
) -> None:
    code, out, err = run(
        capsys, "score", str(write(tmp_path, {**CONTINUED, "starting_totals": totals}))
    )
    assert code == 1
    assert out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert message in err


def test_import_and_export_keep_the_totals_carried_in(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = str(tmp_path / "data")
    code, out, _ = run(capsys, "import", str(write(tmp_path, CONTINUED)), "--data-dir", data)
    assert code == 0
    game_id = out.split(" as ")[1].split(" ")[0]
    code, out, _ = run(capsys, "export", game_id, "--data-dir", data)
    assert code == 0
    assert json.loads(out)["starting_totals"] == {"Ann": 40, "Cat": -5}
    code, out, _ = run(capsys, "export", game_id, "--format", "csv", "--data-dir", data)
    assert code == 0
    _, start, first = out.splitlines()
    assert start == "start,,,,,,,40,,,,0,,,,-5"
    assert first.endswith(",53,4,5,5,5,2,2,12,7")
    pdf = tmp_path / "pad.pdf"
    code, _, _ = run(
        capsys, "export", game_id, "--format", "pdf", "--out", str(pdf), "--data-dir", data
    )
    assert code == 0
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf.read_bytes())).pages)
    assert "Starting totals carried in: Ann 40, Cat -5" in text
