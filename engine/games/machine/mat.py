"""This edition's player mat, kept as data in this one place (RULINGS.md section 3).

The seed rulebook names the mat's areas but never prints its numbers, so the table below is the
edition's own: single-cube sections at the bottom of the four engine tracks, multi-cube sections
towards the top, a two-cube fourth step of Three of a Kind, and a Two Pair area that takes two
cubes at a time. If the printed mat ever turns up, correct :data:`TRACKS` and nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Section:
    """One section of a track: ``cubes`` placed at once; filled, the track's limit is ``value``."""

    cubes: int
    value: int | None


@dataclass(frozen=True)
class Track:
    """One area of the mat, sections listed bottom to top (left to right for Two Pair)."""

    id: str  # stable id used in actions and saved games
    name: str  # the player's word for it
    limit: str  # what the track's value limits, for the rules page and hints
    empty_value: int | None
    sections: tuple[Section, ...]

    @property
    def cubes(self) -> int:
        return sum(s.cubes for s in self.sections)

    def value(self, filled: int) -> int | None:
        """The track's limit with its ``filled`` lowest sections covered."""
        return self.empty_value if filled == 0 else self.sections[filled - 1].value


def _sections(*pairs: tuple[int, int | None]) -> tuple[Section, ...]:
    return tuple(Section(c, v) for c, v in pairs)


THREE, STRAIGHT, FLUSH, FULL_HOUSE, TWO_PAIR = 0, 1, 2, 3, 4

TRACKS: tuple[Track, ...] = (
    Track("three", "Three of a Kind", "cards traded for cubes in one turn", 1,
          _sections((1, 2), (1, 3), (1, 4), (2, 5), (3, 6))),
    Track("straight", "Straight", "hand limit and personal-supply cube limit", 5,
          _sections((1, 6), (1, 7), (2, 8), (3, 9), (4, 10))),
    Track("flush", "Flush", "cards drawn face down in one turn", 0,
          _sections((1, 1), (1, 2), (2, 3), (3, 4))),
    Track("full-house", "Full House", "cards taken face up in one turn", 1,
          _sections((1, 2), (1, 3), (3, 4))),
    Track("two-pair", "Two Pair", "nothing (moves cubes only)", None,
          _sections(*[(2, None)] * 6)),
)

TRACK_IDS: tuple[str, ...] = tuple(t.id for t in TRACKS)

# The four tracks a set-up cube may go on (Two Pair is not one of them).
ENGINE_TRACKS: tuple[int, ...] = (THREE, STRAIGHT, FLUSH, FULL_HOUSE)

# Cubes each player takes, by player count; the rest of the box stays in the box.
CUBES_PER_PLAYER: dict[int, int] = {2: 30, 3: 25, 4: 20}
CUBES_IN_BOX = 80
START_SUPPLY = 5
SETUP_CUBES = 2
START_HAND = 3
DISPLAY_SLOTS = 4

# PREFIX[t][f]: cubes on track t with its f lowest sections filled (a hot path for bots).
PREFIX: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(s.cubes for s in t.sections[:f]) for f in range(len(t.sections) + 1))
    for t in TRACKS
)

MAT_CUBES = sum(t.cubes for t in TRACKS)
assert max(CUBES_PER_PLAYER.values()) <= MAT_CUBES
assert all(n * c <= CUBES_IN_BOX for n, c in CUBES_PER_PLAYER.items())
