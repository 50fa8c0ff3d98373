"""The registry of games: stable ids, metadata, and the rules object of each built game.

The app builds its home screen from :func:`all_games`; the command line dispatches on the id.
A game not yet built is listed with ``available=False`` ("coming soon") so that the home screen
always shows all four. Listing games reads each package's ``INFO`` only (its rules are imported
when ``GAME`` is first asked for: :func:`engine.games.on_demand`), so the app starts without
any game's rules.
"""

from __future__ import annotations

import importlib
from importlib import resources
from typing import Any

from engine.errors import EngineError
from engine.protocol import Game, GameInfo

# id -> module that defines ``GAME`` (a Game instance), optionally ``INFO`` (its GameInfo,
# without importing the rules) and ``cli_main(argv)``.
_MODULES: dict[str, str] = {
    "perpetual-motion": "engine.games.perpetual_motion",
    "machiavelli": "engine.games.machiavelli",
    "machine": "engine.games.machine",
    "cube-farm": "engine.games.cube_farm",
}

# Metadata of games whose engines are not built yet ("coming soon"), in home-screen order.
# Empty today; the app still says "coming soon" for games that have no table screen yet.
_COMING_SOON: dict[str, GameInfo] = {}

ORDER = ("perpetual-motion", "machiavelli", "machine", "cube-farm")


class UnknownGame(EngineError, KeyError):
    """No game has that id."""

    def __str__(self) -> str:
        return str(self.args[0])


def register(game_id: str, module: str) -> None:
    """Add a game from outside the engine (a module defining ``GAME``), listed after the
    engine's own: what a test-only sample game uses to prove a new game needs nothing else.

    The module is imported now, so a wrong path or an id other than its ``GAME.info.id``
    fails here rather than at the first listing. An id already registered raises ValueError.
    """
    if game_id in _MODULES:
        raise ValueError(f"a game with id {game_id!r} is registered already")
    game = importlib.import_module(module).GAME
    if not isinstance(game, Game) or game.info.id != game_id:
        raise ValueError(f"{module}.GAME is not a game with id {game_id!r}")
    _MODULES[game_id] = module


def unregister(game_id: str) -> None:
    """Remove a game added with :func:`register` (the engine's own games stay)."""
    if game_id in ORDER:
        raise ValueError(f"{game_id!r} is one of the engine's own games")
    if _MODULES.pop(game_id, None) is None:
        raise UnknownGame(f"no registered game with id {game_id!r}")


def _module(game_id: str) -> Any:
    return importlib.import_module(_MODULES[game_id])


def get_game(game_id: str) -> Game[Any, Any, Any, Any]:
    """The rules object of a built game; UnknownGame for anything else."""
    if game_id not in _MODULES:
        known = ", ".join(_MODULES)
        raise UnknownGame(f"no playable game with id {game_id!r} (playable: {known})")
    game: Game[Any, Any, Any, Any] = _module(game_id).GAME
    return game


def game_info(game_id: str) -> GameInfo:
    """A game's metadata: its package's ``INFO`` (no rules imported), else its rules'."""
    if game_id in _MODULES:
        info = getattr(_module(game_id), "INFO", None)
        return info if isinstance(info, GameInfo) else get_game(game_id).info
    if game_id in _COMING_SOON:
        return _COMING_SOON[game_id]
    raise UnknownGame(f"no game with id {game_id!r}")


def all_games() -> list[GameInfo]:
    """Every game, built or coming soon, in home-screen order."""
    ids = list(ORDER) + [i for i in _MODULES if i not in ORDER]
    return [game_info(i) for i in ids]


def playable_ids() -> list[str]:
    return [i for i in ORDER if i in _MODULES] + [i for i in _MODULES if i not in ORDER]


def cli_entry(game_id: str) -> Any:
    """The game's ``cli_main(argv) -> int`` function, if it has one."""
    return getattr(_module(game_id), "cli_main", None)


def rules_markdown(game_id: str) -> str:
    """The rules page (Markdown) shipped with the engine, or '' if the game has none yet."""
    info = game_info(game_id)
    if not info.rules_page:
        return ""
    page = resources.files("engine.rules").joinpath(info.rules_page)
    if not page.is_file():  # a game registered from outside keeps its page beside its rules
        page = resources.files(_MODULES[game_id]).joinpath(info.rules_page)
    return page.read_text(encoding="utf-8")
