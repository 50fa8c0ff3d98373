"""The longest stall of the page's own thread in Firefox ESR and WebKitGTK, and how soon a tap
is answered while Strong computers think.

A timer in the page measures it: ``__stall.js``, served by this bench's own server and put into
index.html right after ``<head>`` (the page's CSP refuses inline scripts), ticks every 10 ms
and keeps the largest gap between two ticks (``window.__stall.max``, in ms); a
MutationObserver notes the largest gap so far (the one still open included) the moment
``data-ready`` becomes ``'1'`` or ``data-outcome`` is set, and ``__stallReset()`` starts over.

Three situations per run, in one fresh profile: (i) the first visit, from navigation until
``document.documentElement.dataset.ready === '1'``; (ii) a return visit once the service worker
controls the page (about:blank, then the URL again) until ready; (iii) in that page, the watch
link of four Strong computers (``#/machiavelli/watch/7?seats=strong,...&speed=fastest``) until
its end (``data-outcome`` set / ``[data-testid=end]``), capped at 5 minutes. The site is
build/site of this checkout (``--site``); the median of ``--runs`` per cell is printed as a
table. (Until 2026-12 this measured the site of commit 5009543 too, interleaved: see
docs/benchmarks-retired.md.)

A fourth situation, (iv) taps during a Strong computer's turn, in a browser of its own (fresh
profile, reduced motion, as scripts/bench/runtime.py's ``taps()`` measures Chromium, whose
constants and saved game it imports): a saved game of you and three Strong computers at a full
table (runtime's ``big_table_save``, one per run) put into localStorage on a return visit, the
page loaded again and ``#/machiavelli`` opened; tap Draw, then while the computers think
(runtime's THINKING: ``dataset.busy``, the table not live), 0-60 ms into their turns, tap the
Rules link "?" and time it with runtime's TAP (a DOM click -> ``dataset.handled`` caught up with
``dataset.sent`` -> the next animation frame); back to ``#/machiavelli`` (untimed) and again,
until ``--taps`` (20). With ``--warm S``, the taps start after up to S s of untimed play for
the thinking worker to start (the first computer's think starts it); either way the taps are
shown apart by ``dataset.thinker`` at the tap ('-': not yet up). The wait for the computers'
think, the pause into it and the tap run in one script in the page, so that the driver's round
trips do not shift the tap. Median and worst of every tap of every run, per browser.
``--situations taps`` runs this alone; Chromium's figure is runtime.py's (``--taps 20 --skip
lighthouse,startup,watch``).

Firefox: /usr/bin/firefox-esr, headless, by puppeteer-core over WebDriver BiDi
(scripts/bench/stalls_firefox.mjs; the taps: scripts/lib/xbrowser.py's FirefoxPage). WebKit:
Debian's MiniBrowser in automation mode through /usr/bin/WebKitWebDriver (Selenium) on an Xvfb
display of its own (scripts/lib/webkit.py), a 360 x 640 viewport (the GTK style-sheet trick of
tests/xbrowser/test_webkit.py). Every browser run holds /tmp/browser.lock (flock), one run
(three situations; the taps' browser apart) at a time.

    .venv/bin/python -m scripts.bench.stalls_xbrowser [--runs 3] [--browsers firefox,webkit]
        [--site build/site] [--cap 300] [--json out.json]
        [--situations first,return,watch,taps] [--taps 20] [--warm 0]
"""

from __future__ import annotations

import argparse
import fcntl
import functools
import http.server
import io
import json
import os
import statistics
import subprocess
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from scripts.bench.runtime import CAUGHT_UP, TAP, THINKING, big_table_save
from scripts.lib import webkit, xbrowser
from scripts.lib.browser import ROOT, SITE
from scripts.lib.webkit import DRIVER
from scripts.serve import Handler, serve_in_thread

