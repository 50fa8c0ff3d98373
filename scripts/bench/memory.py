"""What the app costs a phone in memory, at the moments issue 47 names, in Debian's Chromium.

The measure: the proportional set size (Pss of /proc/<pid>/smaps_rollup) of every process of
the browser (bench.common.browser_memory), minus the same browser showing about:blank in a
fresh profile of its own (measured in the same run, before each visit). Each run is one fresh
on-disk profile, a 360 x 640 phone page (scale 2, touch, reduced motion), one visit:

1. first visit to ready; the service worker in charge and this version's snapshot made
   (dataset.snapshot), then a return visit (reload) to ready: **home**, 3 s after ready;
2. the Perpetual Motion deal 16557 opened from home (its stacks drawn): **PM deal**, 3 s after;
3. back home, then the watch link of four Strong computers at Machiavelli (fastest) to its end
   (dataset.outcome set): **game**, 2 s after the end, the game's page still open;
4. the same page left alone: **rest**, 60 s after the end.

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
from scripts.lib.browser import ARGS, CHROMIUM, PHONE, SITE
from scripts.serve import serve_in_thread

SEEDS = [1, 2, 3, 4, 5, 6, 7]
WATCH = "#/machiavelli/watch/{seed}?seats=strong,strong,strong,strong&speed=fastest"
PM_DEAL = "#/perpetual-motion/deal/16557"
READY = "document.documentElement.dataset.ready === '1'"
MOMENTS = ("home", "pm", "game", "rest")
LABELS = {"home": "home screen (return visit)", "pm": "after a Perpetual Motion deal",
          "game": "after a watched 4-Strong Machiavelli game", "rest": "60 s after that game"}


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


def launch(pw: Any, folder: str) -> Any:
    return pw.chromium.launch_persistent_context(
        folder, executable_path=CHROMIUM, headless=True, args=ARGS, **PHONE,
        reduced_motion="reduce")


def blank(pw: Any) -> dict[str, Any]:
    folder = tempfile.mkdtemp(prefix="bench-mem-blank-")
    ctx = launch(pw, folder)
    try:
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        page.goto("about:blank")
        page.wait_for_timeout(3000)
        return measure(folder)
    finally:
        ctx.close()
        shutil.rmtree(folder, ignore_errors=True)


def visit(pw: Any, url: str, seed: int, rest_s: int) -> dict[str, Any]:
    """One visit in a fresh profile: the four moments' memory."""
    folder = tempfile.mkdtemp(prefix="bench-mem-")
    ctx = launch(pw, folder)
    errors: list[str] = []
    out: dict[str, Any] = {}
    try:
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        page.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))
        page.on("console", lambda m: errors.append(f"console.error: {m.text[:300]}")
                if m.type == "error" else None)
        page.goto(url)
        page.wait_for_function(READY, timeout=180_000)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
        page.wait_for_function("!!document.documentElement.dataset.snapshot", timeout=180_000)
        out["snapshot"] = page.evaluate("document.documentElement.dataset.snapshot")
        page.wait_for_timeout(1000)
        page.reload()
        page.wait_for_function(READY, timeout=180_000)
        out["start"] = page.evaluate("document.documentElement.dataset.start || ''")
        page.wait_for_timeout(3000)
        out["home"] = measure(folder)
        page.evaluate("h => { location.hash = h; }", PM_DEAL)
        page.wait_for_selector("[data-action=stack]", timeout=60_000)
        page.wait_for_timeout(3000)
        out["pm"] = measure(folder)
        page.evaluate("location.hash = '#/'")
        page.wait_for_timeout(1000)
        t0 = time.perf_counter()
        page.evaluate("h => { location.hash = h; }", WATCH.format(seed=seed))
        page.wait_for_function("document.documentElement.dataset.outcome !== undefined",
                               timeout=1_800_000, polling=500)
        out["seconds"] = time.perf_counter() - t0
        out["actions"] = int(page.evaluate("document.documentElement.dataset.actions || '0'"))
        out["thinker"] = page.evaluate("document.documentElement.dataset.thinker || ''")
        ended = time.perf_counter()
        page.wait_for_timeout(2000)
        out["game"] = measure(folder)
        page.wait_for_timeout(max(0, int((rest_s - (time.perf_counter() - ended)) * 1000)))
        out["rest"] = measure(folder)
        out["thinker_at_rest"] = page.evaluate("document.documentElement.dataset.thinker || ''")
    finally:
        ctx.close()
        shutil.rmtree(folder, ignore_errors=True)
    out["errors"] = errors
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
    for m in MOMENTS:
        xs = [r[m]["pss"] - b for r, b in zip(runs, blanks, strict=False) if m in r]
        print(f"  {LABELS[m]:<44} {fmt(xs)}")
    kinds = sorted({k for r in runs for m in MOMENTS if m in r for k in r[m]["kinds"]}
                   | {k for b in res["blank"] for k in b["kinds"]})
    print("By kind of process (median Pss; about:blank first):")
    print("  " + f"{'':<10}" + "".join(f"{k:>10}" for k in ("blank", *MOMENTS)))
    for k in kinds:
        cells = [statistics.median([b["kinds"].get(k, 0) for b in res["blank"]])]
        cells += [statistics.median([r[m]["kinds"].get(k, 0) for r in runs if m in r] or [0])
                  for m in MOMENTS]
        print("  " + f"{k:<10}" + "".join(f"{c:>8.0f}MB" for c in cells))
    print("watched games: " + ", ".join(
        f"seed {r['seed']} {r.get('actions', 0)} actions in {r.get('seconds', 0):.0f} s "
        f"(thinker {r.get('thinker') or '-'}, at rest {r.get('thinker_at_rest') or '-'})"
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
    ap.add_argument("--lock", default="/tmp/browser.lock")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    if not (args.site / "index.html").exists():
        raise SystemExit(f"{args.site} is missing: run scripts/build_site.py first")
    server, url = serve_in_thread(args.site)
    res: dict[str, Any] = {"site": str(args.site), "query": args.query, "blank": [],
                           "visits": []}
    started = time.perf_counter()
    try:
        with sync_playwright() as pw:
            for run in range(args.runs):
                seed = SEEDS[run % len(SEEDS)]
                with lock(args.lock):
                    res["blank"].append(blank(pw))
                    r = visit(pw, url + args.query, seed, args.rest)
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
