"""The contract between the table core and a game's board.

The core (:class:`app.seated.table.SeatedTable`) owns what every game shares: saving and
another tab's newer save, pass-and-play, the guide, the daily deal, replays, links, going
home, the computers' turns, undo and the log. A game supplies only a :class:`Board`: what its
table draws from one player's view, what a tap or a key means (engine actions or a UI change),
its wording, marks and flights. The board sees the core only through :class:`Core`, so the
core never calls up into a subclass and a board never reaches into the core's lifecycle.

Both are generic in the board's in-turn UI state and in its game's state, actions and views
(``Game[C, S, A, V]``): the core is generic code that never knows the game, and a table package
binds its board where mypy checks it against its own game: ``BOARD: BoardClass[MTurnUI, MState,
MAction, MView] = MachiavelliBoard``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from app.core.guiding import Guiding
from app.kit import Tap, esc, table_frame
from app.page import Page
from app.seated.history import Marker
from app.seated.moves import Mover
from app.seated.seats import Match
from app.seen import (
    Finale,
    News,
    Seen,
)
from app.storage import Codec, JSONObject
from app.table import Event, Host, Replay
from engine.protocol import Action, Game, View

U = TypeVar("U")  # the game's in-turn UI state (selection, hint…)
S = TypeVar("S")  # the game's state
A = TypeVar("A", bound=Action)  # the game's actions
V = TypeVar("V", bound=View)  # what one player sees of a state
A_contra = TypeVar("A_contra", bound=Action, contravariant=True)
U_co = TypeVar("U_co", covariant=True)  # (a board's UI state: the core keeps none of it)

# a board's own tap, by its ``data-action`` (the Hint, looking around…)
Handler = Callable[[Event], None]
# the thinking worker's answer to a Hint: what the seat saw when it asked, and the answer
HintAnswer = Callable[[Seen[Any, Any, Any], JSONObject], None]


@dataclass(frozen=True)
class Frame:
    """A table's frame (:func:`app.kit.table_frame`) and the ids of the regions its core
    draws into: declared by the board, so that the core writes no game's ids (e2e tests and
    a game's CSS and scripts know each table's own)."""

    board: str  # the board, in the field
    msg: str  # the message line, in the dock
    dock: str  # the hand, or the game's controls, under the message line
    cls: str = ""  # the frame's classes; ``{game}`` is the game's id
    dock_cls: str = ""  # the dock's own classes
    extra: str = ""  # under the board: Share and New game, Stop for a watched game ("": none)
    log: str = ""  # the log of the turns, under that ("": none)
    # where the focus goes after a guide's step that waits for the player ("": the message
    # line): the board's one control, at a table that has one
    guide_focus: str = ""
    # the dock at a game's end: False, it gives way to the end card (a hand and the turn's
    # buttons have nothing more to do); True, it holds the end's own controls
    dock_at_end: bool = False

    def html(self, game_id: str, title: str) -> str:
        """The frame of ``game_id``'s table, titled ``title``; the regions are filled later."""
        after = f'<div id="{self.extra}"></div>' if self.extra else ""
        if self.log:
            after += (f'<section id="{self.log}" class="{self.log}" aria-label="What happened" '
                      'data-testid="log"></section>')
        return table_frame(game_id, title, board=self.board, msg=self.msg, dock=self.dock,
                           cls=self.cls.format(game=esc(game_id)), dock_cls=self.dock_cls,
                           after=after)


class Replaying(Protocol[S, A_contra]):
    """What a replay of a finished game uses of its table (the core)."""

    game_id: str
    frame: Frame  # the board's frame, drawn as the table draws it

    def show_state(self, m: Match[S], state: S, origin: S, k: int, steps: int,
                   head: str | None = None, dock_head: str = "") -> None: ...

    def say(self, text: str, kind: str = "info") -> None: ...

    def describe_turn(self, m: Match[S], before: S, actions: Sequence[A_contra], seat: int,
                      you: bool = False) -> str: ...


class CoreMoves(Protocol[S, A_contra]):
    """A table's moves, as a board may make them (:class:`app.seated.moving.Moves`)."""

    def perform(self, m: Match[S], seat: int, actions: Sequence[A_contra],
                message: str | None, refusal: bool, undoable: bool = True) -> None:
        """A person's steps, as a tap's: all or none, a refusal said (``undoable`` False:
        nothing of the turn can be undone after them)."""

    def advance(self, m: Match[S], seat: int | None, actions: Sequence[A_contra], mover: Mover,
                draw: bool = True, after: S | None = None) -> None:
        """The one path of every move: a board's own step, shown moving, is ``Mover.BOARD``
        with ``draw`` False."""


class Core(Protocol[U_co, S, A, V]):
    """What a board may use of the table it is drawn on."""

    # the game (the registry's, which holds every game: its config is not used at a table)
    game: Game[Any, S, A, V]
    app: Host  # the shell: its settings, its sounds, running a board's own animated steps
    page: Page
    guiding: Guiding  # the guide's flow: what its step refuses, its steps noted as played
    marked: frozenset[str]  # the computers' changes since the person last acted
    hand_over: tuple[int, ...] | None  # a hand just ended: its points (the hand-over panel)

    @property
    def shown(self) -> Match[S] | None: ...

    @property
    def moves(self) -> CoreMoves[S, A]: ...

    @property
    def since_states(self) -> list[S]:
        """The states since a person last acted (the computers' steps), the first that state."""



    def say(self, text: str, kind: str = "info") -> None: ...

    def on_table(self) -> bool:
        """The table is on show (its game, or its guided game): a board's steps still moving
        draw nothing once the player went elsewhere."""

    def render_board(self) -> None: ...

    def undo(self) -> None:
        """Undo, in the session shown (on a guest's phone the host takes the step back)."""

    def render_stats(self) -> None:
        """Draw the statistics page again (a board's own panel on it changed)."""

    def save(self) -> None: ...

    def new_game(self, deal: int) -> None:
        """Deal ``deal`` of the set-up on the table in place of the game (its switches
        kept): a game without a set-up screen deals a new game, or restarts one, this way."""

    def person_to_move(self) -> tuple[Match[S], int] | None: ...

    def ask_hint(self, thinking: str, kind: str, then: HintAnswer) -> None: ...



