"""Cube Farm's pictures for its rules page (see :mod:`app.figures`): the table's own floor
(:func:`~app.tables.cube_farm.parts.board_svg`) and cards
(:func:`~app.tables.cube_farm.parts.card_svg`). A floor is laid and claimed by the engine and
its scores are the engine's, so a picture always shows what the game would score."""

from __future__ import annotations

import random
import re
from dataclasses import replace

from app.figures import details, still
from app.figures import figure as frame
from app.kit import esc
from app.tables.cube_farm.parts import (
    MARGIN,
    CFTurnUI,
    S,
    _sq_svg,
    _walls,
    board_svg,
    card_svg,
    score_words,
)
from engine.games.cube_farm.board import CUBE, ELEVATOR, FLOOR, ITEM, NEG, Board, Square
from engine.games.cube_farm.deck import CARDS, ITEMS, NEGATIVES, START_CARD, card_name
from engine.games.cube_farm.rules import GAME, HAND_OVER, Claim, Place

PAD = 6  # SVG units of table around a floor's cards in a picture
ROOT = "mt-cube-farm cf rules-cf"  # the table's colours (table.css) hang on its root classes


def _floor(actions: str) -> tuple[Board, list[tuple[int, int]]]:
    """``place C03 at 0,-2 rot 0; claim 0,-2 by 1; ...``: a floor from the starting card,
    laid and claimed by the engine (a claim by player N, 1-based); the claimed cubicles."""
    b = Board.start()
    claimed = []
    for text in filter(None, (t.strip() for t in actions.split(";"))):
        head, _, who = text.partition(" by ")
        a = GAME.parse_action(head)
        if isinstance(a, Place):
            problem = b.placement_problem(a.card, a.x, a.y, a.rot)
            if problem:
                raise ValueError(f"{text}: {problem}")
            b.place(a.card, a.x, a.y, a.rot)
        elif isinstance(a, Claim):
            problem = b.claim_problem((a.x, a.y))
            if problem:
                raise ValueError(f"{text}: {problem}")
            b.claim((a.x, a.y), int(who or "1") - 1)
            claimed.append((a.x, a.y))
        else:
            raise ValueError(f"floor: {text!r} is not a place or a claim")
    return b, claimed


def _cropped(svg: str, b: Board) -> str:
    """The floor's SVG with the empty table around it cut to a rim, scaled by the CSS."""
    minx, miny, maxx, maxy = b.bbox
    w, h = (maxx - minx + 1) * S + 2 * PAD, (maxy - miny + 1) * S + 2 * PAD
    box = f'viewBox="{MARGIN * S - PAD} {MARGIN * S - PAD} {w} {h}"'
    svg = re.sub(r'width="\d+" height="\d+" viewBox="[^"]*"',
                 f'width="{w}" height="{h}" {box}', svg, count=1)
    return svg


def floor(arg: str) -> str:
    """A floor with its claimed cubicles scored: the walks that count drawn on it, numbered
    as in the caption's list (the scoring the table shows at a hand's end)."""
    b, claimed = _floor(arg)
    view = GAME.view(GAME.new_game(GAME.default_config(2), random.Random(1)), 0)
    view = replace(view, board=b, phase=HAND_OVER)
    owners = {c.owner for c in b.cubicles() if c.owner is not None}
    if len(owners) != 1:
        raise ValueError(f"floor: the claims of one player, got players {sorted(owners)}")
    who = owners.pop()
    svg = board_svg(view, CFTurnUI(step=who), ["Player 1", "Player 2"], False)
    lines = [f"{k}: {score_words(sc)}"
             for k, sc in enumerate((sc for sc in b.scores() if sc.owner == who), 1)]
    label = (f"A floor of {len(b.placements)} cards with {len(claimed)} claimed cubicle"
             f"{'s' if len(claimed) != 1 else ''}, each numbered: " + "; ".join(lines) + ".")
    caption = "Each claimed cubicle's walks that count, and its score:<br>" + "<br>".join(
        esc(line) for line in lines)
    return frame(_cropped(still(svg), b), label, caption, ROOT)


def _square(sq: Square, door: bool = False) -> str:
    """One square as the floor draws it (a cube unit with a door to the south when ``door``)."""
    walk = {(0, 1)} if door else set()
    walls = _walls((0, 0), sq, walk) if sq.unit else ""
    return (f'<svg class="rules-sq" viewBox="0 0 {S} {S}" width="40" height="40" '
            f'aria-hidden="true">{_sq_svg((0, 0), sq, None)}<path class="cf-wall" d="{walls}"/>'
            f"</svg>")


def key(_arg: str) -> str:
    """What the squares of a card look like: floor, elevator, items, cube units, characters."""
    rows = [(Square(FLOOR), "floor"), (Square(ELEVATOR), "elevator")]
    rows += [(Square(ITEM, name=name, value=value), f"{name} ({value})")
             for name, value in ITEMS.values()]
    rows.append((Square(CUBE, openings=1 << 2), "a cube unit, its door to the south"))
    rows += [(Square(NEG, name=name, value=value, openings=1 << 2), f"{name} (−{-value})")
             for name, value in NEGATIVES.values()]
    items = "".join(f'<li>{_square(sq, sq.unit)}<span>{esc(words)}</span></li>'
                    for sq, words in rows)
    label = "The squares of a card: " + "; ".join(w for _, w in rows) + "."
    return frame(f'<ul class="rules-key">{items}</ul>', label,
                 "The squares of a card as the table draws them. Thick lines are walls; a gap "
                 "in a cube unit's wall is its door.", ROOT)


def cards(text: str) -> str:
    """Every card of the deck drawn in its first turn, with its name and what it holds (the
    Markdown table this stands for gives the words)."""
    holds = dict(re.findall(r"^\| (E\d|C\d\d) \|[^|]*\|[^|]*\| ([^|]*?) \|$", text, re.M))
    if set(holds) != set(CARDS):
        raise ValueError(f"cards: the table lists {sorted(holds)}, the deck {sorted(CARDS)}")
    items = "".join(
        f'<li class="rules-cfcard" role="img" aria-label="{esc(cid)}, {esc(card_name(cid))}: '
        f'{esc(holds[cid])}">{card_svg(cid)}<b>{esc(card_name(cid))}</b>'
        f"<small>{esc(cid)} · {esc(holds[cid])}</small></li>"
        for cid in CARDS)
    start = f"{START_CARD} starts every hand."
    return details(f"The {len(CARDS)} cards, drawn",
                   f'<p>Each card in its first turn. {esc(start)}</p>'
                   f'<ul class="rules-cfcards mt-cube-farm">{items}</ul>', "rules-cards")


def figure(name: str, arg: str) -> str:
    """The picture ``name`` (``floor``, ``key``, ``cards``) for ``arg``."""
    draw = {"floor": floor, "key": key, "cards": cards}.get(name)
    if draw is None:
        raise ValueError(f"Cube Farm draws no figure {name!r}")
    return draw(arg)

