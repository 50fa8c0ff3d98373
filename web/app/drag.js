// @ts-check
/* Drag and drop, and strips that keep their scroll, for every table (it names no game).
 *
 * Drag and drop. An enabled element with data-drag="<kind>" can be dragged onto an enabled
 * element with data-drop="<kind>" (the same kind). A drop is sent to the app as the tap it
 * stands for: {kind: "click", action: <the target's data-drop-action>, data: <the target's
 * data-*, plus each data-* of the dragged element as from<Name>, e.g. data-hand="3" as
 * fromHand>}. Tapping is untouched: a press that does not become a drag is an ordinary tap.
 *
 * When a press becomes a drag (pointer events, so touch, mouse and pen alike):
 *   - mouse: after the pointer moves 6 px with the button down;
 *   - touch and pen: after a move of 8 px in a direction the element does not scroll (its
 *     CSS touch-action: a hand strip's card with "pan-x" starts a drag with an upward move, so
 *     the strip still scrolls sideways; "pan-y" with a sideways move), or after a long press
 *     (350 ms without moving), then any move.
 * While dragging, a copy of the card (or of every pressed card of that kind, when the dragged
 * card is pressed: "drag the selected cards") is drawn above the finger so it does not hide
 * it, the target under the finger gets the class "drop-over", the source gets "dragging", the
 * root element "is-dragging", and a scrolling area scrolls when the finger nears its top or
 * bottom edge. Letting go elsewhere (or the browser taking the gesture over) drops nothing.
 *
 * Strips that keep their scroll. A region redrawn by the app is new HTML: an element with
 * data-keep-scroll="<name>" gets back the scroll position its namesake had before the redraw,
 * so a hand strip does not jump back to its start after a tap. An element with a non-empty
 * data-reveal="<token>" is scrolled into view inside its strip once per token (a card just
 * drawn).
 */
/** An element of a table: a button, or any element with data-* (a disabled one takes no drag).
 * @typedef {HTMLElement & { disabled?: boolean }} El */
/** A press on a draggable element that may become a drag.
 * @typedef {{ el: El, id: number, type: string, x0: number, y0: number, x: number, y: number,
 *             pans: string, timer: ReturnType<typeof setTimeout> | 0 }} Press */
/** A drag in progress: what is dragged, from where, its ghost and the target under it.
 * @typedef {{ kind: string, el: El, from: { [key: string]: string }, sources: El[],
 *             ghost: HTMLElement, over: El | null, id: number, mouse: boolean }} Drag */
