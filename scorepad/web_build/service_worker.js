// scorepad's service worker: written by `scorepad build-web` over flet-web's stub (which only
// unregisters itself), so a built bundle starts with the network off after one visit.
//
// PRECACHE and VERSION are filled in at build time: every file the page needs, and a hash of
// their contents. A new build has a new VERSION, so its worker differs byte for byte from the
// installed one; the browser installs it on its next update check, and skipWaiting/claim
// make it take over at once, so a fixed build reaches a phone without the user doing anything.
"use strict";

const VERSION = "__SCOREPAD_VERSION__";
const PRECACHE = __SCOREPAD_PRECACHE__;
const INDEX = "index.html";

// Cache Storage is per origin, not per folder: two builds served from one host (say /a/ and
// /b/) must not delete each other's caches, so a cache's name carries the worker's scope.
const PREFIX = `scorepad:${self.registration.scope}:`;
const CACHE = PREFIX + VERSION;

self.addEventListener("install", (event) => {
  // "no-cache": revalidate with the server, so a stale HTTP cache entry from an older build
  // can never be precached under this build's version (an unchanged file costs a 304).
  const requests = PRECACHE.map((path) => new Request(path, { cache: "no-cache" }));
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(requests))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(PREFIX) && name !== CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return; // the browser handles it; the bundle itself never asks another host
  }
  event.respondWith(cachedOrFetched(request));
});

async function cachedOrFetched(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request, { ignoreSearch: true });
  if (cached) {
    return cached;
  }
  // An app route (/game/abc, /players) is not a file: the page is index.html, whose client
  // then shows that route, as the static host's fallback would.
  if (request.mode === "navigate" && request.url.startsWith(self.registration.scope)) {
    const index = await cache.match(INDEX);
    if (index) {
      return index;
    }
  }
  return fetch(request);
}
