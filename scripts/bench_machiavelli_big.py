"""Benchmark the Machiavelli solver on big random late-game positions, side by side with an
integer programme (SciPy's ``milp``, HiGHS; test-only dependency) on the very same positions.

Positions (from ``--seed``, the same on every machine): random valid melds of a double deck are
laid until the table holds 60-80 cards, then a hand of 10-15 random cards from the rest; each
ace option gets ``--positions`` of them (built with that option's melds). These are much harder
than positions from games between computers: a person asking for a hint often holds many
cards that fit.

    python scripts/bench_machiavelli_big.py --seed 1 --positions 10 --out /tmp/big.json
    python scripts/bench_machiavelli_browser.py --positions /tmp/big.json

For each ace option it prints median, 90th percentile and worst times of our solver (the full
Hint: most cards, then least change of the table; and the count alone) and of the integer
programme (the count alone), and the ratio of the medians; every count is checked against the
integer programme's. ``--out`` writes the positions in the format of
``bench_machiavelli_browser.py --positions``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from engine.cards import SUITS, Card, double_deck, parse_cards
from engine.games.machiavelli.melds import ACE_OPTIONS, meld_problem
from engine.games.machiavelli.solver import counts_of, max_laid, solve

Position = dict[str, object]


def random_table(rng: random.Random, ace: str, lo: int = 60, hi: int = 80) -> list[list[Card]]:
    """Random valid melds from a double deck until the table holds ``lo``-``hi`` cards."""
    while True:
        size = rng.randint(lo, hi)
        avail = Counter(double_deck())
        melds: list[list[Card]] = []
        n = 0
        for _ in range(2000):
            if n >= size:
                break
            if rng.random() < 0.4:
                r = rng.randint(1, 13)
                m = [Card(r, s) for s in rng.sample(SUITS, rng.choice([3, 4]))]
            else:
                s = rng.choice(SUITS)
                length, start = rng.randint(3, 7), rng.randint(1, 13)
                m = [Card((start - 1 + i) % 13 + 1, s) for i in range(length)]
            if meld_problem(m, ace) or any(avail[c] < 1 for c in m) or n + len(m) > hi:
                continue
            avail.subtract(m)
            melds.append(m)
            n += len(m)
        if lo <= n <= hi:
            return melds


def make_positions(seed: int, per_ace: int, aces: tuple[str, ...] = ACE_OPTIONS,
                   ) -> list[Position]:
    out: list[Position] = []
    for ace in aces:
        for i in range(per_ace):
            rng = random.Random(f"big:{seed}:{ace}:{i}")
            table = random_table(rng, ace)
            rest = sorted((Counter(double_deck()) - Counter(c for m in table for c in m))
                          .elements())
            rng.shuffle(rest)
            hand = sorted(rest[:rng.randint(10, 15)])
            out.append({"table": [[str(c) for c in m] for m in table],
                        "hand": [str(c) for c in hand], "ace": ace})
    return out


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
            from helpers.machiavelli_milp import milp_max
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
