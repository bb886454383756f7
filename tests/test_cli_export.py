"""``scorepad export --format json|csv|pdf`` and ``scorepad pad``: the same sheet the app
shows, as a file or on a pipe; a PDF never on a terminal; every bad input one line, exit 1."""

from __future__ import annotations

import csv
import io
import json
import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from scorepad.cli import main
from scorepad.engine import GOLF, Game
from scorepad.paper import blank_pad_pdf, sheet_csv
from scorepad.store import TinyDBStore
from tests.test_cli_score import ISSUE_EXAMPLE

MM_PER_POINT = 25.4 / 72


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def game_id(data: Path) -> str:
    return TinyDBStore(data).create_game(Game.from_data(ISSUE_EXAMPLE).record).id


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def pdf_text(data: bytes) -> str:
    assert data.startswith(b"%PDF-")
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def test_json_is_still_the_default(
    data: Path, game_id: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "export", game_id, "--data-dir", str(data))
    assert code == 0
    assert json.loads(out)["players"] == ["Ann", "Bob", "Cat", "Dan"]
    code, same, _ = run(capsys, "export", game_id, "--format", "json", "--data-dir", str(data))
    assert (code, same) == (0, out)


def test_csv_prints_the_score_sheet(
    data: Path, game_id: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "export", game_id[:5], "--format", "csv", "--data-dir", str(data))
    assert (code, err) == (0, "")
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0][:5] == ["round", "cards", "dealer", "trump", "Ann bid"]
    assert rows[1][:4] == ["1", "1", "Bob", "hearts"]
    assert len(rows) == 2