LOCK = Path("/tmp/browser.lock")
FIREFOX_SCRIPT = Path(__file__).with_name("stalls_firefox.mjs")
WATCH = "#/machiavelli/watch/7?seats=strong,strong,strong,strong&speed=fastest"
SITUATIONS = ("first", "return", "watch", "taps")
LABELS = {"first": "(i) first visit", "return": "(ii) return visit",
          "watch": "(iii) watch 4 Strong", "taps": "(iv) taps, Strong turn"}
SEEDS = [1, 2, 3, 4, 5, 6, 7]  # the saved games of the taps, one per run (as runtime.py's)

STALL_JS = b"""(() => {
  const now = () => performance.now();
  const s = window.__stall = { max: 0, maxAt: 0, since: now(), last: now(), ticks: 0, marks: {} };
  setInterval(() => {
    const t = now(), gap = t - s.last;
    if (gap > s.max) { s.max = gap; s.maxAt = t; }
    s.last = t;
    s.ticks += 1;
  }, 10);
  window.__stallReset = () => {
    const t = now();
    Object.assign(s, { max: 0, maxAt: 0, since: t, last: t, ticks: 0, marks: {} });
  };
  const mark = (name) => {
    const t = now();
    s.marks[name] = { max: Math.max(s.max, t - s.last), t };
  };
  new MutationObserver((records) => {
    for (const r of records) {
      const v = document.documentElement.getAttribute(r.attributeName);
      if (r.attributeName === "data-ready" && v === "1" && !s.marks.ready) mark("ready");
      if (r.attributeName === "data-outcome" && v !== null && !s.marks.outcome) mark("outcome");
    }
  }).observe(document.documentElement,
             { attributes: true, attributeFilter: ["data-ready", "data-outcome"] });
})();
"""
TAG = b'<script src="__stall.js"></script>'


class StallHandler(Handler):
    """The site as scripts/serve.py serves it, plus __stall.js, put into every index.html."""

    def send_head(self) -> Any:
        clean = self.path.split("?", 1)[0].split("#", 1)[0]
        if clean.startswith(self.base):
            rel = clean[len(self.base):]
            if rel == "__stall.js":
                return self._body(STALL_JS, "text/javascript")
            if rel in ("", "index.html"):
                html = Path(self.translate_path(self.base + "index.html")).read_bytes()
                assert b"<head>" in html, "index.html has no <head>"
                return self._body(html.replace(b"<head>", b"<head>\n" + TAG, 1),
                                  "text/html; charset=utf-8")
        return super().send_head()

    def _body(self, data: bytes, ctype: str) -> io.BytesIO:
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        return io.BytesIO(data)


def serve(directory: Path) -> tuple[Any, str]:
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(StallHandler, directory=str(directory)))
    server.quiet = True  # type: ignore[attr-defined]
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]  # bound to 127.0.0.1 above
    return server, f"http://127.0.0.1:{port}/"


@contextmanager
def browser_lock() -> Iterator[None]:
    with LOCK.open("a") as f:
        t = time.monotonic()
        fcntl.flock(f, fcntl.LOCK_EX)
        waited = time.monotonic() - t
        if waited > 1:
            print(f"    (waited {waited:.0f} s for {LOCK})", flush=True)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


# --- Firefox ------------------------------------------------------------------------------------

def run_firefox(url: str, cap_s: float, watch: bool = True) -> dict[str, Any]:
    with browser_lock():
        proc = subprocess.run(["node", str(FIREFOX_SCRIPT), url, WATCH if watch else "",
                               str(int(cap_s * 1000))],
                              cwd=ROOT, capture_output=True, text=True,
                              timeout=cap_s + 900)
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]
    if not lines:
        return {"error": f"no result (rc {proc.returncode}): {proc.stderr[-2000:]}"}
    out: dict[str, Any] = json.loads(lines[-1])
    return out


# --- WebKit -------------------------------------------------------------------------------------

GTK_CSS = """* { font-size: 1px; min-width: 0; min-height: 0; padding: 0; margin: 0;
    border-width: 0; -gtk-icon-transform: scale(0.01); }"""
