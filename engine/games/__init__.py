"""The engine's games, one package each.

A game's package ``__init__`` only declares ``INFO`` (its :mod:`info` module: what the registry
lists, the home screen's tiles) and hands out its rules object ``GAME``, its own commands
``cli_main`` (if it has any besides the shared ``play`` and ``tournament``) and the names it
exports through :func:`on_demand`. So listing the games imports no rules: the app starts
without any game's rules and imports one when it is first opened.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any


def _optional(module: str) -> ModuleType | None:
    """The module, or None when the package has none (an error inside it still raises)."""
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as e:
        if e.name != module:
            raise
        return None


def on_demand(namespace: dict[str, Any], name: str, exports: tuple[str, ...]) -> Any:
    """A game package's ``__getattr__``: ``name`` (one of ``exports``) from its ``rules`` or
    ``cli`` module, imported now. The first time, the package's computer players (``bots``,
    if it has them) are given to the rules object: here, so the rules never import them."""
    package = str(namespace["__name__"])
    if name not in exports:  # a submodule (``from engine.games.machine import sets``) too
        raise AttributeError(f"module {package!r} has no attribute {name!r}")
    rules = importlib.import_module(package + ".rules")
    if "GAME" not in namespace:
        bots = _optional(package + ".bots")
        if bots is not None:
            rules.GAME.use_bots(bots.LEVELS)
        namespace["GAME"] = rules.GAME
    # the ``cli`` module (argparse and all) is imported only when the rules lack the name
    module = rules if hasattr(rules, name) else _optional(package + ".cli")
    if module is not None and hasattr(module, name):
        namespace[name] = getattr(module, name)
        return namespace[name]
    raise AttributeError(f"module {package!r} has no attribute {name!r}")
