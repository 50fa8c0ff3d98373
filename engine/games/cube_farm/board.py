"""Cube Farm geometry: the table, cubicles, walking and scoring (RULINGS.md section 4).

Coordinates: ``x`` grows to the east, ``y`` to the south (screen order); a square is ``(x, y)``.
Sides are numbered 0 north, 1 east, 2 south, 3 west. A card is laid at an *anchor*, the
north-west square of its footprint, in rotation 0..3 (quarter turns clockwise): rotations 0 and 2
cover 3 x 2 squares, rotations 1 and 3 cover 2 x 3.

The :class:`Board` is the table of one hand. It is built by replaying placements and claims, so
a saved game stores only those and everything here is derived (and checked) again on loading.
Everything the rules need is computed from plain sets and dicts so that the computer players can
try hundreds of placements a turn in CPython:

* the occupied squares, the *frontier* (empty squares next to a card: every legal anchor covers
  one) and the bounding box are kept up to date on each placement;
* an empty region that a placement closes off is found by a flood fill from the squares next to
  the new card that stops as soon as it leaves the bounding box (then it is open table); a closed
  region in which no card fits becomes floor for good (a later card can never cover it);
* cubicles are updated incrementally: the card's own units (joined inside the card as
  precomputed per rotation) merge with the cubicles their edge openings meet, cubicles next to
  new floor gain doors, and claimed stones spread into the units a card adds;
* the squares that can walk to an elevator only grow, so they are extended from the new floor.

Walking never loses a square: a card only covers wall, so floor, items and the elevator's reach
only grow during a hand. Scores of claimed cubicles can still fall (a Vice President moves in).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from engine.errors import ParseError
from engine.games.cube_farm.deck import CARDS, ITEMS, NEGATIVES, START_CARD

Pos = tuple[int, int]

N, E, S, W = 0, 1, 2, 3
DIRS: tuple[Pos, ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
SIDE_LETTERS = "nesw"

FLOOR, ITEM, CUBE, NEG, ELEVATOR = "floor", "item", "cube", "negative", "elevator"
MAX_RANGE = 4  # the longest walking range of any item or character

LANDSCAPE: tuple[Pos, ...] = ((0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1))
PORTRAIT: tuple[Pos, ...] = ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2))


@dataclass(frozen=True, slots=True)
class Square:
    """One square of a card as it lies on the table.

    ``kind`` is floor, item, cube, negative or elevator; ``name``/``value`` name an item or a
    negative character (Photocopier 4, Vice President -3); ``openings`` is a bit mask of the
    sides (bit ``1 << side``) of a cube or negative unit that are openings. ``unit``, ``walk``
    and ``opens`` (the open sides) are derived once, because the hot loops read them.
    """

    kind: str
    name: str = ""
    value: int = 0
    openings: int = 0
    unit: bool = field(init=False, compare=False, repr=False)
    walk: bool = field(init=False, compare=False, repr=False)
    opens: tuple[int, ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "unit", self.kind == CUBE or self.kind == NEG)
        object.__setattr__(self, "walk", self.kind == FLOOR or self.kind == ITEM)
        object.__setattr__(self, "opens",
                           tuple(i for i in range(4) if self.openings >> i & 1))

    def is_open(self, side: int) -> bool:
        return bool(self.openings >> side & 1)

    @property
    def walkable(self) -> bool:
        return self.walk

    @property
    def is_unit(self) -> bool:
        return self.unit

    def rotated(self, turns: int) -> Square:
        if not self.openings or turns % 4 == 0:
            return self
        m = self.openings
        t = turns % 4
        rot = ((m << t) | (m >> (4 - t))) & 0b1111
        return Square(self.kind, self.name, self.value, rot)

    @property
    def token(self) -> str:
        """The token of the deck notation (``cs``, ``Ph``, ``E``...)."""
        if self.kind == FLOOR:
            return "."
        if self.kind == ELEVATOR:
            return "E"
        if self.kind == ITEM:
            return next(k for k, v in ITEMS.items() if v[0] == self.name)
        letter = "c" if self.kind == CUBE else next(
            k for k, v in NEGATIVES.items() if v[0] == self.name)
        return letter + "".join(SIDE_LETTERS[i] for i in range(4) if self.is_open(i))


def parse_token(tok: str) -> Square:
    """A square from its deck token; raises ParseError."""
    if tok == ".":
        return Square(FLOOR)
    if tok == "E":
        return Square(ELEVATOR)
    if tok in ITEMS:
        name, value = ITEMS[tok]
        return Square(ITEM, name, value)
    if tok and tok[0] in "crv" and all(ch in SIDE_LETTERS for ch in tok[1:]):
        mask = 0
        for ch in tok[1:]:
            mask |= 1 << SIDE_LETTERS.index(ch)
        if tok[0] == "c":
            return Square(CUBE, openings=mask)
        name, value = NEGATIVES[tok[0]]
        return Square(NEG, name, value, mask)
    raise ParseError(f"{tok!r} is not a square token")


@dataclass(frozen=True)
class Shape:
    """A card in one rotation: its squares by offset from the anchor."""

    card: str
    rot: int
    width: int
    height: int
    cells: tuple[tuple[int, int, Square], ...]
    # openings that point out of the card: (dx, dy, side, internal component of the unit)
    edge_openings: tuple[tuple[int, int, int, int], ...]
    # internal components: for each, whether it holds a negative unit
    comp_negative: tuple[int, ...]
    # for each of ``cells``: its internal component, or -1 for a square that is not a unit
    comp_of: tuple[int, ...]

    @cached_property
    def features(self) -> tuple[tuple[tuple[int, int, int], ...],
                                tuple[tuple[int, int, int], ...],
                                tuple[Pos, ...], tuple[Pos, ...]]:
        """Items, negatives (offset and value), plain units and the squares around the card:
        what a computer player weighs a placement by, worked out once per shape."""
        inside = {(dx, dy) for dx, dy, _ in self.cells}
        ring = sorted({(dx + ox, dy + oy) for dx, dy, sq in self.cells if sq.walk or sq.unit
                       for ox, oy in DIRS} - inside)
        return (tuple((dx, dy, sq.value) for dx, dy, sq in self.cells if sq.kind == ITEM),
                tuple((dx, dy, sq.value) for dx, dy, sq in self.cells if sq.kind == NEG),
                tuple((dx, dy) for dx, dy, sq in self.cells if sq.kind == "cube"),
                tuple(ring))


def card_squares(rows: tuple[str, str]) -> list[list[Square]]:
    """The 2 x 3 squares of a card in rotation 0, row by row."""
    grid = [[parse_token(t) for t in row.split()] for row in rows]
    if len(grid) != 2 or any(len(r) != 3 for r in grid):
        raise ParseError("a card is two rows of three squares")
    return grid


def make_shape(card: str, rows: tuple[str, str], rot: int) -> Shape:
    """Rotate a card ``rot`` quarter turns clockwise: (cx, cy) -> (h - 1 - cy, cx)."""
    grid = card_squares(rows)
    cells: dict[Pos, Square] = {}
    for cy, row in enumerate(grid):
        for cx, sq in enumerate(row):
            cells[(cx, cy)] = sq
    w, h = 3, 2
    for _ in range(rot % 4):
        cells = {(h - 1 - y, x): sq.rotated(1) for (x, y), sq in cells.items()}
        w, h = h, w
    # internal unit components
    comp: dict[Pos, int] = {}
    comp_neg: list[int] = []
    for p, sq in cells.items():
        if not sq.is_unit or p in comp:
            continue
        idx = len(comp_neg)
        neg = 0
        stack = [p]
        comp[p] = idx
        while stack:
            q = stack.pop()
            qs = cells[q]
            if qs.kind == NEG:
                neg = min(neg, qs.value)
            for side in range(4):
                if not qs.is_open(side):
                    continue
                n = (q[0] + DIRS[side][0], q[1] + DIRS[side][1])
                ns = cells.get(n)
                if ns is not None and ns.is_unit and ns.is_open(side ^ 2) and n not in comp:
                    comp[n] = idx
                    stack.append(n)
        comp_neg.append(neg)
    edges = []
    for (x, y), sq in sorted(cells.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        if not sq.is_unit:
            continue
        for side in range(4):
            n = (x + DIRS[side][0], y + DIRS[side][1])
            if sq.is_open(side) and n not in cells:
                edges.append((x, y, side, comp[(x, y)]))
    ordered = tuple((x, y, sq) for (x, y), sq in sorted(cells.items(),
                                                         key=lambda kv: (kv[0][1], kv[0][0])))
    comp_of = tuple(comp.get((x, y), -1) for x, y, _ in ordered)
    return Shape(card, rot % 4, w, h, ordered, tuple(edges), tuple(comp_neg), comp_of)


SHAPES: dict[str, tuple[Shape, ...]] = {
    cid: tuple(make_shape(cid, rows, r) for r in range(4)) for cid, rows in CARDS.items()
}


@dataclass(frozen=True)
class Cubicle:
    """A cubicle: units joined by openings. ``id`` is its first unit in reading order.

    ``value`` is 0 for an ordinary cubicle, else the negative character's value (the most
    senior character if a card ever joins two); ``doors`` pairs a unit with the floor or item
    square its opening faces; ``owner`` is the player whose stones fill it, if any.
    """

    id: Pos
    units: tuple[Pos, ...]
    value: int
    character: str
    doors: tuple[tuple[Pos, Pos], ...]
    owner: int | None

    @property
    def negative(self) -> bool:
        return self.value < 0


@dataclass(frozen=True)
class Bonus:
    """One target that counted for a cubicle: an item (+) or a negative cubicle (-)."""

    name: str
    value: int
    distance: int
    at: Pos  # the item's square, or the negative cubicle's id

    def to_dict(self) -> dict[str, object]:
        return {"name": self.name, "value": self.value, "distance": self.distance,
                "at": pos_text(self.at)}


@dataclass(frozen=True)
class CubicleScore:
    """Why a claimed cubicle scores what it does: stones + bonuses."""

    cubicle: Pos
    owner: int
    stones: int
    bonuses: tuple[Bonus, ...]

    @property
    def total(self) -> int:
        return self.stones + sum(b.value for b in self.bonuses)

    def to_dict(self) -> dict[str, object]:
        return {"cubicle": pos_text(self.cubicle), "owner": self.owner, "stones": self.stones,
                "bonuses": [b.to_dict() for b in self.bonuses], "total": self.total}

    def describe(self) -> str:
        parts = [f"{self.stones} stone{'s' if self.stones != 1 else ''}"]
        for b in self.bonuses:
            sign = "+" if b.value > 0 else "-"
            parts.append(f"{sign}{abs(b.value)} {b.name} at {b.distance} step"
                         f"{'s' if b.distance != 1 else ''}")
        return f"cubicle {pos_text(self.cubicle)}: " + ", ".join(parts) + f" = {self.total}"


def pos_text(p: Pos) -> str:
    return f"{p[0]},{p[1]}"


class Board:
    """The table of one hand. Mutated only by :meth:`place` / :meth:`claim` on a fresh copy."""

    __slots__ = ("_claimable", "_memo", "_reach", "_sorted", "bbox", "cells", "cubs",
                 "elevators", "frontier", "holes", "join_players", "next_key", "placements",
                 "stones", "unit_key", "walk")

    def __init__(self, join_players: bool = False) -> None:
        # the "join" set-up option: may a card join cubicles claimed by two players?
        self.join_players = join_players
        self.cells: dict[Pos, Square] = {}
        self.holes: set[Pos] = set()
        self.walk: set[Pos] = set()
        self.elevators: set[Pos] = set()
        self.frontier: set[Pos] = set()
        self.bbox: list[int] = [0, 0, -1, -1]  # min x, min y, max x, max y
        self.placements: list[tuple[str, int, int, int]] = []
        self.stones: dict[Pos, int] = {}
        self.cubs: dict[int, Cubicle] = {}  # by an internal key
        self.unit_key: dict[Pos, int] = {}
        self.next_key = 0
        self._sorted: list[Cubicle] | None = None
        self._reach: set[Pos] | None = None
        self._claimable: list[Cubicle] | None = None
        self._memo: dict[object, Any] | None = None

    @classmethod
    def start(cls, card: str = START_CARD, join_players: bool = False) -> Board:
        """A fresh table: the starting elevator card in the middle (anchor 0,0)."""
        b = cls(join_players)
        b.place(card, 0, 0, 0)
        return b

    def copy(self) -> Board:
        b = Board.__new__(Board)
        b.join_players = self.join_players
        b.cells = dict(self.cells)
        b.holes = set(self.holes)
        b.walk = set(self.walk)
        b.elevators = set(self.elevators)
        b.frontier = set(self.frontier)
        b.bbox = list(self.bbox)
        b.placements = list(self.placements)
        b.stones = dict(self.stones)
        b.cubs = dict(self.cubs)
        b.unit_key = dict(self.unit_key)
        b.next_key = self.next_key
        b._sorted = self._sorted
        b._reach = self._reach
        b._claimable = self._claimable
        b._memo = None
        return b

    # --- placing cards ----------------------------------------------------------------------
    def free_anchors(self, portrait: bool) -> set[Pos]:
        """Anchors where a card of that footprint touches the table without overlapping."""
        offs = PORTRAIT if portrait else LANDSCAPE
        cells = self.cells
        holes = self.holes
        seen: set[Pos] = set()
        free: set[Pos] = set()
        for fx, fy in self.frontier:
            for dx, dy in offs:
                a = (fx - dx, fy - dy)
                if a in seen:
                    continue
                seen.add(a)
                ax, ay = a
                for ox, oy in offs:
                    q = (ax + ox, ay + oy)
                    if q in cells or q in holes:
                        break
                else:
                    free.add(a)
        return free

    def legal_placements(self, card: str,
                         free: tuple[list[Pos], list[Pos]] | None = None
                         ) -> list[tuple[int, int, int]]:
        """Every (x, y, rot) where ``card`` may be laid, sorted (rotation, y, x).

        ``free`` may pass :meth:`sorted_anchors` computed once for several cards.
        """
        shapes = SHAPES[card]
        out: list[tuple[int, int, int]] = []
        if free is None:
            free = self.sorted_anchors()
        for rot in range(4):
            shape = shapes[rot]
            for x, y in free[rot & 1]:
                if not shape.edge_openings or self.join_conflict(shape, x, y) is None:
                    out.append((x, y, rot))
        return out

    def memo(self) -> dict[object, Any]:
        """Values worked out from this table, kept until :meth:`place` or :meth:`claim`
        changes it (a table in a state is never changed again: the same table is asked the
        same questions by the rules, the views, the computer players and the app's drawing,
        each under keys of its own). On the table, not in a module, so it goes with it."""
        if self._memo is None:
            self._memo = {}
        return self._memo

    def sorted_anchors(self) -> tuple[list[Pos], list[Pos]]:
        """Free anchors of the landscape and the portrait footprint, in reading order."""
        memo = self.memo()
        got = memo.get("anchors")
        if got is None:
            got = memo["anchors"] = (tuple(sorted(self.free_anchors(False), key=_reading)),
                                     tuple(sorted(self.free_anchors(True), key=_reading)))
        return (list(got[0]), list(got[1]))

    def placement_problem(self, card: str, x: int, y: int, rot: int) -> str | None:
        """None if the card may be laid there, else the reason."""
        if card not in SHAPES:
            return f"there is no card {card}"
        if not 0 <= rot <= 3:
            return "a card has four rotations, 0 to 3"
        shape = SHAPES[card][rot]
        touches = False
        for dx, dy, _ in shape.cells:
            p = (x + dx, y + dy)
            if p in self.cells or p in self.holes:
                return f"the card would cover square {pos_text(p)}, which is already built"
            if p in self.frontier:
                touches = True
        if not touches:
            return "the card must share an edge with a card already on the table"
        return self.join_conflict(shape, x, y)

    def join_conflict(self, shape: Shape, x: int, y: int) -> str | None:
        """Why the openings of this card would join cubicles that may not be joined, or None.

        A card may not join a negative unit to a claimed cubicle (the seed), nor join cubicles
        claimed by two different players (this edition: a cubicle has one owner).
        """
        cells = self.cells
        touched: dict[int, set[int]] = {}
        for dx, dy, side, comp in shape.edge_openings:
            ox, oy = DIRS[side]
            n = (x + dx + ox, y + dy + oy)
            sq = cells.get(n)
            if sq is not None and sq.unit and (side ^ 2) in sq.opens:
                touched.setdefault(comp, set()).add(self.unit_key[n])
        if not touched:
            return None
        cubs = self.cubs
        for keys, neg in _groups(shape, touched):
            owners = {cubs[k].owner for k in keys if cubs[k].owner is not None}
            has_neg = neg or any(cubs[k].negative for k in keys)
            if owners and has_neg:
                who = min(o for o in owners if o is not None)
                chars = [cubs[k].character for k in keys if cubs[k].negative]
                name = chars[0] if chars else next(
                    sq.name for _, _, sq in shape.cells if sq.kind == NEG)
                return f"this would join the {name} to player {who + 1}'s claimed cubicle"
            if len(owners) > 1 and not self.join_players:
                return "this would join cubicles claimed by two different players"
        return None

    def place(self, card: str, x: int, y: int, rot: int) -> None:
        """Lay a card (already checked legal): update the table, holes, cubicles and stones."""
        shape = SHAPES[card][rot]
        cells, walk = self.cells, self.walk
        new: list[Pos] = []
        new_walk: list[Pos] = []
        new_elev: list[Pos] = []
        for dx, dy, sq in shape.cells:
            p = (x + dx, y + dy)
            cells[p] = sq
            new.append(p)
            if sq.walk:
                walk.add(p)
                new_walk.append(p)
            elif sq.kind == ELEVATOR:
                self.elevators.add(p)
                new_elev.append(p)
        self.placements.append((card, x, y, rot))
        bb = self.bbox
        if bb[2] < bb[0]:
            bb[:] = [x, y, x + shape.width - 1, y + shape.height - 1]
        else:
            bb[0] = min(bb[0], x)
            bb[1] = min(bb[1], y)
            bb[2] = max(bb[2], x + shape.width - 1)
            bb[3] = max(bb[3], y + shape.height - 1)
        fr = self.frontier
        seeds: list[Pos] = []
        for p in new:
            fr.discard(p)
            for ox, oy in DIRS:
                q = (p[0] + ox, p[1] + oy)
                if q not in cells and q not in self.holes:
                    fr.add(q)
                    seeds.append(q)
        new_walk.extend(self._close_regions(seeds))
        self._update_cubicles(shape, new, new_walk)
        self._update_reach(new_walk, new_elev)
        self._sorted = None
        self._claimable = None
        self._memo = None

    def _close_regions(self, seeds: Iterable[Pos]) -> list[Pos]:
        """Empty regions next to the new card that are closed off and too small become floor.

        Returns the squares that became floor.
        """
        cells, holes = self.cells, self.holes
        minx, miny, maxx, maxy = self.bbox
        done: set[Pos] = set()
        made: list[Pos] = []
        for s in seeds:
            if s in done or s in holes:
                continue
            region = {s}
            stack = [s]
            escaped = False
            while stack:
                px, py = stack.pop()
                if px <= minx or px >= maxx or py <= miny or py >= maxy:
                    escaped = True  # on or beyond the bounding box: open table
                    break
                for ox, oy in DIRS:
                    q = (px + ox, py + oy)
                    if q not in cells and q not in region:
                        region.add(q)
                        stack.append(q)
            done |= region
            if escaped or _card_fits(region):
                continue
            holes |= region
            self.walk |= region
            self.frontier -= region
            made.extend(sorted(region))
        return made

    # --- cubicles ---------------------------------------------------------------------------
    def _make_cubicle(self, members: list[Pos], owner: int | None) -> int:
        cells, walk = self.cells, self.walk
        members.sort(key=_reading)
        value, character = 0, ""
        doors: list[tuple[Pos, Pos]] = []
        for u in members:
            us = cells[u]
            if us.kind == NEG and us.value < value:
                value, character = us.value, us.name
            for side in us.opens:
                ox, oy = DIRS[side]
                n = (u[0] + ox, u[1] + oy)
                if n in walk:
                    doors.append((u, n))
        key = self.next_key
        self.next_key += 1
        self.cubs[key] = Cubicle(members[0], tuple(members), value, character, tuple(doors),
                                 owner)
        for u in members:
            self.unit_key[u] = key
            if owner is not None:
                self.stones[u] = owner
        return key

    def _update_cubicles(self, shape: Shape, new: list[Pos], new_walk: list[Pos]) -> None:
        """Join the card's units to the cubicles they open onto; add doors onto new floor."""
        cells, cubs, unit_key = self.cells, self.cubs, self.unit_key
        if any(c >= 0 for c in shape.comp_of):
            comps: dict[int, list[Pos]] = {}
            for p, c in zip(new, shape.comp_of, strict=True):
                if c >= 0:
                    comps.setdefault(c, []).append(p)
            x0, y0 = new[0][0] - shape.cells[0][0], new[0][1] - shape.cells[0][1]
            touched: dict[int, set[int]] = {c: set() for c in comps}
            for dx, dy, side, comp in shape.edge_openings:
                ox, oy = DIRS[side]
                n = (x0 + dx + ox, y0 + dy + oy)
                sq = cells.get(n)
                if sq is not None and sq.unit and (side ^ 2) in sq.opens and n in unit_key:
                    touched[comp].add(unit_key[n])
            merged_comps: list[tuple[set[int], list[int]]] = []
            for comp, keys in touched.items():
                group_comps = [comp]
                for g in [g for g in merged_comps if g[0] & keys]:
                    merged_comps.remove(g)
                    keys = keys | g[0]
                    group_comps += g[1]
                merged_comps.append((keys, group_comps))
            for keys, group_comps in merged_comps:
                members = [u for c in group_comps for u in comps[c]]
                olds = sorted((cubs.pop(k) for k in keys), key=lambda c: _reading(c.id))
                for old in olds:
                    members.extend(old.units)
                owner = _joined_owner(olds)
                self._make_cubicle(members, owner)
        dirty: set[int] = set()
        for q in new_walk:
            for side in range(4):
                ox, oy = DIRS[side]
                n = (q[0] + ox, q[1] + oy)
                sq = cells.get(n)
                if sq is not None and sq.unit and (side ^ 2) in sq.opens:
                    dirty.add(unit_key[n])
        for k in dirty:
            old = cubs.pop(k)
            self._make_cubicle(list(old.units), old.owner)

    def _update_reach(self, new_walk: list[Pos], new_elev: list[Pos]) -> None:
        """Walking only gains squares, so the elevator's reach only grows from the new ones."""
        if self._reach is None:
            return
        walk, elevators = self.walk, self.elevators
        reach = set(self._reach)
        stack: list[Pos] = []
        for q in new_walk:
            if q in reach:
                continue
            for ox, oy in DIRS:
                n = (q[0] + ox, q[1] + oy)
                if n in reach or n in elevators:
                    reach.add(q)
                    stack.append(q)
                    break
        for e in new_elev:
            for ox, oy in DIRS:
                n = (e[0] + ox, e[1] + oy)
                if n in walk and n not in reach:
                    reach.add(n)
                    stack.append(n)
        _flood(walk, reach, stack)
        self._reach = reach

    def cubicles(self) -> list[Cubicle]:
        """Every cubicle on the table, in reading order of their ids."""
        if self._sorted is None:
            self._sorted = sorted(self.cubs.values(), key=lambda c: _reading(c.id))
        return self._sorted

    def cubicle_at(self, p: Pos) -> Cubicle | None:
        """The cubicle that has a unit on square ``p`` (what a tap on the table selects)."""
        k = self.unit_key.get(p)
        return None if k is None else self.cubs[k]

    def claim(self, cubicle_id: Pos, player: int) -> None:
        """Put one of ``player``'s stones in each unit of the cubicle (already checked legal)."""
        k = self.unit_key[cubicle_id]
        c = self.cubs.pop(k)
        self._make_cubicle(list(c.units), player)
        self._sorted = None
        self._claimable = None
        self._memo = None

    # --- walking ----------------------------------------------------------------------------
    def elevator_reach(self) -> set[Pos]:
        """Floor and item squares from which a walk ends on an elevator square."""
        if self._reach is None:
            walk = self.walk
            reach: set[Pos] = set()
            stack: list[Pos] = []
            for ex, ey in self.elevators:
                for ox, oy in DIRS:
                    q = (ex + ox, ey + oy)
                    if q in walk and q not in reach:
                        reach.add(q)
                        stack.append(q)
            _flood(walk, reach, stack)
            self._reach = reach
        return self._reach

    def claim_problem(self, cubicle_id: Pos) -> str | None:
        """None if the cubicle with this id may be claimed now, else the reason."""
        c = self.cubicle_at(cubicle_id)
        if c is None:
            return f"there is no cubicle on square {pos_text(cubicle_id)}"
        if c.id != cubicle_id:
            return f"name this cubicle by its first unit, {pos_text(c.id)}"
        if c.owner is not None:
            return f"this cubicle is already taken by player {c.owner + 1}"
        if c.negative:
            return f"the {c.character} already occupies this cubicle"
        if not c.doors:
            return "this cubicle has no door onto the floor"
        reach = self.elevator_reach()
        if not any(q in reach for _, q in c.doors):
            return "no walk from this cubicle reaches an elevator"
        return None

    def claimable(self) -> list[Cubicle]:
        """Empty, non-negative cubicles from which a walk reaches an elevator, in id order."""
        if self._claimable is None:
            reach = self.elevator_reach()
            self._claimable = [c for c in self.cubicles()
                               if c.owner is None and not c.value
                               and any(q in reach for _, q in c.doors)]
        return self._claimable

    def distances(self, cub: Cubicle, limit: int = MAX_RANGE) -> dict[Pos, int]:
        """Steps from the cubicle to each floor or item square within ``limit`` steps."""
        walk = self.walk
        dist: dict[Pos, int] = {}
        layer: list[Pos] = []
        for _, q in cub.doors:
            if q not in dist:
                dist[q] = 1
                layer.append(q)
        d = 1
        while layer and d < limit:
            d += 1
            nxt: list[Pos] = []
            for px, py in layer:
                for ox, oy in DIRS:
                    q = (px + ox, py + oy)
                    if q in walk and q not in dist:
                        dist[q] = d
                        nxt.append(q)
            layer = nxt
        return dist

    def route(self, cub: Cubicle, ends: dict[Pos, Pos | None]) -> list[Pos]:
        """A shortest walk out of the cubicle to the first square of ``ends`` it meets, for
        drawing: the squares stepped on (the first is outside a door), then ``ends[square]``
        when that is not None (the unit or elevator square entered last). [] if none is reached.

        Its length is the distance the scoring counts: an item square is an end of its own; a
        character's cubicle is reached through its doors (``{floor: unit}``); an elevator from
        the floor next to it.
        """
        walk = self.walk
        prev: dict[Pos, Pos | None] = {}
        layer: list[Pos] = []
        for _, q in cub.doors:
            if q not in prev:
                prev[q] = None
                layer.append(q)
        while layer:
            nxt: list[Pos] = []
            for q in sorted(layer, key=_reading):
                if q in ends:
                    path: list[Pos] = []
                    cur: Pos | None = q
                    while cur is not None:
                        path.append(cur)
                        cur = prev[cur]
                    path.reverse()
                    last = ends[q]
                    return path + ([last] if last is not None else [])
            for px, py in layer:
                for ox, oy in DIRS:
                    n = (px + ox, py + oy)
                    if n in walk and n not in prev:
                        prev[n] = (px, py)
                        nxt.append(n)
            layer = nxt
        return []

    def bonus_route(self, cub: Cubicle, bonus: Bonus) -> list[Pos]:
        """The walk that made ``bonus`` count for the cubicle (see :meth:`route`)."""
        other = self.cubicle_at(bonus.at) if bonus.value < 0 else None
        if other is None:
            return self.route(cub, {bonus.at: None})
        ends: dict[Pos, Pos | None] = {}
        for unit, q in other.doors:
            ends.setdefault(q, unit)
        return self.route(cub, ends)

    def elevator_route(self, cub: Cubicle) -> list[Pos]:
        """The shortest walk from the cubicle onto an elevator square ([] if none)."""
        ends: dict[Pos, Pos | None] = {}
        for ex, ey in sorted(self.elevators, key=_reading):
            for ox, oy in DIRS:
                q = (ex + ox, ey + oy)
                if q in self.walk:
                    ends.setdefault(q, (ex, ey))
        return self.route(cub, ends)

    def score_cubicle(self, cub: Cubicle, owner: int | None = None) -> CubicleScore:
        """The explained score of a cubicle (as if claimed by ``owner`` when it is empty)."""
        cells, cubs, unit_key = self.cells, self.cubs, self.unit_key
        dist = self.distances(cub)
        bonuses: list[Bonus] = []
        neg_best: dict[int, int] = {}
        for q, d in dist.items():
            sq = cells.get(q)
            if sq is not None and sq.kind == ITEM and d <= sq.value:
                bonuses.append(Bonus(sq.name, sq.value, d, q))
            if d >= 3:
                continue  # no character reaches further than 3 steps
            for side in range(4):
                ox, oy = DIRS[side]
                n = (q[0] + ox, q[1] + oy)
                ns = cells.get(n)
                if ns is not None and ns.unit and (side ^ 2) in ns.opens:
                    k = unit_key[n]
                    other = cubs[k]
                    if other.value and d + 1 <= -other.value and d + 1 < neg_best.get(k, 99):
                        neg_best[k] = d + 1
        for k, d in neg_best.items():
            c = cubs[k]
            bonuses.append(Bonus(c.character, c.value, d, c.id))
        bonuses.sort(key=lambda b: (b.distance, -b.value, b.at[1], b.at[0]))
        who = cub.owner if owner is None else owner
        return CubicleScore(cub.id, -1 if who is None else who, len(cub.units), tuple(bonuses))

    def scores(self) -> list[CubicleScore]:
        """The explained score of every claimed cubicle, in id order."""
        memo = self.memo()
        got = memo.get("scores")
        if got is None:
            got = memo["scores"] = tuple(self.score_cubicle(c) for c in self.cubicles()
                                         if c.owner is not None)
        return list(got)

    def totals(self, players: int) -> list[int]:
        out = [0] * players
        for s in self.scores():
            out[s.owner] += s.total
        return out

    # --- display ----------------------------------------------------------------------------
    def squares(self) -> Iterator[tuple[Pos, Square]]:
        """Every card square and enclosed-floor square."""
        yield from self.cells.items()
        for p in self.holes:
            yield p, Square(FLOOR)

    def render(self) -> str:
        """A text picture of the table (for the command line and test failures)."""
        if not self.cells:
            return ""
        minx, miny, maxx, maxy = self.bbox
        rows = []
        for y in range(miny, maxy + 1):
            toks = []
            for x in range(minx, maxx + 1):
                p = (x, y)
                if p in self.holes:
                    tok = ":"
                elif p in self.cells:
                    tok = self.cells[p].token
                    if p in self.stones:
                        tok += f"@{self.stones[p] + 1}"
                else:
                    tok = "#"
                toks.append(f"{tok:<7}")
            rows.append("".join(toks).rstrip())
        return "\n".join(rows)


