"""Perpetual-Motion Machine (issue 4): poker sets place cubes on a mat that improves your turns.

``INFO`` is what the registry lists (:mod:`.info`); ``GAME`` the rules object (:mod:`.rules`),
imported when first asked for (:func:`engine.games.on_demand`); the mat's numbers live in
:mod:`.mat`, the computer players in :mod:`.bots`. Its command line is the shared one
(``python -m engine play|tournament machine``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.games import on_demand
from engine.games.machine.info import INFO

if TYPE_CHECKING:
    from engine.games.machine.rules import GAME

__all__ = ["GAME", "INFO"]


def __getattr__(name: str) -> Any:
    return on_demand(globals(), name, tuple(__all__))
