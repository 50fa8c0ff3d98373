"""What a tap or a key means on the Cube Farm table: a new UI state and the engine actions to
apply, or a message; and the Hint shown as a preview. No HTML here."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from app.kit import Tap, plural
from app.tables.cube_farm.places import centre, fits_turns, footprint, nearest, positions
from app.tables.cube_farm.turn import CFTurnUI, TurnTap
from app.tables.cube_farm.words import TURN_WORDS, card_words, place_words, score_words
from engine.games.cube_farm.board import SHAPES
from engine.games.cube_farm.deck import card_name
from engine.games.cube_farm.rules import (
    CLAIM,
    HAND_OVER,
    PLACE,
    CFAction,
    CFView,
    Claim,
    NextHand,
    Pass,
    Place,
)


def _int(data: dict[str, str], key: str) -> int | None:
    try:
        return int(data.get(key, ""))
    except ValueError:
        return None


def _deal(view: CFView, ui: CFTurnUI) -> TurnTap:
    if view.phase != HAND_OVER:
        return Tap(ui, message="The hand is not over yet.", refusal=True)
    return Tap(ui.cleared(), (NextHand(),))


def _pass(view: CFView, ui: CFTurnUI) -> TurnTap:
    if view.phase != CLAIM:
        return Tap(ui, message="Lay a card first; then you may claim a cubicle or pass.",
                   refusal=True)
    return Tap(ui.cleared(), (Pass(),))


def _claim(view: CFView, ui: CFTurnUI, data: dict[str, str]) -> TurnTap:
    x, y = _int(data, "x"), _int(data, "y")
    if x is None or y is None:
        return Tap(ui)
    if view.phase != CLAIM:
        return Tap(ui, message="Lay a card first; then you may claim a cubicle.",
                   refusal=True)
    cub = view.board.cubicle_at((x, y))
    if cub is None:
        return Tap(ui, message="Tap a lit cubicle to claim it, or Pass.", refusal=True)
    why = view.explain_illegal(Claim(*cub.id))
    if why is not None:
        return Tap(ui, message=f"This cubicle cannot be claimed: {why}.", refusal=True)
    return Tap(ui.cleared(), (Claim(*cub.id),))


def _pick(view: CFView, ui: CFTurnUI, data: dict[str, str]) -> TurnTap:
    card = data.get("card", "")
    if card not in view.my_hand:
        return Tap(ui, message="That card is not in your hand.", refusal=True)
    if ui.card == card:
        return Tap(replace(ui.cleared(), hint=ui.hint), message="Card put back.")
    turns = fits_turns(view, card)
    if not turns:  # the deck guarantees a place; say so rather than fail
        return Tap(ui, message=f"The {card_name(card)} fits nowhere.", refusal=True)
    rot = ui.rot if ui.rot in turns else turns[0]
    pos = positions(view, card)
    # the places lit now (this turn of the card), the number Next and Back count through
    here = len(pos[rot])
    every = sum(len(a) for a in pos.values())
    more = (f" {TURN_WORDS[rot]}, {every} in all its turns. Tap a lit square, or Turn it."
            if every > here else ". Tap a lit square.")
    return Tap(CFTurnUI(card=card, rot=rot, hint=ui.hint, step=ui.step),
               message=f"{card_name(card)} ({card_words(card)}): {plural(here, 'place')}"
               f"{more}")


def _cancel(view: CFView, ui: CFTurnUI, card: str, data: dict[str, str]) -> TurnTap:
    if ui.at is not None:
        return Tap(replace(ui, at=None), message="Tap a lit square to choose a place.")
    return Tap(replace(ui.cleared(), hint=ui.hint), message="Card put back.")


def _turn(view: CFView, ui: CFTurnUI, card: str, data: dict[str, str]) -> TurnTap:
    pos = positions(view, card)
    turns = fits_turns(view, card)
    later = [r for r in turns if r > ui.rot] + [r for r in turns if r <= ui.rot]
    rot = later[0]
    at = None
    if ui.at is not None:
        cx, cy = centre(card, ui.rot, *ui.at)
        at = nearest(card, rot, pos[rot], (round(cx), round(cy)))
    others = "" if len(turns) > 1 else " (the only turn that fits)"
    return Tap(replace(ui, rot=rot, at=at),
               message=f"{card_name(card)} {TURN_WORDS[rot]}{others}: "
               f"{plural(len(pos[rot]), 'place')}.")


def _step(view: CFView, ui: CFTurnUI, card: str, by: int) -> TurnTap:
    anchors = positions(view, card)[ui.rot]
    if not anchors:
        return Tap(ui)
    i = anchors.index(ui.at) if ui.at in anchors else -1
    i = (i + by) % len(anchors)
    at = anchors[i]
    return Tap(replace(ui, at=at),
               message=f"Place {i + 1} of {len(anchors)}: "
               f"{place_words(Place(card, at[0], at[1], ui.rot))}. Confirm to lay it.")


def _next(view: CFView, ui: CFTurnUI, card: str, data: dict[str, str]) -> TurnTap:
    return _step(view, ui, card, 1)


def _prev(view: CFView, ui: CFTurnUI, card: str, data: dict[str, str]) -> TurnTap:
    return _step(view, ui, card, -1)


def _ok(view: CFView, ui: CFTurnUI, card: str, data: dict[str, str]) -> TurnTap:
    if ui.at is None:
        return Tap(ui, message="Tap a lit square to choose where the card goes.",
                   refusal=True)
    return Tap(ui.cleared(), (Place(card, ui.at[0], ui.at[1], ui.rot),))


def _square(view: CFView, ui: CFTurnUI, card: str, data: dict[str, str]) -> TurnTap:
    """A square tapped with a card picked: lay the card shown there, show it at the nearest
    place covering the square, or say why it cannot go there."""
    x, y = _int(data, "x"), _int(data, "y")
    if x is None or y is None:
        return Tap(ui)
    p = (x, y)
    if ui.at is not None and p in footprint(card, ui.rot, *ui.at):
        return Tap(ui.cleared(), (Place(card, ui.at[0], ui.at[1], ui.rot),))
    pos = positions(view, card)
    cover = [a for a in pos[ui.rot] if p in footprint(card, ui.rot, *a)]
    if cover:
        at = nearest(card, ui.rot, cover, p)
        return Tap(replace(ui, at=at),
                   message=f"{place_words(Place(card, at[0], at[1], ui.rot))}, shown on "
                   "the floor: tap it again or Confirm to lay it.")
    sh = SHAPES[card][ui.rot]
    ax, ay = x - (sh.width - 1) // 2, y - (sh.height - 1) // 2
    why = view.explain_illegal(Place(card, ax, ay, ui.rot)) or "no place covers it"
    turned = [r for r in fits_turns(view, card) if r != ui.rot and any(
        p in footprint(card, r, *a) for a in pos[r])]
    more = " It fits there turned: tap Turn." if turned else ""
    return Tap(ui, message=f"The {card_name(card)} cannot go there: {why}.{more}",
               refusal=True)


# taps while a card is picked, given the card
WITH_CARD: dict[str, Callable[[CFView, CFTurnUI, str, dict[str, str]], TurnTap]] = {
    "cf-cancel": _cancel, "cf-rot": _turn, "cf-next": _next, "cf-prev": _prev, "cf-ok": _ok,
    "cf-sq": _square}


def tap(view: CFView, ui: CFTurnUI, action: str, data: dict[str, str]) -> TurnTap:
    """A tap of the view's player (the player to move) on the table: engine actions, or a
    message."""
    phase = view.phase
    if action == "cf-deal":
        return _deal(view, ui)
    if action == "cf-pass":
        return _pass(view, ui)
    if action == "cf-claim" or (action == "cf-sq" and phase == CLAIM):
        return _claim(view, ui, data)
    if phase != PLACE:
        if phase == CLAIM:
            return Tap(ui, message="Claim a lit cubicle, or Pass.", refusal=True)
        return Tap(ui)
    if action == "cf-card":
        return _pick(view, ui, data)
    if ui.card is None:
        if action in ("cf-sq", "cf-ok", "cf-rot", "cf-next", "cf-prev"):
            return Tap(ui, message="Pick a card from your hand first.", refusal=True)
        return Tap(ui)
    with_card = WITH_CARD.get(action)
    return Tap(ui) if with_card is None else with_card(view, ui, ui.card, data)


def key(view: CFView, ui: CFTurnUI, k: str) -> TurnTap | None:
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


def advice_ui(view: CFView, ui: CFTurnUI, action: CFAction) -> tuple[CFTurnUI, str]:
    """The Hint: the Strong computer's move shown as a preview (a card) or a lit cubicle."""
    text = str(action)
    if isinstance(action, Place):
        return (CFTurnUI(card=action.card, rot=action.rot, at=(action.x, action.y), hint=text,
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
