"""Start-up of the app in Firefox ESR and WebKitGTK: scripts/bench/startup.py's warm and cold
starts, for the two engines a phone may have besides Chromium (Firefox for Android, Safari).

Prints, per browser:
* return visit (service worker active, its cache full; a new navigation in the profile that made
  the first visit, from about:blank): time from navigation start to ``data-ready`` for the app
  (restored from its memory snapshot when it can: ``dataset.start`` snapshot|fresh|page), the
  app without its snapshot (``?snapshot=off``) and a bare page that loads only the same Pyodide
  files and the same wheel on the page's thread (scripts/lib/browser.py's BARE_PAGE, the floor
  for this stack without a snapshot) and the same bare page with the app's standard library
  (bare-app.html); one warm-up visit of each, then ``--runs`` alternated; medians and the ratios
  app/bare (goal <= 0.5x) and off/bare; and the bytes the server sent per visit (the bare page
  has only the HTTP cache; the app should need next to nothing);
* where the return visits' time went: the median time of each mark web/start.js leaves (the
  worker made, each stage the worker reports: "Fetched files", "Restoring Python", "Restored
  Python" or "Loading interpreter" ..., the worker ready), then ``data-ready``;
* first visit (a fresh profile each, median of --first-runs): the app and the bare page;
* the snapshot: what the first visit made of it (``dataset.snapshot`` made|failed, or nothing),
  how each return visit of the app started, the entries of the worker's Cache Storage store
  ``tabletop-python-snapshot`` (``snap``, ``trying``: a restore that never finished,
  ``failed``: a version not to be tried again), and in Firefox the console warnings
  (web/pyodide/snapshot.mjs says "the app starts without a snapshot: <why>"; WebKitWebDriver has no
  console log, the store's entries are what there is).

The time is the page's own ``performance.now()`` (from navigation start) when ``data-ready``
became ``'1'``, taken by bench.common.READY_PROBE served as ``__ready.js`` and put into index.html
and bare.html right after ``<head>`` (the app's CSP refuses inline scripts; the service worker
precaches the index.html with it), so the probe is in the page from its start in every browser,
whatever the driver waits for; it also notes whether a service worker controlled the page
(return visits of the app must be, the bare page and first visits must not: checked). The bare
page is served from the same copy of the site on a second server: another origin, where the
app's service worker (which answers every navigation with index.html) never was.

Firefox: /usr/bin/firefox-esr, headless, by puppeteer-core over WebDriver BiDi
(scripts/lib/firefox_page.mjs; a fresh profile per launch). WebKit: Debian's MiniBrowser through
/usr/bin/WebKitWebDriver (Selenium) on an Xvfb display (scripts/lib/webkit.py; a new session is
a fresh, ephemeral profile). Both at 360 x 640, started by scripts/lib/xbrowser.py as
scripts/screenshots_xbrowser.py starts them. In WebKit's automation session the bare page gets
nothing from the HTTP cache between these navigations (it downloads everything again: the bytes
line), and the origin's Cache Storage has been seen to lose every entry between two visits (the
caches still named, empty: the app then starts fresh from the network under a service worker
with nothing cached): such runs are listed with what Cache Storage held.

Usage: flock /tmp/browser.lock .venv/bin/python -m scripts.bench.startup_xbrowser
       [--browser firefox|webkit|all] [--runs 7] [--first-runs 3] [--site build/site]
(build the site first, inside the same lock: scripts/build_site.py.)
"""

from __future__ import annotations

import argparse
import json
import time
import traceback
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scripts.bench.common import READY_PROBE, median
from scripts.lib.browser import SITE, site_with_bare_page
from scripts.lib.xbrowser import FirefoxPage, Page, firefox, webkit
from scripts.serve import serve_in_thread

READY_S = 240
STORE = "tabletop-python-snapshot"
PROBE = "__ready.js"
TAG = f'<script src="{PROBE}"></script>'
PROBE_JS = READY_PROBE + (
    "window.__controlled = !!(navigator.serviceWorker && navigator.serviceWorker.controller);\n")
