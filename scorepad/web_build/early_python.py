"""Start Python while Flutter boots: the offline app's cached start, one step sooner.

In Flet 1.0.5's page the Python worker is created only when Flutter has booted and its Dart
code connects (``jsConnect`` in ``python.js``), so Flutter's boot and Pyodide's start run one
after the other. The build edits the two files in its output folder so that, where a service
worker controls the page (every start after the first visit), the page creates the worker as
soon as ``python.js`` loads and asks it to start Pyodide at once (a ``scorepadWarm`` message);
``jsConnect`` then takes that worker, whose Pyodide is ready or on its way, instead of making
a new one. The app itself starts exactly as before, on Flet's own init message.

A first visit is left as it was: a worker created before the page is controlled would fetch
Pyodide past the service worker that is downloading (and caching) the same files.
"""

from __future__ import annotations

WORKER_LOAD = """        const pyodideModule = await import(self.pyodideUrl);
        const loadPyodide = pyodideModule.loadPyodide || self.loadPyodide;
        self.pyodide = await loadPyodide({
            stdout: (text) => self.sendPythonOutput(text, false),
            stderr: (text) => self.sendPythonOutput(text, true),
        });
"""
"""How python-worker.js starts Pyodide: replaced by :data:`WORKER_LOAD_ONCE`'s function."""

WORKER_LOAD_ONCE = """        self.pyodide = await self.scorepadPyodide(self.pyodideUrl);
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

self.initPyodide = async function () {"""

WORKER_FIRST_MESSAGE = """    // run only once
    if (!self.initialized) {"""
WORKER_WARM = """    if (event.data && event.data.scorepadWarm === true) {
        // scorepad: the page's early start; the app's own init message follows
        self.scorepadPyodide(event.data.pyodideUrl).catch((error) =>
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


def worker_edits() -> list[tuple[str, str]]:
    """python-worker.js: Pyodide started once, by the warm message or the init message."""
    return [
        (WORKER_LOAD, WORKER_LOAD_ONCE),
        (WORKER_INIT, WORKER_STARTER),
        (WORKER_FIRST_MESSAGE, WORKER_WARM),
    ]


def page_edits() -> list[tuple[str, str]]:
    """python.js: the warm worker taken at connect."""
    return [(PAGE_NEW_WORKER, PAGE_TAKE_WORKER)]
