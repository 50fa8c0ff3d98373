"""Perpetual Motion, Mark Masten's solitaire: ``INFO`` is what the registry lists
(:mod:`.info`), :mod:`.rules` the game, its statistics and its command line, imported when
``GAME`` is first asked for (:func:`engine.games.on_demand`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.games import on_demand
from engine.games.perpetual_motion.info import INFO

if TYPE_CHECKING:
    from engine.games.perpetual_motion.rules import GAME, cli_main

__all__ = ["GAME", "INFO", "cli_main"]


def __getattr__(name: str) -> Any:
    return on_demand(globals(), name, tuple(__all__))
