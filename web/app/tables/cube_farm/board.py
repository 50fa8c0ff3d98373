"""The Cube Farm table: the floor plan as inline SVG, taps and keys, log lines. Pure Python.

The shell owns the top bar, the message line, the log, undo and applying actions; this module
turns a player's view (:class:`CFView`: the table, the counts and that player's own hand) and
the turn's UI state (:class:`TurnUI`) into HTML, and a tap (a
``data-action`` with its ``data-*`` values) into engine actions. Nothing about the rules is
decided here: lit squares are the footprints of the engine's legal placements for the chosen
card and turn, lit cubicles its legal claims, refusals quote ``explain_illegal``.

The table frame splits it in two: :func:`board_html` (the players and the floor, in the field)
and :func:`dock_html` (the hand, each card's floor plan and its name, and the turn's actions;
at a hand's end the scoring), always in view under the message line, where :func:`prompt`
says what to do now. Cards are called by their names (``deck.card_name``), squares by the card
they are on: nothing the player reads cites coordinates the floor does not show.

Laying a card (phone first, one thumb): tap a card of your hand; every square some legal
position of it (in the current turn) would cover lights up. Tap a lit square: the card is shown
there (the legal position covering that square whose middle is nearest to it); tap it again,
or Confirm, to lay it. *Turn* goes to the next turn that fits anywhere; the arrows step through
the positions one by one (the keyboard and screen-reader way); ✕ takes the preview back.
A tap on an unlit square says why the card cannot go there.

The board SVG lies in a viewport (``#cf-view``) that the page's own script (``pan.js``) pans
and zooms by setting one CSS transform on ``#cf-svg``; Python never sees pointer moves. Where
to look, in SVG pixels: ``data-focus`` the middle of the player's own last card (the view keeps
it in sight), ``data-mine`` their cubicles ("My cubicles"), ``data-last`` the last card laid,
``data-spot`` a cubicle whose walks are shown, ``data-floor`` the cards (Fit); ``data-key``
changes when a new table starts. A computer's step flies (:func:`flights`): the card laid
(``data-card="floor:C07"``) and each new stone (``"stone:3,-2"``) from its player's chip
(``#cf-p1``).

Data actions and their ``data-*`` values: ``cf-card`` card · ``cf-sq`` x, y (any square) ·
``cf-rot`` · ``cf-prev`` · ``cf-next`` · ``cf-ok`` · ``cf-cancel`` · ``cf-claim`` x, y ·
``cf-pass`` · ``cf-deal`` (the next hand) · handled by the table module itself:
``cf-show`` x, y (a claimed cubicle's walks) · ``cf-step`` d (the scoring walks, player by
player) · ``cf-hint``.

Marked keys (:func:`marked_keys`): ``"c:C07"`` a card laid, ``"u:3,-2"`` a cubicle claimed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from app.kit import Tap, esc
from app.kit import board_button as _btn
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
from engine.games.cube_farm.deck import ITEMS, card_kind, card_name
from engine.games.cube_farm.rules import (
    CLAIM,
    HAND_OVER,
    OVER,
    PLACE,
    CFAction,
    CFView,
    Claim,
    NextHand,
    Pass,
    Place,
)

S = 48  # SVG units (CSS pixels at zoom 1) per square: a unit is a 48 px target
MARGIN = 4  # squares of empty table drawn around the cards
TURN_WORDS = ("as printed", "turned a quarter right", "turned upside down",
              "turned a quarter left")
SHAPE_NAMES = ("circle", "square", "triangle", "diamond", "star")
ITEM_SHORT = {name: tok for tok, (name, _v) in ITEMS.items()}
Pos = tuple[int, int]


# --- UI state ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class TurnUI:
    card: str | None = None  # the hand card picked to lay
    rot: int = 0
    at: Pos | None = None  # the previewed anchor (legal for card and rot)
    hint: str | None = None  # the Strong computer's advice, as action text
    show: Pos | None = None  # a claimed cubicle whose walks are drawn
    step: int = 0  # the scoring walks at a hand's end: player index; == players: totals

    def cleared(self) -> TurnUI:
        return TurnUI(step=self.step)


TurnTap = Tap[TurnUI, CFAction]  # a tap's answer on this board


# --- legal positions (cached per table and card) ------------------------------------------------

_CACHE: dict[tuple[object, ...], dict[int, list[Pos]]] = {}


def positions(view: CFView, card: str) -> dict[int, list[Pos]]:
    """Turn -> legal anchors (reading order) of ``card`` now, from the engine."""
    key = (id(view.board), view.phase, view.to_move, view.player, view.my_hand, card)
    got = _CACHE.get(key)
    if got is None:
        got = {r: [] for r in range(4)}
        for a in view.placements_for(card):
            got[a.rot].append((a.x, a.y))
        if len(_CACHE) > 16:
            _CACHE.clear()
        _CACHE[key] = got
        _KEEP.append(view.board)  # ids stay valid while cached
        del _KEEP[:-17]
    return got


_KEEP: list[Board] = []


def footprint(card: str, rot: int, x: int, y: int) -> list[Pos]:
    return [(x + dx, y + dy) for dx, dy, _ in SHAPES[card][rot].cells]


def _centre(card: str, rot: int, x: int, y: int) -> tuple[float, float]:
    sh = SHAPES[card][rot]
    return (x + (sh.width - 1) / 2, y + (sh.height - 1) / 2)


def _nearest(card: str, rot: int, anchors: Sequence[Pos], p: Pos) -> Pos:
    def d(a: Pos) -> tuple[float, int, int]:
        cx, cy = _centre(card, rot, *a)
        return ((cx - p[0]) ** 2 + (cy - p[1]) ** 2, a[1], a[0])

    return min(anchors, key=d)


def lit_squares(view: CFView, ui: TurnUI) -> set[Pos]:
    if ui.card is None:
        return set()
    out: set[Pos] = set()
    for x, y in positions(view, ui.card)[ui.rot]:
        out.update(footprint(ui.card, ui.rot, x, y))
    return out


# --- words ------------------------------------------------------------------------------------


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


_LABELS: dict[int, tuple[Board, dict[tuple[object, ...], str]]] = {}


def cubicle_label(b: Board, c: Cubicle, names: Sequence[str], claimable: bool) -> str:
    """The cubicle's name for screen readers (cached per table: a tap redraws the same
    table, and every name walks to the elevator)."""
    got = _LABELS.get(id(b))
    if got is None or got[0] is not b:
        if len(_LABELS) > 4:
            _LABELS.clear()
        got = _LABELS[id(b)] = (b, {})
    key = (c.id, c.owner, claimable, tuple(names))
    label = got[1].get(key)
    if label is None:
        label = got[1][key] = _cubicle_label(b, c, names, claimable)
    return label


def _card_at(b: Board, p: Pos) -> str:
    """The name of the card a square belongs to ("the Coffee row"): how a player finds a
    cubicle on the floor without coordinates."""
    for card, x, y, rot in reversed(b.placements):
        if p in footprint(card, rot, x, y):
            return f"the {card_name(card)}"
    return "the floor"


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


# --- taps -------------------------------------------------------------------------------------


def _int(data: dict[str, str], key: str) -> int | None:
    try:
        return int(data.get(key, ""))
    except ValueError:
        return None


def _fits_turns(view: CFView, card: str) -> list[int]:
    return [r for r, a in positions(view, card).items() if a]


def tap(view: CFView, ui: TurnUI, action: str, data: dict[str, str]) -> TurnTap:
    """A tap of the view's player (the player to move) on the table: engine actions, or a
    message."""
    phase = view.phase
    hand = view.my_hand
    if action == "cf-deal":
        if phase != HAND_OVER:
            return Tap(ui, message="The hand is not over yet.", refusal=True)
        return Tap(ui.cleared(), (NextHand(),))
    if action == "cf-pass":
        if phase != CLAIM:
            return Tap(ui, message="Lay a card first; then you may claim a cubicle or pass.",
                       refusal=True)
        return Tap(ui.cleared(), (Pass(),))
    if action == "cf-claim" or (action == "cf-sq" and phase == CLAIM):
        x, y = _int(data, "x"), _int(data, "y")
        if x is None or y is None:
            return Tap(ui)
        if phase != CLAIM:
            return Tap(ui, message="Lay a card first; then you may claim a cubicle.",
                       refusal=True)
        cub = view.board.cubicle_at((x, y))
        if cub is None:
            return Tap(ui, message="Tap a lit cubicle to claim it, or Pass.", refusal=True)
        why = view.explain_illegal(Claim(*cub.id))
        if why is not None:
            return Tap(ui, message=f"This cubicle cannot be claimed: {why}.", refusal=True)
        return Tap(ui.cleared(), (Claim(*cub.id),))
    if phase != PLACE:
        if phase == CLAIM:
            return Tap(ui, message="Claim a lit cubicle, or Pass.", refusal=True)
        return Tap(ui)
    if action == "cf-card":
        card = data.get("card", "")
        if card not in hand:
            return Tap(ui, message="That card is not in your hand.", refusal=True)
        if ui.card == card:
            return Tap(replace(ui.cleared(), hint=ui.hint), message="Card put back.")
        turns = _fits_turns(view, card)
        if not turns:  # the deck guarantees a place; say so rather than fail
            return Tap(ui, message=f"The {card_name(card)} fits nowhere.", refusal=True)
        rot = ui.rot if ui.rot in turns else turns[0]
        n = sum(len(a) for a in positions(view, card).values())
        return Tap(TurnUI(card=card, rot=rot, hint=ui.hint, step=ui.step),
                   message=f"{card_name(card)} ({card_words(card)}): {n} places. Tap a lit "
                   "square, or Turn it.")
    if ui.card is None:
        if action in ("cf-sq", "cf-ok", "cf-rot", "cf-next", "cf-prev"):
            return Tap(ui, message="Pick a card from your hand first.", refusal=True)
        return Tap(ui)
    card = ui.card
    pos = positions(view, card)
    anchors = pos[ui.rot]
    if action == "cf-cancel":
        if ui.at is not None:
            return Tap(replace(ui, at=None), message="Tap a lit square to choose a place.")
        return Tap(replace(ui.cleared(), hint=ui.hint), message="Card put back.")
    if action == "cf-rot":
        turns = _fits_turns(view, card)
        later = [r for r in turns if r > ui.rot] + [r for r in turns if r <= ui.rot]
        rot = later[0]
        at = None
        if ui.at is not None:
            cx, cy = _centre(card, ui.rot, *ui.at)
            at = _nearest(card, rot, pos[rot], (round(cx), round(cy)))
        others = "" if len(turns) > 1 else " (the only turn that fits)"
        return Tap(replace(ui, rot=rot, at=at),
                   message=f"{card_name(card)} {TURN_WORDS[rot]}{others}: "
                   f"{len(pos[rot])} places.")
    if action in ("cf-next", "cf-prev"):
        if not anchors:
            return Tap(ui)
        i = anchors.index(ui.at) if ui.at in anchors else -1
        i = (i + (1 if action == "cf-next" else -1)) % len(anchors)
        at = anchors[i]
        return Tap(replace(ui, at=at),
                   message=f"Place {i + 1} of {len(anchors)}: "
                   f"{place_words(Place(card, at[0], at[1], ui.rot))}. Confirm to lay it.")
    if action == "cf-ok":
        if ui.at is None:
            return Tap(ui, message="Tap a lit square to choose where the card goes.",
                       refusal=True)
        return Tap(ui.cleared(), (Place(card, ui.at[0], ui.at[1], ui.rot),))
    if action == "cf-sq":
        x, y = _int(data, "x"), _int(data, "y")
        if x is None or y is None:
            return Tap(ui)
        p = (x, y)
        if ui.at is not None and p in footprint(card, ui.rot, *ui.at):
            return Tap(ui.cleared(), (Place(card, ui.at[0], ui.at[1], ui.rot),))
        cover = [a for a in anchors if p in footprint(card, ui.rot, *a)]
        if cover:
            at = _nearest(card, ui.rot, cover, p)
            return Tap(replace(ui, at=at),
                       message=f"{place_words(Place(card, at[0], at[1], ui.rot))}, shown on "
                       "the floor: tap it again or Confirm to lay it.")
        sh = SHAPES[card][ui.rot]
        ax, ay = x - (sh.width - 1) // 2, y - (sh.height - 1) // 2
        why = view.explain_illegal(Place(card, ax, ay, ui.rot)) or "no place covers it"
        turned = [r for r in _fits_turns(view, card) if r != ui.rot and any(
            p in footprint(card, r, *a) for a in pos[r])]
        more = " It fits there turned: tap Turn." if turned else ""
        return Tap(ui, message=f"The {card_name(card)} cannot go there: {why}.{more}",
                   refusal=True)
    return Tap(ui)


def key(view: CFView, ui: TurnUI, k: str) -> TurnTap | None:
    act = {"Escape": "cf-cancel", "Enter": "cf-ok", "r": "cf-rot", "R": "cf-rot",
           "n": "cf-next", "N": "cf-next", "p": "cf-prev", "P": "cf-prev"}.get(k)
    if k in ("1", "2", "3", "4", "5", "6"):
        hand = sorted(view.my_hand)
        i = int(k) - 1
        if i < len(hand) and view.phase == PLACE:
            return tap(view, ui, "cf-card", {"card": hand[i]})
        return None
    if act is None:
        return None
    if view.phase == CLAIM and k == "Escape":
        return None
    return tap(view, ui, act, {})


def advice_ui(view: CFView, ui: TurnUI, action: CFAction) -> tuple[TurnUI, str]:
    """The Hint: the Strong computer's move shown as a preview (a card) or a lit cubicle."""
    text = str(action)
    if isinstance(action, Place):
        return (TurnUI(card=action.card, rot=action.rot, at=(action.x, action.y), hint=text,
                       step=ui.step),
                f"The Strong computer would lay the {place_words(action)} (outlined): "
                "Confirm to lay it.")
    if isinstance(action, Claim):
        sc = view.board.score_cubicle(view.board.cubicle_at(action.pos) or
                                      view.board.cubicles()[0])
        return (replace(ui, hint=text),
                f"The Strong computer would claim the ringed cubicle: {score_words(sc)}.")
    if isinstance(action, Pass):
        return replace(ui, hint=text), "The Strong computer would pass."
    return replace(ui, hint=text), "The Strong computer would deal the next hand."