(function () {
  "use strict";
  const root = document.documentElement;
  const MOUSE_PX = 6, TOUCH_PX = 8, LONG_MS = 350, EDGE_PX = 40, EDGE_STEP = 14;

  /* --- strips that keep their scroll ------------------------------------------------------ */
  /** @type {Map<string, [number, number]>} */
  const kept = new Map();  // name -> [scrollLeft, scrollTop]
  /** @type {Set<string>} */
  const revealed = new Set();

  document.addEventListener("scroll", (e) => {
    const el = /** @type {Partial<HTMLElement> | null} */ (e.target);  // or the document
    if (el && el.dataset && el.dataset.keepScroll) {
      kept.set(el.dataset.keepScroll, [el.scrollLeft || 0, el.scrollTop || 0]);
    }
  }, true);

  function restore() {
    for (const el of /** @type {NodeListOf<HTMLElement>} */ (
      document.querySelectorAll("[data-keep-scroll]"))) {
      const at = kept.get(el.dataset.keepScroll || "");
      if (at && (el.scrollLeft !== at[0] || el.scrollTop !== at[1])) {
        el.scrollLeft = at[0];
        el.scrollTop = at[1];
      }
    }
    for (const el of /** @type {NodeListOf<HTMLElement>} */ (
      document.querySelectorAll("[data-reveal]"))) {
      const token = el.dataset.reveal;
      if (!token || revealed.has(token)) continue;
      revealed.add(token);
      const strip = /** @type {HTMLElement | null} */ (el.closest("[data-keep-scroll]"));
      if (!strip) continue;
      const r = el.getBoundingClientRect(), s = strip.getBoundingClientRect();
      if (r.left < s.left) strip.scrollLeft -= s.left - r.left + 12;
      else if (r.right > s.right) strip.scrollLeft += r.right - s.right + 12;
      kept.set(strip.dataset.keepScroll || "", [strip.scrollLeft, strip.scrollTop]);
    }
  }
  new MutationObserver(restore).observe(document.documentElement,
                                        { childList: true, subtree: true });

  /* --- drag and drop -------------------------------------------------------------------------- */
  /** @type {Press | null} */
  let press = null;  // a press on a draggable element that may become a drag
  /** @type {Drag | null} */
  let drag = null;   // the drag in progress
  let quietUntil = 0;  // the click that follows a drop is not a tap

  /** @param {El} el */
  function dataOf(el) {
    /** @type {{ [key: string]: string }} */
    const out = {};
    for (const k of Object.keys(el.dataset)) out[k] = String(el.dataset[k]);
    return out;
  }

  /** @param {El} el */
  function fromData(el) {
    /** @type {{ [key: string]: string }} */
    const out = {};
    for (const k of Object.keys(el.dataset)) {
      out["from" + k.charAt(0).toUpperCase() + k.slice(1)] = String(el.dataset[k]);
    }
    return out;
  }

  function clear() {
    if (press && press.timer) clearTimeout(press.timer);
    press = null;
  }

  /** @param {number} x
   * @param {number} y
   * @returns {El | null} */
  function targetAt(x, y) {
    if (!drag) return null;
    const hit = document.elementFromPoint(x, y);
    const el = /** @type {El | null} */ (hit && hit.closest ? hit.closest("[data-drop]") : null);
    if (!el || el.disabled || el.dataset.drop !== drag.kind) return null;
    return el;
  }

  /** @param {Drag} drag
   * @param {number} x
   * @param {number} y */
  function place(drag, x, y) {
    const g = drag.ghost;
    // above the finger, so the finger does not hide the card; beside the arrow of a mouse
    const dy = drag.mouse ? 8 : -(g.offsetHeight + 28);
    const dx = drag.mouse ? 8 : -g.offsetWidth / 2;
    g.style.transform = "translate(" + Math.round(x + dx) + "px," + Math.round(y + dy) + "px)";
  }

  /** @param {Press} p
   * @param {number} x
   * @param {number} y */
  function start(p, x, y) {
    const kind = p.el.dataset.drag || "";
    const pressed = p.el.getAttribute("aria-pressed") === "true";
    /** @type {El[]} */
    const sources = pressed
      ? [.../** @type {NodeListOf<El>} */ (document.querySelectorAll('[data-drag="' + CSS.escape(kind) +
                                      '"][aria-pressed="true"]:not(:disabled)'))]
      : [p.el];
    const ghost = document.createElement("div");
    ghost.className = "drag-ghost";
    ghost.setAttribute("aria-hidden", "true");
    for (const s of sources) {
      const face = /** @type {Element} */ ((s.querySelector(".card") || s).cloneNode(true));
      for (const el of [face, ...face.querySelectorAll("[data-card],[data-key]")]) {
        el.removeAttribute("data-card");  // data-card stays one element per card on the page
        el.removeAttribute("data-key");
      }
      ghost.appendChild(face);
    }
    document.body.appendChild(ghost);
    for (const s of sources) s.classList.add("dragging");
    root.classList.add("is-dragging");
    const d = drag = { kind, el: p.el, from: fromData(p.el), sources, ghost, over: null, id: p.id,
                       mouse: p.type === "mouse" };
    clear();
    place(d, x, y);
    over(d, x, y);
  }

  /** @param {Drag} drag
   * @param {number} x
   * @param {number} y */
  function over(drag, x, y) {
    const t = targetAt(x, y);
    if (t === drag.over) return;
    if (drag.over) drag.over.classList.remove("drop-over");
    drag.over = t;
    if (t) t.classList.add("drop-over");
  }

  /** Near the top or bottom edge of an area that scrolls: scroll it a little.
   * @param {number} x
   * @param {number} y */
  function edgeScroll(x, y) {
    let el = document.elementFromPoint(x, y);
    while (el && el !== document.body) {
      const st = getComputedStyle(el);
      if (/(auto|scroll)/.test(st.overflowY) && el.scrollHeight > el.clientHeight) {
        const r = el.getBoundingClientRect();
        if (y < r.top + EDGE_PX) el.scrollTop -= EDGE_STEP;
        else if (y > r.bottom - EDGE_PX) el.scrollTop += EDGE_STEP;
        return;
      }
      el = el.parentElement;
    }
  }

  /** @param {El | null} send the target it was dropped on */
  function end(send) {
    const d = drag;
    drag = null;
    clear();
    if (!d) return;
    d.ghost.remove();
    for (const s of d.sources) s.classList.remove("dragging");
    if (d.over) d.over.classList.remove("drop-over");
    root.classList.remove("is-dragging");
    quietUntil = d.mouse ? Date.now() + 400 : 0;  // a mouse's drop is followed by a click
    const t = send;
    if (!t || !t.dataset.dropAction) return;
    const data = Object.assign(dataOf(t), d.from);
    if (window.tabletop && window.tabletop.send) {
      window.tabletop.send({ kind: "click", action: t.dataset.dropAction, data, value: "" });
    }
  }

  document.addEventListener("pointerdown", (e) => {
    if (drag) return;
    if (e.pointerType === "mouse" && e.button !== 0) return;
    const target = /** @type {Partial<Element> | null} */ (e.target);
    const el = /** @type {El | null} */ (target && target.closest ? target.closest("[data-drag]")
      : null);
    if (!el || el.disabled) return;
    clear();
    /** @type {Press} */
    const p = { el, id: e.pointerId, type: e.pointerType, x0: e.clientX, y0: e.clientY,
                x: e.clientX, y: e.clientY, pans: getComputedStyle(el).touchAction || "auto",
                timer: 0 };
    if (e.pointerType !== "mouse") {
      p.timer = setTimeout(() => { if (press === p) start(p, p.x, p.y); }, LONG_MS);
    }
    press = p;
  });

  document.addEventListener("pointermove", (e) => {
    if (drag) {
      if (e.pointerId !== drag.id) return;
      place(drag, e.clientX, e.clientY);
      over(drag, e.clientX, e.clientY);
      edgeScroll(e.clientX, e.clientY);
      return;
    }
    const p = press;
    if (!p || e.pointerId !== p.id) return;
    p.x = e.clientX;
    p.y = e.clientY;
    const dx = Math.abs(p.x - p.x0), dy = Math.abs(p.y - p.y0);
    if (p.type === "mouse") {
      if (dx > MOUSE_PX || dy > MOUSE_PX) start(p, p.x, p.y);
      return;
    }
    if (dx <= TOUCH_PX && dy <= TOUCH_PX) return;
    const panX = /pan-x|auto|manipulation/.test(p.pans);
    const panY = /pan-y|auto|manipulation/.test(p.pans);
    if ((dy > dx && !panY) || (dx > dy && !panX)) start(p, p.x, p.y);
    else clear();  // a scroll: the browser's
  });

  document.addEventListener("pointerup", (e) => {
    if (drag && e.pointerId === drag.id) {
      end(targetAt(e.clientX, e.clientY));
      return;
    }
    if (press && e.pointerId === press.id) clear();
  });
  document.addEventListener("pointercancel", (e) => {
    if (drag && e.pointerId === drag.id) end(null);
    else if (press && e.pointerId === press.id) clear();
  });
  // while a finger drags, the page does not scroll under it; no menu after a long press
  document.addEventListener("touchmove", (e) => { if (drag) e.preventDefault(); },
                            { passive: false });
  document.addEventListener("contextmenu", (e) => { if (drag || press) e.preventDefault(); });
  // the click a drop leaves behind is not a tap (captured before the bridge's listener)
  document.addEventListener("click", (e) => {
    if (Date.now() < quietUntil) { e.stopPropagation(); e.preventDefault(); quietUntil = 0; }
  }, true);
})();
