"""Import a game (issue 10): records picked on the home screen are stored, each file with its
own outcome on the message line; a file that holds a game opens it, a bad file is refused
saying why in one line that quotes its name, and never stops the others."""

from __future__ import annotations

import json
import random
from collections.abc import AsyncIterator
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import flet as ft
import pytest
import pytest_asyncio

from scorepad.engine import (
    DECK_SIZE,
    GOLF,
    MAX_NAME_LENGTH,
    MAX_ROUNDS,
    Game,
    GameRecord,
    PlayedTimes,
)
from scorepad.store import StoreError, open_store
from scorepad.ui.state import MessageKind, ScorepadApp, Screen
from scorepad.ui.state.exports import ExportKind, export_file
from scorepad.ui.state.imports import (
    MAX_RECORD_BYTES,
    AlreadyStored,
    Imported,
    NewerRecordError,
    NotARecordError,
    NotJsonFileError,
    PickedFile,
    RecordNotStoredError,
    RecordRefusedError,
    RecordTooLargeError,
    Refused,
    UnreadFileError,
    import_files,
)
from scorepad.ui.views.common import message_bar
from tests.helpers import zero_round
from tests.ui.flet_session import ViewDriver
from tests.ui.test_sheet_view import tagged, walk

TABLE: dict[str, Any] = {
    "variant": "golf",
    "players": ["Ann", "Bob", "Cat"],
    "first_dealer": "Ann",
    "rounds": [
        {
            "turned": "hearts",
            "bids": {"Ann": 0, "Bob": 0, "Cat": 0},
            "tricks": {"Ann": 1, "Bob": 0, "Cat": 0},
        }
    ],
}
OTHER_TABLE: dict[str, Any] = {**TABLE, "players": ["Ann", "Bob", "Dan"], "rounds": []}


def record_file(table: dict[str, Any] = TABLE) -> bytes:
    """A record as scorepad exports it: indented UTF-8 JSON."""
    return (json.dumps(table, ensure_ascii=False, indent=2) + "\n").encode()


def stored_ids(app: ScorepadApp) -> list[str]:
    return [summary.id for summary in app.store.list_games()]


def test_a_record_picked_is_stored_and_opened_to_play_on(app: ScorepadApp) -> None:
    app.home.import_games([PickedFile("golf-2026-11-30-1a2b.json", record_file())])
    (game_id,) = stored_ids(app)
    assert app.message is not None
    assert app.message.kind is MessageKind.INFO
    assert app.message.text == (
        f"Imported 'golf-2026-11-30-1a2b.json' as game {game_id}: "
        "Golf with Ann, Bob and Cat, 1 of 18 rounds played."
    )
    assert app.screen is Screen.GAME
    assert app.game.session is not None
    assert app.game.session.stored.id == game_id
    assert app.store.load_game(game_id).record == GameRecord.from_data(TABLE)


def test_a_record_exported_by_the_app_comes_back_as_the_same_game(
    app: ScorepadApp, tmp_path: Path
) -> None:
    """The round trip between two devices: the menu's record (JSON) of one store, picked on
    another, is the same game there."""
    phone = open_store(tmp_path / "phone")
    played = phone.create_game(GameRecord.from_data(TABLE))
    exported = export_file(played, ExportKind.RECORD)
    app.home.import_games([PickedFile(exported.name, exported.data)])
    (game_id,) = stored_ids(app)
    assert app.store.load_game(game_id).record == played.record


def test_the_same_record_twice_is_one_game_and_it_opens(app: ScorepadApp) -> None:
    app.home.import_games([PickedFile("golf.json", record_file())])
    (game_id,) = stored_ids(app)
    app.go_home()
    # the same game, written another way (no indentation, keys in another order)
    again = json.dumps(dict(reversed(TABLE.items()))).encode()
    app.home.import_games([PickedFile("golf (1).json", again)])
    assert stored_ids(app) == [game_id]
    assert app.message is not None
    assert app.message.kind is MessageKind.INFO
    assert app.message.text == (
        f"'golf (1).json' is already stored as game {game_id}; nothing imported."
    )
    assert app.screen is Screen.GAME
    assert app.game.session is not None
    assert app.game.session.stored.id == game_id


