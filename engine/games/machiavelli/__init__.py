"""Machiavelli (Manipulation rummy): two decks, rearrange the whole table every turn.

``info`` is what the registry lists, ``rules`` the game (step-by-step turns), ``melds`` what a
meld is, ``solver`` the exact solver, ``plan`` turning a target table into steps (bots and the
Hint), ``bots`` the computer players and ``cli`` its own command (``solve``); the rules are
imported when ``GAME`` is first asked for (:func:`engine.games.on_demand`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.games import on_demand
from engine.games.machiavelli.info import INFO

if TYPE_CHECKING:
    from engine.games.machiavelli.cli import cli_main
    from engine.games.machiavelli.rules import GAME, Machiavelli, MConfig, MState, MView

__all__ = ["GAME", "INFO", "MConfig", "MState", "MView", "Machiavelli", "cli_main"]


def __getattr__(name: str) -> Any:
    return on_demand(globals(), name, tuple(__all__))
