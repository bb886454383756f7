"""Run by the build inside Pyodide (its ``python`` under Node.js), never by the app: start the
app's first screen without a browser, then compile every module that start imported.

Why in Pyodide: a ``.pyc`` is only read by the Python that wrote its magic number, and the
browser's is Pyodide's (3.14 here), which the build machine need not have; Node.js runs the very
interpreter the page will. Why traced, not everything: the bytecode is downloaded beside the
source, so only what every start imports is worth its bytes (about 600 of 2,000 modules).

Each ``.pyc`` is an *unchecked* hash-based one (PEP 552): Python uses it without looking at the
source's time, which the browser's unpacking does not keep; the bundle is built from one set of
sources, so they always match. Its ``co_filename`` is the path the module has in the browser, so
a traceback there still points at the source beside it.

    python start_trace.py SITE APP OUT WARM_UP
"""

from __future__ import annotations

import asyncio
import importlib
import importlib.util
import marshal
import runpy
import site
import sys
import tempfile
import types
from dataclasses import dataclass
from pathlib import Path
from typing import Any

BROWSER_APP_FOLDER = "/home/pyodide"
"""Where Flet's worker unpacks ``app.tar.gz`` in the browser (Pyodide's working folder)."""

WORKER_IMPORTS = ("runpy", "traceback", "urllib.parse", "pyodide.http", "msgpack", "js")
"""What Flet's python-worker.js imports before it runs the app."""

FLET_START_IMPORTS = ("flet.messaging.pyodide_connection",)
"""What ``flet.run`` imports in Pyodide to reach the page (not run here: no page to reach)."""
WARM_UP = "warm_up"
"""A warm-up script may name an ``async`` function ``warm_up(page, drawn)``: it is awaited
after the script ran, and ``await drawn()`` in it sends the page and lets its redraws run."""
TURNS_PER_STEP = 20
"""Event-loop turns in each ``drawn()``: the redraw, and the tasks it starts, run in them."""


def main(argv: list[str]) -> int:
    site_folder, app_folder, out, warm_up = (Path(arg).resolve() for arg in argv)
    # the warm-up's throwaway store goes in the build's own work folder, deleted with it
    tempfile.tempdir = str(out.parent / "tmp")
    Path(tempfile.tempdir).mkdir(parents=True, exist_ok=True)
    sys.path[:0] = [str(app_folder), str(site_folder)]
    # the JavaScript module Flet's worker registers for the page's side; importing is all the
    # trace does with it
    sys.modules["flet_js"] = types.ModuleType("flet_js")
    for name in (*WORKER_IMPORTS, *FLET_START_IMPORTS):
        importlib.import_module(name)
    asyncio.run(start_first_screen(warm_up))
    roots = (
        Root(stdlib_zip(), stdlib_zip(), beside_source=True, part="stdlib"),
        Root(str(site_folder), site.getsitepackages()[0], beside_source=False, part="site"),
        Root(str(app_folder), BROWSER_APP_FOLDER, beside_source=False, part="app"),
    )
    written = 0
    for module in sorted(sys.modules.values(), key=lambda m: m.__name__):
        spec: Any = getattr(module, "__spec__", None)
        origin = getattr(spec, "origin", None)
        if not isinstance(origin, str) or not origin.endswith(".py"):
            continue  # built in, frozen, an extension, or made at run time
        root = next((root for root in roots if origin.startswith(root.here + "/")), None)
        if root is None:
            continue  # the trace's own
        relative = origin[len(root.here) + 1 :]
        target = out / root.part / root.pyc_of(relative)
        target.parent.mkdir(parents=True, exist_ok=True)
        source = spec.loader.get_data(origin)  # works inside the zip too
        target.write_bytes(unchecked_pyc(source, f"{root.in_browser}/{relative}"))
        written += 1
    print(f"compiled {written} modules")
    return 0


@dataclass(frozen=True)
class Root:
    """A folder modules come from: where the trace's Python finds them, where the browser's
    does, and where that looks for their bytecode."""

    here: str
    in_browser: str
    beside_source: bool
    """``name.pyc`` beside ``name.py`` (zipimport, the standard library's zip), else in
    ``__pycache__`` (a folder)."""
    part: str
    """The bundle's part it goes to (``scorepad.web_build.bytecode.PARTS``)."""

    def pyc_of(self, relative: str) -> str:
        if self.beside_source:
            return relative + "c"
        return importlib.util.cache_from_source(relative)


def unchecked_pyc(source: bytes, filename: str) -> bytes:
    """PEP 552's unchecked hash-based ``.pyc`` of ``source`` (what ``py_compile`` writes with
    ``UNCHECKED_HASH``): the magic number, the flags 0b01, the source's hash, the code, whose
    ``co_filename`` is ``filename``."""
    code = compile(source, filename, "exec", dont_inherit=True)
    return b"".join(
        (
            importlib.util.MAGIC_NUMBER,
            (0b01).to_bytes(4, "little"),
            importlib.util.source_hash(source),
            marshal.dumps(code),
        )
    )


def stdlib_zip() -> str:
    """Pyodide's standard library: a zip on ``sys.path``, read by zipimport."""
    return next(path for path in sys.path if path.endswith(".zip"))


async def start_first_screen(warm_up: Path) -> None:
    """Run the app's warm-up with a Flet page that has no browser: a real session whose
    messages are packed as they would be sent, and whose method calls are answered at once."""
    import flet as ft
    import msgpack
    from flet.controls.context import _context_page
    from flet.messaging.connection import Connection
    from flet.messaging.protocol import MessageAction, configure_encode_object_for_msgpack
    from flet.messaging.session import Session
    from flet.pubsub.pubsub_hub import PubSubHub

    class Packing(Connection):
        session: Session | None = None

        def send_message(self, message: Any) -> None:
            encode = configure_encode_object_for_msgpack(ft.BaseControl)  # type: ignore[no-untyped-call]
            msgpack.packb(message, default=encode)
            if message.action == MessageAction.INVOKE_METHOD and self.session is not None:
                body = message.body
                asyncio.get_running_loop().call_soon(
                    self.session.handle_invoke_method_results,
                    body.control_id,
                    body.call_id,
                    None,
                    None,
                )

    connection = Packing()  # type: ignore[no-untyped-call]
    connection.pubsubhub = PubSubHub()
    session = Session(connection)
    connection.session = session
    page = session.page
    page.width, page.height = 390, 844
    _context_page.set(page)
    drawn = Drawn(session)

    namespace = runpy.run_path(str(warm_up), init_globals={"page": page}, run_name="__warm_up__")
    then = namespace.get(WARM_UP)
    if then is not None:
        await then(page, drawn)
    await drawn()


class Drawn:
    """``await drawn()``: send what changed on a page with no browser, and let the redraw and
    the tasks it starts run. The first call sends the page as it goes out on connecting; later
    ones let Flet send patches."""

    def __init__(self, session: Any) -> None:
        self._session = session
        self._sent = False

    async def __call__(self) -> None:
        if not self._sent:
            self._session.get_page_patch()
            self._sent = True
        for _ in range(TURNS_PER_STEP):
            await asyncio.sleep(0)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
