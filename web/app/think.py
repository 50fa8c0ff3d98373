"""What a computer player (or the Hint) thinks: plain JSON in, plain JSON out.

It runs in the thinking worker (``think.js``, its own Pyodide) so that a long computer turn
never freezes the page, and on the page's thread only when a worker cannot start. Requests:

* ``{"kind": "bot", "game", "gid", "levels", "seat", "seed", "actions", "state"}`` -> the
  action (its text form) the computer in ``seat`` chooses. The generator for the choice comes
  from ``engine.seats`` (seed and action count), so a watched game is the command line's game.
  Computer players keep their memory between turns per game id (``gid``), on the
  :class:`Thinker` that answers (one per worker, one per page thinking on its own thread).
* ``{"kind": "hint", "game", "state", "player"}`` -> the game's own hint for ``player``
  (the ``hint`` its table package exports, :data:`app.table.Hint`).
* ``{"kind": "advice", "game", "state", "level", "seed", "actions"}`` -> the action a fresh
  computer at ``level`` would take for the player to move (any game's Hint).

The worker loads the same ``app`` modules as the page (the files of ``pyscript.json``), so
a hint is computed by the same code in both places.
"""

from __future__ import annotations

import json
from typing import Any

from app import tables
from engine.protocol import Bot
from engine.registry import get_game
from engine.seats import choose, make_bots

_KEEP = 8  # games whose computer players are remembered


class Thinker:
    """Answers think requests, remembering the computer players of the last few games."""

    def __init__(self) -> None:
        self.bots: dict[tuple[str, str, tuple[str, ...]], list[Bot[Any, Any]]] = {}

    def _bots(self, game_id: str, gid: str, levels: tuple[str, ...]) -> list[Bot[Any, Any]]:
        key = (game_id, gid, levels)
        if key not in self.bots:
            while len(self.bots) >= _KEEP:
                self.bots.pop(next(iter(self.bots)))
            # people's seats get a stand-in that never plays (a seat index stays a seat index)
            first = get_game(game_id).info.bot_levels[0]
            self.bots[key] = make_bots(game_id, [lv or first for lv in levels])
        return self.bots[key]

    def forget(self, gid: str) -> None:
        """A new game (or a restored one) starts its computer players afresh."""
        for key in [k for k in self.bots if k[1] == gid]:
            self.bots.pop(key, None)

    def think(self, request: str) -> str:
        req = json.loads(request)
        kind = req["kind"]
        if kind == "forget":
            self.forget(str(req["gid"]))
            return "{}"
        game = get_game(str(req["game"]))
        state = game.state_from_dict(req["state"])
        if kind == "bot":
            levels = tuple(str(x) for x in req["levels"])
            bots = self._bots(game.info.id, str(req["gid"]), levels)
            action = choose(game, state, bots[int(req["seat"])], int(req["seed"]),
                            int(req["actions"]))
            return json.dumps({"action": str(action)})
        if kind == "advice":  # what a computer at ``level`` would do in the player's place
            bot = make_bots(game.info.id, [str(req.get("level", "strong"))])[0]
            action = choose(game, state, bot, int(req.get("seed", 0)),
                            int(req.get("actions", 0)))
            return json.dumps({"action": str(action)})
        if kind == "hint":
            hint = tables.hint(game.info.id)
            if hint is None:
                raise ValueError(f"{game.info.id} has no hint of its own")
            return json.dumps(hint(game, state, int(req["player"])))
        raise ValueError(f"unknown request {kind!r}")
