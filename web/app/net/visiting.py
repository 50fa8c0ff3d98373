"""A table's game as a guest's phone shows it: another phone hosts it (issue 36).

The guest knows only what the host sends it: its own seat's view. The table shows it with
the game's own board, as any game: the view is read back (``Game.view_from_dict``) and made
a state with ``Game.determinize`` (the cards this seat cannot see are sampled, never sent),
held in a *mirror* match whose other seats are people on other phones. The board draws the
mirror from this seat's view, which is exactly the view the host sent. A tap's actions go to
the host instead of being applied here; the host's next view is the answer, or its refusal.
The log comes from the host, told for this seat, and so do the marks of what the others
changed since this seat last acted and the flights of each change: the host works them out
from the true states, where the mirror's guessed hidden cards would mark and fly cards that
never moved. The end is the game's own, drawn from the
mirror (a finished view is determinized to the same winners and scores), without Play again:
a new game is the host's.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

from app.net.guest import Guest
from app.seated.remote import SeatedCore  # what visiting uses of its table (the core)
from app.seated.seats import LogLine, Match, Seat, Setup
from engine.protocol import Action

S = TypeVar("S")
A = TypeVar("A", bound=Action)


class Visiting(Generic[S, A]):
    def __init__(self, core: SeatedCore[S, A], guest: Callable[[], Guest | None]) -> None:
        self.core = core
        self.guest = guest
        self.on = False  # the table shows this phone's seat at the host's table
        self.mirror: Match[S] | None = None
        self.version = -1
        self.refusals = 0
        self.sending = False  # a tap's actions went to the host, not yet answered

    def sitting(self) -> Guest | None:
        g = self.guest()
        return g if g is not None and g.game == self.core.game_id and g.seat is not None else None

    def open(self) -> bool:
        """``#/<game>/guest``: False when this phone sits at no table of this game, or has
        not been shown it yet (then nothing of it is drawn until the route is taken again)."""
        self.on = self.sitting() is not None
        self.version, self.mirror = -1, None
        self.pump(draw=False)
        self.on = self.on and self.mirror is not None
        return self.on

    def shown(self) -> Match[S] | None:
        return self.mirror if self.on else None

    def mine(self, m: Match[S]) -> bool:
        return self.on and m is self.mirror

    def send(self, actions: Sequence[A]) -> None:
        g = self.sitting()
        if g is None or not actions:
            return
        g.act(*(str(a) for a in actions))
        self.sending = True

    def can_undo(self) -> bool:
        """The host holds a step of this seat's turn it can take back."""
        g = self.sitting()
        return g is not None and g.undo and not self.sending

    def take_back(self) -> None:
        """This seat's Undo: the host takes back its last step of this turn (or says why
        not); the table waits for its answer as for a tap's."""
        g = self.sitting()
        if g is None or self.sending:
            return
        g.take_back()
        self.sending = True

    def pump(self, draw: bool = True) -> None:
        """Read what the host sent: a new view redraws the table; a refusal is said."""
        g = self.sitting()
        if g is None or not self.on:
            return
        if len(g.refusals) > self.refusals:
            reason = g.refusals[-1]
            self.refusals = len(g.refusals)
            self.sending = False
            self.core.refused()
            if draw:
                self.core.render_board()
                self.core.say(f"Not allowed: {reason}.", "refusal")
        if g.view is None or g.version == self.version:
            if draw and (g.host_left or not g.transport.open):
                self.core.say(self.words(self.mirror) if self.mirror else "", "refusal")
            return
        before = self.mirror
        self.mirror = self.read(g)
        self.version = g.version
        self.sending = False
        mine_before = before is not None and before.current == g.seat
        if before is None or not mine_before:
            self.core.fresh_turn()
        self.core.marked = g.marks  # what the others did since this seat acted, as told
        if draw:
            self.core.render()
            if before is not None:
                self.core.fly(g.flights)

    def read(self, g: Guest) -> Match[S]:
        game = self.core.game
        view = game.view_from_dict(g.view)
        state: S = game.determinize(view, random.Random(g.version))
        seats = tuple(Seat("you", name) if i == g.seat else Seat("phone", name)
                      for i, name in enumerate(g.names))
        m: Match[S] = Match(Setup(g.game, seats), 0, state, remote=True)
        return m

    # --- what the table draws for it ---
    def lines(self) -> list[LogLine]:
        """The log as the host told it to this seat (whose line it is is not sent: -1)."""
        g = self.sitting()
        return [LogLine(-1, text) for text in g.log] if g is not None else []

    def since(self) -> list[LogLine]:
        """The log since this seat's last turn (the lines told to it as "You…")."""
        lines = self.lines()
        last = max((i for i, ln in enumerate(lines) if ln.text.startswith("You")), default=-1)
        return lines[last + 1:]

    def words(self, m: Match[S]) -> str:
        """Whose turn it is, said on the guest's phone."""
        g = self.sitting()
        if g is None:
            return ""
        if g.host_left:
            return "The host left the table."
        if not g.transport.open:
            return ("The connection to the host was lost (a reload, or out of range): when "
                    "the host taps your “Invite” again, scan their new code.")
        if g.ending is not None or m.current is None:
            return ""
        if self.sending:
            return "Sent to the host…"
        if g.waiting:
            return "Waiting for " + ", ".join(g.waiting) + " to come back."
        if m.current != g.seat:
            return f"{m.names()[m.current]} is playing."
        return ""
