"""Back up all games and restore them, from the home screen (issue 24): one file with every
game, the roster and the house rules (``scorepad backup``'s), and back, always as a merge that
changes nothing a device holds; a bad file is refused whole, saying why."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import flet as ft
import pytest

from scorepad.engine import GOLF
from scorepad.store import open_store, parse_backup
from scorepad.ui.state import ExportFile, ExportKind, MessageKind, ScorepadApp, Screen
from scorepad.ui.state.home import SAFETY_NOTE
from scorepad.ui.state.imports import PickedFile
from scorepad.ui.views.home import home_view
from tests.ui.driving import play_round, start
from tests.ui.test_sheet_view import walk

FOUR = ["Ann", "Bob", "Cat", "Dan"]
DAY = date(2026, 12, 4)


def an_evening(folder: Path) -> ScorepadApp:
    """Two games (one with two rounds played) and a house rule, on the home screen."""
    app = ScorepadApp(open_store(folder))
    start(app, "golf", FOUR, dealer="Dan")
    play_round(app)
    play_round(app)
    app.go_home()
    start(app, "mormon-bridge", ["Eve", "Fay", "Gus"])
    app.go_home()
    app.store.save_variant(GOLF.model_copy(update={"name": "Golf, our way"}))
    return app


def backed_up(app: ScorepadApp) -> ExportFile:
    saved: list[ExportFile] = []
    app.game.save_file = saved.append
    app.home.back_up_all(today=DAY)
    assert app.message is None, app.message
    (file,) = saved
    return file


def games_of(app: ScorepadApp) -> dict[str, object]:
    return {summary.id: app.reader.load_game(summary.id).record for summary in app.home.games}


def test_the_backup_is_one_file_with_every_game_the_roster_and_the_house_rules(
    tmp_path: Path,
) -> None:
    app = an_evening(tmp_path / "here")
    file = backed_up(app)
    assert file.kind is ExportKind.BACKUP
    assert file.name == "scorepad-backup-2026-12-04.json"
    assert file.media_type == "application/json"
    backup = parse_backup(file.data)  # what scorepad restore reads
    assert {stored.id for stored in backup.games} == set(games_of(app))
    assert {player.name for player in backup.roster} == {*FOUR, "Eve", "Fay", "Gus"}
    assert [saved.name for saved in backup.house_rules] == ["Golf, our way"]
    app.game.file_saved(file, None)
    assert app.message is not None
    assert app.message.text == (
        "Saved the backup of all games as scorepad-backup-2026-12-04.json (see your downloads)."
    )


def test_a_backup_restored_on_another_device_brings_back_every_game(tmp_path: Path) -> None:
    here = an_evening(tmp_path / "here")
    file = backed_up(here)
    phone = ScorepadApp(open_store(tmp_path / "phone"))
    phone.home.restore_backup([PickedFile("from Ann.json", file.data)])
    assert phone.message is not None
    assert phone.message.kind is MessageKind.INFO
    assert phone.message.text == (
        "Restored 2 games, 7 players and 1 house rule from 'from Ann.json'."
    )
    assert games_of(phone) == games_of(here)
    assert phone.screen is Screen.HOME
    # and the games play on there, the round count where it was left
    golf = next(s for s in phone.home.games if s.variant == "Golf")
    phone.home.open_game(golf.id)
    assert phone.game.session is not None
    upcoming = phone.game.session.game.next_round
    assert upcoming is not None and upcoming.number == 3


def test_restoring_twice_or_onto_a_device_with_games_of_its_own_loses_nothing(
    tmp_path: Path,
) -> None:
    here = an_evening(tmp_path / "here")
    file = backed_up(here)
    phone = ScorepadApp(open_store(tmp_path / "phone"))
    start(phone, "golf", ["Zoe", "Yan"])
    phone.go_home()
    own = set(games_of(phone))
    phone.home.restore_backup([PickedFile("b.json", file.data)])
    assert set(games_of(phone)) == own | set(games_of(here))
    phone.home.restore_backup([PickedFile("b.json", file.data)])  # the same file again
    assert phone.message is not None
    assert phone.message.text.split("\n") == [
        "Nothing new in 'b.json': this device has all of it already.",
        "2 games already here: left as they are.",
    ]
    assert set(games_of(phone)) == own | set(games_of(here))


@pytest.mark.parametrize(
    ("files", "said"),
    [
        (
            [PickedFile("notes.json", b"Ann 10, Bob 7")],
            "'notes.json' was not restored: it is not a scorepad backup (it is not JSON: "
            "unexpected 'Ann' at line 1, column 1); pick a file saved by Back up all games; "
            "nothing was changed",
        ),
        (
            [PickedFile("photo.png", b"\x89PNG\r\n\x1a\n" + bytes(20))],
            "'photo.png' was not restored: it is not a scorepad backup (it is not text, byte "
            "0x89 at position 0 is not UTF-8); pick a file saved by Back up all games; nothing "
            "was changed",
        ),
        (
            [PickedFile("golf.json", json.dumps({"variant": "golf", "players": FOUR}).encode())],
            "'golf.json' was not restored: it is a game record, not a backup: bring it in with "
            "Import a game; nothing was changed",
        ),
        (
            [PickedFile("lost.json", None)],
            "'lost.json' was not restored: its content could not be read; try picking it "
            "again; nothing was changed",
        ),
        (
            [PickedFile("a.json", b"{}"), PickedFile("b.json", b"{}")],
            "pick one backup file to restore, not 2 ('a.json' and 'b.json'); nothing was changed",
        ),
    ],
    ids=["not JSON", "a picture", "a game record", "unreadable", "two files"],
)
def test_a_file_that_is_not_one_backup_is_refused_whole_saying_why(
    tmp_path: Path, files: list[PickedFile], said: str
) -> None:
    app = an_evening(tmp_path / "here")
    before = games_of(app)
    app.home.restore_backup(files)
    assert app.message is not None
    assert app.message.kind is MessageKind.ERROR
    assert app.message.text == said
    assert games_of(app) == before


def test_nothing_picked_changes_nothing(tmp_path: Path) -> None:
    app = an_evening(tmp_path / "here")
    app.home.restore_backup([])
    assert app.message is None


def test_a_game_that_cannot_be_read_is_named_as_not_in_the_backup(tmp_path: Path) -> None:
    app = an_evening(tmp_path / "here")
    broken = app.home.games[0].id
    (tmp_path / "here" / "games" / f"{broken}.json").write_text("{ not a game", "utf-8")
    app.lists.forget()
    file = backed_up(app)
    assert len(parse_backup(file.data).games) == 1
    app.game.file_saved(file, None)
    assert app.message is not None
    assert app.message.text == (
        "Saved the backup of all games as scorepad-backup-2026-12-04.json (see your "
        f"downloads). Not in it: 1 game that cannot be read ({broken}); see Cannot be read "
        "on the list."
    )


def texts(control: ft.BaseControl) -> list[str]:
    return [str(c.value) for c in walk(control) if isinstance(c, ft.Text) and c.value]


def test_the_offline_app_says_why_to_back_up_and_the_laptop_app_does_not(
    tmp_path: Path,
) -> None:
    app = an_evening(tmp_path / "here")
    assert app.home.safety_note is None
    assert "Keep the games safe" in texts(home_view(app, 390))
    assert SAFETY_NOTE not in texts(home_view(app, 390))
    app.saved_through = 0  # as the offline app's start sets it: games saved in IndexedDB
    assert app.home.safety_note == SAFETY_NOTE
    assert SAFETY_NOTE in texts(home_view(app, 390))
    assert "Safari" in SAFETY_NOTE and "Add to Home Screen" in SAFETY_NOTE
