"""The floor plan as inline SVG: squares, walls and doors, cubicles and stones, lit places, the
preview, walks and the scoring's numbers, and where the view looks (for ``pan.js``)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from app.kit import esc
from app.tables.cube_farm.places import centre, footprint, lit_squares, positions
from app.tables.cube_farm.turn import CFTurnUI, Pos
from app.tables.cube_farm.words import TURN_WORDS, cubicle_label, place_label
from engine.games.cube_farm.board import (
    CUBE,
    DIRS,
    ELEVATOR,
    FLOOR,
    ITEM,
    NEG,
    SHAPES,
    Board,
    Cubicle,
    CubicleScore,
    Square,
    pos_text,
)
from engine.games.cube_farm.deck import ITEMS, card_name
from engine.games.cube_farm.rules import CLAIM, HAND_OVER, OVER, PLACE, CFView, Place

S = 48  # SVG units (CSS pixels at zoom 1) per square: a unit is a 48 px target


MARGIN = 4  # squares of empty table drawn around the cards


ITEM_SHORT = {name: tok for tok, (name, _v) in ITEMS.items()}


FILL = {FLOOR: "cf-floor", ITEM: "cf-item", CUBE: "cf-cube", NEG: "cf-neg",
        ELEVATOR: "cf-elev"}


def _sq_svg(p: Pos, sq: Square, act: str | None) -> str:
    x, y = p[0] * S, p[1] * S
    a = f' data-action="{act}" data-x="{p[0]}" data-y="{p[1]}"' if act else ""
    out = [f'<rect class="{FILL[sq.kind]}" x="{x}" y="{y}" width="{S}" height="{S}"{a}/>']
    if sq.kind == ITEM:
        tok = ITEM_SHORT.get(sq.name, "?")
        out.append(f'<circle class="cf-item-dot v{sq.value}" cx="{x + S / 2}" cy="{y + S / 2}" '
                   f'r="{S * .36:.1f}"/>'
                   f'<text class="cf-t" x="{x + S / 2}" y="{y + S / 2 - 2}">{tok}</text>'
                   f'<text class="cf-v" x="{x + S / 2}" y="{y + S / 2 + 13}">{sq.value}</text>')
    elif sq.kind == ELEVATOR:
        out.append(f'<text class="cf-t cf-lift" x="{x + S / 2}" y="{y + S / 2 + 5}">⇅</text>')
    elif sq.kind == NEG:
        letter = "VP" if sq.value == -3 else "R"
        out.append(f'<text class="cf-t cf-negt" x="{x + S / 2}" y="{y + S / 2 + 5}">{letter}'
                   f"</text>")
    return "".join(out)


def _walls(p: Pos, sq: Square, walk: set[Pos]) -> str:
    """The closed sides of a unit as thick lines; an opening onto floor shows a door gap."""
    x, y = p[0] * S, p[1] * S
    segs = ((x, y, x + S, y), (x + S, y, x + S, y + S), (x, y + S, x + S, y + S),
            (x, y, x, y + S))
    out = []
    for side in range(4):
        x1, y1, x2, y2 = segs[side]
        if not sq.is_open(side):
            out.append(f"M{x1} {y1}L{x2} {y2}")
        else:
            n = (p[0] + DIRS[side][0], p[1] + DIRS[side][1])
            if n not in walk:
                continue
            # a door: wall stubs at both ends
            if x1 == x2:
                out.append(f"M{x1} {y1}L{x1} {y1 + 10}M{x1} {y2 - 10}L{x1} {y2}")
            else:
                out.append(f"M{x1} {y1}L{x1 + 10} {y1}M{x2 - 10} {y1}L{x2} {y1}")
    return "".join(out)


def _outline(squares: set[Pos]) -> str:
    """The border of a set of squares: every square side that no other square of it shares."""
    d = []
    for x, y in sorted(squares):
        X, Y = x * S, y * S
        if (x, y - 1) not in squares:
            d.append(f"M{X} {Y}h{S}")
        if (x + 1, y) not in squares:
            d.append(f"M{X + S} {Y}v{S}")
        if (x, y + 1) not in squares:
            d.append(f"M{X} {Y + S}h{S}")
        if (x - 1, y) not in squares:
            d.append(f"M{X} {Y}v{S}")
    return "".join(d)


def _stone(owner: int, p: Pos, small: bool = False) -> str:
    cx, cy = p[0] * S + S / 2, p[1] * S + S / 2
    r = 11 if small else 14
    shape = owner % 5
    if shape == 0:
        body = f'<circle cx="{cx}" cy="{cy}" r="{r}"/>'
    elif shape == 1:
        body = f'<rect x="{cx - r}" y="{cy - r}" width="{2 * r}" height="{2 * r}" rx="2"/>'
    elif shape == 2:
        body = (f'<path d="M{cx} {cy - r - 2}L{cx + r + 2} {cy + r}L{cx - r - 2} {cy + r}Z"/>')
    elif shape == 3:
        body = (f'<path d="M{cx} {cy - r - 3}L{cx + r + 3} {cy}L{cx} {cy + r + 3}'
                f'L{cx - r - 3} {cy}Z"/>')
    else:
        pts = []
        for i in range(10):
            rr = (r + 3) if i % 2 == 0 else (r - 3)
            a = -math.pi / 2 + i * math.pi / 5
            pts.append(f"{cx + rr * math.cos(a):.1f} {cy + rr * math.sin(a):.1f}")
        body = f'<path d="M{"L".join(pts)}Z"/>'
    key = "" if small else f' data-card="stone:{pos_text(p)}"'
    return (f'<g class="cf-stone p{owner}"{key}>{body}<text x="{cx}" y="{cy + 5}">{owner + 1}'
            f"</text></g>")


def marker_svg(owner: int) -> str:
    """A player's stone on its own (the players strip, the scores): the stone's own box, so
    that its number is drawn at 12 CSS px (14 units at 24 / 28)."""
    return (f'<svg class="cf-mark" viewBox="{S / 2 - 14} {S / 2 - 14} 28 28" width="24" '
            'height="24" '
            f'aria-hidden="true">{_stone(owner, (0, 0), small=True)}</svg>')


def card_svg(card: str, rot: int = 0, size: int = 26) -> str:
    """A card's floor plan for the hand, drawn by the floor's own code (a door shows where the
    card's own floor is; its item labels are enlarged by the CSS so they read at this size)."""
    sh = SHAPES[card][rot]
    parts = []
    for dx, dy, sq in sh.cells:
        parts.append(_sq_svg((dx, dy), sq, None))
    walls = "".join(_walls((dx, dy), sq, {(a, b) for a, b, s in sh.cells if s.walk})
                    for dx, dy, sq in sh.cells if sq.unit)
    w, h = sh.width * S, sh.height * S
    return (f'<svg class="cf-cardpic" viewBox="0 0 {w} {h}" width="{sh.width * size}" '
            f'height="{sh.height * size}" aria-hidden="true">{"".join(parts)}'
            f'<path class="cf-wall" d="{walls}"/>'
            f'<rect class="cf-edge" x="0" y="0" width="{w}" height="{h}"/></svg>')


def _walk_svg(path: Sequence[Pos], start: Pos, owner: int, label: str, good: bool,
              row: int = 0) -> str:
    """One walk; its label on its end square, the ``row``-th there (labels never overlap)."""
    pts = [start, *path]
    d = "M" + "L".join(f"{p[0] * S + S / 2} {p[1] * S + S / 2}" for p in pts)
    end = pts[-1]
    # the first label above the end's dot, the others under it (never on the dot: a label on
    # a player's colour would not be read)
    y = end[1] * S + (8 if row == 0 else S / 2 + 17 + (row - 1) * 16)
    cls = "cf-walk" + ("" if good else " bad")
    return (f'<g class="{cls} p{owner}"><path d="{d}"/>'
            f'<circle cx="{end[0] * S + S / 2}" cy="{end[1] * S + S / 2}" r="6"/>'
            f'<text x="{end[0] * S + S / 2}" y="{y:g}">{esc(label)}</text></g>')


def walks_svg(b: Board, cub: Cubicle, ends: dict[Pos, int] | None = None) -> str:
    """Every walk that counts for the cubicle: path, steps, points. ``ends``: how many labels
    each end square has already (the walks of several cubicles drawn together)."""
    ends = {} if ends is None else ends
    sc = b.score_cubicle(cub)
    out = []
    for bonus in sc.bonuses:
        path = b.bonus_route(cub, bonus)
        if not path:
            continue
        door = next((u for u, q in cub.doors if q == path[0]), cub.id)
        sign = "+" if bonus.value > 0 else "−"
        end = path[-1]
        row = ends[end] = ends.get(end, -1) + 1
        out.append(_walk_svg(path, door, max(sc.owner, 0),
                             f"{sign}{abs(bonus.value)} ({bonus.distance})", bonus.value > 0,
                             row))
    return "".join(out)


def focus_of(view: CFView) -> tuple[float, float]:
    """Where the view looks: the middle of the player's own last card of this hand (the
    starting elevator before it), so the floor does not drift to the others' cards."""
    b = view.board
    mine = [e.action for e in view.log if e.player == view.player
            and isinstance(e.action, Place)]
    if mine:
        a = mine[-1]
        card, x, y, rot = a.card, a.x, a.y, a.rot
    else:
        card, x, y, rot = b.placements[0]
    cx, cy = centre(card, rot, x, y)
    return (cx * S + S / 2, cy * S + S / 2)


def _box(squares: Sequence[Pos], ox: int, oy: int) -> str:
    """The bounding box of some squares in the SVG's pixels: "x0,y0,x1,y1" (for pan.js)."""
    xs = [p[0] for p in squares]
    ys = [p[1] for p in squares]
    return (f"{min(xs) * S + ox},{min(ys) * S + oy},{(max(xs) + 1) * S + ox},"
            f"{(max(ys) + 1) * S + oy}")


def my_squares(view: CFView) -> list[Pos]:
    """The player's cubicles' units and their own cards of this hand ("My cubicles")."""
    out = [p for p, who in view.board.stones.items() if who == view.player]
    for e in view.log:
        if e.player == view.player and isinstance(e.action, Place):
            a = e.action
            out.extend(footprint(a.card, a.rot, a.x, a.y))
    if not out:
        card, x, y, rot = view.board.placements[0]
        out = footprint(card, rot, x, y)
    return out


def scored(view: CFView, step: int) -> list[CubicleScore]:
    """The claimed cubicles of player ``step`` in scoring order (the list and the floor's
    numbers agree)."""
    return [sc for sc in view.board.scores() if sc.owner == step]


Box = tuple[int, int, int, int]  # the squares drawn: min x, min y, max x, max y


def _grid_svg(view: CFView, ui: CFTurnUI, box: Box) -> str:
    """The empty table while a card is picked: tap targets, lit where the card may go."""
    b = view.board
    minx, miny, maxx, maxy = box
    lit = lit_squares(view, ui)
    cells = []
    for yy in range(miny, maxy + 1):
        for xx in range(minx, maxx + 1):
            p = (xx, yy)
            if p in b.cells or p in b.holes:
                continue
            cls = "cf-lit" if p in lit else "cf-empty"
            cells.append(f'<rect class="{cls}" x="{xx * S}" y="{yy * S}" width="{S}" '
                         f'height="{S}" data-action="cf-sq" data-x="{xx}" data-y="{yy}"/>')
    return (f'<g class="cf-grid">{"".join(cells)}</g>'
            f'<path class="cf-lit-edge" d="{_outline(lit)}"/>')


def _squares_svg(b: Board, sq_act: str | None) -> str:
    """Enclosed floor and the squares that are not units (units are drawn per cubicle)."""
    holes = "".join(f'<rect class="cf-hole" x="{p[0] * S}" y="{p[1] * S}" width="{S}" '
                    f'height="{S}"' + (f' data-action="{sq_act}" data-x="{p[0]}" data-y="{p[1]}"'
                                       if sq_act else "") + "/>"
                    for p in sorted(b.holes))
    plain = [_sq_svg(p, sq, sq_act) for p, sq in sorted(b.cells.items()) if not sq.unit]
    return f'<g class="cf-squares">{holes}{"".join(plain)}</g>'


def _cubicles_svg(view: CFView, ui: CFTurnUI, names: Sequence[str], interactive: bool,
                  marked: frozenset[str], sq_act: str | None,
                  ) -> tuple[list[str], list[str], set[Pos]]:
    """Each cubicle one group (a button when it can be claimed or shows its walks); with the
    stones to draw above them and the units of the cubicles marked."""
    b = view.board
    claiming = interactive and view.phase == CLAIM
    claimable = {c.id for c in b.claimable()} if view.phase == CLAIM else set()
    hinted = next((c.id for c in b.cubicles() if claiming and ui.hint == f"claim {pos_text(c.id)}"),
                  None)
    out: list[str] = []
    items: list[Pos] = []  # the cubicles the keys move through (one Tab stop, the arrows)
    stones: list[str] = []
    marked_units: set[Pos] = set()
    for c in b.cubicles():
        units = "".join(_sq_svg(u, b.cells[u], None) for u in c.units)
        walls = "".join(_walls(u, b.cells[u], b.walk) for u in c.units)
        if c.owner is not None:  # drawn above the cubicles, outside their buttons' names
            stones.extend(_stone(c.owner, u) for u in c.units)
        classes = ["cf-cub"]
        attrs = ""
        label = cubicle_label(b, c, names, c.id in claimable)
        if c.id == hinted:
            label += ", ringed: the Hint's pick"
        cid = f"cf-cub-{c.id[0]}_{c.id[1]}"
        if claiming and c.id in claimable:
            classes.append("cf-can")
            items.append(c.id)
            attrs = (f' id="{cid}" role="button" data-rove-item data-action="cf-claim" '
                     f'data-x="{c.id[0]}" data-y="{c.id[1]}" data-testid="cf-claimable" '
                     f'aria-label="{esc(label)}"')
        elif c.owner is not None:
            rove = ' tabindex="-1"'  # while claiming, a tap's: the keys go to the free ones
            if not claiming:
                items.append(c.id)
                rove = " data-rove-item"
            attrs = (f' id="{cid}" role="button"{rove} data-action="cf-show" '
                     f'data-x="{c.id[0]}" data-y="{c.id[1]}" data-owner="{c.owner}" '
                     f'data-testid="cf-claimed" aria-label="{esc(label)}"')
        elif sq_act:
            attrs = f' data-action="{sq_act}" data-x="{c.id[0]}" data-y="{c.id[1]}"'
        if f"u:{pos_text(c.id)}" in marked:
            classes.append("marked")
            marked_units.update(c.units)
        if c.id == hinted:  # true only while claiming
            classes.append("hinted")
        if ui.show == c.id:
            classes.append("shown")
        ring = ""
        if c.id in items:
            attrs += ' tabindex="0" data-rove-current' if c.id == hinted else ' tabindex="-1"'
            d = _outline(set(c.units))
            ring = f'<path class="cf-ring-a" d="{d}"/><path class="cf-ring-b" d="{d}"/>'
        out.append(f'<g class="{" ".join(classes)}"{attrs}>{units}'
                   f'<path class="cf-wall" d="{walls}"/>{ring}</g>')
    if items and not any("data-rove-current" in g for g in out):
        first = f'id="cf-cub-{items[0][0]}_{items[0][1]}"'
        out = [g.replace('tabindex="-1"', 'tabindex="0"', 1) if first in g else g for g in out]
    return ['<g class="cf-cubs" role="group" aria-label="Cubicles" data-rove>', *out, "</g>"
            ] if items else out, stones, marked_units


def _edges_svg(b: Board, marked: frozenset[str]) -> str:
    """Card edges (thin), the last card laid and marked cards ringed."""
    edges = []
    for card, x, y, rot in b.placements:
        sh = SHAPES[card][rot]
        cls = "cf-edge" + (" marked" if f"c:{card}" in marked else "")
        edges.append(f'<rect class="{cls}" x="{x * S}" y="{y * S}" width="{sh.width * S}" '
                     f'height="{sh.height * S}"><title>{esc(card_name(card))}</title></rect>')
    return f'<g class="cf-edges" aria-hidden="true">{"".join(edges)}</g>'


def _scoring_svg(view: CFView, ui: CFTurnUI, shown: Cubicle | None) -> str:
    """Walks (a cubicle tapped, or the scoring at the hand's end, player by player), then the
    numbers of the scoring list's lines on their cubicles, the line tapped outlined."""
    b = view.board
    scoring = view.phase in (HAND_OVER, OVER) and ui.step < view.players
    walks = []
    if shown is not None and shown.owner is not None:
        walks.append(walks_svg(b, shown))
    elif scoring:
        ends: dict[Pos, int] = {}
        for c in b.cubicles():
            if c.owner == ui.step:
                walks.append(walks_svg(b, c, ends))
    badges = []
    if scoring:
        for k, sc in enumerate(scored(view, ui.step), 1):
            got = b.cubicle_at(sc.cubicle)
            if got is not None:
                badges.append(_badge(got.units[0], k, got.id == (shown.id if shown else None)))
    if shown is not None:
        badges.append(f'<path class="cf-shown" d="{_outline(set(shown.units))}"/>')
    return (f'<g class="cf-walks" aria-hidden="true">{"".join(walks)}</g>'
            f'<g class="cf-badges" aria-hidden="true">{"".join(badges)}</g>')


def _places_svg(view: CFView, ui: CFTurnUI, card: str, names: Sequence[str]) -> str:
    """Every place of the picked card in its turn, one button each (the keyboard's and the
    screen reader's way to the lit squares: one Tab stop, the arrows move, Enter shows the
    card there, Enter again lays it), each said by where the card would go."""
    anchors = positions(view, card)[ui.rot]
    sh = SHAPES[card][ui.rot]
    w, h = sh.width * S, sh.height * S
    out = []
    cur = ui.at if ui.at in anchors else anchors[0] if anchors else None
    for i, (x, y) in enumerate(anchors):
        label = place_label(view, Place(card, x, y, ui.rot), i + 1, len(anchors), names)
        if ui.at == (x, y):
            label += ", shown: press again to lay it"
        if ui.hint == str(Place(card, x, y, ui.rot)):
            label += ", the Hint's pick"
        tab = ' tabindex="0" data-rove-current' if (x, y) == cur else ' tabindex="-1"'
        rect = f'x="{x * S + 5}" y="{y * S + 5}" width="{w - 10}" height="{h - 10}" rx="6"'
        out.append(f'<g id="cf-at-{x}_{y}" class="cf-place" role="button" data-rove-item{tab} '
                   f'data-action="cf-at" data-x="{x}" data-y="{y}" data-testid="cf-place" '
                   f'aria-label="{esc(label)}"><rect class="cf-ring-a" {rect}/>'
                   f'<rect class="cf-ring-b" {rect}/></g>')
    return (f'<g class="cf-places" role="group" data-rove data-testid="cf-places" '
            f'aria-label="Places for the {esc(card_name(card))}, {TURN_WORDS[ui.rot]}">'
            f'{"".join(out)}</g>')


def _preview_svg(b: Board, ui: CFTurnUI, card: str, at: Pos) -> str:
    """The picked card shown at its place: tap it (or Confirm) to lay it."""
    sh = SHAPES[card][ui.rot]
    x, y = at
    pv = "".join(_sq_svg((x + dx, y + dy), sq, "cf-sq") for dx, dy, sq in sh.cells)
    wl = "".join(_walls((x + dx, y + dy), sq, b.walk | {(x + a, y + bb) for a, bb, s2
                                                        in sh.cells if s2.walk})
                 for dx, dy, sq in sh.cells if sq.unit)
    hinted = " hinted" if ui.hint == str(Place(card, x, y, ui.rot)) else ""
    return (f'<g class="cf-preview{hinted}" data-testid="cf-preview" '
            f'data-at="{x},{y}" data-rot="{ui.rot}">{pv}<path class="cf-wall" d="{wl}"/>'
            f'<rect class="cf-pv-edge" x="{x * S}" y="{y * S}" width="{sh.width * S}" '
            f'height="{sh.height * S}" data-action="cf-sq" data-x="{x}" data-y="{y}"/>'
            f"</g>")


def _view_attrs(view: CFView, ui: CFTurnUI, shown: Cubicle | None, placing: bool, ox: int,
                oy: int) -> str:
    """Where ``pan.js`` looks, in SVG pixels: the focus, my cubicles, the last card laid, the
    spot brought into view (a cubicle whose walks are shown, or the card shown), the cards."""
    b = view.board
    fx, fy = focus_of(view)
    card, x, y, rot = b.placements[-1]
    last = _box(footprint(card, rot, x, y), ox, oy)
    spot = ""
    if shown is not None:
        spot = f'data-spot="{_box(shown.units, ox, oy)}" '
    elif placing and ui.at is not None and ui.card is not None:
        spot = f'data-spot="{_box(footprint(ui.card, ui.rot, *ui.at), ox, oy)}" '
    return (f'data-focus="{fx + ox:.0f},{fy + oy:.0f}" '
            f'data-mine="{_box(my_squares(view), ox, oy)}" data-last="{last}" {spot}'
            f'data-floor="{_box([(b.bbox[0], b.bbox[1]), (b.bbox[2], b.bbox[3])], ox, oy)}" ')


def board_svg(view: CFView, ui: CFTurnUI, names: Sequence[str], interactive: bool,
              marked: frozenset[str] = frozenset(), key_: str = "") -> str:
    """The floor plan: cards, walls and doors, items, elevators, stones, lit places, walks."""
    b = view.board
    phase = view.phase
    minx, miny, maxx, maxy = b.bbox
    box = (minx - MARGIN, miny - MARGIN, maxx + MARGIN, maxy + MARGIN)
    w, h = (box[2] - box[0] + 1) * S, (box[3] - box[1] + 1) * S
    placing = interactive and phase == PLACE and ui.card is not None
    sq_act = "cf-sq" if interactive and phase in (PLACE, CLAIM) else None
    out: list[str] = [_grid_svg(view, ui, box)] if placing else []
    out.append(_squares_svg(b, sq_act))
    cubicles, stones, marked_units = _cubicles_svg(view, ui, names, interactive, marked, sq_act)
    out += cubicles
    # the cards laid since the person acted, again, on top: each flies in from its player's
    # chip on the computers' steps (bridge.js moves the element whose data-card it names)
    if not interactive:
        out.append(_laid_copies(b, marked, marked_units, b.walk))
    out.append(f'<g class="cf-stones" aria-hidden="true">{"".join(stones)}</g>')
    out.append(_edges_svg(b, marked))
    shown = b.cubicle_at(ui.show) if ui.show is not None else None
    out.append(_scoring_svg(view, ui, shown))
    if placing and ui.at is not None and ui.card is not None:
        out.append(_preview_svg(b, ui, ui.card, ui.at))
    if placing and ui.card is not None:
        out.append(_places_svg(view, ui, ui.card, names))
    ox, oy = -box[0] * S, -box[1] * S
    return (f'<svg id="cf-svg" class="cf-svg" xmlns="http://www.w3.org/2000/svg" width="{w}" '
            f'height="{h}" viewBox="0 0 {w} {h}" role="group" '
            f'aria-label="The office floor: {len(b.placements)} cards" '
            f'data-key="{esc(key_)}" {_view_attrs(view, ui, shown, placing, ox, oy)}'
            + ('data-fit="1" ' if phase in (HAND_OVER, OVER) else "")
            + f'data-testid="cf-svg"><g transform="translate({ox} {oy})">{"".join(out)}</g></svg>')


def _laid_copies(b: Board, marked: frozenset[str], marked_units: set[Pos],
                 walk: set[Pos]) -> str:
    """The last card laid, if marked, drawn again as one group (``data-card="floor:C07"``):
    the element its flight moves (a step lays one card at most; a watched game marks a whole
    hand, which is not drawn twice). At rest it looks exactly like the floor under it."""
    out = []
    for card, x, y, rot in b.placements[-1:]:
        if f"c:{card}" not in marked:
            continue
        sh = SHAPES[card][rot]
        cells = []
        for dx, dy, sq in sh.cells:
            p = (x + dx, y + dy)
            cell = _sq_svg(p, b.cells.get(p, sq), None)
            if sq.unit:
                cell += f'<path class="cf-wall" d="{_walls(p, b.cells.get(p, sq), walk)}"/>'
                if p in marked_units:
                    cell = f'<g class="cf-cub marked">{cell}</g>'
            cells.append(cell)
        out.append(f'<g class="cf-laid" data-card="floor:{esc(card)}">{"".join(cells)}'
                   f'<rect class="cf-edge marked" x="{x * S}" y="{y * S}" '
                   f'width="{sh.width * S}" height="{sh.height * S}"/></g>')
    return f'<g class="cf-laids" aria-hidden="true">{"".join(out)}</g>'


def _badge(p: Pos, k: int, lit: bool) -> str:
    """A scoring line's number on its cubicle (the list says "1.", the floor says 1)."""
    cx, cy = p[0] * S + S - 12, p[1] * S + 12
    return (f'<g class="cf-badge{" lit" if lit else ""}"><circle cx="{cx}" cy="{cy}" r="11"/>'
            f'<text x="{cx}" y="{cy + 5}">{k}</text></g>')
