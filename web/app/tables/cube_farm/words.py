"""What the Cube Farm table says: cards, turns, places, scores and cubicles in words, the
prompt and the walks' message, in one place so they read alike (no coordinates)."""

from __future__ import annotations

from collections.abc import Sequence

from app.kit import plural
from app.tables.cube_farm.places import centre, footprint
from app.tables.cube_farm.turn import CFTurnUI, Pos
from engine.games.cube_farm.board import (
    CUBE,
    DIRS,
    ELEVATOR,
    ITEM,
    NEG,
    SHAPES,
    Board,
    Cubicle,
    CubicleScore,
)
from engine.games.cube_farm.deck import card_kind, card_name
from engine.games.cube_farm.rules import CLAIM, PLACE, CFView, Place

TURN_WORDS = ("as printed", "turned a quarter right", "turned upside down",
              "turned a quarter left")


SHAPE_NAMES = ("circle", "square", "triangle", "diamond", "star")


def card_words(card: str) -> str:
    """"3 cubes, Photocopier" / "elevator" / "Vice President, 1 cube"."""
    squares = [sq for _, _, sq in SHAPES[card][0].cells]
    parts: list[str] = []
    if any(sq.kind == ELEVATOR for sq in squares):
        parts.append("elevator")
    negs = [sq.name for sq in squares if sq.kind == NEG]
    parts.extend(dict.fromkeys(negs))
    cubes = sum(1 for sq in squares if sq.kind == CUBE)
    if cubes:
        parts.append(f"{cubes} cube{'s' if cubes != 1 else ''}")
    parts.extend(sq.name for sq in squares if sq.kind == ITEM)
    return ", ".join(parts) or "floor"


def place_words(a: Place) -> str:
    """"Coffee row, turned a quarter right": where it lies is shown on the floor, not said."""
    return f"{card_name(a.card)}, {TURN_WORDS[a.rot]}"


def compass(dx: float, dy: float) -> str:
    """"north", "south-east"… of a step (dx east, dy south); "" when it is no way."""
    ns = "north" if dy < -0.5 else "south" if dy > 0.5 else ""
    ew = "west" if dx < -0.5 else "east" if dx > 0.5 else ""
    return ns + ("-" if ns and ew else "") + ew


def _squares(d: float) -> str:
    whole, half = int(abs(d)), abs(d) - int(abs(d)) >= 0.5
    if not half:
        return str(whole)
    return "½" if whole == 0 else f"{whole}½"


def offset_words(dx: float, dy: float) -> str:
    """Where a card's middle lies from the elevator's, in squares: "2 north and 1½ west of the
    elevator" (every place of a card in one turn has its own)."""
    out = []
    if abs(dy) >= 0.5:
        out.append(f"{_squares(dy)} {'north' if dy < 0 else 'south'}")
    if abs(dx) >= 0.5:
        out.append(f"{_squares(dx)} {'west' if dx < 0 else 'east'}")
    return (" and ".join(out) + " of the elevator") if out else "over the elevator"


