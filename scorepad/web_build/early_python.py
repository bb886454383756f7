"""Start Python while Flutter boots: the offline app's cached start, one step sooner.

In Flet 1.0.5's page the Python worker is created only when Flutter has booted and its Dart
code connects (``jsConnect`` in ``python.js``), so Flutter's boot and Pyodide's start run one
after the other. The build edits the two files in its output folder so that, where a service
worker controls the page (every start after the first visit), the page creates the worker as
soon as ``python.js`` loads and asks it to start Pyodide at once (a ``scorepadWarm`` message);
``jsConnect`` then takes that worker, whose Pyodide is ready or on its way, instead of making
a new one.

Once Pyodide is up, the worker goes on with what does not need the page: it unpacks the
app's archive, installs its wheels and imports the modules the app names as its start's
(:attr:`~scorepad.web_build.bundle.WebApp.early_imports`). On a 2-core machine Flutter's boot
takes about 1.8 s and Pyodide about 1 s of it, so this work, some 1.3 s that came after the
init message, is mostly done before it arrives. The app itself still starts on Flet's own
init message, which then finds the archive unpacked (and skips the download) and the modules
in ``sys.modules``. If anything early fails, the init message does it all again, as before.

A first visit is left as it was: a worker created before the page is controlled would fetch
Pyodide past the service worker that is downloading (and caching) the same files.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

WORKER_LOAD = """        const pyodideModule = await import(self.pyodideUrl);
        const loadPyodide = pyodideModule.loadPyodide || self.loadPyodide;
        self.pyodide = await loadPyodide({
            stdout: (text) => self.sendPythonOutput(text, false),
            stderr: (text) => self.sendPythonOutput(text, true),
        });
"""
"""How python-worker.js starts Pyodide: replaced by :data:`WORKER_LOAD_ONCE`'s function."""

WORKER_LOAD_ONCE = """        // scorepad: the warm message's work is over before the app runs
        await self.scorepadPrepared;
        self.pyodide = await self.scorepadPyodide(self.pyodideUrl);
"""

WORKER_INIT = "self.initPyodide = async function () {"
WORKER_STARTER = """// scorepad: Pyodide is started once, as soon as the page asks (a "warm"
// message sent while Flutter boots) or at the latest when the app connects; a start
// that failed is tried again.
self.scorepadPyodide = function (url) {
    if (!self.scorepadStarting) {
        self.scorepadStarting = import(url)
            .then((module) => (module.loadPyodide || self.loadPyodide)({
                stdout: (text) => self.sendPythonOutput(text, false),
                stderr: (text) => self.sendPythonOutput(text, true),
            }))
            .catch((error) => {
                self.scorepadStarting = null;
                throw error;
            });
    }
    return self.scorepadStarting;
};

// scorepad: on the warm message, after Pyodide, what needs no page: the app's archive
// unpacked, its wheels installed, its start's modules imported (see PREPARE below)
self.scorepadPrepared = Promise.resolve();
self.scorepadPrepare = async function (data) {
    const pyodide = await self.scorepadPyodide(data.pyodideUrl);
    if (!data.appPackageUrl) {
        return;
    }
    pyodide.registerJsModule("flet_js", flet_js);
    pyodide.globals.set("scorepad_app_package_url", data.appPackageUrl);
    await pyodide.runPythonAsync(self.scorepadPrepareScript);
};

self.initPyodide = async function () {"""

WORKER_FIRST_MESSAGE = """    // run only once
    if (!self.initialized) {"""
WORKER_WARM = """    if (event.data && event.data.scorepadWarm === true) {
        // scorepad: the page's early start; the app's own init message follows
        self.scorepadPrepared = self.scorepadPrepare(event.data).catch((error) =>
            console.warn("scorepad: Python's early start failed, trying at connect:", error));
        return;
    }
    // run only once
    if (!self.initialized) {"""

PAGE_NEW_WORKER = "    app.worker = new Worker("
PAGE_TAKE_WORKER = "    app.worker = globalThis.scorepadTakeWarmWorker() || new Worker("

PAGE_EARLY_START = """
// scorepad: start the Python worker and Pyodide now, in parallel with Flutter's boot (Flet
// starts them only when Dart connects), where a service worker controls the page: on a first
// visit the worker's downloads would go past the worker that is caching the same files.
// (The semicolon ends python.js's last statement, which has none of its own.)
;(function () {
    var warm = null;
    try {
        if (navigator.serviceWorker && navigator.serviceWorker.controller) {
            var base = flet.entrypointBaseUrl.endsWith("/") ?
                flet.entrypointBaseUrl.slice(0, -1) : flet.entrypointBaseUrl;
            warm = new Worker(base + "/python-worker.js", { type: "module" });
            warm.postMessage({
                scorepadWarm: true,
                pyodideUrl: flet.pyodideUrl || "pyodide/pyodide.mjs",
                appPackageUrl: flet.appPackageUrl,
            });
        }
    } catch (error) {
        console.warn("scorepad: no early start of Python:", error);
        warm = null;
    }
    globalThis.scorepadTakeWarmWorker = function () {
        var taken = warm;
        warm = null;
        return taken;
    };
})();
"""


WORKER_DOWNLOAD = """        if "script" not in py_args:
            print("Downloading app archive")
"""
"""Where Flet's init (Python in the worker's JavaScript) downloads and unpacks the archive."""
WORKER_DOWNLOAD_ONCE = """        if globals().get("scorepad_app_unpacked"):
            print("The app archive was unpacked while Flutter booted")
        elif "script" not in py_args:
            print("Downloading app archive")
"""

PREPARE = """
import importlib, os
import pyodide_js
from pyodide.http import pyfetch

response = await pyfetch(scorepad_app_package_url)
if not response.ok:
    raise RuntimeError(f"HTTP {response.status} for {scorepad_app_package_url}")
await response.unpack_archive(format="gztar")
scorepad_app_unpacked = True
if os.path.exists("requirements.txt"):
    with open("requirements.txt", "r") as f:
        pins = [line for req in f if (line := req.strip()) and not line.startswith("#")]
    if pins:
        await pyodide_js.loadPackage([pin.split("==", 1)[0] for pin in pins])
for name in scorepad_early_imports:
    try:
        importlib.import_module(name)
    except Exception as problem:  # imported again, and reported, when the app runs
        print(f"scorepad: {name} could not be imported early: {problem!r}")
"""
"""Run in the worker on the warm message (its globals are Flet's init's: the flag it sets is
read there). The archive is always a ``.tar.gz`` (the build's ``APP_ARCHIVE``)."""


def worker_edits(early_imports: Sequence[str] = ()) -> list[tuple[str, str]]:
    """python-worker.js: Pyodide started once, by the warm message or the init message; on
    the warm message the app is also unpacked, installed and ``early_imports`` imported."""
    script = f"scorepad_early_imports = {json.dumps(list(early_imports))}\n{PREPARE}"
    prepare_script = f"self.scorepadPrepareScript = {json.dumps(script)};\n\n"
    return [
        (WORKER_LOAD, WORKER_LOAD_ONCE),
        (WORKER_INIT, prepare_script + WORKER_STARTER),
        (WORKER_FIRST_MESSAGE, WORKER_WARM),
        (WORKER_DOWNLOAD, WORKER_DOWNLOAD_ONCE),
    ]


def page_edits() -> list[tuple[str, str]]:
    """python.js: the warm worker taken at connect."""
    return [(PAGE_NEW_WORKER, PAGE_TAKE_WORKER)]
