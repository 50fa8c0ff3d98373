"""The guided first game at a seated table (:mod:`app.guide`): dealt from the guide's start in
memory only, never saved nor counted, its computers playing only what the guide plays for them;
the guide's own buttons, and the taps a guided game sets aside (:class:`app.core.guiding.Guiding`
owns the flow every game's guide shares).
"""

from __future__ import annotations

from typing import Generic, Protocol

from app.board import A, Board, Frame, Handler, S, U, V
from app.core.guiding import Guiding
from app.guide import GuideRun
from app.page import Page
from app.seated.computers import ComputerTurns
from app.seated.moves import Mover
from app.seated.moving import Moves
from app.seated.seats import Match, setup_from_query
from app.seen import TurnReset
from app.table import Event


class GuidedTable(Protocol[U, S, A, V]):
    """What a guided game uses of its table (the core)."""

    game_id: str
    page: Page
    frame: Frame
    board: Board[U, S, A, V]
    guiding: Guiding
    computers: ComputerTurns[S, A]
    moves: Moves[U, S, A, V]
    actions: dict[str, Handler]
    guided: Match[S] | None
    watching: Match[S] | None

    @property
    def run(self) -> GuideRun[S, A] | None: ...

    def fresh_turn(self) -> None: ...

    def render(self) -> None: ...

    def render_board(self) -> None: ...

    def load(self) -> str | None: ...


class GuidedGame(Generic[U, S, A, V]):
    """A table's guided game (``table.guided`` while it is played)."""

    def __init__(self, table: GuidedTable[U, S, A, V]) -> None:
        self.t = table

    @property
    def board(self) -> Board[U, S, A, V]:
        return self.t.board

    def start_guide(self) -> None:
        """The guided game, in memory only: the player's game stays as its save has it, and
        the computers play only what the guide plays for them."""
        guide = self.t.guiding.begin()
        if guide is None:
            return
        self.t.computers.stop()
        self.t.computers.paused = True
        self.t.watching = None
        m = Match(setup_from_query(self.t.game_id, guide.query, 0), 0, guide.start)
        m.switches = self.t.board.switches(None, guided=True)
        m.uncovered = 0
        self.t.guided = m
        self.t.fresh_turn()
        self.t.render()

    def end_guide(self) -> None:
        """Back from a guided game: the player's own game, read again from its save."""
        if not self.t.guiding.end():
            return
        self.t.guided = None
        self.t.computers.paused = False
        self.t.fresh_turn()
        self.t.load()

    def show_guide(self) -> None:
        """The guide's bar, and the step's text in the message line."""
        if self.t.guiding.run is None:
            return
        if self.t.frame.extra:
            self.t.page.region(self.t.frame.extra, "")  # no Share nor New game of a guided game
        self.t.guiding.show()

    def guide_play(self, actions: list[A]) -> None:
        """A computer's turn of the guided game, or a skipped step: played as the guide says
        (drawn once the step is done: :meth:`guide_stepped`)."""
        m = self.t.guided
        if m is None:
            return
        self.t.moves.advance(m, m.current, actions, Mover.GUIDE, draw=False)
        self.t.board.heard(TurnReset())

    def guide_click(self, ev: Event) -> bool:
        """A tap during a guided game: the guide's own buttons (waiting while the board's
        step still moves); the table's other actions (Undo, Hint, New game…) are set aside.
        True: a tap on the board, to be checked."""
        if self.t.guiding.run is not None and self.t.board.moving and ev.action in ("guide-next",
                                                                        "guide-skip"):
            return False
        allows = self.t.board.taps.guide_allows
        return not self.t.guiding.click(
            ev.action, self, lambda a: a not in self.t.actions or a in allows,
            self.t.frame.guide_focus or self.t.frame.msg)

    def guide_stepped(self, focus: str) -> None:
        self.t.render_board()
        self.t.page.focus(focus)