def _and(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def place_where(view: CFView, a: Place, names: Sequence[str] = ()) -> str:
    """Where a place would put the card, as a player says it (kept in the table's memo): its
    side of the elevator, the cards it lies against, what it joins, and its cubicles' walk to
    the elevator and best score. "north-east of the elevator, against the Elevator and the
    Coffee row; 3 cubicles to claim, 2 steps from the elevator, up to 4 points"."""
    b = view.board
    memo = b.memo()
    key = ("where", a.card, a.x, a.y, a.rot, tuple(names))
    got: str | None = memo.get(key)
    if got is None:
        got = memo[key] = _place_where(b, a, _owners(view, names))
    return got


def _owners(view: CFView, names: Sequence[str]) -> list[str]:
    """Each player's cubicle as said to the view's player: "your", "Bea's"."""
    return ["your" if p == view.player else f"{names[p]}'s" if p < len(names)
            else f"player {p + 1}'s" for p in range(view.players)]


def _place_where(b: Board, a: Place, owners: Sequence[str]) -> str:
    fp = set(footprint(a.card, a.rot, a.x, a.y))
    s_card, sx, sy, s_rot = b.placements[0]
    scx, scy = centre(s_card, s_rot, sx, sy)
    cx, cy = centre(a.card, a.rot, a.x, a.y)
    parts = [offset_words(cx - scx, cy - scy)]
    near: list[str] = []
    for card, x, y, rot in b.placements:
        sq = footprint(card, rot, x, y)
        if any((p[0] + ox, p[1] + oy) in fp for p in sq for ox, oy in DIRS):
            name = f"the {card_name(card)}"
            if name not in near:
                near.append(name)
    if near:
        parts[0] += f", against {_and(near)}"
    after = b.copy()
    after.place(a.card, a.x, a.y, a.rot)
    mine = [c for c in after.cubicles() if set(c.units) & fp]
    joined = [c for c in mine if not set(c.units) <= fp]
    for c in joined:
        if c.negative:
            parts.append(f"joins the {c.character}'s cubicle")
        elif c.owner is not None:
            parts.append(f"enlarges {owners[c.owner]} cubicle")
        else:
            parts.append(f"makes a {len(c.units)}-unit cubicle")
    free = [c for c in after.claimable() if set(c.units) & fp]
    if free:
        steps = min(len(after.elevator_route(c)) for c in free)
        best = max(after.score_cubicle(c).total for c in free)
        parts.append(f"{plural(len(free), 'cubicle')} to claim, {plural(steps, 'step')} from "
                     f"the elevator, up to {plural(best, 'point')}")
    elif any(not c.negative for c in mine):
        parts.append("no walk to the elevator from its cubicles")
    return "; ".join([parts[0], ", ".join(parts[1:])] if len(parts) > 1 else parts)


def place_label(view: CFView, a: Place, i: int, n: int, names: Sequence[str] = ()) -> str:
    """A place's name, said on the floor and by Next: "place 2 of 9: …"."""
    return f"place {i} of {n}: {place_where(view, a, names)}"


def a_card(card: str) -> str:
    """"a Coffee row", "an Elevator", "a Supplies halves card": the card's name in a
    sentence (a name in the plural takes "card")."""
    name = card_name(card)
    if card_kind(card) == "halves":
        name += " card"
    return ("an " if name[0] in "AEIOU" else "a ") + name


def score_words(sc: CubicleScore) -> str:
    """"1 for the stone, +2 Coffee Machine at 2 steps = 3": the walks are drawn on the floor."""
    parts = [f"{sc.stones} for the stone{'s' if sc.stones != 1 else ''}"]
    for b in sc.bonuses:
        sign = "+" if b.value > 0 else "−"
        parts.append(f"{sign}{abs(b.value)} {b.name} at {b.distance} "
                     f"step{'s' if b.distance != 1 else ''}")
    return ", ".join(parts) + f" = {sc.total}"


def cubicle_label(b: Board, c: Cubicle, names: Sequence[str], claimable: bool) -> str:
    """The cubicle's name for screen readers, kept in the table's memo (:meth:`Board.memo`):
    a tap redraws the same table, and every name walks to the elevator."""
    memo = b.memo()
    key = ("cubicle label", c.id, c.owner, claimable, tuple(names))
    label: str | None = memo.get(key)
    if label is None:
        label = memo[key] = _cubicle_label(b, c, names, claimable)
    return label


def _card_at(b: Board, p: Pos) -> str:
    """The name of the card a square belongs to ("the Coffee row"): how a player finds a
    cubicle on the floor without coordinates."""
    for card, x, y, rot in reversed(b.placements):
        if p in footprint(card, rot, x, y):
            return f"the {card_name(card)}"
    return "the floor"


def cubicle_where(b: Board, c: Cubicle) -> str:
    """"on the Coffee row, 2 steps from the elevator": a cubicle found by ear."""
    lift = b.elevator_route(c)
    steps = f"{len(lift)} steps from the elevator" if lift else "no walk to the elevator"
    return f"on {_card_at(b, c.id)}, {steps}"


def _cubicle_label(b: Board, c: Cubicle, names: Sequence[str], claimable: bool) -> str:
    units = f"{len(c.units)} unit{'s' if len(c.units) != 1 else ''}"
    where = f"on {_card_at(b, c.id)}"
    lift = b.elevator_route(c)
    steps = (f"{len(lift)} steps from the elevator" if lift else "no walk to the elevator")
    if c.negative:
        return f"the {c.character}'s cubicle {where}, {units}"
    if c.owner is not None:
        sc = b.score_cubicle(c)
        who = names[c.owner] if c.owner < len(names) else f"player {c.owner + 1}"
        return f"cubicle of {who} {where}, {units}, {steps}, scores {sc.total}"
    if claimable:
        sc = b.score_cubicle(c)
        return (f"free cubicle {where}, {units}, {steps}: claim it, "
                f"would score {sc.total}")
    return f"free cubicle {where}, {units}, {steps}"


def prompt(view: CFView, ui: CFTurnUI, interactive: bool) -> str:
    """What the player is to do now, said in the message line after every redraw (so it is
    true as long as it shows)."""
    if not interactive or view.to_move != view.player:
        return ""
    if view.phase == PLACE:
        if ui.card is None:
            return "Pick a card from your hand to lay."
        if ui.at is None:
            return f"{card_name(ui.card)}, {TURN_WORDS[ui.rot]}: tap a lit square."
        return f"{card_name(ui.card)} shown: tap it again or Confirm."
    if view.phase == CLAIM:
        return "Claim a lit cubicle, or Pass."
    return ""


def walks_message(view: CFView, pos: Pos, names: Sequence[str]) -> str:
    b = view.board
    c = b.cubicle_at(pos)
    if c is None or c.owner is None:
        return "That cubicle is not claimed."
    sc = b.score_cubicle(c)
    who = "Your" if names[c.owner] == "You" else f"{names[c.owner]}'s"
    return f"{who} cubicle (outlined): {score_words(sc)}."


def step_words(view: CFView, step: int, names: Sequence[str]) -> str:
    """What the scoring's Next and Back show, said: a player's cubicles and points, or the
    totals."""
    n = view.players
    hand_scores = view.history[-1] if view.history else tuple(view.board.totals(n))
    if step < n:
        k = sum(1 for sc in view.board.scores() if sc.owner == step)
        return (f"{names[step]}: {plural(k, 'cubicle')} claimed, "
                f"{plural(hand_scores[step], 'point')} this hand.")
    return "Totals: " + ", ".join(f"{names[p]} {plural(view.totals[p], 'point')}"
                                  for p in range(n)) + "."