READY = "document.documentElement.dataset.ready === '1'"
CONTROLLED = "!!(navigator.serviceWorker && navigator.serviceWorker.controller)"
ENDED = ("document.documentElement.dataset.outcome !== undefined"
         " || !!document.querySelector('[data-testid=end]')")
READ = """const mark = arguments[0]; const s = window.__stall; if (!s) return null;
  const m = s.marks[mark]; const d = document.documentElement.dataset;
  return {max: m ? m.max : Math.max(s.max, performance.now() - s.last),
          at: m ? m.t : performance.now(), since: s.since, ticks: s.ticks,
          thread: d.thread || null, thinker: d.thinker || null, actions: +(d.actions || 0)};"""


def minibrowser() -> Path:
    found = webkit.minibrowser()
    if found is None:
        raise SystemExit("the MiniBrowser is missing (Debian's webkit2gtk-driver)")
    return found


def wk_wait(driver: Any, expr: str, timeout: float, poll: float = 0.25) -> bool:
    end = time.monotonic() + timeout
    while True:
        if driver.execute_script(f"return {expr};"):
            return True
        if time.monotonic() > end:
            return False
        time.sleep(poll)


def run_webkit(url: str, cap_s: float, watch: bool = True) -> dict[str, Any]:
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service

    out: dict[str, Any] = {}
    with browser_lock(), webkit.xvfb_display() as display, tempfile.TemporaryDirectory(
            prefix="stall-webkit-") as tmp:
        (Path(tmp) / "gtk-3.0").mkdir()
        (Path(tmp) / "gtk-3.0" / "gtk.css").write_text(GTK_CSS)
        options = Options()
        options.binary_location = str(minibrowser())
        options.add_argument("--automation")
        service = Service(executable_path=str(DRIVER),
                          env={**os.environ, "DISPLAY": display, "XDG_CONFIG_HOME": tmp})
        driver = webdriver.WebKitGTK(options=options, service=service)
        try:
            driver.set_script_timeout(60)
            driver.set_window_rect(x=0, y=0, width=360, height=640)
            driver.get("about:blank")
            w, h = driver.execute_script("return [innerWidth, innerHeight];")
            driver.set_window_rect(width=360 + 360 - w, height=640 + 640 - h)

            driver.get(url)
            if not wk_wait(driver, READY, 240):
                raise RuntimeError("the first visit was not ready in 240 s")
            out["first"] = driver.execute_script(READ, "ready")

            if not wk_wait(driver, CONTROLLED, 120):
                raise RuntimeError("no service worker controls the page after 120 s")
            driver.get("about:blank")
            driver.get(url)
            if not wk_wait(driver, READY, 240):
                raise RuntimeError("the return visit was not ready in 240 s")
            out["return"] = driver.execute_script(READ, "ready")
            out["return"]["controlled"] = driver.execute_script(f"return {CONTROLLED};")
            if not watch:
                return out

            driver.execute_script("window.__stallReset(); location.hash = arguments[0];", WATCH)
            t0 = time.monotonic()
            capped = not wk_wait(driver, ENDED, cap_s, poll=0.5)
            out["watch"] = driver.execute_script(READ, "outcome")
            out["watch"].update(seconds=time.monotonic() - t0, capped=capped)
        except Exception as e:  # what was measured is kept
            out["error"] = f"{type(e).__name__}: {e}"
        finally:
            driver.quit()
    return out


# --- taps during a Strong computer's turn --------------------------------------------------------

