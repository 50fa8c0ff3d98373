// @ts-check
/* The thin bridge between the page and the app's Python, by messages only.
 *
 * The app's Python runs in a worker (start.js; on this thread only if a worker cannot start)
 * and never touches the page: one delegated listener here turns each tap, key, form change
 * and hash change into plain data ({kind, action, data, key, value, hash}) and posts it as JSON;
 * each answer is a list of items carried out here in order: batches of screen updates (region
 * id -> HTML, texts, title, focus, the root element's data-*, card flights), storage writes,
 * questions for the thinking worker, a new address, WebRTC and camera ops (item.net, carried
 * out by web/app/net/rtc.js), each by the handler of its kind (HANDLERS). The items' and the
 * events' types are app/messages.py's (types/page.d.ts, written from it by scripts.page_types,
 * checked here by tsc). What the app does on its own (a computer's
 * turn) comes through a standing call, next(). Storage (localStorage) stays on this thread: the
 * app starts from a snapshot of its keys and sends its writes. Focus, scrolling and the FLIP card
 * animations happen here, so they stay cheap and smooth. Events that arrive before Python is
 * ready are queued, never lost. Tests wait on document.documentElement.dataset.handled (events Python has finished)
 * catching up with dataset.sent (events handed to Python): with Python in a worker the answer
 * to one event can land after the next tap, so "handled changed" alone is not "all handled".
 */
/** @typedef {import("../types/page").AnyEvent} AnyEvent */
/** @typedef {import("../types/page").Batch} Batch */
/** @typedef {import("../types/page").Flight} Flight */
/** @typedef {import("../types/page").Item} Item */
/** @typedef {import("../types/page").ItemKinds} ItemKinds */
/** @typedef {import("../types/page").PageEvent} PageEvent */
/** @typedef {import("../types/page").PlayerEvent} PlayerEvent */
/** @typedef {import("../types/page").Question} Question */
/** @typedef {import("../types/page").StoreOp} StoreOp */
/** @typedef {import("../types/page").StoragePrefix} StoragePrefix */
/** @typedef {{ id: string, region: string, action: string, data: { [key: string]: string },
 *              testid: string, index: number }} FocusMark
 * the focused control, as it is found again after a redraw */
