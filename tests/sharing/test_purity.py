"""scorepad.sharing is pure Python over the engine: the rules of access must be usable (and
testable) without a server, a screen or the store, by every layer above. Like the engine it
may use pydantic, for the one value it hands out to be kept (the table after a restart)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_sharing_imports_only_the_stdlib_pydantic_and_the_engine() -> None:
    graph = grimp.build_graph("scorepad", include_external_packages=True, cache_dir=None)
    sharing = {"scorepad.sharing"} | graph.find_descendants("scorepad.sharing")
    imported_by_sharing = {
        imported
        for module in sharing
        for imported in graph.find_modules_directly_imported_by(module)
    }
    assert {"scorepad.engine", "hmac", "threading"} <= imported_by_sharing  # seen at all
    outside = sorted(
        f"{module} imports {imported}"
        for module in sharing
        for imported in graph.find_modules_directly_imported_by(module)
        if not imported.startswith(("scorepad.sharing", "scorepad.engine"))
        and imported.split(".")[0] not in sys.stdlib_module_names
        and imported.split(".")[0] != "pydantic"
    )
    assert not outside, outside


@pytest.mark.process
def test_sharing_loads_without_flet_tinydb_or_the_store() -> None:
    code = (
        "import sys, scorepad.sharing\n"
        "print(' '.join(sorted({m for m in sys.modules if m.split('.')[0] in "
        "{'flet', 'tinydb', 'starlette', 'uvicorn'} or m.startswith(('scorepad.store', "
        "'scorepad.ui'))})))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert result.stdout.split() == []
