"""The tables: one package per game that has a screen, named by the game's registry entry.

A game's table package is its :class:`engine.registry.Entry`'s ``table`` (``app.tables.<game>``
for the engine's own; the registry in effect answers, so the test suite's sample game comes
with its registry value). Its ``__init__`` declares ``DECLARED`` (:class:`app.table.Declared`)
and imports nothing of its game; its module ``table`` has ``Table`` (:class:`app.table.Table`),
its module ``hint``, if any, the game's own ``hint``. A game of the registry without a package
is shown as "coming soon"; nothing here names a game.

:class:`Tables` makes each table when its game is first opened: a start imports no game.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Iterator, Mapping
from types import ModuleType
from typing import cast

from app.table import Declared, Hint, Host, Table, TableClass
from engine.registry import UnknownGame, current


def module_name(game_id: str) -> str:
    """The game's table package ("" when its registry entry names none)."""
    return current().entry(game_id).table


def has_table(game_id: str) -> bool:
    try:
        name = module_name(game_id)
        return bool(name) and importlib.util.find_spec(name) is not None
    except (ImportError, ValueError, UnknownGame):
        return False


def _module(game_id: str, name: str = "") -> ModuleType:
    return importlib.import_module(module_name(game_id) + (f".{name}" if name else ""))


def declared(game_id: str) -> Declared:
    """What the game's package declares (ImportError when it has none)."""
    return cast(Declared, _module(game_id).DECLARED)


def table_class(game_id: str) -> TableClass:
    """The ``TABLE`` of the game's package (bound where mypy checks it): the game's code,
    imported now."""
    return cast(TableClass, _module(game_id, "table").TABLE)


def hint(game_id: str) -> Hint | None:
    """The game's own Hint, if its table package has one."""
    try:
        found = getattr(_module(game_id, "hint"), "hint", None)
    except ModuleNotFoundError as e:
        if e.name != module_name(game_id) + ".hint":
            raise
        return None
    return cast(Hint, found) if found is not None else None


def declarations(game_ids: list[str]) -> dict[str, Declared]:
    """The declaration of every game in ``game_ids`` that has a table, in that order."""
    return {gid: declared(gid) for gid in game_ids if has_table(gid)}


def import_all(game_ids: list[str]) -> None:
    """Import every game's table and rules now (what a memory snapshot should hold, so that a
    start restored from it opens any game at once)."""
    from engine.registry import get_game

    for gid in game_ids:
        get_game(gid)
        if has_table(gid):
            table_class(gid)
            hint(gid)


class Tables(Mapping[str, Table]):
    """The app's tables by game id, each made (its code imported, its save read) when it is
    first asked for; ``made`` has those made so far. ``loaded`` hears what a table made now
    said about its save (one that could not be read, set aside)."""

    def __init__(self, host: Host, declared: Mapping[str, Declared],
                 loaded: Callable[[str], None]) -> None:
        self.host = host
        self.declared = declared
        self.loaded = loaded
        self.made: dict[str, Table] = {}

    def __getitem__(self, game_id: str) -> Table:
        table = self.made.get(game_id)
        if table is None:
            if game_id not in self.declared:
                raise KeyError(game_id)
            table = self.made[game_id] = table_class(game_id)(self.host)
            problem = table.load()
            if problem:
                self.loaded(problem)
        return table

    def __iter__(self) -> Iterator[str]:
        return iter(self.declared)

    def __len__(self) -> int:
        return len(self.declared)

    def __contains__(self, game_id: object) -> bool:
        return game_id in self.declared

    def again(self, game_id: str) -> Table:
        """A fresh table of ``game_id`` that reads its save again (an import wrote it)."""
        self.made.pop(game_id, None)
        return self[game_id]
