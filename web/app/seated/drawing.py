"""What a seated table draws: its board and dock from the seat's :class:`~app.board.Seen`
(the view and the table's facts), the end and a hand's end, the log, what the others did since
the person's last turn, a replay's step and the statistics. The table (the core) decides what
is shown; this draws it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, Protocol

from app import daily, stats
from app.board import A, Board, Frame, S, U, V
from app.core.guiding import Guiding
from app.core.keeping import Keeping
from app.page import Page
from app.seated import screens
from app.seated.computers import ComputerTurns
from app.seated.history import History
from app.seated.moving import Moves
from app.seated.remote import Hosted
from app.seated.seats import Match
from app.seated.sessions import Around, Session
from app.seen import Finale, GuideMarks, Redrawn, Seen
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
        return f"{self.t.info.name}, deal {m.deal}" + (" (watching)" if m.watch else "")

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
        self.t.page.region(frame.board, around.above + board)
        self.t.page.region(frame.dock, dock)
        if frame.extra:
            self.t.page.region(frame.extra, around.extra or "")
        if frame.log:
            self.t.page.region(frame.log, screens.log_html(around.log))
        for key, value in around.data.items():
            self.t.page.data(key, value)
        # a message lives as long as what it speaks of: every redraw clears it, and whatever
        # is still true is said again after it (a later ``say`` in the same batch wins)
        self.t.page.text(self.t.frame.msg, "", "msg")
        self.t.guide.show_guide()  # a guided game's step is said again after every redraw

    # --- a game on this device (MatchSession) ---
    def instead(self, m: Match[S]) -> bool:
        """In place of ``m``'s table: the invitation of a phone to a hosted game, or
        pass-and-play's cover until the next person takes the device (True: drawn)."""
        if m is self.t.match:
            self.t.phones.attach(m)
            if self.t.phones.inviting is not None:
                self.t.page.region("screen", self.t.phones.invite_html(self.t.info.name))
                return True
        if not m.covered:
            return False
        cur = m.current
        since = [] if cur is None else self.t.history.since(m, cur)
        self.t.page.region("screen", screens.cover_html(m, self.title(m), since))
        self.t.page.focus("cover-go")
        return True

    def turn_words(self, m: Match[S]) -> str:
        """Whom a hosted table of phones waits for ("": nobody, or not such a table)."""
        return self.t.phones.waiting_words(m) if m is self.t.match else ""

    def around(self, m: Match[S], seen: Seen[U, A, V]) -> Around:
        """What is drawn around ``m``'s board."""
        if m.over:
            above = self.end_html(m, seen)
        elif self.t.hand_over is not None:
            above = self.t.board.words.hand_over_html(seen)
        else:
            above = (self.t.phones.strip_html(m) if m is self.t.match else "") + (
                self.since_html(m, seen.seat, seen.interactive))
        return Around(above, screens.extra_html(m, self.t.info.name, self.t.computers.paused),
                      self.t.history.lines(m, self.reader(m)), {"actions": str(m.actions)})

    def interactive(self, m: Match[S]) -> bool:
        """A person at this device may act in ``m`` now."""
        cur = m.current
        return (not m.watch and not m.over and cur is not None
                and m.setup.seats[cur].here and self.t.computers.runner is None
                and self.t.hand_over is None)

    def tapped(self, m: Match[S], say: bool) -> Seen[U, A, V] | None:
        """The seat's Seen a tap in ``m`` acts from, if a person here may act now (``say``:
        else why not, and the computers play on if another tab left them)."""
        if m.over or m.watch or m.covered or self.t.hand_over is not None:
            return None
        cur = m.current
        if cur is None or not m.setup.seats[cur].here or self.t.computers.runner is not None:
            if say:
                self.say(self.turn_words(m) or "Wait for your turn: the computers are playing.",
                         "refusal")
                self.t.computers.kick()  # left to another tab until now: they play on here
            return None
        return self.seen(m, cur, self.interactive(m))

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
                    can_undo=bool(self.t.moves.undo), hand_over=self.t.hand_over, gid=m.gid,
                    deal=m.deal,
                    watch=m.watch, actions=m.actions, outcome=game.outcome(at),
                    switches=dict(m.switches), trial=trial)

    def since_html(self, m: Match[S], seat: int, interactive: bool) -> str:
        """On the person's turn: what the others did since their last turn, one line, with a
        Replay of it (the computers' steps, again, at the speed setting)."""
        if not interactive or m.watch:
            return ""
        return screens.since_html(self.t.history.since(m, seat), bool(self.t.computers.since),
                                  key=str(len(self.t.history.turns_of(m))))

    def end_html(self, m: Match[S], seen: Seen[U, A, V]) -> str:
        out = m.outcome
        assert out is not None
        guided = m is self.t.guided
        record = None if m.watch or guided else self.t.keeping.saves.record()
        note = ("" if m.watch or not m.daily else
                daily.end_note_html(self.t.store, self.t.game_id, self.t.name, m.daily, m.gid))
        return self.t.board.words.end_html(seen, Finale(
            m.result_text(out), m.you, record, note, again=not m.watch,
            guided=self.t.guiding.run is not None))

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



class MatchSession(Generic[U, S, A, V]):
    """A game on this device as a :class:`~app.seated.sessions.Session`: the player's (saved),
    a watched one or the guided one."""

    def __init__(self, drawing: TableDrawing[U, S, A, V], moves: Moves[U, S, A, V],
                 m: Match[S]) -> None:
        self.drawing, self.moves, self.m = drawing, moves, m

    def title(self) -> str:
        return self.drawing.title(self.m)

    def instead(self) -> bool:
        return self.drawing.instead(self.m)

    def seen(self) -> Seen[U, A, V] | None:
        m = self.m
        return None if m.covered else self.drawing.seen(m, m.viewer, self.drawing.interactive(m))

    def around(self, seen: Seen[U, A, V]) -> Around:
        return self.drawing.around(self.m, seen)

    def turn_words(self) -> str:
        return self.drawing.turn_words(self.m)

    def tapped(self, say: bool) -> Seen[U, A, V] | None:
        return self.drawing.tapped(self.m, say)

    def act(self, seat: int, actions: Sequence[A], message: str | None,
            refusal: bool) -> None:
        self.moves.perform(self.m, seat, actions, message, refusal)

    def can_undo(self) -> bool:
        return bool(self.moves.undo)

    def undo(self) -> None:
        self.moves.undo_turn()
