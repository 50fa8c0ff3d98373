"""Seats on other phones, as the table core knows them: by these protocols alone.

A table of phones (:mod:`app.net`) lies under the core: the shell's wiring makes this phone's
part in it (:class:`RemoteSeats`, ``app.net.phones.Phones``), and each seated table asks it for
its own two parts, made with the table's core (:class:`SeatedCore`): hosting a game whose seats
are people on other phones (:class:`Hosted`), and this phone's seat at another phone's table
(:class:`Visit`). The core never imports ``app.net``; ``app.net`` imports the core's protocols.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from app.messages import Event
from app.page import Page
from app.seated.history import Marker, Teller
from app.seated.moves import Change
from app.seated.seats import Match
from app.seated.sessions import Session
from app.seen import Finale, News, Seen
from app.storage import TabStore
from engine.protocol import Action, Game, View

U = TypeVar("U")  # the board's UI state
U_co = TypeVar("U_co", covariant=True)
S = TypeVar("S")  # the game's state
A = TypeVar("A", bound=Action)  # its actions
V = TypeVar("V", bound=View)  # what one seat sees
A_contra = TypeVar("A_contra", bound=Action, contravariant=True)


class GuestMoves(Protocol[A_contra]):
    """A table's moves, as a guest on another phone makes them (checked by the host)."""

    def guest_step(self, seat: int, actions: Sequence[A_contra]) -> None:
        """A guest's checked actions, applied as a tap's (IllegalAction: refused)."""

    def guest_take_back(self, seat: int) -> None:
        """A guest's Undo: its last step of this turn taken back (IllegalAction: none)."""

    def guest_can_take_back(self, seat: int) -> bool:
        """Whether a guest's seat has a step of this turn to take back."""


class Hears(Protocol[U_co]):
    """A board, as a guest's phone tells it of the steps it sent to the host."""

    def heard(self, news: News) -> None: ...

    def fresh_ui(self) -> U_co: ...


class Told(Teller[S, A_contra], Protocol[S, A_contra]):
    """How a board tells its game, as a table of phones uses it: the log's lines (the host)
    and the end (a guest's phone)."""

    def end_html(self, seen: Seen[Any, Any, Any], finale: Finale) -> str: ...


class SeatedCore(Protocol[U_co, S, A, V]):
    """What a table of phones uses of the table core."""

    game_id: str
    game: Game[Any, S, A, V]  # its config is not used
    page: Page
    store: TabStore
    match: Match[S] | None  # the game on this device's table, hosted if it has phone seats

    @property
    def board(self) -> Hears[U_co]:
        """(A guest's phone: the board hears of the steps sent to the host.)"""

    def render(self) -> None: ...

    def render_board(self) -> None: ...

    def save(self) -> None:
        """Save :attr:`match` (a seat given to a computer, the game ended by the host)."""

    def on_table(self) -> bool: ...

    def say(self, text: str, kind: str = "info") -> None: ...

    def fly(self, flights: Sequence[tuple[str, str | None]]) -> None: ...

    def refused(self) -> None: ...

    def fresh_turn(self) -> None: ...

    @property
    def moves(self) -> GuestMoves[A]: ...


class Hosted(Protocol[S]):
    """A game of this device's table hosted for people on other phones."""

    @property
    def actions(self) -> Mapping[str, Callable[[Event], None]]:
        """Its taps (Invite, Scan…), by action."""

    @property
    def inviting(self) -> object | None:
        """The invitation on show instead of the table, if any."""

    def invite_html(self, title: str) -> str: ...

    def on_change(self, ev: Event) -> bool:
        """A change of its own (the pasted answer); True: taken care of."""

    def attach(self, m: Match[S] | None) -> None:
        """The table shows ``m``: hosted if it has phone seats."""

    def strip_html(self, m: Match[S]) -> str:
        """Which phones are here and which are invited, above the board."""

    def waiting_words(self, m: Match[S]) -> str:
        """Whom the table waits for ("": nobody)."""

    def changed(self, m: Match[S], change: Change[S]) -> None:
        """A move or an Undo in ``m``, told once (:meth:`SeatedTable.advance`)."""

    def pump(self) -> None:
        """Read what the guests' channels brought."""


class Visit(Session[U, A, V], Protocol[U, A, V]):
    """This phone's seat at another phone's table: a session the table shows with this
    device's board."""

    on: bool  # the route shows this phone's seat

    def open(self) -> bool:
        """Show this phone's seat; False: it sits at no table of this game."""

    def showing(self) -> bool:
        """The table shows this phone's seat (a view of the host's is here to draw)."""

    def pump(self, draw: bool = True) -> None: ...


class RemoteSeats(Protocol):
    """This phone's part in tables of phones (``app.net.phones.Phones``, wired by the shell)."""

    pumps: list[Callable[[], None]]  # the tables' parts, read after each of the page's events

    @property
    def available(self) -> bool:
        """The browser can connect phones (WebRTC data channels)."""

    def seat(self, core: SeatedCore[U, S, A, V], words: Told[S, A], marker: Marker[S]
             ) -> tuple[Hosted[S], Visit[U, A, V]]:
        """A seated table's two parts: hosting its game (its log told by the board's
        ``words``, its changes marked and flown by ``marker``, the board's), and this phone's
        seat at another's (its end told by ``words``)."""
