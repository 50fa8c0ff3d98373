"""Perpetual-Motion Machine (issue 4): poker sets place cubes on a mat that improves your turns.

``GAME`` is the rules object (:mod:`.rules`), ``cli_main`` the command line (:mod:`.cli`), the
mat's numbers live in :mod:`.mat`, the computer players in :mod:`.bots`.
"""

from engine.games.machine.bots import LEVELS
from engine.games.machine.cli import cli_main
from engine.games.machine.rules import GAME

GAME.use_bots(LEVELS)  # here, so that the rules never import the computer players

__all__ = ["GAME", "cli_main"]