def with_field(**extra: object) -> bytes:
    return record_file({**TABLE, **extra})


REFUSALS = [
    pytest.param(
        "notes.txt",
        b"Ann 10, Bob 7",
        NotJsonFileError,
        "'notes.txt' was not imported: it is not JSON (unexpected 'Ann' at line 1, "
        "column 1); pick a game record (.json) exported from scorepad.",
        id="not JSON",
    ),
    pytest.param(
        "empty.json",
        b"  \n",
        NotJsonFileError,
        "'empty.json' was not imported: it is not JSON (the file is empty); "
        "pick a game record (.json) exported from scorepad.",
        id="empty",
    ),
    pytest.param(
        "photo.json",
        b"\x89PNG\r\n\x1a\n\x00\x00",
        NotJsonFileError,
        "'photo.json' was not imported: it is not JSON (not text, byte 0x89 at position 0 is "
        "not UTF-8); pick a game record (.json) exported from scorepad.",
        id="not text",
    ),
    pytest.param(
        "scores.json",
        b"[10, 7]",
        NotARecordError,
        "'scores.json' was not imported: it is not a scorepad game record (it holds a list, "
        "not an object); pick a game record (.json) exported from scorepad.",
        id="a list",
    ),
    pytest.param(
        "package.json",
        b'{"name": "scorepad", "version": "1.0"}',
        NotARecordError,
        "'package.json' was not imported: it is not a scorepad game record (it has no variant "
        "or players); pick a game record (.json) exported from scorepad.",
        id="another program's JSON",
    ),
    pytest.param(
        "half.json",
        b'{"variant": "golf", "rounds": []}',
        NotARecordError,
        "'half.json' was not imported: it is not a scorepad game record (it has no players); "
        "pick a game record (.json) exported from scorepad.",
        id="no players",
    ),
    pytest.param(
        "scorepad-backup.json",
        b'{"format": "scorepad-backup", "version": 1, "games": []}',
        NotARecordError,
        "'scorepad-backup.json' was not imported: it is a scorepad backup (a whole store), not "
        "a game record; restore it with scorepad restore on a computer.",
        id="a backup",
    ),
    pytest.param(
        "twice.json",
        b'{"variant": "golf", "variant": "scotch bridge", "players": []}',
        NotARecordError,
        "'twice.json' was not imported: it is not a scorepad game record (the key 'variant' "
        "appears twice in one object; give each key once).",
        id="a key twice",
    ),
    pytest.param(
        "edited.json",
        with_field(players="Ann, Bob, Cat"),
        NotARecordError,
        "'edited.json' was not imported: it is not a game record scorepad can read: players: "
        "Input should be a valid tuple (got 'Ann, Bob, Cat').",
        id="wrong shape",
    ),
    pytest.param(
        "from-2027.json",
        with_field(dealer_rotation="counter-clockwise"),
        NewerRecordError,
        "'from-2027.json' was not imported: it has a field this scorepad does not know "
        "('dealer_rotation'): a newer scorepad wrote it (or it was edited); update scorepad "
        "to import it.",
        id="newer scorepad",
    ),
    pytest.param(
        "wrong.json",
        with_field(
            rounds=[
                {
                    "turned": "hearts",
                    "bids": {"Ann": 5, "Bob": 0, "Cat": 0},
                    "tricks": {"Ann": 1, "Bob": 0, "Cat": 0},
                }
            ]
        ),
        RecordRefusedError,
        "'wrong.json' was not imported: the rules refuse it: round 1: Ann bid 5, but a bid in "
        "a 1-card round is 0 to 1.",
        id="the rules refuse it",
    ),
    pytest.param(
        "huge.json",
        b" " * (MAX_RECORD_BYTES + 1),
        RecordTooLargeError,
        "'huge.json' was not imported: it is 4.1 MB, larger than any game record (at most "
        "4 MB; a record is a few kilobytes).",
        id="too large",
    ),
    pytest.param(
        "lost.json",
        None,
        UnreadFileError,
        "'lost.json' was not imported: its content could not be read; try picking it again.",
        id="no bytes",
    ),
    pytest.param(
        "two\nlines.json",
        b"x",
        NotJsonFileError,
        "'two\\nlines.json' was not imported: it is not JSON (unexpected 'x' at line 1, "
        "column 1); pick a game record (.json) exported from scorepad.",
        id="a name that would break the line",
    ),
]


