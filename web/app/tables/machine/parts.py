"""The Perpetual-Motion Machine table: HTML, taps and keys, log lines. Pure Python, no browser.

The shell owns the top bar, the message line, the log and applying actions; the board turns
a view (:class:`MachineView`) and the turn's UI state (:class:`MachineTurnUI`) into HTML, and a tap
(a ``data-action`` with its ``data-*`` values) into engine actions. No rule is decided here:
what a selection is, where it goes and why it cannot be played come from the engine
(``sets.kinds_in``, ``placements``, ``set_problem``); every refusal is the engine's.

Design (phone first, one thumb; one screen per turn at 360 x 640 in the shared table frame):

* the field: the other players (a chip each with their name, cards, cubes left, *out*; tap for
  their mat full size, headed with their name), round, deck and discard counts, and your mat
  as what it gives you now in words ("draw 2 face-down · take 1 face-up · ...") with a line per
  track, full size on request. Sections filled since your last tap are marked, and the limits
  they changed;
* the dock: the display's four face-up cards with Draw, your hand (tap cards to select; sort by
  rank or suit; an optional aid lists the sets held), and the three choices of a turn, each
  saying what it allows now: *Take cards* (Draw, or tap a display card), *Trade* (the selected
  cards for cubes), *Play a set* (names the selection, where it goes and with how many cubes, or
  exactly why it cannot be played; a Straight Flush, Four of a Kind or Royal Flush offers one
  button per answer to its questions); Hint (what the Strong computer would do).

Data actions (all ``mm-``) and their ``data-*`` values: ``mm-card`` card · ``mm-sort`` ·
``mm-aid`` · ``mm-pick`` cards (space separated) · ``mm-clear`` · ``mm-draw`` · ``mm-take``
slot · ``mm-stop`` · ``mm-trade`` · ``mm-discard`` · ``mm-play`` kind, tracks, pile ·
``mm-setup`` tracks · ``mm-opp`` seat · ``mm-hint`` (the adapter's).

Marked keys (see :func:`mat_marks`): ``"p1.t2.s3"`` section 3 (0-based) of track 2 of player
1 newly filled, ``"p1.lim.draw"`` a limit of player 1 that changed.

The board by concern, each a module of this package: the turn's UI state (:mod:`.turn`), its
words (:mod:`.words`), what a selection is (:mod:`.selection`), taps and keys (:mod:`.taps`),
marks and flights (:mod:`.marks`), the mats (:mod:`.mats`), the field (:mod:`.field`), the dock
(:mod:`.dock`) and log lines (:mod:`.log`). This module is the board's one door: the table and
the rules pictures import from here.
"""

from __future__ import annotations

from app.kit import Tap
from app.tables.machine.dock import dock_html
from app.tables.machine.field import table_html
from app.tables.machine.log import describe_turn
from app.tables.machine.marks import mat_marks, news, step_flights, step_news
from app.tables.machine.mats import limits_html, mat_html
from app.tables.machine.selection import held_sets, play_options
from app.tables.machine.selection import play_data as _play_data
from app.tables.machine.taps import KEYS, key, tap
from app.tables.machine.turn import MachineTurnUI, TurnTap
from app.tables.machine.words import (
    action_words,
    limits,
    limits_words,
    own_step_words,
    set_words,
    track_label,
)

__all__ = [
    "KEYS",
    "MachineTurnUI",
    "Tap",
    "TurnTap",
    "_play_data",
    "action_words",
    "describe_turn",
    "dock_html",
    "held_sets",
    "key",
    "limits",
    "limits_html",
    "limits_words",
    "mat_html",
    "mat_marks",
    "news",
    "own_step_words",
    "play_options",
    "set_words",
    "step_flights",
    "step_news",
    "table_html",
    "tap",
    "track_label",
]
