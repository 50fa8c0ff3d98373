"""The phone layout rules of the browser tests (``check_layout``: no sideways scrolling,
touch targets of at least 44 x 44 CSS px) and the screenshots they leave in ``SHOTS``
(``new_shots``, ``assert_phone_shots``: the ones a test wrote are PNGs of the phone's screen).
From tests/e2e/test_app_screens.py; the issue-21 measures below are the tools' and benchmarks'
too."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from scripts.lib.browser import PHONE, ROOT
from scripts.lib.pages import go, tap_el

SHOTS = ROOT / "build" / "screenshots"
# a screenshot of the phone's screen in device pixels (Playwright's default scale="device")
PHONE_SHOT = (PHONE["viewport"]["width"] * PHONE["device_scale_factor"],
              PHONE["viewport"]["height"] * PHONE["device_scale_factor"])


LAYOUT_JS = """() => {
    const doc = document.documentElement;
    const small = [];
    for (const el of document.querySelectorAll(
            'button, a[href], select, input, textarea, [role=switch], [tabindex]')) {
        if (el.closest('.rules-text')) continue;  // links inside running text are exempt
        // a heading the focus goes to is a focus target, not a control
        if (el.tabIndex < 0 && /^H[1-6]$/.test(el.tagName)) continue;
        const r = el.getBoundingClientRect();
        const cs = getComputedStyle(el);
        if (r.width === 0 || r.height === 0 || cs.visibility === 'hidden') continue;
        if (r.width < 43.5 || r.height < 43.5) {
            small.push(`${el.tagName} ${el.dataset.testid || el.id || el.textContent.trim()
                .slice(0, 20)} ${Math.round(r.width)}x${Math.round(r.height)}`);
        }
    }
    return {scroll: doc.scrollWidth, width: window.innerWidth, small,
            bg: getComputedStyle(document.body).backgroundColor};
}"""


def check_layout(page: Any, name: str) -> str:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))
    m = page.evaluate(LAYOUT_JS)
    assert m["scroll"] <= m["width"], f"{name}: sideways scrolling ({m['scroll']} > {m['width']})"
    assert m["small"] == [], f"{name}: touch targets under 44 x 44: {m['small']}"
    bg: str = m["bg"]
    return bg


def new_shots(*names: str) -> list[Path]:
    """The files :func:`check_layout` will write screenshots ``names`` to, any older ones
    removed (so that :func:`assert_phone_shots` sees the ones written since)."""
    paths = [SHOTS / f"{name}.png" for name in names]
    for path in paths:
        path.unlink(missing_ok=True)
    return paths


def png_size(path: Path) -> tuple[int, int]:
    """The width and height of PNG file ``path`` (its header's IHDR chunk)."""
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR", f"{path}: not a PNG"
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def assert_phone_shots(paths: list[Path]) -> None:
    """Each of ``paths`` (:func:`new_shots`) was written: a PNG of the whole phone screen."""
    for path in paths:
        assert path.is_file(), f"no screenshot {path.name}"
        assert png_size(path) == PHONE_SHOT, f"{path.name}: {png_size(path)}, not {PHONE_SHOT}"


# --- issue 21: contrast of every text, small targets, what a table's dock shows --------------
#
# JavaScript evaluated by Playwright (``page.evaluate``), as Python strings, and thin wrappers.
# Shared by tests/e2e/test_table_frame.py, scripts/bench/tables.py, scripts/screenshots.py and
# scripts/screenshots_xbrowser.py.

# Colour helpers shared by the snippets below (a function body, not a script: the app's
# Content-Security-Policy does not apply to page.evaluate).
_COLOUR_JS = r"""
  const parse = (s) => {
    const m = /rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)/
      .exec(s || '');
    if (!m) return null;
    let a = m[4] === undefined ? 1 : m[4].endsWith('%') ? parseFloat(m[4]) / 100 : +m[4];
    return [+m[1], +m[2], +m[3], a];
  };
  // premultiplied layers: paint colour c (alpha a) over group g
  const over = (g, c, a) => [c[0] * a + g[0] * (1 - a), c[1] * a + g[1] * (1 - a),
                             c[2] * a + g[2] * (1 - a), a + g[3] * (1 - a)];
  // close group g (opacity o) onto its parent p
  const close = (p, g, o) => [g[0] * o + p[0] * (1 - g[3] * o), g[1] * o + p[1] * (1 - g[3] * o),
                              g[2] * o + p[2] * (1 - g[3] * o), 1];
  const lum = (c) => {
    const ch = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * ch(c[0]) + 0.7152 * ch(c[1]) + 0.0722 * ch(c[2]);
  };
  const ratio = (a, b) => {
    const x = lum(a), y = lum(b);
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
  };
  const css = (c) => `rgb(${c.slice(0, 3).map(v => Math.round(v)).join(',')})`;
  const path = (el) => {
    const parts = [];
    for (let e = el; e && e !== document.body && parts.length < 5; e = e.parentElement) {
      let p = e.tagName.toLowerCase();
      if (e.id) { parts.unshift(p + '#' + e.id); break; }
      if (e.dataset && e.dataset.testid) p += `[data-testid=${e.dataset.testid}]`;
      else if (typeof e.className === 'string' && e.className.trim())
        p += '.' + e.className.trim().split(/\s+/).slice(0, 2).join('.');
      parts.unshift(p);
    }
    return parts.join(' > ');
  };
"""

# (a) WCAG 2 contrast of every visible text node against its real background. The text's
# pixel and the background's are composited from the root down: every ancestor's background
# colour (alpha included) is painted in turn, an ancestor with opacity < 1 is a group
# composited onto what is under it, and the text colour (its alpha too; an SVG text's fill)
# is painted last. The canvas under the root is the root's background or, if transparent,
# white (dark grey when the root's color-scheme is dark only). A background-image gradient
# counts with its worst colour stop (every stop is tried); any other background image (url())
# makes the text "unknown". SVG text: the SVG shape under it (with a solid
# fill; the last one painted before the text whose box holds its centre) is its background,
# over the HTML background of the <svg>. Disabled controls
# (disabled, aria-disabled="true") are exempt; screen-reader-only text (clipped, 1 px) and
# invisible text (visibility, opacity 0, zero size, display none) is skipped. Large text
# (>= 24 px, or >= 18.66 px and bold) needs 3:1, other text 4.5:1.
# Returns {checked, failures: [{text, path, fg, bg, ratio, need, px, weight}], lowest,
# lowest_at, worst_margin, unknown: [{text, path, why}], exempt}.
CONTRAST_JS = "() => {" + _COLOUR_JS + r"""
  const root = document.documentElement;
  const rootBg = parse(getComputedStyle(root).backgroundColor);
  const bodyBg = parse(getComputedStyle(document.body).backgroundColor);
  let canvas = [255, 255, 255, 1];
  if (getComputedStyle(root).colorScheme.trim() === 'dark') canvas = [18, 18, 18, 1];
  if (rootBg && rootBg[3] > 0) canvas = over(canvas, rootBg, rootBg[3]);
  else if (bodyBg && bodyBg[3] > 0) canvas = over(canvas, bodyBg, bodyBg[3]);  // propagated
  const srOnly = (el) => {
    for (let e = el; e && e !== root; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (cs.clip && cs.clip !== 'auto' && /rect\(0(px)?[ ,]/.test(cs.clip)) return true;
      if (/inset\(50%/.test(cs.clipPath)) return true;
      if (cs.position === 'absolute' && cs.overflow === 'hidden') {
        const r = e.getBoundingClientRect();
        if (r.width <= 1 && r.height <= 1) return true;
      }
    }
    return false;
  };
  const GRAD = /gradient\(/;
  // layers from the root down to el: [{bg, grads: [colour...] | null, opacity, url}]
  const chain = (el) => {
    const out = [];
    for (let e = el; e; e = e.parentElement) {
      if (e instanceof SVGElement && !(e instanceof SVGSVGElement)) continue;
      const cs = getComputedStyle(e);
      const img = cs.backgroundImage;
      let grads = null, url = false;
      if (img && img !== 'none') {
        if (/url\(/.test(img)) url = true;
        if (GRAD.test(img)) {
          grads = [];
          const re = /rgba?\([^)]*\)/g;
          let m;
          while ((m = re.exec(img))) grads.push(parse(m[0]));
          if (!grads.length) url = true;
        }
      }
      out.unshift({bg: e === root ? null : parse(cs.backgroundColor), grads, url,
                   opacity: parseFloat(cs.opacity)});
    }
    return out;
  };
  // composite: choice[i] = the gradient stop used for the i-th gradient layer
  const paint = (layers, choice, text) => {
    const stack = [];
    let g = canvas.slice();
    let k = 0;
    for (const L of layers) {
      if (L.opacity < 1) { stack.push([g, L.opacity]); g = [0, 0, 0, 0]; }
      if (L.bg && L.bg[3] > 0) g = over(g, L.bg, L.bg[3]);
      if (L.grads) { const c = L.grads[choice[k++]]; if (c && c[3] > 0) g = over(g, c, c[3]); }
    }
    if (text) g = over(g, text, text[3]);
    while (stack.length) { const [p, o] = stack.pop(); g = close(p, g, o); }
    return g;
  };
  // the topmost SVG shape painted before the text (document order) whose box holds the
  // text's centre, with a solid fill
  const svgUnder = (el, r) => {
    const svg = el.closest('svg');
    if (!svg) return null;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    let found = null;
    for (const e of svg.querySelectorAll('rect, circle, ellipse, path, polygon')) {
      if (el.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING) break;
      const b = e.getBoundingClientRect();
      if (x < b.left || x > b.right || y < b.top || y > b.bottom) continue;
      const cs = getComputedStyle(e);
      if (cs.visibility === 'hidden' || cs.display === 'none') continue;
      const f = parse(cs.fill);
      const a = f ? f[3] * parseFloat(cs.fillOpacity) * parseFloat(cs.opacity) : 0;
      if (a > 0.5) found = [f[0], f[1], f[2], a];
    }
    return found;
  };
  const res = {checked: 0, failures: [], lowest: null, lowest_at: null, worst_margin: null,
               unknown: [], exempt: 0};
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.nodeValue.trim();
    if (!text) continue;
    const el = n.parentElement;
    if (!el) continue;
    if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'TITLE'].includes(el.tagName)) continue;
    if (el.checkVisibility && !el.checkVisibility({opacityProperty: true,
                                                   visibilityProperty: true})) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    const r = range.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    if (srOnly(el)) continue;
    if (el.closest(':disabled, [aria-disabled="true"]')) { res.exempt += 1; continue; }
    const cs = getComputedStyle(el);
    const isSvg = el instanceof SVGElement;
    let fg = parse(isSvg ? cs.fill : cs.color);
    if (!fg && isSvg) fg = parse(cs.color);
    if (!fg) { res.unknown.push({text: text.slice(0, 40), path: path(el), why: 'colour ' +
                                 (isSvg ? cs.fill : cs.color)}); continue; }
    if (isSvg) fg[3] *= parseFloat(cs.fillOpacity);
    if (fg[3] === 0) continue;  // transparent text: painted some other way
    const htmlEl = isSvg ? el.closest('svg') || el : el;
    const layers = chain(htmlEl);
    if (layers.some(L => L.url)) {
      res.unknown.push({text: text.slice(0, 40), path: path(el), why: 'background image'});
      continue;
    }
    if (isSvg) {  // a shape under the text is the nearest background
      const shape = svgUnder(el, r);
      if (shape) layers.push({bg: shape, grads: null, url: false, opacity: 1});
    }
    for (let e = el; e && e !== htmlEl; e = e.parentElement) {  // SVG groups' opacity
      const o = parseFloat(getComputedStyle(e).opacity);
      if (o < 1) fg[3] *= o;
    }
    const gradSizes = layers.filter(L => L.grads).map(L => L.grads.length);
    const choices = [[]];
    for (const size of gradSizes) {
      const next = [];
      for (const c of choices) for (let i = 0; i < size; i++) next.push(c.concat([i]));
      choices.splice(0, choices.length, ...next.slice(0, 256));
    }
    const px = parseFloat(cs.fontSize), weight = parseInt(cs.fontWeight, 10) || 400;
    const large = px >= 24 || (px >= 18.66 && weight >= 700);
    const need = large ? 3 : 4.5;
    let worst = null;
    for (const choice of choices) {
      const bg = paint(layers, choice, null), px_ = paint(layers, choice, fg);
      const q = ratio(px_, bg);
      if (!worst || q < worst.ratio) worst = {ratio: q, fg: css(px_), bg: css(bg)};
    }
    res.checked += 1;
    const q = Math.round(worst.ratio * 100) / 100;
    if (res.lowest === null || q < res.lowest) {
      res.lowest = q;
      res.lowest_at = {text: text.slice(0, 40), path: path(el), fg: worst.fg, bg: worst.bg};
    }
    const margin = worst.ratio / need;
    if (res.worst_margin === null || margin < res.worst_margin) res.worst_margin = margin;
    if (worst.ratio < need - 0.005) {
      res.failures.push({text: text.slice(0, 40), path: path(el), fg: worst.fg, bg: worst.bg,
                         ratio: q, need, px, weight});
    }
  }
  return res;
}"""

# (b) Interactive targets (button, a[href], select, input, [role=button], [tabindex="0"])
# rendered and visible, smaller than 44 x 44 CSS px (43.5 allows for rounding). Inline links
# inside running text (an inline <a> whose block has text of its own around it) are exempt, as
# WCAG 2.5.5 exempts them; so are native disabled controls and hidden inputs.
# ``scope``: a CSS selector limiting the search (default the whole page).
SMALL_TARGETS_JS = "(scope) => {" + _COLOUR_JS + r"""
  const within = scope ? [...document.querySelectorAll(scope)] : [document];
  const out = [];
  const seen = new Set();
  const SEL = 'button, a[href], select, input, [role=button], [tabindex="0"]';
  const inText = (a) => {
    if (a.tagName !== 'A' || getComputedStyle(a).display !== 'inline') return false;
    const block = a.parentElement;
    if (!block) return false;
    const PHRASE = ['B', 'I', 'EM', 'STRONG', 'CODE', 'SMALL', 'SPAN', 'ABBR', 'KBD', 'Q'];
    const own = [...block.childNodes].filter(c => c !== a && (c.nodeType === 3 ||
      (c.nodeType === 1 && PHRASE.includes(c.tagName) &&
       getComputedStyle(c).display === 'inline' && c.getBoundingClientRect().width > 1)))
      .map(c => c.textContent).join('').trim();
    return own.length > 0;
  };
  for (const s of within) for (const el of s.querySelectorAll(SEL)) {
    if (seen.has(el)) continue;
    seen.add(el);
    if (el.matches(':disabled') || (el.tagName === 'INPUT' && el.type === 'hidden')) continue;
    if (el.checkVisibility && !el.checkVisibility({opacityProperty: true,
                                                   visibilityProperty: true})) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (inText(el)) continue;
    if (r.width < 43.5 || r.height < 43.5) {
      out.push({path: path(el), text: (el.getAttribute('aria-label') || el.textContent || '')
                .trim().slice(0, 30), width: Math.round(r.width * 10) / 10,
                height: Math.round(r.height * 10) / 10});
    }
  }
  return out;
}"""

# (c) What a table screen shows without scrolling the page: the document's scroll height
# against the viewport, and for every control of ``.table-dock`` (button, a[href], select,
# input, [role=button], [tabindex="0"]; rendered), the message line (p.msg: #mt-msg or
# #pm-msg) and the top bar's controls, whether it is fully inside the viewport. A control
# inside a strip that scrolls sideways (a hand) counts as in view when its top and bottom
# are and the strip itself is fully in view (it is one swipe away, in its own strip, not the
# page's). ``turn``: an optional CSS selector of the turn's controls for a screen without a
# dock (the "before" of the benchmark); it is used instead of ``.table-dock``'s controls.
# Returns {scroll_height, inner_height, inner_width, has_dock, controls: [{path, text, in_view,
# top, bottom, strip}], message: {text, rendered, in_view, top, bottom} | null, topbar: [...]}.
IN_VIEW_JS = "(turn) => {" + _COLOUR_JS + r"""
  const H = innerHeight, W = innerWidth, eps = 0.5;
  const SEL = 'button, a[href], select, input, [role=button], [tabindex="0"]';
  const fully = (r) => r.top >= -eps && r.left >= -eps && r.bottom <= H + eps &&
                       r.right <= W + eps;
  const stripOf = (el, stop) => {
    for (let e = el.parentElement; e && e !== stop && e !== document.body; e = e.parentElement) {
      const ox = getComputedStyle(e).overflowX;
      if ((ox === 'auto' || ox === 'scroll') && e.scrollWidth > e.clientWidth + 1) return e;
    }
    return null;
  };
  const look = (el, stop) => {
    const r = el.getBoundingClientRect();
    const strip = stripOf(el, stop);
    let ok = fully(r);
    if (!ok && strip) {
      const s = strip.getBoundingClientRect();
      ok = fully(s) && r.top >= s.top - eps && r.bottom <= s.bottom + eps;
    }
    return {path: path(el), text: (el.getAttribute('aria-label') || el.textContent || '')
              .trim().slice(0, 30), in_view: ok, top: Math.round(r.top),
            bottom: Math.round(r.bottom), strip: !!strip};
  };
  const rendered = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && (!el.checkVisibility ||
      el.checkVisibility({visibilityProperty: true}));
  };
  const dock = document.querySelector('.table-dock');
  let els = [];
  if (turn) els = [...document.querySelectorAll(turn)];
  else if (dock) els = [...dock.querySelectorAll(SEL)];
  const controls = els.filter(rendered).map(el => look(el, dock || document.body));
  const msgEl = document.querySelector('p.msg#mt-msg, p.msg#pm-msg, [data-testid=message]');
  let message = null;
  if (msgEl) {
    const r = msgEl.getBoundingClientRect();
    const shown = rendered(msgEl);
    message = {text: msgEl.textContent.trim(), rendered: shown,
               in_view: shown ? fully(r) : false, top: Math.round(r.top),
               bottom: Math.round(r.bottom)};
  }
  const bar = document.querySelector('header.topbar');
  const topbar = bar ? [...bar.querySelectorAll(SEL)].filter(rendered).map(el => look(el, bar))
                     : [];
  return {scroll_height: document.scrollingElement.scrollHeight, inner_height: H,
          inner_width: W, has_dock: !!dock, controls, message, topbar};
}"""


# The words of the tables under ``root`` broken across two lines ("Thr/ee"): a word whose
# box is split over two line tops (a break at a hyphen or dash is not a broken word). Spliced
# into the measuring functions of the rules pages' browser test and scripts/bench/rules.py.
BROKEN_WORDS_JS = r"""
function brokenWords(root) {
  const broken = [];
  for (const cell of root.querySelectorAll('td, th')) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      for (const m of n.nodeValue.matchAll(/[^\s\-‐–]+/g)) {
        const r = document.createRange();
        r.setStart(n, m.index); r.setEnd(n, m.index + m[0].length);
        if (new Set([...r.getClientRects()].map(b => Math.round(b.top))).size > 1) {
          broken.push(m[0]);
        }
      }
    }
  }
  return broken;
}
"""


def contrast(page: Any) -> dict[str, Any]:
    """:data:`CONTRAST_JS` on ``page``."""
    result: dict[str, Any] = page.evaluate(CONTRAST_JS)
    return result


def small_targets(page: Any, scope: str | None = None) -> list[dict[str, Any]]:
    """:data:`SMALL_TARGETS_JS` on ``page`` (within ``scope``, a CSS selector, if given)."""
    result: list[dict[str, Any]] = page.evaluate(SMALL_TARGETS_JS, scope)
    return result


def in_view(page: Any, turn: str | None = None) -> dict[str, Any]:
    """:data:`IN_VIEW_JS` on ``page``."""
    result: dict[str, Any] = page.evaluate(IN_VIEW_JS, turn)
    return result


def out_of_view(view: dict[str, Any]) -> list[str]:
    """What :func:`in_view` found out of the viewport: controls, the message (when it says
    something) and the top bar's controls, plus the page's own scrolling."""
    bad = [f"{c['path']} '{c['text']}' {c['top']}..{c['bottom']}"
           for c in view["controls"] + view["topbar"] if not c["in_view"]]
    m = view["message"]
    if m is not None and m["text"] and not m["in_view"]:
        bad.append(f"message '{m['text'][:40]}' {m['top']}..{m['bottom']}")
    if view["scroll_height"] > view["inner_height"]:
        bad.append(f"the page scrolls: {view['scroll_height']} > {view['inner_height']}")
    return bad


# --- the start of the player's turn at each table ---------------------------------------------

# Where each table is opened, and what says that it is the player's turn (before and after the
# table frame alike).
TURNS: dict[str, tuple[str, str]] = {
    "machiavelli": ("#/machiavelli/deal/7?seats=you,standard,standard",
                    "[data-testid=m-table].live"),
    "machine": ("#/machine/deal/7?seats=you,standard", "[data-testid=mm-table].live"),
    "cube-farm": ("#/cube-farm/deal/7?seats=you,standard", "[data-testid=cf-table].live"),
    "perpetual-motion": ("#/perpetual-motion/deal/7", "[data-testid=deal]:not([disabled])"),
}
IDLE_JS = """() => {
    const d = document.documentElement.dataset;
    return d.busy !== '1' && (d.handled || '0') === (d.sent || '0');
}"""


def wait_turn(page: Any, live: str, timeout: int = 120_000) -> None:
    """Wait until the app is idle and ``live`` (a CSS selector) is in the page."""
    page.wait_for_function(IDLE_JS, timeout=timeout)
    page.wait_for_function("s => !!document.querySelector(s)", arg=live, timeout=timeout)
    page.wait_for_function(IDLE_JS, timeout=timeout)


def open_turn(page: Any, game: str, hash_: str | None = None) -> None:
    """Open ``game``'s table by its link (:data:`TURNS`, or ``hash_``), starting that deal even
    over a game in progress, and wait for the start of the player's turn."""
    link, live = TURNS[game]
    go(page, "#/")
    go(page, hash_ or link)
    if page.get_by_test_id("offer").count():
        tap_el(page, page.get_by_test_id("open-deal").nth(0))
    wait_turn(page, live)


# --- what the message points at, in view (issue 35) -----------------------------------------

# Every element the message line points at (``.hinted``: a Hint's or a guide step's marks;
# with none, ``[data-attend]``: "since your turn" as a turn starts) must lie inside the
# visible field: inside the viewport, inside every ancestor that clips
# it (the table's field, a strip, the floor plan's view), and, unless it is in the dock
# itself, above the dock.
ATTENDED_JS = r"""() => {
  const eps = 1;
  const out = [];
  const dock = document.querySelector('.table-dock');
  const dockTop = dock ? dock.getBoundingClientRect().top : innerHeight;
  // the marks, else what asks to be seen when it shows ("since your turn": data-attend)
  let els = [...document.querySelectorAll('.hinted')];
  if (!els.some((el) => el.getBoundingClientRect().width > 0)) {
    els = [...document.querySelectorAll('[data-attend]')];
  }
  for (const el of els) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;  // not drawn (display: none)
    let box = {top: 0, left: 0, bottom: innerHeight, right: innerWidth};
    for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (cs.overflowX !== 'visible' || cs.overflowY !== 'visible') {
        const c = e.getBoundingClientRect();
        box = {top: Math.max(box.top, c.top), left: Math.max(box.left, c.left),
               bottom: Math.min(box.bottom, c.bottom), right: Math.min(box.right, c.right)};
      }
    }
    if (!(dock && dock.contains(el))) box.bottom = Math.min(box.bottom, dockTop);
    const ok = r.top >= box.top - eps && r.left >= box.left - eps &&
               r.bottom <= box.bottom + eps && r.right <= box.right + eps;
    const name = (el.getAttribute('aria-label') || el.dataset.testid || el.dataset.card ||
                  el.textContent || el.tagName).trim().slice(0, 40);
    out.push({name, ok, at: [r.left, r.top, r.right, r.bottom].map(Math.round),
              field: [box.left, box.top, box.right, box.bottom].map(Math.round)});
  }
  return out;
}"""


def attended(page: Any) -> list[dict[str, Any]]:
    """:data:`ATTENDED_JS` on ``page``: each marked element, whether it is in view."""
    result: list[dict[str, Any]] = page.evaluate(ATTENDED_JS)
    return result


def unattended(page: Any) -> list[str]:
    """The marked elements out of view, in words (empty: all in view)."""
    return [f"{m['name']!r} at {m['at']} outside {m['field']}" for m in attended(page)
            if not m["ok"]]


# The smallest text on the table as drawn (CSS px on the screen: an SVG's text at the zoom its
# camera has), among the texts in view in the table's field.
SMALLEST_TEXT_JS = r"""() => {
  const field = document.querySelector('.table-field');
  if (!field) return null;
  const f = field.getBoundingClientRect();
  let best = null;
  const walker = document.createTreeWalker(field, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.textContent.trim();
    const el = n.parentElement;
    if (!text || !el) continue;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || r.bottom <= f.top || r.top >= f.bottom || r.right <= f.left ||
        r.left >= f.right) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility === 'hidden' || +cs.opacity === 0) continue;
    let k = 1;
    if (el instanceof SVGElement && el.getScreenCTM) {
      const m = el.getScreenCTM();
      if (m) k = Math.hypot(m.a, m.b);
    }
    const px = parseFloat(cs.fontSize) * k;
    if (best === null || px < best.px) {
      best = {px: Math.round(px * 10) / 10, text: text.slice(0, 30)};
    }
  }
  return best;
}"""


def smallest_text(page: Any) -> dict[str, Any] | None:
    """:data:`SMALLEST_TEXT_JS`: the smallest text in view on the table, and its size."""
    result: dict[str, Any] | None = page.evaluate(SMALLEST_TEXT_JS)
    return result


DOCK_SHARE_JS = """() => {
  const d = document.querySelector('.table-dock');
  return d ? d.getBoundingClientRect().height / innerHeight : null;
}"""
