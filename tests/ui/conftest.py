from __future__ import annotations

import random
from pathlib import Path

import pytest

from scorepad.store import open_store
from scorepad.ui.state import ScorepadApp


@pytest.fixture
def app(tmp_path: Path) -> ScorepadApp:
    return ScorepadApp(open_store(tmp_path / "data"), rng=random.Random(7))