READY = "document.documentElement.dataset.ready === '1'"
CONTROLLED = "!!(navigator.serviceWorker && navigator.serviceWorker.controller)"
STORED = "!!document.documentElement.dataset.snapshot"
# The probe's reading, the app's marks, and the origin's Cache Storage: entries per cache.
VISIT = """(async () => {
  const d = document.documentElement.dataset;
  let stores = null;
  if (self.caches) {
    stores = {};
    for (const k of await caches.keys()) stores[k] = (await (await caches.open(k)).keys()).length;
  }
  const marks = {};
  for (const m of performance.getEntriesByType("mark")) {
    if (m.name.startsWith("py:")) marks[m.name.slice(3)] = m.startTime;
  }
  return {ms: window.__readyAt === undefined ? null : window.__readyAt,
          controlled: window.__controlled === undefined ? null : window.__controlled,
          start: d.start || null, snapshot: d.snapshot || null, thread: d.thread || null, stores,
          marks};
})()"""
# The entries of the worker's snapshot store ("<kind>/<key>", a snapshot with its size).
ENTRIES = """(async () => {
  if (!self.caches) return "no Cache Storage in the page";
  if (!(await caches.has(STORE))) return [];
  const c = await caches.open(STORE);
  const out = [];
  for (const r of await c.keys()) {
    const [kind, key] = (r.url.split("/__python_snapshot__/")[1] || r.url).split("/");
    let e = kind + "/" + (key || "").slice(0, 12);
    if (kind === "snap") e += " (" + (await (await c.match(r)).blob()).size + " bytes)";
    out.push(e);
  }
  return out;
})()""".replace("STORE", json.dumps(STORE))
BROWSERS: dict[str, Callable[[str], AbstractContextManager[Page]]] = {
    "firefox": firefox, "webkit": webkit}


@dataclass
class Result:
    """What one browser showed."""

    name: str
    agent: str = ""
    first_visit: dict[str, Any] = field(default_factory=dict)  # the warm profile's first visit
    made: str | None = None  # dataset.snapshot after the first visit (None: no message)
    app: list[dict[str, Any]] = field(default_factory=list)
    off: list[dict[str, Any]] = field(default_factory=list)
    bare: list[dict[str, Any]] = field(default_factory=list)
    bare_app: list[dict[str, Any]] = field(default_factory=list)  # the app's standard library
    cold_app: list[float] = field(default_factory=list)
    cold_bare: list[float] = field(default_factory=list)
    entries: Any = None
    warnings: list[str] = field(default_factory=list)
    error: str = ""


def with_probe(site: Path) -> None:
    """``__ready.js`` into the served copy ``site``, its tag into index.html and bare.html."""
    (site / PROBE).write_text(PROBE_JS, encoding="utf-8")
    for name in ("index.html", "bare.html", "bare-app.html"):
        html = (site / name).read_text(encoding="utf-8")
        if "<head>" not in html:
            raise SystemExit(f"{site / name} has no <head>")
        (site / name).write_text(html.replace("<head>", f"<head>\n{TAG}", 1), encoding="utf-8")


def visit(page: Page, url: str, server: Any, *, controlled: bool) -> dict[str, Any]:
    """Open ``url`` (from about:blank) until ready: the probe's reading, and the bytes the
    server sent meanwhile. ``controlled``: whether a service worker must control the page."""
    page.goto("about:blank")
    server.bytes_sent = {}
    page.goto(url)
    page.wait(READY, READY_S)
    got: dict[str, Any] = page.js(VISIT)
    got["bytes"] = sum(server.bytes_sent.values())
    server.bytes_sent = None
    if got["ms"] is None:
        raise RuntimeError(f"{page.name}: {url} was ready without the probe in it")
    if got["controlled"] is not controlled:
        raise RuntimeError(f"{page.name}: {url} was {'' if got['controlled'] else 'not '}"
                           "controlled by a service worker")
    return got


