"""The order the hand is shown in: blocks by suit or rank, or the runs (groups) the hand holds
first. A display order only: the engine keeps the hand sorted."""

from __future__ import annotations

from collections.abc import Sequence

from app.kit import SUIT_SORT, hand_order
from engine.cards import Card


def _run_blocks(hand: Sequence[Card], base: list[int], ace: str) -> list[list[int]]:
    """Runs the hand holds (3 or more cards of a suit in sequence), suit by suit, longest
    first; each card in one run at most (the second of two equal cards may make another)."""
    high = ace in ("both", "high", "wrap")
    out: list[list[int]] = []
    for suit in SUIT_SORT:
        by: dict[int, list[int]] = {r: [] for r in range(1, 14)}
        for i in base:
            if hand[i].suit == suit:
                by[hand[i].rank].append(i)
        tops = 14 if high else 13
        runs: list[list[int]] = []
        while True:
            best: tuple[int, int] = (0, 0)
            start = 0
            for r in range(1, tops + 2):
                ok = r <= tops and bool(by[1 if r == 14 else r])
                if ok and not start:
                    start = r
                if not ok and start:
                    lo, hi = start, min(r - 1, start + 12)
                    if hi - lo > best[1] - best[0] or not best[0]:
                        best = (lo, hi)
                    start = 0
            lo, hi = best
            if not lo or hi - lo < 2:
                break
            runs.append([by[1 if r == 14 else r].pop(0) for r in range(lo, hi + 1)])
        out += sorted(runs, key=lambda run: hand[run[0]].rank)
    return out


def _group_blocks(hand: Sequence[Card], base: list[int]) -> list[list[int]]:
    """Groups the hand holds (3 or 4 cards of a rank, each of another suit), by rank."""
    out: list[list[int]] = []
    for rank in range(1, 14):
        left = [i for i in base if hand[i].rank == rank]
        while True:
            group: dict[str, int] = {}
            for i in left:
                group.setdefault(hand[i].suit, i)
            if len(group) < 3:
                break
            block = [i for i in left if i in group.values()]
            out.append(block)
            left = [i for i in left if i not in block]
    return out


def hand_blocks(hand: Sequence[Card], sort: str, arrange: str = "",
                ace: str = "both") -> list[list[int]]:
    """The hand as shown, in blocks (a small gap between two): ``arrange`` "runs" or "groups"
    puts the runs (groups) the hand holds first, one block each, then the other cards in the
    ``sort`` order; with no ``arrange`` one block per suit (by suit) or rank (by rank)."""
    base = hand_order(hand, sort)
    if arrange in ("runs", "groups"):
        blocks = (_run_blocks(hand, base, ace) if arrange == "runs"
                  else _group_blocks(hand, base))
        used = {i for b in blocks for i in b}
        rest = [i for i in base if i not in used]
        return blocks + ([rest] if rest else [])
    out: list[list[int]] = []
    for i in base:
        c = hand[i]
        if out and (hand[out[-1][-1]].suit if sort == "suit" else hand[out[-1][-1]].rank) == (
                c.suit if sort == "suit" else c.rank):
            out[-1].append(i)
        else:
            out.append([i])
    return out
