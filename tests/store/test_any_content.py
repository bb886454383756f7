"""Any content at all in ``catalogue.json`` or a game file: the store answers with a
:class:`StoreError` (or works), never with a ``KeyError``, ``TypeError`` or
``ValidationError`` that would reach the user as "internal error"."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.engine import GOLF
from scorepad.store import StoreError, TinyDBStore
from tests.store.test_store import new_golf

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-3, 3)
    | st.floats(allow_nan=False)
    | st.text(max_size=5)
)
JSON: st.SearchStrategy[Any] = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=12,
)
KEYS = st.sampled_from(["1", "2", "x", "", "01"])
DATE = st.just("2026-01-01T00:00:00Z")
VARIANT = st.just(GOLF.model_copy(update={"name": "Mine"}).model_dump(mode="json"))


def near(good: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Mostly the good value, sometimes anything: documents one step from valid."""
    return st.one_of(good, good, JSON)


def rows(fields: dict[str, st.SearchStrategy[Any]]) -> st.SearchStrategy[Any]:
    row = st.fixed_dictionaries({}, optional={k: near(v) for k, v in fields.items()})
    return near(st.dictionaries(KEYS, near(row), max_size=2))


META = st.fixed_dictionaries(
    {"schema": rows({"version": st.integers(-1, 3) | st.sampled_from(["1", True, 1.0])})},
    optional={
        "roster": rows({"name": st.text(max_size=3), "added": DATE}),
        "variants": rows({"variant": VARIANT, "saved": DATE}),
    },
)
GAME_FIELDS = ("schema", "id", "record", "created", "updated", "revision", "draft", "undo")
GAME = st.fixed_dictionaries(
    {
        "game": st.dictionaries(
            KEYS, st.dictionaries(st.sampled_from(GAME_FIELDS), JSON, max_size=6) | JSON, max_size=2
        )
    }
)


@settings(max_examples=60)
@given(content=META | JSON)
def test_any_meta_file_opens_or_raises_a_store_error(content: Any) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        TinyDBStore(root)
        (root / "catalogue.json").write_text(json.dumps(content))
        try:
            store = TinyDBStore(root)
            store.roster()
            store.saved_variants()
            store.add_players(["Zed"])
        except StoreError:
            pass


@settings(max_examples=60)
@given(content=GAME | JSON)
def test_any_game_file_lists_and_loads_or_raises_a_store_error(content: Any) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        store = TinyDBStore(root)
        game_id = new_golf(store)
        store.game_path(game_id).write_text(json.dumps(content))
        [listed] = store.list_games()
        assert listed.id == game_id
        try:
            store.load_game(game_id)
            store.save_draft(game_id, None)
        except StoreError:
            pass
