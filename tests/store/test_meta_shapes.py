"""``catalogue.json`` of any content: the store opens, or says the file is damaged (a
:class:`StoreUnreadableError`, which the problem screen and ``scorepad recover`` handle), and
never lets a ``ValidationError``, ``KeyError`` or ``TypeError`` escape to the user."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorepad.engine import GOLF
from scorepad.store import StoreUnreadableError, TinyDBStore, atomic, recover_store
from tests.store.test_store import FOUR, new_golf

GOOD_ROW = {"name": "Ann", "added": "2026-01-01T00:00:00Z"}
GOOD_VARIANT = {
    "variant": GOLF.model_copy(update={"name": "Mine"}).model_dump(mode="json"),
    "saved": "2026-01-01T00:00:00Z",
}


def meta(version: Any = 3, roster: Any = None, variants: Any = None) -> dict[str, Any]:
    data: dict[str, Any] = {"schema": {"1": {"version": version}}}
    if roster is not None:
        data["roster"] = roster
    if variants is not None:
        data["house_rules"] = variants
    return data


MALFORMED: dict[str, Any] = {
    "schema 0": meta(0),
    "schema 2, older than any catalogue": meta(2),
    "schema -1": meta(-1),
    "schema '1'": meta("1"),
    "schema true": meta(True),
    "schema 1.0": meta(1.0),
    "schema null": meta(None),
    "schema row missing": {"schema": {}},
    "schema row a list": {"schema": {"1": [1]}},
    "no schema table": {"roster": {}},
    "schema not a table": {"schema": 1},
    "roster row without name": meta(roster={"1": {"added": "2026-01-01T00:00:00Z"}}),
    "roster row with a number for a name": meta(roster={"1": {**GOOD_ROW, "name": 5}}),
    "roster row with a bad date": meta(roster={"1": {**GOOD_ROW, "added": "soon"}}),
    "roster row not an object": meta(roster={"1": "Ann"}),
    "roster row with an extra field": meta(roster={"1": {**GOOD_ROW, "x": 1}}),
    "roster keyed by name": meta(roster={"Ann": GOOD_ROW}),
    "roster a list": meta(roster=[GOOD_ROW]),
    "variant that does not validate": meta(
        variants={"1": {**GOOD_VARIANT, "variant": {"name": "Mine", "max_players": -3}}}
    ),
    "variant without a name": meta(variants={"1": {"saved": "2026-01-01T00:00:00Z"}}),
    "variant row a string": meta(variants={"1": "golf"}),
    "a list": [1, 2],
    "a number": 5,
    "a string": "meta",
    "null": None,
    "deeply nested": "[" * 100_000,
}


def write_meta(root: Path, content: Any) -> None:
    text = content if isinstance(content, str) and content.startswith("[") else json.dumps(content)
    (root / "catalogue.json").write_text(text)


@pytest.mark.parametrize("case", list(MALFORMED))
def test_a_malformed_meta_file_is_damaged_and_recovers(
    tmp_path: Path, case: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(atomic, "BACKUP_SPACING_NS", 0)
    store = TinyDBStore(tmp_path)
    game_id = new_golf(store)
    write_meta(tmp_path, MALFORMED[case])
    with pytest.raises(StoreUnreadableError, match=r"catalogue\.json cannot be read: ") as caught:
        TinyDBStore(tmp_path)
    assert caught.value.recoverable
    assert [s.id for s in store.list_games()] == [game_id]  # the games still list
    report = recover_store(tmp_path)
    assert report.restored + report.started_fresh == [tmp_path / "catalogue.json"]
    reopened = TinyDBStore(tmp_path)
    assert [p.name for p in reopened.roster()] == FOUR
    assert list(reopened.load_game(game_id).record.players) == FOUR


@pytest.mark.parametrize("case", list(MALFORMED))
def test_reading_a_malformed_meta_file_raises_only_store_errors(tmp_path: Path, case: str) -> None:
    store = TinyDBStore(tmp_path)
    write_meta(tmp_path, MALFORMED[case])
    for action in (
        store.roster,
        store.saved_variants,
        lambda: store.add_players(["Zed"]),
        lambda: store.save_variant(GOLF.model_copy(update={"name": "Other"})),
        lambda: store.delete_variant("Mine"),
    ):
        with pytest.raises(StoreUnreadableError):
            action()


def test_a_well_formed_meta_file_still_opens(tmp_path: Path) -> None:
    TinyDBStore(tmp_path)
    write_meta(tmp_path, meta(3, roster={"1": GOOD_ROW}, variants={"1": GOOD_VARIANT}))
    store = TinyDBStore(tmp_path)
    assert [p.name for p in store.roster()] == ["Ann"]
    assert [v.name for v in store.saved_variants()] == ["Mine"]
