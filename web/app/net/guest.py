"""A guest: one remote seat's end of the table, on its own phone.

It keeps what the host last told it (its seat and token, the newest view and its version, the
log told for it, the end) and sends its player's actions with the version of the view they
were chosen from. Whatever the host sends is read by :func:`~app.net.protocol.read_host`; a
message that is not one is noted in :attr:`Guest.problems` and otherwise ignored.

A watcher (:meth:`Guest.watch`) sits in no seat: the host sends it the public view only, and an
update that is not marked public is refused here (never kept), so that it holds no hidden card.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping

from app.net.protocol import (
    Act,
    BadMessage,
    Ending,
    Hello,
    HostLeft,
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
    read_host,
)
from app.net.transport import Transport
from app.storage.stored_json import JSONObject


class Guest:
    """``name``'s end of a channel to the host; ``token``: its seat's token when it rejoins.

    ``tables``: the seat tokens this phone keeps, by table id: given them, the guest joins by
    itself once the host has said which table this is (:class:`~app.net.protocol.Hello`),
    with that table's token only (or none); ``watch``: it asks to watch instead, with no
    token. ``sittings`` counts the host's welcomes: a new one
    is a new game at the same table (Play again), to be shown afresh."""

    def __init__(self, transport: Transport, name: str, token: str | None = None,
                 tables: Mapping[str, str] | None = None, watch: bool = False) -> None:
        self.transport = transport
        self.name = name
        self.token = token
        self.tables = tables
        self.table: str | None = None  # the table's id, once the host said it
        self.joined = False
        self.wants_to_watch = watch  # a watcher's: it asks to watch once the host says hello
        self.sittings = 0
        self.seat: int | None = None
        self.game = ""
        self.names: tuple[str, ...] = ()
        self.version = -1
        self.view: JSONObject | None = None
        self.turn: int | None = None
        self.log: list[str] = []
        self.ending: Ending | None = None
        # what the host marks as changed since this seat last acted; the last change's flights
        self.marks: frozenset[str] = frozenset()
        self.flights: tuple[tuple[str, str | None], ...] = ()
        self.undo = False  # the host can take back a step of this seat's turn
        self.refusals: list[str] = []
        self.waiting: tuple[str, ...] = ()
        self.notices: list[str] = []  # what the host did to the table, told in words
        self.host_left = False
        self.pongs = 0
        self.problems: deque[str] = deque(maxlen=200)
        self.other_app: OtherVersion | None = None  # the host runs another version of the app
        self.watching = False  # the host welcomed it as a watcher (public views only)

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.turn == self.seat and self.ending is None

    def join(self) -> None:
        self.joined = True
        self.transport.send(encode(Join(self.token, self.name)))

    def watch(self) -> None:
        """Ask to watch the table without a seat (the public view only)."""
        self.joined = True
        self.transport.send(encode(Watch(self.name)))

    def act(self, *actions: str) -> None:
        """Send one tap's ``actions`` (their text forms), chosen from the view of
        :attr:`version`."""
        if self.token is None:
            raise RuntimeError("not seated: join first")
        self.transport.send(encode(Act(self.token, actions, self.version)))

    def take_back(self) -> None:
        """Ask the host to take back this seat's last step of its turn (its Undo)."""
        if self.token is None:
            raise RuntimeError("not seated: join first")
        self.transport.send(encode(TakeBack(self.token, self.version)))

    def ping(self) -> None:
        self.transport.send(encode(Ping()))

    def pump(self) -> None:
        """Read everything the host has sent."""
        for text in self.transport.receive():
            try:
                message = read_host(text)
            except OtherVersion as e:
                self.other_app = e
                self.problems.append(str(e))
                continue
            except BadMessage as e:
                self.problems.append(str(e))
                continue
            match message:
                case Hello(table):
                    self.table = table
                    if self.wants_to_watch and not self.joined:
                        self.watch()
                    elif self.tables is not None and not self.joined:
                        self.token = self.tables.get(table)
                        self.join()
                case Welcome(seat, token, game, names):
                    self.seat, self.token = seat, token
                    self._sit(game, names)
                case Watching(game, names):
                    self.watching = True
                    self._sit(game, names)
                case ViewUpdate():
                    self._update(message)
                case Refusal(reason):
                    self.refusals.append(reason)
                case Waiting(names):
                    self.waiting = names
                case Notice(text):
                    self.notices.append(text)
                case Pong():
                    self.pongs += 1
                case HostLeft():
                    self.host_left = True

    def _sit(self, game: str, names: tuple[str, ...]) -> None:
        """A new sitting at game ``game`` (a seat's welcome, or a watcher's): the host counts
        versions afresh (after its own reload, or in its next game at the same table), and its
        view is to come."""
        self.game, self.names = game, names
        self.sittings += 1
        self.log, self.version, self.view, self.ending = [], -1, None, None
        self.turn, self.marks, self.flights, self.undo = None, frozenset(), (), False

    def _update(self, u: ViewUpdate) -> None:
        if u.public != self.watching:
            self.problems.append("a seat's view sent to a watcher" if self.watching else
                                 "a public view sent to a seat")
            return
        if u.version < self.version or u.log_start > len(self.log):
            self.problems.append(f"an update out of order (version {u.version})")
            return
        self.version, self.view, self.turn, self.ending = u.version, u.view, u.turn, u.ending
        self.marks, self.flights, self.undo = frozenset(u.marks), u.flights, u.undo
        self.log[u.log_start:] = u.log
