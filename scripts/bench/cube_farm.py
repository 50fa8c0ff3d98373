"""Benchmark: listing the legal placements of one Cube Farm card on tables of about 40 cards.

Builds seeded tables by laying 40 random cards in random legal places (claiming now and then),
then times ``Board.legal_placements`` for every card of the deck on each table (fresh anchors
each time, as the app does for one tap). Prints the median and worst of the per-call times and
the median of the per-table medians.

    .venv/bin/python -m scripts.bench.cube_farm [--tables 10] [--cards 40] [--repeat 3]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from engine.games.cube_farm.board import Board
from engine.games.cube_farm.deck import DECK_IDS


def build_table(seed: int, cards: int) -> tuple[Board, list[str]]:
    rng = random.Random(seed)
    ids = list(DECK_IDS)
    rng.shuffle(ids)
    b = Board.start()
    for i, cid in enumerate(ids[:cards]):
        b.place(cid, *rng.choice(b.legal_placements(cid)))
        claimable = b.claimable()
        if claimable and rng.random() < 0.6:
            b.claim(rng.choice(claimable).id, i % 2)
    return b, ids[cards:] + ids[:cards]


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--tables", type=int, default=10)
    p.add_argument("--cards", type=int, default=40)
    p.add_argument("--repeat", type=int, default=3)
    args = p.parse_args()
    per_call: list[float] = []
    per_table: list[float] = []
    counts: list[int] = []
    for t in range(args.tables):
        board, rest = build_table(t, args.cards)
        times = []
        for cid in DECK_IDS:
            best = float("inf")
            for _ in range(args.repeat):
                t0 = time.perf_counter()
                legal = board.legal_placements(cid)
                best = min(best, time.perf_counter() - t0)
            times.append(best)
            counts.append(len(legal))
        per_call.extend(times)
        per_table.append(statistics.median(times))
    del rest
    print(f"tables: {args.tables} of {args.cards} cards (+ the starting elevator); "
          f"every deck card listed on each, best of {args.repeat} runs per call")
    print(f"legal placements per card: median {statistics.median(counts):.0f}, "
          f"max {max(counts)}")
    print(f"time to list one card's placements: median {1000 * statistics.median(per_call):.2f} "
          f"ms, worst {1000 * max(per_call):.2f} ms")
    print(f"median of per-table medians: {1000 * statistics.median(per_table):.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
