// @ts-check
/* What the message line points at is in view, at every table (it names no game).
 *
 * A board marks what its message points at with the class "hinted": the Hint's advice, a
 * guide step's cards, tiles and buttons. Whenever the marks change (another Hint, the next
 * step of a guide), this script brings them into the visible field: each scrolling area that
 * holds them (the table's field, which ends where the dock begins; the dock; a hand's strip)
 * scrolls as little as it takes to show them all, or the first of them if they cannot all be
 * shown at once. An area that pans and zooms its content itself (data-camera, such as a
 * floor plan) is asked to with an "attend" event whose detail is the element. The marks are
 * looked at once per change, so a player who scrolls away after that is left alone. With no
 * marks, an element with data-attend="<key>" is brought into view once per key ("since your
 * turn", at the start of a turn).
 *
 * A guided game follows what its step points at: after the redraw that answers a tap (bridge.js
 * says when it drew, and whether the batch answered the player), the marks that are not wholly
 * in view and uncovered (under the dock, the message line, the top bar, or scrolled off) are
 * brought into view, at once, in the same task as the redraw: nothing moves later, between the
 * moment a finger (or a test) finds the next thing to tap and the tap. Never while a pointer is
 * down, and never after a redraw the player did not ask for (a player who scrolls away is left
 * alone until the next tap).
 */
