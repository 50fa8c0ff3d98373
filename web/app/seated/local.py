"""A game on this device as the table shows it: the player's (saved), a watched one or the
guided one, each a :class:`MatchSession` (:class:`app.seated.sessions.Session`). What it shows
is the seat's :class:`~app.seen.Seen`, worked out here from the whole game the device holds
(the one place that reads it for the board), and what is drawn around the board: the end, a
hand's end, the phones at a hosted table, what the others did since, the log.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, Protocol

from app import daily
from app.board import A, Board, Frame, S, U, V
from app.core.guiding import Guiding
from app.core.keeping import Keeping
from app.page import Page
from app.seated import screens
from app.seated.computers import ComputerTurns
from app.seated.history import History
from app.seated.moving import Moves
from app.seated.public import is_the_table
from app.seated.remote import Hosted
from app.seated.seats import Match
from app.seated.sessions import Around
from app.seen import Finale, Seen
from app.storage import TabStore
from engine.errors import IllegalAction
from engine.protocol import PUBLIC, Game, GameInfo


class GuideShown(Protocol):
    def show_guide(self) -> None:
        """The guide's bar and the step's text, said again after every redraw."""


class DrawnTable(Protocol[U, S, A, V]):
    """What drawing a game on this device uses of its table (the core)."""

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

    def say(self, text: str, kind: str = "info") -> None: ...


class MatchSession(Generic[U, S, A, V]):
    """A game on this device, shown at its table."""

    def __init__(self, table: DrawnTable[U, S, A, V], m: Match[S]) -> None:
        self.t = table
        self.m = m

    def title(self) -> str:
        """The title of the table showing it."""
        if self.t.guiding.run is not None:
            return f"Guided: {self.t.info.name}"
        m = self.m
        if m.daily:
            return f"{self.t.info.name}: daily deal of {m.daily}"
        return f"{self.t.info.name}, deal {m.deal}" + (" (watching)" if m.watch else "")

    def seen(self) -> Seen[U, A, V] | None:
        m = self.m
        return None if m.covered else self.seen_at(m.viewer, self.interactive())

    def act(self, seat: int, actions: Sequence[A], message: str | None,
            refusal: bool) -> None:
        self.t.moves.perform(self.m, seat, actions, message, refusal)

    def can_undo(self) -> bool:
        return self.t.moves.undoable

    def undo(self) -> None:
        self.t.moves.undo_turn()

    def instead(self) -> bool:
        """In place of ``m``'s table: the invitation of a phone to a hosted game, or
        pass-and-play's cover until the next person takes the device (True: drawn)."""
        m = self.m
        if m is self.t.match:
            self.t.phones.attach(m)
            if self.t.phones.inviting is not None:
                self.t.page.region("screen", self.t.phones.invite_html(self.t.info.name))
                return True
        if not m.covered:
            return False
        cur = m.current
        since = [] if cur is None else self.t.history.since(m, cur)
        self.t.page.region("screen", screens.cover_html(m, self.title(), since))
        self.t.page.focus("cover-go")
        return True

    def turn_words(self) -> str:
        """Whom a hosted table of phones waits for ("": nobody, or not such a table)."""
        m = self.m
        return self.t.phones.waiting_words(m) if m is self.t.match else ""

    def around(self, seen: Seen[U, A, V]) -> Around:
        """What is drawn around ``m``'s board."""
        m = self.m
        if m.over:
            above = self.end_html(seen, screens.more_html(m, self.t.info.name)
                                  if not m.watch else "")
        elif self.t.hand_over is not None:
            above = self.t.board.words.hand_over_html(seen)
        else:
            above = (self.t.phones.strip_html(m) if m is self.t.match else "") + (
                self.since_html(seen.seat, seen.interactive))
        # a game's end has its Share and New game beside Play again, in view with it; a frame
        # with no place for them: its board has its own
        extra = ("" if not self.t.frame.extra or (m.over and not m.watch) else
                 screens.extra_html(m, self.t.info.name, self.t.computers.paused))
        return Around(above, extra,
                      self.t.history.lines(m, self.reader()), {"actions": str(m.actions)})

    def interactive(self) -> bool:
        """A person at this device may act in ``m`` now."""
        m = self.m
        cur = m.current
        return (not m.watch and not m.over and cur is not None
                and m.setup.seats[cur].here and self.t.computers.runner is None
                and self.t.hand_over is None)

    def tapped(self, say: bool) -> Seen[U, A, V] | None:
        """The seat's Seen a tap in ``m`` acts from, if a person here may act now (``say``:
        else why not, and the computers play on if another tab left them)."""
        m = self.m
        if m.over or m.watch or m.covered or self.t.hand_over is not None:
            return None
        cur = m.current
        if cur is None or not m.setup.seats[cur].here or self.t.computers.runner is not None:
            if say:
                self.t.say(self.turn_words() or "Wait for your turn: the computers are playing.",
                         "refusal")
                self.t.computers.kick()  # left to another tab until now: they play on here
            return None
        return self.seen_at(cur, self.interactive())

    def seen_at(self, seat: int, interactive: bool, state: S | None = None,
                marked: frozenset[str] | None = None) -> Seen[U, A, V]:
        """What the board is shown of ``m`` for ``seat``: that seat's view (of ``state``, a
        replay's step) and the table's facts, never the whole state."""
        m = self.m
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

        if is_the_table(m):  # the table on a big screen: the public view, nobody's
            return Seen(game.public_view(at), PUBLIC, tuple(m.names()),
                        marked=self.t.marked if marked is None else marked, gid=m.gid,
                        deal=m.deal, actions=m.actions, outcome=game.outcome(at),
                        switches=dict(m.switches))
        return Seen(game.view(at, seat), seat, tuple(m.names()),
                    interactive=interactive,
                    marked=self.t.marked if marked is None else marked,
                    can_undo=self.t.moves.undoable, hand_over=self.t.hand_over, gid=m.gid,
                    deal=m.deal, daily=m.daily,
                    watch=m.watch, actions=m.actions,
                    outcome=m.outcome if state is None else game.outcome(at),
                    switches=dict(m.switches), trial=trial)

    def since_html(self, seat: int, interactive: bool) -> str:
        """On the person's turn: what the others did since their last turn, one line, with a
        Replay of it (the computers' steps, again, at the speed setting)."""
        m = self.m
        if not interactive or m.watch:
            return ""
        return screens.since_html(self.t.history.since(m, seat), bool(self.t.computers.since),
                                  key=str(len(self.t.history.turns_of(m))))

    def end_html(self, seen: Seen[U, A, V], more: str = "") -> str:
        m = self.m
        out = m.outcome
        assert out is not None
        guided = m is self.t.guided
        record = (None if m.watch or guided or is_the_table(m)  # (nobody played here)
                  else self.t.keeping.saves.record())
        note = share = ""
        if m.daily and not m.watch:  # its Share (of the day's result) beside Play again
            note = daily.end_note_html(self.t.store, self.t.game_id, self.t.name, m.daily,
                                       m.gid)
            share = daily.end_share_html(self.t.store, self.t.game_id, self.t.name, m.daily)
        return self.t.board.words.end_html(seen, Finale(
            m.result_text(out), m.you, record, note, again=not m.watch, more=more,
            guided=self.t.guiding.run is not None, share=share))

    def reader(self) -> int | None:
        """The seat the log is told to as "you" on the page now: the person whose hand it
        shows (nobody in a watched game)."""
        m = self.m
        seat = m.viewer
        return None if m.watch or not m.setup.seats[seat].here else seat
