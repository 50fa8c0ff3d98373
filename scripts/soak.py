"""Soak run: play many seeded games of each game, checking every invariant at every step.

Each game is set up at random from its seed (player count, set-up options, and each seat a
random-legal player or a computer player of some level) and checked at every step with the
invariants of :mod:`engine.soak` (cards and cubes conserved, JSON round-trip, views hide what
they should, illegal actions refused with the state unchanged, the game ends). Prints per
game: games, steps, failures (each with its seed and step; ``--seed S --games 1`` replays it),
time (wall seconds summed over its games, and processor seconds: on a busy machine the two
differ). Exit status 1 on any failure.

Usage: .venv/bin/python scripts/soak.py --games 100 --game all [--seed 0] [--jobs 2]
       [--max-seconds 3600] [--json]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import sys
import time
from collections import defaultdict
from typing import Any

from engine.registry import playable_ids
from engine.soak import soak_chunk

CHUNK = 4  # seeds per task: small enough to balance slow games across the workers


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=100, help="games per game id")
    p.add_argument("--game", default="all", help="a game id, or 'all'")
    p.add_argument("--seed", type=int, default=0, help="first seed (games use seed, seed+1, ..)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    p.add_argument("--max-seconds", type=float, default=0,
                   help="stop starting games after this long (0: no limit); the figures "
                        "then cover the games that finished")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    args = p.parse_args(argv)
    ids = playable_ids() if args.game == "all" else [args.game]
    for gid in ids:
        if gid not in playable_ids():
            p.error(f"unknown game {gid!r} (playable: {', '.join(playable_ids())})")
    if args.games < 1 or args.jobs < 1:
        p.error("--games and --jobs must be at least 1")

    tasks: list[tuple[str, list[int]]] = []
    for gid in ids:
        seeds = list(range(args.seed, args.seed + args.games))
        tasks += [(gid, seeds[i:i + CHUNK]) for i in range(0, len(seeds), CHUNK)]

    start = time.perf_counter()
    results: list[dict[str, Any]] = []
    stopped = False

    def progress() -> None:
        if not args.quiet:
            el = time.perf_counter() - start
            fails = sum(1 for r in results if r["failure"])
            print(f"\r{len(results)}/{args.games * len(ids)} games, {fails} failures, "
                  f"{el:.0f} s", end="", file=sys.stderr, flush=True)

    # interleave the games so that a time limit leaves every game some coverage
    order = sorted(range(len(tasks)), key=lambda i: (tasks[i][1][0], i))
    if args.jobs == 1:
        for i in order:
            results += soak_chunk(tasks[i])
            progress()
            if args.max_seconds and time.perf_counter() - start > args.max_seconds:
                stopped = True
                break
    else:
        ctx = mp.get_context("spawn")
        with ctx.Pool(args.jobs) as pool:
            for chunk in pool.imap_unordered(soak_chunk, [tasks[i] for i in order]):
                results += chunk
                progress()
                if args.max_seconds and time.perf_counter() - start > args.max_seconds:
                    stopped = True
                    pool.terminate()
                    break
    wall = time.perf_counter() - start
    if not args.quiet:
        print(file=sys.stderr)

    by_game: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in results:
        by_game[r["game"]].append(r)
    summary: dict[str, Any] = {"wall_seconds": round(wall, 1), "jobs": args.jobs,
                               "stopped_by_time_limit": stopped, "games": {}}
    failed = 0
    for gid in ids:
        rs = by_game.get(gid, [])
        fails = [r for r in rs if r["failure"]]
        failed += len(fails)
        secs = sum(r["seconds"] for r in rs)
        cpu = sum(r.get("cpu_seconds", 0.0) for r in rs)
        summary["games"][gid] = {
            "games": len(rs),
            "steps": sum(r["steps"] for r in rs),
            "illegal_actions_tried": sum(r["illegal_tried"] for r in rs),
            "failures": [{k: r[k] for k in ("seed", "failure_step", "failure", "seats",
                                            "config")} for r in fails],
            "seconds": round(secs, 1),
            "seconds_per_game": round(secs / len(rs), 3) if rs else None,
            "cpu_seconds": round(cpu, 1),
            "cpu_seconds_per_game": round(cpu / len(rs), 3) if rs else None,
        }
    if args.json:
        print(json.dumps(summary, indent=1))
    else:
        print(f"{'game':18} {'games':>7} {'steps':>11} {'illegal':>10} {'failures':>8} "
              f"{'time s':>9} {'s/game':>8} {'cpu s':>9} {'cpu/game':>8}")
        for gid, g in summary["games"].items():
            print(f"{gid:18} {g['games']:>7} {g['steps']:>11} {g['illegal_actions_tried']:>10} "
                  f"{len(g['failures']):>8} {g['seconds']:>9.1f} "
                  f"{(g['seconds_per_game'] or 0):>8.3f} {g['cpu_seconds']:>9.1f} "
                  f"{(g['cpu_seconds_per_game'] or 0):>8.3f}")
        print(f"wall time {wall:.1f} s with {args.jobs} job(s)"
              + (" (stopped by --max-seconds)" if stopped else ""))
        for gid, g in summary["games"].items():
            for f in g["failures"]:
                print(f"FAIL {gid} seed {f['seed']} step {f['failure_step']}: {f['failure']}\n"
                      f"     seats {','.join(f['seats'])} config {json.dumps(f['config'])}\n"
                      f"     replay: scripts/soak.py --game {gid} --seed {f['seed']} --games 1")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
