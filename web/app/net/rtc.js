/* A table of phones, the page's part: WebRTC data channels and the camera (issue 36).
 *
 * The app's Python runs in a worker, where browsers have no RTCPeerConnection; it asks this
 * script by items ({net: {op, link, ...}}, carried by web/bridge.js) and hears back by the
 * page's "net" events (app.net.relay reads them). There is no signalling server: a link's
 * whole offer or answer is gathered here (every ICE candidate, no trickle) and handed to the
 * app, which packs it into a code for a QR code or a link; the other phone's code comes back
 * as a description to accept. No STUN or TURN server unless the player set one.
 *
 * The camera: frames of the rear camera are read for a QR code with the browser's
 * BarcodeDetector where it reads QR codes, else with jsQR (from the npm registry, served from
 * our own files: vendor/jsQR.js, loaded the first time it is needed), a few times a second,
 * until one is read.
 */
(function () {
  "use strict";
  const links = new Map();  // link number -> {pc, dc}
  const GATHER_MS = 4000;  // ICE gathering waited for at most this long
  const LOST_MS = 8000;  // "disconnected" this long: the channel is given up
  let scanning = null;  // {stream, video, timer}

  function tell(action, data) {
    const ev = { kind: "net", action: action, data: data };
    if (window.tabletop && window.tabletop.tell) window.tabletop.tell(ev);
  }

  function available() {
    return typeof RTCPeerConnection === "function" &&
      typeof RTCPeerConnection.prototype.createDataChannel === "function";
  }

  function config(stun) {
    return { iceServers: stun ? [{ urls: "stun:" + stun }] : [] };
  }

  /* The local description once every candidate is in it (or GATHER_MS have passed). */
  function gathered(pc) {
    if (pc.iceGatheringState === "complete") return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => { clearTimeout(timer); resolve(); };
      const timer = setTimeout(done, GATHER_MS);
      pc.addEventListener("icegatheringstatechange", () => {
        if (pc.iceGatheringState === "complete") done();
      });
    });
  }

  function watchChannel(n, dc) {
    const link = String(n);
    const entry = links.get(n);
    if (entry) entry.dc = dc;
    dc.onopen = () => tell("open", { link });
    dc.onmessage = (e) => { if (typeof e.data === "string") tell("message", { link, text: e.data }); };
    dc.onclose = () => closed(n);
  }

  function closed(n) {
    const entry = links.get(n);
    if (!entry) return;
    links.delete(n);
    try { entry.pc.close(); } catch (e) { /* already closed */ }
    tell("close", { link: String(n) });
  }

  function watchConnection(n, pc) {
    let lost = null;
    pc.addEventListener("connectionstatechange", () => {
      const s = pc.connectionState;
      if (s === "failed" || s === "closed") closed(n);
      else if (s === "disconnected") {
        clearTimeout(lost);
        lost = setTimeout(() => { if (pc.connectionState !== "connected") closed(n); }, LOST_MS);
      } else if (s === "connected") clearTimeout(lost);
    });
  }

  function failed(n, e) {
    tell("failed", { link: String(n), reason: String(e && e.message || e).slice(0, 200) });
  }

  function offer(op) {
    const n = op.link;
    const pc = new RTCPeerConnection(config(op.stun));
    links.set(n, { pc, dc: null });
    watchConnection(n, pc);
    watchChannel(n, pc.createDataChannel("table", { ordered: true }));
    pc.createOffer()
      .then((d) => pc.setLocalDescription(d))
      .then(() => gathered(pc))
      .then(() => tell("offer", { link: String(n), sdp: pc.localDescription.sdp }))
      .catch((e) => failed(n, e));
  }

  function answer(op) {
    const n = op.link;
    const pc = new RTCPeerConnection(config(op.stun));
    links.set(n, { pc, dc: null });
    watchConnection(n, pc);
    pc.ondatachannel = (e) => watchChannel(n, e.channel);
    pc.setRemoteDescription({ type: "offer", sdp: op.sdp })
      .then(() => pc.createAnswer())
      .then((d) => pc.setLocalDescription(d))
      .then(() => gathered(pc))
      .then(() => tell("answer", { link: String(n), sdp: pc.localDescription.sdp }))
      .catch((e) => failed(n, e));
  }

  function accept(op) {
    const entry = links.get(op.link);
    if (!entry) return;
    entry.pc.setRemoteDescription({ type: "answer", sdp: op.sdp })
      .catch((e) => failed(op.link, e));
  }

  function send(op) {
    const entry = links.get(op.link);
    if (entry && entry.dc && entry.dc.readyState === "open") entry.dc.send(op.text);
  }

  function close(op) {
    const entry = links.get(op.link);
    if (entry && entry.dc) entry.dc.close();
    closed(op.link);
  }

  /* --- the camera --- */
  function detector() {
    if (typeof BarcodeDetector !== "function") return jsQR().then(() => null);
    const formats = BarcodeDetector.getSupportedFormats ? BarcodeDetector.getSupportedFormats()
      : Promise.resolve([]);
    return formats.then((f) => (f.indexOf("qr_code") >= 0
      ? new BarcodeDetector({ formats: ["qr_code"] }) : jsQR().then(() => null)),
                        () => jsQR().then(() => null));
  }

  let decoder = null;  // jsQR, loaded once
  function jsQR() {
    if (typeof window.jsQR === "function") return Promise.resolve(window.jsQR);
    if (!decoder) {
      decoder = new Promise((resolve, reject) => {
        const s = document.createElement("script");
        s.src = "vendor/jsQR.js";
        s.onload = () => resolve(window.jsQR);
        s.onerror = () => { decoder = null; reject(new Error("no QR decoder")); };
        document.head.appendChild(s);
      });
    }
    return decoder;
  }

  function readFrame(video, canvas, found) {
    if (found) {
      return found.detect(video).then((codes) => (codes.length ? codes[0].rawValue : null),
                                       () => null);
    }
    if (typeof window.jsQR !== "function" || !video.videoWidth) return Promise.resolve(null);
    const w = video.videoWidth;
    const h = video.videoHeight;
    canvas.width = w;
    canvas.height = h;
    const ctx = canvas.getContext("2d", { willReadFrequently: true });
    ctx.drawImage(video, 0, 0, w, h);
    const code = window.jsQR(ctx.getImageData(0, 0, w, h).data, w, h,
                             { inversionAttempts: "dontInvert" });
    return Promise.resolve(code ? code.data : null);
  }

  function scanStop() {
    if (!scanning) return;
    clearTimeout(scanning.timer);
    for (const t of scanning.stream.getTracks()) t.stop();
    if (scanning.video.parentNode) scanning.video.remove();
    scanning = null;
  }

  function scan(op) {
    scanStop();
    const place = document.getElementById(op.into);
    if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia || !place) {
      tell("scan-failed", { reason: "The camera is not available here: paste the code instead." });
      return;
    }
    navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false })
      .then((stream) => detector().then((found) => {
        const video = document.createElement("video");
        video.muted = true;
        video.playsInline = true;
        video.setAttribute("playsinline", "");
        video.setAttribute("aria-label", "The camera's picture");
        video.srcObject = stream;
        const where = document.getElementById(op.into);
        if (where) where.appendChild(video);
        const canvas = document.createElement("canvas");
        scanning = { stream, video, timer: null };
        const mine = scanning;
        video.play().catch(() => {});
        const tick = () => {
          if (scanning !== mine) return;
          readFrame(video, canvas, found).then((text) => {
            if (scanning !== mine) return;
            if (text) { scanStop(); tell("scanned", { text }); return; }
            mine.timer = setTimeout(tick, 160);
          });
        };
        tick();
      }))
      .catch((e) => tell("scan-failed", { reason: "The camera could not be used (" +
        String(e && e.name || e) + "): paste the code instead." }));
  }

  const ops = { offer, answer, accept, send, close, scan, "scan-stop": scanStop };

  window.tabletopNet = {
    available,
    /* One op of the app's (web/bridge.js hands it over). */
    carry(op) {
      const f = ops[op && op.op];
      if (!f) return;
      try { f(op); } catch (e) { if (op.link) failed(op.link, e); else console.warn(e); }
    },
  };
  // the page goes away (a reload, the app closed): the other phones hear it at once
  window.addEventListener("pagehide", () => {
    for (const n of Array.from(links.keys())) close({ link: n });
  });
})();
