"""Figures shared by the games' tournament commands (computer player against computer player).

Kept in one place so every game reports win rates and their confidence intervals the same way.
"""

from __future__ import annotations

import math


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a proportion; shared wins may count as fractions.

    Wilson rather than the normal approximation because bot-versus-bot win rates are often
    near 0 or 1, where the normal interval leaves [0, 1].
    """
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(max(0.0, p * (1 - p) / n + z * z / (4 * n * n))) / d
    return max(0.0, centre - half), min(1.0, centre + half)
