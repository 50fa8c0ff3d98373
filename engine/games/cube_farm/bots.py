"""Cube Farm computer players (placeholder)."""
from __future__ import annotations

import random
from collections.abc import Sequence

from engine.protocol import Bot


class Beginner:
    def choose(self, view: object, legal: Sequence[object], rng: random.Random) -> object:
        return rng.choice(list(legal))


BOTS: dict[str, Bot] = {}  # type: ignore[type-arg]
