"""What a seated table shows is one *session*: a game as the person at this device sees and
plays it. A game on this device (the player's, a watched one, the guided one: one
:class:`~app.seated.local.MatchSession` each) and this phone's seat at another phone's
table (the guest's session, :class:`app.net.visiting.Visiting`) answer the same small
:class:`Session`: what is shown (a seat's :class:`~app.board.Seen` and what is drawn around
the board), what may be done (the seat a tap acts from, where its actions go, Undo) and what
is said of it. The core routes a tap and draws through it, and does not ask which kind it
holds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from app.seated.seats import LogLine
from app.seen import Seen
from engine.protocol import Action, View

U = TypeVar("U")  # a board's in-turn UI state
A = TypeVar("A", bound=Action)  # the game's actions
V = TypeVar("V", bound=View)  # what one player sees


@dataclass(frozen=True)
class Around:
    """What is drawn around a session's board: above it (the end, a hand's end, which phones
    are here, what the others did since), under it (Share and New game, or a watched game's
    Stop: ``None``, nothing there), the log, and the page's data for the tests."""

    above: str = ""
    extra: str | None = None
    log: Sequence[LogLine] = ()
    data: Mapping[str, str] = field(default_factory=dict)


class Session(Protocol[U, A, V]):
    """One game on show at a table, as this device's person sees and plays it."""

    def title(self) -> str:
        """The table's title."""

    def instead(self) -> bool:
        """Draw what is shown in place of the table, if anything is (True: it was)."""

    def seen(self) -> Seen[U, A, V] | None:
        """What the board draws (None: nothing yet)."""

    def around(self, seen: Seen[U, A, V]) -> Around: ...

    def turn_words(self) -> str:
        """Who plays now, when the table is to say it after every redraw ("": nothing)."""

    def tapped(self, say: bool) -> Seen[U, A, V] | None:
        """The seat's Seen a tap acts from now, or None when no person here may act (``say``:
        the reason is said)."""

    def act(self, seat: int, actions: Sequence[A], message: str | None,
            refusal: bool) -> None:
        """A tap's actions for ``seat``, and its message."""

    def can_undo(self) -> bool: ...

    def undo(self) -> None: ...
