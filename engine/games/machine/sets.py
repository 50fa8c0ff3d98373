"""The poker sets of Perpetual-Motion Machine: recognising them and generating them by type.

Sets are generated type by type from a hand (never by enumerating every subset of the hand),
so the legal list stays small enough for computer players: a hand holds at most ten cards at
the start of a turn, which bounds every type to a few hundred candidates at the very worst.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations, product

from engine.cards import SUITS, Card

THREE = "three"
FOUR = "four"
TWO_PAIR = "two-pair"
FULL_HOUSE = "full-house"
STRAIGHT = "straight"
FLUSH = "flush"
STRAIGHT_FLUSH = "straight-flush"
ROYAL_FLUSH = "royal-flush"

KINDS: tuple[str, ...] = (THREE, STRAIGHT, FLUSH, FULL_HOUSE, TWO_PAIR, FOUR, STRAIGHT_FLUSH,
                          ROYAL_FLUSH)
KIND_NAMES: dict[str, str] = {
    THREE: "Three of a Kind", STRAIGHT: "Straight", FLUSH: "Flush", FULL_HOUSE: "Full House",
    TWO_PAIR: "Two Pair", FOUR: "Four of a Kind", STRAIGHT_FLUSH: "Straight Flush",
    ROYAL_FLUSH: "Royal Flush",
}
KIND_SIZES: dict[str, int] = {
    THREE: 3, STRAIGHT: 5, FLUSH: 5, FULL_HOUSE: 5, TWO_PAIR: 4, FOUR: 4, STRAIGHT_FLUSH: 5,
    ROYAL_FLUSH: 5,
}

# Straights by their rank sequences, lowest first: A-2-3-4-5 up to 10-J-Q-K-A (ace = 1 or 14).
STRAIGHT_RANKS: tuple[tuple[int, ...], ...] = tuple(
    tuple(((start + i - 1) % 13) + 1 for i in range(5)) for start in range(1, 11)
)
ROYAL_RANKS: tuple[int, ...] = (10, 11, 12, 13, 1)


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The canonical order of a set's cards (by rank, then suit S H D C)."""
    return tuple(sorted(cards, key=lambda c: (c.rank, SUITS.index(c.suit))))


def _rank_counts(cards: Sequence[Card]) -> list[int]:
    counts: dict[int, int] = {}
    for c in cards:
        counts[c.rank] = counts.get(c.rank, 0) + 1
    return sorted(counts.values(), reverse=True)


def _is_straight(cards: Sequence[Card]) -> bool:
    ranks = {c.rank for c in cards}
    return len(cards) == 5 and len(ranks) == 5 and any(ranks == set(s) for s in STRAIGHT_RANKS)


def _is_flush(cards: Sequence[Card]) -> bool:
    return len(cards) == 5 and len({c.suit for c in cards}) == 1


def is_kind(kind: str, cards: Sequence[Card]) -> bool:
    """Whether ``cards`` (distinct cards) form a set of ``kind``."""
    n = len(cards)
    if n != KIND_SIZES.get(kind, -1):
        return False
    if kind == THREE:
        return _rank_counts(cards) == [3]
    if kind == FOUR:
        return _rank_counts(cards) == [4]
    if kind == TWO_PAIR:
        return _rank_counts(cards) == [2, 2]
    if kind == FULL_HOUSE:
        return _rank_counts(cards) == [3, 2]
    if kind == STRAIGHT:
        return _is_straight(cards)
    if kind == FLUSH:
        return _is_flush(cards)
    if kind == STRAIGHT_FLUSH:
        return _is_straight(cards) and _is_flush(cards)
    if kind == ROYAL_FLUSH:
        return _is_flush(cards) and {c.rank for c in cards} == set(ROYAL_RANKS)
    return False


def why_not_kind(kind: str, cards: Sequence[Card]) -> str:
    """A short reason why ``cards`` do not form a ``kind`` (assumes they do not)."""
    name = KIND_NAMES[kind]
    size = KIND_SIZES[kind]
    if len(cards) != size:
        return f"a {name} is {size} cards, not {len(cards)}"
    what = {
        THREE: "three cards of one rank",
        FOUR: "four cards of one rank",
        TWO_PAIR: "two pairs of two different ranks",
        FULL_HOUSE: "three cards of one rank and two of another",
        STRAIGHT: "five ranks in a row (A-2-3-4-5 up to 10-J-Q-K-A, nothing wraps)",
        FLUSH: "five cards of one suit",
        STRAIGHT_FLUSH: "five ranks in a row, all of one suit",
        ROYAL_FLUSH: "10-J-Q-K-A, all of one suit",
    }[kind]
    return f"those cards are not a {name}: it needs {what}"


def _by_rank(hand: Iterable[Card]) -> dict[int, list[Card]]:
    out: dict[int, list[Card]] = {}
    for c in sort_cards(hand):
        out.setdefault(c.rank, []).append(c)
    return out


def _by_suit(hand: Iterable[Card]) -> dict[str, list[Card]]:
    out: dict[str, list[Card]] = {}
    for c in sort_cards(hand):
        out.setdefault(c.suit, []).append(c)
    return out


def _straights(cards_by_rank: dict[int, list[Card]], ranks: Sequence[int]
               ) -> Iterator[tuple[Card, ...]]:
    if all(r in cards_by_rank for r in ranks):
        for combo in product(*(cards_by_rank[r] for r in ranks)):
            yield sort_cards(combo)


def generate(kind: str, hand: Iterable[Card]) -> Iterator[tuple[Card, ...]]:
    """Every set of ``kind`` in ``hand``, each as canonically sorted cards, in a fixed order."""
    hand = list(hand)
    if kind in (THREE, FOUR):
        n = 3 if kind == THREE else 4
        for cards in _by_rank(hand).values():
            if len(cards) >= n:
                yield from combinations(cards, n)
    elif kind == TWO_PAIR:
        pairs = [(r, cs) for r, cs in _by_rank(hand).items() if len(cs) >= 2]
        for (_, a), (_, b) in combinations(pairs, 2):
            for pa in combinations(a, 2):
                for pb in combinations(b, 2):
                    yield sort_cards(pa + pb)
    elif kind == FULL_HOUSE:
        groups = _by_rank(hand)
        for r3, c3 in groups.items():
            if len(c3) < 3:
                continue
            for r2, c2 in groups.items():
                if r2 == r3 or len(c2) < 2:
                    continue
                for t in combinations(c3, 3):
                    for p in combinations(c2, 2):
                        yield sort_cards(t + p)
    elif kind == STRAIGHT:
        groups = _by_rank(hand)
        for ranks in STRAIGHT_RANKS:
            yield from _straights(groups, ranks)
    elif kind == FLUSH:
        for cards in _by_suit(hand).values():
            if len(cards) >= 5:
                yield from combinations(cards, 5)
    elif kind in (STRAIGHT_FLUSH, ROYAL_FLUSH):
        runs = (ROYAL_RANKS,) if kind == ROYAL_FLUSH else STRAIGHT_RANKS
        for cards in _by_suit(hand).values():
            if len(cards) < 5:
                continue
            groups = _by_rank(cards)
            for ranks in runs:
                yield from _straights(groups, ranks)


def kinds_in(cards: Sequence[Card]) -> list[str]:
    """Every kind these cards form (a set may satisfy several definitions)."""
    return [k for k in KINDS if is_kind(k, cards)]
