"""What a board answers when its game has nothing of its own to say: the neutral answers of
:class:`app.board.Board`, for a board to take and replace where its game differs (the sample
game takes nearly all of them)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Generic, TypeVar

from app.board import Core, Handler
from app.kit import Tap
from app.seated import screens
from app.seated.seats import Match
from app.storage import Record
from engine.protocol import Action

U = TypeVar("U")


class PlainBoard(Generic[U]):
    keys = "Escape"
    actions: Mapping[str, Handler] = {}
    guide_allows: frozenset[str] = frozenset()

    def __init__(self, core: Core[U]) -> None:
        self.t = core

    def dock_html(self, m: Match, seat: int, interactive: bool) -> str:
        return ""

    def key(self, m: Match, seat: int, key: str) -> Tap[U, Any] | None:
        return None

    def describe_turn(self, m: Match, before: Any, actions: Sequence[Any], seat: int) -> str:
        return f"{m.names()[seat]} played."

    def hand_of(self, state: Any) -> int:
        return 1

    def marks(self, before: Any, after: Any) -> frozenset[str]:
        return frozenset()

    def flights(self, m: Match, before: Any, after: Any) -> list[tuple[str, str | None]]:
        return []

    def line(self, m: Match) -> str:
        return f"{len(m.log)} turns played"

    def turn_reset(self) -> None:
        pass

    def refused(self) -> None:
        pass

    def check_hand_over(self, before: Any, m: Match) -> None:
        pass

    def next_hand(self, m: Match | None) -> bool:
        return False

    def hand_over_html(self, m: Match) -> str:
        return ""

    def score_caption(self, m: Match) -> str:
        return "Points"

    def end_html(self, m: Match, record: Record | None, note: str) -> str:
        out = m.outcome
        assert out is not None
        return screens.end_html(m, m.result_text(out),
                                screens.scores_html(m, self.score_caption(m)), record) + note

    def guide_mark(self, expected: list[Any]) -> None:
        pass

    def before_steps(self, m: Match, seat: int, actions: Sequence[Action]) -> None:
        pass

    def after_steps(self, m: Match, seat: int, actions: Sequence[Action]) -> None:
        pass

    def after_render(self) -> None:
        pass

    def undoing(self) -> None:
        pass
