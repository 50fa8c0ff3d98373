"""What the app costs a phone in memory, at the moments issue 47 names, in Debian's Chromium.

The measure: the proportional set size (Pss of /proc/<pid>/smaps_rollup) of every process of
the browser (bench.common.browser_memory), minus the same browser showing about:blank in a
fresh profile of its own (measured in the same run, before each visit). Each run is one fresh
on-disk profile, a 360 x 640 phone page (scale 2, touch, reduced motion), one visit:

1. first visit to ready; the service worker in charge and this version's snapshot made
   (dataset.snapshot), then a return visit (reload) to ready: **home**, 3 s after ready, and
   settled, 35 s after ready (Chromium stops an idle service worker after 30 s, and what the
   start left for the garbage collector is mostly collected by then: the tab a phone would
   keep in the background);
2. the Perpetual Motion deal 16557 opened from home (its stacks drawn): **PM deal**, 3 s after;
3. back home, then the watch link of four Strong computers at Machiavelli (fastest) to its end
   (dataset.outcome set): **game**, 2 s after the end, the game's page still open;
4. the same page left alone: 10 s after the end, and **rest**, 60 s after the end.

At home and at rest it also measures again after every JavaScript heap of the page (the
page's, its workers' and its service worker's) was collected through the DevTools protocol:
what is left once the browser collects the garbage (as it does when a tab is hidden), against
what waits for a collection.

Each figure is printed as the median of ``--runs`` with each run's value, and split by kind of
process (browser, renderer, GPU, utility...) so that a change shows where it landed.

Usage: .venv/bin/python -m scripts.bench.memory [--runs 3] [--site build/site] [--json out]
       [--query ?thinker=here]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from scripts.bench.common import _browser_tree, _cmdline, _memory_of, lock
from scripts.lib.browser import SITE
from scripts.lib.cdp_pipe import Chromium
from scripts.serve import serve_in_thread

SEEDS = [1, 2, 3, 4, 5, 6, 7]
WATCH = "#/machiavelli/watch/{seed}?seats=strong,strong,strong,strong&speed=fastest"
PM_DEAL = "#/perpetual-motion/deal/16557"
READY = "document.documentElement.dataset.ready === '1'"
MOMENTS = ("home", "home35", "pm", "game", "game10", "rest", "home_gc", "rest_gc")
LABELS = {"home": "home screen (return visit), 3 s after ready",
          "home35": "home, settled: 35 s after ready",
          "pm": "after a Perpetual Motion deal",
          "game": "after a watched 4-Strong Machiavelli game", "game10": "10 s after that game",
          "rest": "60 s after that game",
          "home_gc": "home, after a collection (DevTools' collectGarbage)",
          "rest_gc": "60 s after the game, after a collection"}


def kind(pid: int) -> str:
    """The kind of a Chromium process, from its --type= (the browser process has none)."""
    cmd = _cmdline(pid)
    if "--type=" not in cmd:
        return "browser"
    t = cmd.split("--type=", 1)[1].split()[0]
    if t == "utility":
        sub = cmd.split("--utility-sub-type=", 1)[1].split()[0] if "--utility-sub-type=" in cmd \
            else "utility"
        return sub.rsplit(".", 1)[-1]
    return t


def measure(folder: str) -> dict[str, Any]:
    """Pss of the whole browser and by kind of process, in MB."""
    pids = _browser_tree(folder)
    total = _memory_of(pids)
    kinds: dict[str, float] = {}
    for pid, _rss, pss in total["each_mb"]:
        kinds[kind(pid)] = kinds.get(kind(pid), 0) + pss
    return {"pss": total["pss_mb"], "kinds": kinds}


def blank() -> dict[str, Any]:
    folder = tempfile.mkdtemp(prefix="bench-mem-blank-")
    browser = Chromium(folder)
    try:
        browser.evaluate("0")
        time.sleep(3)
        return measure(folder)
    finally:
        browser.close()
        shutil.rmtree(folder, ignore_errors=True)


def visit(url: str, seed: int, rest_s: int, collect_home: bool) -> dict[str, Any]:
    """One visit in a fresh profile: the moments' memory."""
    folder = tempfile.mkdtemp(prefix="bench-mem-")
    b = Chromium(folder)
    out: dict[str, Any] = {}
    try:
        b.goto(url)
        b.wait(READY)
        b.wait("navigator.serviceWorker.controller !== null")
        b.wait("!!document.documentElement.dataset.snapshot")
        out["snapshot"] = b.evaluate("document.documentElement.dataset.snapshot")
        time.sleep(1)
        b.evaluate("window.__before_reload = 1")
        b.reload()
        b.wait(f"!window.__before_reload && {READY}")
        ready = time.perf_counter()
        out["start"] = b.evaluate("document.documentElement.dataset.start || ''")
        time.sleep(3)
        out["home"] = measure(folder)
        time.sleep(max(0.0, 35 - (time.perf_counter() - ready)))
        out["home35"] = measure(folder)
        if collect_home:
            b.collect_garbage()
            out["home_gc"] = measure(folder)
        b.evaluate(f"location.hash = {json.dumps(PM_DEAL)}")
        b.wait("document.querySelector('[data-action=stack]')")
        time.sleep(3)
        out["pm"] = measure(folder)
        b.evaluate("location.hash = '#/'")
        time.sleep(1)
        t0 = time.perf_counter()
        b.evaluate(f"location.hash = {json.dumps(WATCH.format(seed=seed))}")
        b.wait("document.documentElement.dataset.outcome !== undefined", timeout=1800, every=0.5)
        ended = time.perf_counter()
        out["seconds"] = ended - t0
        out["actions"] = int(b.evaluate("document.documentElement.dataset.actions || '0'"))
        out["thinker"] = b.evaluate("document.documentElement.dataset.thinker || ''")
        time.sleep(max(0.0, 2 - (time.perf_counter() - ended)))
        out["game"] = measure(folder)
        time.sleep(max(0.0, 10 - (time.perf_counter() - ended)))
        out["game10"] = measure(folder)
        time.sleep(max(0.0, rest_s - (time.perf_counter() - ended)))
        out["rest"] = measure(folder)
        out["thinking_at_rest"] = b.evaluate("document.documentElement.dataset.thinking || ''")
        b.collect_garbage()
        out["rest_gc"] = measure(folder)
        out["errors"] = [] if b.evaluate("document.documentElement.dataset.ready") == "1" \
            else ["the app is not ready at the end"]
    finally:
        b.close()
        shutil.rmtree(folder, ignore_errors=True)
    return out


