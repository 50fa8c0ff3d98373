"""Perpetual-Motion Machine (issue 4): poker sets place cubes on a mat that improves your turns.

``GAME`` is the rules object (:mod:`.rules`), ``cli_main`` the command line (:mod:`.cli`), the
mat's numbers live in :mod:`.mat`, the computer players in :mod:`.bots`.
"""

from engine.games.machine.cli import cli_main
from engine.games.machine.rules import GAME

__all__ = ["GAME", "cli_main"]
