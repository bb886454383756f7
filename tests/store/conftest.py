from __future__ import annotations

from pathlib import Path

import pytest

from scorepad.store import TinyDBStore


@pytest.fixture
def store(tmp_path: Path) -> TinyDBStore:
    return TinyDBStore(tmp_path / "data")
