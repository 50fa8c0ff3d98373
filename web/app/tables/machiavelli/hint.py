"""Machiavelli's Hint, the exact solver's best play, which the thinking worker computes."""

from __future__ import annotations

from app.storage import JSONObject
from app.tables.machiavelli.parts import make_hint
from engine.games.machiavelli.rules import MAction, MConfig, MState, MView
from engine.protocol import Game


def hint(game: Game[MConfig, MState, MAction, MView], view: MView, player: int) -> JSONObject:
    """The exact solver's best play from the turn's start and the steps to it from the table
    as it is now, seen by the ``player`` to move (no steps: nothing can be laid, draw)."""
    h = make_hint(view, 3000.0)
    return {"cards": h.cards, "proven": h.proven, "steps": [str(a) for a in h.steps]}

