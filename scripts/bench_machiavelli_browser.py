"""The Machiavelli solver in the browser (Pyodide in headless Chromium, the app's own wheel),
on the same positions as ``scripts/bench_machiavelli.py`` times in CPython, in the same run.

    .venv/bin/python scripts/bench_machiavelli.py --games 6 --seed 1 --out /tmp/pos.json
    .venv/bin/python scripts/bench_machiavelli_browser.py --positions /tmp/pos.json

Prints median, 90th percentile and worst solve times in CPython and in the browser, and the
ratio of the medians. In the app the solver runs with a time budget, so even the worst case
cannot freeze the page for longer than that budget.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from browserlib import ROOT, bare_pyodide_page, chromium, run_python, site_with_bare_page

sys.path.insert(0, str(ROOT))

from engine.cards import parse_cards
from engine.games.machiavelli.solver import solve

CODE = """
import json, time, statistics
from engine.cards import parse_cards
from engine.games.machiavelli.solver import solve
positions = json.loads({data!r})
out = []
for p in positions:
    table = [parse_cards(m) for m in p["table"]]
    hand = parse_cards(p["hand"])
    runs = []
    for _ in range({runs}):
        t0 = time.perf_counter()
        solve(table, hand, p["ace"], time_budget_ms={budget})
        runs.append(time.perf_counter() - t0)
    out.append(statistics.median(runs) * 1000)
json.dumps(out)
"""


def summary(ms: list[float]) -> str:
    s = sorted(ms)
    return (f"median {statistics.median(s):.1f} ms, 90th percentile "
            f"{s[int(0.9 * (len(s) - 1))]:.1f} ms, worst {s[-1]:.1f} ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--positions", required=True)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--budget", type=float, default=2000)
    args = ap.parse_args()
    positions = json.loads(Path(args.positions).read_text())
    cpython = []
    for p in positions:
        table = [parse_cards(m) for m in p["table"]]
        hand = parse_cards(p["hand"])
        runs = []
        for _ in range(args.runs):
            t0 = time.perf_counter()
            solve(table, hand, p["ace"], time_budget_ms=args.budget)
            runs.append(time.perf_counter() - t0)
        cpython.append(statistics.median(runs) * 1000)
    with site_with_bare_page() as (_, url), chromium() as browser:
        ctx = browser.new_context()
        page = bare_pyodide_page(ctx, url)
        browser_ms = run_python(page, CODE.format(data=json.dumps(positions), runs=args.runs,
                                                  budget=args.budget))
        ctx.close()
    n_table = max(sum(len(m) for m in p["table"]) for p in positions)
    n_hand = max(len(p["hand"]) for p in positions)
    print(f"{len(positions)} positions (tables up to {n_table} cards, hands up to {n_hand}), "
          f"median of {args.runs} runs each")
    print(f"  CPython:          {summary(cpython)}")
    print(f"  browser (Pyodide): {summary(browser_ms)}")
    print(f"  browser/CPython median ratio: "
          f"{statistics.median(browser_ms) / statistics.median(cpython):.2f}")


if __name__ == "__main__":
    main()
