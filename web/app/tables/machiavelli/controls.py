"""What the Machiavelli table's controls share for the keyboard and a screen reader: a card
face whose corner is drawn (so that a card button's name can be the card in words), a button's
shortcut key (``aria-keyshortcuts``, told on the rules page's "Keys") and the ids the board
puts the focus on."""

from __future__ import annotations

from app.kit import attrs, esc
from engine.cards import Card

# the first card of the hand, where the focus goes when the person's turn comes back to them
# after they ended the last one from the keyboard (End turn, Draw or Pass)
HAND_START = "m-hand-start"
# the dock's buttons the focus comes back to (the question Draw or Reset asks answered "Keep
# playing": the button that asked)
BUTTON_IDS = {"m-draw": "m-draw-btn", "m-reset": "m-reset-btn", "m-end": "m-end-btn"}

# the letter keys of the table (web/app/tables/machiavelli/taps.py KEYS), as a button tells
# them (aria-keyshortcuts)
SHORTCUTS = {"m-end": "E", "m-draw": "D", "m-reset": "R", "m-undo": "U", "m-hint": "H",
             "m-hint-step": ".", "m-new": "N", "m-sort": "S", "m-join": "J",
             "m-cancel": "Escape", "m-close": "Escape"}


def keyed(button: str, action: str, id_: str | None = None) -> str:
    """``button`` (a ``<button`` of :func:`app.kit.board_button`) with its shortcut key and,
    for the focus to come back to it, an ``id``."""
    extra = attrs(id=id_, aria_keyshortcuts=SHORTCUTS.get(action))
    return button.replace("<button", "<button" + extra, 1)


def card_face(card: Card, cls: str, extra: str = "", key: str | None = None) -> str:
    """A card face as :func:`app.kit.face` draws it, the rank and suit in the corner and the
    big pip drawn from ``data-t`` (table.css): the face is a picture of the card, hidden from a
    screen reader, and the button that holds it says the card in words ("ten of diamonds";
    with the corner's text in the page, its "10" would have to be in the name too: axe's
    label-content-name-mismatch)."""
    sym = card.symbol
    rank, suit = esc(sym[:-1]), esc(sym[-1])
    return (f'<span class="card {cls} s-{card.suit}{extra}" data-card="{card}"'
            + attrs(data_key=key)
            + f' aria-hidden="true"><span class="corner"><b data-t="{rank}"></b>'
            f'<span data-t="{suit}"></span></span><span class="pip" data-t="{suit}"></span>'
            "</span>")


def rove(button: str, current: bool = False) -> str:
    """``button`` as an item of its roving group (``data-rove``: one stop of Tab, the arrow
    keys move along it, web/bridge.js); ``current``: the item that keeps the group's stop (a
    hinted card)."""
    extra = " data-rove-item" + (" data-rove-current" if current else "")
    return button.replace("<button", "<button" + extra, 1)