def warnings(page: Page) -> list[str]:
    """Console warnings and errors so far (Firefox; WebKitWebDriver has no console log)."""
    if not isinstance(page, FirefoxPage):
        return []
    got: list[str] = page._ask(op="console")
    return got


def bench(name: str, app_url: str, bare_url: str, servers: tuple[Any, Any],
          runs: int, first_runs: int = 3) -> Result:
    res = Result(name)
    app_server, bare_server = servers
    try:
        with BROWSERS[name]("light") as page:
            res.agent = page.js("navigator.userAgent")
            # the first visit of this profile: the service worker installed, the snapshot made
            res.first_visit = visit(page, app_url, app_server, controlled=False)
            page.wait(CONTROLLED, 120)
            try:
                page.wait(STORED, 90)
            except TimeoutError:
                pass
            res.made = page.js("document.documentElement.dataset.snapshot || null")
            bare_app_url = bare_url.replace("bare.html", "bare-app.html")
            for url, server, ctl in ((app_url, app_server, True), (bare_url, bare_server, False),
                                     (bare_app_url, bare_server, False),
                                     (app_url + "?snapshot=off", app_server, True)):
                visit(page, url, server, controlled=ctl)  # warm-up
            for i in range(runs):
                res.app.append(visit(page, app_url, app_server, controlled=True))
                res.off.append(visit(page, app_url + "?snapshot=off", app_server,
                                     controlled=True))
                res.bare.append(visit(page, bare_url, bare_server, controlled=False))
                res.bare_app.append(visit(page, bare_app_url, bare_server, controlled=False))
                print(f"  {name} run {i + 1}: app {res.app[-1]['ms']:.0f} ms "
                      f"({res.app[-1]['start']}), off {res.off[-1]['ms']:.0f} ms, "
                      f"bare {res.bare[-1]['ms']:.0f} ms, bare with the app's library "
                      f"{res.bare_app[-1]['ms']:.0f} ms", flush=True)
            page.goto(app_url)
            page.wait(READY, READY_S)
            res.entries = page.js(ENTRIES)
            res.warnings = warnings(page)
        for _ in range(first_runs):
            for url, server, into in ((app_url, app_server, res.cold_app),
                                      (bare_url, bare_server, res.cold_bare)):
                with BROWSERS[name]("light") as page:
                    into.append(visit(page, url, server, controlled=False)["ms"])
    except Exception as e:  # what was measured is kept
        res.error = f"{type(e).__name__}: {e}"
        traceback.print_exc()
    return res


def stages(visits: list[dict[str, Any]]) -> str:
    """Where the visits' time went: the median time from navigation start of each of the app's
    marks (web/start.js marks the worker's creation, each stage it reports and its being
    ready), then data-ready."""
    names = [n for n in (visits[0].get("marks") or {}) if all(n in (v.get("marks") or {})
                                                             for v in visits)]
    at = {n: median([v["marks"][n] for v in visits]) for n in names}
    order = sorted(at, key=lambda n: at[n])
    return ", ".join(f"{n} {at[n]:.0f}" for n in order) + \
        f", data-ready {median([v['ms'] for v in visits]):.0f} ms"


def runs_of(visits: list[dict[str, Any]]) -> str:
    return ", ".join(f"{v['ms']:.0f}" for v in visits)


