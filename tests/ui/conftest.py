from __future__ import annotations

import random
from pathlib import Path

import pytest

from scorepad.sharing.table import SharedTable
from scorepad.store import Store, open_store
from scorepad.ui.state import ScorepadApp
from tests.ui.table_driving import PIN, TOKEN


@pytest.fixture
def app(tmp_path: Path) -> ScorepadApp:
    return ScorepadApp(open_store(tmp_path / "data"), rng=random.Random(7))


@pytest.fixture
def store(tmp_path: Path) -> Store:
    """The games of a test's sessions: several apps (tabs, phones) on one store."""
    return open_store(tmp_path / "data")


@pytest.fixture
def table() -> SharedTable:
    """A shared table (``--share``) with the test PIN and token."""
    return SharedTable(PIN, TOKEN)


@pytest.fixture
def keeper(store: Store, table: SharedTable) -> ScorepadApp:
    """The scorekeeper's laptop at ``table`` (opened with its token)."""
    app = ScorepadApp(store, rng=random.Random(3), table=table)
    app.access.identify("laptop", TOKEN)
    return app
