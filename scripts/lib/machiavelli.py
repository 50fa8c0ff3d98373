"""Big random late-game Machiavelli positions, the same on every machine from their seed: the
tables of the solver's benchmark (scripts/bench/machiavelli_big.py), of its tests
(tests/engine/test_machiavelli_solver.py) and of the thinking worker's hardest questions
(tests/helpers/deep.py)."""

from __future__ import annotations

import random
from collections import Counter

from engine.cards import SUITS, Card, double_deck
from engine.games.machiavelli.melds import ACE_OPTIONS, meld_problem

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
    """``per_ace`` positions for each ace option of ``aces``: a table of 60-80 cards and a hand
    of 10-15 cards from the rest, as JSON (bench.machiavelli_browser's ``--positions``)."""
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
