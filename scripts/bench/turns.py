"""How long a computer takes to move, seen from outside the app (issue 47: "a computer's move
no slower than today"): the time from a computer's turn's start to its first card moving, over
every turn of a whole watched game, so that the same script measures any build (``--site``),
before and after a change to how the computers think.

Debian's Chromium through Playwright (the flags of scripts/lib/browser.py ARGS), a 360x640
phone page (scale 2, touch), NOT reduced motion (so that the computers play at their pace and
their cards fly), a fresh on-disk profile per run. A return visit: the first visit until the
service worker controls the page and the snapshot is made (``dataset.snapshot``), a reload
until ``dataset.ready === '1'``; then, in that page, the watch link of four Strong computers at
Machiavelli at the default (normal) computer speed,
``#/machiavelli/watch/<seed>?seats=strong,strong,strong,strong``, played to its end
(``dataset.outcome`` set). Seeds 6, 3, 5 by default (the shortest games of seeds 1-9 there:
113-125 actions, 25-29 turns, ``python -m engine play machiavelli --seed N --seats strong,...``).

What is timed, from the DOM only: an init script's MutationObserver notes ``performance.now()``
at each change that it sees, with the seat the board then shows as playing. A watched game
shows the hand of the seat to play (``Match.viewer``) and the other seats as chips
(``[data-testid=m-opponent]``, ``data-seat``): the seat playing is the one without a chip (or
the chip marked ``.current``, where the board shows every seat as a chip); none once
``dataset.outcome`` is set.

- a turn starts at the first change that shows a new seat as playing (the redraw after the
  previous seat's last step); the game's first turn starts when the table is first drawn;
- its first move is the next change of the table (``[data-testid=m-table]`` redrawn): a card
  flight when the bridge marks a card ``.flying`` in that change (web/bridge.js ``fly``: the
  class, then ``el.animate`` with no delay), else a step that moves no card on the table
  (a draw from the pile).

So a turn's figure is the pace (the computer speed's pause after the previous step, 450 ms at
normal, app.settings.SPEEDS), the computer's think (the thinking worker's round trip) and the
redraw; the game's first turn has no pause before it but includes starting the thinking
worker (today a second Pyodide). Printed: per run and over all runs, median and worst of every
turn, and of every turn but the first (also less the pace), the first turn alone, the count of
turns, of steps seen against ``dataset.actions`` (a check that no change was missed or
added), and ``dataset.thinker``.

The browser part of each run holds the lock file (--lock, default /tmp/browser.lock).

Usage: .venv/bin/python -m scripts.bench.turns [--runs 3] [--site build/site] [--seeds 6,3,5]
       [--query ?thinker=here] [--json out.json]
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

from scripts.bench.common import lock
from scripts.lib.browser import ARGS, CHROMIUM, PHONE, SITE
from scripts.serve import serve_in_thread

WATCH = "#/machiavelli/watch/{seed}?seats=strong,strong,strong,strong"
SEEDS = [6, 3, 5]
PACE_MS = 450  # app.settings.SPEEDS["normal"], the default computer speed
READY = "document.documentElement.dataset.ready === '1'"
ENDED = "document.documentElement.dataset.outcome !== undefined"

# Every change of the table (a childList change at, in or around [data-testid=m-table]) and
# every card newly marked .flying, with the time and the seat the board marks as playing.
OBSERVER = """(() => {
  const log = window.__turns = [];
  const seat = () => {
    if (document.documentElement.dataset.outcome !== undefined) return null;
    const opps = [...document.querySelectorAll('[data-testid=m-opponent]')];
    if (!opps.length) return null;
    const cur = opps.find((e) => e.classList.contains('current'));
    if (cur) return Number(cur.dataset.seat);
    const others = new Set(opps.map((e) => Number(e.dataset.seat)));
    for (let s = 0; s <= opps.length; s++) if (!others.has(s)) return s;
    return null;
  };
  new MutationObserver((records) => {
    const t = performance.now();
    const table = document.querySelector('[data-testid=m-table]');
    let flying = 0, changed = false;
    for (const r of records) {
      if (r.type === 'attributes') {
        const was = (r.oldValue || '').split(/\\s+/).includes('flying');
        if (!was && r.target.classList && r.target.classList.contains('flying')) flying += 1;
      } else if (table && (r.target.contains(table) || table.contains(r.target))) {
        changed = true;
      }
    }
    if (changed || flying) log.push({t, seat: seat(), flying, changed});
  }).observe(document, {subtree: true, childList: true, attributes: true,
                        attributeOldValue: true, attributeFilter: ['class']});
})();"""


def turns_of(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The computers' turns of one game from the observer's log: for each, its seat, its
    start and first move (ms), whether that move flew a card, and its steps seen. A turn of
    one step (a draw) ends in the change that starts the next one: that change is its move."""
    out: list[dict[str, Any]] = []
    prev: int | None = None
    for e in log:
        if not e["changed"] and not e["flying"]:
            continue
        if out:
            turn = out[-1]
            turn["steps"] += 1
            if turn["move"] is None:
                turn["move"] = e["t"] - turn["start"]
                turn["flew"] = bool(e["flying"])
        if e["seat"] is not None and e["seat"] != prev:
            out.append({"seat": e["seat"], "start": e["t"], "move": None, "flew": None,
                        "steps": 0, "first": prev is None})
            prev = e["seat"]
    return out