/** @typedef {HTMLElement | SVGElement} Marked an element of the page (a card may be SVG) */
(function () {
  "use strict";
  const MARGIN = 8;
  let shown = "";  // the marks last brought into view, as a key
  let frame = 0;
  /** the pointers down now: nothing moves under a finger
   * @type {Set<number>} */
  const down = new Set();
  document.addEventListener("pointerdown", (e) => { down.add(e.pointerId); }, true);
  for (const type of ["pointerup", "pointercancel"]) {
    document.addEventListener(type, (e) => {
      down.delete(/** @type {PointerEvent} */ (e).pointerId);
    }, true);
  }
  window.addEventListener("blur", () => down.clear());  // a release the page never saw

  // the marks and the message they go with (another Hint on the same card is looked at again)
  const keyOf = (/** @type {Marked[]} */ els) => els.map((el) => (el.dataset.card || el.dataset.testid ||
    el.getAttribute("aria-label") || el.textContent || "").trim().slice(0, 40)).join("|") +
    "#" + ((document.querySelector("[data-testid=message]") || {}).textContent || "");

  /** @param {Element} el */
  function scrollers(el) {
    /** @type {HTMLElement[]} */
    const out = [];
    for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) {
      const cs = getComputedStyle(e);
      const y = (cs.overflowY === "auto" || cs.overflowY === "scroll") &&
        e.scrollHeight > e.clientHeight + 1;
      const x = (cs.overflowX === "auto" || cs.overflowX === "scroll") &&
        e.scrollWidth > e.clientWidth + 1;
      if (x || y) out.push(e);
    }
    return out;
  }

  /** @param {Element[]} els */
  function union(els) {
    const rs = els.map((el) => el.getBoundingClientRect());
    return {
      top: Math.min(...rs.map((r) => r.top)), left: Math.min(...rs.map((r) => r.left)),
      bottom: Math.max(...rs.map((r) => r.bottom)), right: Math.max(...rs.map((r) => r.right)),
    };
  }

  /** Scroll ``area`` as little as it takes to show the box of ``els`` (or the first's).
   * @param {Element} area
   * @param {Element[]} els */
  function show(area, els) {
    const c = area.getBoundingClientRect();
    let r = union(els);
    if (r.bottom - r.top > c.height - 2 * MARGIN || r.right - r.left > c.width - 2 * MARGIN) {
      r = els[0].getBoundingClientRect();
    }
    if (r.top < c.top + MARGIN) area.scrollTop -= c.top + MARGIN - r.top;
    else if (r.bottom > c.bottom - MARGIN) {
      area.scrollTop += Math.min(r.bottom - c.bottom + MARGIN, r.top - c.top - MARGIN);
    }
    if (r.left < c.left + MARGIN) area.scrollLeft -= c.left + MARGIN - r.left;
    else if (r.right > c.right - MARGIN) {
      area.scrollLeft += Math.min(r.right - c.right + MARGIN, r.left - c.left - MARGIN);
    }
  }

  const drawn = (/** @type {string} */ sel) => /** @type {Marked[]} */ (
    [...document.querySelectorAll(sel)]).filter((el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 || r.height > 0;
  });

  /** ``els`` brought into view: a camera is asked, each scrolling area scrolls (innermost
   * first) as little as it takes.
   * @param {Element[]} els */
  function bring(els) {
    const cameras = new Set();
    for (const el of els) {
      const cam = el.closest("[data-camera]");
      if (cam && !cameras.has(cam)) {
        cameras.add(cam);
        cam.dispatchEvent(new CustomEvent("attend", { detail: el }));
      }
    }
    // the areas that scroll, innermost first, each with the marks it holds
    /** @type {Map<Element, Element[]>} */
    const areas = new Map();
    for (const el of els) {
      const held = el.closest("[data-camera]") || el;
      for (const area of scrollers(held)) {
        const list = areas.get(area) || [];
        areas.set(area, list);
        list.push(held);
      }
    }
    for (const [area, held] of areas) show(area, held);
  }

  /** ``el`` is wholly inside the screen and every area that clips it (a scrolling area, a
   * camera's view), and what lies at its centre is itself: nothing covers it.
   * @param {Element} el */
  function inView(el) {
    const r = el.getBoundingClientRect();
    const boxes = [{ top: 0, left: 0, bottom: innerHeight, right: innerWidth }];
    const cam = el.closest("[data-camera]");
    if (cam) boxes.push(cam.getBoundingClientRect());
    for (const area of scrollers(el)) boxes.push(area.getBoundingClientRect());
    for (const c of boxes) {
      if (r.top < c.top - 1 || r.left < c.left - 1 || r.bottom > c.bottom + 1 ||
          r.right > c.right + 1) return false;
    }
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && (hit === el || el.contains(hit));
  }

  function attend() {
    if (frame) cancelAnimationFrame(frame);
    frame = 0;
    if (down.size) return;  // looked at again on the next change, the finger lifted
    // the marks; else what asks to be seen when it first shows (data-attend: "since your
    // turn" at the start of a turn)
    let els = drawn(".hinted");
    let key = els.length ? keyOf(els) : "";
    if (!els.length) {
      els = drawn("[data-attend]");
      key = els.map((el) => "attend:" + el.dataset.attend).join("|");
    }
    if (key === shown) return;
    shown = key;
    if (els.length) bring(els);
  }

  /** A guided game's step, after the redraw that answered a tap: when some of its marks (what
   * to tap next) are not in view and uncovered, they are brought into view with the others, or,
   * if they cannot all be shown at once, the first of those hidden (not one already tapped). */
  function follow() {
    if (down.size || !document.querySelector("[data-testid=guide-bar]")) return;
    const els = drawn(".hinted");
    const hidden = els.filter((el) => !inView(el));
    if (hidden.length) bring([...hidden, ...els.filter((el) => !hidden.includes(el))]);
  }

  new MutationObserver(() => { if (!frame) frame = requestAnimationFrame(attend); })
    .observe(document.documentElement, { childList: true, subtree: true, characterData: true });
  // A redraw is looked at at once, in the task that drew it (not a frame later, when a tap may
  // already be on its way to what was there): new marks as ever, then a guide's marks again
  // after a tap.
  document.addEventListener("tabletop:drawn", (e) => {
    attend();
    const detail = /** @type {CustomEvent<{ tap?: boolean } | null>} */ (e).detail;
    if (detail && detail.tap) follow();
  });
})();
