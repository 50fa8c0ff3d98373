"""The Cube Farm table: the floor plan as inline SVG, taps and keys, log lines. Pure Python.

The shell owns the top bar, the message line, the log, undo and applying actions; the board
turns a player's view (:class:`CFView`: the table, the counts and that player's own hand) and
the turn's UI state (:class:`CFTurnUI`) into HTML, and a tap (a
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

The board by concern, each a module of this package: the turn's UI state (:mod:`.turn`), where
a card may go (:mod:`.places`), its words (:mod:`.words`), taps, keys and the Hint's preview
(:mod:`.taps`), the floor's SVG (:mod:`.floor`), the field (:mod:`.field`), the dock
(:mod:`.dock`) and log lines, marks and flights (:mod:`.log`). This module is the board's one
door: the table and the rules pictures import from here.
"""

from __future__ import annotations

from app.kit import Tap
from app.tables.cube_farm.dock import card_id, controls_html, dock_html, hand_html, scoring_html
from app.tables.cube_farm.field import board_html, players_html
from app.tables.cube_farm.floor import (
    FILL,
    ITEM_SHORT,
    MARGIN,
    S,
    _sq_svg,
    _walls,
    board_svg,
    card_svg,
    focus_of,
    marker_svg,
    my_squares,
    scored,
    walks_svg,
)
from app.tables.cube_farm.log import describe_turn, flights, marked_keys, turn_events
from app.tables.cube_farm.places import centre as _centre
from app.tables.cube_farm.places import fits_turns as _fits_turns
from app.tables.cube_farm.places import footprint, lit_squares, positions
from app.tables.cube_farm.taps import advice_ui, key, tap
from app.tables.cube_farm.turn import CFTurnUI, Pos, TurnTap
from app.tables.cube_farm.words import (
    SHAPE_NAMES,
    TURN_WORDS,
    a_card,
    card_words,
    cubicle_label,
    cubicle_where,
    place_label,
    place_where,
    place_words,
    prompt,
    score_words,
    step_words,
    walks_message,
)

__all__ = [
    "FILL",
    "ITEM_SHORT",
    "MARGIN",
    "SHAPE_NAMES",
    "TURN_WORDS",
    "CFTurnUI",
    "Pos",
    "S",
    "Tap",
    "TurnTap",
    "_centre",
    "_fits_turns",
    "_sq_svg",
    "_walls",
    "a_card",
    "advice_ui",
    "board_html",
    "board_svg",
    "card_id",
    "card_svg",
    "card_words",
    "controls_html",
    "cubicle_label",
    "cubicle_where",
    "describe_turn",
    "dock_html",
    "flights",
    "focus_of",
    "footprint",
    "hand_html",
    "key",
    "lit_squares",
    "marked_keys",
    "marker_svg",
    "my_squares",
    "place_label",
    "place_where",
    "place_words",
    "players_html",
    "positions",
    "prompt",
    "score_words",
    "scored",
    "scoring_html",
    "step_words",
    "tap",
    "turn_events",
    "walks_message",
    "walks_svg",
]
