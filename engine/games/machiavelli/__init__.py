"""Machiavelli (Manipulation rummy): two decks, rearrange the whole table every turn.

``rules`` has the game (step-by-step turns), ``melds`` what a meld is, ``solver`` the exact
solver, ``plan`` turning a target table into steps (bots and the Hint), ``bots`` the computer
players and ``cli`` the command line.
"""

from .bots import LEVELS
from .cli import cli_main
from .rules import GAME, Machiavelli, MConfig, MState, MView

GAME.use_bots(LEVELS)  # here, so that the rules never import the computer players

__all__ = ["GAME", "MConfig", "MState", "MView", "Machiavelli", "cli_main"]
