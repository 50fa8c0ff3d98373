"""Share and watch links at a seated table: a deal link opened (asked first when it would end
a game in progress) and a watch link played by the computers."""

from __future__ import annotations

from typing import Generic, Protocol, TypeVar

from app.board import Handler
from app.routes import Route
from app.seated import screens
from app.seated.computers import ComputerTurns
from app.seated.seats import Match, Setup, SetupError, setup_from_query
from app.table import Event, Host
from engine.protocol import Action

S = TypeVar("S")  # the game's state
A = TypeVar("A", bound=Action)  # its actions


class Linked(Protocol[S]):
    """What links need of their table: the game in progress, Start, and drawing it."""

    @property
    def match(self) -> Match[S] | None: ...

    def start(self, setup: Setup, deal: int | None, watch: bool = False,
              daily: str = "") -> None: ...

    def render(self) -> None: ...


class Links(Generic[S, A]):
    """The links of one game's table; ``offer``: a deal link waiting for the player's word."""

    def __init__(self, app: Host, game_id: str, name: str, table: Linked[S],
                 computers: ComputerTurns[S, A]) -> None:
        self.app = app
        self.page = app.page
        self.game_id = game_id
        self.name = name
        self.table = table
        self.computers = computers
        self.offer: Route | None = None
        self.actions: dict[str, Handler] = {"mt-open-link": self.take, "mt-keep": self.keep}

    def open_deal(self, route: Route, deal: int) -> None:
        """A share link of ``deal``: its game, unless one in progress would end (then the
        player is asked); the same game as the one on the table is simply shown."""
        try:
            setup = setup_from_query(self.game_id, route.query, deal)
        except SetupError as e:
            self.app.go_home(f"This {self.name} link cannot be played: {e}.")
            return
        m = self.table.match
        if m is not None and m.deal == deal and m.setup.seats == setup.seats and (
                m.setup.options == setup.options):
            self.table.render()
            return
        if m is not None and not m.over and m.actions > 0:
            self.offer = route
            self.page.region("screen", screens.offer_html(m, self.name, deal))
            return
        self.table.start(setup, deal)

    def open_watch(self, route: Route) -> None:
        try:
            setup = setup_from_query(self.game_id, route.query, route.deal, watch=True)
        except SetupError as e:
            self.app.go_home(f"This watch link cannot be played: {e}.")
            return
        self.computers.fastest = route.param("speed") == "fastest"
        self.page.data("outcome", None)
        self.page.data("actions", None)
        self.table.start(setup, route.deal, watch=True)

    def take(self, _ev: Event | None) -> None:
        """Play the link's deal: the game in progress ends."""
        r = self.offer
        if r is None or r.deal is None:
            return
        self.table.start(setup_from_query(self.game_id, r.query, r.deal), r.deal)

    def keep(self, _ev: Event | None) -> None:
        """Keep the game in progress: the link is set aside."""
        self.offer = None
        self.app.settle(Route("table", game=self.game_id), f"#/{self.game_id}")
        self.table.render()