# --- drawing the floor --------------------------------------------------------------------------

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
    """A player's stone on its own (the players strip, the scores)."""
    return (f'<svg class="cf-mark" viewBox="{-S * 0.0} 0 {S} {S}" width="24" height="24" '
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


def _walk_svg(path: Sequence[Pos], start: Pos, owner: int, label: str, good: bool) -> str:
    pts = [start, *path]
    d = "M" + "L".join(f"{p[0] * S + S / 2} {p[1] * S + S / 2}" for p in pts)
    end = pts[-1]
    cls = "cf-walk" + ("" if good else " bad")
    return (f'<g class="{cls} p{owner}"><path d="{d}"/>'
            f'<circle cx="{end[0] * S + S / 2}" cy="{end[1] * S + S / 2}" r="6"/>'
            f'<text x="{end[0] * S + S / 2}" y="{end[1] * S + 8}">{esc(label)}</text></g>')


def walks_svg(b: Board, cub: Cubicle) -> str:
    """Every walk that counts for the cubicle: path, steps, points."""
    sc = b.score_cubicle(cub)
    out = []
    for bonus in sc.bonuses:
        path = b.bonus_route(cub, bonus)
        if not path:
            continue
        door = next((u for u, q in cub.doors if q == path[0]), cub.id)
        sign = "+" if bonus.value > 0 else "−"
        out.append(_walk_svg(path, door, max(sc.owner, 0),
                             f"{sign}{abs(bonus.value)} ({bonus.distance})", bonus.value > 0))
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
    cx, cy = _centre(card, rot, x, y)
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


def board_svg(view: CFView, ui: TurnUI, names: Sequence[str], interactive: bool,
              marked: frozenset[str] = frozenset(), key_: str = "") -> str:
    """The floor plan: cards, walls and doors, items, elevators, stones, lit places, walks."""
    b = view.board
    phase = view.phase
    minx, miny, maxx, maxy = b.bbox
    minx, miny, maxx, maxy = minx - MARGIN, miny - MARGIN, maxx + MARGIN, maxy + MARGIN
    w, h = (maxx - minx + 1) * S, (maxy - miny + 1) * S
    placing = interactive and phase == PLACE and ui.card is not None
    claiming = interactive and phase == CLAIM
    sq_act = "cf-sq" if interactive and phase in (PLACE, CLAIM) else None
    claimable = {c.id for c in b.claimable()} if phase == CLAIM else set()
    out: list[str] = []
    # the empty table: tap targets while a card is picked, lit where the card may go
    if placing:
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
        out.append(f'<g class="cf-grid">{"".join(cells)}</g>')
        out.append(f'<path class="cf-lit-edge" d="{_outline(lit)}"/>')
    # enclosed floor
    holes = "".join(f'<rect class="cf-hole" x="{p[0] * S}" y="{p[1] * S}" width="{S}" '
                    f'height="{S}"' + (f' data-action="{sq_act}" data-x="{p[0]}" data-y="{p[1]}"'
                                       if sq_act else "") + "/>"
                    for p in sorted(b.holes))
    # squares that are not units (units are drawn per cubicle)
    plain = [_sq_svg(p, sq, sq_act) for p, sq in sorted(b.cells.items()) if not sq.unit]
    out.append(f'<g class="cf-squares">{holes}{"".join(plain)}</g>')
    # cubicles, each one group (a button when it can be claimed or shows its walks)
    walk = b.walk
    stones: list[str] = []
    marked_units: set[Pos] = set()
    for c in b.cubicles():
        units = "".join(_sq_svg(u, b.cells[u], None) for u in c.units)
        walls = "".join(_walls(u, b.cells[u], walk) for u in c.units)
        if c.owner is not None:  # drawn above the cubicles, outside their buttons' names
            stones.extend(_stone(c.owner, u) for u in c.units)
        classes = ["cf-cub"]
        attrs = ""
        label = cubicle_label(b, c, names, c.id in claimable)
        if claiming and c.id in claimable:
            classes.append("cf-can")
            attrs = (f' role="button" tabindex="0" data-action="cf-claim" data-x="{c.id[0]}" '
                     f'data-y="{c.id[1]}" data-testid="cf-claimable" aria-label="{esc(label)}"')
        elif c.owner is not None:
            attrs = (f' role="button" tabindex="0" data-action="cf-show" data-x="{c.id[0]}" '
                     f'data-y="{c.id[1]}" data-owner="{c.owner}" data-testid="cf-claimed" '
                     f'aria-label="{esc(label)}"')
        elif sq_act:
            attrs = f' data-action="{sq_act}" data-x="{c.id[0]}" data-y="{c.id[1]}"'
        if f"u:{pos_text(c.id)}" in marked:
            classes.append("marked")
            marked_units.update(c.units)
        if claiming and ui.hint == f"claim {pos_text(c.id)}":  # true only while claiming
            classes.append("hinted")
        if ui.show == c.id:
            classes.append("shown")
        out.append(f'<g class="{" ".join(classes)}"{attrs}>{units}'
                   f'<path class="cf-wall" d="{walls}"/></g>')
    # the cards laid since the person acted, again, on top: each flies in from its player's
    # chip on the computers' steps (bridge.js moves the element whose data-card it names)
    if not interactive:
        out.append(_laid_copies(b, marked, marked_units, walk))
    out.append(f'<g class="cf-stones" aria-hidden="true">{"".join(stones)}</g>')
    # card edges (thin), the last card laid and marked cards ringed
    edges = []
    for card, x, y, rot in b.placements:
        sh = SHAPES[card][rot]
        cls = "cf-edge" + (" marked" if f"c:{card}" in marked else "")
        edges.append(f'<rect class="{cls}" x="{x * S}" y="{y * S}" width="{sh.width * S}" '
                     f'height="{sh.height * S}"><title>{esc(card_name(card))}</title></rect>')
    out.append(f'<g class="cf-edges" aria-hidden="true">{"".join(edges)}</g>')
    # walks: a cubicle tapped, or the scoring at the hand's end, player by player
    walks = []
    shown = b.cubicle_at(ui.show) if ui.show is not None else None
    if shown is not None and shown.owner is not None:
        walks.append(walks_svg(b, shown))
    elif phase in (HAND_OVER, OVER) and ui.step < view.players:
        for c in b.cubicles():
            if c.owner == ui.step:
                walks.append(walks_svg(b, c))
    out.append(f'<g class="cf-walks" aria-hidden="true">{"".join(walks)}</g>')
    # the scoring: the numbers of the list's lines on their cubicles; the line tapped outlined
    badges = []
    if phase in (HAND_OVER, OVER) and ui.step < view.players:
        for k, sc in enumerate(scored(view, ui.step), 1):
            got = b.cubicle_at(sc.cubicle)
            if got is not None:
                badges.append(_badge(got.units[0], k, got.id == (shown.id if shown else None)))
    if shown is not None:
        badges.append(f'<path class="cf-shown" d="{_outline(set(shown.units))}"/>')
    out.append(f'<g class="cf-badges" aria-hidden="true">{"".join(badges)}</g>')
    # the preview
    if placing and ui.at is not None and ui.card is not None:
        sh = SHAPES[ui.card][ui.rot]
        x, y = ui.at
        pv = "".join(_sq_svg((x + dx, y + dy), sq, "cf-sq") for dx, dy, sq in sh.cells)
        wl = "".join(_walls((x + dx, y + dy), sq, walk | {(x + a, y + bb) for a, bb, s2
                                                          in sh.cells if s2.walk})
                     for dx, dy, sq in sh.cells if sq.unit)
        hinted = " hinted" if ui.hint == str(Place(ui.card, x, y, ui.rot)) else ""
        out.append(f'<g class="cf-preview{hinted}" data-testid="cf-preview" '
                   f'data-at="{x},{y}" data-rot="{ui.rot}">{pv}<path class="cf-wall" d="{wl}"/>'
                   f'<rect class="cf-pv-edge" x="{x * S}" y="{y * S}" width="{sh.width * S}" '
                   f'height="{sh.height * S}" data-action="cf-sq" data-x="{x}" data-y="{y}"/>'
                   f"</g>")
    fx, fy = focus_of(view)
    ox, oy = -minx * S, -miny * S
    card, x, y, rot = b.placements[-1]
    last = _box(footprint(card, rot, x, y), ox, oy)
    spot = ""  # brought into view: a cubicle whose walks are shown, or the card shown
    if shown is not None:
        spot = f'data-spot="{_box(shown.units, ox, oy)}" '
    elif placing and ui.at is not None and ui.card is not None:
        spot = f'data-spot="{_box(footprint(ui.card, ui.rot, *ui.at), ox, oy)}" '
    return (f'<svg id="cf-svg" class="cf-svg" xmlns="http://www.w3.org/2000/svg" width="{w}" '
            f'height="{h}" viewBox="0 0 {w} {h}" role="group" '
            f'aria-label="The office floor: {len(b.placements)} cards" '
            f'data-key="{esc(key_)}" data-focus="{fx + ox:.0f},{fy + oy:.0f}" '
            f'data-mine="{_box(my_squares(view), ox, oy)}" data-last="{last}" {spot}'
            f'data-floor="{_box([(b.bbox[0], b.bbox[1]), (b.bbox[2], b.bbox[3])], ox, oy)}" '
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


# --- the table --------------------------------------------------------------------------------


def players_html(view: CFView, names: Sequence[str]) -> str:
    b = view.board
    live = b.totals(view.players)
    items = []
    for p in range(view.players):
        cur = " current" if view.phase in (PLACE, CLAIM) and p == view.to_move else ""
        you = " (this hand)" if p == view.player else ""
        n = view.hand_counts[p]
        label = (f"{names[p]}, player {p + 1} ({SHAPE_NAMES[p % 5]}){you}: {n} "
                 f"card{'s' if n != 1 else ''} in hand, {live[p]} points on the table, "
                 f"{view.totals[p]} before this hand"
                 + (", to play" if cur else ""))
        items.append(f'<li class="cf-player p{p}{cur}" id="cf-p{p}" data-testid="cf-player" '
                     f'aria-label="{esc(label)}">{marker_svg(p)}'
                     f'<span class="cf-pname">{esc(names[p])}</span>'
                     f'<span class="cf-pcount" title="cards in hand">{n}</span>'
                     f'<span class="cf-ppts">{live[p]}'
                     + (f"+{view.totals[p]}" if view.totals[p] and view.phase in (PLACE, CLAIM)
                        else "") + "</span></li>")
    size = view.hand_size
    laid = sum(isinstance(e.action, Place) for e in view.log)
    rnd = min(laid // view.players + 1, size)
    info = (f"Hand {view.hand} of {view.hands_total} · round {rnd} of {size} · "
            f"{view.deck_count} set aside")
    return (f'<ul class="cf-players" aria-label="Players">{"".join(items)}</ul>'
            f'<p class="cf-info" data-testid="cf-info">{esc(info)}</p>')


def hand_html(view: CFView, ui: TurnUI, interactive: bool) -> str:
    """The hand: each card's floor plan and its name, in a strip that scrolls sideways."""
    hand = sorted(view.my_hand)
    if not hand:
        return ""
    btns = []
    can = interactive and view.phase == PLACE and view.to_move == view.player
    for i, card in enumerate(hand):
        picked = ui.card == card
        rot = ui.rot if picked else 0
        words = f": {card_words(card)}" + (", picked" if picked else "")
        dis = "" if can else " disabled"
        size = 26 if rot % 2 == 0 else 17  # the same height turned
        btns.append(f'<button type="button" class="cf-hcard" data-action="cf-card" '
                    f'data-card="{esc(card)}" data-testid="cf-hand-card" data-key="{i + 1}" '
                    f'aria-pressed="{"true" if picked else "false"}"'
                    f'{dis}><span class="cf-pic">{card_svg(card, rot, size)}</span>'
                    f'<span class="cf-cname">{esc(card_name(card))}</span>'
                    f'<span class="sr-only">{esc(words)}</span></button>')
    return (f'<section class="cf-hand" aria-label="Your cards" data-testid="cf-hand">'
            f'<div class="cf-hand-strip">{"".join(btns)}</div></section>')


def controls_html(view: CFView, ui: TurnUI, interactive: bool, undo: bool) -> str:
    """The turn's actions, Confirm (or Pass) the one primary button, at the thumb's end."""
    phase = view.phase
    mine = interactive and view.to_move == view.player
    row: list[str] = []
    if phase == PLACE:
        has = ui.card is not None and mine
        row.append(_btn("↻ Turn", "cf-rot", testid="cf-rot", live=has,
                        aria_label="Turn the card"))
        row.append(_btn("◀", "cf-prev", testid="cf-prev", live=has, aria_label="Previous place"))
        row.append(_btn("▶", "cf-next", testid="cf-next", live=has, aria_label="Next place"))
        row.append(_btn("✕", "cf-cancel", testid="cf-cancel", live=has,
                        aria_label="Cancel: put the card back"))
        row.append(_btn("Hint", "cf-hint", testid="cf-hint", live=mine))
        row.append(_btn("Confirm", "cf-ok", cls="btn primary", testid="cf-ok",
                        live=has and ui.at is not None,
                        aria_label="Confirm: lay the card here"))
    elif phase == CLAIM:
        row.append(_btn("Undo", "mt-undo", testid="cf-undo", live=mine and undo,
                        aria_label="Undo: take the card back"))
        row.append(_btn("Hint", "cf-hint", testid="cf-hint", live=mine))
        row.append(_btn("Pass", "cf-pass", cls="btn primary", testid="cf-pass", live=mine,
                        aria_label="Pass: claim nothing"))
    if not row:
        return ""
    return f'<div class="cf-controls">{"".join(row)}</div>'


def scoring_html(view: CFView, ui: TurnUI, names: Sequence[str], next_hand: str) -> str:
    """At a hand's end, in the dock: each player's claimed cubicles, one line each, numbered
    as on the floor (a tap outlines the cubicle and draws its walks), then the totals; Back,
    Next and ``next_hand`` (the button that deals on, if any)."""
    b = view.board
    n = view.players
    step = min(max(ui.step, 0), n)
    hand_scores = view.history[-1] if view.history else tuple(b.totals(n))
    if step < n:
        rows = []
        for k, sc in enumerate(scored(view, step), 1):
            c = b.cubicle_at(sc.cubicle)
            size = "double cube, " if c is not None and len(c.units) == 2 else ""
            if c is not None and len(c.units) > 2:
                size = f"{len(c.units)} units, "
            on = ui.show == sc.cubicle
            rows.append(f'<li><button type="button" class="cf-sline{" on" if on else ""}" '
                        f'data-action="cf-show" data-x="{sc.cubicle[0]}" '
                        f'data-y="{sc.cubicle[1]}" data-testid="cf-score-line" '
                        f'aria-pressed="{"true" if on else "false"}"><b>{k}</b> '
                        f"{esc(size + score_words(sc))}</button></li>")
        body = (f'<h3>{marker_svg(step)} {esc(names[step])}: {hand_scores[step]} points</h3>'
                + (f'<ol class="cf-scores">{"".join(rows)}</ol>' if rows else
                   '<p class="cf-scores">No cubicle claimed.</p>'))
    else:
        trs = "".join(f"<tr><th scope='row'>{marker_svg(p)} {esc(names[p])}</th>"
                      f"<td>{hand_scores[p]}</td><td>{view.totals[p]}</td></tr>"
                      for p in range(n))
        body = (f'<table class="scores" data-testid="cf-totals"><caption>Points</caption>'
                f'<thead><tr><th></th><th scope="col">Hand {view.hand}</th>'
                f'<th scope="col">Total</th></tr></thead><tbody>{trs}</tbody></table>')
    nav = ('<div class="cf-controls">'
           + _btn("◀ Back", "cf-step", testid="cf-step-back", live=step > 0, d=-1)
           + _btn("Next ▶" if step < n else "Totals", "cf-step", testid="cf-step",
                  live=step < n, d=1)
           + next_hand + "</div>")
    return (f'<section class="cf-scoring" data-testid="cf-scoring" '
            f'aria-labelledby="cf-sc-h"><h2 id="cf-sc-h" class="sr-only">Hand {view.hand} '
            f"scored</h2>{body}{nav}</section>")


def prompt(view: CFView, ui: TurnUI, interactive: bool) -> str:
    """What the player is to do now, said in the message line after every redraw (so it is
    true as long as it shows)."""
    if not interactive or view.to_move != view.player:
        return ""
    if view.phase == PLACE:
        if ui.card is None:
            return "Your turn: pick a card to lay."
        if ui.at is None:
            return f"{card_name(ui.card)}, {TURN_WORDS[ui.rot]}: tap a lit square."
        return f"{card_name(ui.card)} shown: tap it again or Confirm."
    if view.phase == CLAIM:
        return "Tap a lit cubicle to claim it, or Pass."
    return ""


def board_html(view: CFView, ui: TurnUI, names: Sequence[str], *, interactive: bool,
               marked: frozenset[str] = frozenset(), key_: str = "") -> str:
    """The table above the dock: the players, the hand's line and the floor (which pans and
    zooms inside its own viewport, so the page never moves)."""
    live = " live" if interactive and view.to_move == view.player and view.phase in (
        PLACE, CLAIM) else ""
    zoom = ('<div class="cf-zoom" aria-label="Zoom">'
            '<button type="button" class="btn icon" data-cf-zoom="in" aria-label="Zoom in" '
            'data-testid="cf-zoom-in">+</button>'
            '<button type="button" class="btn icon" data-cf-zoom="out" aria-label="Zoom out" '
            'data-testid="cf-zoom-out">−</button>'
            '<button type="button" class="btn icon" data-cf-zoom="fit" '
            'aria-label="Fit the whole floor" data-testid="cf-zoom-fit">⤢</button></div>'
            '<button type="button" class="btn small cf-mine" data-cf-zoom="mine" '
            'data-testid="cf-mine">My cubicles</button>')
    return (f'<div class="cf{live}" data-testid="cf-table" data-phase="{view.phase}">'
            + players_html(view, names)
            + '<div class="cf-viewport">'
            + '<div id="cf-view" class="cf-view" tabindex="0" data-testid="cf-view" '
              'aria-label="The floor plan: drag to move, pinch or + and − to zoom, arrow keys '
              'pan">'
            + board_svg(view, ui, names, interactive, marked, key_)
            + "</div>" + zoom + "</div></div>")


def dock_html(view: CFView, ui: TurnUI, names: Sequence[str], *, interactive: bool,
              undo: bool = False, hand_over: bool = False) -> str:
    """The dock under the message line: the hand and the turn's actions, or at a hand's end
    the scoring and what deals on."""
    if view.phase in (HAND_OVER, OVER):
        deal = ""
        if view.phase == HAND_OVER and hand_over:
            deal = _btn("Next hand", "mt-next-hand", cls="btn primary", testid="mt-next-hand")
        elif view.phase == HAND_OVER and interactive and view.to_move == view.player:
            deal = _btn("Deal the next hand", "cf-deal", cls="btn primary", testid="cf-deal")
        return f'<div class="cf-dock">{scoring_html(view, ui, names, deal)}</div>'
    return ('<div class="cf-dock">' + hand_html(view, ui, interactive)
            + controls_html(view, ui, interactive, undo) + "</div>")


# --- log lines and marks ----------------------------------------------------------------------


def turn_events(before: CFView, after: CFView, seat: int) -> list[CFAction]:
    """What ``seat`` did between two views (the log of the hand holds every action)."""
    if after.hand != before.hand:
        return [e.action for e in after.log if e.player == seat]
    return [e.action for e in after.log[len(before.log):] if e.player == seat]


def describe_turn(before: CFView, after: CFView, seat: int, name: str) -> str:
    acts = turn_events(before, after, seat)
    parts: list[str] = []
    if after.hand != before.hand:
        parts.append(f"dealt hand {after.hand}")
    board = after.board
    for a in acts:
        if isinstance(a, Place):
            parts.append(f"laid {a_card(a.card)}")
        elif isinstance(a, Claim):
            c = board.cubicle_at(a.pos)
            pts = f" worth {board.score_cubicle(c).total} now" if c is not None else ""
            parts.append(f"claimed a cubicle{pts}")
        elif isinstance(a, Pass):
            parts.append("claimed nothing")
    if not parts:
        parts.append("played")
    text = f"{name} " + " and ".join(parts) + "."
    if after.phase in (HAND_OVER, OVER) and before.phase not in (HAND_OVER, OVER):
        text += f" Hand {after.hand} is over."
    return text


def marked_keys(before: CFView, after: CFView) -> frozenset[str]:
    """What changed on the floor from ``before`` (when a person last acted; maybe several
    computers' turns ago) to ``after``: every card laid and cubicle claimed since, of this
    hand."""
    out = set()
    for e in after.log[len(before.log) if after.hand == before.hand else 0:]:
        if isinstance(e.action, Place):
            out.add(f"c:{e.action.card}")
        elif isinstance(e.action, Claim):
            out.add(f"u:{pos_text(e.action.pos)}")
    return frozenset(out)


def walks_message(view: CFView, pos: Pos, names: Sequence[str]) -> str:
    b = view.board
    c = b.cubicle_at(pos)
    if c is None or c.owner is None:
        return "That cubicle is not claimed."
    sc = b.score_cubicle(c)
    who = "Your" if names[c.owner] == "You" else f"{names[c.owner]}'s"
    return f"{who} cubicle (outlined): {score_words(sc)}."


def flights(before: CFView, after: CFView) -> list[tuple[str, str | None]]:
    """One computer's step as the page's flights: a card laid flies from its player's name chip
    to its place on the floor, each new stone (a claim, or a cubicle a card enlarged) from its
    owner's chip to its unit."""
    if after.hand != before.hand:
        return []
    out: list[tuple[str, str | None]] = []
    for e in after.log[len(before.log):]:
        if isinstance(e.action, Place):
            out.append((f"floor:{e.action.card}", f"#cf-p{e.player}"))
    old = before.board.stones
    for p, owner in sorted(after.board.stones.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        if old.get(p) != owner:
            out.append((f"stone:{pos_text(p)}", f"#cf-p{owner}"))
    return out
