"""The command in the reader's language (issue 25): ``scorepad score --lang de`` as a German
table runs it, a separate process. The sheet's headings, the next round's line and the
standings are German, the numbers and names as they were; a refusal is German to its end,
the system's reason included ("Datei oder Ordner nicht gefunden", not "No such file or
directory"), and a port in use says so in German too.
"""

from __future__ import annotations

import json
import re
import socket
from pathlib import Path

import pytest

from scorepad.i18n import find_language, tr, use_language
from tests import test_cli_blackbox as blackbox
from tests.test_cli_blackbox import Scorepad
from tests.test_cli_score import ISSUE_EXAMPLE

pytestmark = pytest.mark.process

home = blackbox.home
scorepad = blackbox.scorepad
"""The black-box tests' fixtures: the command in its own process, under a memory cap."""

NO_SYSTEM_LANGUAGE = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": ""}
"""The system's language left out (the tests pin ``SCOREPAD_LANG=en``, which ``--lang`` must
beat anyway): an empty variable counts as unset, as gettext's do."""


def german(english: str) -> str:
    with use_language(find_language("de")):
        return tr(english)


def test_score_in_german_reads_german_from_heading_to_standings(
    tmp_path: Path, scorepad: Scorepad
) -> None:
    game = tmp_path / "spiel.json"
    game.write_text(json.dumps(ISSUE_EXAMPLE), encoding="utf-8")
    done = scorepad("score", "--lang", "de", str(game), env=NO_SYSTEM_LANGUAGE)
    out = done.out
    assert (done.code, done.err) == (0, "")
    # the sheet's columns, the turned card and the standings, in the table's words
    for word in ("Karten", "Geber", "Trumpf", "Herz", "Stand", "Spieler", "Gesamt"):
        assert word in out, f"{word!r} is not in the German sheet:\n{out}"
    assert "Golf: Runde 1 von 18, laufend" in out
    assert "als Nächstes: Runde 2, je 2 Karten, Cat gibt, Dan sagt zuerst an" in out
    for english in ("Cards", "Dealer", "Trump", "hearts", "Standings", "round", "next"):
        assert not re.search(rf"\b{english}\b", out), f"{english!r} is left in English:\n{out}"
    # the engine's scores are the same in any language: Dan bid 1 and took none
    in_english = scorepad("score", "--json", str(game), env=NO_SYSTEM_LANGUAGE)
    in_german = scorepad("score", "--json", "--lang", "de", str(game), env=NO_SYSTEM_LANGUAGE)
    assert in_english.code == in_german.code == 0
    assert json.loads(in_german.out) == json.loads(in_english.out)
    assert json.loads(in_german.out)["totals"] == {"Ann": 10, "Bob": 11, "Cat": 10, "Dan": 0}


def test_a_missing_file_is_refused_in_german_to_the_end(scorepad: Scorepad) -> None:
    done = scorepad("score", "--lang", "de", "fehlt.json", env=NO_SYSTEM_LANGUAGE)
    assert (done.code, done.out) == (1, "")
    assert (
        done.err == "scorepad: fehlt.json: Lesen nicht möglich: Datei oder Ordner nicht gefunden\n"
    )


def test_the_system_language_is_followed_when_no_lang_is_given(scorepad: Scorepad) -> None:
    polish = {**NO_SYSTEM_LANGUAGE, "SCOREPAD_LANG": "", "LANG": "pl_PL.UTF-8"}
    done = scorepad("score", "fehlt.json", env=polish)
    assert done.code == 1
    assert (
        done.err == "scorepad: fehlt.json: nie można odczytać: nie ma takiego pliku ani folderu\n"
    )


def test_a_port_in_use_is_refused_in_german(tmp_path: Path, scorepad: Scorepad) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = scorepad(
            "--lang",
            "de",
            "--web",
            "--port",
            str(port),
            "--data-dir",
            str(tmp_path / "data"),
            env=NO_SYSTEM_LANGUAGE,
        )
    expected = german("port {port} on {host} is in use; pick another with --port")
    assert expected != "port {port} on {host} is in use; pick another with --port"
    assert (done.code, done.out) == (1, "")
    assert done.err == f"scorepad: {expected.format(port=port, host='127.0.0.1')}\n"
