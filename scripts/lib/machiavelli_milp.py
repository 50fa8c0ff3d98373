"""Independent formulation of the Machiavelli solver's problem as an integer programme (SciPy's
``milp``), for the solver's tests and its benchmark (scripts/bench/machiavelli_big.py).

Every possible meld is a variable x_m in {0, 1, 2} (two decks: a meld can be on the table
twice); each card is used exactly (table copies + laid copies) times; maximise laid copies.
"""

from __future__ import annotations

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp

from engine.cards import SUITS


def all_melds(ace: str) -> list[frozenset[tuple[int, int]]]:
    """Every valid meld as a set of (suit index, rank) cards."""
    out: set[frozenset[tuple[int, int]]] = set()
    for r in range(1, 14):
        for mask in range(16):
            suits = [j for j in range(4) if mask >> j & 1]
            if len(suits) >= 3:
                out.add(frozenset((j, r) for j in suits))
    for j in range(4):
        for start in range(1, 14):
            for length in range(3, 14):
                seq = [start + i for i in range(length)]
                if ace == "wrap":
                    ranks = [(x - 1) % 13 + 1 for x in seq]
                elif ace == "low":
                    if seq[-1] > 13:
                        continue
                    ranks = seq
                elif ace == "high":
                    if start == 1 or seq[-1] > 14:
                        continue
                    ranks = [1 if x == 14 else x for x in seq]
                else:
                    if seq[-1] > 14:
                        continue
                    ranks = [1 if x == 14 else x for x in seq]
                out.add(frozenset((j, r) for r in ranks))
    return sorted(out, key=lambda m: sorted(m))


_CACHE: dict[str, list[frozenset[tuple[int, int]]]] = {}


def milp_max(table: list[list[int]], hand: list[list[int]], ace: str) -> int | None:
    """Maximum laid hand cards, or None when the table cannot be melded (counts[suit][rank])."""
    melds = _CACHE.setdefault(ace, all_melds(ace))
    cards = [(j, r) for j in range(4) for r in range(1, 14)]
    idx = {c: i for i, c in enumerate(cards)}
    nm, nc = len(melds), len(cards)
    # variables: x (nm melds) then y (nc laid copies)
    a = np.zeros((nc, nm + nc))
    for k, m in enumerate(melds):
        for c in m:
            a[idx[c], k] = 1
    for i in range(nc):
        a[i, nm + i] = -1
    rhs = np.array([table[j][r] for j, r in cards], dtype=float)
    cons = LinearConstraint(a, rhs, rhs)
    ub = np.concatenate([np.full(nm, 2.0), np.array([hand[j][r] for j, r in cards], float)])
    c = np.concatenate([np.zeros(nm), -np.ones(nc)])
    res = milp(c, constraints=[cons], integrality=np.ones(nm + nc),
               bounds=Bounds(np.zeros(nm + nc), ub))
    if res.status != 0:
        return None
    return round(-res.fun)


__all__ = ["SUITS", "all_melds", "milp_max"]
