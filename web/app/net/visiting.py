"""A table's game as a guest's phone shows it: another phone hosts it (issue 36).

The guest knows only what the host sends it: its own seat's view, whose turn it is, the end,
the log told for it, the marks of what the others changed since this seat last acted and the
flights of each change (the host works them out from the true states). That is exactly what a
board draws from (:class:`app.board.Seen`), so this phone's seat is a session of the table
(:class:`app.seated.sessions.Session`) like a game on this device: the same board draws the
host's view as it is, with nothing invented for the cards this seat cannot see. A tap's
actions go to the host instead of being applied here; the host's next view is the answer, or
its refusal. The end is the game's own, drawn from the view, without Play again: a new game is
the host's.

A watcher's phone (or big screen) sits in no seat: the host sends it the public view, which the
same board draws as nobody's (seat ``PUBLIC``: every seat with its count, no hand), and a tap
acts for nobody.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

from app.net.guest import Guest
from app.net.hosting import away_words
from app.net.wire import NoWire, Wire
from app.seated import screens
from app.seated.remote import SeatedCore, Told  # what visiting uses of its table (the core)
from app.seated.seats import LogLine
from app.seated.sessions import Around
from app.seen import Finale, Seen, Stepped, Stepping
from engine.protocol import PUBLIC, Action, Outcome, View

U = TypeVar("U")
S = TypeVar("S")
A = TypeVar("A", bound=Action)
V = TypeVar("V", bound=View)


class Visiting(Generic[U, S, A, V]):
    """This phone's seat at another phone's table: a session of the table core."""

    def __init__(self, core: SeatedCore[U, S, A, V], words: Told[S, A],
                 guest: Callable[[], Guest | None],
                 wire: Callable[[], Wire] = NoWire) -> None:
        self.core = core
        self.wire = wire
        self.words_of = words
        self.guest = guest
        self.on = False  # the table shows this phone's seat at the host's table
        self.view: V | None = None  # the host's view last shown
        self.version = -1
        self.turn_shown: int | None = None  # whose turn that view was
        self.told = 0  # the host's log lines a screen reader was told of
        self.refusals = 0
        self.sending = False  # a tap's actions went to the host, not yet answered
        self.welcomes = 0  # the host's welcome shown (a new one: its next game, Play again)
        self.waiting_shown: tuple[str, ...] = ()  # whose phones were away when last drawn
        self.noticed = 0  # the host's notices told

    def sitting(self) -> Guest | None:
        g = self.guest()
        return g if g is not None and g.game == self.core.game_id and (
            g.seat is not None or g.watching) else None

    def open(self) -> bool:
        """``#/<game>/guest``: False when this phone sits at no table of this game, or has
        not been shown it yet (then nothing of it is drawn until the route is taken again)."""
        g = self.sitting()
        self.on = g is not None
        self.version, self.view = -1, None
        if g is not None:
            self.welcomes = g.sittings
        self.pump(draw=False)
        self.on = self.on and self.view is not None
        return self.on

    def showing(self) -> bool:
        """The table shows this phone's seat (a view of the host's is here to draw)."""
        return self.on and self.view is not None

    def send(self, actions: Sequence[A]) -> None:
        g = self.sitting()
        if g is None or not actions:
            return
        g.act(*(str(a) for a in actions))
        self.sending = True

    def pump(self, draw: bool = True) -> None:
        """Read what the host sent: a new view redraws the table; a refusal is said; so is
        whom the table waits for (the board is drawn again with its words) and what the host
        did to the table (its notices)."""
        g = self.sitting()
        self.keep_awake(g)
        if g is None or not self.on:
            return
        if g.sittings != self.welcomes:  # the host's next game at the same table
            self.welcomes, self.told, self.refusals = g.sittings, 0, len(g.refusals)
            self.version, self.view, self.sending = -1, None, False
        news = g.notices[self.noticed:]
        self.noticed = len(g.notices)
        self._read(g, draw)
        if draw:
            for text in news:
                self.core.say(text)

    def keep_awake(self, g: Guest | None) -> None:
        """The screen stays on while this phone's seat plays at a table still going (Screen
        Wake Lock: web/app/net/rtc.js); why it cannot is said once."""
        on = (g is not None and g.ending is None and not g.host_left and g.transport.open
              and g.view is not None)
        self.wire().awake(f"guest:{self.core.game_id}", on)  # (the wire: an op on a change)
        reason = self.wire().awake_failure() if on else None
        if reason and self.on:
            self.core.say(reason)

    def _read(self, g: Guest, draw: bool) -> None:
        waited = g.waiting != self.waiting_shown
        self.waiting_shown = g.waiting
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
                self.core.say(self.turn_words() if self.view is not None else "", "refusal")
            elif draw and waited and self.view is not None:
                self.core.render_board()  # (which says whom the table waits for)
            return
        first = self.view is None
        mine_before = not first and self.turn_shown == g.seat
        self.view = self.core.game.view_from_dict(g.view)
        self.version, self.turn_shown = g.version, self.turn
        self.sending = False
        if first or not mine_before:
            self.core.fresh_turn()
        self.tell(g, first, mine_before)
        if draw:
            self.core.render()
            if not first:
                self.core.fly(g.flights)

    def tell(self, g: Guest, first: bool, mine_before: bool) -> None:
        """What a screen reader is told of the host's news: the others' turns (the log's new
        lines but this seat's own), the end, and that it is this seat's turn."""
        if not first:
            for line in g.log[self.told:]:
                if not line.startswith("You"):
                    self.core.page.announce(line)
        self.told = len(g.log)
        out = self.outcome()
        if out is not None:
            self.core.page.announce(out.summary)
        elif g.seat is not None and self.turn == g.seat and (first or not mine_before):
            self.core.page.announce("Your turn.")

    # --- the session ---
    @property
    def turn(self) -> int | None:
        g = self.sitting()
        return None if g is None or g.ending is not None else g.turn

    def outcome(self) -> Outcome | None:
        """The end as the host told it to this seat."""
        g = self.sitting()
        if g is None or g.ending is None:
            return None
        e = g.ending
        return Outcome(e.winners, e.text, e.scores)

    def title(self) -> str:
        g = self.sitting()  # (the deal is the host's to know and to share)
        watching = g is not None and g.seat is None
        return self.core.game.info.name + (" (watching)" if watching else "")

    def instead(self) -> bool:
        return False  # (the host's screens are the host's)

    def seen(self) -> Seen[U, A, V] | None:
        g = self.sitting()
        if g is None or self.view is None:
            return None
        if g.seat is None:  # a watcher: the public view, nobody's
            return Seen(self.view, PUBLIC, g.names, marked=g.marks, gid="watch:host",
                        watch=True, actions=self.version, outcome=self.outcome())
        return Seen(self.view, g.seat, g.names, interactive=self.my_turn(),
                    marked=g.marks, can_undo=self.can_undo(), gid=f"guest:{g.token}",
                    actions=self.version, outcome=self.outcome())

    def my_turn(self) -> bool:
        g = self.sitting()
        return (g is not None and g.seat is not None and self.turn == g.seat
                and not self.sending)

    def around(self, seen: Seen[U, A, V]) -> Around:
        g = self.sitting()
        out = seen.outcome
        if out is not None:
            above = self.words_of.end_html(seen, Finale(
                out.summary, None if seen.seat == PUBLIC else seen.seat))
        elif seen.interactive:
            above = screens.since_html(self.since(), False, key=str(self.version))
        else:
            above = ""
        return Around(above, None, self.lines(), {"version": str(self.version)}
                      ) if g is not None else Around()

    def tapped(self, say: bool) -> Seen[U, A, V] | None:
        seen = self.seen()
        if seen is None or seen.outcome is not None:
            return None
        if not seen.interactive:
            if say:
                g = self.sitting()
                watcher = g is not None and g.seat is None
                self.core.say("You are watching: the players play on their phones." if watcher
                              else self.turn_words() or "Wait for your turn.", "refusal")
            return None
        return seen

    def act(self, seat: int, actions: Sequence[A], message: str | None,
            refusal: bool) -> None:
        """A tap's actions go to the host, which answers with its next view (or why not)."""
        assert self.view is not None
        self.core.board.heard(Stepping(seat, self.view, tuple(actions)))
        self.send(actions)
        self.core.render_board()
        if message:
            self.core.say(message, "refusal" if refusal else "info")
        self.core.board.heard(Stepped(seat, self.view, tuple(actions)))

    def can_undo(self) -> bool:
        """The host holds a step of this seat's turn it can take back."""
        g = self.sitting()
        return g is not None and g.undo and not self.sending

    def undo(self) -> None:
        """This seat's Undo: the host takes back its last step of this turn (or says why
        not); the table waits for its answer as for a tap's."""
        g = self.sitting()
        if g is None or self.sending:
            return
        g.take_back()
        self.sending = True
        self.core.render_board()

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

    def turn_words(self) -> str:
        """Whose turn it is, said on the guest's phone."""
        g = self.sitting()
        if g is None:
            return ""
        if g.host_left:
            return "The host left the table."
        if not g.transport.open:
            return ("The connection to the host was lost (a reload, or out of range): when "
                    "the host taps your “Invite” again, scan their new code.")
        turn = self.turn
        if turn is None:
            return ""
        if self.sending:
            return "Sent to the host…"
        name = g.names[turn] if 0 <= turn < len(g.names) else ""
        if turn != g.seat and name in g.waiting:
            return f"{name}'s turn: waiting for {name}'s phone to come back."
        playing = f"{name} is playing." if turn != g.seat else ""
        gone = [n for n in g.waiting if n != name]
        if gone:
            return (playing + " " if playing else "") + away_words(gone)
        return playing
