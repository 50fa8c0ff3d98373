"""The contract between the table core and a game's board.

The core (:class:`app.seated.table.SeatedTable`) owns what every game shares: saving and
another tab's newer save, pass-and-play, the guide, the daily deal, replays, links, going
home, the computers' turns, undo and the log. A game supplies only a :class:`Board`: what its
table draws from one player's view, what a tap or a key means (engine actions or a UI change),
its wording, marks and flights. The board sees the core only through :class:`Core`, so the
core never calls up into a subclass and a board never reaches into the core's lifecycle.

A table package binds its board where mypy checks it: ``BOARD: BoardClass[TurnUI] =
MachiavelliBoard``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from app.guide import GuideRun
from app.kit import Tap
from app.page import Page
from app.seated.seats import Match
from app.storage import Record
from app.table import Event
from engine.protocol import Action, Game

U = TypeVar("U")  # the game's in-turn UI state (selection, hint…)

# a board's own tap, by its ``data-action`` (the Hint, looking around…)
Handler = Callable[[Event], None]
# the thinking worker's answer to a Hint: the game, the seat, the state asked about, the answer
HintAnswer = Callable[[Match, int, Any, dict[str, Any]], None]


class Core(Protocol[U]):
    """What a board may use of the table it is drawn on."""

    game: Game[Any, Any, Any, Any]
    page: Page
    ui: U  # the board's in-turn UI state, kept by the core (restored on a refusal)
    marked: frozenset[str]  # the computers' changes since the person last acted
    undo: list[tuple[Any, int]]  # states of this turn, for Undo
    hand_over: tuple[int, ...] | None  # a hand just ended: its points (the hand-over panel)

    @property
    def run(self) -> GuideRun | None:
        """The guided first game, while it runs."""

    @property
    def shown(self) -> Match | None: ...

    @property
    def replay_states(self) -> list[Any]:
        """The states since a person last acted (the computers' steps), the first that state."""

    def viewer(self, m: Match) -> int: ...

    def covered(self, m: Match) -> bool: ...

    def say(self, text: str, kind: str = "info") -> None: ...

    def render_board(self) -> None: ...

    def save(self) -> None: ...

    def after_change(self) -> None: ...

    def person_to_move(self) -> tuple[Match, int] | None: ...

    def ask_hint(self, thinking: str, kind: str, then: HintAnswer) -> None: ...

    def perform(self, m: Match, seat: int, actions: Sequence[Action], message: str | None,
                refusal: bool) -> None: ...

    def undo_turn(self) -> None: ...

    def turn_start(self, before: Any) -> Any: ...


class Board(Protocol[U]):
    """One game's board at the core's table. Every method answers for the match and seat it is
    given; the UI state is the core's ``ui``."""

    keys: str  # the keys the board handles (the bridge prevents their default)
    # the board's own taps, by action; those in ``guide_allows`` (only looking) pass a guided game
    actions: Mapping[str, Handler]
    guide_allows: frozenset[str]

    def fresh_ui(self) -> U:
        """The UI state of a table just made."""

    def board_html(self, m: Match, seat: int, interactive: bool) -> str: ...

    def dock_html(self, m: Match, seat: int, interactive: bool) -> str:
        """The hand and the turn's actions, in the frame's dock under the message line."""

    def click(self, m: Match, seat: int, ev: Event) -> Tap[U, Any] | None:
        """A tap on the board: the UI it leads to and the engine actions to apply."""

    def key(self, m: Match, seat: int, key: str) -> Tap[U, Any] | None: ...

    def describe_turn(self, m: Match, before: Any, actions: Sequence[Any], seat: int) -> str: ...

    def hand_of(self, state: Any) -> int:
        """The hand a ``state`` is in, for the log (1 in a game of one hand)."""

    def marks(self, before: Any, after: Any) -> frozenset[str]: ...

    def flights(self, m: Match, before: Any, after: Any) -> list[tuple[str, str | None]]:
        """The cards a computer's step moved: (``data-card`` key, where from, None: where it
        was)."""

    def line(self, m: Match) -> str:
        """The home tile's one line about the game in progress."""

    def turn_reset(self) -> None:
        """A new turn starts: the board forgets its in-turn selection."""

    def refused(self) -> None:
        """The engine refused the last tap's actions (the core has put its UI back)."""

    def check_hand_over(self, before: Any, m: Match) -> None:
        """After a step from ``before``: a game of hands keeps a finished hand's points and
        pauses at the hand-over panel (the core's ``hand_over``)."""

    def next_hand(self, m: Match | None) -> bool:
        """Next hand was tapped: True when the board dealt it (else the core redraws)."""

    def hand_over_html(self, m: Match) -> str: ...

    def end_html(self, m: Match, record: Record | None, note: str) -> str:
        """The end screen above the board (``note``: the daily deal's)."""

    def guide_mark(self, expected: list[Any]) -> None:
        """Mark the guide's next actions, as the board's Hint marks its own."""

    def before_steps(self, m: Match, seat: int, actions: Sequence[Action]) -> None:
        """A person's actions are about to be applied."""

    def after_steps(self, m: Match, seat: int, actions: Sequence[Action]) -> None:
        """A person's actions were performed (or refused) and the board redrawn."""

    def after_render(self) -> None:
        """The board was redrawn (the message line cleared): say again what is still true."""

    def undoing(self) -> None:
        """Undo was tapped: forget what the turn being undone showed."""


class BoardClass(Protocol[U]):
    """A table package's board: made with the core it is drawn on."""

    def __call__(self, core: Core[U]) -> Board[U]: ...
