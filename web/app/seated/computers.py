"""The computers' turns at a seated table, one step at a time and at a pace the player can
follow.

Each decision is thought out in the thinking worker (``env.think``), so a long turn never
freezes the page; each step is shown at the computer speed's pace (instant with reduced motion
or a watch link's ``speed=fastest``) and the cards it changed stay marked until the player's
next action.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any, Generic, Protocol, TypeVar

from app.messages import BotTurn, read_chosen
from app.page import Page
from app.seated.declare import speed_field
from app.seated.history import Marker
from app.seated.moves import Mover
from app.seated.seats import Match
from app.settings import SPEEDS, pace
from app.table import Host, Task
from engine.protocol import Action, Game

FASTEST_BATCH_MS = 40  # watching at "fastest": redraw about this often
REPLAY_MIN_MS = 400  # a replay is for reading: never faster than this a step


S = TypeVar("S")  # the game's state
A = TypeVar("A", bound=Action)  # its actions


A_contra = TypeVar("A_contra", bound=Action, contravariant=True)


class Advancing(Protocol[S, A_contra]):
    def advance(self, m: Match[S], seat: int | None, actions: Sequence[A_contra], mover: Mover,
                draw: bool = True, after: S | None = None) -> None: ...


class Showing(Protocol[S]):
    def show_state(self, m: Match[S], state: S, origin: S, k: int, steps: int) -> None: ...


class Marked(Protocol[S]):
    @property
    def marker(self) -> Marker[S]: ...


class Seating(Protocol[S, A]):
    """What the computers' turns use of their table (the core), and nothing else."""

    game_id: str
    game: Game[Any, S, A, Any]  # its config and views are not used here
    page: Page
    hand_over: tuple[int, ...] | None  # a hand just ended: the computers wait for Next hand
    follower: bool  # another tab moves the computers

    @property
    def shown(self) -> Match[S] | None: ...

    @property
    def board(self) -> Marked[S]:
        """The table's board: the cards a computer's step moved fly as it says."""

    @property
    def drawing(self) -> Showing[S]:
        """The table's drawing: a Replay shows the computers' steps again with it."""

    def render_board(self) -> None: ...

    @property
    def moves(self) -> Advancing[S, A]:
        """The table's moves: a computer's step takes their one path."""


