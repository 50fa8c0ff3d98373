"""What a board is shown and told, as plain values: a seat's :class:`Seen` (its view and the
table's declared facts), how the end is told (:class:`Finale`) and the :data:`News` a board
hears of its table. Apart from :mod:`app.board` so that what draws a seat's view on another
phone (:mod:`app.seated.remote`) needs none of the table's contract.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from app.routes import Route
from app.storage import Record
from engine.protocol import Action, Outcome, View

U = TypeVar("U")  # a board's in-turn UI state
A = TypeVar("A", bound=Action)  # the game's actions
V = TypeVar("V", bound=View)  # what one player sees of a state


@dataclass(frozen=True)
class Seen(Generic[U, A, V]):
    """What a board draws, and answers a tap from, besides its own UI state (the board's to
    keep): the view of the seat it is drawn for and the few facts of the table it is told
    (declared here), never the whole state. A person's seat on one phone, a pass-and-play
    seat, a guest's phone, a replay and a watched game are all drawn from one of these."""

    view: V  # the seat's view (``Game.view``)
    seat: int  # whose view it is: the seat a person acts for
    names: tuple[str, ...]  # the seats' names, in seat order
    interactive: bool = False  # the seat's person may act now
    marked: frozenset[str] = frozenset()  # what the others changed since the seat last acted
    can_undo: bool = False  # Undo has a step of this turn to take back
    hand_over: tuple[int, ...] | None = None  # a hand just ended: its points (the panel)
    gid: str = ""  # the game on the table: a new one starts the board's view afresh
    deal: int = 0  # its deal's number (a Hint's computer thinks with it; a guest's phone: 0)
    watch: bool = False  # a watched game (nobody's hand is the reader's)
    daily: str = ""  # the date of the daily deal the game is ("": none): its Share is its result's
    actions: int = 0  # the game's actions applied (a Hint is for the table it was asked of)
    outcome: Outcome | None = None  # how the game ended, once it has
    switches: Mapping[str, bool] = field(default_factory=dict)  # the board's, of this game
    # the seat's view after ``actions``, if they are legal (None: not known here, a guest's
    # phone: the host decides)
    trial: Callable[[Sequence[A]], V | None] | None = None


@dataclass(frozen=True)
class Finale:
    """How the end of a game is told at this table, besides the view and its outcome."""

    sentence: str  # how it ended, told to this device's reader ("You win with 9 points")
    you: int | None = None  # the seat of this device's one player ("You win!")
    record: Record | None = None  # this device's record of the game (None: not counted here)
    note: str = ""  # the daily deal's note under it
    again: bool = False  # Play again is offered (not for a watched game, nor on a guest's phone)
    more: str = ""  # the end's other controls beside Play again (Share, New game: HTML)
    share: str = ""  # a daily deal's Share result (HTML), first beside Play again
    guided: bool = False  # the guided game's end: only who won and how


# what a board hears of the table, besides what it draws (:meth:`Board.heard`)
@dataclass(frozen=True)
class TurnReset:
    """A new turn starts (or another game is on the table): forget the in-turn selection."""


@dataclass(frozen=True)
class TapRefused:
    """The engine refused the last tap's actions (the core has put the board's UI back)."""


@dataclass(frozen=True)
class Stepping(Generic[A, V]):
    """A person's actions are about to be applied, from ``view`` (the seat's)."""

    seat: int
    view: V
    actions: tuple[A, ...]


@dataclass(frozen=True)
class Stepped(Generic[A, V]):
    """A person's actions were performed (or refused) and the board redrawn: ``view`` now."""

    seat: int
    view: V
    actions: tuple[A, ...]


@dataclass(frozen=True)
class Redrawn:
    """The board was redrawn (the message line cleared): say again what is still true."""


@dataclass(frozen=True)
class Undoing:
    """Undo was tapped: forget what the turn being undone showed."""


@dataclass(frozen=True)
class Left:
    """The player went to ``route``: what the board plays by itself off its screen stops."""

    route: Route


@dataclass(frozen=True)
class GuideMarks(Generic[A]):
    """A guided game's next actions, to mark as the board's Hint marks its own, on ``seen``
    (what the board is about to draw)."""

    expected: tuple[A, ...]
    seen: Seen[Any, Any, Any]


News = TurnReset | TapRefused | Stepping[Any, Any] | Stepped[Any, Any] | Redrawn | Undoing | Left \
    | GuideMarks[Any]
