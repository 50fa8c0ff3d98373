"""Every move at a table takes one path (:meth:`Moves.advance`), and every Undo another
(:meth:`Moves.take_back`), whoever made it: a person here, a guest on another phone, a
computer, the guide or a board's own step (:class:`~app.seated.moves.Mover`). The table's
listeners (a table of phones' host) hear of each once.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any, Generic, Protocol

from app.board import A, Board, S, U, V
from app.core.guiding import Guiding
from app.page import Page
from app.seated.computers import ComputerTurns
from app.seated.history import History
from app.seated.moves import Change, Mover, UndoStep
from app.seated.public import TurnMarks, is_the_table
from app.seated.seats import Match
from app.seen import Stepped, Stepping, TurnReset
from app.table import Host
from engine.errors import IllegalAction
from engine.protocol import Game


class Said(Protocol):
    """The table's message line, as a move says what came of it."""

    def say(self, text: str, kind: str = "info") -> None: ...


class MovingTable(Protocol[U, S, A, V]):
    """What moves use of their table (the core)."""

    game_id: str
    game: Game[Any, S, A, V]
    app: Host
    board: Board[U, S, A, V]
    guiding: Guiding
    computers: ComputerTurns[S, A]
    page: Page
    marked: frozenset[str]
    match: Match[S] | None
    hand_over: tuple[int, ...] | None
    history: History[S, A]

    @property
    def shown(self) -> Match[S] | None: ...

    @property
    def drawing(self) -> Said: ...

    def refused(self) -> None: ...

    def render(self) -> None: ...

    def render_board(self) -> None: ...

    def save(self) -> None: ...


