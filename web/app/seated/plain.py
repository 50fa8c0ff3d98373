"""What a board answers when its game has nothing of its own to say: the neutral answers of
:class:`app.board.Board` (and of its :class:`~app.board.Words` and :class:`~app.board.Marker`,
which a plain board answers itself), for a board to take and replace where its game differs
(the sample game takes nearly all of them). :meth:`PlainBoard.draw`, :meth:`~PlainBoard.tap`
and :meth:`~PlainBoard.heard` hand each piece to a method of its own that a board replaces."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Generic, TypeVar

from app.board import Core, Frame, Handler, Replaying, Taps, Words
from app.kit import Tap
from app.routes import Route
from app.seated import screens
from app.seated.history import Marker
from app.seated.replay import SeatedReplay
from app.seated.seats import Match, MatchCodec, default_setup, won
from app.seen import (
    Finale,
    GuideMarks,
    Left,
    News,
    Redrawn,
    Seen,
    Stepped,
    Stepping,
    TapRefused,
    TurnReset,
    Undoing,
)
from app.storage import Codec, JSONObject
from app.table import Event, Replay
from engine.protocol import PUBLIC, Action, View

U = TypeVar("U")  # the game's in-turn UI state
S = TypeVar("S")  # the game's state
A = TypeVar("A", bound=Action)  # its actions
V = TypeVar("V", bound=View)  # what one player sees


class PlainBoard(Generic[U, S, A, V]):
    keys = "Escape"
    frame: Frame = screens.SEATED_FRAME
    actions: Mapping[str, Handler] = {}
    guide_allows: frozenset[str] = frozenset()
    changes: Mapping[str, Handler] = {}

    def __init__(self, core: Core[U, S, A, V]) -> None:
        self.t = core
        self.codec: Codec[Match[S]] = MatchCodec(core.game.info.id)  # a seated game's save
        # the board's in-turn UI state (selection, hint…), and the one before the last tap,
        # put back when the engine refuses that tap's actions
        self.ui: U = self.fresh_ui()
        self.before_tap: U = self.ui
        # what the board last drew: its own taps that only look (another mat, a cubicle's
        # walks) and what it says after a redraw are answered from it
        self.last_seen: Seen[U, A, V] | None = None

    @property
    def moving(self) -> bool:
        return False  # the board moves nothing by itself

    def fresh_ui(self) -> U:
        """The UI state of a table just made: every board has its own."""
        raise NotImplementedError

    @property
    def taps(self) -> Taps:
        return Taps(self.actions, self.changes, self.guide_allows)

    @property
    def words(self) -> Words[S, A]:
        return self

    @property
    def marker(self) -> Marker[S]:
        return self

    def draw(self, seen: Seen[U, A, V]) -> tuple[str, str]:
        """The board and the dock; the public view (seat PUBLIC: a big screen, a watcher) has
        no hand, so no dock but :meth:`public_dock_html`."""
        self.last_seen = seen
        if seen.seat == PUBLIC:
            return self.board_html(seen), self.public_dock_html(seen)
        return self.board_html(seen), self.dock_html(seen)

    def public_dock_html(self, seen: Seen[U, A, V]) -> str:
        """Under the public view's board, where a seat's hand would be: nothing unless a
        board says more."""
        return ""

    def tap(self, seen: Seen[U, A, V], ev: Event) -> Tap[U, A] | None:
        """The tap's answer, whose UI the board now shows (the one before kept, in case the
        engine refuses the tap's actions)."""
        t = self.key(seen, ev.key) if ev.kind == "key" else self.click(seen, ev)
        if t is not None:
            self.before_tap, self.ui = self.ui, t.ui
        return t

    def heard(self, news: News) -> None:
        match news:
            case TurnReset():
                self.turn_reset()
                self.before_tap = self.ui  # nothing tapped since: a refusal keeps it
            case TapRefused():
                self.ui = self.before_tap
                self.refused()
            case Stepping(seat, view, actions):
                self.before_steps(seat, view, actions)
            case Stepped(seat, view, actions):
                self.after_steps(seat, view, actions)
            case Redrawn():
                self.after_render()
            case Undoing():
                self.undoing()
            case Left(route):
                self.left(route)
            case GuideMarks(expected, seen):
                self.guide_mark(list(expected), seen)

    def board_html(self, seen: Seen[U, A, V]) -> str:
        return ""

    def click(self, seen: Seen[U, A, V], ev: Event) -> Tap[U, A] | None:
        return None

    def replay(self, table: Replaying[S, A], entry: JSONObject) -> Replay:
        return SeatedReplay(table, entry)

    def dock_html(self, seen: Seen[U, A, V]) -> str:
        return ""

    def key(self, seen: Seen[U, A, V], key: str) -> Tap[U, A] | None:
        return None

    def describe_turn(self, m: Match[S], before: S, actions: Sequence[A], seat: int,
                      you: bool = False) -> str:
        return "You played." if you else f"{m.names()[seat]} played."

    def hand_of(self, state: S) -> int:
        return 1

    def closes_turn(self, before: S, after: S) -> bool:
        return False

    def marks(self, before: S, after: S) -> frozenset[str]:
        return frozenset()

    def flights(self, m: Match[S], before: S, after: S) -> list[tuple[str, str | None]]:
        return []

    def line(self, m: Match[S]) -> str:
        return f"{len(m.log)} turns played"

    def saved_text(self, m: Match[S]) -> str:
        turns = len(m.log)
        return (f"deal {m.deal}, {turns} turn" + ("s" if turns != 1 else "")
                + (", finished" if m.over else ""))

    def to_lose(self, m: Match[S]) -> str | None:
        return None if m.over or m.actions == 0 else screens.played_text(m)

    def daily_setup(self) -> str:
        return screens.daily_setup_text(default_setup(self.t.game.info.id))

    def daily_result(self, m: Match[S]) -> str:
        return screens.daily_result_text(m, won(m))

    def turn_reset(self) -> None:
        pass

    def refused(self) -> None:
        pass

    def hand_over(self, before: S, m: Match[S]) -> tuple[int, ...] | None:
        return None

    def next_hand(self, m: Match[S] | None) -> bool:
        return False

    def hand_over_html(self, seen: Seen[U, A, V]) -> str:
        return ""

    def score_caption(self, view: V) -> str:
        return "Points"

    def end_html(self, seen: Seen[U, A, V], finale: Finale) -> str:
        out = seen.outcome
        assert out is not None
        return screens.end_html(seen.names, out, finale, screens.scores_html(
            seen.names, out, self.score_caption(seen.view)))

    def guide_mark(self, expected: list[A], seen: Seen[U, A, V]) -> None:
        pass

    def before_steps(self, seat: int, view: V, actions: Sequence[A]) -> None:
        pass

    def after_steps(self, seat: int, view: V, actions: Sequence[A]) -> None:
        pass

    def after_render(self) -> None:
        pass

    def undoing(self) -> None:
        pass

    def switches(self, previous: Match[S] | None, guided: bool) -> dict[str, bool]:
        return {}

    def left(self, route: Route) -> None:
        pass

    def stats_html(self) -> str:
        return ""
