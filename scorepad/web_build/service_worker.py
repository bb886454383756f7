"""The bundle's service worker: what makes the built app start with the network off.

flet-web ships ``flutter_service_worker.js`` as a stub that unregisters itself, so a served
Flet app has no offline cache. The build writes scorepad's own worker in its place (from the
``service_worker.js`` template next to this module): it precaches the list of files the page
needs, named at build time, under a version that is a hash of their contents, so two builds
of the same files have the same worker and any change makes a new one that takes over.

Flutter's loader only re-registers a worker that is already registered (its first-time path
is deprecated), so the page registers this one itself (:data:`START`), and starts Flutter
once the worker controls the page: every file is then downloaded once, by the worker.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from importlib.resources import files
from pathlib import Path

from scorepad.web_build.startup_status import FIRST_VISIT, LOADING

WORKER_NAME = "flutter_service_worker.js"
"""The worker's file name: the one Flutter's loader and flet-web's stub use, so a browser that
registered the stub before gets this worker at the same URL."""

TEMPLATE_NAME = "service_worker.js"
VERSION_SLOT = "__SCOREPAD_VERSION__"
PRECACHE_SLOT = "__SCOREPAD_PRECACHE__"

BOOTSTRAP_TAG = '<script src="flutter_bootstrap.js" async></script>'
"""How flet-web's index.html starts Flutter: the build replaces it with :data:`START`."""

START = f"""<script>
    // scorepad: install the precaching service worker ({WORKER_NAME}) before Flutter
    // starts, then start Flutter from its cache. On a first visit every file is downloaded
    // once, by the worker, instead of once by the page and again by the worker; later visits
    // start at once from the cache. Without service workers (or if one cannot install),
    // Flutter starts from the network as it would without scorepad's worker.
    (function () {{
      // Ask the browser to keep the games (IndexedDB) even under storage pressure: without
      // it a browser may evict a site's data (Safari after 7 days unused). Only the page can
      // ask, not the Python worker; a refusal changes nothing else.
      if (navigator.storage && navigator.storage.persist) {{
        navigator.storage.persist().catch(function () {{}});
      }}
      var started = false;
      function step(words) {{
        if (globalThis.scorepadStartingStep) globalThis.scorepadStartingStep(words);
      }}
      function start() {{
        if (started) return;
        started = true;
        step("{LOADING}");
        var script = document.createElement("script");
        script.src = "flutter_bootstrap.js";
        script.async = true;
        document.body.appendChild(script);
      }}
      if (!("serviceWorker" in navigator)) return start();
      navigator.serviceWorker.addEventListener("controllerchange", start);
      navigator.serviceWorker
        .register("{WORKER_NAME}")
        .then(function (registration) {{
          var pending = registration.installing || registration.waiting;
          if (navigator.serviceWorker.controller) {{
            start();
            // Ask the host for a newer build now (the browser's own check can wait for
            // hours); offline this fails quietly and the cached build runs as it is.
            return registration.update().catch(function () {{}});
          }}
          if (!pending) return start();
          step("{FIRST_VISIT}");
          pending.addEventListener("statechange", function () {{
            if (pending.state === "redundant") start(); // it could not install
          }});
        }})
        .catch(function (error) {{
          console.warn("scorepad: no offline copy (service worker not registered):", error);
          start();
        }});
    }})();
  </script>"""
"""What index.html runs instead of :data:`BOOTSTRAP_TAG`. The worker claims the page as soon
as it has activated (``controllerchange``), so Flutter's requests are answered from the cache
it just filled. The URL is relative to ``<base href>``: a build served from a sub-folder
registers its own worker."""


def file_hashes(folder: Path, paths: Sequence[str]) -> dict[str, str]:
    """Each precached file's content hash (16 hex digits), by path, sorted: an update
    downloads only the files whose hash changed."""
    return {
        path: hashlib.sha256((folder / path).read_bytes()).hexdigest()[:16]
        for path in sorted(paths)
    }


def precache_version(hashes: Mapping[str, str]) -> str:
    """A hash of the precached files' names and contents (16 hex digits): the same build
    gives the same version, any changed, added or removed file a new one."""
    digest = hashlib.sha256()
    for path, file_hash in sorted(hashes.items()):
        digest.update(f"{path}\0{file_hash}\n".encode())
    return digest.hexdigest()[:16]


def worker_script(hashes: Mapping[str, str], version: str) -> str:
    """The worker's source: the template with the precache list and version filled in."""
    template = files("scorepad.web_build").joinpath(TEMPLATE_NAME).read_text(encoding="utf-8")
    listing = json.dumps(dict(sorted(hashes.items())), indent=2)
    return template.replace(VERSION_SLOT, version).replace(PRECACHE_SLOT, listing)


def precached_paths(script: str) -> list[str]:
    """The files a written worker precaches (for tests and reports).

    >>> precached_paths(worker_script({"main.dart.js": "01", "index.html": "02"}, "0123"))
    ['index.html', 'main.dart.js']
    """
    start = script.index("const PRECACHE = ") + len("const PRECACHE = ")
    end = script.index(";\n", start)
    listing: dict[str, str] = json.loads(script[start:end])
    return list(listing)