def _reading(p: Pos) -> tuple[int, int]:
    return (p[1], p[0])


def _groups(shape: Shape, touched: dict[int, set[int]]) -> list[tuple[set[int], bool]]:
    """Internal components of a card that reach a common cubicle, merged: (keys, negative)."""
    groups: list[tuple[set[int], bool]] = []
    for comp, keys in touched.items():
        neg = shape.comp_negative[comp] < 0
        for g in [g for g in groups if g[0] & keys]:
            groups.remove(g)
            keys = keys | g[0]
            neg = neg or g[1]
        groups.append((keys, neg))
    return groups


def _joined_owner(olds: Sequence[Cubicle]) -> int | None:
    """Who owns cubicles a card joins: their one owner; with the "join" option, when two
    players' cubicles meet, the player with more stones in them (a tie: the owner of the
    cubicle first in reading order) takes the whole cubicle."""
    stones: dict[int, int] = {}
    for c in olds:
        if c.owner is not None:
            stones[c.owner] = stones.get(c.owner, 0) + len(c.units)
    if not stones:
        return None
    first = next(c.owner for c in olds if c.owner is not None)
    return max(stones, key=lambda o: (stones[o], o == first))


def _card_fits(region: set[Pos]) -> bool:
    """Whether a 3 x 2 or 2 x 3 card fits inside the region."""
    if len(region) < 6:
        return False
    for x, y in region:
        for offs in (LANDSCAPE, PORTRAIT):
            if all((x + dx, y + dy) in region for dx, dy in offs):
                return True
    return False


