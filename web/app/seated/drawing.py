"""What a seated table draws: its board and dock from the seat's :class:`~app.board.Seen`
(the view and the table's facts), the end and a hand's end, the log, what the others did since
the person's last turn, a replay's step and the statistics. The table (the core) decides what
is shown; this draws it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, Protocol

from app import daily, stats
from app.board import A, Board, Frame, GuideMarks, Redrawn, S, Seen, U, V
from app.core.guiding import Guiding
from app.core.keeping import Keeping
from app.page import Page
from app.seated import screens
from app.seated.computers import ComputerTurns
from app.seated.history import History
from app.seated.moving import Moves
from app.seated.remote import Hosted, Visit
from app.seated.seats import Match
from app.stats import GameRecord
from app.storage import TabStore
from engine.errors import IllegalAction
from engine.protocol import Game, GameInfo


class GuideShown(Protocol):
    def show_guide(self) -> None:
        """The guide's bar and the step's text, said again after every redraw."""


class DrawnTable(Protocol[U, S, A, V]):
    """What drawing uses of its table (the core)."""

    game_id: str
    game: Game[Any, S, A, V]
    info: GameInfo
    name: str
    scores: str
    page: Page
    store: TabStore
    frame: Frame
    board: Board[U, S, A, V]
    keeping: Keeping[Match[S]]
    computers: ComputerTurns[S, A]
    history: History[S, A]
    phones: Hosted[S]
    visiting: Visit[S, A]
    moves: Moves[U, S, A, V]
    guiding: Guiding
    match: Match[S] | None
    guided: Match[S] | None
    hand_over: tuple[int, ...] | None
    marked: frozenset[str]



    @property
    def guide(self) -> GuideShown: ...


class TableDrawing(Generic[U, S, A, V]):
    """One seated table's drawing."""

    def __init__(self, table: DrawnTable[U, S, A, V]) -> None:
        self.t = table
        self.game_id = table.game_id
        self.frame = table.frame  # (a replay draws in the board's frame)

    def say(self, text: str, kind: str = "info") -> None:
        """The table's message line."""
        self.t.page.text(self.t.frame.msg, text, f"msg {kind}")

    def describe_turn(self, m: Match[S], before: S, actions: Sequence[A], seat: int,
                      you: bool = False) -> str:
        return self.t.board.words.describe_turn(m, before, actions, seat, you)

    def title(self, m: Match[S] | None) -> str:
        """The title of the table showing ``m``."""
        if self.t.guiding.run is not None:
            return f"Guided: {self.t.info.name}"
        if m is None:
            return self.t.info.name
        if self.t.visiting.mine(m):  # the deal is the host's to know and to share
            return self.t.info.name
        return f"{self.t.info.name}, deal {m.deal}" + (" (watching)" if m.watch else "")

    def render_board(self, m: Match[S] | None) -> None:
        """The board and the dock of ``m``, the game shown; then the board says again what is
        still true."""
        self.draw_board(m)
        self.t.board.heard(Redrawn())
        words = "" if m is None else self.turn_words(m)
        if words:
            self.say(words)

    def turn_words(self, m: Match[S]) -> str:
        """Who plays now, at a table of phones ("": not such a table, or nothing to say)."""
        if self.t.visiting.mine(m):
            return self.t.visiting.words(m)
        return self.t.phones.waiting_words(m) if m is self.t.match else ""

    def draw_board(self, m: Match[S] | None) -> None:
        if m is None or m.covered:
            return
        run = self.t.guiding.run
        if run is not None:
            self.t.board.heard(GuideMarks(tuple(run.expected())))
        seat = m.viewer
        interactive = self.interactive(m)
        board, dock = self.t.board.draw(self.seen(m, seat, interactive))
        if m.over:
            html = self.end_html(m) + board
        elif self.t.hand_over is not None:
            html = self.t.board.words.hand_over_html(m) + board
        else:
            html = (self.t.phones.strip_html(m) if m is self.t.match else "") + (
                self.since_html(m, seat, interactive) + board)
        frame = self.t.frame
        self.t.page.region(frame.board, html)
        self.t.page.region(frame.dock, dock)
        if frame.extra:  # (nothing of it on a guest's phone: Share and New game are the host's)
            self.t.page.region(frame.extra, "" if m.remote else screens.extra_html(
                m, self.t.info.name, self.t.computers.paused))
        if frame.log:
            self.t.page.region(frame.log, screens.log_html(
                self.t.visiting.lines() if self.t.visiting.mine(m)
                else self.t.history.lines(m, self.reader(m))))
        self.t.page.data("actions", str(m.actions))
        if self.t.visiting.mine(m):  # the host's view shown (tests and figures wait on it)
            self.t.page.data("version", str(self.t.visiting.version))
        # a message lives as long as what it speaks of: every redraw clears it, and whatever
        # is still true is said again after it (a later ``say`` in the same batch wins)
        self.t.page.text(self.t.frame.msg, "", "msg")
        self.t.guide.show_guide()  # a guided game's step is said again after every redraw

    def interactive(self, m: Match[S]) -> bool:
        """A person at this device may act in ``m`` now."""
        cur = m.current
        return (not m.watch and not m.over and cur is not None
                and m.setup.seats[cur].here and self.t.computers.runner is None
                and self.t.hand_over is None
                # a guest's tap is with the host: nothing more until its answer
                and not (self.t.visiting.mine(m) and self.t.visiting.sending))

    def seen(self, m: Match[S], seat: int, interactive: bool, state: S | None = None,
             marked: frozenset[str] | None = None) -> Seen[U, A, V]:
        """What the board is shown of ``m`` for ``seat``: that seat's view (of ``state``, a
        replay's step) and the table's facts, never the whole state."""
        game = self.t.game
        at = m.state if state is None else state

        def trial(actions: Sequence[A]) -> V | None:
            try:
                after = at
                for a in actions:
                    after = game.apply(after, a)
            except IllegalAction:
                return None
            return game.view(after, seat)

        return Seen(game.view(at, seat), seat, tuple(m.names()),
                    interactive=interactive,
                    marked=self.t.marked if marked is None else marked,
                    can_undo=self.t.moves.can_undo(), hand_over=self.t.hand_over, gid=m.gid,
                    watch=m.watch, actions=m.actions, outcome=game.outcome(at),
                    switches=dict(m.switches),
                    trial=None if self.t.visiting.mine(m) else trial)

    def since_html(self, m: Match[S], seat: int, interactive: bool) -> str:
        """On the person's turn: what the others did since their last turn, one line, with a
        Replay of it (the computers' steps, again, at the speed setting)."""
        if not interactive or m.watch:
            return ""
        if self.t.visiting.mine(m):
            return screens.since_html(self.t.visiting.since(), False,
                                      key=str(self.t.visiting.version))
        return screens.since_html(self.t.history.since(m, seat), bool(self.t.computers.since),
                                  key=str(len(self.t.history.turns_of(m))))

    def end_html(self, m: Match[S]) -> str:
        if m.remote:  # a guest's mirror: the game's own end, no record (the game is the host's)
            return self.t.board.words.end_html(m, None, "")
        out = m.outcome
        assert out is not None
        record = None if m.watch or m is self.t.guided else self.t.keeping.saves.record()
        note = ("" if m.watch or not m.daily else
                daily.end_note_html(self.t.store, self.t.game_id, self.t.name, m.daily, m.gid))
        return self.t.board.words.end_html(m, record, note)

    def show_state(self, m: Match[S], state: S, origin: S, k: int, steps: int,
                   head: str | None = None, dock_head: str = "") -> None:
        """One step of a Replay: the table at ``state``, its changes since ``origin`` marked,
        nothing to tap but Stop (``head``: another bar above the table; ``dock_head``: the
        replay's controls above the hand, for a finished game's replay)."""
        seen = self.seen(m, m.viewer, False, state=state,
                         marked=self.t.board.marker.marks(origin, state))
        board, dock = self.t.board.draw(seen)
        self.t.page.region(self.t.frame.board,
                         (screens.replay_html(k, steps) if head is None else head) + board)
        self.t.page.region(self.t.frame.dock, dock_head + dock)

    def render_stats(self) -> None:
        t = self.t
        record = GameRecord(t.game_id, t.name, t.keeping.saves.record(), t.scores)
        self.t.page.region("screen", stats.game_html(record, self.t.board.stats_html()))

    def reader(self, m: Match[S]) -> int | None:
        """The seat the log is told to as "you" on the page now: the person whose hand it
        shows (nobody in a watched game)."""
        seat = m.viewer
        return None if m.watch or not m.setup.seats[seat].here else seat

