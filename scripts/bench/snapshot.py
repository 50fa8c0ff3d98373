"""Memory snapshots of Pyodide (issue 23): what restoring one gains on a return visit.

A measurement, not the app: it serves a copy of build/site with two extra files, a page that
starts a module worker with raw Pyodide (no PyScript) and the worker, in one of these modes:

* ``plain``: ``loadPyodide({packages: [wheel]})``, the app's files written, ``import app.link,
  app.shell`` and ``all_games()`` (what the app imports before its home screen);
* ``unpack``: the same, the wheel unpacked with ``pyodide.unpackArchive`` (no package loader);
  ``imports=all`` also imports every game's table package, ``imports=none`` imports nothing;
* ``micropip``: the wheel installed by micropip, as PyScript does on a first visit;
* ``make``: ``unpack`` with ``_makeSnapshot``, then ``makeMemorySnapshot()`` kept in Cache Storage;
* ``restore``: ``loadPyodide({_loadSnapshot})`` from that cache, the wheel and the app's files
  written again (the snapshot holds the heap, not the file system), ``random`` reseeded.

Prints medians of ``--runs`` (same run, alternating) of the time from navigation to ready: the
app itself (return visit, service worker), a bare Pyodide page (bare.html: Pyodide + wheel on the
page's thread) and each mode above, then the snapshot's size and the time to make and store it,
and the first-visit bytes of build/site, raw and gzipped.

The pages other than the app are opened in a profile whose service worker is blocked (HTTP cache
only): the app's service worker answers every navigation with index.html, so a bare page opened
under it is the app itself.

The worker is snapshot_worker.mjs, beside this file.

Usage: .venv/bin/python -m scripts.bench.snapshot [--runs 7]   (inside /tmp/browser.lock)
"""

from __future__ import annotations

import argparse
import gzip
import shutil
import tempfile
from pathlib import Path
from typing import Any

from scripts.bench.common import median, time_to_ready
from scripts.lib.browser import ARGS, CHROMIUM, SITE, site_with_bare_page

PAGE = r"""<!doctype html><html><head><meta charset="utf-8"><title>snapshot bench</title>
<link rel="icon" href="icons/icon-192.png"></head><body>
<script type="module">
const q = new URLSearchParams(location.search);
const w = new Worker("proto-worker.js?" + q.toString(), { type: "module" });
w.onmessage = (e) => {
  if (e.data.ready) { window.__info = e.data.info; document.documentElement.dataset.ready = "1"; }
  if (e.data.stage) { (window.__stages ||= []).push(e.data.stage); }
  if (e.data.made) { window.__made = e.data; }
};
w.onerror = (e) => { window.__error = String(e.message || e); };
</script></body></html>
"""

READY_PROBE = """new MutationObserver((_, obs) => {
  if (document.documentElement.dataset.ready === "1") {
    window.__readyAt = performance.now(); obs.disconnect();
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready"]});"""


def visit(ctx: Any, url: str, wait_made: bool = False) -> tuple[float, Any, Any]:
    """(ms to ready, the worker's info, the made-snapshot report or None)."""
    page = ctx.new_page()
    page.add_init_script(READY_PROBE)
    try:
        page.goto(url)
        page.wait_for_function("window.__readyAt !== undefined || window.__error",
                               timeout=120_000)
        if page.evaluate("window.__error"):
            raise SystemExit(f"{url}: {page.evaluate('window.__error')}")
        made = None
        if wait_made:
            page.wait_for_function("window.__made !== undefined", timeout=120_000)
            made = page.evaluate("window.__made")
        return page.evaluate("window.__readyAt"), page.evaluate("window.__info"), made
    finally:
        page.close()


def first_visit_bytes(site: Path) -> tuple[int, int]:
    raw = packed = 0
    for f in site.rglob("*"):
        if f.is_file():
            data = f.read_bytes()
            raw += len(data)
            packed += len(gzip.compress(data, 6))
    return raw, packed


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    with site_with_bare_page() as (server, url), sync_playwright() as pw:
        copy = Path(server.directory) if hasattr(server, "directory") else None
        if copy is None:
            copy = Path(sorted(Path(tempfile.gettempdir()).glob("bench-site-*/site/bare.html"),
                               key=lambda p: p.stat().st_mtime)[-1]).parent
        (copy / "snap.html").write_text(PAGE)
        shutil.copy2(Path(__file__).with_name("snapshot_worker.mjs"), copy / "proto-worker.js")
        launch = pw.chromium.launch_persistent_context
        app = launch(tempfile.mkdtemp(prefix="bench-profile-"), executable_path=CHROMIUM,
                     headless=True, args=ARGS)
        page = app.new_page()
        page.goto(url)
        page.wait_for_function("document.documentElement.dataset.ready === '1'",
                               timeout=180_000)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
        page.close()
        bare = launch(tempfile.mkdtemp(prefix="bench-profile-"), executable_path=CHROMIUM,
                      headless=True, args=ARGS, service_workers="block")
        _, _, made = visit(bare, url + "snap.html?mode=make&imports=home", wait_made=True)
        if made.get("error"):
            raise SystemExit("makeMemorySnapshot failed: " + made["error"])
        modes = {
            "bare Pyodide page (main thread)": "bare.html",
            "worker, loadPackage(wheel)": "snap.html?mode=plain&imports=home",
            "worker, micropip.install(wheel)": "snap.html?mode=micropip&imports=home",
            "worker, unpackArchive(wheel)": "snap.html?mode=unpack&imports=home",
            "  the same, every table imported": "snap.html?mode=unpack&imports=all",
            "  the same, nothing imported": "snap.html?mode=unpack&imports=none",
            "worker, restored from snapshot": "snap.html?mode=restore",
        }
        for suffix in modes.values():
            visit(bare, url + suffix)  # warm the HTTP cache
        time_to_ready(app, url)
        times: dict[str, list[float]] = {"the app (service worker)": []}
        times.update({k: [] for k in modes})
        marks: dict[str, Any] = {}
        rands: dict[str, list[int]] = {}
        for _ in range(args.runs):
            times["the app (service worker)"].append(time_to_ready(app, url))
            for name, suffix in modes.items():
                ms, info, _ = visit(bare, url + suffix)
                times[name].append(ms)
                if info:
                    marks[name] = info.get("marks")
                    rands.setdefault(name, []).append(info.get("rand"))
        app.close()
        bare.close()
    base = median(times["bare Pyodide page (main thread)"])
    print(f"return visit, time to ready (median of {args.runs}, same run, Chromium):")
    for name, xs in times.items():
        m = median(xs)
        print(f"  {name:34} {m:6.0f} ms  {m / base:5.2f}x bare   "
              f"runs {', '.join(f'{x:.0f}' for x in xs)}")
    print("  last run's stages in the worker (ms from the worker's start):")
    for name, mk in marks.items():
        print(f"    {name:32} {mk}")
    restored = rands.get("worker, restored from snapshot", [])
    print(f"  random.randrange(10**9) after each restore (reseeded): {restored}")
    print(f"snapshot: {made['size']:,} bytes, made in {made['ms']:.0f} ms, "
          f"stored in Cache Storage in {made['stored']:.0f} ms")
    raw, packed = first_visit_bytes(SITE)
    print(f"first visit (every file of build/site): {raw:,} bytes raw, {packed:,} gzipped")


if __name__ == "__main__":
    main()
