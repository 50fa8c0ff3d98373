"""Perpetual Motion engine speed: deals played to the end per second, in CPython and in the
browser (Pyodide in headless Chromium, the same wheel the app uses), medians of several runs.

Usage: .venv/bin/python -m scripts.bench.perpetual_motion [--games 2000] [--runs 5]
"""

from __future__ import annotations

import argparse
import time

from engine.games.perpetual_motion.rules import GAME, simulate
from scripts.bench.common import median
from scripts.lib.browser import bare_pyodide_page, chromium, run_python, site_with_bare_page

BROWSER_CODE = """
import json, time
from engine.games.perpetual_motion.rules import simulate, GAME
t = time.perf_counter(); s = simulate({games}, {seed}); fast = time.perf_counter() - t
t = time.perf_counter()
for seed in range({steps}):
    st = GAME.new_seeded(seed)
    while not GAME.is_over(st):
        st = GAME.apply(st, GAME.legal_actions(st)[0])
slow = time.perf_counter() - t
json.dumps([fast, slow, s.won])
"""


def step_games(n: int) -> float:
    t = time.perf_counter()
    for seed in range(n):
        st = GAME.new_seeded(seed)
        while not GAME.is_over(st):
            st = GAME.apply(st, GAME.legal_actions(st)[0])
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--steps", type=int, default=20, help="games played through the protocol")
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    cp_fast, cp_slow = [], []
    for i in range(args.runs):
        t = time.perf_counter()
        simulate(args.games, i)
        cp_fast.append(time.perf_counter() - t)
        cp_slow.append(step_games(args.steps))
    br_fast, br_slow = [], []
    with site_with_bare_page() as (_, url), chromium() as browser:
        ctx = browser.new_context()
        page = bare_pyodide_page(ctx, url)
        for i in range(args.runs):
            fast, slow, _ = run_python(page, BROWSER_CODE.format(games=args.games, seed=i,
                                                                 steps=args.steps))
            br_fast.append(fast)
            br_slow.append(slow)
        ctx.close()
    cf, bf = args.games / median(cp_fast), args.games / median(br_fast)
    cs, bs = args.steps / median(cp_slow), args.steps / median(br_slow)
    print(f"Perpetual Motion, medians of {args.runs} runs")
    print(f"  statistics play-out ({args.games} deals a run): CPython {cf:,.0f} deals/s, "
          f"browser (Pyodide) {bf:,.0f} deals/s, browser/CPython {bf / cf:.2f}")
    print(f"  step-by-step protocol (as the app plays, {args.steps} deals a run): "
          f"CPython {cs:,.1f} deals/s, browser {bs:,.1f} deals/s, browser/CPython {bs / cs:.2f}")


if __name__ == "__main__":
    main()
