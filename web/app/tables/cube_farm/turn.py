"""The turn's UI state on the Cube Farm table (the card picked, its turn and previewed place, the
hint, the cubicle whose walks are shown, the scoring step), shared by its taps and drawing."""

from __future__ import annotations

from dataclasses import dataclass

from app.kit import Tap
from engine.games.cube_farm.rules import CFAction

Pos = tuple[int, int]


@dataclass(frozen=True)
class CFTurnUI:
    card: str | None = None  # the hand card picked to lay
    rot: int = 0
    at: Pos | None = None  # the previewed anchor (legal for card and rot)
    hint: str | None = None  # the Strong computer's advice, as action text
    show: Pos | None = None  # a claimed cubicle whose walks are drawn
    step: int = 0  # the scoring walks at a hand's end: player index; == players: totals

    def cleared(self) -> CFTurnUI:
        return CFTurnUI(step=self.step)


TurnTap = Tap[CFTurnUI, CFAction]  # a tap's answer on this board
