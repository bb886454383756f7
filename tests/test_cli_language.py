"""The command in the reader's language (issue 25): ``scorepad score --lang de`` as a German
table runs it, a separate process. The sheet's headings, the next round's line and the
standings are German, the numbers and names as they were; a refusal is German to its end,
the system's reason included ("Datei oder Ordner nicht gefunden", not "No such file or
directory"), and a port in use says so in German too.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from scorepad.i18n import find_language, tr, use_language
from tests.test_cli_score import ISSUE_EXAMPLE

pytestmark = pytest.mark.process

RUN_TIMEOUT = 60


def scorepad(tmp_path: Path, *args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    """Run ``scorepad`` as a user does, with the system's language left out of it (the tests
    pin ``SCOREPAD_LANG=en``, which ``--lang`` must beat anyway)."""
    environ = {
        k: v
        for k, v in os.environ.items()
        if k not in ("SCOREPAD_DATA_DIR", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
    }
    environ["XDG_DATA_HOME"] = str(tmp_path / "xdg-data")
    environ.update(env or {})
    done = subprocess.run(
        [sys.executable, "-m", "scorepad", *args],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
        env=environ,
        stdin=subprocess.DEVNULL,
        timeout=RUN_TIMEOUT,
    )
    return done.returncode, done.stdout, done.stderr


def german(english: str) -> str:
    with use_language(find_language("de")):
        return tr(english)


def test_score_in_german_reads_german_from_heading_to_standings(tmp_path: Path) -> None:
    game = tmp_path / "spiel.json"
    game.write_text(json.dumps(ISSUE_EXAMPLE), encoding="utf-8")
    code, out, err = scorepad(tmp_path, "score", "--lang", "de", str(game))
    assert (code, err) == (0, "")
    # the sheet's columns, the turned card and the standings, in the table's words
    for word in ("Karten", "Geber", "Trumpf", "Herz", "Stand", "Spieler", "Gesamt"):
        assert word in out, f"{word!r} is not in the German sheet:\n{out}"
    assert "Golf: Runde 1 von 18, laufend" in out
    assert "als Nächstes: Runde 2, je 2 Karten, Cat gibt, Dan sagt zuerst an" in out
    for english in ("Cards", "Dealer", "Trump", "hearts", "Standings", "round", "next"):
        assert not re.search(rf"\b{english}\b", out), f"{english!r} is left in English:\n{out}"
    # the engine's scores are the same in any language: Dan bid 1 and took none
    code_en, out_en, _ = scorepad(tmp_path, "score", "--json", str(game))
    code_de, out_de, _ = scorepad(tmp_path, "score", "--json", "--lang", "de", str(game))
    assert code_en == code_de == 0
    assert json.loads(out_de) == json.loads(out_en)
    assert json.loads(out_de)["totals"] == {"Ann": 10, "Bob": 11, "Cat": 10, "Dan": 0}


def test_a_missing_file_is_refused_in_german_to_the_end(tmp_path: Path) -> None:
    code, out, err = scorepad(tmp_path, "score", "--lang", "de", "fehlt.json")
    assert (code, out) == (1, "")
    assert err == "scorepad: fehlt.json: Lesen nicht möglich: Datei oder Ordner nicht gefunden\n"


def test_the_system_language_is_followed_when_no_lang_is_given(tmp_path: Path) -> None:
    code, _, err = scorepad(
        tmp_path, "score", "fehlt.json", env={"SCOREPAD_LANG": "", "LANG": "pl_PL.UTF-8"}
    )
    assert code == 1
    assert err == "scorepad: fehlt.json: nie można odczytać: nie ma takiego pliku ani folderu\n"


def test_a_port_in_use_is_refused_in_german(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, out, err = scorepad(
            tmp_path,
            "--lang",
            "de",
            "--web",
            "--port",
            str(port),
            "--data-dir",
            str(tmp_path / "data"),
        )
    expected = german("port {port} on {host} is in use; pick another with --port")
    assert expected != "port {port} on {host} is in use; pick another with --port"
    assert (code, out) == (1, "")
    assert err == f"scorepad: {expected.format(port=port, host='127.0.0.1')}\n"
