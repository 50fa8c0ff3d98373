"""What the Cube Farm table says: cards, turns, places, scores and cubicles in words, the
prompt and the walks' message, in one place so they read alike (no coordinates)."""

from __future__ import annotations

from collections.abc import Sequence

from app.tables.cube_farm.places import footprint
from app.tables.cube_farm.turn import CFTurnUI, Pos
from engine.games.cube_farm.board import (
    CUBE,
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
            return "Your turn: pick a card to lay."
        if ui.at is None:
            return f"{card_name(ui.card)}, {TURN_WORDS[ui.rot]}: tap a lit square."
        return f"{card_name(ui.card)} shown: tap it again or Confirm."
    if view.phase == CLAIM:
        return "Tap a lit cubicle to claim it, or Pass."
    return ""


def walks_message(view: CFView, pos: Pos, names: Sequence[str]) -> str:
    b = view.board
    c = b.cubicle_at(pos)
    if c is None or c.owner is None:
        return "That cubicle is not claimed."
    sc = b.score_cubicle(c)
    who = "Your" if names[c.owner] == "You" else f"{names[c.owner]}'s"
    return f"{who} cubicle (outlined): {score_words(sc)}."
