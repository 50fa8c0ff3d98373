"""Nim's computer players: one that takes at random, one that never misses a winning move.

With at most three stones a turn a heap of ``n`` is worth ``n % 4`` (its Grundy value), and
the player to move loses exactly when those values, XORed together, are 0.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import reduce
from operator import xor

from engine.protocol import Bot, bot_levels

from .rules import GAME, NimView, Take


class RandomTaker:
    def choose(self, view: NimView, legal: Sequence[Take], rng: random.Random) -> Take:
        return legal[rng.randrange(len(legal))]


class Perfect:
    def choose(self, view: NimView, legal: Sequence[Take], rng: random.Random) -> Take:
        total = reduce(xor, (h % 4 for h in view.heaps), 0)
        for a in legal:
            left = view.heaps[a.heap] - a.count
            if total ^ (view.heaps[a.heap] % 4) ^ (left % 4) == 0:
                return a
        return legal[rng.randrange(len(legal))]  # a lost position: play on at random


LEVELS: dict[str, Callable[[], Bot[NimView, Take]]] = bot_levels(GAME.info, RandomTaker, Perfect)
