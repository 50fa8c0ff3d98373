"""What the guests of a table of phones are shown as changed (marks) and flown (flights), worked
out by the host's referee (:class:`app.net.host.Referee`) from the true states: a guest's phone
has only its view, whose hidden cards it can but guess.

A step is marked for every remote seat but the one that made it, whose own step clears its
marks (as a person's tap does on the host), and flown on the others' phones. A watcher is shown
the turn being played: its mover's steps since it began, or the last turn's until the next
mover's first step. Anything but steps forward (an Undo, a game put back) clears the marks; the
same table saved again changes nothing.
"""

from __future__ import annotations

import itertools
from typing import Any, Generic, TypeVar

from app.seated.history import Marker
from app.seated.seats import Match
from engine.errors import EngineError

S = TypeVar("S")

Flight = tuple[str, str | None]  # a card's key, where it flies from (None: where it was)


class News(Generic[S]):
    """The marks and flights of ``match``'s changes for its ``remote`` seats and its watchers
    (none without a ``marker``: the game's Board)."""

    def __init__(self, match: Match[S], remote: tuple[int, ...],
                 marker: Marker[S] | None) -> None:
        self.match = match
        self.remote = remote
        self.marker = marker
        # what each remote seat is shown as changed since it last acted, the flights of the
        # last change on its phone, and the table they were worked out to
        self.marked: dict[int, frozenset[str]] = {}
        self.flights: dict[int, list[Flight]] = {}
        self._last: tuple[S, int] = (match.state, match.actions)
        # what a watcher is shown as changed, and the last change's flights
        self.public_marked: frozenset[str] = frozenset()
        self.public_flights: list[Flight] = []
        self._public_mover: int | None = None

    def record(self) -> None:
        """The marks and flights of the change just made, step by step (the actions it applied,
        applied again from the table before it)."""
        m, marker = self.match, self.marker
        before, actions = self._last
        self._last = (m.state, m.actions)
        if m.state is before:  # saved again, unchanged (a cover lifted, a switch flipped)
            return
        if marker is None or m.actions <= actions:
            self.marked.clear()
            self.public_marked, self._public_mover = frozenset(), None
            return
        for s0, s1 in self._steps(before, m.actions - actions):
            mover = m.game.current_player(s0)
            marks = marker.marks(s0, s1)
            flights = marker.flights(m, s0, s1)
            if mover != self._public_mover:  # a new turn: the last one's marks go
                self.public_marked, self._public_mover = frozenset(), mover
            self.public_marked |= marks
            self.public_flights.extend(flights)
            for seat in self.remote:
                if seat == mover:
                    self.marked[seat] = frozenset()
                else:
                    self.marked[seat] = self.marked.get(seat, frozenset()) | marks
                    self.flights.setdefault(seat, []).extend(flights)

    def flown(self) -> None:
        """The flights were sent: a view sent again (a rejoin) moves nothing."""
        self.flights = {}
        self.public_flights = []

    def _steps(self, before: S, n: int) -> list[tuple[S, S]]:
        """The ``n`` steps from ``before`` to the match's state, from its trail of actions (one
        step from ``before`` to now when the trail does not hold them)."""
        m = self.match
        game: Any = m.game
        trail = m.trail
        states = [before]
        if n <= len(trail):
            try:
                for text in trail[len(trail) - n:-1]:
                    states.append(game.apply(states[-1], game.parse_action(text)))
            except EngineError:
                states = [before]
        states.append(m.state)
        return list(itertools.pairwise(states))
