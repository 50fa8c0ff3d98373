"""Shared helpers for the browser benchmarks: Debian's Chromium through Playwright, the built
site served locally, and a *bare page* that loads only Pyodide and our wheel (no PyScript, no
UI) — the floor for this stack, and a way to time engine code inside Pyodide.
"""

from __future__ import annotations

import json
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "build" / "site"
sys.path.insert(0, str(ROOT / "scripts"))

from serve import serve_in_thread  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--disable-gpu", "--no-first-run"]

# A phone-sized page, as in the browser tests.
PHONE = {"viewport": {"width": 360, "height": 640}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}
# Collects the page's long main-thread tasks (over 50 ms) in window.__long.
LONGTASKS = """
window.__long = [];
new PerformanceObserver(list => {
  for (const e of list.getEntries()) window.__long.push(e.duration);
}).observe({type: "longtask", buffered: true});
"""
# Makes workers unavailable: the computers then think on the page's thread (the baseline).
NO_WORKER = "window.Worker = function () { throw new Error('workers are off'); };"

# Taps hand card ``i`` (of ``[data-testid=<testid>]``) and times it until the card shows it is
# (un)selected (aria-pressed changed) and the next frame is drawn.
TAP_PRESSED = """async ([testid, i]) => {
  const btn = () => document.querySelectorAll(`[data-testid=${testid}]`)[i];
  const was = btn().getAttribute('aria-pressed');
  const t0 = performance.now();
  btn().click();
  while (!btn() || btn().getAttribute('aria-pressed') === was) {
    await new Promise(r => setTimeout(r, 0));
  }
  await new Promise(r => requestAnimationFrame(() => r()));
  return performance.now() - t0;
}"""

# Records when data-ready is set, from the navigation start (performance.now()).
READY_PROBE = """
new MutationObserver((_, obs) => {
  if (document.documentElement.dataset.ready === "1") {
    window.__readyAt = performance.now(); obs.disconnect();
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready"]});
"""

BARE_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>bare Pyodide</title>
<link rel="icon" href="icons/icon-192.png"></head><body>
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
const indexURL = new URL("./pyodide/", location.href).href;
const wheel = new URL(%(wheel)s, location.href).href;
const py = await loadPyodide({ indexURL, packages: [wheel] });
py.runPython("import engine.registry; engine.registry.all_games()");
window.py = py;
document.documentElement.dataset.ready = "1";
</script></body></html>
"""


def median(xs: list[float]) -> float:
    return statistics.median(xs)


@contextmanager
def site_with_bare_page(site: Path = SITE) -> Iterator[tuple[Any, str]]:
    """Serve a copy of the site plus bare.html (not precached); yields (server, base url)."""
    if not (site / "index.html").exists():
        raise SystemExit("build/site is missing: run scripts/play or scripts/test first")
    tmp = Path(tempfile.mkdtemp(prefix="bench-site-"))
    try:
        copy = tmp / "site"
        shutil.copytree(site, copy)
        cfg = json.loads((copy / "pyscript.json").read_text())
        (copy / "bare.html").write_text(BARE_PAGE % {"wheel": json.dumps(cfg["packages"][0])})
        server, url = serve_in_thread(copy)
        try:
            yield server, url
        finally:
            server.shutdown()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


@contextmanager
def chromium() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


def time_to_ready(context: Any, url: str, timeout: int = 180_000) -> float:
    """Milliseconds from navigation start to data-ready, in a fresh page of ``context``."""
    page = context.new_page()
    try:
        page.add_init_script(READY_PROBE)
        page.goto(url)
        page.wait_for_function("window.__readyAt !== undefined", timeout=timeout)
        ms: float = page.evaluate("window.__readyAt")
        return ms
    finally:
        page.close()


def bare_pyodide_page(context: Any, url: str) -> Any:
    """A page with Pyodide and our wheel loaded; ``run_python(page, code)`` evaluates in it."""
    page = context.new_page()
    page.goto(url + "bare.html")
    page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=180_000)
    return page


def run_python(page: Any, code: str) -> Any:
    """Run Python in the bare page; the code's last expression must be JSON-able text."""
    return json.loads(page.evaluate("(code) => window.py.runPython(code)", code))


def open_page(browser: Any, url: str, isolated: bool = False,
              init: tuple[str, ...] = ()) -> Any:
    """A phone page of the app, ready, in a new context (``init``: its init scripts).
    ``isolated``: installed, then reloaded cross-origin isolated, with the app's Python in a
    worker; else the app's Python runs on the page's thread (``?thread=page``)."""
    ctx = browser.new_context(**PHONE, reduced_motion="reduce")
    for script in init:
        ctx.add_init_script(script)
    page = ctx.new_page()
    page.goto(url + ("" if isolated else "?thread=page"))
    page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=180_000)
    if isolated:
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
        page.reload()
        page.wait_for_function("document.documentElement.dataset.ready === '1'",
                               timeout=180_000)
    return page


def watch_longtasks(browser: Any, url: str, hash_: str, *, thinking_worker: bool = True,
                    isolated: bool = False, timeout: int = 1_800_000) -> dict[str, Any]:
    """Play a watch link (``#/<game>/watch/N?...&speed=fastest``) to its end and report the
    page's long main-thread tasks: the longest, their count, the total blocking time (beyond
    50 ms each), the wall time, the actions played and where Python ran."""
    init = (LONGTASKS,) if thinking_worker else (LONGTASKS, NO_WORKER)
    page = open_page(browser, url, isolated, init)
    page.evaluate("window.__long = []")
    t0 = time.perf_counter()
    page.evaluate("h => { location.hash = h; }", hash_)
    page.wait_for_function("document.documentElement.dataset.outcome !== undefined",
                           timeout=timeout, polling=500)
    took = time.perf_counter() - t0
    longs: list[float] = page.evaluate("window.__long")
    actions = int(page.evaluate("document.documentElement.dataset.actions"))
    thinker = page.evaluate("document.documentElement.dataset.thinker || 'page'")
    thread = page.evaluate("document.documentElement.dataset.thread")
    page.context.close()
    return {"longest": max(longs, default=0.0), "blocking": sum(max(0, x - 50) for x in longs),
            "tasks": len(longs), "seconds": took, "actions": actions, "thinker": thinker,
            "thread": thread}
