"""Screenshots of the home screen, every table at the start of the player's turn and the home
screen again (the app opened anew, every game in progress) at 360 x 640
in Firefox ESR and in WebKitGTK (Safari's engine), light and dark where the browser can be
asked for a dark scheme, written to docs/screenshots/xbrowser/<browser>-<screen>-<scheme>.png;
and, for each, what a player would meet: the page's height and width against the viewport
(sideways scroll), the dock's controls out of view, text contrast failures, small targets.

The browsers are started as the cross-browser smoke tests start them (no Playwright download;
scripts/lib/xbrowser.py): Firefox: Debian's /usr/bin/firefox-esr, headless, by puppeteer-core
over WebDriver BiDi; dark and reduced motion by about:config prefs (ui.systemUsesDarkTheme,
layout.css.prefers-color-scheme.content-override, ui.prefersReducedMotion), and overlay scroll
bars as on a phone (ui.useOverlayScrollbars). WebKit: Debian's MiniBrowser through
/usr/bin/WebKitWebDriver (Selenium) on an Xvfb display, its toolbar shrunk by a GTK style sheet
so that the page is 360 x 640; dark and reduced motion by GTK settings
(gtk-application-prefer-dark-theme, GTK_THEME=Adwaita:dark, gtk-enable-animations=0); a scheme
the page does not then see (matchMedia) is skipped and said so. ``--browser chromium`` (or
``all``) runs the same steps in Debian's Chromium through Playwright, for comparison.

The tables are opened as scripts/screenshots.py opens them (scripts/lib/layout.py TURNS: the
same links), with only the page's DOM (location.hash, data-testid controls clicked, the
app's data-ready/busy/handled/sent/routed marks), so the same steps run in every browser.

Usage: flock /tmp/browser.lock .venv/bin/python scripts/screenshots_xbrowser.py
       [--browser firefox|webkit|chromium|both|all] [--site build/site]
       [--out docs/screenshots/xbrowser]
(build the site first, inside the same lock.)
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from scripts.lib.browser import ROOT, SITE
from scripts.lib.layout import CONTRAST_JS, IN_VIEW_JS, SMALL_TARGETS_JS, TURNS
from scripts.lib.xbrowser import BROWSERS, Page
from scripts.serve import serve_in_thread

READY_S = 300
TURN_S = 180

READY = "document.documentElement.dataset.ready === '1'"
IDLE = ("(() => { const d = document.documentElement.dataset;"
        " return d.busy !== '1' && (d.handled || '0') === (d.sent || '0'); })()")
HANDLED = "(document.documentElement.dataset.handled || '0')"
ROUTED = "(document.documentElement.dataset.routed || '')"
SCHEME = ("({dark: matchMedia('(prefers-color-scheme: dark)').matches,"
          " reduced: matchMedia('(prefers-reduced-motion: reduce)').matches,"
          " viewport: [innerWidth, innerHeight], agent: navigator.userAgent})")
# The page's size at the moment of the picture (scrolled to the top); the table field's and
# the dock's heights (content / box: more content than box scrolls inside them); every box that
# scrolls sideways (a hand strip is meant to; anything else is not).
SIZES = """(() => {
  const d = document.documentElement;
  const box = (sel) => { const e = document.querySelector(sel);
    return e ? [e.scrollHeight, e.clientHeight] : null; };
  const sideways = [];
  for (const e of document.body.querySelectorAll('*')) {
    const ox = getComputedStyle(e).overflowX;
    if ((ox === 'auto' || ox === 'scroll') && e.scrollWidth > e.clientWidth + 1) {
      const name = e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') +
        (typeof e.className === 'string' && e.className.trim() ?
         '.' + e.className.trim().split(/\\s+/).join('.') : '') +
        (e.dataset.testid ? `[data-testid=${e.dataset.testid}]` : '');
      sideways.push(`${name} ${e.scrollWidth}>${e.clientWidth}`);
    }
  }
  return {scroll_height: d.scrollHeight, scroll_width: d.scrollWidth,
          inner_width: innerWidth, inner_height: innerHeight,
          font: getComputedStyle(document.body).fontSize,
          field: box('.table-field'), dock: box('.table-dock'), sideways};
})()"""
# Waits two frames, so that what was just changed is painted.
FRAMES = "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))"


# --- driving the app by its DOM (any browser) ----------------------------------------------------

def go(page: Page, hash_: str) -> None:
    """Follow an in-app link and wait until the app has handled it (scripts/lib/pages.py go)."""
    if page.js("location.hash") == hash_:
        return
    before = page.js(ROUTED)
    page.call("h => { location.hash = h; }", hash_)
    page.wait(f"{ROUTED} !== {json.dumps(before)}", 30)
    page.wait(IDLE)


def tap(page: Page, testid: str) -> None:
    """Click the control ``[data-testid=<testid>]`` and wait until the app has handled it."""
    before = page.js(HANDLED)
    page.call("t => { const el = document.querySelector(`[data-testid=\"${t}\"]`);"
              " el.scrollIntoView({block: 'center', behavior: 'instant'}); el.click(); }", testid)
    try:
        page.wait(f"{HANDLED} !== {json.dumps(before)}", 10)
    except TimeoutError:
        pass  # a tap on a disabled control makes no event
    page.wait(IDLE)


def open_turn(page: Page, game: str) -> None:
    """scripts/lib/layout.py open_turn in plain DOM: open the game's TURNS link, starting that deal
    even over a game in progress, and wait for the start of the player's turn."""
    link, live = TURNS[game]
    go(page, "#/")
    go(page, link)
    if page.js("!!document.querySelector('[data-testid=offer]')"):
        tap(page, "open-deal")
    page.wait(IDLE, TURN_S)
    page.wait(f"!!document.querySelector({json.dumps(live)})", TURN_S)
    page.wait(IDLE, TURN_S)