class Moves(Generic[U, S, A, V]):
    """The moves and the Undo of one table."""

    def __init__(self, table: MovingTable[U, S, A, V]) -> None:
        self.t = table
        # the steps of the turn in progress, for Undo: a person's here, a guest's (its Undo
        # is the host's take-back) or a guided game's
        self.undo: list[UndoStep[S]] = []
        # who hears of every move and Undo, once each (a table of phones' host)
        self.listeners: list[Callable[[Match[S], Change[S]], None]] = []
        self.turn_marks: TurnMarks[S] = TurnMarks()  # the table on a big screen's marks

    def perform(self, m: Match[S], seat: int, actions: Sequence[A], message: str | None,
                refusal: bool, undoable: bool = True) -> None:
        """A person's steps: all-or-nothing; a refusal leaves the game as it was (and so
        does, in a guided game, anything but what the step asks for). The board hears of them
        before and after, whatever came of them. ``undoable`` False: Undo cannot take them
        back, nor anything before them (a new hand dealt)."""
        self.t.board.heard(Stepping(seat, self.t.game.view(m.state, seat), tuple(actions)))
        self.apply_steps(m, seat, actions, message, refusal, undoable)
        self.t.board.heard(Stepped(seat, self.t.game.view(m.state, seat), tuple(actions)))

    def apply_steps(self, m: Match[S], seat: int, actions: Sequence[A], message: str | None,
                    refusal: bool, undoable: bool = True) -> None:
        if actions:
            problem = self.t.guiding.refuses(actions)
            try:
                if problem is not None:
                    raise IllegalAction(problem)
                self.advance(m, seat, actions, Mover.PERSON, undoable=undoable)
            except IllegalAction as e:
                self.t.refused()
                self.t.render_board()
                self.t.drawing.say(problem or f"Not allowed: {e.reason}.", "refusal")
                return
        else:
            self.t.render_board()
        if message:
            self.t.drawing.say(message, "refusal" if refusal else "info")

    def advance(self, m: Match[S], seat: int | None, actions: Sequence[A], mover: Mover,
                draw: bool = True, after: S | None = None, undoable: bool = True) -> None:
        """The one path of every move, whoever made it (``mover``): apply ``actions`` all or
        none (IllegalAction leaves ``m`` as it was), then, in this order, the marks, Undo's
        steps, the sound, a hand's end, the save, the listeners (a table of phones' guests),
        the redraw (unless ``draw`` is False: the mover draws, a board's own step moving) and
        the computers' next turn. ``after``: the state ``actions`` lead to, when the mover
        worked it out (:meth:`Match.apply_all`)."""
        before, count = m.state, m.actions
        m.apply_all(actions, after, trail=mover is not Mover.BOARD)
        human = seat is not None and m.setup.seats[seat].human
        if mover is Mover.COMPUTER:
            since = self.t.computers.since
            if not since:
                since.append(before)
            since.append(m.state)
            self.t.marked = self.t.board.marker.marks(since[0], m.state)
        else:
            self.t.marked = (frozenset() if human or mover is Mover.BOARD
                           else self.t.board.marker.marks(before, m.state))
        if is_the_table(m):  # nobody here: the turn being played is marked
            self.t.marked = self.turn_marks.after(m, before, count, self.t.board.marker)
        if mover is Mover.PERSON:
            self.t.guiding.noted(actions)
            self.t.computers.person_acted()
        if not undoable:
            self.undo = []
        elif seat is not None and mover in (Mover.PERSON, Mover.GUEST, Mover.GUIDE):
            if self.undo and self.undo[-1].seat != seat:
                self.undo = []
            self.undo.append(UndoStep(seat, before, count))
        # the log, told again from the game's actions (a board's own steps are the game's
        # forced moves, with no log line)
        ended = mover is not Mover.BOARD and self.t.history.retell(m)
        if ended and m.log and (m.watch or mover in (Mover.COMPUTER, Mover.GUEST)):
            self.t.page.announce(m.log[-1].text)  # another seat's whole turn, in one sentence
        if ended:
            self.undo = []
            if mover in (Mover.PERSON, Mover.GUEST):
                self.t.board.heard(TurnReset())
        if mover is not Mover.GUIDE:
            points = self.t.board.words.hand_over(before, m)
            if points is not None:  # the table pauses at the hand-over panel
                self.t.hand_over = points
        if m.over:
            if mover is not Mover.GUIDE:
                self.cue_end(m)
        elif mover is Mover.PERSON or mover is Mover.GUEST:
            self.t.app.cue("placed")
        elif mover is Mover.COMPUTER:
            self.t.computers.stepped(m)  # its sound, and whether its run goes on
        if not m.watch:
            self.t.save()
        self.tell(m, Change(mover, seat, m.actions))
        if draw and self.showing(m):
            self.show_move(m, mover)

    def tell(self, m: Match[S], change: Change[S]) -> None:
        for listener in self.listeners:
            listener(m, change)

    def show_move(self, m: Match[S], mover: Mover) -> None:
        """The table after a move: its board (or, in pass-and-play, the next person's cover),
        the end's outcome for the tests; then the computers' turn if one is to play."""
        if m.covered:
            self.t.render()
            return
        if mover is not Mover.COMPUTER or self.t.computers.drawing(m):
            self.t.render_board()
        if m.over:
            out = m.outcome
            assert out is not None
            self.t.page.data("outcome", json.dumps(out.to_dict()))
            if self.t.guiding.run is None:  # (a guided game's end: its bar's way on)
                self.t.page.focus("end-title")  # the end, in view, where the keys go on from
        if mover is not Mover.COMPUTER:
            self.t.computers.kick()

    def guest_step(self, seat: int, actions: Sequence[A]) -> None:
        """A guest's actions (checked by the host): applied as a tap's, all or none
        (IllegalAction leaves the game as it was), logged, saved and drawn."""
        m = self.t.match
        if m is None:
            raise IllegalAction("there is no game on the table")
        self.advance(m, seat, actions, Mover.GUEST)

    @property
    def undoable(self) -> bool:
        """Undo has a step of this turn to take back."""
        return bool(self.undo)

    def guest_can_take_back(self, seat: int) -> bool:
        return bool(self.undo) and self.undo[-1].seat == seat

    def guest_take_back(self, seat: int) -> None:
        """A guest's Undo (its seat to play, checked by the host): back to the state before
        its last step of this turn; IllegalAction when there is none."""
        m = self.t.match
        if m is None or not self.guest_can_take_back(seat):
            raise IllegalAction("nothing to undo in this turn")
        self.take_back(m, Mover.GUEST)

    def take_back(self, m: Match[S], mover: Mover) -> None:
        """The one Undo: the last step of the turn in progress taken back, saved, told and
        drawn."""
        step = self.undo.pop()
        m.rewind(step.state, step.actions)
        self.t.history.retell(m)
        self.t.save()
        self.tell(m, Change(mover, step.seat, m.actions, undo=True))
        if self.showing(m):
            self.t.render_board()

    def showing(self, m: Match[S]) -> bool:
        """``m`` is on show: its table (played, guided, watched or a guest's) is the screen."""
        r = self.t.app.route
        return (self.t.shown is m and r.game == self.t.game_id
                and r.screen in ("table", "learn", "watch"))

    def undo_turn(self) -> None:
        """Back to the state before the person's last step of this turn."""
        m = self.t.match
        if m is None or not self.undo or self.t.computers.runner is not None:
            self.t.drawing.say("Nothing to undo in this turn.", "refusal")
            return
        self.take_back(m, Mover.PERSON)
        self.t.drawing.say("Undone.")

    def cue_end(self, m: Match[S]) -> None:
        """A game just ended at this table: won when a person at it won (not when watched);
        its result is said."""
        out = m.outcome
        if out is None:
            return
        self.t.page.announce(m.result_text(out), last=True)
        if not m.watch:
            self.t.app.cue("won" if any(m.setup.seats[w].here for w in out.winners) else "lost")
