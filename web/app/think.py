"""What a computer player (or the Hint) thinks: a request in, its answer out, as JSON text at
the worker's edge (:func:`think`) and typed inside (:data:`app.messages.ThinkRequest`).

It runs in the thinking worker (``app/thinker.py``, which ``web/start.js`` starts in a PyScript
worker of its own as it does the app's) so that a long computer turn never freezes the page, and
on the page's thread only when a worker cannot start. Requests:

* :class:`~app.messages.BotTurn` -> the action (its text form) the computer in ``seat``
  chooses. The generator for the choice comes from ``engine.seats`` (seed and action count), so
  a watched game is the command line's game. Computer players keep their memory between turns
  per game id (``gid``), on the :class:`Thinker` that answers (one per worker, one per page
  thinking on its own thread).
* :class:`~app.messages.GameHint` -> the game's own hint for ``player`` (the ``hint`` its
  table package exports, :data:`app.table.Hint`).
* :class:`~app.messages.Advice` -> the action a fresh computer at ``level`` would take for the
  player to move (any game's Hint).
* :class:`~app.messages.Forget` -> ``{}``.

The worker loads the same ``app`` modules as the page (the files of ``pyscript.json``), so
a hint is computed by the same code in both places.
"""

from __future__ import annotations

import json
from typing import Any

from app import tables
from app.messages import (
    Advice,
    BotTurn,
    Forget,
    ThinkRequest,
    encode_chosen,
    read_request,
)
from engine.protocol import Bot
from engine.registry import get_game
from engine.seats import advise, choose, make_bots

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
        """The thinking worker's export: a request's JSON text, its answer's."""
        return self.answer(read_request(request))

    def answer(self, req: ThinkRequest) -> str:
        """The answer to ``req`` as JSON text (read by the sender with ``app.messages``)."""
        if isinstance(req, Forget):
            self.forget(req.gid)
            return "{}"
        game = get_game(req.game)
        if isinstance(req, BotTurn):
            bots = self._bots(game.info.id, req.gid, req.levels)
            return encode_chosen(str(choose(game, game.state_from_dict(req.state),
                                            bots[req.seat], req.seed, req.actions)))
        view = game.view_from_dict(req.view)  # a Hint sees what the player's seat sees
        if isinstance(req, Advice):  # what a computer at ``level`` would do in the player's place
            bot = make_bots(game.info.id, [req.level])[0]
            return encode_chosen(str(advise(game, view, bot, req.seed, req.actions)))
        hint = tables.hint(game.info.id)
        if hint is None:
            raise ValueError(f"{game.info.id} has no hint of its own")
        return json.dumps(hint(game, view, req.player))
