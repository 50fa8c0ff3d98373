"""Cube Farm (RULINGS.md section 4): lay office cards, claim cubicles, score walking distances.

``info`` is what the registry lists, ``rules`` the game protocol, ``board`` the geometry,
``deck`` the cards, ``bots`` the computer players and ``cli`` its own commands (``python -m
engine cube-farm deck|stats``); the rules are imported when ``GAME`` is first asked for
(:func:`engine.games.on_demand`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.games import on_demand
from engine.games.cube_farm.info import INFO

if TYPE_CHECKING:
    from engine.games.cube_farm.cli import cli_main
    from engine.games.cube_farm.rules import GAME, CFConfig, CFState, CFView, CubeFarm

__all__ = ["GAME", "INFO", "CFConfig", "CFState", "CFView", "CubeFarm", "cli_main"]


def __getattr__(name: str) -> Any:
    return on_demand(globals(), name, tuple(__all__))
