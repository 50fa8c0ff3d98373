// @ts-check
/* The page's WebRTC for a table of phones (issue 36): the data channels and the QR scanner.
 *
 * The app's Python runs in a worker, which has no RTCPeerConnection and no camera, so both
 * live here, on the page's thread, and the app drives them by ops (the "net" items of its
 * answers, app/net/relay.py; bridge.js hands each to window.tabletopNet.carry) and hears of
 * them by "net" events (window.tabletop.tell; app/messages.py reads them). Every op and event
 * of a connection names its link, a whole number the app chose.
 *
 * Ops: {op: "offer", link, stun} a new connection with one data channel (ordered, "table");
 * once its candidates are gathered (all of them, or those of the first 4 s) the event "offer"
 * {link, sdp}. {op: "answer", link, sdp, stun} the guest's side of that offer: event "answer"
 * {link, sdp}. {op: "accept", link, sdp} the host takes the guest's answer. {op: "send", link,
 * text} (dropped quietly while the channel is not open), {op: "close", link}. No STUN unless
 * the op names one ("host:port"): phones on one Wi-Fi need none. Events: "open" {link},
 * "message" {link, text} in order, "close" {link} (the other end closed, or the connection
 * broke: "disconnected" for longer than a short grace), "failed" {link, reason} (the link is
 * over: a code refused, no candidate gathered, a send refused).
 *
 * The heartbeat: every open channel carries a one-space frame (BEAT, never a message of the
 * app's: those are JSON objects) when nothing else was sent for BEAT_MS, and a channel that
 * brought nothing, beat or message, for SILENT_MS ends as if closed ("close" {link}). It lives
 * here, not in the app's Ping/Pong, because this page's thread is what holds the channel and
 * what stops when the phone does: a page frozen (a locked phone, a tab put away) or out of
 * range stops beating and is noticed by the other phone's page; a Python worker busy for a
 * moment (a long redraw) is not taken for a silent phone, and the beats never wake the worker.
 * A hidden page's timers run at least once a second (Chromium spares a page with an open
 * RTCPeerConnection its harder throttling), so a phone merely put aside keeps beating. The
 * beats start only once the channel opened; the app never sees them.
 *
 * The screen: {op: "awake", on} while a table of phones plays (the app says when), the page
 * asks for a screen wake lock (navigator.wakeLock.request("screen")), lets it go when the
 * page is hidden (the browser releases it then anyway) and asks again when it is shown while
 * the table still plays; {op: "awake", on: false} releases it. A browser without the API, or
 * one that refuses it, is told once as "awake-failed" {reason}; the root element has the class
 * "no-wake-lock" where the API is missing (Settings says so).
 *
 * The scanner: {op: "scan", into} opens the rear camera, shows it muted in the element of id
 * `into` (found again if the app redraws it) and reads QR codes about 6 times a second, with
 * BarcodeDetector where the browser has one that reads QR codes, else with jsQR (loaded from
 * vendor/jsQR.js on first use: a static file of the site, so nothing inline, nothing fetched
 * from elsewhere). The first text read is told once ("scanned" {text}) and the camera stops;
 * {op: "scan-stop"} stops it; no camera, or the player refused it: "scan-failed" {reason}, in
 * a player's words. Any op that makes no sense (no such link, a bad shape) is dropped with a
 * console warning, never an error thrown into the page.
 */
/** @typedef {import("../../../types/page").NetOp} NetOp */
/** @typedef {import("../../../types/page").NetAction} NetAction */
/** @typedef {import("../../../types/page").NetEventData} NetEventData */
/** @typedef {import("../../../types/page").NetEvent} NetEvent */
/** A connection: its peer, its one data channel, how far it got, and when it last heard
 * and sent anything (Date.now()).
 * @typedef {{ pc: RTCPeerConnection, channel: RTCDataChannel | null, opened: boolean,
 *             done: boolean, grace: ReturnType<typeof setTimeout> | 0,
 *             heard: number, sent: number }} Link */
/** A function from the video to the text of a QR code in it ("" when none).
 * @typedef {(video: HTMLVideoElement) => string | Promise<string>} Read */
