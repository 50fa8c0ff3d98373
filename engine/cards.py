"""Playing cards in the two-character notation of RULINGS.md (rank then suit: ``TD``, ``7H``).

Cards are small immutable values; their text form round-trips (``Card.parse(str(c)) == c``).
A game may play with two decks, so identical cards can exist: a card is a value, and code
that must tell two identical cards apart tracks their positions, not their identity.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import ClassVar, TypeVar

from engine.errors import ParseError

RANKS = "A23456789TJQK"
SUITS = "SHDC"

RANK_NAMES = {
    "A": "ace", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
    "8": "eight", "9": "nine", "T": "ten", "J": "jack", "Q": "queen", "K": "king",
}
RANK_PLURALS = {r: ("sixes" if r == "6" else n + "s") for r, n in RANK_NAMES.items()}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One playing card. ``rank`` is 1 (ace) to 13 (king); ``suit`` is one of ``S H D C``."""

    rank: int
    suit: str

    RANKS: ClassVar[str] = RANKS
    SUITS: ClassVar[str] = SUITS

    def __post_init__(self) -> None:
        if not 1 <= self.rank <= 13:
            raise ParseError(f"rank must be 1..13, got {self.rank}")
        if self.suit not in SUITS or len(self.suit) != 1:
            raise ParseError(f"suit must be one of S H D C, got {self.suit!r}")

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``"TD"``-style notation; anything else raises :class:`ParseError`."""
        if cls is Card:
            known = _BY_TEXT.get(text)
            if known is not None:  # the usual case: a card's own text form
                return known
        t = text.strip()
        if len(t) != 2:
            raise ParseError(f"{text!r} is not a card: use rank then suit, like AS, TD, 7H")
        r, s = t[0].upper(), t[1].upper()
        if r not in RANKS:
            raise ParseError(f"{text!r} is not a card: rank {t[0]!r} is not one of {RANKS}")
        if s not in SUITS:
            raise ParseError(f"{text!r} is not a card: suit {t[1]!r} is not one of {SUITS}")
        return cls(RANKS.index(r) + 1, s)

    @property
    def rank_char(self) -> str:
        return RANKS[self.rank - 1]

    @property
    def name(self) -> str:
        """Screen-reader name: ``"seven of hearts"``."""
        return f"{RANK_NAMES[self.rank_char]} of {SUIT_NAMES[self.suit]}"

    @property
    def symbol(self) -> str:
        """Short display form with a suit symbol: ``"7♥"``, ``"10♦"``."""
        r = "10" if self.rank == 10 else self.rank_char
        return r + SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        return RANKS[self.rank - 1] + self.suit


# Cards are values: the 52 of them, made once, stand for every card read or dealt.
_DECK: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in range(1, 14))
_BY_TEXT: dict[str, Card] = {str(c): c for c in _DECK}
CARD_BY_TEXT: Mapping[str, Card] = _BY_TEXT  # read only: each card by its exact text form

card_key = attrgetter("rank", "suit")
"""Sort key giving the cards' own order (rank, then suit): ``sorted(cards, key=card_key)``
equals ``sorted(cards)``, compared in C rather than by ``Card.__lt__``."""


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """``sorted(cards)``, faster."""
    return sorted(cards, key=card_key)


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read cards separated by spaces or commas (or an iterable of card strings)."""
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [Card.parse(x) for x in items]


def rank_name(rank: int, plural: bool = False) -> str:
    ch = RANKS[rank - 1]
    return RANK_PLURALS[ch] if plural else RANK_NAMES[ch]


def standard_deck() -> list[Card]:
    """One 52-card deck in a fixed order (suits S H D C, ranks A..K)."""
    return list(_DECK)


def double_deck() -> list[Card]:
    """Two 52-card decks (104 cards, each card twice), for a game played with two decks."""
    return standard_deck() + standard_deck()


def shuffled(cards: Sequence[Card], rng: random.Random) -> list[Card]:
    """A shuffled copy, using only the given generator (never the global one)."""
    out = list(cards)
    rng.shuffle(out)
    return out


def check_single_deck(cards: Sequence[Card]) -> None:
    """Raise :class:`ParseError` unless ``cards`` is exactly one full deck, naming the problem."""
    seen: set[Card] = set()
    dupes: list[str] = []
    for c in cards:
        if c in seen:
            dupes.append(str(c))
        seen.add(c)
    if dupes:
        raise ParseError(f"the deck has {', '.join(sorted(set(dupes)))} more than once")
    if len(cards) != 52:
        missing = [str(c) for c in standard_deck() if c not in seen]
        raise ParseError(
            f"a deck needs 52 different cards, got {len(cards)}"
            + (f" (missing {' '.join(missing[:8])}{' ...' if len(missing) > 8 else ''})"
               if missing else "")
        )


T = TypeVar("T")


Dealt = tuple[tuple[T, ...], ...]


def redeal_unseen(hands: Sequence[tuple[T, ...]], piles: Sequence[Sequence[T]], player: int,
                  rng: random.Random) -> tuple[Dealt[T], Dealt[T]]:
    """The other players' hands and the face-down ``piles`` dealt again from their pooled
    pieces, each keeping its size: everything ``player`` cannot see, in another order (the
    games' ``redeal_hidden``, which checks that a view hides what it should)."""
    others = [q for q in range(len(hands)) if q != player]
    pool = [c for pile in piles for c in pile] + [c for q in others for c in hands[q]]
    rng.shuffle(pool)
    new = list(hands)
    for q in others:
        n = len(hands[q])
        new[q], pool = tuple(pool[:n]), pool[n:]
    dealt = []
    for pile in piles:
        dealt.append(tuple(pool[:len(pile)]))
        pool = pool[len(pile):]
    return tuple(new), tuple(dealt)
