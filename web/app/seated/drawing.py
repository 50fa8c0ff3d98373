"""What a seated table draws: its board and dock from the seat's :class:`~app.board.Seen`
(the view and the table's facts), the end and a hand's end, the log, what the others did since
the person's last turn, a replay's step and the statistics. The table (the core) decides what
is shown; this draws it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic

from app import stats
from app.board import A, S, U, V
from app.seated import screens
from app.seated.local import DrawnTable, MatchSession
from app.seated.seats import Match
from app.seated.sessions import Session
from app.seen import GuideMarks, Redrawn
from app.stats import GameRecord
from engine.protocol import PUBLIC


class TableDrawing(Generic[U, S, A, V]):
    """One seated table's drawing."""

    def __init__(self, table: DrawnTable[U, S, A, V]) -> None:
        self.t = table
        self.game_id = table.game_id
        self.frame = table.frame  # (a replay draws in the board's frame)

    def say(self, text: str, kind: str = "info") -> None:
        """The table's message line, which a screen reader is told too (once: a refusal each
        time)."""
        self.t.page.text(self.t.frame.msg, text, f"msg {kind}")
        self.t.page.announce(text, again=kind == "refusal")

    def describe_turn(self, m: Match[S], before: S, actions: Sequence[A], seat: int,
                      you: bool = False) -> str:
        return self.t.board.words.describe_turn(m, before, actions, seat, you)

    def render_board(self, session: Session[U, A, V] | None) -> None:
        """The board and the dock of the session shown; then the board says again what is
        still true."""
        if session is None:
            return
        self.draw_board(session)
        self.t.board.heard(Redrawn())
        words = session.turn_words()
        if words:
            self.say(words)

    def draw_board(self, session: Session[U, A, V]) -> None:
        seen = session.seen()
        if seen is None:
            return
        run = self.t.guiding.run
        if run is not None:
            self.t.board.heard(GuideMarks(tuple(run.expected()), seen))
        board, dock = self.t.board.draw(seen)
        around = session.around(seen)
        frame = self.t.frame
        if seen.outcome is not None and not frame.dock_at_end and run is None:
            dock = ""  # the dock gives way to the end card
        self.t.page.region(frame.board, around.above + board)
        self.t.page.region(frame.dock, dock)
        if frame.extra:
            self.t.page.region(frame.extra, around.extra or "")
        if frame.log:
            self.t.page.region(frame.log, screens.log_html(around.log))
        for key, value in around.data.items():
            self.t.page.data(key, value)
        # the public view (the table on a big screen, a watcher): laid out wide and large on a
        # landscape screen (app.css, the boards' CSS: html[data-public])
        self.t.page.data("public", "1" if seen.seat == PUBLIC else None)
        # a message lives as long as what it speaks of: every redraw clears it, and whatever
        # is still true is said again after it (a later ``say`` in the same batch wins)
        self.t.page.text(self.t.frame.msg, "", "msg")
        self.t.guide.show_guide()  # a guided game's step is said again after every redraw

    def show_state(self, m: Match[S], state: S, origin: S, k: int, steps: int,
                   head: str | None = None, dock_head: str = "") -> None:
        """One step of a Replay: the table at ``state``, its changes since ``origin`` marked,
        nothing to tap but Stop (``head``: another bar above the table; ``dock_head``: the
        replay's controls above the hand, for a finished game's replay)."""
        seen = MatchSession(self.t, m).seen_at(m.viewer, False, state=state,
                                              marked=self.t.board.marker.marks(origin, state))
        board, dock = self.t.board.draw(seen)
        self.t.page.region(self.t.frame.board,
                         (screens.replay_html(k, steps) if head is None else head) + board)
        self.t.page.region(self.t.frame.dock, dock_head + dock)

    def render_stats(self) -> None:
        t = self.t
        record = GameRecord(t.game_id, t.name, t.keeping.saves.record(), t.scores)
        self.t.page.region("screen", stats.game_html(record, self.t.board.stats_html()))
