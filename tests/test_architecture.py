"""The dependency direction is enforced, not hoped for: engine <- store <- ui.state <- ui.views
<- cli.

The layers and the forbidden imports are import-linter contracts in pyproject.toml
(``[tool.importlinter]``); the first test runs them. What import-linter cannot say is checked
here: that the engine uses nothing outside the standard library and pydantic (an allow-list,
where import-linter only forbids), and what each entry point really loads at run time (lazy
imports must stay lazy).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parent.parent
STDLIB = sys.stdlib_module_names
PYDANTIC = {"pydantic", "pydantic_core"}  # pydantic_core is pydantic's own compiled half
FLET = ("flet", "flet_desktop", "flet_web")


def loaded_by(statement: str) -> set[str]:
    """The top-level packages a fresh interpreter has loaded after ``statement``."""
    code = f"import sys\n{statement}\nprint(' '.join({{m.split('.')[0] for m in sys.modules}}))"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, cwd=ROOT
    )
    assert result.returncode == 0, f"{statement!r} failed:\n{result.stderr}"
    return set(result.stdout.split())


@pytest.mark.process
def test_the_import_contracts_are_kept() -> None:
    """Runs `lint-imports` as CI does; on failure its report names each import that breaks a
    contract and the chain that leads to it."""
    code = (
        "import sys\n"
        "from importlinter.cli import lint_imports\n"
        "sys.exit(lint_imports(config_filename='pyproject.toml', no_cache=True, no_logo=True))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, cwd=ROOT
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_the_engine_imports_only_pydantic_the_stdlib_and_itself() -> None:
    graph = grimp.build_graph("scorepad", include_external_packages=True, cache_dir=None)
    engine = {"scorepad.engine"} | graph.find_descendants("scorepad.engine")
    outside = sorted(
        f"{module} imports {imported}"
        for module in engine
        for imported in graph.find_modules_directly_imported_by(module)
        if not imported.startswith("scorepad.") and imported not in STDLIB | PYDANTIC
    )
    assert not outside, outside


@pytest.mark.parametrize(
    "package",
    ["scorepad.engine", "scorepad.store", "scorepad.sharing", "scorepad.cli", "scorepad.ui.state"],
)
@pytest.mark.process
def test_headless_parts_load_without_flet(package: str) -> None:
    pulled_in = loaded_by(f"import {package}") & set(FLET)
    assert not pulled_in, f"{package} pulls in {sorted(pulled_in)}"


@pytest.mark.process
def test_the_engine_loads_without_tinydb() -> None:
    assert "tinydb" not in loaded_by("import scorepad.engine")


@pytest.mark.process
def test_the_command_line_starts_without_rich_or_flet() -> None:
    """Every `scorepad` command starts with this import: rich is loaded only when a text report is
    printed and Flet only when the app opens, so a JSON export or an import starts fast."""
    pulled_in = loaded_by("import scorepad.cli") & {"rich", *FLET}
    assert not pulled_in, f"import scorepad.cli loads {sorted(pulled_in)}"


def test_every_package_says_what_it_offers() -> None:
    """Each package's ``__init__`` declares ``__all__``: what a caller may import from it (an
    empty list for a package that is only a folder of modules), so a name imported from a
    package is one it means to offer."""
    import ast

    silent = [
        str(init.relative_to(ROOT))
        for init in sorted((ROOT / "scorepad").rglob("__init__.py"))
        if not any(
            isinstance(node, ast.Assign | ast.AnnAssign)
            and "__all__"
            in ast.unparse(node.targets[0] if isinstance(node, ast.Assign) else node.target)
            for node in ast.parse(init.read_text(encoding="utf-8")).body
        )
    ]
    assert not silent, f"packages without __all__: {silent}"


def test_controllers_use_only_what_the_app_offers() -> None:
    """A controller reaches the app only through its public protocol (``app_services``): no
    ``self._app._something`` or ``app._something``, which would tie it to the app's plumbing
    and let one screen's controller change another's insides."""
    import ast

    reaches = []
    for module in sorted((ROOT / "scorepad" / "ui" / "state").glob("*.py")):
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Attribute) and node.attr.startswith("_")):
                continue
            held = ast.unparse(node.value)
            if held in {"app", "self._app"} and not node.attr.startswith("__"):
                reaches.append(f"{module.name}:{node.lineno}: {held}.{node.attr}")
    assert not reaches, f"controllers reaching into the app's private members: {reaches}"