@pytest.mark.parametrize(("name", "data", "kind", "said"), REFUSALS)
def test_a_file_that_is_not_a_good_record_is_refused_saying_why(
    app: ScorepadApp, name: str, data: bytes | None, kind: type[Exception], said: str
) -> None:
    revision = app.revision
    app.home.import_games([PickedFile(name, data)])
    assert app.revision > revision  # the screen shows the answer
    assert app.message is not None
    assert app.message.kind is MessageKind.ERROR
    assert app.message.text == said
    assert "\n" not in said
    assert app.screen is Screen.HOME
    assert stored_ids(app) == []
    (outcome,) = import_files(app.store, [PickedFile(name, data)])
    assert isinstance(outcome, Refused)
    assert type(outcome.problem) is kind


def test_the_largest_record_scorepad_can_write_is_imported(app: ScorepadApp) -> None:
    """The limit is far above any real record: 51 players with 40-character names of
    four-byte letters, 60 rounds, written as the app exports it, is about a quarter of it."""
    rules = GOLF.with_changes(
        name="W" * MAX_NAME_LENGTH,
        hand_sizes=(1,) * MAX_ROUNDS,
        min_players=2,
        max_players=DECK_SIZE - 1,
    )
    players = [f"{seat:02d}" + "😀" * (MAX_NAME_LENGTH - 2) for seat in range(DECK_SIZE - 1)]
    game = Game.start(rules, players)
    for _ in range(MAX_ROUNDS):
        game = game.record_round(zero_round(game))
    exported = export_file(app.store.create_game(game.record), ExportKind.RECORD)
    assert MAX_RECORD_BYTES / 5 < len(exported.data) < MAX_RECORD_BYTES / 3
    other = ScorepadApp(open_store(app.store.root.parent / "other"))
    other.home.import_games([PickedFile(exported.name, exported.data)])
    assert other.message is not None
    assert other.message.kind is MessageKind.INFO, other.message
    assert other.store.load_game(stored_ids(other)[0]).record == game.record


def test_several_files_each_get_their_outcome_and_a_bad_one_stops_none(
    app: ScorepadApp,
) -> None:
    app.home.import_games([PickedFile("first.json", record_file())])
    (first,) = stored_ids(app)
    app.go_home()
    app.home.import_games(
        [
            PickedFile("notes.txt", b"not a record"),
            PickedFile("first again.json", record_file()),
            PickedFile("second.json", record_file(OTHER_TABLE)),
            PickedFile("wrong.json", with_field(first_dealer="Zed")),
        ]
    )
    (second,) = set(stored_ids(app)) - {first}
    assert app.message is not None
    # the refusals in red, to be read; what went in below them, not in the error colour
    assert app.message.kind is MessageKind.ERROR
    assert app.message.text.split("\n") == [
        "'notes.txt' was not imported: it is not JSON (unexpected 'not' at line 1, "
        "column 1); pick a game record (.json) exported from scorepad.",
        "'wrong.json' was not imported: the rules refuse it: first dealer 'Zed' is not one of "
        "the players (Ann, Bob, Cat).",
    ]
    assert app.message.more is not None
    assert app.message.more.kind is MessageKind.INFO
    assert app.message.more.text.split("\n") == [
        f"'first again.json' is already stored as game {first}; nothing imported.",
        f"Imported 'second.json' as game {second}: Golf with Ann, Bob and Dan, "
        "0 of 18 rounds played.",
    ]
    assert app.screen is Screen.HOME  # several files: the list shows what came in
    assert {summary.id for summary in app.home.games} == {first, second}