def run_once(pw: Any, url: str, query: str, seed: int) -> dict[str, Any]:
    errors: list[str] = []
    folder = tempfile.mkdtemp(prefix="bench-turns-profile-")
    ctx = pw.chromium.launch_persistent_context(
        folder, executable_path=CHROMIUM, headless=True, args=ARGS, **PHONE,
        reduced_motion="no-preference")
    try:
        ctx.add_init_script(OBSERVER)
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        page.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))
        page.on("console", lambda m: errors.append(f"console.error: {m.text[:300]}")
                if m.type == "error" else None)
        page.goto(url + query)
        page.wait_for_function(READY, timeout=240_000)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
        page.wait_for_function("document.documentElement.dataset.snapshot !== undefined",
                               timeout=240_000, polling=250)
        snapshot = page.evaluate("document.documentElement.dataset.snapshot")
        page.reload()
        page.wait_for_function(READY, timeout=240_000)
        start = page.evaluate("document.documentElement.dataset.start || ''")
        page.evaluate("window.__turns.length = 0")
        t0 = time.perf_counter()
        page.evaluate("h => { location.hash = h; }", WATCH.format(seed=seed))
        page.wait_for_function(ENDED, timeout=1_200_000, polling=500)
        seconds = time.perf_counter() - t0
        page.wait_for_timeout(500)
        log: list[dict[str, Any]] = page.evaluate("window.__turns")
        d = page.evaluate("({...document.documentElement.dataset})")
    finally:
        ctx.close()
        shutil.rmtree(folder, ignore_errors=True)
    return {"seed": seed, "seconds": seconds, "actions": int(d.get("actions") or 0),
            "thinker": d.get("thinker", ""), "thread": d.get("thread", ""),
            "snapshot": snapshot, "start": start, "outcome": d.get("outcome", ""),
            "turns": turns_of(log), "log": log, "errors": errors}


# --- report ---------------------------------------------------------------------------------

def figures(turns: list[dict[str, Any]], paced: bool = True) -> str:
    ms = [t["move"] for t in turns if t["move"] is not None]
    if not ms:
        return "-"
    less = (f" (less the {PACE_MS} ms pace: {statistics.median(ms) - PACE_MS:5.0f} / "
            f"{max(ms) - PACE_MS:5.0f})" if paced else "")
    return (f"median {statistics.median(ms):6.0f} ms, worst {max(ms):6.0f} ms{less}, "
            f"{len(ms)} turns")


