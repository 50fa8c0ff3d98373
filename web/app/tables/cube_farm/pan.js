// @ts-check
/* Cube Farm: pan and zoom the floor plan on the page's own thread (Python never sees a pointer
 * move). One CSS transform on #cf-svg is the whole camera; it is also kept in custom properties
 * (--cf-x, --cf-y, --cf-k) on the board's region, which outlives every redraw, so a floor just
 * drawn is already where the camera looks (the bridge measures card flights at once, before
 * this script's MutationObserver puts the camera back on the new plan).
 *
 * Where it looks (data-* of #cf-svg): data-key changes when a new table starts (look again);
 * data-focus is the middle of the player's own last card (the view keeps it in sight and never
 * follows the others' cards away from it); data-last the last card laid (shown if the player's
 * own card stays in view); data-spot a cubicle whose walks are shown (brought into view);
 * data-mine the box of the player's own cubicles ("My cubicles"); data-floor the cards' box
 * (Fit); data-fit a scored hand (the whole floor, for looking). A zoom this script picks itself never makes a square smaller than
 * a 44 px target; at a smaller zoom (Fit, a pinch) a tap on the plan zooms in there first.
 * Drag to pan, pinch or wheel to zoom, the + − ⤢ buttons, and arrow keys / + - 0 on the focused
 * viewport. A drag never counts as a tap on a square. window.cubeFarmCam is for tests.
 */
