"""What the selected cards are: every way to play them (the engine's placements and reasons),
why they are no set, the sets the hand holds, and a play's button data."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card
from engine.games.machine import sets as S
from engine.games.machine.mat import FLUSH, STRAIGHT, TRACK_IDS
from engine.games.machine.rules import (
    DOUBLE_KINDS,
    KIND_TRACK,
    MachineView,
    PlaySet,
    placements,
    set_problem,
)


def _default_tracks(kind: str) -> tuple[int, ...]:
    return (STRAIGHT, FLUSH) if kind in DOUBLE_KINDS else (KIND_TRACK[kind],)


def not_a_set(cards: Sequence[Card]) -> str:
    n = len(cards)
    if n == 3:
        return S.why_not_kind(S.THREE, cards)
    if n == 4:
        return ("those cards are not a set: four cards make Two Pair (two pairs of two "
                "different ranks) or Four of a Kind (four of one rank)")
    if n == 5:
        return ("those cards are not a set: five cards make a Straight (five ranks in a row), "
                "a Flush (five of one suit) or a Full House (three of a rank and a pair)")
    return f"a set is 3, 4 or 5 cards, not {n}"


def play_options(view: MachineView, cards: Sequence[Card]) -> list[tuple[PlaySet, str | None]]:
    """Every way the selected cards can be played (legal ones first), each with None or the
    engine's reason why not: one per kind they form, track choice and general-pile count."""
    if not cards:
        return []
    mat = view.mats[view.player]
    hand = view.hand
    cs = S.sort_cards(cards)
    ok: list[tuple[PlaySet, str | None]] = []
    bad: list[tuple[PlaySet, str | None]] = []
    for kind in reversed(S.kinds_in(cs)):  # the grandest reading first
        ways = placements(kind, mat)
        if not ways:
            a = PlaySet(kind, cs, _default_tracks(kind), 0)
            bad.append((a, set_problem(hand, mat, a)))
            continue
        for tracks, pile in ways:
            a = PlaySet(kind, cs, tracks, pile)
            why = set_problem(hand, mat, a)
            (ok if why is None else bad).append((a, why))
    return ok + bad


def track_ids(a: PlaySet) -> str:
    return " ".join(TRACK_IDS[t] for t in a.tracks)


def play_data(a: PlaySet) -> dict[str, str]:
    """The ``data-*`` values of the button that plays ``a``."""
    return {"kind": a.kind, "tracks": track_ids(a), "pile": str(a.from_pile)}


def held_sets(view: MachineView, limit: int = 6) -> list[tuple[str, tuple[Card, ...]]]:
    """Sets the hand holds (one per kind and rank/suit pattern, at most ``limit``)."""
    out: list[tuple[str, tuple[Card, ...]]] = []
    seen: set[tuple[str, tuple[int, ...]]] = set()
    for kind in reversed(S.KINDS):
        for cards in S.generate(kind, view.hand):
            key = (kind, tuple(sorted(c.rank for c in cards)))
            if key in seen:
                continue
            seen.add(key)
            out.append((kind, cards))
            if len(out) >= limit:
                return out
    return out
