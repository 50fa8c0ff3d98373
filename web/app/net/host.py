"""The referee (:class:`Referee`) of a table of phones, on the host's phone, holding the one game
in progress.

The host works over a :class:`~app.seated.seats.Match` rather than a bare game and state: the
match carries what a table of phones needs beside the state (the seats' kinds and names, the
deal, every action applied as text) and is what the app saves and resumes, so a host's game is
saved as any game and a guest's log lines are read from the same action log
(:class:`~app.seated.history.History`) as the host's own.

Some of the match's seats are *remote* (a person on another phone). Each remote seat gets a
random token (:mod:`secrets`) when a guest first joins it over the channel opened for it; the
token is the seat's key from then on: an :class:`~app.net.protocol.Act` is taken only with the
token of the seat to move, over that seat's channel, and a guest who comes back (a reload, a
locked phone) rejoins with it over any new channel. The other seats are the host's: its own
player or pass-and-play people (:meth:`Referee.play`) and computers (the caller plays them, as
the table does, with :func:`engine.seats.choose`).

Everything that comes in is read by :func:`~app.net.protocol.read_guest`; whatever is wrong
with it (too big, not JSON, not this schema, the wrong token, not your turn, an illegal action)
is answered with a :class:`~app.net.protocol.Refusal` to that guest only and noted in
:attr:`Referee.problems`; nothing a guest sends raises into the host or is run. After every change
each guest present gets a :class:`~app.net.protocol.ViewUpdate` of its own seat's view only.

A *watcher* (a big screen, a phone watching) sits in no seat: over a channel opened for no seat
it sends :class:`~app.net.protocol.Watch`, is welcomed with
:class:`~app.net.protocol.Watching`, and gets updates marked ``public`` holding the game's public
view only (``Game.public_view``: no card of any hand), the log told to nobody, and the marks of
the turn being played (the mover's steps since its turn began), so that it never holds a hidden
card. It can act for nobody.
"""

from __future__ import annotations

import logging
import secrets
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from app.net.news import News
from app.net.protocol import (
    Act,
    BadMessage,
    Ending,
    Hello,
    HostLeft,
    HostMessage,
    Join,
    Notice,
    OtherVersion,
    Ping,
    Pong,
    Refusal,
    TakeBack,
    ViewUpdate,
    Waiting,
    Watch,
    Watching,
    Welcome,
    encode,
    read_guest,
)
from app.net.transport import Transport
from app.seated.history import History, Marker, Teller
from app.seated.seats import Match, clean_name
from engine.errors import EngineError, IllegalAction
from engine.protocol import Action, outcome_text

S = TypeVar("S")  # the game's state
A = TypeVar("A", bound=Action)  # its actions

LOG = logging.getLogger("app.net")
# messages read from one channel each time the host reads its channels (a person taps far
# fewer; a flood is dropped, and its sender told so)
MAX_PER_PUMP = 64
MAX_WATCHERS = 8  # watchers at once (a big screen or two, a few phones watching)


@dataclass(eq=False)
class GuestLink:
    """One channel to a guest: the seat it was opened for (None: only a rejoin with a token),
    the seat it sits in once joined, and what it has been sent of the log."""

    transport: Transport
    invited: int | None
    number: int
    seat: int | None = None
    name: str = ""
    log_sent: list[str] = field(default_factory=list)
    watcher: bool = False  # it watches: sent the public view only, never acts


