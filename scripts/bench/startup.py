"""Start-up and download size of the app in headless Chromium.

Prints:
* warm start (second visit and later, answered by the service worker's cache): time from
  navigation to ``data-ready`` for the app (restored from its memory snapshot), the app without
  its snapshot (``?snapshot=off``) and, in the same run, a bare page that loads only the same
  Pyodide files and the same wheel on the page's thread (the floor for this stack without a
  snapshot); medians and the ratios. The bare page is opened in a second profile whose service
  worker is blocked (HTTP cache only): the app's service worker answers every navigation with
  index.html, so a bare page opened under it would be the app itself;
* the same warm start with the app's Python forced onto the page's thread (``?thread=page``,
  the app before it moved into a worker), and the renderer memory of each (the resident size
  of the browser's renderer processes, workers included, with one page open and ready);
* cold start (first visit, empty profile) for both, for reference;
* a game opened first in a session: the time from a tap on its home tile to its table drawn,
  for each game, restored from the snapshot and started without it;
* the first-visit download in bytes, split into Pyodide, PyScript and our own files, counted at
  the server (so the service worker's precaching is included).

Usage: .venv/bin/python -m scripts.bench.startup [--runs 7] [--first-runs 3] [--tap-runs 3]
       [--before COMMIT]
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path
from typing import Any

from scripts.bench.common import (
    before_site,
    median,
    stages_of,
    time_to_ready,
    time_to_table,
    time_to_thinker,
)
from scripts.lib.browser import ARGS, CHROMIUM, SITE, site_with_bare_page


def classify(path: str) -> str:
    p = path.lstrip("/")
    if p.startswith("pyodide/"):
        return "Pyodide"
    if p.startswith("pyscript/"):
        return "PyScript"
    return "our own files"


def renderer_mb(profile: str) -> float:
    """Resident memory of the renderer processes of the browser using ``profile``."""
    total = 0
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmd = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            if "--type=renderer" not in cmd or profile not in cmd:
                continue
            for line in (proc / "status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--tap-runs", type=int, default=3, help="runs of each game's tap to table")
    ap.add_argument("--first-runs", type=int, default=3, help="first visits of each page")
    ap.add_argument("--before", default="",
                    help="measure the site of this commit instead (bench.common.before_site)")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    dirs: list[str] = []

    def profile() -> Any:
        # a real on-disk profile, as on a phone (incognito contexts keep only a small memory
        # cache, which makes the service worker download the 9.6 MB wasm a second time)
        dirs.append(tempfile.mkdtemp(prefix="bench-profile-"))
        return pw.chromium.launch_persistent_context(
            dirs[-1], executable_path=CHROMIUM, headless=True, args=ARGS)

    site = before_site(args.before) if args.before else SITE
    with site_with_bare_page(site) as (server, url), sync_playwright() as pw:
        # first visit: count every byte the server sends until the service worker is ready
        server.bytes_sent = {}
        ctx = profile()
        page = ctx.new_page()
        page.goto(url)
        page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=180_000)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
        # and the snapshot made by the first visit's maker (web/maker.js), which a page closed
        # earlier ends before it is done
        page.wait_for_function("!!document.documentElement.dataset.snapshot", timeout=120_000)
        made = page.evaluate("document.documentElement.dataset.snapshot")
        page.wait_for_timeout(500)
        sent: dict[str, int] = dict(server.bytes_sent)
        server.bytes_sent = None
        page.close()
        groups: dict[str, int] = {}
        for path, n in sent.items():
            groups[classify(path)] = groups.get(classify(path), 0) + n
        # warm: the profile that made the first visit (service worker active, cache full, the
        # snapshot kept); the bare page in its own profile with no service worker; one warm-up
        # visit each, then alternate
        dirs.append(tempfile.mkdtemp(prefix="bench-profile-"))
        bare = pw.chromium.launch_persistent_context(
            dirs[-1], executable_path=CHROMIUM, headless=True, args=ARGS,
            service_workers="block")
        time_to_ready(ctx, url)
        time_to_ready(bare, url + "bare.html")
        time_to_ready(bare, url + "bare-app.html")
        time_to_ready(ctx, url + "?snapshot=off")
        time_to_ready(ctx, url + "?thread=page")
        warm_app, warm_off, warm_bare, warm_page, warm_bare_app = [], [], [], [], []
        app_marks: list[dict[str, float]] = []
        for _ in range(args.runs):
            warm_app.append(time_to_ready(ctx, url, marks=app_marks))
            warm_off.append(time_to_ready(ctx, url + "?snapshot=off"))
            warm_bare.append(time_to_ready(bare, url + "bare.html"))
            warm_bare_app.append(time_to_ready(bare, url + "bare-app.html"))
            warm_page.append(time_to_ready(ctx, url + "?thread=page"))
        # the thinking worker (the first computer turn asks for it): restored from the snapshot,
        # and started afresh as it would be without one
        thinker = {"snapshot": [time_to_thinker(ctx, url) for _ in range(args.tap_runs)],
                   "fresh": [time_to_thinker(ctx, url + "?snapshot=off")
                             for _ in range(args.tap_runs)]}
        # a game opened first in a session: from the tap on its tile to its table drawn
        games = json.loads((site / "games.json").read_text())
        tap: dict[str, dict[str, list[float]]] = {}
        for g in games:
            if not g.get("available", True):
                continue
            tap[g["name"]] = {"snapshot": [], "off": []}
            for _ in range(args.tap_runs):
                tap[g["name"]]["snapshot"].append(time_to_table(ctx, url, g["id"]))
                tap[g["name"]]["off"].append(time_to_table(ctx, url + "?snapshot=off", g["id"]))
        page = ctx.new_page()
        page.goto(url)
        page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=180_000)
        how = page.evaluate("document.documentElement.dataset.start")
        page.close()
        bare.close()
        memory = {}
        for name, suffix in (("worker", ""), ("page's thread", "?thread=page")):
            page = ctx.new_page()
            page.goto(url + suffix)
            page.wait_for_function("document.documentElement.dataset.ready === '1'",
                                   timeout=180_000)
            thread = page.evaluate("document.documentElement.dataset.thread")
            page.wait_for_timeout(3000)
            memory[f"{name} ({thread})"] = renderer_mb(dirs[0])
            page.close()
        ctx.close()
        # cold starts, each in a fresh profile (no HTTP cache, no service worker)
        cold_app, cold_bare = [], []
        for _ in range(args.first_runs):
            c = profile()
            cold_app.append(time_to_ready(c, url))
            c.close()
            c = profile()
            cold_bare.append(time_to_ready(c, url + "bare.html"))
            c.close()
    print(f"the first visit's snapshot: {made}")
    total = sum(groups.values())
    print(f"first-visit download: {total:,} bytes")
    for name in ("Pyodide", "PyScript", "our own files"):
        print(f"  {name:14} {groups.get(name, 0):>12,} bytes")
    print(f"cold start (first visit, median of {len(cold_app)}): app {median(cold_app):.0f} ms, "
          f"bare Pyodide page {median(cold_bare):.0f} ms")
    a, b, o = median(warm_app), median(warm_bare), median(warm_off)
    print(f"warm start (service-worker cache, median of {args.runs}): app ({how}) {a:.0f} ms, "
          f"bare Pyodide page {b:.0f} ms, ratio {a / b:.2f}x (goal <= 0.5x)")
    print(f"  the app without its snapshot (?snapshot=off): {o:.0f} ms, ratio {o / b:.2f}x")
    ba = median(warm_bare_app)
    print(f"  bare page with the app's standard library: {ba:.0f} ms; the app against it "
          f"{a / ba:.2f}x (goal <= 1.0x)")
    print("  where the app's return visit went (median ms from navigation start):")
    for name, at in stages_of(app_marks):
        print(f"    {at:7.0f}  {name}")
    p = median(warm_page)
    print(f"  the same with Python on the page's thread (before): app {p:.0f} ms, ratio "
          f"{p / b:.2f}x; worker against page's thread {a / p:.2f}x")
    print(f"a game opened first in a session, tap to table (median of {args.tap_runs}): "
          "restored from the snapshot / started without it")
    for name, runs in tap.items():
        print(f"  {name:26} {median(runs['snapshot']):6.0f} ms / {median(runs['off']):6.0f} ms")
    print(f"the thinking worker, asked to its first answer (median of {args.tap_runs}): "
          f"restored {median(thinker['snapshot']):.0f} ms, "
          f"afresh {median(thinker['fresh']):.0f} ms")
    for name, mb in memory.items():
        print(f"  renderer memory, Python in {name}: {mb:.0f} MB")
    print(f"  app runs:  {', '.join(f'{x:.0f}' for x in warm_app)}")
    print(f"  no-snapshot runs: {', '.join(f'{x:.0f}' for x in warm_off)}")
    print(f"  page-thread runs: {', '.join(f'{x:.0f}' for x in warm_page)}")
    print(f"  bare runs: {', '.join(f'{x:.0f}' for x in warm_bare)}")
    print(f"  bare runs, the app's library: {', '.join(f'{x:.0f}' for x in warm_bare_app)}")


if __name__ == "__main__":
    main()
