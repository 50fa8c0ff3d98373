"""The statistics panel's simulation, in batches so the page can breathe between them.

It plays exactly the deals ``python -m engine perpetual-motion stats --games N --seed S`` plays
(one generator seeded with S shuffling the 52 ranks before each deal), so the panel and the
command line agree number for number.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from engine.games.perpetual_motion.rules import Stats, play_out

MASTEN_WIN_RATE = 0.0867
MASTEN_MEAN_ROUNDS = 44.7


class Simulation:
    def __init__(self, games: int, seed: int) -> None:
        if games < 1:
            raise ValueError("games must be at least 1")
        self.games = games
        self.seed = seed
        self.rng = random.Random(seed)
        self.ranks = [r for r in range(1, 14) for _ in range(4)]
        self.stats = Stats()
        self.stopped = False

    @property
    def done(self) -> int:
        return self.stats.games

    @property
    def finished(self) -> bool:
        return self.done >= self.games or self.stopped

    def run_batch(self, budget_ms: float = 40.0, clock: Callable[[], float] = time.perf_counter,
                  max_games: int = 5000) -> int:
        """Play deals until about ``budget_ms`` has passed; returns how many it played."""
        start = clock()
        played = 0
        while not self.finished and played < max_games:
            self.rng.shuffle(self.ranks)
            self.stats.add(play_out(self.ranks))
            played += 1
            if played % 16 == 0 and (clock() - start) * 1000 >= budget_ms:
                break
        return played

    def stop(self) -> None:
        self.stopped = True
