"""Ids of games and numbers of deals: new ones, unique enough on this device."""

from __future__ import annotations

import random
import time

MAX_DEAL = 999_999  # new random deals are numbered 1 .. MAX_DEAL


def new_gid() -> str:
    """A game's id: unique enough across this device's tabs and imports."""
    return f"{int(time.time() * 1000):x}{random.getrandbits(24):06x}"


def random_deal_number(rng: random.Random | None = None) -> int:
    return (rng or random.Random()).randint(1, MAX_DEAL)
