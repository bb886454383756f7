"""Install the bundle's wheels with Pyodide's own loader, not micropip.

Flet's worker reads the app's requirements.txt and hands it to micropip, which is itself a
package to load and import (about 0.4 s of every start on the test machine) and then resolves
each pin only to ask Pyodide's loader for the wheel. The build has already registered every
wheel in the bundle's ``pyodide-lock.json`` at exactly those pins (see
:func:`~scorepad.web_build.wheels.register_wheels`), so the worker asks the loader directly,
by name: the same wheels, the same versions, without micropip.
"""

from __future__ import annotations

WORKER_MICROPIP = """                if deps:
                    micropip = await ensure_micropip()
                    print("Loading requirements.txt:", deps)
                    await micropip.install(deps, pre=micropip_include_pre)
"""
"""How python-worker.js installs requirements.txt (Python inside the worker's JavaScript)."""

WORKER_LOADER = """                if deps:
                    # scorepad: every pin is in pyodide-lock.json (the build registered the
                    # bundle's wheels there): Pyodide's loader installs them, no micropip
                    import pyodide_js
                    print("Loading requirements.txt:", deps)
                    await pyodide_js.loadPackage([dep.split("==", 1)[0] for dep in deps])
"""


def loader_edits() -> list[tuple[str, str]]:
    """python-worker.js: requirements.txt installed by Pyodide's loader."""
    return [(WORKER_MICROPIP, WORKER_LOADER)]
