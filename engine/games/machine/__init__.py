"""Perpetual-Motion Machine (issue 4): poker sets place cubes on a mat that improves your turns.

``INFO`` is what the registry lists (:mod:`.info`); ``GAME`` the rules object (:mod:`.rules`)
and ``cli_main`` the command line (:mod:`.cli`), imported when first asked for
(:func:`engine.games.on_demand`); the mat's numbers live in :mod:`.mat`, the computer players in
:mod:`.bots`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.games import on_demand
from engine.games.machine.info import INFO

if TYPE_CHECKING:
    from engine.games.machine.cli import cli_main
    from engine.games.machine.rules import GAME

__all__ = ["GAME", "INFO", "cli_main"]


def __getattr__(name: str) -> Any:
    return on_demand(globals(), name, tuple(__all__))
