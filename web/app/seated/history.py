"""The history of a game at the table: its turns and their log lines, read from the game's
action log alone.

A :class:`Match` keeps the state its actions apply from (``start``: the deal, as
:func:`engine.seats.deal_seeded` makes it) and every action applied since (``trail``). The
turns are cut from that log, and each turn is told by the game's board from the state it
started in, the actions taken and the state they led to. Nothing the table holds in memory
(the undo points of a turn, which tab applied what, whether the page was reloaded between two
taps) takes part, so the same log always tells the same history: after a reload mid-turn, an
import, or another tab's save.

A turn is one seat's run of actions; it ends when another seat is to play, when the game ends,
or where the board says a turn ends although the same seat plays on (the end of a hand, the end
of a set-up round: :meth:`Teller.closes_turn`).

Each line is told for a reader: the seat it is read by is "you" in it ("You laid 6♠ 6♥ 6♣",
"you win"), every other seat its name, so the line on a pass-and-play cover speaks to the person
it is for.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from app.seated.seats import LogLine, Match
from engine.protocol import Action, Game

S = TypeVar("S")  # the game's state
A = TypeVar("A", bound=Action)  # its actions
A_contra = TypeVar("A_contra", bound=Action, contravariant=True)


class Teller(Protocol[S, A_contra]):
    """What the history asks of a game's board: how a turn is told, which hand a state is in,
    and where a turn ends although its seat plays on."""

    def describe_turn(self, m: Match[S], before: S, actions: Sequence[A_contra], seat: int,
                      you: bool = False) -> str: ...

    def hand_of(self, state: S) -> int: ...

    def closes_turn(self, before: S, after: S) -> bool: ...


class Marker(Protocol[S]):
    """What a change marks on a board, and the cards it sends flying."""

    def marks(self, before: S, after: S) -> frozenset[str]: ...

    def flights(self, m: Match[S], before: S, after: S) -> list[tuple[str, str | None]]:
        """The cards a step moved: (``data-card`` key, where from, None: where it was)."""


@dataclass
class Turn(Generic[S, A]):
    """One seat's run of actions: from ``start`` (after ``first`` actions of the trail) through
    ``actions`` to ``end``; ``closed`` once the run is over."""

    seat: int
    first: int
    start: S
    actions: list[A]
    end: S
    closed: bool
    # its text, told as its seat reads it (True) and as the others do (False)
    told: dict[bool, str] = field(default_factory=dict)


class History(Generic[S, A]):
    """The turns of the game on a table, kept in step with its match's action log: each query
    compares the log with the actions read so far and reads on from where they agree (only the
    actions a tap, a computer's turn or an Undo changed are read again)."""

    def __init__(self, game: Game[Any, S, A, Any], teller: Teller[S, A]) -> None:
        self.game = game
        self.teller = teller
        self.key: tuple[str, int] | None = None  # the match read: its gid and its start
        self.read: list[str] = []  # the actions read so far
        self.turns: list[Turn[S, A]] = []

    def turns_of(self, m: Match[S]) -> list[Turn[S, A]]:
        """The turns of ``m``'s trail (the last one open while its seat plays on)."""
        start = m.start
        if start is None:
            return []
        key = (m.gid, id(start))
        trail = m.trail
        if key != self.key:
            self.key, self.read, self.turns = key, [], []
        k = agree(self.read, trail)
        if k < len(self.read):
            self.cut(k)
        for text in trail[k:]:
            self.step(start, self.game.parse_action(text))
            self.read.append(text)
        return self.turns

    def cut(self, k: int) -> None:
        """Forget the actions read after the first ``k`` (an Undo, or another game's log):
        the turn they cut into is read again up to them."""
        while self.turns and self.turns[-1].first >= k:
            self.turns.pop()
        if not self.turns or self.turns[-1].first + len(self.turns[-1].actions) <= k:
            del self.read[k:]
            return
        last = self.turns.pop()
        texts = self.read[last.first:k]
        del self.read[last.first:]
        for a, text in zip(last.actions, texts, strict=False):
            self.step(last.start, a)
            self.read.append(text)

    def step(self, start: S, action: A) -> None:
        last = self.turns[-1] if self.turns else None
        before = last.end if last is not None else start
        seat = self.game.current_player(before)
        seat = 0 if seat is None else seat
        after = self.game.apply(before, action)
        if last is None or last.closed or last.seat != seat:
            last = Turn(seat, len(self.read), before, [], before, False)
            self.turns.append(last)
        last.actions.append(action)
        last.end = after
        last.told.clear()
        last.closed = self.ends(seat, before, after)

    def ends(self, seat: int, before: S, after: S) -> bool:
        """The action from ``before`` to ``after`` ends ``seat``'s turn."""
        return (self.game.current_player(after) != seat or self.game.outcome(after) is not None
                or self.teller.closes_turn(before, after))

    def closed(self, m: Match[S]) -> bool:
        """``m``'s last action ended a turn (True too before the first action)."""
        turns = self.turns_of(m)
        return not turns or turns[-1].closed

    def told(self, m: Match[S], turn: Turn[S, A], you: bool) -> str:
        text = turn.told.get(you)
        if text is None:
            at = copy.copy(m)
            at.state = turn.end
            text = self.teller.describe_turn(at, turn.start, turn.actions, turn.seat, you)
            turn.told[you] = text
        return text

    def retell(self, m: Match[S]) -> bool:
        """``m``'s log read again from its action log, kept in it as its save writes it; True
        when its last action ended a turn."""
        m.log = self.lines(m, m.you)
        return self.closed(m)

    def lines(self, m: Match[S], reader: int | None = None) -> list[LogLine]:
        """The log of ``m``, a line per finished turn, told for ``reader`` (the seat that is
        "you" in them; None: nobody): the lines a save kept of the turns before its trail,
        then those read from the trail."""
        out = list(m.kept)
        for t in self.turns_of(m):
            if t.closed:
                out.append(LogLine(t.seat, self.told(m, t, t.seat == reader),
                                   self.teller.hand_of(t.end)))
        return out

    def since(self, m: Match[S], seat: int, reader: int | None = None) -> list[LogLine]:
        """What the others did since ``seat``'s last turn: the lines after its last line
        (every line, before its first turn)."""
        lines = self.lines(m, seat if reader is None else reader)
        mine = [i for i, ln in enumerate(lines) if ln.seat == seat]
        return lines[mine[-1] + 1:] if mine else lines


def agree(read: Sequence[str], trail: Sequence[str]) -> int:
    """How many actions the two logs share from their start."""
    n = min(len(read), len(trail))
    if n and read[n - 1] == trail[n - 1] and read[:n] == trail[:n]:
        return n
    k = 0
    while k < n and read[k] == trail[k]:
        k += 1
    return k
