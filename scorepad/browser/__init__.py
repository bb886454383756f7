"""scorepad inside a browser tab: Python in Pyodide, no server (``scorepad build-web``).

The same views and state as on a laptop; only where games are kept differs. Pyodide's files
live in memory, so :mod:`scorepad.browser.disk` keeps the data folder in the browser's
IndexedDB and says when a change is durable; :mod:`scorepad.browser.start` is what the web
bundle's ``main.py`` runs. Only these modules touch Pyodide's ``js`` and ``pyodide_js``, and
only inside functions: everything here imports (and is tested) on CPython too.
"""

from scorepad.browser.disk import MOUNT, BrowserDisk, BrowserStorageError

__all__ = ["MOUNT", "BrowserDisk", "BrowserStorageError"]
