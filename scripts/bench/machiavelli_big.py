"""Benchmark the Machiavelli solver on big random late-game positions, side by side with an
integer programme (SciPy's ``milp``, HiGHS: scripts/lib/machiavelli_milp.py) on the very same
positions.

Positions (from ``--seed``, the same on every machine): random valid melds of a double deck are
laid until the table holds 60-80 cards, then a hand of 10-15 random cards from the rest; each
ace option gets ``--positions`` of them (built with that option's melds: scripts/lib/
machiavelli.py). These are much harder than positions from games between computers: a person
asking for a hint often holds many cards that fit.

    .venv/bin/python -m scripts.bench.machiavelli_big --seed 1 --positions 10 --out /tmp/big.json
    .venv/bin/python -m scripts.bench.machiavelli_browser --positions /tmp/big.json

For each ace option it prints median, 90th percentile and worst times of our solver (the full
Hint: most cards, then least change of the table; and the count alone) and of the integer
programme (the count alone), and the ratio of the medians; every count is checked against the
integer programme's. ``--out`` writes the positions in the format of
``bench.machiavelli_browser --positions``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from engine.cards import parse_cards
from engine.games.machiavelli.melds import ACE_OPTIONS
from engine.games.machiavelli.solver import counts_of, max_laid, solve
from scripts.lib.machiavelli import make_positions


def summary(ms: list[float]) -> str:
    s = sorted(ms)
    return (f"median {statistics.median(s):8.1f} ms, p90 {s[int(0.9 * (len(s) - 1))]:8.1f} ms, "
            f"worst {s[-1]:8.1f} ms")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1, help="seed of the positions")
    ap.add_argument("--positions", type=int, default=10, help="positions per ace option")
    ap.add_argument("--ace", default="all", choices=("all", *ACE_OPTIONS),
                    help="one ace option only (default: all four)")
    ap.add_argument("--budget", type=float, default=60000,
                    help="our solver's time budget in ms (a solve that runs out is counted)")
    ap.add_argument("--no-milp", action="store_true", help="time our solver only")
    ap.add_argument("--out", default="", help="write the positions to this JSON file")
    ap.add_argument("--quiet", action="store_true", help="no line per position")
    args = ap.parse_args()
    if args.positions < 1:
        ap.error("--positions must be at least 1")
    aces = ACE_OPTIONS if args.ace == "all" else (args.ace,)
    pos = make_positions(args.seed, args.positions, aces)
    if args.out:
        Path(args.out).write_text(json.dumps(pos))
    milp_max = None
    if not args.no_milp:
        try:
            from scripts.lib.machiavelli_milp import milp_max
        except ImportError:
            print("SciPy not found: timing our solver only", file=sys.stderr)
    print(f"{len(pos)} positions, seed {args.seed}: tables of 60-80 cards, hands of 10-15")
    all_ok = True
    for ace in aces:
        full: list[float] = []
        count: list[float] = []
        ip: list[float] = []
        unproven = unproven_change = mismatch = 0
        for p in (p for p in pos if p["ace"] == ace):
            table = [parse_cards(m) for m in p["table"]]  # type: ignore[union-attr]
            hand = parse_cards(p["hand"])  # type: ignore[arg-type]
            flat = [c for m in table for c in m]
            t0 = time.perf_counter()
            sol = solve(table, hand, ace, time_budget_ms=args.budget)
            full.append((time.perf_counter() - t0) * 1000)
            assert sol is not None
            unproven += not sol.proven
            unproven_change += not sol.changes_proven
            t0 = time.perf_counter()
            n = max_laid(flat, hand, ace)
            count.append((time.perf_counter() - t0) * 1000)
            line = (f"  {ace:4s} table {len(flat):2d} hand {len(hand):2d}: lays {sol.max_cards:2d}"
                    f"{'' if sol.proven else '?'}  solve {full[-1]:8.1f} ms  "
                    f"count {count[-1]:8.1f} ms")
            if milp_max is not None:
                t0 = time.perf_counter()
                expect = milp_max(counts_of(flat), counts_of(hand), ace)
                ip.append((time.perf_counter() - t0) * 1000)
                line += f"  milp {ip[-1]:7.1f} ms"
                if expect != n or (sol.proven and expect != sol.max_cards):
                    mismatch += 1
                    line += f"  MISMATCH: milp {expect}"
            if not args.quiet:
                print(line, flush=True)
        print(f"ace {ace}:")
        print(f"  solver, most cards + least change: {summary(full)}")
        print(f"    budget ran out (count not proven): {unproven}; fewest changed melds not "
              f"proven (search capped): {unproven_change}")
        print(f"  solver, most cards only:           {summary(count)}")
        if ip:
            print(f"  integer programme (milp):          {summary(ip)}")
            ratio = statistics.median(full) / statistics.median(ip)
            print(f"  median ratio solver/milp: {ratio:.2f}"
                  f" (count only {statistics.median(count) / statistics.median(ip):.2f});"
                  f" counts differing: {mismatch}")
        all_ok = all_ok and not mismatch
    return 0 if all_ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
