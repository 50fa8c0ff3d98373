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
from app.seated.seats import LogLine, Match
from app.storage import TabStore
from engine.protocol import Action, Game

S = TypeVar("S")  # the game's state
A = TypeVar("A", bound=Action)  # its actions
A_contra = TypeVar("A_contra", bound=Action, contravariant=True)


class GuestMoves(Protocol[A_contra]):
    """A table's moves, as a guest on another phone makes them (checked by the host)."""

    def guest_step(self, seat: int, actions: Sequence[A_contra]) -> None:
        """A guest's checked actions, applied as a tap's (IllegalAction: refused)."""

    def guest_take_back(self, seat: int) -> None:
        """A guest's Undo: its last step of this turn taken back (IllegalAction: none)."""

    def guest_can_take_back(self, seat: int) -> bool:
        """Whether a guest's seat has a step of this turn to take back."""


class SeatedCore(Protocol[S, A_contra]):
    """What a table of phones uses of the table core."""

    game_id: str
    game: Game[Any, S, Any, Any]  # its config and views are not used
    page: Page
    store: TabStore
    match: Match[S] | None  # the game on this device's table, hosted if it has phone seats
    marked: frozenset[str]

    def render(self) -> None: ...

    def render_board(self) -> None: ...

    def on_table(self) -> bool: ...

    def say(self, text: str, kind: str = "info") -> None: ...

    def fly(self, flights: Sequence[tuple[str, str | None]]) -> None: ...

    def refused(self) -> None: ...

    def fresh_turn(self) -> None: ...

    @property
    def moves(self) -> GuestMoves[A_contra]: ...



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


class Visit(Protocol[S, A_contra]):
    """This phone's seat at another phone's table, shown with this device's board."""

    on: bool  # the table shows this phone's seat

    @property
    def sending(self) -> bool:
        """A tap is with the host: nothing more until its answer."""

    @property
    def version(self) -> int:
        """The host's view last shown."""

    def open(self) -> bool:
        """Show this phone's seat; False: it sits at no table of this game."""

    def shown(self) -> Match[S] | None: ...

    def mine(self, m: Match[S]) -> bool:
        """``m`` is this phone's seat at another's table."""

    def words(self, m: Match[S]) -> str:
        """Who plays now, as the host tells it."""

    def send(self, actions: Sequence[A_contra]) -> None: ...

    def can_undo(self) -> bool: ...

    def take_back(self) -> None: ...

    def lines(self) -> list[LogLine]: ...

    def since(self) -> list[LogLine]: ...

    def pump(self, draw: bool = True) -> None: ...


class RemoteSeats(Protocol):
    """This phone's part in tables of phones (``app.net.phones.Phones``, wired by the shell)."""

    pumps: list[Callable[[], None]]  # the tables' parts, read after each of the page's events

    @property
    def available(self) -> bool:
        """The browser can connect phones (WebRTC data channels)."""

    def seat(self, core: SeatedCore[S, A], teller: Teller[S, A], marker: Marker[S]
             ) -> tuple[Hosted[S], Visit[S, A]]:
        """A seated table's two parts: hosting its game (its log told by ``teller``, its
        changes marked and flown by ``marker``, the board's), and this phone's seat at
        another's."""
