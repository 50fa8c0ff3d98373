"""A finished deal again, step by step, drawn with the table's own board: a deal has one legal
action at each step, so its number rebuilds it (:func:`.session.replay_states`)."""

from __future__ import annotations

from app.page import Page
from app.storage import JSONObject
from app.tables.perpetual_motion import view as v
from app.tables.perpetual_motion.session import replay_states
from engine.games.perpetual_motion.rules import GAME, Move, describe_move


class PMReplay:
    def __init__(self, page: Page, entry: JSONObject) -> None:
        kept = entry.get("replay")
        if not isinstance(kept, dict):
            raise ValueError("this deal cannot be replayed")
        self.page = page
        self.states = replay_states(kept)
        self.steps = len(self.states) - 1

    def frame(self, title: str) -> str:
        return v.table_html(title)

    def draw(self, k: int, head: str, controls: str) -> None:
        state = self.states[k]
        ui = v.TableUI(can_share=False)
        self.page.region(v.FRAME.board, head + v.board_html(GAME.view(state, 0),
                                                        GAME.outcome(state), ui))
        self.page.region(v.FRAME.dock, controls)
        self.page.text(v.FRAME.msg, self.line(k) if k else "The deck, before the first deal.",
                       "msg")

    def line(self, k: int) -> str:
        if not 1 <= k <= self.steps:
            return ""
        before = self.states[k - 1]
        action = GAME.legal_actions(before)[0]
        if isinstance(action, Move):
            return describe_move(before, action).capitalize() + "."
        return ("Deal a row of four." if str(action) == "deal" else
                "Gather the stacks for the next round.")

    def ending(self) -> str:
        out = GAME.outcome(self.states[-1])
        return "" if out is None else out.summary
