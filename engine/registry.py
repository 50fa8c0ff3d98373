"""The registry of games: one value naming each game's id, engine package and table package,
in home-screen order.

The app builds its home screen from :func:`all_games`; the command line dispatches on the id;
the build reads each game's rules page through :func:`rules_markdown`. Listing games reads each
package's ``INFO`` only (its rules are imported when ``GAME`` is first asked for:
:func:`engine.games.on_demand`), so the app starts without any game's rules.

:data:`GAMES` is the engine's registry, a frozen value. A game from elsewhere (the test suite's
sample) is one :meth:`Registry.with_game` call, made the registry in effect for a block by
:meth:`Registry.active` (a context variable, so nothing global is mutated and the engine's own
value never changes). The module's functions answer from the registry in effect.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from importlib import resources
from types import ModuleType
from typing import Any

from engine.errors import EngineError
from engine.protocol import Game, GameInfo


class UnknownGame(EngineError, KeyError):
    """No game has that id."""

    def __str__(self) -> str:
        return str(self.args[0])


@dataclass(frozen=True)
class Entry:
    """One game: ``engine`` is the module defining ``GAME`` and ``INFO`` (its metadata, read
    without the rules) with its rules page beside them; ``table`` the app's table package
    (named only, never imported by the engine; "" or a package that is not there: the app
    shows the game as "coming soon")."""

    id: str
    engine: str
    table: str = ""


@dataclass(frozen=True)
class Registry:
    """Games in home-screen order. A value: extend it with :meth:`with_game`."""

    entries: tuple[Entry, ...]

    def ids(self) -> list[str]:
        return [e.id for e in self.entries]

    def entry(self, game_id: str) -> Entry:
        for e in self.entries:
            if e.id == game_id:
                return e
        raise UnknownGame(f"no game with id {game_id!r}")

    def module(self, game_id: str) -> ModuleType:
        return importlib.import_module(self.entry(game_id).engine)

    def get_game(self, game_id: str) -> Game[Any, Any, Any, Any]:
        """The rules object of a game; UnknownGame for anything else."""
        if game_id not in self.ids():
            known = ", ".join(self.ids())
            raise UnknownGame(f"no playable game with id {game_id!r} (playable: {known})")
        game: Game[Any, Any, Any, Any] = self.module(game_id).GAME
        return game

    def game_info(self, game_id: str) -> GameInfo:
        """A game's metadata: its package's ``INFO`` (no rules imported), else its rules'."""
        info = getattr(self.module(game_id), "INFO", None)
        return info if isinstance(info, GameInfo) else self.get_game(game_id).info

    def all_games(self) -> list[GameInfo]:
        return [self.game_info(i) for i in self.ids()]

    def rules_markdown(self, game_id: str) -> str:
        """The rules page (Markdown) in the game's package, or '' if the game has none."""
        info = self.game_info(game_id)
        if not info.rules_page:
            return ""
        page = resources.files(self.entry(game_id).engine).joinpath(info.rules_page)
        return page.read_text(encoding="utf-8")

    def with_game(self, entry: Entry) -> Registry:
        """This registry and ``entry`` after its games: what a game from outside the engine
        (the test suite's sample) uses to prove a new game needs nothing else.

        The module is imported now, so a wrong path or an id other than its ``GAME.info.id``
        fails here rather than at the first listing. An id already there raises ValueError.
        """
        if entry.id in self.ids():
            raise ValueError(f"a game with id {entry.id!r} is registered already")
        game = importlib.import_module(entry.engine).GAME
        if not isinstance(game, Game) or game.info.id != entry.id:
            raise ValueError(f"{entry.engine}.GAME is not a game with id {entry.id!r}")
        return Registry((*self.entries, entry))

    @contextmanager
    def active(self) -> Iterator[Registry]:
        """This registry in effect for the ``with`` block (in this context: a thread, or the
        asyncio tasks started inside the block)."""
        token = _ACTIVE.set(self)
        try:
            yield self
        finally:
            _ACTIVE.reset(token)


GAMES = Registry((
    Entry("perpetual-motion", "engine.games.perpetual_motion", "app.tables.perpetual_motion"),
    Entry("machiavelli", "engine.games.machiavelli", "app.tables.machiavelli"),
    Entry("machine", "engine.games.machine", "app.tables.machine"),
    Entry("cube-farm", "engine.games.cube_farm", "app.tables.cube_farm"),
))

_ACTIVE: ContextVar[Registry] = ContextVar("engine.registry", default=GAMES)


def current() -> Registry:
    """The registry in effect: :data:`GAMES`, or the one a ``with registry.active()`` set."""
    return _ACTIVE.get()


def get_game(game_id: str) -> Game[Any, Any, Any, Any]:
    return current().get_game(game_id)


def game_info(game_id: str) -> GameInfo:
    return current().game_info(game_id)


def all_games() -> list[GameInfo]:
    """Every game, in home-screen order."""
    return current().all_games()


def playable_ids() -> list[str]:
    return current().ids()


def rules_markdown(game_id: str) -> str:
    return current().rules_markdown(game_id)