(function () {
  "use strict";
  const SQ = 48, TARGET = 44;  // SVG units per square; the smallest square a finger is given
  /** @type {{ x: number, y: number, k: number, key: string | null, focus: string | undefined | null,
   *            last: string | undefined | null, spot: string | null }} */
  const cam = { x: 0, y: 0, k: 1, key: null, focus: null, last: null, spot: null };
  const MIN_K = 0.15, MAX_K = 3, COMFORT = 1, MAX_PICK = 1.6;
  /** @type {Map<number, [number, number]>} */
  const ptrs = new Map();
  /** @type {[number, number] | null} */
  let start = null;
  let dragged = false, frame = 0;

  const view = () => document.getElementById("cf-view");
  const svg = () => /** @type {SVGSVGElement | null} */ (
    /** @type {Element | null} */ (document.getElementById("cf-svg")));
  /** What an event happened on (an element of the page, or null). @param {Event} e */
  const target = (e) => /** @type {Element | null} */ (e.target);
  /** A box [left, top, right, bottom] in SVG units (data-* as "l,t,r,b").
   * @typedef {number[]} Box */

  function apply() {
    frame = 0;
    const s = svg();
    if (!s) return;
    const x = cam.x.toFixed(1) + "px", y = cam.y.toFixed(1) + "px", k = cam.k.toFixed(4);
    s.style.transform = "translate(" + x + "," + y + ") scale(" + k + ")";
    const hold = document.getElementById("mt-board") || document.documentElement;
    hold.style.setProperty("--cf-x", x);
    hold.style.setProperty("--cf-y", y);
    hold.style.setProperty("--cf-k", k);
  }
  function schedule() { if (!frame) frame = requestAnimationFrame(apply); }

  function size() {
    const v = view();
    return v ? [v.clientWidth, v.clientHeight] : [360, 300];
  }
  /** The cards on the table (data-floor), else the whole plan with its margin.
   * @param {SVGSVGElement} s
   * @returns {Box} */
  function floorBox(s) {
    const b = nums(s.dataset.floor);
    return b.length === 4 ? b : [0, 0, Number(s.getAttribute("width")), Number(s.getAttribute("height"))];
  }
  function fitK() {
    const s = svg(); if (!s) return 1;
    const [vw, vh] = size(), b = floorBox(s);
    return Math.max(MIN_K, Math.min(MAX_K, (vw - 16) / (b[2] - b[0]), (vh - 16) / (b[3] - b[1])));
  }
  /** @param {number} px
   * @param {number} py */
  function centre(px, py) {
    const [vw, vh] = size();
    cam.x = vw / 2 - px * cam.k; cam.y = vh / 2 - py * cam.k;
  }
  const nums = (/** @type {string | undefined | null} */ text) => (text || "").split(",")
    .map(Number);
  function fit() {
    const s = svg(); if (!s) return;
    cam.k = Math.min(fitK(), MAX_PICK);
    const b = floorBox(s);
    centre((b[0] + b[2]) / 2, (b[1] + b[3]) / 2);
    apply();
  }
  /** A zoom picked by the app: the whole box if it fits, never a square under 44 px.
   * @param {number} w
   * @param {number} h */
  function pickK(w, h) {
    const [vw, vh] = size();
    return Math.max(TARGET / SQ, Math.min(MAX_PICK, (vw - 16) / w, (vh - 16) / h));
  }
  /** @param {number} factor
   * @param {number} cx
   * @param {number} cy */
  function zoomAt(factor, cx, cy) {
    const k = Math.max(MIN_K, Math.min(MAX_K, cam.k * factor));
    const f = k / cam.k;
    cam.x = cx - (cx - cam.x) * f; cam.y = cy - (cy - cam.y) * f; cam.k = k;
    schedule();
  }
  /** Is the box (SVG px) inside the view, with a margin?
   * @param {Box} b
   * @param {number} margin */
  function inside(b, margin) {
    const [vw, vh] = size();
    return cam.x + b[0] * cam.k >= margin && cam.y + b[1] * cam.k >= margin &&
      cam.x + b[2] * cam.k <= vw - margin && cam.y + b[3] * cam.k <= vh - margin;
  }
  /** Pan as little as it takes to show the box; ``keep`` (a point) must stay in view.
   * @param {Box} b
   * @param {number[] | null} keep */
  function reveal(b, keep) {
    const [vw, vh] = size();
    const m = 8, ox = cam.x, oy = cam.y;
    if (cam.x + b[0] * cam.k < m) cam.x = m - b[0] * cam.k;
    else if (cam.x + b[2] * cam.k > vw - m) cam.x = vw - m - b[2] * cam.k;
    if (cam.y + b[1] * cam.k < m) cam.y = m - b[1] * cam.k;
    else if (cam.y + b[3] * cam.k > vh - m) cam.y = vh - m - b[3] * cam.k;
    if (keep && !inside([keep[0] - SQ, keep[1] - SQ, keep[0] + SQ, keep[1] + SQ], 0)) {
      cam.x = ox; cam.y = oy;
    }
  }
  function mine() {
    const s = svg(); if (!s) return;
    const b = nums(s.dataset.mine);
    if (b.length !== 4) return;
    cam.k = pickK(b[2] - b[0], b[3] - b[1]);
    centre((b[0] + b[2]) / 2, (b[1] + b[3]) / 2);
    apply();
  }
  /* A card's flight just started by the page (bridge.js) on the plan: its translate was
   * measured in screen pixels, under the camera of before this redraw; in the plan a pixel is
   * 1/k of a unit, and if the camera moves now the flight must still start where it was on
   * the screen. Each flight is corrected once, before it is painted. */
  /** @type {WeakSet<Animation>} */
  const corrected = new WeakSet();
  /** @param {SVGSVGElement} s
   * @param {number} k
   * @param {number} dx
   * @param {number} dy */
  function correctFlights(s, k, dx, dy) {
    for (const a of document.getAnimations()) {
      // the bridge's flights are keyframe effects (Element.animate)
      const effect = /** @type {KeyframeEffect | null} */ (a.effect);
      const el = effect && effect.target;
      if (corrected.has(a) || !effect || !el || !s.contains(el) || !effect.getKeyframes) continue;
      corrected.add(a);
      const frames = effect.getKeyframes();
      const m = /translate\(([-\d.]+)px,\s*([-\d.]+)px\)/.exec(
        String(frames[0] && frames[0].transform));
      if (!m) continue;
      const x = +m[1] / k - dx / cam.k, y = +m[2] / k - dy / cam.k;
      effect.setKeyframes([{ transform: "translate(" + x.toFixed(1) + "px," + y.toFixed(1) +
                                           "px)" }, { transform: "translate(0px,0px)" }]);
    }
  }
  /* The table on a big screen (the public view on a landscape screen from 768 px: nobody's
   * fingers, the whole floor read from around the table): the whole floor, as large as it
   * fits (a square never under a finger's 44 px: then the plan pans), again whenever a card
   * makes it larger. */
  const BIG = "(min-width: 768px) and (orientation: landscape)";
  const BIG_K = 2.4;  // a square at most 115 px: the floor's few first cards not a poster
  let floorSeen = "";
  function bigTable() {
    return document.documentElement.dataset.public === "1" && matchMedia(BIG).matches;
  }
  function sync() {
    const s = svg(); if (!s) return;
    const was = [cam.x, cam.y, cam.k];
    const key = s.dataset.key || "";
    const f = nums(s.dataset.focus);
    if (bigTable()) {
      const floor = key + "|" + (s.dataset.floor || "") + "|" + size().join("x");
      if (floor !== floorSeen) {
        floorSeen = floor;
        cam.key = key;
        cam.k = Math.max(TARGET / SQ, Math.min(fitK(), BIG_K));  // a square still a target
        const b = floorBox(s);
        centre((b[0] + b[2]) / 2, (b[1] + b[3]) / 2);
      }
      apply();
      return;
    }
    floorSeen = "";
    if (key !== cam.key) {
      cam.key = key;
      // a scored hand: the whole floor, if its squares' numbers still read (a square never
      // under a finger's 44 px); else its middle at that size (Fit shows it all)
      if (s.dataset.fit) { fit(); if (cam.k * SQ < TARGET) { const b = floorBox(s);
        cam.k = TARGET / SQ; centre((b[0] + b[2]) / 2, (b[1] + b[3]) / 2); } }
      else {
        cam.k = COMFORT;  // a square is a 48 px target, and as much floor as that leaves
        centre(f[0], f[1]);
      }
    } else if (s.dataset.focus !== cam.focus) {
      // the player laid a card: keep it in sight, without a jump if it already is
      if (!inside([f[0] - SQ, f[1] - SQ, f[0] + SQ, f[1] + SQ], 0)) centre(f[0], f[1]);
    } else if (s.dataset.last !== cam.last && s.dataset.last) {
      reveal(nums(s.dataset.last), f);  // another's card, if the player's own stays in view
    }
    if (s.dataset.spot && s.dataset.spot !== cam.spot) {  // a cubicle's walks: readable
      const b = nums(s.dataset.spot);
      if (cam.k * SQ < TARGET) { cam.k = COMFORT; centre((b[0] + b[2]) / 2, (b[1] + b[3]) / 2); }
      reveal(b, null);
    }
    cam.focus = s.dataset.focus;
    cam.last = s.dataset.last;
    cam.spot = s.dataset.spot || null;
    if (cam.k === was[2]) correctFlights(s, was[2], cam.x - was[0], cam.y - was[1]);
    apply();
  }

  addEventListener("resize", () => { if (bigTable()) sync(); });
  new MutationObserver(sync).observe(document.documentElement, { childList: true, subtree: true });

  /* What the message points at (web/app/attend.js asks): pan, and zoom in to a comfortable
   * size if the plan is smaller than a finger, as little as it takes to show it. */
  document.addEventListener("attend", (e) => {
    const v = view(), s = svg(), el = /** @type {CustomEvent<Element | null>} */ (e).detail;
    if (!v || !s || !v.contains(target(e)) || !el || !el.getBoundingClientRect) return;
    show(v, el);
  }, true);

  /** Where element ``el`` of the plan lies, in SVG units. An element of the SVG is measured
   * by its own box (getBBox) carried to the plan's units: Firefox's on-screen box of a ringed
   * cubicle is 200 to 296 px wide instead of 48, and the camera panned the ring out of view.
   * @param {Element} v @param {Element} el
   * @returns {Box} */
  function planBox(v, el) {
    const s = svg();
    if (s && el !== s && el instanceof SVGGraphicsElement) {
      const plan = s.getScreenCTM(), own = el.getScreenCTM();
      if (plan && own) {
        const to = plan.inverse().multiply(own), bb = el.getBBox();
        const xs = [], ys = [];
        for (const [x, y] of [[bb.x, bb.y], [bb.x + bb.width, bb.y + bb.height],
                              [bb.x + bb.width, bb.y], [bb.x, bb.y + bb.height]]) {
          const p = new DOMPoint(x, y).matrixTransform(to);
          xs.push(p.x); ys.push(p.y);
        }
        return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
      }
    }
    const r = el.getBoundingClientRect(), o = v.getBoundingClientRect();
    return [(r.left - o.left - cam.x) / cam.k, (r.top - o.top - cam.y) / cam.k,
            (r.right - o.left - cam.x) / cam.k, (r.bottom - o.top - cam.y) / cam.k];
  }

  /** Element ``el`` of the plan brought into the view ``v`` by the camera: panned to, and
   * zoomed in to a comfortable size first if the plan is smaller than a finger.
   * @param {Element} v @param {Element} el */
  function show(v, el) {
    const b = planBox(v, el);
    if (cam.k * SQ < TARGET) { cam.k = COMFORT; centre((b[0] + b[2]) / 2, (b[1] + b[3]) / 2); }
    reveal(b, null);
    apply();
  }

  /* The keyboard on a place or a cubicle of the plan: brought into view by the camera (the
   * browser would scroll the clipped view instead, and the plan would drift off its camera). */
  document.addEventListener("focusin", (e) => {
    const v = view(), s = svg(), el = target(e);
    if (!v || !s || !el || !s.contains(el)) return;
    // only the keyboard's focus: a tap's focus (or one that follows it) leaves the camera
    // where the player has it
    if (el instanceof Element && !el.matches(":focus-visible")) return;
    requestAnimationFrame(() => {
      v.scrollLeft = 0; v.scrollTop = 0;
      show(v, el);
    });
  });

  document.addEventListener("pointerdown", (e) => {
    const v = view();
    if (!v || !v.contains(target(e))) return;
    ptrs.set(e.pointerId, [e.clientX, e.clientY]);
    if (ptrs.size === 1) { start = [e.clientX, e.clientY]; dragged = false; }
  });
  document.addEventListener("pointermove", (e) => {
    const prev = ptrs.get(e.pointerId);
    if (!prev) return;
    const v = view(); if (!v) return;
    if (ptrs.size === 1) {
      if (!dragged && start && Math.hypot(e.clientX - start[0], e.clientY - start[1]) > 8) {
        dragged = true;
        try { v.setPointerCapture(e.pointerId); } catch (err) { /* gone */ }
      }
      if (dragged) { cam.x += e.clientX - prev[0]; cam.y += e.clientY - prev[1]; schedule(); }
    } else if (ptrs.size === 2) {
      dragged = true;
      const other = /** @type {[number, [number, number]]} */ (
        [...ptrs.entries()].find(([id]) => id !== e.pointerId))[1];
      const d0 = Math.hypot(prev[0] - other[0], prev[1] - other[1]);
      const d1 = Math.hypot(e.clientX - other[0], e.clientY - other[1]);
      const r = v.getBoundingClientRect();
      if (d0 > 0) zoomAt(d1 / d0, (e.clientX + other[0]) / 2 - r.left,
                         (e.clientY + other[1]) / 2 - r.top);
      cam.x += (e.clientX - prev[0]) / 2; cam.y += (e.clientY - prev[1]) / 2;
    }
    ptrs.set(e.pointerId, [e.clientX, e.clientY]);
  });
  const up = (/** @type {PointerEvent} */ e) => { ptrs.delete(e.pointerId); if (!ptrs.size) start = null; };
  document.addEventListener("pointerup", up);
  document.addEventListener("pointercancel", up);
  window.addEventListener("click", (e) => {
    const v = view();
    const t = target(e);
    if (!v || !v.contains(t)) return;
    // a drag is not a tap: swallow its click before the bridge sees it
    if (dragged) { e.stopPropagation(); e.preventDefault(); dragged = false; return; }
    // a square smaller than a finger: the first tap zooms in there, the next one acts
    const s = svg();
    if (s && t && s.contains(t) && t.closest("[data-action]") && e.detail !== 0 &&
        cam.k * SQ < TARGET) {
      e.stopPropagation(); e.preventDefault();
      const r = v.getBoundingClientRect();
      zoomAt(COMFORT / cam.k, e.clientX - r.left, e.clientY - r.top);
    }
  }, true);
  document.addEventListener("wheel", (e) => {
    const v = view();
    if (!v || !v.contains(target(e))) return;
    e.preventDefault();
    const r = v.getBoundingClientRect();
    zoomAt(Math.exp(-e.deltaY * 0.0015), e.clientX - r.left, e.clientY - r.top);
  }, { passive: false });
  document.addEventListener("click", (e) => {
    const t = /** @type {Partial<Element> | null} */ (e.target);
    const b = /** @type {HTMLElement | null} */ (t && t.closest ? t.closest("[data-cf-zoom]")
      : null);
    if (!b) return;
    const [vw, vh] = size();
    const what = b.dataset.cfZoom;
    if (what === "fit") fit();
    else if (what === "mine") mine();
    else zoomAt(what === "in" ? 1.4 : 1 / 1.4, vw / 2, vh / 2);
  });
  document.addEventListener("keydown", (e) => {
    const v = view(); if (!v) return;
    const t = /** @type {Partial<Element> | null} */ (e.target);
    // Enter or Space on a cubicle of the plan (an SVG role=button) taps it
    if ((e.key === "Enter" || e.key === " ") && t && t.closest && t.closest("#cf-svg")
        && t.getAttribute && t.getAttribute("role") === "button") {
      e.preventDefault(); e.stopPropagation();
      /** @type {Element} */ (t).dispatchEvent(new MouseEvent("click", { bubbles: true }));
      return;
    }
    if (t !== v) return;
    const step = 60, [vw, vh] = size();
    /** @type {{ [key: string]: [number, number] }} */
    const moves = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step],
                    ArrowDown: [0, -step] };
    const move = Object.prototype.hasOwnProperty.call(moves, e.key) ? moves[e.key] : null;
    if (move) { cam.x += move[0]; cam.y += move[1]; schedule(); }
    else if (e.key === "+" || e.key === "=") zoomAt(1.25, vw / 2, vh / 2);
    else if (e.key === "-") zoomAt(0.8, vw / 2, vh / 2);
    else if (e.key === "0") fit();
    else return;
    e.preventDefault(); e.stopPropagation();
  }, true);
  window.cubeFarmCam = { cam, fit, mine, zoomAt, apply };
})();
