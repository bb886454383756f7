"""A browser session that went away is not kept for Flet's default hour: at a shared table
every phone that scanned the code and left would hold its memory that long (reviewer)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from scorepad.ui.web_guard import ServedAddress
from scorepad.ui.web_server import SESSION_KEPT_SECONDS, SESSION_TIMEOUT_VARIABLE, build_app


def nothing(page: object) -> None:
    """An app with no screen: only the server's settings are looked at."""


def test_a_session_gone_away_is_kept_a_quarter_of_an_hour(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(SESSION_TIMEOUT_VARIABLE, "0")  # so that the undo removes what is set
    monkeypatch.delenv(SESSION_TIMEOUT_VARIABLE)
    build_app(nothing, None, ServedAddress("127.0.0.1", 8550), tmp_path)
    assert os.environ[SESSION_TIMEOUT_VARIABLE] == str(SESSION_KEPT_SECONDS) == "900"


def test_a_session_time_the_user_set_is_left_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(SESSION_TIMEOUT_VARIABLE, "120")
    build_app(nothing, None, ServedAddress("127.0.0.1", 8550), tmp_path)
    assert os.environ[SESSION_TIMEOUT_VARIABLE] == "120"
