"""What a meld is (RULINGS 2.2), with reasons a player understands when it is not one.

A group is 3 or 4 cards of one rank, all suits different. A run is 3 or more cards of one suit
in sequence. The ace option decides where an ace may stand in a run:

* ``low``: only A-2-3; ``high``: only Q-K-A; ``both`` (the default): either end, never both
  in one run and never K-A-2; ``wrap``: runs may go round the corner (Q-K-A-2), at most 13 cards.

Melds are kept in a canonical display order (:func:`display_order`) so that a position inside
a meld means the same card to the engine, the screen and the command line.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import SUIT_NAMES, Card, rank_name

ACE_OPTIONS = ("both", "low", "high", "wrap")
ACE_NAMES = {
    "both": "ace low or high",
    "low": "ace low only",
    "high": "ace high only",
    "wrap": "wrap-around",
}


def _suit_singular(s: str) -> str:
    return SUIT_NAMES[s][:-1] if SUIT_NAMES[s].endswith("s") else SUIT_NAMES[s]


def run_order(ranks: Sequence[int], ace: str) -> list[int] | None:
    """The ranks of a run in sequence (an ace as 1 or 14), or None if they are not a run."""
    if len(set(ranks)) != len(ranks) or not ranks:
        return None
    rs = sorted(ranks)
    if ace == "wrap":
        # consecutive on the circle: exactly one gap (or none when all 13 are there)
        if len(rs) == 13:
            return rs
        n = len(rs)
        gaps = [((rs[(i + 1) % n] - rs[i]) % 13, i) for i in range(n)]
        big = [i for g, i in gaps if g != 1]
        if len(big) != 1:
            return None
        start = (big[0] + 1) % n
        return rs[start:] + rs[:start]
    options: list[list[int]] = []
    if ace in ("low", "both"):
        options.append(rs)
    if ace in ("high", "both"):
        options.append(sorted(14 if r == 1 else r for r in rs))
    for o in options:
        if o[-1] - o[0] == len(o) - 1:
            return o
    return None


def meld_problem(cards: Sequence[Card], ace: str = "both") -> str | None:
    """None if ``cards`` form a valid meld, else a short reason ("run needs 3 cards")."""
    n = len(cards)
    if n == 0:
        return "the meld is empty"
    ranks = {c.rank for c in cards}
    suits = {c.suit for c in cards}
    if len(ranks) == 1:
        if len(suits) != n:
            for s in SUIT_NAMES:
                if sum(c.suit == s for c in cards) > 1:
                    return f"two {SUIT_NAMES[s]} in a group"
        if n > 4:
            return "a group has at most 4 cards"
        if n < 3:
            return "group needs 3 cards" if n == 2 else "a meld needs 3 cards"
        return None
    if len(suits) == 1:
        s = next(iter(suits))
        if len(ranks) != n:
            for r in sorted(ranks):
                if sum(c.rank == r for c in cards) > 1:
                    return f"two {rank_name(r, plural=True)} in a run"
        if n < 3:
            return "run needs 3 cards"
        if n > 13:
            return "a run has at most 13 cards"
        if run_order([c.rank for c in cards], ace) is not None:
            return None
        rs = [c.rank for c in cards]
        if 1 in rs and 13 in rs and 2 in rs:
            if ace == "wrap":
                return f"the {_suit_singular(s)} cards are not in sequence"
            return "a run cannot go round the corner (K-A-2)"
        if 1 in rs and ace == "low" and run_order(rs, "high") is not None:
            return "ace is low only (A-2-3), not after the king"
        if 1 in rs and ace == "high" and run_order(rs, "low") is not None:
            return "ace is high only (Q-K-A), not before the two"
        return f"the {_suit_singular(s)} cards are not in sequence"
    if len(ranks) > 1 and len(suits) > 1:
        return "mixed ranks and suits: a group is one rank, a run one suit"
    return "not a meld"


def display_order(cards: Sequence[Card], ace: str = "both") -> tuple[Card, ...]:
    """Canonical order of a meld's cards: runs in sequence, groups by suit, others by rank."""
    suits = {c.suit for c in cards}
    if len(suits) == 1 and len(cards) > 1:
        order = run_order([c.rank for c in cards], ace)
        if order is None and ace != "wrap":
            order = run_order([c.rank for c in cards], "wrap")
        if order is not None:
            pos = {(1 if r == 14 else r): i for i, r in enumerate(order)}
            return tuple(sorted(cards, key=lambda c: pos[c.rank]))
        return tuple(sorted(cards, key=lambda c: c.rank))
    return tuple(sorted(cards, key=lambda c: (c.rank, "SHDC".index(c.suit))))
