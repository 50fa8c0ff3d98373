"""Cube Farm (RULINGS.md section 4): lay office cards, claim cubicles, score walking distances.

``rules`` has the game protocol, ``board`` the geometry, ``deck`` the cards, ``bots`` the
computer players and ``cli`` the command line (``python -m engine cube-farm ...``).
"""

from engine.games.cube_farm.bots import LEVELS
from engine.games.cube_farm.cli import cli_main
from engine.games.cube_farm.rules import GAME, CFConfig, CFState, CFView, CubeFarm

GAME.use_bots(LEVELS)  # here, so that the rules never import the computer players

__all__ = ["GAME", "CFConfig", "CFState", "CFView", "CubeFarm", "cli_main"]