def board_from_map(rows: Sequence[str]) -> Board:
    """A table drawn in deck tokens, for tests and examples; ``#`` is wall (no card).

    Squares are taken as they are: no cards, no enclosed-region rule, ``@1`` after a unit puts
    a stone of player 1 (players are numbered from 1 in the picture, 0 in the engine).
    """
    b = Board()
    minx = miny = 0
    maxx = maxy = -1
    for y, row in enumerate(rows):
        for x, tok in enumerate(row.split()):
            owner = None
            if "@" in tok:
                tok, who = tok.split("@")
                owner = int(who) - 1
            if tok == "#":
                continue
            sq = parse_token(tok)
            b.cells[(x, y)] = sq
            if sq.walkable:
                b.walk.add((x, y))
            elif sq.kind == ELEVATOR:
                b.elevators.add((x, y))
            if owner is not None:
                b.stones[(x, y)] = owner
            maxx, maxy = max(maxx, x), max(maxy, y)
    b.bbox = [minx, miny, maxx, maxy]
    seen: set[Pos] = set()
    for start in sorted((p for p, sq in b.cells.items() if sq.unit), key=_reading):
        if start in seen:
            continue
        members = [start]
        seen.add(start)
        stack = [start]
        while stack:
            q = stack.pop()
            for side in b.cells[q].opens:
                n = (q[0] + DIRS[side][0], q[1] + DIRS[side][1])
                ns = b.cells.get(n)
                if ns is not None and ns.unit and (side ^ 2) in ns.opens and n not in seen:
                    seen.add(n)
                    members.append(n)
                    stack.append(n)
        owners = {b.stones[u] for u in members if u in b.stones}
        b._make_cubicle(members, min(owners) if owners else None)
    return b


def _flood(walk: set[Pos] | frozenset[Pos], reach: set[Pos], stack: list[Pos]) -> None:
    """Grow ``reach`` in place from the squares on ``stack`` through walkable squares."""
    while stack:
        px, py = stack.pop()
        for ox, oy in DIRS:
            q = (px + ox, py + oy)
            if q in walk and q not in reach:
                reach.add(q)
                stack.append(q)
