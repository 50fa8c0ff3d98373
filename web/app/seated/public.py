"""The table itself on a big screen (issue 46, item 5): a game with phone seats and nobody
playing on this device is shown as the table, from the game's public view only
(``Game.public_view``: every seat's count, the melds, no card of any hand), although this device
holds the true state (it is the referee). Its marks are the turn being played: the mover's steps
since its turn began (or the last turn's, until the next mover's first step).
"""

from __future__ import annotations

from typing import Generic, TypeVar

from app.seated.history import Marker
from app.seated.seats import Match

S = TypeVar("S")


def is_the_table(m: Match[S]) -> bool:
    """``m`` is shown as the table: it has phone seats and no seat is played on this device
    (every seat is a phone or a computer)."""
    return bool(m.setup.phones) and not m.setup.here and not m.watch


class TurnMarks(Generic[S]):
    """What the table marks as changed: the steps of the turn being played."""

    def __init__(self) -> None:
        self.start: S | None = None  # the state the mover's turn began at
        self.mover: int | None = None
        self.gid = ""
        self.actions = -1

    def after(self, m: Match[S], before: S, count: int, marker: Marker[S]) -> frozenset[str]:
        """The marks once ``m`` went from ``before`` (``count`` actions) to its state now."""
        mover = m.game.current_player(before)
        if (self.start is None or mover != self.mover or m.gid != self.gid
                or count != self.actions):  # a new turn, another game, or an Undo
            self.start, self.mover, self.gid = before, mover, m.gid
        self.actions = m.actions
        return marker.marks(self.start, m.state)