def report(runs: list[dict[str, Any]], site: Path, query: str) -> None:
    print(f"bench.turns: {site}{' ' + query if query else ''}; a watched game of four Strong "
          f"computers at Machiavelli, normal speed ({PACE_MS} ms pace), return visit, Debian "
          f"Chromium headless 360x640, motion not reduced. A turn: the board showing the new "
          f"seat as playing -> its first move drawn (a card flight, or a step moving no card).")
    rest_all: list[dict[str, Any]] = []
    for k, r in enumerate(runs):
        turns = r["turns"]
        rest = [t for t in turns if not t["first"]]
        rest_all += rest
        first = [t for t in turns if t["first"]]
        steps = sum(t["steps"] for t in turns)
        flew = sum(1 for t in rest if t["flew"])
        still = sum(1 for t in rest if t["flew"] is False)
        print(f"\nrun {k + 1}, seed {r['seed']}: {r['seconds']:.0f} s, {r['actions']} actions "
              f"(steps seen {steps}, {len(turns)} turns), thinker {r['thinker'] or '-'}, "
              f"Python in {r['thread'] or '-'}, start {r['start'] or '-'}, snapshot "
              f"{r['snapshot']}")
        print(f"  every turn: {figures(turns, paced=False)}")
        print(f"  turns 2..n: {figures(rest)}; first move a flight in {flew}, a step with "
              f"no card on the table in {still}")
        if first and first[0]["move"] is not None:
            print(f"  first turn (from the table first drawn; no pace, the thinking worker "
                  f"started): {first[0]['move']:.0f} ms")
    if len(runs) > 1:
        firsts = [t["move"] for r in runs for t in r["turns"] if t["first"] and t["move"]]
        print(f"\nall {len(runs)} runs, every turn: "
              f"{figures([t for r in runs for t in r['turns']], paced=False)}")
        print(f"all {len(runs)} runs, turns 2..n: {figures(rest_all)}")
        if firsts:
            print(f"all {len(runs)} runs, first turn: median {statistics.median(firsts):.0f} ms, "
                  f"worst {max(firsts):.0f} ms [" + ", ".join(f"{x:.0f}" for x in firsts) + "]")
    errs = sorted({e for r in runs for e in r["errors"]})
    print("\npage errors (console.error, uncaught): " + ("none" if not errs else ""))
    for e in errs[:20]:
        print(f"  {e}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--site", type=Path, default=SITE, help="the built site (default build/site)")
    ap.add_argument("--seeds", default=",".join(map(str, SEEDS)),
                    help="watch links' seeds, one per run in turn")
    ap.add_argument("--query", default="", help="the page's query, e.g. ?thinker=here")
    ap.add_argument("--json", type=Path, help="also write every run's turns here")
    ap.add_argument("--lock", default="/tmp/browser.lock",
                    help="lock file held around each run ('' for none)")
    args = ap.parse_args()
    if not (args.site / "index.html").exists():
        raise SystemExit(f"{args.site} has no index.html: build it first")
    seeds = [int(s) for s in args.seeds.split(",") if s.strip()]
    from playwright.sync_api import sync_playwright

    server, url = serve_in_thread(args.site)
    runs: list[dict[str, Any]] = []
    started = time.perf_counter()
    try:
        with sync_playwright() as pw:
            for k in range(args.runs):
                seed = seeds[k % len(seeds)]
                with lock(args.lock):
                    r = run_once(pw, url, args.query, seed)
                runs.append(r)
                print(f"  [{time.perf_counter() - started:5.0f} s] run {k + 1}, seed {seed}: "
                      f"{len(r['turns'])} turns, {r['seconds']:.0f} s", file=sys.stderr,
                      flush=True)
                if args.json:
                    args.json.write_text(json.dumps(runs, indent=1))
    except KeyboardInterrupt:
        print("interrupted: the figures below are those measured so far", flush=True)
    finally:
        server.shutdown()
    report(runs, args.site, args.query)


if __name__ == "__main__":
    main()