def measure(page: Page) -> dict[str, Any]:
    """What a player meets on the screen as it is (scrolled to the top)."""
    sizes: dict[str, Any] = page.js(SIZES)
    view = page.call(IN_VIEW_JS, None)
    out = [f"{c['text'] or c['path']} {c['top']}..{c['bottom']}"
           for c in view["controls"] + view["topbar"] if not c["in_view"]]
    m = view["message"]
    if m is not None and m["text"] and not m["in_view"]:
        out.append(f"message '{m['text'][:30]}' {m['top']}..{m['bottom']}")
    contrast = page.call(CONTRAST_JS)
    small = page.call(SMALL_TARGETS_JS, None)
    return {**sizes, "has_dock": view["has_dock"], "controls": len(view["controls"]),
            "out_of_view": out, "contrast_failures": contrast["failures"],
            "contrast_lowest": contrast["lowest"], "small": small}


def run(browser: str, scheme: str, url: str, out: Path,
        probe: str | None = None) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    with BROWSERS[browser](scheme) as page:
        page.goto(url)
        seen = page.js(SCHEME)
        if (scheme == "dark") != seen["dark"]:
            print(f"{browser}: the page does not see prefers-color-scheme: {scheme} "
                  f"({seen}); no {scheme} pictures", flush=True)
            return [{"browser": browser, "scheme": scheme, "skipped": True, "seen": seen}]
        print(f"{browser} {scheme}: {seen}", flush=True)
        t0 = time.monotonic()
        page.wait(READY, READY_S)
        page.wait(IDLE)
        print(f"  ready in {time.monotonic() - t0:.0f} s", flush=True)
        # the home screen, each table, and the home screen of the app opened again with the
        # games in progress (each tile's line read from its save: no game opened)
        for name, game in [("home", None)] + [(g, g) for g in TURNS] + [("home-again", "")]:
            if game is None:
                go(page, "#/")
            elif not game:
                page.goto(url)
                page.wait(READY, READY_S)
                page.wait(IDLE)
            else:
                open_turn(page, game)
            page.js("window.scrollTo(0, 0)")
            page.js(FRAMES)
            time.sleep(0.3)
            path = out / f"{browser}-{name}-{scheme}.png"
            page.shot(path)
            row = {"browser": browser, "scheme": scheme, "screen": name, **measure(page),
                   "errors": page.errors()}
            if probe:
                row["probe"] = page.js(probe)
                print(f"    probe: {json.dumps(row['probe'])[:2000]}", flush=True)
            rows.append(row)
            print(f"  {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}",
                  flush=True)
    return rows


