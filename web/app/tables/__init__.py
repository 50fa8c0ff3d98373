"""The tables: one package per game that has a screen, found by the game's id.

A game's table package is ``app.tables.<id>`` (the id with ``-`` as ``_``: the engine's own
package name), exporting ``Table`` (:class:`app.table.Table`) and optionally ``hint``. A game
of the engine's registry without one is shown as "coming soon". A package from elsewhere (the
test suite's sample game) is added with :func:`register`; nothing here names a game.
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType
from typing import cast

from app.table import Hint, TableClass

_EXTRA: dict[str, str] = {}  # game id -> module, for packages outside app.tables


def module_name(game_id: str) -> str:
    return _EXTRA.get(game_id) or f"{__name__}.{game_id.replace('-', '_')}"


def register(game_id: str, module: str) -> None:
    """Use ``module`` as the table package of ``game_id``."""
    _EXTRA[game_id] = module


def unregister(game_id: str) -> None:
    _EXTRA.pop(game_id, None)


def has_table(game_id: str) -> bool:
    try:
        return importlib.util.find_spec(module_name(game_id)) is not None
    except (ImportError, ValueError):
        return False


def _package(game_id: str) -> ModuleType:
    return importlib.import_module(module_name(game_id))


def table_class(game_id: str) -> TableClass:
    """The ``Table`` of the game's package (ImportError when it has none)."""
    return cast(TableClass, _package(game_id).Table)


def hint(game_id: str) -> Hint | None:
    """The game's own Hint, if its table package has one."""
    found = getattr(_package(game_id), "hint", None)
    return cast(Hint, found) if found is not None else None


def tables(game_ids: list[str]) -> dict[str, TableClass]:
    """The table of every game in ``game_ids`` that has one, in that order."""
    return {gid: table_class(gid) for gid in game_ids if has_table(gid)}
