"""The Machiavelli table: HTML, taps and keys, hints and log lines. Pure Python, no browser.

The shell owns the top bar, the message line, the game log, undo and applying actions; the
board turns a view (:class:`MView`) and the turn's UI state (:class:`MTurnUI`) into HTML, and a
tap (a ``data-action`` with its ``data-*`` values) into engine actions.

Design (phone first, one thumb):

* The table's melds wrap; each is one big button showing its cards overlapped (corners
  readable) with its number and, while the table is being built, whether it is valid and if
  not why. Cards laid this turn sit raised with a gold ring; ``marked`` cards (what the last
  computers changed since you last acted) get a blue ring.
* Tap hand cards (and in the helping variant face-up helping cards) to pick them, then tap a
  meld to lay them there, or *New meld*. Every meld lights up as a target; melds the picked
  cards would complete are marked "fits".
* Tap a meld with nothing picked to *open* it: its cards become buttons of their own (tap one
  to lift it, then tap any meld or *New meld* to move it there) with a scissors button between
  each two cards (split there) and *Join…* (then tap the meld to join it with).
* The frame's dock (:func:`dock_html`, under the message line, always in view): a line saying
  what is picked (with *Cancel*) or the hand's order (*Runs*, *Groups*, *By rank/suit*), the
  hand strip (scrolls sideways and keeps its place across redraws; the card just drawn is
  marked), then Undo, Reset, Hint, Step and New meld, Draw/Pass, End turn. Draw or Reset
  that would take back what was laid asks first, in the dock. The melds (:func:`table_html`)
  are in the frame's field, which scrolls.
* Dragging does what the taps do (``web/app/drag.js``): a hand card, the picked cards, a
  helping card or a card of the opened meld dragged onto a meld or a new-meld place.

Data actions (all ``m-``) and their ``data-*`` values:

``m-hand`` hand (index into ``view.hand``) · ``m-help`` slot · ``m-meld`` meld ·
``m-card`` meld, pos · ``m-split`` meld, at · ``m-join`` meld · ``m-close`` meld ·
``m-cancel`` · ``m-new`` · ``m-end`` · ``m-draw`` · ``m-reset`` · ``m-undo`` · ``m-hint`` ·
``m-hint-step`` · ``m-sort`` · ``m-arrange`` arrange · ``m-keep`` (keep playing: the question
answered no) · ``m-draw-sure`` · ``m-reset-sure`` (the question answered yes) ·
``m-drop`` meld or new, and fromHand, fromSlot or fromMeld/fromPos (a drag's drop).

Marked keys (the ``marked`` argument of :func:`table_html`, see :func:`marked_keys`):
``"m3.2"`` the card at position 2 of meld 3, ``"m3"`` meld 3 as a whole (0-based, as
``data-meld``/``data-pos``); ``"x1"`` helping slot 1 (0-based).

The board by concern, each a module of this package: the turn's UI state and the hint
(:mod:`.turn`), its words (:mod:`.words`), taps and keys (:mod:`.taps`), the field's melds
(:mod:`.melds`), the hand's order (:mod:`.hand`), the dock (:mod:`.dock`), marks and flights
(:mod:`.marks`) and log lines (:mod:`.log`). This module is the board's one door: the table,
the thinker's Hint and the rules pictures import from here.
"""

from __future__ import annotations

from app.kit import Tap
from app.tables.machiavelli.dock import dock_html
from app.tables.machiavelli.hand import hand_blocks
from app.tables.machiavelli.log import describe_turn
from app.tables.machiavelli.marks import flights, marked_keys
from app.tables.machiavelli.melds import DRAG, _meld_html, table_html, table_uids
from app.tables.machiavelli.taps import KEYS, key, tap
from app.tables.machiavelli.turn import ARRANGES, HintInfo, MTurnUI, TurnTap, make_hint
from app.tables.machiavelli.words import (
    card_name,
    hint_message,
    laid_count,
    meld_label,
    meld_words,
    step_text,
)

__all__ = [
    "ARRANGES",
    "DRAG",
    "KEYS",
    "HintInfo",
    "MTurnUI",
    "Tap",
    "TurnTap",
    "_meld_html",
    "card_name",
    "describe_turn",
    "dock_html",
    "flights",
    "hand_blocks",
    "hint_message",
    "key",
    "laid_count",
    "make_hint",
    "marked_keys",
    "meld_label",
    "meld_words",
    "step_text",
    "table_html",
    "table_uids",
    "tap",
]
