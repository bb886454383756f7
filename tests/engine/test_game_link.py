"""The game link's codec: a record in, the same bytes out, and anything changed or cut short
refused with a typed error (never a wrong game)."""

from __future__ import annotations

import contextlib
import random
import string

import pytest

from scorepad.engine import GameLinkError, RecordFile, pack_record, unpack_record
from scorepad.engine.game_link import MAX_TOKEN_CHARS
from tests.ui.test_game_links import a_whole_scotch_bridge_game

ALPHABET = string.ascii_letters + string.digits + "-_"


def whole_game_token() -> tuple[RecordFile, str]:
    file = RecordFile(record=a_whole_scotch_bridge_game().record)
    return file, pack_record(file.to_data())


def test_a_record_comes_back_as_it_went_in() -> None:
    file, token = whole_game_token()
    assert len(token) < 700, len(token)
    assert RecordFile.from_json(unpack_record(token)) == file


def test_names_in_any_script_travel() -> None:
    data = {"variant": "golf", "players": ["Zoë", "李", "Ана"]}
    assert RecordFile.from_json(unpack_record(pack_record(data))).record.players == (
        "Zoë",
        "李",
        "Ана",
    )


def test_every_single_character_changed_is_refused_or_changes_nothing() -> None:
    """zlib's checksum: a mistyped link never opens as another game. (The last character's
    spare bits change nothing, so there it may read the same.)"""
    _, token = whole_game_token()
    original = unpack_record(token)
    start = token.index(".") + 1
    for position in range(start, len(token)):
        other = ALPHABET[(ALPHABET.index(token[position]) + 17) % len(ALPHABET)]
        changed = token[:position] + other + token[position + 1 :]
        with contextlib.suppress(GameLinkError):
            assert unpack_record(changed) == original, f"position {position} read as another game"


@pytest.mark.parametrize("cut", [1, 2, 3, 10, 100])
def test_a_link_cut_short_is_refused(cut: int) -> None:
    _, token = whole_game_token()
    with pytest.raises(GameLinkError, match="cut short"):
        unpack_record(token[:-cut])


def test_the_longest_game_fits_under_the_limit() -> None:
    """51 players with 40-character names: the largest record scorepad writes is far under the
    longest token read, so no real game's link is ever refused as too long."""
    rng = random.Random(51)
    names = ["".join(rng.choices(string.ascii_letters, k=40)) for _ in range(51)]
    rounds = [
        {
            "turned": None,
            "bids": {name: rng.randint(0, 1) for name in names},
            "tricks": {name: rng.randint(0, 1) for name in names},
        }
        for _ in range(60)
    ]
    token = pack_record({"variant": "golf", "players": names, "rounds": rounds})
    assert len(token) < MAX_TOKEN_CHARS / 2, len(token)