@dataclass(frozen=True)
class Taps:
    """A board's own taps and changes (its inputs), by ``data-action``; those in
    ``guide_allows`` (only looking) pass every step of a guided game."""

    actions: Mapping[str, Handler]
    changes: Mapping[str, Handler]
    guide_allows: frozenset[str]


class Words(Protocol[S, A_contra]):
    """How a board tells its game in words, outside its table: the log's lines, the home
    tile's line, a save in a few words, the daily deal's, the end and a hand's end."""

    def describe_turn(self, m: Match[S], before: S, actions: Sequence[A_contra], seat: int,
                      you: bool = False) -> str:
        """The log's line of ``seat``'s turn: every action it took from ``before`` to
        ``m.state`` (:mod:`app.seated.history`); ``you``: told to that seat's player ("You
        laid…", "you win"), else naming the seat."""

    def hand_of(self, state: S) -> int:
        """The hand a ``state`` is in, for the log (1 in a game of one hand)."""

    def closes_turn(self, before: S, after: S) -> bool:
        """The action from ``before`` to ``after`` ends its seat's turn although that seat
        plays on (a hand's end, a set-up round's end): the log tells it on its own line."""

    def line(self, m: Match[S]) -> str:
        """The home tile's one line about the game in progress."""

    def saved_text(self, m: Match[S]) -> str:
        """A save's game in a few words, for a backup's list ("deal 12, 3 turns, finished")."""

    def to_lose(self, m: Match[S]) -> str | None:
        """What a new game would end of ``m``, in a few words; None: nothing to lose in it."""

    def daily_setup(self) -> str:
        """The daily deal's table in a sentence (the daily screen says what is played)."""

    def daily_result(self, m: Match[S]) -> str:
        """A finished daily deal in a few words ("won in 12 turns"), for the daily book."""

    def end_html(self, seen: Seen[Any, Any, Any], finale: Finale) -> str:
        """The end screen above the board, from the seat's view and how the game ended
        (``seen.outcome``) as ``finale`` tells it."""

    def hand_over_html(self, seen: Seen[Any, Any, Any]) -> str:
        """The panel of a hand just ended (``seen.hand_over``: its points), from the view."""

    def hand_over(self, before: S, m: Match[S]) -> tuple[int, ...] | None:
        """After a step from ``before``: a finished hand's points when the table is to pause
        at the hand-over panel (the core keeps them until Next hand); None: it plays on."""

    def next_hand(self, m: Match[S] | None) -> bool:
        """Next hand was tapped: True when the board dealt it (else the core redraws)."""


class Board(Protocol[U, S, A, V]):
    """One game's board at the core's table: what it draws from a seat's :class:`Seen`, what a
    tap or a key on it means, what it hears of the table, and how it tells its game."""

    keys: str  # the keys the board handles (the bridge prevents their default)
    frame: Frame  # the table's frame and the ids the core draws the board, dock and message in

    @property
    def codec(self) -> Codec[Match[S]]:
        """How the board's game is read from its save and written: each game keeps its own
        save's shape, so that its older saves still load."""

    @property
    def taps(self) -> Taps: ...

    @property
    def words(self) -> Words[S, A]: ...

    @property
    def marker(self) -> Marker[S]: ...

    @property
    def moving(self) -> bool:
        """A step of the board's own is still moving (a deal's cards in flight): the guide's
        Next and Skip wait for it."""

    def switches(self, previous: Match[S] | None, guided: bool) -> dict[str, bool]:
        """The board's switches a new game starts with (:attr:`Match.switches`): a seated
        board has none; ``previous``: the game it replaces, if any."""

    def stats_html(self) -> str:
        """The board's own panels under its game's statistics ("": none)."""

    def fresh_ui(self) -> U:
        """The UI state of a table just made."""

    def replay(self, table: Replaying[S, A], entry: JSONObject) -> Replay:
        """A finished game of the record's history rebuilt, drawn at ``table``: the board knows
        what its game's record keeps (older entries included); raises when it cannot be."""

    def draw(self, seen: Seen[U, A, V]) -> tuple[str, str]:
        """The board (in the frame's field) and the dock under the message line (the hand and
        the turn's actions), drawn from ``seen`` alone."""

    def tap(self, seen: Seen[U, A, V], ev: Event) -> Tap[U, A] | None:
        """A tap on the board, or a key (``ev.kind`` "key"): the UI it leads to and the engine
        actions to apply, answered from ``seen`` alone."""

    def heard(self, news: News) -> None:
        """What happened at the table that the board may care about (:data:`News`)."""


class BoardClass(Protocol[U, S, A, V]):
    """A table package's board: made with the core it is drawn on."""

    def __call__(self, core: Core[U, S, A, V]) -> Board[U, S, A, V]: ...
