// scorepad's service worker: written by `scorepad build-web` over flet-web's stub (which only
// unregisters itself), so a built bundle starts with the network off after one visit.
//
// PRECACHE and VERSION are filled in at build time: every file the page needs with a hash of
// its contents, and a hash of them all. A new build has a new VERSION, so its worker differs
// byte for byte from the installed one; the browser installs it on its next update check,
// copying the files whose hash did not change from the old cache and downloading only the
// others, and skipWaiting/claim make it take over at once, so a fixed build reaches a phone
// without the user doing anything (and without downloading the whole app again).
"use strict";

const VERSION = "__SCOREPAD_VERSION__";
const PRECACHE = __SCOREPAD_PRECACHE__;
const INDEX = "index.html";
const LISTING = "__scorepad_precache__.json"; // in each cache: the files and hashes it holds
// Flutter fetches a Noto font from assets/fonts/<family>/ for a character the fonts it has
// loaded do not cover yet (the card suits, "→"); none is bundled, so the app's own font,
// which has them, answers every such request (offline too, and never a 404).
const FALLBACK_FONTS = "assets/fonts/";
const FALLBACK_FONT = "fonts/ScorepadSuits.ttf";

// Cache Storage is per origin, not per folder: two builds served from one host (say /a/ and
// /b/) must not delete each other's caches, so a cache's name carries the worker's scope.
const PREFIX = `scorepad:${self.registration.scope}:`;
const CACHE = PREFIX + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

async function precache() {
  const cache = await caches.open(CACHE);
  const have = await reuseUnchanged(cache);
  const missing = Object.keys(PRECACHE).filter((path) => !have.has(path));
  // "no-cache": revalidate with the server, so a stale HTTP cache entry from an older build
  // can never be cached under this build's version (an unchanged file costs a 304).
  await cache.addAll(missing.map((path) => new Request(path, { cache: "no-cache" })));
  await cache.put(LISTING, new Response(JSON.stringify(PRECACHE)));
}

// The files this cache already holds (an install that was interrupted) or that an older
// build's cache holds with the same hash: copied, not downloaded again.
async function reuseUnchanged(cache) {
  const have = new Set();
  for (const path of Object.keys(PRECACHE)) {
    if (await cache.match(path)) {
      have.add(path);
    }
  }
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) {
      continue;
    }
    const old = await caches.open(name);
    const listing = await old.match(LISTING);
    const hashes = listing ? await listing.json() : {};
    for (const [path, hash] of Object.entries(PRECACHE)) {
      const response = have.has(path) || hashes[path] !== hash ? null : await old.match(path);
      if (response) {
        await cache.put(path, response);
        have.add(path);
      }
    }
  }
  return have;
}

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
  const inScope = request.url.startsWith(self.registration.scope);
  const rest = inScope ? request.url.slice(self.registration.scope.length) : "";
  if (rest.startsWith(FALLBACK_FONTS) && rest.slice(FALLBACK_FONTS.length).includes("/")) {
    const font = await cache.match(FALLBACK_FONT);
    if (font) {
      return font;
    }
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
