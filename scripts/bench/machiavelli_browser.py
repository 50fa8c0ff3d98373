"""The Machiavelli solver in the browser (Pyodide in headless Chromium, the app's own wheel),
on the same positions as ``scripts/bench/machiavelli.py`` times in CPython, in the same run.

    .venv/bin/python -m scripts.bench.machiavelli --games 6 --seed 1 --out /tmp/pos.json
    .venv/bin/python -m scripts.bench.machiavelli_browser --positions /tmp/pos.json

Prints median, 90th percentile and worst solve times in CPython and in the browser, and the
ratio of the medians. In the app the solver runs with a time budget, so even the worst case
cannot freeze the page for longer than that budget.

With ``--bots strong,standard --games N`` it times whole computer turns instead: N seeded
two-player games between those levels, the same games in CPython and in the browser (the
bots' budgets count work, not time, so both play the very same moves).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from engine.cards import parse_cards
from engine.games.machiavelli.solver import solve
from scripts.lib.browser import bare_pyodide_page, chromium, run_python, site_with_bare_page

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


BOTS_CODE = """
import json
from engine.games.machiavelli.bots import make_bot
from engine.games.machiavelli.rules import GAME
from engine.seats import deal_seeded, play_to_end
levels = {levels!r}
times = {{lv: [] for lv in levels}}
cfg = GAME.make_config(players=len(levels))
for g in range({games}):
    bots = [make_bot(lv) for lv in levels]
    deal = {seed} * 100003 + g
    play_to_end(GAME, deal_seeded(GAME, cfg, deal), bots, deal)
    for lv, b in zip(levels, bots):
        times[lv] += [t * 1000 for t in b.turn_times]
json.dumps(times)
"""


def bot_turns(levels: list[str], games: int, seed: int) -> None:
    """Time computer turns in CPython and in the browser on the same seeded games."""
    code = BOTS_CODE.format(levels=levels, games=games, seed=seed)
    scope: dict[str, object] = {}
    exec(code.rsplit("\n", 2)[0], scope)  # the same code in CPython, without the last line
    cpython = scope["times"]
    assert isinstance(cpython, dict)
    with site_with_bare_page() as (_, url), chromium() as browser:
        ctx = browser.new_context()
        page = bare_pyodide_page(ctx, url)
        browser_ms = run_python(page, code)
        ctx.close()
    print(f"{games} seeded games, levels {', '.join(levels)} (computer turns, planning included)")
    for lv in dict.fromkeys(levels):
        print(f"  {lv:9s} CPython:           {summary(cpython[lv])}")
        print(f"  {lv:9s} browser (Pyodide): {summary(browser_ms[lv])}")


def summary(ms: list[float]) -> str:
    s = sorted(ms)
    return (f"median {statistics.median(s):.1f} ms, 90th percentile "
            f"{s[int(0.9 * (len(s) - 1))]:.1f} ms, worst {s[-1]:.1f} ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--positions", default="")
    ap.add_argument("--bots", default="", help="time computer turns: levels, e.g. strong,standard")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--budget", type=float, default=2000)
    args = ap.parse_args()
    if args.bots:
        bot_turns(args.bots.split(","), args.games, args.seed)
        return
    if not args.positions:
        ap.error("give --positions (from bench.machiavelli --out) or --bots")
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
