"""The table core's own taps (``mt-*``): taking the device in pass-and-play, the computers'
Replay, Stop and Resume of a watched game, Play again, Next hand and Undo. Declared as a table
of handlers by action (:meth:`TableTaps.actions`), as a board declares its own.
"""

from __future__ import annotations

from typing import Generic, Protocol

from app.board import A, Board, Handler, S, U, V
from app.seated.computers import ComputerTurns
from app.seated.moves import Mover
from app.seated.moving import Moves
from app.seated.seats import Match, Setup
from app.seen import Undoing
from app.table import Event


class TappedTable(Protocol[U, S, A, V]):
    """What the core's taps use of their table."""

    board: Board[U, S, A, V]
    computers: ComputerTurns[S, A]
    moves: Moves[U, S, A, V]
    match: Match[S] | None
    watching: Match[S] | None
    hand_over: tuple[int, ...] | None

    @property
    def shown(self) -> Match[S] | None: ...


    def save(self) -> None: ...

    def render(self) -> None: ...

    def render_board(self) -> None: ...

    def undo(self) -> None: ...

    def say(self, text: str, kind: str = "info") -> None: ...

    def start(self, setup: Setup, deal: int | None, watch: bool = False,
              daily: str = "") -> None: ...


class TableTaps(Generic[U, S, A, V]):
    """The core's taps at one table."""

    def __init__(self, table: TappedTable[U, S, A, V]) -> None:
        self.t = table

    def actions(self) -> dict[str, Handler]:
        return {
            "mt-take": self.act_mt_take, "mt-replay": self.act_mt_replay,
            "mt-replay-stop": self.act_mt_replay_stop, "mt-stop": self.act_mt_stop,
            "mt-resume": self.act_mt_resume, "mt-again": self.act_mt_again,
            "mt-next-hand": self.act_mt_next_hand, "mt-undo": self.act_mt_undo,
        }

    def act_mt_take(self, _ev: Event | None) -> None:
        m = self.t.match
        if m is None or not m.covered:
            return
        cur = m.current
        m.uncovered = cur
        self.t.save()
        self.t.render()
        self.t.say(f"{m.names()[cur or 0]}, your turn.")

    def act_mt_replay(self, _ev: Event | None) -> None:
        self.t.computers.show_again()

    def act_mt_replay_stop(self, _ev: Event | None) -> None:
        """Stop of a Replay that has already ended: nothing to do."""

    def act_mt_stop(self, _ev: Event | None) -> None:
        if self.t.watching is None:
            return
        self.t.computers.paused = True
        self.t.computers.stop()
        self.t.render_board()
        self.t.say("Stopped. Tap Resume to go on.")

    def act_mt_resume(self, _ev: Event | None) -> None:
        self.t.computers.paused = False
        self.t.render_board()
        self.t.computers.kick()

    def act_mt_again(self, _ev: Event | None) -> None:
        m = self.t.match
        if m is None:
            return
        self.t.start(m.setup_again(), None)  # (a seat a computer took over: a phone again)

    def act_mt_next_hand(self, _ev: Event | None) -> None:
        self.t.hand_over = None
        m = self.t.shown
        if self.t.board.words.next_hand(self.t.match) or m is None:
            return
        self.t.moves.show_move(m, Mover.PERSON)  # the next hand goes on (the computers', maybe)

    def act_mt_undo(self, _ev: Event | None) -> None:
        self.t.board.heard(Undoing())
        self.t.undo()
