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

Usage: .venv/bin/python scripts/bench_snapshot.py [--runs 7]   (inside /tmp/browser.lock)
"""

from __future__ import annotations

import argparse
import gzip
import tempfile
from pathlib import Path
from typing import Any

from browserlib import ARGS, CHROMIUM, SITE, median, site_with_bare_page, time_to_ready

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

WORKER = r"""import { loadPyodide } from "./pyodide/pyodide.mjs";
const T0 = performance.now();
const q = new URL(self.location.href).searchParams;
const mode = q.get("mode");
const imports = q.get("imports") || "home";
const base = new URL("./", self.location.href);
const KEY = new URL("__bench_snapshot__", base).href;
const marks = {};
const mark = (k) => { marks[k] = Math.round(performance.now() - T0); };
const cfg = await (await fetch(new URL("pyscript.json", base))).json();
const wheelUrl = new URL(cfg.packages[0], base).href;
const wheelP = fetch(wheelUrl).then((r) => r.arrayBuffer());
const filesP = Promise.all(Object.entries(cfg.files || {}).map(async ([from, to]) =>
  [to.replace(/^\.\//, ""), await (await fetch(new URL(from, base))).text()]));
const indexURL = new URL("pyodide/", base).href;
function writeFiles(py, files) {
  for (const [rel, text] of files) {
    const path = "/home/pyodide/" + rel;
    py.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    py.FS.writeFile(path, text);
  }
}
const IMPORT_HOME = "import sys; sys.path.insert(0, '/home/pyodide')\n" +
  "import app.link, app.shell\nfrom engine.registry import all_games\nall_games()";
const IMPORT_ALL = IMPORT_HOME + "\nfrom app import tables\n" +
  "from engine.registry import playable_ids\ntables.import_all(playable_ids())";
const IMPORT_NONE = "import sys; sys.path.insert(0, '/home/pyodide')";
const CODE = { home: IMPORT_HOME, all: IMPORT_ALL, none: IMPORT_NONE }[imports];
let py, info = { mode };
if (mode === "plain") {
  py = await loadPyodide({ indexURL, packages: [wheelUrl] }); mark("loaded");
  writeFiles(py, await filesP); mark("files");
  py.runPython(CODE); mark("imported");
} else if (mode === "micropip") {
  py = await loadPyodide({ indexURL }); mark("loaded");
  await py.loadPackage("micropip"); mark("micropip");
  const mp = py.pyimport("micropip"); await mp.install(wheelUrl); mark("installed");
  writeFiles(py, await filesP); py.runPython(CODE); mark("imported");
} else if (mode === "unpack" || mode === "make") {
  py = await loadPyodide({ indexURL, _makeSnapshot: mode === "make" }); mark("loaded");
  py.unpackArchive(await wheelP, "wheel"); mark("wheel");
  writeFiles(py, await filesP); mark("files");
  py.runPython(CODE); mark("imported");
} else if (mode === "restore") {
  const snapP = caches.open("bench-snapshot").then((c) => c.match(KEY))
    .then((r) => r.arrayBuffer());
  py = await loadPyodide({ indexURL, _loadSnapshot: snapP }); mark("loaded");
  py.unpackArchive(await wheelP, "wheel"); mark("wheel");
  writeFiles(py, await filesP); mark("files");
  py.runPython("import random, os; random.seed(os.urandom(32))"); mark("reseeded");
}
info.heap = py._module.HEAP8.length;
info.marks = marks;
info.modules = py.runPython("import sys; len(sys.modules)");
info.rand = py.runPython("import random; random.randrange(10**9)");
self.postMessage({ ready: true, info });
if (mode === "make") {
  self.postMessage({ stage: 'before-make' });
  const t = performance.now();
  let snap;
  try {
    snap = py.makeMemorySnapshot();
  } catch (err) {
    self.postMessage({ made: true, error: String((err && err.stack) || err) });
    throw err;
  }
  const made = performance.now() - t;
  self.postMessage({ stage: 'made ' + snap.length + ' in ' + made });
  const c = await caches.open("bench-snapshot");
  self.postMessage({ stage: 'opened' });
  await c.put(KEY, new Response(snap));
  const stored = performance.now() - t - made;
  self.postMessage({ made: true, size: snap.length, ms: made, stored });
}
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
        (copy / "proto-worker.js").write_text(WORKER)
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
