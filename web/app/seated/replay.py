"""A finished seated game again, move by move, from its record's history: the set-up, the
deal and every move it kept (:meth:`app.seated.seats.Match.played`), drawn with the table's
own board through :meth:`app.seated.drawing.TableDrawing.show_state` (as its "Replay" of the
computers' last turn is), seen through :class:`Replaying`."""

from __future__ import annotations

from typing import Generic, TypeVar

from app.board import Replaying
from app.seated.seats import Match, Setup
from app.storage import JSONObject
from engine.protocol import Action

S = TypeVar("S")  # the game's state
A = TypeVar("A", bound=Action)  # its actions


class SeatedReplay(Generic[S, A]):
    def __init__(self, table: Replaying[S, A], entry: JSONObject) -> None:
        kept = entry.get("replay")
        if not isinstance(kept, dict):
            raise ValueError("this game's moves were not kept")
        deal, moves = kept.get("deal"), kept.get("moves")
        if not isinstance(deal, int) or not isinstance(moves, list):
            raise ValueError("this game's deal or moves cannot be read")
        self.table = table
        self.match: Match[S] = Match.new(Setup.from_dict(kept.get("setup")), deal)
        m = self.match
        game = m.game
        self.states = [m.state]
        self.actions: list[A] = []
        self.seats: list[int] = []
        for text in moves:
            state = self.states[-1]
            action = game.parse_action(str(text))
            self.seats.append(game.current_player(state) or 0)
            self.states.append(game.apply(state, action))  # refuses what was not legal
            self.actions.append(action)
        self.steps = len(self.actions)
        if game.outcome(self.states[-1]) is None:
            raise ValueError("its moves do not reach the end of the game")

    def at(self, k: int) -> Match[S]:
        shown = Match(self.match.setup, self.match.deal, self.states[k], k,
                      gid=self.match.gid, moves=None)
        return shown

    def frame(self, title: str) -> str:
        return self.table.frame.html(self.table.game_id, title)

    def draw(self, k: int, head: str, controls: str) -> None:
        t = self.table
        t.show_state(self.match, self.states[k], self.states[max(k - 1, 0)], k, self.steps,
                     head=head, dock_head=controls)
        t.say(self.line(k) if k else "The deal, before the first move.")

    def line(self, k: int) -> str:
        if not 1 <= k <= self.steps:
            return ""
        seat = self.seats[k - 1]
        try:
            return self.table.describe_turn(self.at(k), self.states[k - 1],
                                            [self.actions[k - 1]], seat,
                                            seat == self.match.you)
        except Exception:  # a table's wording of a lone step: the engine's text will do
            return f"{self.match.names()[seat]}: {self.actions[k - 1]}"

    def ending(self) -> str:
        out = self.match.game.outcome(self.states[-1])
        return "" if out is None else self.match.result_text(out)