class Referee(Generic[S, A]):
    """The referee of ``match``, whose seats ``remote`` are people on other phones.

    ``teller``: what tells a turn as a log line (the game's Board); without one, updates carry
    no log lines. ``marker``: what marks and flies a change (the game's Board too); without
    one, updates carry no marks and no flights. ``take_back``: a guest's Undo, the last step
    of the turn its seat is playing taken back (the table's own way; IllegalAction: nothing
    to take back); without one, a guest's Undo is refused; ``can_take_back``: whether a
    seat has such a step (its guest's Undo button is live). ``new_token``: a seat token's
    maker (tests may pass a fixed one). ``tokens``: the remote seats' tokens given out
    before (:attr:`tokens`, kept beside the saved game), so that guests rejoin a host whose
    page reloaded. ``perform``: how a guest's checked actions are applied (the table's own
    way, which saves, redraws and tells this host once, by :meth:`changed`; by default
    straight to the match, and then told), all or none, raising IllegalAction. The same for
    ``take_back``: the table's Undo tells this host of it. ``table``: the table's id, said
    first on every channel (:class:`~app.net.protocol.Hello`) so that a guest joins with its
    token for this table only; the hosting keeps it across the table's games."""

    def __init__(self, match: Match[S], remote: Iterable[int],
                 teller: Teller[S, A] | None = None,
                 new_token: Callable[[], str] = lambda: secrets.token_urlsafe(18),
                 tokens: Mapping[int, str] | None = None,
                 perform: Callable[[int, list[A]], None] | None = None,
                 marker: Marker[S] | None = None,
                 take_back: Callable[[int], None] | None = None,
                 can_take_back: Callable[[int], bool] = lambda _seat: False,
                 table: str | None = None) -> None:
        self.match = match
        self.table = table or secrets.token_urlsafe(12)
        self.take_back = take_back
        self.can_take_back = can_take_back
        self.marker = marker
        self.perform: Callable[[int, list[A]], None] = perform or self._apply
        self.remote = tuple(sorted(set(remote)))
        seats = match.setup.seats
        for seat in self.remote:
            if not 0 <= seat < len(seats) or seats[seat].kind not in ("person", "phone"):
                raise ValueError(f"seat {seat} cannot be remote: only a person's seat can")
        self.history: History[S, A] | None = (
            None if teller is None else History(match.game, teller))
        self.new_token = new_token
        # remote seat -> its token, once given out
        self.tokens: dict[int, str] = {s: t for s, t in (tokens or {}).items()
                                       if s in self.remote}
        self.links: list[GuestLink] = []
        self.version = match.actions  # goes up with every change of the table
        self.problems: deque[str] = deque(maxlen=200)  # every refusal, with its reason
        # the seats invited whose phone spoke another version of the app: why, in words
        self.other_app: dict[int, OtherVersion] = {}
        # the seats invited whose phone's join was refused: why (said on the invitation)
        self.refused_joins: dict[int, str] = {}
        self.closed = False
        self._numbers = 0
        self._waiting: tuple[str, ...] | None = None
        # what each remote seat and a watcher are shown as changed, and flown
        self.news: News[S] = News(match, self.remote, marker)

    # --- channels --------------------------------------------------------------------------
    def connect(self, transport: Transport, seat: int | None = None) -> GuestLink:
        """A new channel, opened for remote ``seat`` (None: for a guest rejoining with its
        token)."""
        if seat is not None and seat not in self.remote:
            raise ValueError(f"seat {seat} is not a remote seat")
        self._numbers += 1
        link = GuestLink(transport, seat, self._numbers)
        self.links.append(link)
        self._send(link, Hello(self.table))
        return link

    def adopt(self, old: Referee[Any, Any]) -> None:
        """Play again at the same table: the guests sitting at ``old`` (the table's last game)
        in a seat that is a remote seat of the same name here too keep their channel, seat,
        name and token, and are welcomed to this game at once (no new invitation), as are its
        watchers; ``old`` then closes, which tells only the others that the host left."""
        self.table = old.table
        self._numbers = max(self._numbers, old._numbers)
        names = tuple(self.match.names())
        kept = []
        before = old.match.names()
        for seat, link in old.present().items():
            if seat not in self.remote or before[seat] != names[seat]:  # another person's
                continue
            self.tokens[seat] = old.tokens[seat]
            new = GuestLink(link.transport, seat, link.number, seat, link.name)
            self.links.append(new)
            kept.append(link)
            self._send(new, Welcome(seat, self.tokens[seat], self.match.setup.game, names))
            self._update(new, seat)
        for link in old.watchers():  # its watchers watch the next game too
            new = GuestLink(link.transport, None, link.number, None, link.name, watcher=True)
            self.links.append(new)
            kept.append(link)
            self._send(new, Watching(self.match.setup.game, names))
            self._send_new(new, self.update_public())
        old.links = [ln for ln in old.links if ln not in kept]
        old.close()
        self._waiting = None  # tell everyone who is here now

    def present(self) -> dict[int, GuestLink]:
        """The remote seats with a guest here now, and its channel."""
        return {ln.seat: ln for ln in self.links if ln.seat is not None and ln.transport.open}

    def watchers(self) -> list[GuestLink]:
        """The watchers' channels open now."""
        return [ln for ln in self.links if ln.watcher and ln.transport.open]

    def waiting(self) -> tuple[str, ...]:
        """The names of the remote seats whose guest is away ("waiting for Ana")."""
        here, names = self.present(), self.match.names()
        return tuple(names[s] for s in self.remote if s not in here)

    def pump(self) -> None:
        """Read and answer everything that has arrived; forget the channels that closed."""
        for link in list(self.links):
            if not link.transport.open:  # closed, or given way to a newer channel
                continue
            texts = link.transport.receive()
            for text in texts[:MAX_PER_PUMP]:
                self._receive(link, text)
            if len(texts) > MAX_PER_PUMP:
                self._refuse(link, f"too many messages at once: {len(texts) - MAX_PER_PUMP} "
                                   "were not read")
        self.links = [ln for ln in self.links if ln.transport.open]
        self._tell_waiting()

    def away(self) -> tuple[int, ...]:
        """The remote seats whose phone sat here and left (a token given out, no guest here):
        the seats the host may give to a computer."""
        here = self.present()
        return tuple(s for s in self.remote if s in self.tokens and s not in here)

    def release(self, seat: int) -> None:
        """``seat`` is no longer played on a phone (the table gave it to a computer): its token
        is void, its channel if any closes, and every guest hears whom the table waits for."""
        if seat not in self.remote:
            return
        self.remote = tuple(s for s in self.remote if s != seat)
        self.tokens.pop(seat, None)
        for link in self.links:
            if link.seat == seat or link.invited == seat:
                link.transport.close()
        self.links = [ln for ln in self.links if ln.transport.open]
        self._tell_waiting()

    def notice(self, text: str) -> None:
        """Tell every guest present, in words, what the host did to the table."""
        for link in self.present().values():
            self._send(link, Notice(text))

    def close(self) -> None:
        """The host leaves: every guest hears it, every channel closes."""
        for link in self.links:
            self._send(link, HostLeft())
            link.transport.close()
        self.links = []
        self.closed = True

    # --- the game --------------------------------------------------------------------------
    def play(self, seat: int, action: A) -> None:
        """An action of one of the host's own seats (its player, a pass-and-play person, a
        computer); IllegalAction leaves the game as it was."""
        if seat in self.remote:
            raise IllegalAction("that seat is played on another phone")
        if self.match.current != seat:
            raise IllegalAction("it is not that seat's turn")
        self.match.apply_all([action])
        self.changed()

    def _apply(self, _seat: int, actions: list[A]) -> None:
        """A guest's actions, with no table: applied to the match, and every guest told."""
        self.match.apply_all(actions)
        self.changed()

    def changed(self) -> None:
        """The table changed (an action, an Undo, a new hand): every guest present gets its
        view."""
        self.version += 1
        self.news.record()
        for seat, link in self.present().items():
            self._update(link, seat)
        for link in self.watchers():
            self._send_new(link, self.update_public())
        self.news.flown()  # flown once: a view sent again (a rejoin) moves nothing

    def update_for(self, seat: int) -> ViewUpdate:
        """What ``seat``'s guest is sent now: its own view and nothing else, with the log lines
        told for it (all of them: :meth:`_update` sends only what is new)."""
        m = self.match
        flights = tuple(self.news.flights.get(seat, ()))
        return ViewUpdate(self.version, m.game.view(m.state, seat).to_dict(), m.current, 0,
                          self._lines(seat), self._ending(),
                          tuple(sorted(self.news.marked.get(seat, ()))), flights,
                          self.can_take_back(seat))

    def update_public(self) -> ViewUpdate:
        """What a watcher is sent now: the public view (no card of any hand), the log told to
        nobody, the marks and flights of the turn being played; marked ``public``."""
        m = self.match
        return ViewUpdate(self.version, m.game.public_view(m.state).to_dict(), m.current, 0,
                          self._lines(None), self._ending(), tuple(sorted(self.news.public_marked)),
                          tuple(self.news.public_flights), False, public=True)

    def _ending(self) -> Ending | None:
        m = self.match
        out = m.outcome
        return None if out is None else Ending(  # the sentence by names, as every phone
            outcome_text(out, m.names()), tuple(out.winners),  # of the table reads it
            None if out.scores is None else tuple(float(s) for s in out.scores))

    def _lines(self, reader: int | None) -> tuple[str, ...]:
        """The log told for ``reader`` (None: nobody is "you")."""
        return () if self.history is None else tuple(
            ln.text for ln in self.history.lines(self.match, reader))

    def _update(self, link: GuestLink, seat: int) -> None:
        self._send_new(link, self.update_for(seat))

    def _send_new(self, link: GuestLink, full: ViewUpdate) -> None:
        """``full`` with only the log lines ``link`` was not sent yet."""
        lines = list(full.log)
        same = 0
        for a, b in zip(link.log_sent, lines, strict=False):
            if a != b:
                break
            same += 1
        link.log_sent = lines
        self._send(link, ViewUpdate(full.version, full.view, full.turn, same,
                                    tuple(lines[same:]), full.ending, full.marks, full.flights,
                                    full.undo, full.public))

    # --- what comes in ---------------------------------------------------------------------
    def _receive(self, link: GuestLink, text: str) -> None:
        try:
            message = read_guest(text)
        except OtherVersion as e:
            if link.invited is not None:
                self.other_app[link.invited] = e
            self._refuse(link, f"that message could not be read: {e}")
            return
        except BadMessage as e:
            self._refuse(link, f"that message could not be read: {e}")
            return
        try:
            match message:
                case Join():
                    self._join(link, message)
                case Act():
                    self._act(link, message)
                case TakeBack():
                    self._take_back(link, message)
                case Ping():
                    self._send(link, Pong())
                case Watch():
                    self._watch(link, message)
        except Exception as e:  # a bug of ours must not stop the table: that guest hears it
            LOG.exception("guest %s", link.number)
            self._refuse(link, f"the host could not do that ({type(e).__name__})")

    def _seat_of(self, token: str) -> int | None:
        found = None
        for seat, known in self.tokens.items():
            if secrets.compare_digest(known, token):
                found = seat
        return found

    def _join(self, link: GuestLink, j: Join) -> None:
        names = self.match.names()
        if link.seat is not None:
            self._refuse(link, "you already sit at this table")
            return
        if link.watcher:
            self._refuse(link, "you watch this table: ask the host to invite you to a seat")
            return
        seat = None if j.token is None else self._seat_of(j.token)
        if seat is None:  # a first sitting (a token this table does not know is none)
            seat = link.invited
            if seat is None:
                self._refuse_join(link, "that seat token is not one of this table's"
                                  if j.token is not None else "this invitation is for coming "
                                  "back to a seat, and this phone holds none at this table")
                return
            if seat in self.tokens:
                self._refuse_join(link, f"{names[seat]}'s seat is taken: only the phone "
                                        "that sat in it can come back to it")
                return
            self.tokens[seat] = self.new_token()
        elif link.invited is not None and link.invited != seat:
            self._refuse_join(link, f"this phone sits in {names[seat]}'s seat at this "
                                    f"table, and the invitation is for {names[link.invited]}'s")
            return
        for old in self.links:  # the seat's older channel (a phone reloaded) gives way
            if old is not link and old.seat == seat:
                self._send(old, Refusal("your seat was taken up again on another channel"))
                old.transport.close()
                old.seat = None
        link.seat, link.name = seat, clean_name(j.name)
        link.log_sent = []
        self._send(link, Welcome(seat, self.tokens[seat], self.match.setup.game, tuple(names)))
        self._update(link, seat)
        self._waiting = None  # tell everyone who is here now

    def _watch(self, link: GuestLink, w: Watch) -> None:
        """A watcher over a channel opened for no seat: welcomed, then sent the public view."""
        if link.seat is not None or link.watcher:
            self._refuse(link, "you are already at this table")
            return
        if link.invited is not None:
            name = self.match.names()[link.invited]
            self._refuse(link, f"this invitation is {name}'s seat: ask the host to invite a "
                               "watcher")
            return
        if len(self.watchers()) >= MAX_WATCHERS:
            self._refuse(link, f"this table has {MAX_WATCHERS} watchers already")
            return
        link.watcher, link.name, link.log_sent = True, clean_name(w.name), []
        self._send(link, Watching(self.match.setup.game, tuple(self.match.names())))
        self._send_new(link, self.update_public())
        self._send(link, Waiting(self.waiting()))

    def _playing(self, link: GuestLink, token: str, seen: int) -> int | None:
        """The seat of ``link`` when it may play now (its token, its turn, the table as it
        saw it); otherwise the guest is told why, and None."""
        seat = link.seat
        if link.watcher:
            self._refuse(link, "a watcher plays no seat")
            return None
        if seat is None or not link.transport.open:
            self._refuse(link, "join the table first")
            return None
        if not secrets.compare_digest(self.tokens[seat], token):
            self._refuse(link, "that token is not this seat's")
            return None
        m = self.match
        if m.over:
            self._refuse(link, "the game is over")
            return None
        if m.current != seat:
            self._refuse(link, "it is not your turn")
            return None
        if seen != self.version:
            self._refuse(link, "the table changed since you saw it")
            self._update(link, seat)
            return None
        return seat

    def _take_back(self, link: GuestLink, t: TakeBack) -> None:
        seat = self._playing(link, t.token, t.seen)
        if seat is None:
            return
        if self.take_back is None:
            self._refuse(link, "Undo is the host's at this table")
            return
        try:
            self.take_back(seat)  # the table tells this host (changed), once
        except IllegalAction as e:
            self._refuse(link, e.reason)

    def _act(self, link: GuestLink, a: Act) -> None:
        seat = self._playing(link, a.token, a.seen)
        if seat is None:
            return
        m = self.match
        game: Any = m.game
        try:
            actions: list[A] = [game.parse_action(text) for text in a.actions]
            self.perform(seat, actions)  # the table tells this host (changed), once
        except IllegalAction as e:
            self._refuse(link, e.reason)
        except EngineError as e:  # ParseError: text that is no action of this game
            self._refuse(link, str(e))

    # --- what goes out ---------------------------------------------------------------------
    def _send(self, link: GuestLink, message: HostMessage) -> None:
        link.transport.send(encode(message))

    def _refuse(self, link: GuestLink, reason: str) -> None:
        reason = reason[:300]
        self.problems.append(f"guest {link.number}: {reason}")
        LOG.info("refused guest %s: %s", link.number, reason)
        self._send(link, Refusal(reason))

    def _refuse_join(self, link: GuestLink, reason: str) -> None:
        """A join refused: the guest hears why, and the host's invitation says it too."""
        if link.invited is not None:
            self.refused_joins[link.invited] = reason
        self._refuse(link, reason)

    def _tell_waiting(self) -> None:
        waiting = self.waiting()
        if waiting != self._waiting:
            self._waiting = waiting
            for link in [*self.present().values(), *self.watchers()]:
                self._send(link, Waiting(waiting))
