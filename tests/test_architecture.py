"""The dependency direction is enforced, not hoped for: engine <- store <- ui."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "scorepad"
STDLIB = sys.stdlib_module_names


def imported_top_levels(folder: Path) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for source in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(source.read_text(), str(source))):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                modules = [node.module]
            else:
                continue
            for module in modules:
                found.setdefault(module, set()).add(source.name)
    return found


def test_the_engine_imports_only_pydantic_the_stdlib_and_itself() -> None:
    for module, where in imported_top_levels(PACKAGE / "engine").items():
        top = module.split(".")[0]
        allowed = top in STDLIB or top == "pydantic" or module.startswith("scorepad.engine")
        assert allowed, f"engine imports {module} in {sorted(where)}"


def test_the_store_never_imports_the_ui_or_flet() -> None:
    for module, where in imported_top_levels(PACKAGE / "store").items():
        assert not module.startswith(("flet", "scorepad.ui")), f"store imports {module} in {where}"


def test_views_reach_the_store_only_through_the_app_state() -> None:
    for module, where in imported_top_levels(PACKAGE / "ui" / "views").items():
        assert not module.startswith("tinydb"), f"a view imports {module} in {where}"
        assert module != "scorepad.store.tinydb_store", f"a view imports {module} in {where}"


@pytest.mark.parametrize(
    "package", ["scorepad.engine", "scorepad.store", "scorepad.cli", "scorepad.ui.state"]
)
def test_headless_parts_load_without_flet(package: str) -> None:
    code = (
        f"import sys, {package}; "
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('flet', 'flet_web')); "
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"{package} pulls in {out.stdout.strip()}"


def test_the_engine_loads_without_tinydb() -> None:
    code = "import sys, scorepad.engine; print('tinydb' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
