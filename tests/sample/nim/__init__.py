"""Nim, the sample game: heaps of stones, take one to three from one heap, the player who
takes the last stone wins. ``info`` is what the registry lists, ``rules`` the game, ``bots`` its
computer players; the rules are imported when ``GAME`` is first asked for, as for every game of
the engine (:func:`engine.games.on_demand`)."""

from __future__ import annotations

from typing import Any

from engine.games import on_demand

from .info import INFO

__all__ = ["GAME", "INFO", "Nim", "NimConfig", "NimState", "NimView", "Take"]


def __getattr__(name: str) -> Any:
    return on_demand(globals(), name, tuple(__all__))