def report(r: Result) -> None:
    print(f"\n{r.name}: {r.agent}")
    if r.error:
        print(f"  ERROR {r.error} (what was measured before it follows)")
    if r.app and r.bare and r.off:
        a, b, o = (median([v["ms"] for v in xs]) for xs in (r.app, r.bare, r.off))
        starts = sorted({v["start"] for v in r.app})
        print(f"  return visit (service worker, median of {len(r.app)}): app "
              f"({'/'.join(starts)}) {a:.0f} ms, bare Pyodide page {b:.0f} ms, ratio "
              f"{a / b:.2f}x (goal <= 0.5x)")
        print(f"    the app without its snapshot (?snapshot=off): {o:.0f} ms, ratio {o / b:.2f}x"
              f"; snapshot against none {a / o:.2f}x")
        if r.bare_app:
            ba = median([v["ms"] for v in r.bare_app])
            print(f"    bare page with the app's standard library: {ba:.0f} ms; the app against "
                  f"it {a / ba:.2f}x (goal <= 1.0x); runs: {runs_of(r.bare_app)}")
        print(f"    app runs: {runs_of(r.app)}")
        print(f"    no-snapshot runs: {runs_of(r.off)}")
        print(f"    bare runs: {runs_of(r.bare)}")
        for label, xs in (("app", r.app), ("no-snapshot", r.off)):
            print(f"    {label}: {stages(xs)}")
        bytes_ = [median([v["bytes"] for v in xs]) for xs in (r.app, r.off, r.bare)]
        print(f"    bytes the server sent per visit (median): app {bytes_[0]:,.0f}, "
              f"no-snapshot {bytes_[1]:,.0f}, bare {bytes_[2]:,.0f}")
    if r.cold_app and r.cold_bare:
        print(f"  first visit (fresh profile, median of {len(r.cold_app)}): app "
              f"{median(r.cold_app):.0f} ms, bare Pyodide page {median(r.cold_bare):.0f} ms")
        print(f"    app runs: {', '.join(f'{x:.0f}' for x in r.cold_app)}; bare runs: "
              f"{', '.join(f'{x:.0f}' for x in r.cold_bare)}")
    if r.first_visit:
        fv = r.first_visit
        counts: dict[str, int] = {}
        for v in r.app:
            counts[str(v["start"])] = counts.get(str(v["start"]), 0) + 1
        print(f"  snapshot: the first visit started {fv['start']} (thread {fv['thread']}) and "
              f"its snapshot was {r.made or 'not stored (no word from the worker in 90 s)'}; "
              "return visits of the app started from: "
              + ", ".join(f"{k} x{n}" for k, n in sorted(counts.items())))
        failed = sorted({str(v["snapshot"]) for v in r.app if v["snapshot"]})
        if failed:
            print(f"    dataset.snapshot on return visits: {', '.join(failed)}")
        for i, v in enumerate(r.app):
            if v["start"] != "snapshot":
                print(f"    app run {i + 1} started {v['start']}; the origin's Cache Storage "
                      f"then (entries per cache): {v['stores']}; {v['bytes']:,} bytes sent")
        print(f"    the store {STORE}: {r.entries}")
        for w in r.warnings:
            print(f"    console: {w}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--browser", choices=("firefox", "webkit", "all"), default="all")
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--first-runs", type=int, default=3, help="first visits of each page")
    ap.add_argument("--site", type=Path, default=SITE, help="the built site (default build/site)")
    args = ap.parse_args()
    names = ["firefox", "webkit"] if args.browser == "all" else [args.browser]
    t0 = time.monotonic()
    results = []
    if not (args.site / "sw.js").exists():
        raise SystemExit(f"{args.site} has no sw.js: build the site first (or wait for a build)")
    with site_with_bare_page(args.site) as (app_server, app_url):
        # the copy site_with_bare_page serves (its handler is bound to that folder)
        site = Path(app_server.RequestHandlerClass.keywords["directory"])
        with_probe(site)
        bare_server, origin = serve_in_thread(site)
        try:
            for name in names:
                results.append(bench(name, app_url, origin + "bare.html",
                                     (app_server, bare_server), args.runs, args.first_runs))
        finally:
            bare_server.shutdown()
    for r in results:
        report(r)
    print(f"\n({time.monotonic() - t0:.0f} s in all)")


if __name__ == "__main__":
    main()