def test_csv_to_a_file_is_the_sheet_in_utf8(
    tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = Game.start("golf", ["Zoë", "李"], first_dealer="李")
    stored = TinyDBStore(data).create_game(game.record)
    out = tmp_path / "sheet.csv"
    code, _, err = run(
        capsys, "export", stored.id, "--format", "csv", "--out", str(out), "--data-dir", str(data)
    )
    assert code == 0
    assert err == f"exported the score sheet of game {stored.id} to {out}\n"
    assert out.read_bytes() == sheet_csv(game).encode("utf-8")


def test_pdf_to_a_file_is_the_filled_pad(
    tmp_path: Path, data: Path, game_id: str, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "game.pdf"
    code, _, err = run(
        capsys, "export", game_id, "--format", "pdf", "--out", str(out), "--data-dir", str(data)
    )
    assert code == 0
    assert err == f"exported the score pad of game {game_id} to {out}\n"
    text = pdf_text(out.read_bytes())
    assert "Golf: Ann, Bob, Cat, Dan" in text
    played = TinyDBStore(data).load_game(game_id).created
    assert f"Played {played:%Y-%m-%d}. In progress: 1 of 18 rounds played" in text
    assert "\n1 1 Bob hearts 0 0 10 10 1 1 11 11 0 0 10 10 1 0 0 0\n" in text


def test_pdf_goes_down_a_pipe(
    data: Path, game_id: str, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    code = main(["export", game_id, "--format", "pdf", "--paper", "a4", "--data-dir", str(data)])
    captured = capsysbinary.readouterr()
    assert (code, captured.err) == (0, b"")
    page = PdfReader(io.BytesIO(captured.out)).pages[0]
    assert float(page.mediabox.width) * MM_PER_POINT == pytest.approx(297, abs=0.5)


def run_on_a_terminal(*argv: str, cwd: Path) -> tuple[int, bytes, str]:
    """``scorepad ARGV`` with its standard output on a pseudo-terminal."""
    leader, follower = pty.openpty()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "scorepad", *argv],
            stdout=follower,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            cwd=cwd,
            timeout=60,
            check=False,
        )
        os.set_blocking(leader, False)
        try:
            shown = os.read(leader, 1 << 16)
        except BlockingIOError:
            shown = b""
    finally:
        os.close(leader)
        os.close(follower)
    return done.returncode, shown, done.stderr.decode()


@pytest.mark.process
def test_a_pdf_is_never_written_to_a_terminal(tmp_path: Path, data: Path, game_id: str) -> None:
    code, shown, err = run_on_a_terminal(
        "export", game_id, "--format", "pdf", "--data-dir", str(data), cwd=tmp_path
    )
    assert code == 1
    assert b"%PDF" not in shown
    assert err.startswith("scorepad: a PDF cannot be shown on the terminal; add --out FILE.pdf")
    assert len(err.splitlines()) == 1
    code, shown, err = run_on_a_terminal("pad", "golf", "--players", "4", cwd=tmp_path)
    assert (code, b"%PDF" in shown) == (1, False)
    assert "add --out FILE.pdf" in err


def test_paper_is_only_for_a_pdf(
    data: Path, game_id: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "export", game_id, "--paper", "a4", "--data-dir", str(data))
    assert (code, out) == (1, "")
    assert err == "scorepad: --paper is for a PDF; add --format pdf or leave out --paper\n"


def test_an_unknown_game_changes_nothing(
    tmp_path: Path, data: Path, game_id: str, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "nope.pdf"
    code, _, err = run(
        capsys, "export", "zzzz", "--format", "pdf", "--out", str(out), "--data-dir", str(data)
    )
    assert code == 1
    assert err.startswith("scorepad: ") and "zzzz" in err and len(err.splitlines()) == 1
    assert not out.exists()


def test_pad_writes_a_blank_pad(
    tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "pad.pdf"
    code, _, err = run(
        capsys, "pad", "Golf", "--players", "5", "--out", str(out), "--data-dir", str(data)
    )
    assert code == 0
    assert err == f"wrote a blank Golf pad for 5 players to {out}\n"
    assert out.read_bytes()[:8] == blank_pad_pdf(GOLF, 5)[:8]
    text = pdf_text(out.read_bytes())
    assert "Round Cards Dealer Trump 1. 2. 3. 4. 5." in text
    assert "\n1 1 1\n" in text  # round 1: one card, seat 1 deals


def test_pad_finds_a_saved_house_rule(
    tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    TinyDBStore(data).save_variant(GOLF.with_changes(name="Short Golf", hand_sizes=(3, 2, 1)))
    out = tmp_path / "short.pdf"
    code, _, _ = run(
        capsys, "pad", "short golf", "--players", "3", "--out", str(out), "--data-dir", str(data)
    )
    assert code == 0
    text = pdf_text(out.read_bytes())
    assert "Short Golf: score pad" in text
    # the rounds, then (Golf is played for a stake) the box to settle up in
    assert "\n1 3 1\n2 2 2\n3 1 3\nSettling up at 5¢ a set" in text
    assert text.endswith("\n1.\n2.\n3.")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["pad", "golf", "--players", "9"], "scorepad: Golf needs 2 to 8 players, not 9\n"),
        (
            ["pad", "golf", "--players", "five"],
            "scorepad: --players must be a whole number of players, not 'five'\n",
        ),
        (
            ["pad", "whist", "--players", "4"],
            "scorepad: unknown variant 'whist'; the variants are Mormon Bridge (mormon-bridge), "
            "Scotch Bridge (scotch-bridge), Golf (golf), Nomination Whist (nomination-whist), "
            "Up and Down the River (up-and-down-the-river), Kachuful (kachuful), "
            "Blackout (blackout)\n",
        ),
        (
            ["pad", "scotch-bridge", "--players", "3"],
            "scorepad: Scotch Bridge needs exactly 4 players, not 3\n",
        ),
    ],
)
def test_pad_refuses_bad_input_in_one_line(
    tmp_path: Path,
    data: Path,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    message: str,
) -> None:
    out = tmp_path / "pad.pdf"
    code, printed, err = run(capsys, *argv, "--out", str(out), "--data-dir", str(data))
    assert (code, printed) == (1, "")
    assert err.startswith(message) and len(err.splitlines()) == 1
    assert not out.exists()


def test_pad_will_not_replace_a_file_without_force(
    tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "pad.pdf"
    out.write_text("mine")
    argv = ["pad", "golf", "--players", "4", "--out", str(out), "--data-dir", str(data)]
    code, _, err = run(capsys, *argv)
    assert code == 1
    assert err == f"scorepad: {out}: cannot write: the file exists; add --force to replace it\n"
    assert out.read_text() == "mine"
    assert run(capsys, *argv, "--force")[0] == 0
    assert out.read_bytes().startswith(b"%PDF-")


def test_after_a_rename_the_sheet_and_the_pad_name_players_as_now(
    tmp_path: Path, data: Path, game_id: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The game screen says "Robert" after Bob's rename, and so do the files made from it;
    the CSV's heads and the PDF's note keep "Bob", so both still match the record."""
    TinyDBStore(data).rename_player("Bob", "Robert")
    code, out, _ = run(capsys, "export", game_id, "--format", "csv", "--data-dir", str(data))
    rows = list(csv.reader(io.StringIO(out)))
    assert code == 0
    assert rows[0][7:9] == ["Ann total", "Robert (played as Bob) bid"]
    assert rows[1][2] == "Robert"  # Bob dealt the first round
    pdf = tmp_path / "game.pdf"
    run(capsys, "export", game_id, "--format", "pdf", "--out", str(pdf), "--data-dir", str(data))
    text = pdf_text(pdf.read_bytes())
    assert "Golf: Ann, Robert, Cat, Dan" in text
    assert "\n1 1 Robert hearts " in text
    assert "Names as known now: Robert played as Bob." in text
    code, out, _ = run(capsys, "export", game_id, "--data-dir", str(data))
    assert json.loads(out)["players"] == ["Ann", "Bob", "Cat", "Dan"]  # the record, as played
