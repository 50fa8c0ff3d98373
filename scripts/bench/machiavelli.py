"""Benchmark the Machiavelli solver on positions from real (seeded, bot-played) games.

Positions: the start of every turn of seeded games between two ``standard`` computer players
(the table as it stands, the hand of the player to move), keeping those with at most 80 table
cards and 15 hand cards. Prints median and worst solve times (several runs; the median of the
runs per position), overall and for big tables, and writes the positions to a JSON file so the
same positions can be timed in the browser (Pyodide).

    .venv/bin/python -m scripts.bench.machiavelli --games 6 --seed 1 --runs 3 --out /tmp/pos.json
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from engine.cards import parse_cards
from engine.games.machiavelli.bots import make_bot
from engine.games.machiavelli.rules import GAME, plain
from engine.games.machiavelli.solver import solve


def positions(games: int, seed: int, ace: str) -> list[dict[str, object]]:
    import random

    out: list[dict[str, object]] = []
    cfg = GAME.make_config(players=2, ace=ace)
    for g in range(games):
        bots = [make_bot("standard"), make_bot("standard")]
        rng = random.Random(seed * 1000 + g)
        state = GAME.new_game(cfg, random.Random(f"deal:{seed * 1000 + g}"))
        while not GAME.is_over(state):
            p = state.player
            if state.steps == 0:
                table = plain(state.table)
                hand = state.hands[p]
                if sum(len(m) for m in table) <= 80 and len(hand) <= 15:
                    out.append({"table": [[str(c) for c in m] for m in table],
                                "hand": [str(c) for c in hand], "ace": ace})
            action = bots[p].choose(GAME.view(state, p), GAME.legal_actions(state), rng)
            state = GAME.apply(state, action)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--ace", default="both")
    ap.add_argument("--out", default="")
    ap.add_argument("--positions", default="", help="time positions from this JSON file")
    args = ap.parse_args()
    if args.positions:
        pos = json.loads(Path(args.positions).read_text())
    else:
        pos = positions(args.games, args.seed, args.ace)
    if args.out:
        Path(args.out).write_text(json.dumps(pos))
    times: list[tuple[float, int, int]] = []
    unproven = 0
    for p in pos:
        table = [parse_cards(m) for m in p["table"]]  # type: ignore[union-attr]
        hand = parse_cards(p["hand"])  # type: ignore[arg-type]
        runs = []
        for _ in range(args.runs):
            t0 = time.perf_counter()
            sol = solve(table, hand, str(p["ace"]), time_budget_ms=2000)
            runs.append(time.perf_counter() - t0)
            assert sol is not None
            unproven += not sol.proven
        times.append((statistics.median(runs) * 1000, sum(len(m) for m in table), len(hand)))
    ms = sorted(t for t, _, _ in times)
    big = sorted(t for t, n, _ in times if n >= 50)
    worst = max(times)
    print(f"positions: {len(times)} from {args.games} games (seed {args.seed}, ace {args.ace}), "
          f"table cards up to {max(n for _, n, _ in times)}, hand up to "
          f"{max(h for _, _, h in times)}")
    print(f"solve (with least-change): median {statistics.median(ms):.1f} ms, "
          f"90th percentile {ms[int(0.9 * (len(ms) - 1))]:.1f} ms, worst {ms[-1]:.1f} ms "
          f"(table {worst[1]}, hand {worst[2]})")
    if big:
        print(f"tables of 50+ cards ({len(big)}): median {statistics.median(big):.1f} ms, "
              f"worst {big[-1]:.1f} ms")
    print(f"time budget (2 s) ran out: {unproven} of {len(times) * args.runs} solves")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