class ComputerTurns(Generic[S, A]):
    def __init__(self, table: Seating[S, A], app: Host) -> None:
        self.table = table
        self.app = app
        self.runner: Task | None = None  # the task playing the computers' turns
        self.paused = False  # a watched game stopped by the player
        self.fastest = False  # a watch link's speed=fastest
        # the states since a person last acted, the first that state: the computers' steps
        # are marked against it and shown again from it (Replay; kept until a person acts)
        self.since: list[S] = []
        self.showing_again: Task | None = None
        self.last_draw = 0.0  # when a step was last drawn (at the fastest pace: batched)

    def person_acted(self) -> None:
        """A person acted: what the computers did before is no longer news."""
        self.since = []
        self.stop_showing()

    def stop_showing(self) -> None:
        if self.showing_again is not None:
            self.showing_again.cancel()
            self.showing_again = None

    def kick(self) -> None:
        """Start the computers if one of them is to play."""
        m = self.table.shown
        if m is None or m.over or self.runner is not None or self.paused:
            return
        if self.table.hand_over is not None or (self.table.follower and not m.watch):
            return
        cur = m.current
        if cur is None or m.setup.seats[cur].human:
            return
        self.runner = self.app.spawn(self.run(m))

    def stop(self) -> None:
        if self.runner is not None:
            self.runner.cancel()
            self.runner = None

    def pace_ms(self, m: Match[S]) -> int:
        return self.paced(m.watch)

    def paced(self, watch: bool) -> int:
        """A step's pace (ms; 0: at once): a watched game's at the fastest, none with
        reduced motion, else the computers' speed setting."""
        if watch and self.fastest:
            return 0
        if self.app.env.reduced_motion():
            return 0
        settings = self.app.settings
        speed = speed_field(pace(settings)).read(settings.get("computer_speed"))
        return SPEEDS.get(str(speed), SPEEDS["normal"])

    def playing(self) -> bool:
        m = self.table.shown
        return (m is not None and not m.over and not self.table.follower
                and any(not s.human for s in m.setup.seats))

    def goes_on(self, m: Match[S]) -> bool:
        """A computer plays the next step of ``m``."""
        seat = m.current
        return (not m.over and not self.paused and self.table.hand_over is None
                and seat is not None and not m.setup.seats[seat].human)

    def stepped(self, m: Match[S]) -> None:
        """A computer's step was applied (:meth:`app.seated.moving.Moves.advance`): its sound
        (none for the end, which has its own)."""
        if self.pace_ms(m) and not m.over:
            self.app.cue("placed")

    def drawing(self, m: Match[S]) -> bool:
        """Whether a computer's step is drawn: every step at a pace; at the fastest, about
        every ``FASTEST_BATCH_MS * 5`` and the last one."""
        if self.pace_ms(m) or not self.goes_on(m):
            return True
        now = asyncio.get_event_loop().time()
        if (now - self.last_draw) * 1000 >= FASTEST_BATCH_MS * 5:
            self.last_draw = now
            return True
        return False

    async def run(self, m: Match[S]) -> None:
        """Computer turns, one step at a time, until a person is to play or the game ends:
        each step takes the table's one path (:meth:`SeatedTable.advance`)."""
        try:
            self.last_draw = asyncio.get_event_loop().time()
            while self.table.shown is m and self.goes_on(m):
                seat = m.current
                request = BotTurn(
                    self.table.game_id, m.gid, tuple(s.level for s in m.setup.seats), seat or 0,
                    m.deal, m.actions, self.table.game.state_to_dict(m.state))
                answer = read_chosen(await self.app.env.think(request))
                if self.table.shown is not m:
                    return
                action = self.table.game.parse_action(answer)
                before = m.state
                self.table.moves.advance(m, seat, [action], Mover.COMPUTER)
                pace = self.pace_ms(m)
                if pace:
                    self.fly(m, before, m.state)
                self.table.page.flush()
                await asyncio.sleep(pace / 1000)  # the step stays in view, its cards land
        finally:
            if self.table.shown is m:  # stopped, failed or done: the computers may be started again
                self.runner = None
        if self.table.shown is m and not m.over and self.table.hand_over is None:
            if not m.watch and not self.paused:
                self.app.cue("turn")  # back to a person: the table is theirs to play
                cur = m.current
                if cur is not None and m.setup.seats[cur].here and not m.covered:
                    who = m.names()[cur]
                    self.table.page.announce("Your turn." if cur == m.you
                                             else f"{who}, your turn.")
            self.table.render_board()
            self.table.page.flush()

    def fly(self, m: Match[S], before: S, after: S) -> None:
        """The cards a step moved fly from where they were (the bridge's card flights)."""
        for card, source in self.table.board.marker.flights(m, before, after):
            self.table.page.flight(card, source)

    def show_again(self) -> None:
        """Replay: the computers' steps since the person last acted, again, at the speed
        setting (at least a readable pace), then the table as it is."""
        if len(self.since) < 2 or self.runner is not None:
            return
        self.stop_showing()
        self.showing_again = self.app.spawn(self.run_again(list(self.since)))

    async def run_again(self, states: list[S]) -> None:
        m = self.table.shown
        try:
            if m is None:
                return
            pace = max(self.pace_ms(m), REPLAY_MIN_MS)
            for k, state in enumerate(states):
                if self.table.shown is not m:
                    return
                self.table.drawing.show_state(m, state, states[0], k, len(states) - 1)
                if k:
                    self.fly(m, states[k - 1], state)
                self.table.page.flush()
                await asyncio.sleep(pace / 1000)
        finally:
            self.showing_again = None
        if self.table.shown is m:
            self.table.render_board()
            self.table.page.flush()