def test_several_good_files_are_all_imported_and_said_so(app: ScorepadApp) -> None:
    app.home.import_games(
        [PickedFile("a.json", record_file()), PickedFile("b.json", record_file(OTHER_TABLE))]
    )
    assert len(stored_ids(app)) == 2
    assert app.message is not None
    assert app.message.kind is MessageKind.INFO
    assert app.message.more is None
    assert [line.split(" as game")[0] for line in app.message.text.split("\n")] == [
        "Imported 'a.json'",
        "Imported 'b.json'",
    ]
    assert app.screen is Screen.HOME


def test_a_store_that_cannot_write_refuses_that_file_and_goes_on(
    app: ScorepadApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = app.store
    create = store.create_game

    def full_disk_for_dan(record: GameRecord, played: Any = None) -> Any:
        if "Dan" in record.players:
            raise StoreError("no space left on the device")
        return create(record, played)

    monkeypatch.setattr(store, "create_game", full_disk_for_dan)
    outcomes = import_files(
        store,
        [PickedFile("dan.json", record_file(OTHER_TABLE)), PickedFile("ok.json", record_file())],
    )
    refused, imported = outcomes
    assert isinstance(refused, Refused)
    assert isinstance(refused.problem, RecordNotStoredError)
    assert refused.text == (
        "'dan.json' was not imported: it could not be stored: no space left on the device."
    )
    assert isinstance(imported, Imported)
    assert stored_ids(app) == [imported.game_id]


def test_a_bug_with_one_file_is_named_and_the_others_are_imported(
    app: ScorepadApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = app.store
    find = store.find_game_with_record

    def broken_for_dan(record: GameRecord) -> str | None:
        if "Dan" in record.players:
            raise KeyError("catalogue row")
        return find(record)

    monkeypatch.setattr(store, "find_game_with_record", broken_for_dan)
    bad, good, again = import_files(
        store,
        [
            PickedFile("dan.json", record_file(OTHER_TABLE)),
            PickedFile("ok.json", record_file()),
            PickedFile("ok.json", record_file()),
        ],
    )
    assert isinstance(bad, Refused)
    assert bad.text == (
        "'dan.json' was not imported: something went wrong (KeyError); nothing was stored from it."
    )
    assert isinstance(good, Imported)
    assert again == AlreadyStored("ok.json", good.game_id)


def test_closing_the_chooser_without_a_file_changes_nothing(app: ScorepadApp) -> None:
    revision = app.revision
    app.home.import_games([])
    assert app.revision == revision
    assert app.message is None
    assert app.screen is Screen.HOME


# --- the home screen's button ----------------------------------------------------------------


@pytest_asyncio.fixture
async def driver(tmp_path: Path) -> AsyncIterator[ViewDriver]:
    view = ViewDriver(ScorepadApp(open_store(tmp_path / "data"), rng=random.Random(3)))
    await view.settle()
    yield view
    view.close()


@pytest.mark.asyncio
async def test_the_home_screen_picks_records_in_the_tap_and_imports_them(
    driver: ViewDriver,
) -> None:
    button = driver.tagged("import-game")
    assert isinstance(button, ft.OutlinedButton)
    assert button.content == "Import a game"
    action = button.action
    # the browser opens the chooser inside the tap itself (a phone's browser allows no other),
    # reads the files there (no server to upload to) and offers the records scorepad exports
    assert isinstance(action, ft.PickFiles)
    assert action.with_data
    assert action.allow_multiple
    assert action.file_type is ft.FilePickerFileType.CUSTOM
    assert action.allowed_extensions == ["json"]
    data = record_file()
    chosen = {"files": [{"id": 0, "name": "golf.json", "size": len(data), "bytes": data}]}
    await driver.session.dispatch_event(action.file_picker._i, "result", chosen)
    await driver.settle()
    app = driver.app
    assert app.screen is Screen.GAME
    (game_id,) = stored_ids(app)
    said = f"Imported 'golf.json' as game {game_id}: Golf with Ann, Bob and Cat"
    assert any(text.startswith(said) for text in driver.texts()), driver.texts()


# --- when the game was played travels with it (issue 19) --------------------------------------

PLAYED = datetime(2026, 11, 20, 19, 30, tzinfo=UTC)
LAST_ROUND = datetime(2026, 11, 20, 21, 5, tzinfo=UTC)


def test_an_exported_game_imported_elsewhere_keeps_its_evening(tmp_path: Path) -> None:
    """The record carried no date: an imported game was stamped with the import time and
    moved to today in the ledger's evenings, the date filters and the charts."""
    here = open_store(tmp_path / "here")
    game = Game.from_data(TABLE)
    stored = here.create_game(game.record, PlayedTimes(started=PLAYED, updated=LAST_ROUND))
    exported = export_file(stored, ExportKind.RECORD)
    written = json.loads(exported.data)
    assert (written["started"], written["updated"]) == (PLAYED.isoformat(), LAST_ROUND.isoformat())

    there = open_store(tmp_path / "there")
    (outcome,) = import_files(there, [PickedFile(exported.name, exported.data)])
    assert isinstance(outcome, Imported)
    again = there.load_game(outcome.game_id)
    assert (again.created, again.updated) == (PLAYED, LAST_ROUND)
    assert again.record == stored.record


def test_a_hand_written_record_may_say_the_day_only_or_nothing(tmp_path: Path) -> None:
    store = open_store(tmp_path / "data")
    day = record_file({**TABLE, "started": "2026-11-28"})
    (outcome,) = import_files(store, [PickedFile("day.json", day)])
    assert isinstance(outcome, Imported)
    started = store.load_game(outcome.game_id).created
    assert started.astimezone().date() == date(2026, 11, 28)  # that day on this computer

    before = datetime.now(UTC)
    (outcome,) = import_files(store, [PickedFile("undated.json", record_file(OTHER_TABLE))])
    assert isinstance(outcome, Imported)
    assert store.load_game(outcome.game_id).created >= before  # no date: imported now


@pytest.mark.parametrize(
    ("times", "says"),
    [
        ({"started": "28/11/2026"}, "started: '28/11/2026' is not a date and time"),
        ({"started": 20261128}, "started: expected a date and time as text"),
        (
            {"started": "2026-11-29", "updated": "2026-11-28"},
            "record: the game was last changed (2026-11-28) before it started (2026-11-29)",
        ),
    ],
)
def test_times_that_cannot_be_read_are_refused_saying_why(
    tmp_path: Path, times: dict[str, object], says: str
) -> None:
    store = open_store(tmp_path / "data")
    (outcome,) = import_files(store, [PickedFile("odd.json", record_file({**TABLE, **times}))])
    assert isinstance(outcome, Refused)
    assert says in outcome.text
    assert store.list_games() == []


def test_a_mixed_batch_draws_its_refusals_red_and_what_went_in_in_the_usual_colour(
    app: ScorepadApp,
) -> None:
    app.home.import_games(
        [PickedFile("notes.txt", b"not a record"), PickedFile("good.json", record_file())]
    )
    bar = message_bar(app)
    assert bar is not None

    def colours(identifier: str) -> set[object]:
        return {c.bgcolor for c in walk(tagged(bar, identifier)) if isinstance(c, ft.Container)}

    assert colours("message") == {ft.Colors.ERROR_CONTAINER}
    assert colours("message-more") == {ft.Colors.SECONDARY_CONTAINER}
    texts = [c.value for c in walk(tagged(bar, "message-more")) if isinstance(c, ft.Text)]
    assert texts and texts[0].startswith("Imported 'good.json' as game")