def ratio(pair: list[int] | None) -> str:
    return "-" if pair is None else f"{pair[0]}/{pair[1]}"


def table(rows: list[dict[str, Any]]) -> str:
    head = (f"{'browser':9} {'scheme':6} {'screen':17} {'viewport':8} {'scrollH':>7} "
            f"{'scrollW':>7} {'font':>5} {'field sH/cH':>11} {'dock sH/cH':>10} "
            f"{'dock in view':>12} {'contrast<':>9} {'low':>5} {'small':>5} {'errors':>6}")
    lines = [head, "-" * len(head)]
    for r in rows:
        if r.get("failed"):
            lines.append(f"{r['browser']:9} {r['scheme']:6} FAILED: {r['failed'][:100]}")
            continue
        if r.get("skipped"):
            lines.append(f"{r['browser']:9} {r['scheme']:6} (skipped: the page does not see "
                         f"prefers-color-scheme: {r['scheme']})")
            continue
        dock = "no dock" if not r["has_dock"] else (
            "all" if not r["out_of_view"] else f"{len(r['out_of_view'])} out")
        if r["out_of_view"] and not r["has_dock"]:
            dock = f"{len(r['out_of_view'])} out"
        lines.append(
            f"{r['browser']:9} {r['scheme']:6} {r['screen']:17} "
            f"{r['inner_width']}x{r['inner_height']:<4} {r['scroll_height']:>7} "
            f"{r['scroll_width']:>7} {r['font']:>5} {ratio(r['field']):>11} "
            f"{ratio(r['dock']):>10} {dock:>12} "
            f"{len(r['contrast_failures']):>9} {r['contrast_lowest'] or 0:>5} "
            f"{len(r['small']):>5} {len(r['errors']):>6}")
    details = []
    for r in rows:
        if r.get("skipped"):
            continue
        key = f"{r['browser']}-{r['screen']}-{r['scheme']}"
        for w in r["sideways"]:
            details.append(f"{key}: scrolls sideways: {w}")
        for o in r["out_of_view"]:
            details.append(f"{key}: out of view: {o}")
        for f in r["contrast_failures"][:5]:
            details.append(f"{key}: contrast {f['ratio']} < {f['need']}: '{f['text']}' "
                           f"{f['path']} ({f['fg']} on {f['bg']})")
        for s in r["small"][:5]:
            details.append(f"{key}: small target {s['width']}x{s['height']}: {s['path']} "
                           f"'{s['text']}'")
        for e in r["errors"]:
            details.append(f"{key}: {e[:200]}")
    return "\n".join(lines + ([""] + details if details else []))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--browser", default="both",
                    choices=["firefox", "webkit", "chromium", "both", "all"])
    ap.add_argument("--scheme", default="both", choices=["light", "dark", "both"])
    ap.add_argument("--site", type=Path, default=SITE)
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots" / "xbrowser")
    ap.add_argument("--json", type=Path, help="also write the figures here")
    ap.add_argument("--probe", help="a JavaScript expression evaluated on every screen, its "
                    "JSON value printed (to look into a difference)")
    args = ap.parse_args()
    if not (args.site / "index.html").exists():
        raise SystemExit(f"{args.site} is not built: run scripts/build_site.py first")
    browsers = {"both": ["firefox", "webkit"], "all": ["firefox", "webkit", "chromium"]}.get(
        args.browser, [args.browser])
    schemes = ["light", "dark"] if args.scheme == "both" else [args.scheme]
    args.out.mkdir(parents=True, exist_ok=True)
    server, url = serve_in_thread(args.site)
    rows: list[dict[str, Any]] = []
    try:
        for browser in browsers:
            for scheme in schemes:
                try:
                    rows += run(browser, scheme, url, args.out, args.probe)
                except Exception as e:  # one browser's failure does not hide the others'
                    print(f"{browser} {scheme} FAILED: {type(e).__name__}: {e}", flush=True)
                    rows.append({"browser": browser, "scheme": scheme, "skipped": True,
                                 "failed": f"{e}"})
    finally:
        server.shutdown()
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))
    print()
    print(table(rows))


if __name__ == "__main__":
    main()
