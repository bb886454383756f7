"""Players' records in a real browser at 390x844: from home to the players' leaderboard, a
player's page with its numbers and charts, back, and a rename in the dialog undone again.
The numbers themselves are checked against a hand-worked history in tests/ui/test_players.py;
here, that a phone user (and a screen reader) reaches them."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from scorepad.store import open_store
from scorepad.ui.state import ScorepadApp
from tests.browser.harness import AppPage, running_app
from tests.ui.test_players import play_history

pytestmark = pytest.mark.browser


def history(data_dir: Path) -> None:
    """Three finished games of Ann, Bob, Cat and Dan (see ``play_history``)."""
    play_history(ScorepadApp(open_store(data_dir), rng=random.Random(3)))


def test_a_player_s_page_opens_from_home(tmp_path: Path, phone: AppPage) -> None:
    data = tmp_path / "data"
    history(data)
    with running_app(data) as url:
        phone.open(url)
        phone.tap("open-players")
        phone.page.wait_for_url(f"{url}players")
        leader = phone.wait_for("leader-Ann")
        assert phone.by_id("leader-Cat").count() == 0  # fewer than the 3 games to be ranked
        said = phone.page.get_by_role("button", name="1. Ann: 2 wins in 3 games", exact=False)
        assert "win rate 67%, money 5¢" in (said.first.get_attribute("aria-label") or "")
        assert leader.count() == 1

        phone.tap("leader-Ann")
        phone.wait_for("player-name")
        phone.page.wait_for_url(f"{url}players/Ann")
        assert "Won: 2" in phone.text_of("stat-overall-wins")
        assert "Bid accuracy: 57% (4 of 7 rounds)" in phone.text_of("stat-overall-accuracy")
        assert "Net: 5¢" in phone.text_of("stat-overall-money-net")
        phone.wait_for("results-chart")
        phone.wait_for("accuracy-chart")

        phone.page.go_back()  # the browser's back: the players again
        phone.wait_for("leader-Bob")
        phone.page.wait_for_url(f"{url}players")

        # an address typed in any case names the player once, as the roster spells them
        phone.open(f"{url}players/ann")
        phone.wait_for("player-name")
        assert phone.text_of("player-name").strip() == "Ann"
        phone.page.wait_for_url(f"{url}players/Ann")


def test_a_rename_in_the_dialog_and_its_undo(tmp_path: Path, phone: AppPage) -> None:
    data = tmp_path / "data"
    history(data)
    with running_app(data) as url:
        phone.open(url + "players")
        phone.tap("rename-Bob")
        phone.wait_for("dialog-field")
        phone.type_into("New name", "Ann")  # Enter saves: refused, the name is Ann's
        phone.wait_for("dialog-error")
        assert "use Merge" in phone.text_of("dialog-error")
        phone.wait_for("dialog-merge-instead")
        phone.tap("dialog-cancel")
        phone.wait_for("leader-Bob")
        assert phone.by_id("dialog-field").count() == 0

        phone.tap("rename-Bob")
        phone.type_into("New name", "Robert")
        phone.wait_for("leader-Robert")
        assert phone.by_id("dialog-field").count() == 0
        phone.wait_for("message")
        said = phone.page.get_by_label("Renamed Bob to Robert", exact=False)
        said.first.wait_for(state="attached", timeout=10_000)  # a screen reader hears it

        phone.tap("undo-roster")
        phone.wait_for("leader-Bob")
        assert phone.by_id("leader-Robert").count() == 0