OVER = "!!document.querySelector('[data-testid=end], [data-testid=hand-over]')"
LIVE = "!!document.querySelector('[data-testid=m-table].live')"
# Wait (in the page) for the computers to think, ``delay`` ms more, then tap the Rules link with
# runtime.py's TAP: {state: 'tapped', ms}, or why not ('live', 'over', 'missed', 'timeout').
TAP_IN_TURN = f"""async (delay) => {{
  const thinking = {THINKING};
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const until = performance.now() + 40000;
  while (!thinking()) {{
    if ({LIVE}) return {{state: 'live'}};
    if ({OVER}) return {{state: 'over'}};
    if (performance.now() > until) return {{state: 'timeout'}};
    await sleep(5);
  }}
  await sleep(delay);
  if (!thinking()) return {{state: 'missed'}};
  const ms = await ({TAP})('[data-testid=rules-link]');
  const d = document.documentElement.dataset;
  return {{state: 'tapped', ms, thinker: d.thinker || '', actions: Number(d.actions || 0)}};
}}"""
DRAW_OPEN = "!!document.querySelector('[data-testid=m-draw]:not([disabled])')"


def page_wait(page: xbrowser.Page, expr: str, timeout: float, poll: float = 0.05) -> None:
    end = time.monotonic() + timeout
    while not page.js(f"!!({expr})"):
        if time.monotonic() > end:
            raise TimeoutError(f"{page.name}: not {expr} after {timeout:.0f} s")
        time.sleep(poll)


def open_save(page: xbrowser.Page, url: str, save: str) -> None:
    """The saved game in localStorage, the page loaded again, its table open and live."""
    page.call("s => localStorage.setItem('tabletop.machiavelli.save', s)", save)
    page.goto("about:blank")
    page.goto(url)
    page_wait(page, READY, 240)
    page.js("(location.hash = '#/machiavelli', 1)")
    page_wait(page, LIVE, 120)


def warm_up(page: xbrowser.Page, url: str, save: str, seconds: float) -> float:
    """Untimed: Draw and let the computers play until the thinking worker is up
    (``dataset.thinker`` set) or ``seconds`` have passed; the seconds it took."""
    t0 = time.monotonic()
    while (time.monotonic() - t0 < seconds
           and not page.js("document.documentElement.dataset.thinker || ''")):
        if page.js(f"{OVER} || ({LIVE} && !{DRAW_OPEN})"):
            open_save(page, url, save)
        if page.js(LIVE):
            page.call(TAP, "[data-testid=m-draw]")
        time.sleep(0.1)
    return time.monotonic() - t0


def tap_run(browser: str, url: str, save: str, n: int, warm: float = 0) -> dict[str, Any]:
    """``n`` taps on the Rules link while Strong computers think, in a fresh profile of
    ``browser`` (reduced motion, a 360 x 640 page), on a return visit to the saved ``save``;
    ``warm``: first up to so many seconds of untimed play for the thinking worker to start."""
    out: list[float] = []
    states: dict[str, int] = {}
    thinkers: list[str] = []  # dataset.thinker at each tap ('' : the worker not yet up)
    actions: list[int] = []  # dataset.actions at each tap: the game goes on
    res: dict[str, Any] = {"taps": out, "states": states, "thinkers": thinkers,
                           "actions": actions}
    opener = {"firefox": xbrowser.firefox, "webkit": xbrowser.webkit}[browser]
    with browser_lock(), opener("light") as page:
        try:
            page.goto(url)
            page_wait(page, READY, 240)
            page_wait(page, CONTROLLED, 120)
            time.sleep(1)  # the precache finished
            open_save(page, url, save)
            res["thread"] = page.js("document.documentElement.dataset.thread || ''")
            if warm:
                res["warm"] = warm_up(page, url, save, warm)
                page_wait(page, f"{LIVE} || {OVER}", 120)
            misses = opened = 0
            while len(out) < n and misses < max(6, n):
                if page.js(f"{OVER} || ({LIVE} && !{DRAW_OPEN})"):
                    if opened >= 5:
                        break
                    opened += 1  # the hand is over or the pile empty: the saved game again
                    open_save(page, url, save)
                if page.js(LIVE):
                    page.call(TAP, "[data-testid=m-draw]")
                got = page.call(TAP_IN_TURN, (20 * len(out)) % 80)
                states[got["state"]] = states.get(got["state"], 0) + 1
                if got["state"] != "tapped":
                    misses += got["state"] in ("missed", "live")
                    if got["state"] == "timeout":
                        raise TimeoutError("the computers neither thought nor ended in 40 s")
                    continue
                out.append(float(got["ms"]))
                thinkers.append(got["thinker"])
                actions.append(got["actions"])
                page.js("(location.hash = '#/machiavelli', 1)")
                page_wait(page, CAUGHT_UP, 120)
                page_wait(page, "document.querySelector('[data-testid=m-table]')", 120)
            res["reopened"] = opened
            res["thinker"] = page.js("document.documentElement.dataset.thinker || ''")
        except Exception as e:  # what was measured is kept
            res["error"] = f"{type(e).__name__}: {e}"
        res["errors"] = page.errors()
    return res


