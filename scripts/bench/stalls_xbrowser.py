"""The longest stall of the page's own thread in Firefox ESR and WebKitGTK.

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

Firefox: /usr/bin/firefox-esr, headless, by puppeteer-core over WebDriver BiDi
(scripts/bench/stalls_firefox.mjs). WebKit: Debian's MiniBrowser in automation mode through
/usr/bin/WebKitWebDriver (Selenium) on an Xvfb display of its own (scripts/lib/webkit.py), a
360 x 640 viewport (the GTK style-sheet trick of tests/xbrowser/test_webkit.py). Every browser
run holds /tmp/browser.lock (flock), one run (three situations) at a time.

    .venv/bin/python -m scripts.bench.stalls_xbrowser [--runs 3] [--browsers firefox,webkit]
        [--site build/site] [--cap 300] [--json out.json]
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
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from scripts.lib import webkit
from scripts.lib.browser import ROOT, SITE
from scripts.lib.webkit import DRIVER
from scripts.serve import Handler

LOCK = Path("/tmp/browser.lock")
FIREFOX_SCRIPT = Path(__file__).with_name("stalls_firefox.mjs")
WATCH = "#/machiavelli/watch/7?seats=strong,strong,strong,strong&speed=fastest"
SITUATIONS = ("first", "return", "watch")
LABELS = {"first": "(i) first visit", "return": "(ii) return visit",
          "watch": "(iii) watch 4 Strong"}

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
    host, port = server.server_address[:2]
    return server, f"http://{host}:{port}/"


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

def run_firefox(url: str, cap_s: float) -> dict[str, Any]:
    with browser_lock():
        proc = subprocess.run(["node", str(FIREFOX_SCRIPT), url, WATCH, str(int(cap_s * 1000))],
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


def run_webkit(url: str, cap_s: float) -> dict[str, Any]:
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
    p.add_argument("--cap", type=float, default=300, help="the watched game's cap, in s")
    p.add_argument("--site", "--after", dest="site", type=Path, default=SITE,
                   help="the built site (default build/site)")
    p.add_argument("--json", type=Path, help="write every run's readings here")
    args = p.parse_args()
    browsers = [b.strip() for b in args.browsers.split(",") if b.strip()]
    if not (args.site / "index.html").exists():
        raise SystemExit(f"the site {args.site} has no index.html")
    server, url = serve(args.site)
    runners = {"firefox": run_firefox, "webkit": run_webkit}
    results: dict[str, list[dict[str, Any]]] = {}
    t_all = time.monotonic()
    print(f"{args.site} at {url}\n"
          f"watch {WATCH}, cap {args.cap:.0f} s, {args.runs} runs", flush=True)
    try:
        for run in range(args.runs):
            for browser in browsers:
                t = time.monotonic()
                got = runners[browser](url, args.cap)
                results.setdefault(browser, []).append(got)
                parts = []
                for s in SITUATIONS:
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
    finally:
        server.shutdown()
        server.server_close()
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    print(f"\nLongest stall of the page's thread (ms, median of {args.runs} runs; "
          f"a 10 ms timer, so ~10 is no stall), {time.monotonic() - t_all:.0f} s in all")
    print(f"{'browser':8} {'situation':22} {'median':>8}   runs")
    for browser in browsers:
        for s in SITUATIONS:
            vals = [r[s]["max"] for r in results.get(browser, []) if r.get(s)]
            print(f"{browser:8} {LABELS[s]:22} {fmt(vals):>8}   "
                  f"{' '.join(f'{v:.0f}' for v in vals) or '—'}")
    threads = {b: sorted({f"{s}:{r[s]['thread']}" for r in v for s in SITUATIONS if r.get(s)})
               for b, v in results.items()}
    print("where the app's Python ran (dataset.thread):")
    for k, v in threads.items():
        print(f"  {k}: {', '.join(v)}")


if __name__ == "__main__":
    main()
