/* Cube Farm: pan and zoom the floor plan on the page's own thread (Python never sees a pointer
 * move). One CSS transform on #cf-svg is the whole camera; the board's HTML is redrawn by Python
 * whenever the game changes and the camera is put back on it at once (a MutationObserver runs
 * before the next paint). #cf-svg's data-key changes when a new table starts (fit it again);
 * data-focus is the middle of the last card laid (the view follows it). Drag to pan, pinch or
 * wheel to zoom, the + − ⤢ buttons, and arrow keys / + - 0 on the focused viewport. A drag
 * never counts as a tap on a square. window.cubeFarmCam is exposed for tests and benchmarks.
 */
(function () {
  "use strict";
  const cam = { x: 0, y: 0, k: 1, key: null, focus: null };
  const MIN_K = 0.15, MAX_K = 3, COMFORT = 1;
  const ptrs = new Map();
  let start = null, dragged = false, frame = 0;

  const view = () => document.getElementById("cf-view");
  const svg = () => document.getElementById("cf-svg");

  function apply() {
    frame = 0;
    const s = svg();
    if (s) s.style.transform = "translate(" + cam.x.toFixed(1) + "px," + cam.y.toFixed(1) +
      "px) scale(" + cam.k.toFixed(4) + ")";
  }
  function schedule() { if (!frame) frame = requestAnimationFrame(apply); }

  function size() {
    const v = view();
    return v ? [v.clientWidth, v.clientHeight] : [360, 300];
  }
  function fitK() {
    const s = svg(); if (!s) return 1;
    const [vw, vh] = size();
    const w = +s.getAttribute("width"), h = +s.getAttribute("height");
    return Math.max(MIN_K, Math.min(MAX_K, vw / w, vh / h));
  }
  function centre(px, py) {
    const [vw, vh] = size();
    cam.x = vw / 2 - px * cam.k; cam.y = vh / 2 - py * cam.k;
  }
  function focusPoint(s) {
    const f = (s.dataset.focus || "0,0").split(",").map(Number);
    return f;
  }
  function fit() {
    const s = svg(); if (!s) return;
    cam.k = fitK();
    centre(+s.getAttribute("width") / 2, +s.getAttribute("height") / 2);
    apply();
  }
  function zoomAt(factor, cx, cy) {
    const k = Math.max(MIN_K, Math.min(MAX_K, cam.k * factor));
    const f = k / cam.k;
    cam.x = cx - (cx - cam.x) * f; cam.y = cy - (cy - cam.y) * f; cam.k = k;
    schedule();
  }
  function sync() {
    const s = svg(); if (!s) return;
    const key = s.dataset.key || "";
    if (key !== cam.key) {
      cam.key = key;
      if (s.dataset.fit) { cam.focus = s.dataset.focus; fit(); return; }  // a scored hand
      const fk = fitK();
      cam.k = fk > COMFORT ? Math.min(fk, 1.6) : COMFORT;  // a square stays a 48 px target
      const f = focusPoint(s); centre(f[0], f[1]);
    } else if (s.dataset.focus !== cam.focus) {
      const f = focusPoint(s); centre(f[0], f[1]);
    }
    cam.focus = s.dataset.focus;
    apply();
  }

  new MutationObserver(sync).observe(document.documentElement, { childList: true, subtree: true });

  document.addEventListener("pointerdown", (e) => {
    const v = view();
    if (!v || !v.contains(e.target)) return;
    ptrs.set(e.pointerId, [e.clientX, e.clientY]);
    if (ptrs.size === 1) { start = [e.clientX, e.clientY]; dragged = false; }
  });
  document.addEventListener("pointermove", (e) => {
    if (!ptrs.has(e.pointerId)) return;
    const prev = ptrs.get(e.pointerId);
    const v = view(); if (!v) return;
    if (ptrs.size === 1) {
      if (!dragged && start && Math.hypot(e.clientX - start[0], e.clientY - start[1]) > 8) {
        dragged = true;
        try { v.setPointerCapture(e.pointerId); } catch (err) { /* gone */ }
      }
      if (dragged) { cam.x += e.clientX - prev[0]; cam.y += e.clientY - prev[1]; schedule(); }
    } else if (ptrs.size === 2) {
      dragged = true;
      const other = [...ptrs.entries()].find(([id]) => id !== e.pointerId)[1];
      const d0 = Math.hypot(prev[0] - other[0], prev[1] - other[1]);
      const d1 = Math.hypot(e.clientX - other[0], e.clientY - other[1]);
      const r = v.getBoundingClientRect();
      if (d0 > 0) zoomAt(d1 / d0, (e.clientX + other[0]) / 2 - r.left,
                         (e.clientY + other[1]) / 2 - r.top);
      cam.x += (e.clientX - prev[0]) / 2; cam.y += (e.clientY - prev[1]) / 2;
    }
    ptrs.set(e.pointerId, [e.clientX, e.clientY]);
  });
  const up = (e) => { ptrs.delete(e.pointerId); if (!ptrs.size) start = null; };
  document.addEventListener("pointerup", up);
  document.addEventListener("pointercancel", up);
  // a drag is not a tap: swallow its click before the bridge sees it
  window.addEventListener("click", (e) => {
    if (dragged && view() && view().contains(e.target)) {
      e.stopPropagation(); e.preventDefault(); dragged = false;
    }
  }, true);
  document.addEventListener("wheel", (e) => {
    const v = view();
    if (!v || !v.contains(e.target)) return;
    e.preventDefault();
    const r = v.getBoundingClientRect();
    zoomAt(Math.exp(-e.deltaY * 0.0015), e.clientX - r.left, e.clientY - r.top);
  }, { passive: false });
  document.addEventListener("click", (e) => {
    const b = e.target.closest ? e.target.closest("[data-cf-zoom]") : null;
    if (!b) return;
    const [vw, vh] = size();
    const what = b.dataset.cfZoom;
    if (what === "fit") fit(); else zoomAt(what === "in" ? 1.4 : 1 / 1.4, vw / 2, vh / 2);
  });
  document.addEventListener("keydown", (e) => {
    const v = view(); if (!v) return;
    const t = e.target;
    // Enter or Space on a cubicle of the plan (an SVG role=button) taps it
    if ((e.key === "Enter" || e.key === " ") && t && t.closest && t.closest("#cf-svg")
        && t.getAttribute && t.getAttribute("role") === "button") {
      e.preventDefault(); e.stopPropagation();
      t.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      return;
    }
    if (t !== v) return;
    const step = 60, [vw, vh] = size();
    const moves = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step],
                    ArrowDown: [0, -step] };
    if (moves[e.key]) { cam.x += moves[e.key][0]; cam.y += moves[e.key][1]; schedule(); }
    else if (e.key === "+" || e.key === "=") zoomAt(1.25, vw / 2, vh / 2);
    else if (e.key === "-") zoomAt(0.8, vw / 2, vh / 2);
    else if (e.key === "0") fit();
    else return;
    e.preventDefault(); e.stopPropagation();
  }, true);
  window.cubeFarmCam = { cam, fit, zoomAt, apply };
})();
