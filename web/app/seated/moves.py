"""Who moves, and what one move tells the table's listeners.

Every move at a table takes one path, :meth:`app.seated.table.SeatedTable.advance`: apply,
marks, undo, sounds, hand-over, save, the listeners, redraw and the computers' next turn, in
that order, whoever made it. A person's tap, a guest's step from another phone, a computer's
step, a guide's step and a board's own animated step differ only by their :class:`Mover`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Generic, TypeVar

S = TypeVar("S")  # the game's state


class Mover(StrEnum):
    """Who made a move."""

    PERSON = "person"  # a tap or a key on this device
    GUEST = "guest"  # a person on another phone, checked by this phone's host
    COMPUTER = "computer"  # a computer's step, thought out in the thinking worker
    GUIDE = "guide"  # a guided game's step, played by the guide (Next, Skip)
    BOARD = "board"  # a board's own step, shown moving (a solitaire's deal, play to the end)


@dataclass(frozen=True)
class Change(Generic[S]):
    """One move or one Undo, as the table's listeners hear of it, once (a table of phones'
    host sends each guest its view)."""

    mover: Mover
    seat: int | None  # the seat that moved (None: a game's own step, with nobody to move)
    actions: int  # the game's actions applied, after it
    undo: bool = False  # a step taken back, not a step forward


@dataclass(frozen=True)
class UndoStep(Generic[S]):
    """A step of the turn in progress that Undo takes back: the seat that made it and the game
    before it."""

    seat: int
    state: S
    actions: int