(function () {
  "use strict";
  const root = document.documentElement;
  /** @type {AnyEvent[]} */
  const queue = [];
  let handled = 0;
  let sent = 0;
  /** @type {StoragePrefix} the app's storage keys (the snapshot is taken before Python runs) */
  const PREFIX = "tabletop.";

  /** What went wrong, in words: an error's message, or what was thrown.
   * @param {unknown} e */
  function said(e) {
    return String((e && /** @type {{ message?: unknown }} */ (e).message) || e);
  }

  /** @param {HTMLElement | SVGElement | null} el */
  function dataOf(el) {
    /** @type {{ [key: string]: string }} */
    const out = {};
    if (!el || !el.dataset) return out;
    for (const k of Object.keys(el.dataset)) out[k] = String(el.dataset[k]);
    return out;
  }

  /** Before Python is ready a tap is queued, never lost, and answered at once where the page
   * can: a rules page is shown from its pre-rendered HTML; a game says it is starting.
   * @param {AnyEvent} ev */
  function early(ev) {
    if (ev.kind !== "route") return;
    const m = /^#\/rules\/([a-z0-9-]{1,40})$/.exec(ev.hash || "");
    const screen = document.getElementById("screen");
    if (m && screen) {
      fetch("rules/" + m[1] + ".html").then((r) => (r.ok ? r.text() : null)).then((html) => {
        if (started || !html || location.hash !== ev.hash) return;
        screen.innerHTML = '<header class="topbar"><a class="btn icon" href="#/" ' +
          'aria-label="Back to home">‹</a><h1 class="title">Rules</h1>' +
          '<span class="icon-space"></span></header><main class="page rules" id="main">' +
          '<article class="rules-text" data-testid="rules-text">' + html + "</article></main>";
        applyVars(screen);  // the pictures' card positions (data-vars), as for every region
        window.scrollTo(0, 0);
      }).catch(() => {});
      return;
    }
    const text = document.getElementById("boot-text");
    if (text && /^#\/[a-z]/.test(ev.hash || "") && !/could not/.test(text.textContent || "")) {
      text.textContent = "Starting… your game opens as soon as Python is ready";
    }
  }

  /* The app's Python, once connected: {start, handle, next}, each answering a promise of a JSON
   * list of items (see app/link.py). Events are queued until start has answered. */
  /** @type {TabletopApp | null} */
  let api = null;
  let started = false;
  let refusedSaid = false;
  let persistAsked = false;

  /** @param {PlayerEvent} ev */
  function send(ev) {
    if (!started) { queue.push(ev); early(ev); return; }
    sent += 1;
    root.dataset.sent = String(sent);
    call(ev, true).finally(() => {
      handled += 1;
      root.dataset.handled = String(handled);
    });
  }

  /** An event of the page's own (the thinking worker's answer, a refused write, the device,
   * WebRTC's and the camera's news):
   * not a player's action, so not counted in sent/handled.
   * @param {PageEvent} ev */
  function tell(ev) {
    if (started) call(ev);
    else queue.push(ev);
  }

  let answering = false;  // the batches being applied answer a player's event (a tap, a key)

  /** @param {AnyEvent} ev
   * @param {boolean} [player] the player's event (its answer's redraw follows a guide's marks) */
  function call(ev, player = false) {
    let answer;
    try {
      if (!api) throw new Error("the app's Python is not connected");
      // every event carries the page's local date (the daily deal; a test may fix the clock)
      answer = Promise.resolve(api.handle(JSON.stringify(Object.assign({ today: today() },
                                                                        ev))));
    } catch (e) {
      answer = Promise.reject(e);
    }
    return answer.then((text) => {
      answering = player;
      try { carry(text); } finally { answering = false; }
    }).catch((e) => console.error(e));
  }

  /* What the page does with each kind of item (app/messages.py's Item: an object of one key,
   * its kind); an item of none of these kinds is a batch of screen updates (apply). tsc holds
   * this table to the kinds Python sends (types/page.d.ts ItemKinds): one missing, one extra
   * or one whose value is of another type fails the check. */
  /** @type {{ [K in keyof ItemKinds]: (value: ItemKinds[K]) => void }} */
  const HANDLERS = {
    store: (ops) => write(ops),
    think: (q) => ask(q),
    go: (hash) => go(hash),
    update: () => { if (window.pwa) window.pwa.applyUpdate(); },
    persist: () => persist(),
    shared: (pattern) => shareKeys(pattern),
    net: (op) => { if (window.tabletopNet) window.tabletopNet.carry(op); },
    thinker: (now) => keepThinker(now),
  };
  const KINDS = /** @type {(keyof ItemKinds)[]} */ (Object.keys(HANDLERS));

  /** @template {keyof ItemKinds} K
   * @param {K} kind
   * @param {ItemKinds[K]} value */
  function handle(kind, value) {
    HANDLERS[kind](value);
  }

  /** Carry out the items of one answer, in order.
   * @param {string | Item[]} text */
  function carry(text) {
    const items = /** @type {Item[]} */ (typeof text === "string" ? JSON.parse(text) : text);
    for (const item of items) {
      try {
        const kind = KINDS.find((k) => k in item);
        if (kind) handle(kind, /** @type {ItemKinds} */ (/** @type {unknown} */ (item))[kind]);
        else apply(/** @type {Batch} */ (item));
      } catch (e) {
        console.error(e);
      }
    }
  }

  /* The app's standing call for what it does on its own (computers' turns, timers). */
  function pump() {
    if (!api) return;
    Promise.resolve(api.next()).then((text) => { carry(text); pump(); }, (e) => {
      console.error(e);
      setTimeout(pump, 1000);
    });
  }

  /** Storage writes: [key, value] (value null: remove) or, for a saved game, [key, value,
   * what this tab last saw]: written only if the device still holds that (or nothing), so a
   * tab never overwrites another tab's newer game; if not, the app is told what is there.
   * @param {StoreOp[]} ops */
  function write(ops) {
    for (const op of ops) {
      const [key, value] = op;
      if (typeof key !== "string") continue;  // never sent (app/link.py Mirror)
      try {
        if (value === null) { localStorage.removeItem(key); continue; }
        if (op.length > 2) {
          const now = localStorage.getItem(key);
          if (now !== null && now !== op[2]) { tellStored(key, now); continue; }
        }
        localStorage.setItem(key, value);
      } catch (e) {
        if (!refusedSaid) {
          refusedSaid = true;
          tell({ kind: "refused", action: "", data: {}, key, value: said(e) });
        }
      }
    }
  }

  /** @param {string} key
   * @param {string | null} value */
  function tellStored(key, value) {
    send({ kind: "storage", action: "", key, value: value === null ? "" : value,
           data: { present: value === null ? "0" : "1" } });
  }

  /** @param {string} hash */
  function go(hash) {
    if (location.hash === hash) send({ kind: "route", action: "", data: {}, hash });
    else location.hash = hash;
  }

  /* The player has a game to lose: ask the browser to keep the app's data (once a session). */
  function persist() {
    if (persistAsked || !navigator.storage || !navigator.storage.persist) return;
    persistAsked = true;
    navigator.storage.persist().then((yes) => tell({ kind: "device", action: "", data:
      { persisted: !!yes } }), () => {});
  }

  /* The local date, YYYY-MM-DD, by this device's clock and time zone. */
  function today() {
    const d = new Date();
    const two = (/** @type {number} */ n) => String(n).padStart(2, "0");
    return d.getFullYear() + "-" + two(d.getMonth() + 1) + "-" + two(d.getDate());
  }

  // not in every browser the app runs in, whatever the DOM's types say
  const hasMatchMedia = typeof window.matchMedia === "function";

  function reducedMotion() {
    return !!(hasMatchMedia && matchMedia("(prefers-reduced-motion: reduce)").matches);
  }

  /** @returns {{ offline: string, installed: boolean, persisted: boolean | null,
   *               webrtc: boolean }} */
  function device() {
    const sw = "serviceWorker" in navigator ? navigator.serviceWorker : null;
    return {
      offline: !sw ? "none" : sw.controller ? "ready" : "not-yet",
      installed: !!((hasMatchMedia && matchMedia("(display-mode: standalone)").matches) ||
                    navigator.standalone),
      persisted: null,
      // WebRTC data channels (a table of phones, web/app/net/rtc.js): workers have none, so
      // the app's Python learns here whether this page has them
      webrtc: typeof RTCPeerConnection === "function" &&
        typeof RTCPeerConnection.prototype.createDataChannel === "function",
    };
  }

  /* What the app needs of the page at start: every stored key of the app, the address, the
   * device. */
  function snapshot() {
    /** @type {{ [key: string]: string | null }} */
    const store = {};
    let storage = true;
    try {
      for (let i = 0; i < localStorage.length; i++) {
        const k = localStorage.key(i);
        if (k && k.startsWith(PREFIX)) store[k] = localStorage.getItem(k);
      }
    } catch (e) {
      storage = false;
    }
    const d = device();
    const known = navigator.storage && navigator.storage.persisted
      ? navigator.storage.persisted().then((yes) => { d.persisted = !!yes; }, () => {})
      : Promise.resolve();
    return known.then(() => ({
      store, storage, hash: location.hash, base: location.href.split("#")[0], today: today(),
      reducedMotion: reducedMotion(), device: d,
      updateReady: !!(window.pwa && window.pwa.updateReady),
      workerFailed: window.tabletop.workerFailed || null,
      thinker: /[?&]thinker=here(&|$)/.test(location.search) ? "here" : "worker",
    }));
  }

  /** @param {TabletopApp} app
   * @param {"worker" | "page"} how */
  function connect(app, how) {
    if (api) return;
    api = app;
    root.dataset.thread = how;
    snapshot().then((snap) => Promise.resolve(app.start(JSON.stringify(snap))))
      .then((text) => {
        carry(text);
        started = true;
        const waiting = queue.splice(0, queue.length);
        for (const ev of waiting) {
          if (isPageEvent(ev)) tell(ev);
          else send(ev);
        }
        pump();
        if (window.pwa) window.pwa.onUpdate(() => tell({ kind: "device", action: "", data:
          { updateReady: true } }));
        if (navigator.serviceWorker) {
          navigator.serviceWorker.addEventListener("controllerchange", () => tell(
            { kind: "device", action: "", data: { offline: "ready" } }));
        }
        if (hasMatchMedia) {
          const mq = matchMedia("(prefers-reduced-motion: reduce)");
          if (mq.addEventListener) mq.addEventListener("change", () => tell(
            { kind: "device", action: "", data: { reducedMotion: mq.matches } }));
        }
      })
      .catch((e) => {
        console.error(e);
        dispatchEvent(new ErrorEvent("error", { message: said(e) }));
      });
  }

  /** @param {AnyEvent} ev
   * @returns {ev is PageEvent} */
  function isPageEvent(ev) {
    return ["thought", "refused", "device", "net"].indexOf(ev.kind) >= 0;
  }

  /** @param {Flight[]} flights */
  function rememberRects(flights) {
    /** @type {(DOMRect | null)[]} */
    const rects = [];
    for (const f of flights) {
      const from = f.from ? document.querySelector(f.from)
        : document.querySelector('[data-card="' + CSS.escape(f.card) + '"]');
      rects.push(from ? from.getBoundingClientRect() : null);
    }
    return rects;
  }

  /** @param {Flight[]} flights
   * @param {(DOMRect | null)[]} rects */
  function fly(flights, rects) {
    for (let i = 0; i < flights.length; i++) {
      const f = flights[i], rect = rects[i];
      if (!rect) continue;
      const el = document.querySelector('[data-card="' + CSS.escape(f.card) + '"]');
      if (!el) continue;
      const now = el.getBoundingClientRect();
      const dx = rect.left - now.left, dy = rect.top - now.top;
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
      el.classList.add("flying");
      el.animate([{ transform: "translate(" + dx.toFixed(1) + "px," + dy.toFixed(1) + "px)" },
                  { transform: "translate(0px,0px)" }],
                 { duration: f.ms, delay: f.delay || 0, easing: "ease-out", fill: "backwards" });
    }
  }

  /** CSS custom properties come as data-vars="--i:3;--n:5" and are set through the CSSOM: the
   * Content-Security-Policy (index.html) refuses inline style attributes, the CSSOM is allowed.
   * @param {ParentNode} region */
  function applyVars(region) {
    for (const el of region.querySelectorAll("[data-vars]")) {
      if (!(el instanceof HTMLElement || el instanceof SVGElement)) continue;
      for (const part of (el.dataset.vars || "").split(";")) {
        const at = part.indexOf(":");
        if (at > 0) el.style.setProperty(part.slice(0, at).trim(), part.slice(at + 1).trim());
      }
    }
  }

  const FOCUSABLE = "button:not([disabled]), a[href], input:not([disabled]), select, " +
    "textarea, [tabindex]:not([tabindex='-1']), [data-rove-item]";

  /** What the focused element is, to find it (or what stands next to it) again after its
   * region is drawn anew: its id; else its action and data-* (a card, a meld), the region it
   * is in (an ancestor: a control with an id of its own, gone, still has a region to fall
   * back on) and its place among the region's controls of the same action.
   * @param {Element | null} el
   * @returns {FocusMark | null} */
  function focusMark(el) {
    if (!el || el === document.body || !(el instanceof HTMLElement || el instanceof SVGElement)) {
      return null;
    }
    const region = el.parentElement ? el.parentElement.closest("[id]") : null;
    const action = el.getAttribute("data-action") || "";
    const same = region ? [...region.querySelectorAll(`[data-action="${CSS.escape(action)}"]`)]
      : [];
    return { id: el.id, region: region ? region.id : "", action, data: dataOf(el),
             testid: el.getAttribute("data-testid") || "", index: same.indexOf(el) };
  }

  /** The element a redraw put in the place of ``mark``'s: the same control (its id, or its
   * action and data), else the one of the same action now at its place (the next card of the
   * hand once one was laid), else the first control of its region, else the region itself.
   * @param {FocusMark} mark
   * @returns {HTMLElement | null} */
  function refind(mark) {
    const byId = mark.id ? document.getElementById(mark.id) : null;
    if (byId && usable(byId)) return byId;
    const region = mark.region ? document.getElementById(mark.region) : null;
    if (!region || !region.isConnected) return null;
    const same = /** @type {HTMLElement[]} */ ([...region.querySelectorAll(
      mark.action ? `[data-action="${CSS.escape(mark.action)}"]` : "[data-testid]")])
      .filter(usable);
    const exact = same.find((el) => {
      const d = dataOf(el);
      return Object.keys(mark.data).every((k) => d[k] === mark.data[k]) &&
        Object.keys(d).length === Object.keys(mark.data).length;
    });
    if (exact) return exact;
    if (mark.action && same.length) return same[Math.min(Math.max(mark.index, 0), same.length - 1)];
    const first = /** @type {HTMLElement | null} */ (region.querySelector(FOCUSABLE));
    if (first && usable(first)) return first;
    region.setAttribute("tabindex", "-1");
    return region;
  }

  /** @param {Element} el */
  function usable(el) {
    return (el instanceof HTMLElement || el instanceof SVGElement) && el.isConnected &&
      !(/** @type {HTMLElement & { disabled?: boolean }} */ (el).disabled) &&
      !el.closest("[hidden]");
  }

  /** Roving focus: each ``[data-rove]`` group (a hand, the melds, the stacks) is one stop of
   * Tab; its items (``[data-rove-item]``) take the arrow keys, Home and End. The item that
   * keeps the group's stop is the focused one, else the one marked ``data-rove-current``,
   * else the first. */
  function rove() {
    for (const group of document.querySelectorAll("[data-rove]")) {
      const items = /** @type {HTMLElement[]} */ ([...group.querySelectorAll("[data-rove-item]")]);
      if (!items.length) continue;
      const current = items.find((el) => el === document.activeElement) ||
        items.find((el) => el.hasAttribute("data-rove-current")) || items[0];
      for (const el of items) el.setAttribute("tabindex", el === current ? "0" : "-1");
    }
  }

  /** An arrow key, Home or End in a roving group: the focus moves to the item that way.
   * @param {KeyboardEvent} e
   * @returns {boolean} the key was taken */
  function roveKey(e) {
    const at = /** @type {Element | null} */ (e.target instanceof Element ? e.target : null);
    const item = at ? at.closest("[data-rove-item]") : null;
    const group = item ? item.closest("[data-rove]") : null;
    if (!item || !group) return false;
    const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[e.key];
    if (step === undefined && e.key !== "Home" && e.key !== "End") return false;
    const items = /** @type {HTMLElement[]} */ ([...group.querySelectorAll("[data-rove-item]")]);
    const k = items.indexOf(/** @type {HTMLElement} */ (item));
    const to = e.key === "Home" ? 0 : e.key === "End" ? items.length - 1
      : Math.min(Math.max(k + (step || 0), 0), items.length - 1);
    const next = items[to];
    for (const el of items) el.setAttribute("tabindex", el === next ? "0" : "-1");
    next.focus();
    next.scrollIntoView({ block: "nearest", inline: "nearest" });
    return true;
  }

  /** Apply one batch of updates from Python.
   * @param {Batch | string} json */
  function apply(json) {
    const u = /** @type {Batch} */ (typeof json === "string" ? JSON.parse(json) : json);
    const active = document.activeElement;
    const mark = focusMark(active);
    const flights = u.flights || [];
    const rects = flights.length ? rememberRects(flights) : [];
    if (u.hash !== undefined && u.hash !== null && location.hash !== u.hash) {
      history.replaceState(null, "", u.hash || "#/");
    }
    if (u.regions) {
      for (const id of Object.keys(u.regions)) {
        const el = document.getElementById(id);
        if (el) { el.innerHTML = u.regions[id]; applyVars(el); }
      }
    }
    if (u.texts) {
      for (const id of Object.keys(u.texts)) {
        const el = document.getElementById(id);
        if (!el) continue;
        const t = u.texts[id];
        el.textContent = t[0];
        if (t[1] !== null && t[1] !== undefined) el.className = t[1];
      }
    }
    if (u.hidden) {
      for (const id of Object.keys(u.hidden)) {
        const el = document.getElementById(id);
        if (el) el.hidden = !!u.hidden[id];
      }
    }
    if (u.classes) {
      for (const name of Object.keys(u.classes)) root.classList.toggle(name, !!u.classes[name]);
    }
    if (u.data) {
      for (const k of Object.keys(u.data)) {
        if (u.data[k] === null) delete root.dataset[k]; else root.dataset[k] = u.data[k];
      }
    }
    if (u.title) document.title = u.title;
    if (u.scrollTop) window.scrollTo(0, 0);
    if (u.focus) {
      const el = u.focus === "h1" ? document.querySelector("h1") : document.getElementById(u.focus);
      if (el) {
        if (u.focus === "h1") el.setAttribute("tabindex", "-1");
        el.focus({ preventScroll: u.focus !== "h1" });
        if (el.hasAttribute("data-into-view")) el.scrollIntoView({ block: "start" });
      }
    } else if (mark && (!active || !active.isConnected || !usable(active))) {
      // A region was redrawn under the keyboard: the focus stays on the same control, or
      // goes to what now stands in its place, never to the page's body.
      const el = refind(mark);
      if (el) el.focus({ preventScroll: true });
    }
    if (u.regions) {
      rove();
      document.dispatchEvent(new CustomEvent("tabletop:drawn",  // (attend.js)
                                             { detail: { tap: answering } }));
    }
    if (flights.length) fly(flights, rects);
    if (u.download) download(u.download);
    if (u.announce && u.announce.length) {
      // the live region's text must change to be read: the same words again get a mark
      const live = document.getElementById("announce");
      if (live) {
        const text = u.announce.join(" ");
        live.textContent = live.textContent === text ? text + "\u00a0" : text;
      }
    }
    if (u.cues && window.tabletopCues) window.tabletopCues.play(u.cues);  // web/app/cues.js
  }

  /** A file for the player to keep ("Export my games"): made here, on the page's thread.
   * @param {import("../types/page").Download} d */
  function download(d) {
    const url = URL.createObjectURL(new Blob([d.text], { type: d.type || "application/json" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = d.name;
    a.hidden = true;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
  }

  /** A file the player chose ("Import games"): read here (Python in a worker cannot wait on
   * the page's promises) and handed over as {kind: "file", value: its text}. A file over
   * data-max-bytes is not read: Python is told its size and says why.
   * @param {HTMLInputElement} input */
  function readFile(input) {
    const file = input.files && input.files[0];
    const action = input.getAttribute("data-action") || "";
    input.value = "";  // the same file chosen again is a new change
    if (!file) return;
    /** @type {{ [key: string]: string }} */
    const data = { name: file.name, size: String(file.size) };
    const limit = Number(input.dataset.maxBytes || 0);
    if (limit && file.size > limit) { send({ kind: "file", action, data, value: "" }); return; }
    file.text().then(
      (text) => send({ kind: "file", action, data, value: text }),
      (e) => send({ kind: "file", action, value: "",
                    data: Object.assign(data, { error: said(e) }) }));
  }

  document.addEventListener("click", (e) => {
    const target = /** @type {Partial<Element> | null} */ (e.target);
    const el = target && target.closest ? target.closest("[data-action]") : null;
    if (!(el instanceof HTMLElement || el instanceof SVGElement)) return;
    if (el.dataset.shareHash) {  // share here, on the page's thread, while the tap is fresh
      const url = location.href.split("#")[0] + el.dataset.shareHash;
      const text = el.dataset.shareText || "";
      const what = el.dataset.shareWhat || "link";  // "result": the text is what is shared
      share(JSON.stringify({ title: el.dataset.shareTitle || document.title, text, url,
                             copy: what === "result" ? text + " " + url : url }))
        .then((how) => send({ kind: "click", action: "share-done", data: { how, url, what,
                                                                           text },
                              value: "" }));
      return;
    }
    if (el.dataset.fileInput) {  // a visible button that opens a hidden file input
      const input = document.getElementById(el.dataset.fileInput);
      if (input) input.click();
      return;
    }
    const tag = el.tagName.toLowerCase();
    if (tag === "select" || tag === "input") return;
    send({ kind: "click", action: el.dataset.action, data: dataOf(el), value: "" });
  });
  document.addEventListener("change", (e) => {
    // an input, a select or a textarea (an input's checked: a checkbox)
    const el = /** @type {HTMLInputElement | null} */ (e.target);
    if (!el || !el.getAttribute || !el.getAttribute("data-action")) return;
    if (el.type === "file") { readFile(el); return; }
    send({ kind: "change", action: el.getAttribute("data-action") || "", data: dataOf(el),
           value: String(el.type === "checkbox" ? el.checked : el.value) });
  });
  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const t = /** @type {Partial<Element> | null} */ (e.target);
    const tag = t && t.tagName ? t.tagName.toLowerCase() : "";
    if (tag === "input" || tag === "select" || tag === "textarea") return;
    // Enter and Space press the focused control itself: a table's shortcut never takes them
    if ((e.key === "Enter" || e.key === " ") && t && t.closest &&
        t.closest("button, a[href], summary, [role=button], [data-rove-item]")) return;
    const keys = (root.dataset.keys || "").split(" ");
    if (keys.indexOf(e.key) < 0) {
      if (roveKey(e)) e.preventDefault();
      return;
    }
    e.preventDefault();
    send({ kind: "key", action: "", data: {}, key: e.key });
  });
  window.addEventListener("hashchange", () => {
    send({ kind: "route", action: "", data: {}, hash: location.hash });
  });
  /* Another tab of the app wrote a saved game, a record or the settings: Python shows it.
   * Which keys those are, Python says first thing at start (app/storage/keys.py SHARED_KEY);
   * the writes before that wait for it. */
  /** @type {RegExp | null} */
  let shared = null;
  /** @type {[string, string | null][]} */
  const unshared = [];
  window.addEventListener("storage", (e) => {
    if (!e.key) return;
    if (!shared) unshared.push([e.key, e.newValue]);
    else if (shared.test(e.key)) tellStored(e.key, e.newValue);
  });
  /** @param {string} pattern */
  function shareKeys(pattern) {
    const keys = shared = new RegExp(pattern);
    for (const [key, value] of unshared.splice(0, unshared.length)) {
      if (keys.test(key)) tellStored(key, value);
    }
  }
  /* The player is back on this tab: computers another tab was moving play on here. The app
   * went to the background: a pass-and-play hand goes under its cover. */
  document.addEventListener("visibilitychange", () => {
    const kind = document.visibilityState === "visible" ? "visible" : "hidden";
    send({ kind: kind, action: "", data: {} });
  });

  /** Web Share when the browser has it, else the clipboard; resolves to what happened.
   * @param {string} json
   * @returns {Promise<string>} */
  function share(json) {
    const d = JSON.parse(json);
    const nav = navigator;
    const viaClipboard = () => (nav.clipboard && nav.clipboard.writeText
      ? nav.clipboard.writeText(d.copy || d.url).then(() => "copied", () => "shown")
      : Promise.resolve("shown"));
    if (nav.share) {
      return nav.share({ title: d.title, text: d.text, url: d.url }).then(() => "shared", (e) => (e && e.name === "AbortError"
        ? "cancelled" : viaClipboard()));
    }
    return viaClipboard();
  }

  /* The thinking worker (app/thinker.py, started by start.js as the app's own is): computer
   * turns and hints off the page's thread. If it cannot start, every request is refused with
   * "no-worker" and the Python side thinks on its own thread instead.
   *
   * It is a second Python, the largest part of the app's memory, so it lives only while it is
   * needed (the app's thinker item, app/messages.py ThinkerItem): from the moment the app says
   * computers play in the game on show ("play": it starts then, so that their first turn does
   * not wait for it) until no computer plays any more ("rest": the game is over) or the page is
   * hidden, once no question is being thought. While the game goes on off screen ("pause": its
   * rules, home) and after a Hint's answer it is kept KEEP_MS, so that a look elsewhere or the
   * next Hint does not wait for a start. A later question starts it again. */
  const KEEP_MS = 30000;
  /** @type {Promise<Thinker> | null} */
  let worker = null;
  let broken = false;
  let wanted = false;  // computers play in the game on show (the app's thinker item: "play")
  let thinking = 0;  // questions asked and not yet answered
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let idle;
  function failAll() {
    broken = true;
    root.dataset.thinker = "page";
    if (worker) worker.then((w) => w.end(), () => null);
    worker = null;
  }
  let closing = false;  // an update being applied: no worker any more (web/pwa.js says why)
  addEventListener("pwa:applying", () => {
    closing = true;
    worker = null;
  });
  function startWorker() {
    clearTimeout(idle);
    if (worker || broken || closing) return;
    if (!window.tabletop.thinker) { failAll(); return; }
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let watchdog;
    /** @type {Promise<never>} */
    const late = new Promise((_, reject) => {
      watchdog = setTimeout(() => reject(new Error("it did not start in time")), 120000);
    });
    const started = Promise.race([window.tabletop.thinker(), late]);
    worker = started;
    root.dataset.thinking = "starting";
    started.then(() => {
      clearTimeout(watchdog);
      root.dataset.thinker = "worker";
      if (worker === started) root.dataset.thinking = "on";
      rest();
    }, () => { clearTimeout(watchdog); failAll(); });
  }
  /* The worker ended if nothing needs it: no question pending, and computers do not play on a
   * shown page; at once, or ``after`` ms (KEEP_MS: a game paused off screen, a Hint's answer)
   * unless something needs it again meanwhile. */
  function rest(after = 0) {
    clearTimeout(idle);
    if (!worker || thinking > 0 || (wanted && !document.hidden)) return;
    if (after > 0 && !document.hidden) { idle = setTimeout(() => rest(), after); return; }
    const ending = worker;
    worker = null;
    root.dataset.thinking = "off";
    ending.then((w) => w.end(), () => null);
  }
  /** What the app says the worker is for now.
   * @param {"play" | "pause" | "rest"} now */
  function keepThinker(now) {
    wanted = now === "play";
    if (wanted && !document.hidden) startWorker();
    else rest(now === "pause" ? KEEP_MS : 0);
  }
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) rest();
    else if (wanted) startWorker();
  });
  /** @param {string} request
   * @returns {Promise<string>} */
  function think(request) {
    startWorker();
    if (broken || !worker) return Promise.reject(new Error("no-worker"));
    thinking += 1;
    const done = () => { thinking -= 1; rest(wanted ? 0 : KEEP_MS); };
    return worker.then((w) => w.think(request), (e) => {
      throw new Error("no-worker: " + said(e));
    }).finally(done);
  }

  /** A question of the app for the thinking worker; the answer goes back as an event.
   * @param {Question} q */
  function ask(q) {
    /** @type {(ok: boolean, value: string) => void} */
    const answer = (ok, value) => tell({ kind: "thought", action: "", key: String(q.id), value,
                                         data: { ok: ok ? "1" : "0" } });
    think(q.request).then((r) => answer(true, r),
                          (e) => answer(false, said(e)));
  }

  // start.js (a module that may run before this script) keeps its part there too: thinker,
  // and workerFailed when the app's Python could not run in its worker
  window.tabletop = Object.assign(window.tabletop || {}, {
    apply,
    /* The app's Python, in its worker or on this thread, hands over its three calls. */
    connect,
    /* An event as a tap sends it, from the page's other scripts (a drop: web/app/drag.js). */
    send,
    /* An event of the page's own, from its other scripts (WebRTC: web/app/net/rtc.js). */
    tell,
  });
})();
