"""What a tap or a key means on the Cube Farm table: a new UI state and the engine actions to
apply, or a message; and the Hint shown as a preview. No HTML here."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from app.kit import Tap, plural
from app.tables.cube_farm.places import centre, fits_turns, footprint, nearest, positions
from app.tables.cube_farm.turn import CFTurnUI, Pos, TurnTap
from app.tables.cube_farm.words import (
    TURN_WORDS,
    card_words,
    cubicle_where,
    place_label,
    place_where,
    place_words,
    score_words,
)
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
    return Tap(ui.cleared(), (Pass(),), message="You claimed nothing: your turn ends.")


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
    pts = view.board.score_cubicle(cub, view.player).total
    return Tap(ui.cleared(), (Claim(*cub.id),),
               message=f"You claimed the cubicle {cubicle_where(view.board, cub)}: "
               f"{plural(pts, 'point')} now.")


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


def lay(view: CFView, ui: CFTurnUI, a: Place, names: Sequence[str] = ()) -> TurnTap:
    """Lay the card at place ``a``: said where it went, and what comes next."""
    after = view.board.copy()
    after.place(a.card, a.x, a.y, a.rot)
    nxt = ("Claim a lit cubicle, or Pass." if after.claimable()
           else "No cubicle can be claimed: your turn ends.")
    return Tap(ui.cleared(), (a,),
               message=f"You laid the {card_name(a.card)}, {place_where(view, a, names)}. "
               f"{nxt}")


def _at(view: CFView, ui: CFTurnUI, card: str, data: dict[str, str],
        names: Sequence[str] = ()) -> TurnTap:
    """A place of the floor's list pressed (the keyboard's way): the card shown there, or
    laid when it is shown there already."""
    x, y = _int(data, "x"), _int(data, "y")
    anchors = positions(view, card)[ui.rot]
    if x is None or y is None or (x, y) not in anchors:
        return Tap(ui, message="The card cannot go there now.", refusal=True)
    if ui.at == (x, y):
        return lay(view, ui, Place(card, x, y, ui.rot), names)
    return _shown(view, ui, card, anchors.index((x, y)), anchors, names)


def _shown(view: CFView, ui: CFTurnUI, card: str, i: int, anchors: Sequence[Pos],
           names: Sequence[str] = ()) -> TurnTap:
    at = anchors[i]
    a = Place(card, at[0], at[1], ui.rot)
    return Tap(replace(ui, at=at),
               message=f"{card_name(card)} shown at "
               f"{place_label(view, a, i + 1, len(anchors), names)}"
               ". Tap it again or Confirm to lay it.")


def _cancel(view: CFView, ui: CFTurnUI, card: str, data: dict[str, str],
            names: Sequence[str] = ()) -> TurnTap:
    if ui.at is not None:
        return Tap(replace(ui, at=None), message="Tap a lit square to choose a place.")
    return Tap(replace(ui.cleared(), hint=ui.hint), message="Card put back.")


def _turn(view: CFView, ui: CFTurnUI, card: str, data: dict[str, str],
          names: Sequence[str] = ()) -> TurnTap:
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


def _step(view: CFView, ui: CFTurnUI, card: str, by: int, names: Sequence[str] = ()
          ) -> TurnTap:
    anchors = positions(view, card)[ui.rot]
    if not anchors:
        return Tap(ui)
    i = anchors.index(ui.at) if ui.at in anchors else -1
    i = (i + by) % len(anchors)
    return _shown(view, ui, card, i, anchors, names)


def _next(view: CFView, ui: CFTurnUI, card: str, data: dict[str, str],
          names: Sequence[str] = ()) -> TurnTap:
    return _step(view, ui, card, 1, names)


def _prev(view: CFView, ui: CFTurnUI, card: str, data: dict[str, str],
          names: Sequence[str] = ()) -> TurnTap:
    return _step(view, ui, card, -1, names)


def _ok(view: CFView, ui: CFTurnUI, card: str, data: dict[str, str],
        names: Sequence[str] = ()) -> TurnTap:
    if ui.at is None:
        return Tap(ui, message="Tap a lit square to choose where the card goes.",
                   refusal=True)
    return lay(view, ui, Place(card, ui.at[0], ui.at[1], ui.rot), names)


def _square(view: CFView, ui: CFTurnUI, card: str, data: dict[str, str],
            names: Sequence[str] = ()) -> TurnTap:
    """A square tapped with a card picked: lay the card shown there, show it at the nearest
    place covering the square, or say why it cannot go there."""
    x, y = _int(data, "x"), _int(data, "y")
    if x is None or y is None:
        return Tap(ui)
    p = (x, y)
    if ui.at is not None and p in footprint(card, ui.rot, *ui.at):
        return lay(view, ui, Place(card, ui.at[0], ui.at[1], ui.rot), names)
    pos = positions(view, card)
    cover = [a for a in pos[ui.rot] if p in footprint(card, ui.rot, *a)]
    if cover:
        at = nearest(card, ui.rot, cover, p)
        return _shown(view, ui, card, pos[ui.rot].index(at), pos[ui.rot], names)
    sh = SHAPES[card][ui.rot]
    ax, ay = x - (sh.width - 1) // 2, y - (sh.height - 1) // 2
    why = view.explain_illegal(Place(card, ax, ay, ui.rot)) or "no place covers it"
    turned = [r for r in fits_turns(view, card) if r != ui.rot and any(
        p in footprint(card, r, *a) for a in pos[r])]
    more = " It fits there turned: tap Turn." if turned else ""
    return Tap(ui, message=f"The {card_name(card)} cannot go there: {why}.{more}",
               refusal=True)


# taps while a card is picked, given the card
WITH_CARD: dict[str, Callable[[CFView, CFTurnUI, str, dict[str, str], Sequence[str]],
                              TurnTap]] = {
    "cf-cancel": _cancel, "cf-rot": _turn, "cf-next": _next, "cf-prev": _prev, "cf-ok": _ok,
    "cf-sq": _square, "cf-at": _at}


def tap(view: CFView, ui: CFTurnUI, action: str, data: dict[str, str],
        names: Sequence[str] = ()) -> TurnTap:
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
        if action in ("cf-sq", "cf-at", "cf-ok", "cf-rot", "cf-next", "cf-prev"):
            return Tap(ui, message="Pick a card from your hand first.", refusal=True)
        return Tap(ui)
    with_card = WITH_CARD.get(action)
    return Tap(ui) if with_card is None else with_card(view, ui, ui.card, data, names)


# the table's letter keys (the rules page's "Keys"; each button says its own)
KEYS = {"Escape": "cf-cancel", "Enter": "cf-ok", "r": "cf-rot", "R": "cf-rot",
        "n": "cf-next", "N": "cf-next", "p": "cf-prev", "P": "cf-prev"}


def key(view: CFView, ui: CFTurnUI, k: str, names: Sequence[str] = ()) -> TurnTap | None:
    act = KEYS.get(k)
    if k in ("1", "2", "3", "4", "5", "6"):
        hand = sorted(view.my_hand)
        i = int(k) - 1
        if i < len(hand) and view.phase == PLACE:
            return tap(view, ui, "cf-card", {"card": hand[i]}, names)
        return None
    if act is None:
        return None
    if view.phase == CLAIM and k == "Escape":
        return None
    return tap(view, ui, act, {}, names)


def advice_ui(view: CFView, ui: CFTurnUI, action: CFAction) -> tuple[CFTurnUI, str]:
    """The Hint: the Strong computer's move shown as a preview (a card) or a lit cubicle."""
    text = str(action)
    if isinstance(action, Place):
        return (CFTurnUI(card=action.card, rot=action.rot, at=(action.x, action.y), hint=text,
                       step=ui.step),
                f"The Strong computer would lay the {place_words(action)}, "
                f"{place_where(view, action)} (outlined): Confirm to lay it.")
    if isinstance(action, Claim):
        cub = view.board.cubicle_at(action.pos) or view.board.cubicles()[0]
        sc = view.board.score_cubicle(cub, view.player)
        return (replace(ui, hint=text),
                f"The Strong computer would claim the cubicle {cubicle_where(view.board, cub)}"
                f" (ringed): {score_words(sc)}.")
    if isinstance(action, Pass):
        return replace(ui, hint=text), "The Strong computer would pass."
    return replace(ui, hint=text), "The Strong computer would deal the next hand."