/** The scanner at work.
 * @typedef {{ into: string, stream: MediaStream | null, video: HTMLVideoElement | null,
 *             timer: ReturnType<typeof setTimeout> | 0, stopped: boolean,
 *             read: Read | null }} Scan */
(function () {
  "use strict";
  const GATHER_MS = 4000;  // the longest wait for candidates
  const GRACE_MS = 6000;   // "disconnected" this long: the connection is over
  const SCAN_EVERY_MS = 160;
  const SCAN_SIZE = 640;   // the largest side of the frame jsQR reads
  const NO_CAMERA = "The camera is not available: paste the code instead.";
  const BEAT = " ";        // the heartbeat's frame (no message of the app's is one space)
  const BEAT_MS = 2000;    // a beat when nothing else was sent for this long
  const SILENT_MS = 7000;  // nothing heard for this long: the other phone is gone
  const CHECK_MS = 1000;   // how often the channels are looked at
  /** @type {Map<number, Link>} */
  const links = new Map();  // link -> {pc, channel, opened, done, grace}

  /** @template {NetAction} A
   * @param {A} action
   * @param {NetEventData[A]} data */
  function tell(action, data) {
    if (window.tabletop && window.tabletop.tell) {
      // one of NetEvent's forms: the action's own data (tsc cannot pair them in a generic)
      window.tabletop.tell(/** @type {NetEvent} */ ({ kind: "net", action, data }));
    }
  }

  /** @param {unknown} e */
  function why(e) {
    return String((e && /** @type {{ message?: unknown }} */ (e).message) || e || "unknown error")
      .slice(0, 300);
  }

  /** The link is over: told as "close" (unless the app itself closed it) and forgotten.
   * @param {number} n
   * @param {Link} l
   * @param {boolean} quiet */
  function end(n, l, quiet) {
    if (l.done) return;
    l.done = true;
    clearTimeout(l.grace);
    if (links.get(n) === l) links.delete(n);
    try { if (l.channel) l.channel.close(); } catch (e) { /* already closed */ }
    try { l.pc.close(); } catch (e) { /* already closed */ }
    if (!quiet) tell("close", { link: String(n) });
  }

  /** @param {number} n
   * @param {Link} l
   * @param {string} reason */
  function fail(n, l, reason) {
    if (l.done) return;
    tell("failed", { link: String(n), reason });
    end(n, l, true);
  }

  /** @param {number} n
   * @param {string | undefined} stun
   * @returns {Link} */
  function make(n, stun) {
    const old = links.get(n);
    if (old) end(n, old, true);
    const servers = typeof stun === "string" && stun ? [{ urls: "stun:" + stun }] : [];
    const pc = new RTCPeerConnection({ iceServers: servers });
    /** @type {Link} */
    const l = { pc, channel: null, opened: false, done: false, grace: 0, heard: 0, sent: 0 };
    links.set(n, l);
    pc.addEventListener("connectionstatechange", () => {
      const s = pc.connectionState;
      if (s === "failed" || s === "closed") end(n, l, false);
      else if (s === "disconnected") {
        clearTimeout(l.grace);
        l.grace = setTimeout(() => {
          if (pc.connectionState === "disconnected") end(n, l, false);
        }, GRACE_MS);
      } else if (s === "connected") clearTimeout(l.grace);
    });
    return l;
  }

  /** @param {number} n
   * @param {Link} l
   * @param {RTCDataChannel} channel */
  function attach(n, l, channel) {
    if (l.done) { channel.close(); return; }
    l.channel = channel;
    const opened = () => {
      if (l.opened || l.done) return;
      l.opened = true;
      l.heard = l.sent = Date.now();
      beating();
      tell("open", { link: String(n) });
    };
    channel.addEventListener("open", opened);
    channel.addEventListener("message", (e) => {
      if (l.done) return;
      l.heard = Date.now();
      if (typeof e.data === "string" && e.data !== BEAT) {
        tell("message", { link: String(n), text: e.data });
      }
    });
    channel.addEventListener("close", () => end(n, l, false));
    if (channel.readyState === "open") opened();
  }

  /** The local description once ICE gathering is complete (or GATHER_MS have passed).
   * @param {RTCPeerConnection} pc
   * @returns {Promise<void>} */
  function gathered(pc) {
    return new Promise((resolve) => {
      if (pc.iceGatheringState === "complete") { resolve(); return; }
      const timer = setTimeout(resolve, GATHER_MS);
      const check = () => {
        if (pc.iceGatheringState === "complete") { clearTimeout(timer); resolve(); }
      };
      pc.addEventListener("icegatheringstatechange", check);
      pc.addEventListener("icecandidate", (e) => { if (!e.candidate) check(); });
    });
  }

  /** @param {number} n
   * @param {Link} l
   * @param {"offer" | "answer"} action */
  function describe(n, l, action) {
    return gathered(l.pc).then(() => {
      if (l.done) return;
      const sdp = l.pc.localDescription ? l.pc.localDescription.sdp : "";
      if (!/^a=candidate:/m.test(sdp)) {
        fail(n, l, "This phone found no network to connect through: join the same Wi-Fi " +
             "(or one phone's hotspot) and try again.");
        return;
      }
      tell(action, { link: String(n), sdp });
    });
  }

  /** @param {number} n
   * @param {NetOp} op */
  function offer(n, op) {
    const l = make(n, op.stun);
    attach(n, l, l.pc.createDataChannel("table", { ordered: true }));
    l.pc.createOffer()
      .then((d) => l.pc.setLocalDescription(d))
      .then(() => describe(n, l, "offer"))
      .catch((e) => fail(n, l, "This phone could not make an invitation (" + why(e) + ")."));
  }

  /** @param {number} n
   * @param {NetOp} op */
  function answer(n, op) {
    const l = make(n, op.stun);
    l.pc.addEventListener("datachannel", (e) => attach(n, l, e.channel));
    Promise.resolve()
      .then(() => l.pc.setRemoteDescription({ type: "offer", sdp: String(op.sdp || "") }))
      .then(() => l.pc.createAnswer())
      .then((d) => l.pc.setLocalDescription(d))
      .then(() => describe(n, l, "answer"))
      .catch((e) => fail(n, l, "This invitation could not be used (" + why(e) + ")."));
  }

  /** @param {number} n
   * @param {NetOp} op */
  function accept(n, op) {
    const l = links.get(n);
    if (!l) {
      tell("failed", { link: String(n), reason: "There is no invitation waiting for this answer." });
      return;
    }
    if (l.pc.signalingState !== "have-local-offer") {  // answered already: the first stands
      console.warn("net: link " + n + " has its answer already");
      return;
    }
    Promise.resolve()
      .then(() => l.pc.setRemoteDescription({ type: "answer", sdp: String(op.sdp || "") }))
      .catch((e) => fail(n, l, "This answer could not be used (" + why(e) + ")."));
  }

  /** @param {number} n
   * @param {NetOp} op */
  function send(n, op) {
    const l = links.get(n);
    if (!l || !l.channel || l.channel.readyState !== "open") return;  // as a closed channel
    try {
      l.channel.send(String(op.text));
      l.sent = Date.now();
    } catch (e) {
      fail(n, l, "A message could not be sent (" + why(e) + ").");
    }
  }

  // --- the heartbeat ---------------------------------------------------------------------

  /** @type {ReturnType<typeof setInterval> | 0} */
  let beats = 0;

  /* Every CHECK_MS while a channel is open: a beat where nothing was sent for BEAT_MS, and
   * the end of a channel silent for SILENT_MS. */
  function beating() {
    if (beats) return;
    beats = setInterval(() => {
      const now = Date.now();
      let open = 0;
      for (const [n, l] of Array.from(links)) {
        if (!l.opened || l.done || !l.channel) continue;
        if (now - l.heard > SILENT_MS) {
          console.warn("net: link " + n + " silent for " + (now - l.heard) + " ms: ended");
          end(n, l, false);
          continue;
        }
        open++;
        if (now - l.sent >= BEAT_MS && l.channel.readyState === "open") {
          try { l.channel.send(BEAT); l.sent = now; } catch (e) { /* its close will tell */ }
        }
      }
      if (!open) { clearInterval(beats); beats = 0; }
    }, CHECK_MS);
  }

  // --- the screen kept on -------------------------------------------------------------------

  let wanted = false;  // the app asked for the screen to stay on
  /** @type {WakeLockSentinel | null} */
  let sentinel = null;
  let asking = false;
  let toldFailure = false;
  const hasWakeLock = !!(navigator.wakeLock && typeof navigator.wakeLock.request === "function");
  document.documentElement.classList.toggle("no-wake-lock", !hasWakeLock);

  /** @param {string} reason */
  function cannot(reason) {
    if (toldFailure) return;  // said once: the table plays on all the same
    toldFailure = true;
    tell("awake-failed", { reason });
  }

  function lock() {
    if (!wanted || sentinel || asking || document.visibilityState !== "visible") return;
    if (!hasWakeLock) {
      cannot("This browser cannot keep the screen on: keep it awake in the phone's settings " +
             "during the game.");
      return;
    }
    asking = true;
    navigator.wakeLock.request("screen").then((s) => {
      asking = false;
      if (!wanted || document.visibilityState !== "visible") { s.release().catch(() => {}); return; }
      sentinel = s;
      s.addEventListener("release", () => { if (sentinel === s) sentinel = null; });
    }, (e) => {
      asking = false;
      cannot("The screen could not be kept on (" + why(e) + "): keep it awake in the " +
             "phone's settings during the game.");
    });
  }

  function unlock() {
    const s = sentinel;
    sentinel = null;
    if (s) s.release().catch(() => {});
  }

  /** @param {NetOp} op */
  function awake(op) {
    wanted = op.on === true;
    if (wanted) lock(); else unlock();
  }

  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") lock(); else unlock();
  });

  // --- the QR scanner ---------------------------------------------------------------------

  /** @type {Scan | null} */
  let scanning = null;  // {into, stream, video, timer, stopped, read}
  /** @type {Promise<JsQR> | null} */
  let jsqr = null;      // the promise of jsQR, loaded once

  /** @returns {Promise<JsQR>} */
  function loadJsQR() {
    if (window.jsQR) return Promise.resolve(window.jsQR);
    if (!jsqr) {
      jsqr = new Promise((resolve, reject) => {
        const s = document.createElement("script");
        s.src = "vendor/jsQR.js";
        s.onload = () => (window.jsQR ? resolve(window.jsQR)
          : reject(new Error("the QR reader did not load")));
        s.onerror = () => { jsqr = null; reject(new Error("the QR reader did not load")); };
        document.head.appendChild(s);
      });
    }
    return jsqr;
  }

  /** A function from the video to the text of a QR code in it ("" when none).
   * @returns {Promise<Read>} */
  function reader() {
    const viaJsQR = () => loadJsQR().then((decode) => {
      const canvas = document.createElement("canvas");
      const ctx = canvas.getContext("2d", { willReadFrequently: true });
      if (!ctx) throw new Error("this browser cannot read the camera's pictures");
      /** @type {Read} */
      const read = (video) => {
        const w = video.videoWidth, h = video.videoHeight;
        if (!w || !h) return "";
        const k = Math.min(1, SCAN_SIZE / Math.max(w, h));
        canvas.width = Math.round(w * k);
        canvas.height = Math.round(h * k);
        ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
        const img = ctx.getImageData(0, 0, canvas.width, canvas.height);
        const found = decode(img.data, img.width, img.height);
        return found ? found.data : "";
      };
      return read;
    });
    const Detector = window.BarcodeDetector;
    if (typeof Detector !== "function") return viaJsQR();
    return Promise.resolve(Detector.getSupportedFormats())
      .then((formats) => {
        if (formats.indexOf("qr_code") < 0) return viaJsQR();
        const detector = new Detector({ formats: ["qr_code"] });
        return (/** @type {HTMLVideoElement} */ video) => detector.detect(video)
          .then((codes) => (codes.length ? String(codes[0].rawValue || "") : ""));
      }, viaJsQR);
  }

  function stopScan() {
    const s = scanning;
    scanning = null;
    if (!s) return;
    s.stopped = true;
    clearTimeout(s.timer);
    if (s.stream) for (const t of s.stream.getTracks()) t.stop();
    if (s.video) { s.video.srcObject = null; s.video.remove(); }
  }

  /** @param {Scan} s
   * @param {string} reason */
  function scanFailed(s, reason) {
    if (scanning !== s) return;
    stopScan();
    tell("scan-failed", { reason });
  }

  /** Read one frame, then the next in SCAN_EVERY_MS.
   * @param {Scan} s */
  function tick(s) {
    const video = s.video, read = s.read;
    if (s.stopped || !video || !read) return;  // (tick starts once both are there)
    if (!video.isConnected) {  // the app drew the scanner's place again
      const holder = document.getElementById(s.into);
      if (holder) { holder.replaceChildren(video); video.play().catch(() => {}); }
    }
    const next = () => { if (!s.stopped) s.timer = setTimeout(() => tick(s), SCAN_EVERY_MS); };
    if (video.readyState < 2) { next(); return; }
    Promise.resolve().then(() => read(video)).then((text) => {
      if (s.stopped) return;
      if (text) {
        stopScan();
        tell("scanned", { text });
      } else next();
    }, (e) => { console.warn("scanner:", e); next(); });
  }

  /** @param {NetOp} op */
  function scan(op) {
    stopScan();
    /** @type {Scan} */
    const s = { into: String(op.into || ""), stream: null, video: null, timer: 0,
                stopped: false, read: null };
    scanning = s;
    const media = navigator.mediaDevices;
    if (!media || typeof media.getUserMedia !== "function") {
      Promise.resolve().then(() => scanFailed(s, NO_CAMERA));
      return;
    }
    media.getUserMedia({ video: { facingMode: "environment" }, audio: false })
      .then((stream) => {
        s.stream = stream;
        if (s.stopped) { for (const t of stream.getTracks()) t.stop(); return null; }
        const video = document.createElement("video");
        video.muted = true;
        video.playsInline = true;
        video.setAttribute("playsinline", "");
        video.autoplay = true;
        video.className = "scan-video";
        video.srcObject = stream;
        s.video = video;
        const holder = document.getElementById(s.into);
        if (holder) holder.replaceChildren(video);
        video.play().catch(() => {});
        return reader().then((read) => { s.read = read; tick(s); });
      })
      .catch((e) => {
        const refused = e && (e.name === "NotAllowedError" || e.name === "SecurityError");
        scanFailed(s, refused
          ? "The camera was not allowed: allow it in the browser's settings, or paste the " +
            "code instead."
          : NO_CAMERA);
      });
  }

  // --- ops from the app ---------------------------------------------------------------------

  /** @type {{ [op: string]: (n: number, op: NetOp) => void }} */
  const LINK_OPS = { offer, answer, accept, send, close: (n) => {
    const l = links.get(n);
    if (l) end(n, l, true);
  } };

  /** @param {NetOp} op */
  function carry(op) {
    try {
      if (!op || typeof op !== "object") throw new Error("not an op");
      if (op.op === "scan") { scan(op); return; }
      if (op.op === "scan-stop") { stopScan(); return; }
      if (op.op === "awake") { awake(op); return; }
      const run = Object.prototype.hasOwnProperty.call(LINK_OPS, op.op) ? LINK_OPS[op.op] : null;
      if (!run) throw new Error("unknown op " + JSON.stringify(op.op));
      const link = op.link;
      if (typeof link !== "number" || !Number.isSafeInteger(link) || link < 0) {
        throw new Error("no link number");
      }
      if (!available()) {
        tell("failed", { link: String(link), reason: "This browser cannot connect phones." });
        return;
      }
      run(link, op);
    } catch (e) {
      console.warn("net op dropped:", why(e));
    }
  }

  /* The browser has WebRTC data channels (bridge.js says so in the device snapshot too). */
  function available() {
    return typeof RTCPeerConnection === "function" &&
      typeof RTCPeerConnection.prototype.createDataChannel === "function";
  }

  window.tabletopNet = { carry, available };
})();