def fmt(xs: list[float]) -> str:
    if not xs:
        return "-"
    return f"{statistics.median(xs):6.0f} MB [" + ", ".join(f"{x:.0f}" for x in xs) + "]"


def report(res: dict[str, Any]) -> None:
    blanks = [b["pss"] for b in res["blank"]]
    runs = res["visits"]
    print(f"bench.memory: {res['site']}{res['query']}; Debian Chromium headless, 360x640 phone "
          f"page, a fresh profile per run; medians of {len(runs)} runs, each run's value in "
          "brackets.")
    print(f"about:blank, the whole browser: {fmt(blanks)}")
    print("The whole browser (Pss of every process) over about:blank (same run):")
    for m in [m for m in MOMENTS if any(m in r for r in runs)]:
        xs = [r[m]["pss"] - b for r, b in zip(runs, blanks, strict=False) if m in r]
        print(f"  {LABELS[m]:<52} {fmt(xs)}")
    moments = [m for m in MOMENTS if any(m in r for r in runs)]
    kinds = sorted({k for r in runs for m in moments if m in r for k in r[m]["kinds"]}
                   | {k for b in res["blank"] for k in b["kinds"]})
    print("By kind of process (median Pss; about:blank first):")
    print("  " + f"{'':<15}" + "".join(f"{k:>9}" for k in ("blank", *moments)))
    for k in kinds:
        cells = [statistics.median([b["kinds"].get(k, 0) for b in res["blank"]])]
        cells += [statistics.median([r[m]["kinds"].get(k, 0) for r in runs if m in r] or [0])
                  for m in moments]
        print("  " + f"{k:<15}" + "".join(f"{c:>7.0f}MB" for c in cells))
    print("watched games: " + ", ".join(
        f"seed {r['seed']} {r.get('actions', 0)} actions in {r.get('seconds', 0):.0f} s "
        f"(thinker {r.get('thinker') or '-'}, at rest: "
        f"{r.get('thinking_at_rest') or 'never started'})"
        for r in runs))
    print("start of the return visits: " + ", ".join(str(r.get("start")) for r in runs)
          + "; snapshots: " + ", ".join(str(r.get("snapshot")) for r in runs))
    errs = [e for r in runs for e in r["errors"]]
    print("page errors: " + ("none" if not errs else "\n  " + "\n  ".join(errs[:10])))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--site", type=Path, default=SITE)
    ap.add_argument("--query", default="", help="added to the app's address, e.g. ?thinker=here")
    ap.add_argument("--rest", type=int, default=60, help="seconds after the game's end")
    ap.add_argument("--json", type=Path)
    ap.add_argument("--collect-home", action="store_true",
                    help="also collect the garbage at home (the later figures are then taken "
                    "after that collection)")
    ap.add_argument("--lock", default="/tmp/browser.lock")
    args = ap.parse_args()
    if not (args.site / "index.html").exists():
        raise SystemExit(f"{args.site} is missing: run scripts/build_site.py first")
    server, url = serve_in_thread(args.site)
    res: dict[str, Any] = {"site": str(args.site), "query": args.query, "blank": [],
                           "visits": []}
    started = time.perf_counter()
    try:
        for run in range(args.runs):
            seed = SEEDS[run % len(SEEDS)]
            with lock(args.lock):
                res["blank"].append(blank())
                r = visit(url + args.query, seed, args.rest, args.collect_home)
            r["seed"] = seed
            res["visits"].append(r)
            print(f"  [{time.perf_counter() - started:5.0f} s] run {run + 1} done",
                  file=sys.stderr, flush=True)
            if args.json:
                args.json.write_text(json.dumps(res, indent=1))
    finally:
        server.shutdown()
    report(res)


if __name__ == "__main__":
    main()
