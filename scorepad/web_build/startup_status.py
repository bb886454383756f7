"""What the offline app's page shows while it starts: how far it has got, in the theme chosen.

A start takes seconds (Flutter's boot, then Pyodide, the wheels and the app's Python); with
only an icon on screen a player cannot tell a slow start from a stuck one. From the page's
first paint a line under the icon says which step is running (1 of 3, loading scorepad; 2 of
3, starting Python; 3 of 3, opening the games), and on a first visit that the app is being
saved for offline use. It stays over Flutter's canvas (Flutter removes its own splash at its
first frame, before Python has started) until the app's first message reaches the screen,
and never takes a tap (``pointer-events: none``).

The colours are the theme this device chose in the app (Flet keeps it in the page's
localStorage, through SharedPreferences, as ``flutter.scorepad.theme``), else the system's.
"""

from __future__ import annotations

THEME_STORAGE_KEY = "flutter.scorepad.theme"
"""Where the web client's SharedPreferences keeps ``scorepad.theme`` (ui/views/app.py's
THEME_KEY): its key with ``flutter.`` before it, the value JSON-encoded (``"dark"``)."""

LIGHT = ("#F7FBF1", "#181D17")
"""The app's light surface and text (ui/views/app.py LIGHT_SCHEME)."""
DARK = ("#10140F", "#E0E4DB")
"""The app's dark surface and text (DARK_SCHEME)."""

LOADING = "Loading scorepad (1 of 3)…"
"""Step 1: the page and Flutter (from the cache after the first visit)."""
FIRST_VISIT = "Saving scorepad on this device for offline use (first visit only)…"
"""Step 1 on a first visit, while the service worker downloads and keeps every file."""
PYTHON = "Starting Python (2 of 3)…"
"""Step 2: Pyodide, the wheels and the app's Python, until the app connects."""
OPENING = "Opening your games (3 of 3)…"
"""Step 3: the app reads its games and draws its first screen."""

SPLASH_END = """    <img src="icons/icon-192.png" alt="" />
  </div>
"""
"""The end of the page's splash (after the build put scorepad's icon in it)."""

STATUS = f"""    <img src="icons/icon-192.png" alt="" />
  </div>
  <div id="scorepad-starting" role="status" aria-live="polite">
    <style>
      #scorepad-starting {{
        position: fixed;
        left: 0;
        right: 0;
        bottom: 18vh;
        text-align: center;
        font: 16px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
        color: {LIGHT[1]};
        pointer-events: none;
        z-index: 2147483647;
      }}
      @media (prefers-color-scheme: dark) {{
        #scorepad-starting {{ color: {DARK[1]}; }}
        #loading {{ background: {DARK[0]} !important; }}
      }}
    </style>
    <span id="scorepad-starting-step">Starting scorepad…</span>
  </div>
  <script>
    // scorepad: the start's step under the icon, in the theme this device chose
    (function () {{
      var colours = {{ dark: ["{DARK[0]}", "{DARK[1]}"], light: ["{LIGHT[0]}", "{LIGHT[1]}"] }};
      try {{
        var kept = JSON.parse(window.localStorage.getItem("{THEME_STORAGE_KEY}") || "null");
        if (kept === "dark" || kept === "light") {{
          document.getElementById("loading").style.setProperty(
            "background", colours[kept][0], "important");
          document.getElementById("scorepad-starting").style.color = colours[kept][1];
        }}
      }} catch (error) {{}}
      var done = false;
      globalThis.scorepadStartingStep = function (words) {{
        if (done) return;
        var line = document.getElementById("scorepad-starting-step");
        if (line) line.textContent = words;
      }};
      globalThis.scorepadStarted = function () {{
        if (done) return;
        done = true;
        var overlay = document.getElementById("scorepad-starting");
        if (overlay) overlay.remove();
      }};
      scorepadStartingStep("{LOADING}");
    }})();
  </script>
"""
"""The status line and its script, just after the splash (both before the page's own scripts
in the body, so the line is there at the first paint)."""


PAGE_STEPS = f"""
// scorepad: the start's steps, shown under the icon (index.html's scorepad-starting, defined
// in the body: this runs in the head, before it, so each call looks it up when made)
;(function () {{
    function step(words) {{
        if (typeof globalThis.scorepadStartingStep === "function") {{
            globalThis.scorepadStartingStep(words);
        }}
    }}
    function started() {{
        if (typeof globalThis.scorepadStarted === "function") globalThis.scorepadStarted();
    }}
    var connect = globalThis.jsConnect;
    globalThis.jsConnect = async function (appId, args, dartOnMessage) {{
        step("{PYTHON}");
        var connected = false;
        var shown = function (data) {{
            if (connected) {{
                // the app's first answer after its start: on screen at the next frame
                requestAnimationFrame(function () {{ requestAnimationFrame(started); }});
            }}
            return dartOnMessage(data);
        }};
        var result = await connect(appId, args, shown);
        connected = true;
        step("{OPENING}");
        setTimeout(started, 15000); // at the latest
        return result;
    }};
}})();
"""
"""Appended to python.js: the steps Python's start goes through, seen from the page."""