# --- the run ------------------------------------------------------------------------------------

def fmt(values: list[float]) -> str:
    if not values:
        return "—"
    return f"{statistics.median(values):7.0f}"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--browsers", default="firefox,webkit")
    p.add_argument("--situations", default=",".join(SITUATIONS),
                   help="comma list of first,return,watch,taps (first and return are the "
                        "way to watch: asking for watch measures them too)")
    p.add_argument("--taps", type=int, default=20, help="taps per run and browser")
    p.add_argument("--warm", type=float, default=0,
                   help="taps: first play untimed until the thinking worker is up, at most "
                        "so many seconds (0: none, as runtime.py)")
    p.add_argument("--cap", type=float, default=300, help="the watched game's cap, in s")
    p.add_argument("--site", "--after", dest="site", type=Path, default=SITE,
                   help="the built site (default build/site)")
    p.add_argument("--json", type=Path, help="write every run's readings here")
    args = p.parse_args()
    browsers = [b.strip() for b in args.browsers.split(",") if b.strip()]
    asked = {x.strip() for x in args.situations.split(",") if x.strip()}
    if asked - set(SITUATIONS):
        raise SystemExit(f"unknown situations: {', '.join(sorted(asked - set(SITUATIONS)))}")
    stalls = [x for x in SITUATIONS[:3] if x in asked or ("watch" in asked and x != "watch")]
    if not (args.site / "index.html").exists():
        raise SystemExit(f"the site {args.site} has no index.html")
    server, url = serve(args.site)
    plain, plain_url = serve_in_thread(args.site)  # the taps: the site as it is, no probe
    runners = {"firefox": run_firefox, "webkit": run_webkit}
    results: dict[str, list[dict[str, Any]]] = {}
    taps: dict[str, list[dict[str, Any]]] = {}
    saves: dict[int, str] = {}
    if "taps" in asked:
        for run in range(args.runs):
            seed = SEEDS[run % len(SEEDS)]
            saves[seed], cards = big_table_save(seed)
            print(f"  saved game for seed {seed}: {cards} cards on the table", flush=True)
    t_all = time.monotonic()
    print(f"{args.site} at {url}\n"
          f"watch {WATCH}, cap {args.cap:.0f} s, {args.runs} runs; situations "
          f"{', '.join(stalls + (['taps'] if 'taps' in asked else []))}", flush=True)
    try:
        for run in range(args.runs):
            for browser in browsers:
                if stalls:
                    t = time.monotonic()
                    got = runners[browser](url, args.cap, "watch" in stalls)
                    results.setdefault(browser, []).append(got)
                    parts = []
                    for s in stalls:
                        r = got.get(s)
                        if r:
                            extra = ""
                            if s == "watch":
                                extra = (f" thinker {r['thinker']}, {r['seconds']:.0f} s,"
                                         f" {r['actions']} actions"
                                         + (" CAPPED" if r["capped"] else ""))
                            parts.append(f"{s} {r['max']:.0f} ms [{r['thread']}{extra}]")
                    err = f"  ERROR {got['error']}" if got.get("error") else ""
                    print(f"  run {run + 1} {browser:7} {time.monotonic() - t:5.0f} s: "
                          + "; ".join(parts) + err, flush=True)
                if "taps" in asked:
                    t = time.monotonic()
                    seed = SEEDS[run % len(SEEDS)]
                    tr = tap_run(browser, plain_url, saves[seed], args.taps, args.warm)
                    taps.setdefault(browser, []).append(tr)
                    ms = tr["taps"]
                    err = f"  ERROR {tr['error']}" if tr.get("error") else ""
                    print(f"  run {run + 1} {browser:7} {time.monotonic() - t:5.0f} s: taps "
                          f"{len(ms)}, median {fmt(ms).strip()} ms, worst "
                          f"{max(ms) if ms else float('nan'):.0f} ms [{tr.get('thread')}, "
                          f"thinker {tr.get('thinker') or '-'} at the end, at the taps "
                          f"{dict(Counter(x or '-' for x in tr['thinkers']))}, "
                          f"{tr['states']}, actions {tr['actions'][:1]}..{tr['actions'][-1:]}"
                          + (f", warm-up {tr['warm']:.0f} s" if "warm" in tr else "")
                          + f"]{err}", flush=True)
    finally:
        for srv in (server, plain):
            srv.shutdown()
            srv.server_close()
    if args.json:
        args.json.write_text(json.dumps({"stalls": results, "taps": taps}, indent=1))
    if stalls:
        print(f"\nLongest stall of the page's thread (ms, median of {args.runs} runs; "
              f"a 10 ms timer, so ~10 is no stall), {time.monotonic() - t_all:.0f} s in all")
        print(f"{'browser':8} {'situation':22} {'median':>8}   runs")
        for browser in browsers:
            for s in stalls:
                vals = [r[s]["max"] for r in results.get(browser, []) if r.get(s)]
                print(f"{browser:8} {LABELS[s]:22} {fmt(vals):>8}   "
                      f"{' '.join(f'{v:.0f}' for v in vals) or '—'}")
        threads = {b: sorted({f"{s}:{r[s]['thread']}" for r in v for s in stalls if r.get(s)})
                   for b, v in results.items()}
        print("where the app's Python ran (dataset.thread):")
        for k, v in threads.items():
            print(f"  {k}: {', '.join(v)}")
    if "taps" in asked:
        print(f"\n{LABELS['taps']}: a tap on the Rules link while Strong computers think "
              f"(you + 3 Strong, manipulation, a saved game at a full table, return visit, "
              f"reduced motion): tap -> dataset.handled caught up -> next frame; every tap of "
              f"{args.runs} runs")
        print("  (thinker: dataset.thinker at the tap; '-' while the thinking worker starts)")
        print(f"{'browser':8} {'taps of':14} {'median':>8} {'worst':>8} {'taps':>5}   "
              f"where Python ran")
        for browser in browsers:
            pairs = [(x, k or "-") for r in taps.get(browser, [])
                     for x, k in zip(r["taps"], r["thinkers"], strict=True)]
            where = "/".join(sorted({str(r.get("thread")) for r in taps.get(browser, [])}))
            for kind in ["all", *sorted({k for _, k in pairs})]:
                ms = [x for x, k in pairs if kind in ("all", k)]
                label = "all" if kind == "all" else f"thinker {kind}"
                print(f"{browser:8} {label:14} {fmt(ms):>8} "
                      f"{max(ms) if ms else float('nan'):8.0f} {len(ms):5}   {where}")
        errs = sorted({f"{b}: {e}" for b, rs in taps.items() for r in rs
                       for e in r.get("errors", []) + ([r["error"]] if r.get("error") else [])})
        print("taps: page errors: " + ("none" if not errs else ""))
        for e in errs[:20]:
            print(f"  {e}")


if __name__ == "__main__":
    main()
