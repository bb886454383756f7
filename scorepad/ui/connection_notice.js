// scorepad: say so when the page loses its connection to the app, and when it is back.
//
// Flet's client replaces the screen with a spinner ("Working...") while its WebSocket is down
// and drops every tap, without saying why. This script watches the app's own WebSocket (it
// wraps the page's WebSocket constructor before the client loads) and shows a notice over
// the page: "Connection lost – reconnecting…" as soon as the socket closes, and "Connected
// again" for a moment once the client has reconnected. While the connection is lost the
// screen as it was stays readable: the socket's close is heard before the client draws its
// spinner, so the last frame is copied from the client's canvas and kept under a clear
// layer that takes (and drops) every tap, with the notice at the bottom. Nothing else is
// changed: the socket is the browser's own, and the client reconnects by itself as before.
(() => {
  "use strict";

  const NativeWebSocket = window.WebSocket;
  if (typeof NativeWebSocket !== "function" || typeof Proxy !== "function") {
    return;
  }
  // The notice's sentences in each language offered (window.scorepadNoticeWords, put before
  // this script by the server from its catalogues), in the language the reader picked on this
  // device (kept by the app in the device's storage), else the browser's, else English.
  const ENGLISH = {
    lost: "Connection lost \u2013 reconnecting\u2026",
    lostDetail:
      "Everything entered so far is saved, the seats and the bids made on phones too. " +
      "The screen comes back by itself.",
    back: "Connected again",
    dir: "ltr",
  };
  const WORDS = window.scorepadNoticeWords || {};
  const LANGUAGE_KEYS = ["flutter.scorepad.language", "scorepad.language"];

  function keptLanguage() {
    for (const key of LANGUAGE_KEYS) {
      try {
        const kept = window.localStorage.getItem(key);
        if (kept) {
          return kept.startsWith('"') ? JSON.parse(kept) : kept;
        }
      } catch (_) {
        // no storage (a private window): the browser's languages decide
      }
    }
    return null;
  }

  function words() {
    const wanted = [keptLanguage(), ...(navigator.languages || [navigator.language])];
    for (const tag of wanted) {
      if (typeof tag === "string" && tag) {
        const code = tag.split(/[-_]/)[0].toLowerCase();
        if (Object.prototype.hasOwnProperty.call(WORDS, code)) {
          return WORDS[code];
        }
      }
    }
    return WORDS.en || ENGLISH;
  }
  const BACK_SHOWN_MS = 2500;
  // Flet's client retries a lost socket on a schedule of its own, and after a few quick
  // failures (a laptop restarting takes seconds) it may wait a minute before the next try.
  // So while the connection is lost the page asks its own origin every PROBE_MS whether the
  // server is back; once it answers, the client gets GRACE_MS to reconnect by itself (the
  // screen comes back as it was, no reload), and the page is reloaded if it has not. Every
  // tap is saved on the server before it is shown, and the table (seats, secret bids, who
  // keeps score) is kept there too, so a reload loses nothing.
  const PROBE_MS = 1000;
  const GRACE_MS = 3000;
  // A probe that gets no answer at all (a request the browser or a stalled server holds
  // open) is given up after ANSWER_MS and asked again, so one lost request never stops the
  // page from noticing that the server is back.
  const ANSWER_MS = 2000;
  let probeTimer = null;
  const NOTICE_ID = "scorepad-connection";
  const FROZEN_ID = "scorepad-connection-frozen"; // the screen as it was, kept in view

  let connected = false;
  let everConnected = false;
  let leaving = false; // a reload or another address closes the socket too: say nothing
  let hideTimer = null;
  window.addEventListener("pagehide", () => {
    leaving = true;
  });

  function appEndpoint() {
    return (window.flet && window.flet.webSocketEndpoint) || "/ws";
  }

  function isAppSocket(url) {
    try {
      const address = new URL(String(url), window.location.href);
      return address.host === window.location.host && address.pathname === appEndpoint();
    } catch (_) {
      return false;
    }
  }

  function noticeElement() {
    let notice = document.getElementById(NOTICE_ID);
    if (notice) {
      return notice;
    }
    notice = document.createElement("div");
    notice.id = NOTICE_ID;
    notice.setAttribute("role", "status");
    notice.setAttribute("aria-live", "assertive");
    notice.setAttribute("aria-atomic", "true");
    const card = document.createElement("div");
    card.className = "scorepad-connection-card";
    const title = document.createElement("div");
    title.className = "scorepad-connection-title";
    const detail = document.createElement("div");
    detail.className = "scorepad-connection-detail";
    card.append(title, detail);
    notice.append(card);
    const style = document.createElement("style");
    style.textContent = `
      #${NOTICE_ID} {
        position: fixed; inset: 0; z-index: 2147483647; display: none;
        justify-content: center; align-items: flex-start; padding: 16px;
        box-sizing: border-box; font-family: system-ui, -apple-system, "Segoe UI", Roboto,
        sans-serif; pointer-events: none;
      }
      #${NOTICE_ID}[data-state="lost"] {
        display: flex; background: transparent; pointer-events: auto; align-items: flex-end;
      }
      #${NOTICE_ID}[data-state="back"] { display: flex; align-items: flex-end; }
      #${NOTICE_ID} .scorepad-connection-card {
        position: relative; z-index: 1;
        max-width: 340px; padding: 16px 20px; border-radius: 12px; text-align: center;
        background: #181D17; color: #FFFFFF; box-shadow: 0 4px 16px rgba(0, 0, 0, 0.35);
      }
      #${FROZEN_ID} { position: fixed; z-index: 0; pointer-events: none; }
      #${NOTICE_ID}[data-state="back"] .scorepad-connection-card { background: #23502A; }
      #${NOTICE_ID} .scorepad-connection-title { font-size: 20px; font-weight: 600; }
      #${NOTICE_ID} .scorepad-connection-detail { font-size: 15px; margin-top: 6px; }
      #${NOTICE_ID} .scorepad-connection-detail:empty { display: none; }
    `;
    notice.append(style);
    document.body.append(notice);
    return notice;
  }

  function appCanvas() {
    // Flutter draws the whole app on one canvas that fills the page, inside its elements'
    // shadow roots: the largest canvas found is the one
    let largest = null;
    const search = (root) => {
      for (const canvas of root.querySelectorAll("canvas")) {
        if (canvas.id !== FROZEN_ID && (!largest || canvas.width > largest.width)) {
          largest = canvas;
        }
      }
      for (const element of root.querySelectorAll("*")) {
        if (element.shadowRoot) {
          search(element.shadowRoot);
        }
      }
    };
    search(document);
    return largest;
  }

  function freeze(notice) {
    // Copy the frame on show before the client replaces it with its spinner. A copy that
    // cannot be made (no canvas yet, a tainted one) leaves the notice on its own.
    unfreeze();
    const source = appCanvas();
    if (!source || !source.width || !source.height) {
      return;
    }
    const box = source.getBoundingClientRect();
    const frozen = document.createElement("canvas");
    frozen.id = FROZEN_ID;
    frozen.setAttribute("aria-hidden", "true");
    frozen.width = source.width;
    frozen.height = source.height;
    Object.assign(frozen.style, {
      left: `${box.left}px`,
      top: `${box.top}px`,
      width: `${box.width}px`,
      height: `${box.height}px`,
    });
    try {
      frozen.getContext("2d").drawImage(source, 0, 0);
    } catch (_) {
      return;
    }
    notice.prepend(frozen);
  }

  function unfreeze() {
    const frozen = document.getElementById(FROZEN_ID);
    if (frozen) {
      frozen.remove();
    }
  }

  function show(state) {
    if (!document.body) {
      return;
    }
    const notice = noticeElement();
    if (state === "lost") {
      freeze(notice);
    } else {
      unfreeze();
    }
    window.clearTimeout(hideTimer);
    notice.dataset.state = state;
    const said = words();
    notice.dir = said.dir === "rtl" ? "rtl" : "ltr";
    notice.querySelector(".scorepad-connection-title").textContent =
      state === "lost" ? said.lost : said.back;
    notice.querySelector(".scorepad-connection-detail").textContent =
      state === "lost" ? said.lostDetail : "";
    if (state === "back") {
      hideTimer = window.setTimeout(() => {
        notice.dataset.state = "hidden";
        notice.querySelector(".scorepad-connection-title").textContent = "";
      }, BACK_SHOWN_MS);
    }
  }

  function probeUntilBack() {
    window.clearTimeout(probeTimer);
    probeTimer = window.setTimeout(async () => {
      if (connected || leaving) {
        return;
      }
      let answered = false;
      try {
        const reply = await fetch("/", {
          cache: "no-store",
          credentials: "same-origin",
          signal: AbortSignal.timeout(ANSWER_MS),
        });
        answered = reply.ok;
      } catch (_) {
        answered = false; // still away
      }
      if (connected || leaving) {
        return;
      }
      if (!answered) {
        probeUntilBack();
        return;
      }
      probeTimer = window.setTimeout(() => {
        if (!connected && !leaving) {
          leaving = true;
          window.location.reload();
        }
      }, GRACE_MS);
    }, PROBE_MS);
  }

  function watch(socket) {
    socket.addEventListener("open", () => {
      window.clearTimeout(probeTimer);
      connected = true;
      if (everConnected) {
        show("back");
      }
      everConnected = true;
    });
    socket.addEventListener("close", () => {
      if (connected) {
        connected = false;
        if (!leaving) {
          show("lost");
          probeUntilBack();
        }
      }
    });
  }

  window.WebSocket = new Proxy(NativeWebSocket, {
    construct(target, args) {
      const socket = Reflect.construct(target, args);
      if (isAppSocket(args[0])) {
        watch(socket);
      }
      return socket;
    },
  });
})();
