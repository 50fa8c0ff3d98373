"""Nim, the sample game: heaps of stones, take one to three from one heap, the player who
takes the last stone wins. ``rules`` has the game, ``bots`` its computer players."""

from __future__ import annotations

from .bots import LEVELS
from .rules import GAME, Nim, NimConfig, NimState, NimView, Take

GAME.use_bots(LEVELS)  # here, so that the rules never import the computer players

__all__ = ["GAME", "Nim", "NimConfig", "NimState", "NimView", "Take"]
