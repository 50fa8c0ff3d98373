"""The turn's UI state on the Perpetual-Motion Machine table (the selection, the hand's order,
what is shown full size, the hint), shared by its taps and its drawing."""

from __future__ import annotations

from dataclasses import dataclass, replace

from app.kit import Tap, attrs, esc
from engine.cards import Card
from engine.games.machine.rules import OVER, MachineAction, MachineView


@dataclass(frozen=True)
class MachineTurnUI:
    picked: tuple[str, ...] = ()  # selected hand cards (text forms), in tap order
    sort: str = "rank"  # "rank" | "suit": hand display order only
    aid: bool = False  # list the sets the hand holds
    opp: int | None = None  # the other player whose mat is shown full size
    hint: str | None = None  # the Strong computer's advice (an action's text form)
    hint_text: str | None = None  # the advice in words, said while it is true
    pair: str | None = None  # set-up: the pair of tracks chosen, not yet placed ("three flush")
    mat: bool = False  # your own mat shown full size, not as its summary

    def cleared(self) -> MachineTurnUI:
        """After an action: the selection and the hint spoke of the table before it."""
        return MachineTurnUI(sort=self.sort, aid=self.aid, opp=self.opp, mat=self.mat)


TurnTap = Tap[MachineTurnUI, MachineAction]  # a tap's answer on this board


def picked_cards(view: MachineView, ui: MachineTurnUI) -> list[Card]:
    held = {str(c): c for c in view.hand}
    return [held[t] for t in ui.picked if t in held]


def sane(view: MachineView, ui: MachineTurnUI) -> MachineTurnUI:
    held = {str(c) for c in view.hand}
    picked = tuple(t for t in dict.fromkeys(ui.picked) if t in held)
    opp = ui.opp if ui.opp is not None and 0 <= ui.opp < view.players else None
    if picked == ui.picked and opp == ui.opp:
        return ui
    return replace(ui, picked=picked, opp=opp)


def is_live(view: MachineView, interactive: bool) -> bool:
    return interactive and view.phase != OVER and view.current == view.player


def keyed(button: str, key: str | None = None, **more: object) -> str:
    """``button`` (a board button's HTML) with its keyboard shortcut, as the rules page's Keys
    list it (``aria-keyshortcuts`` tells a screen reader; the board's ``keys`` take it), and
    ``more`` attributes (``id_``: the button's id)."""
    return button.replace("<button ", "<button" + attrs(aria_keyshortcuts=key, **more) + " ", 1)


# A control that waits for the player's turn stays in its place and focusable, saying why
# (aria-disabled): the keyboard's focus stays on it while the others play.
WAIT = "Wait for your turn"


def card_face(card: Card, cls: str, extra: str = "") -> str:
    """A card's face inside a button, as the kit's ``face`` draws it (rank over suit in the
    corner, a big pip), its signs drawn by the style sheet (``data-t``, table.css) rather
    than written as text: the button's name says the card in words ("six of diamonds") and
    no sign stands as visible text beside it (axe: label-content-name-mismatch)."""
    sym = card.symbol
    rank, suit = esc(sym[:-1]), sym[-1]
    return (f'<span class="card {cls} s-{card.suit}{extra}" data-card="{card}" '
            f'aria-hidden="true"><span class="corner"><b data-t="{rank}"></b>'
            f'<span data-t="{suit}"></span></span><span class="pip" data-t="{suit}"></span>'
            f"</span>")
