"""The messages between a host and its guests, as typed values with one versioned JSON form.

Every message is a JSON object ``{"v": 3, "t": <kind>, ...}`` (version 2: a view update carries
its marks and flights; version 3: the host names its table first, a guest keeps one seat token
per table, watchers, notices, and rtc.js's heartbeat beside the messages). A message of
another version is an :class:`OtherVersion`: the two
phones run different versions of the app, which each side says in words. Each side reads
what comes in once, at the edge (:func:`read_guest` on the host, :func:`read_host` on a
guest): the text's size and nesting are checked before it is parsed, then every field against
its kind's schema, declared below for :mod:`app.schema` (no field missing, none unknown, each of
its type and within its bounds, a text's length measured first),
and a message that is not one of these is a :class:`BadMessage` naming where it broke
(``act.seen: expected a whole number, got 'x'``). Nothing past the edge reads JSON text, and
nothing in a message is ever run: an action is only text for the game's ``parse_action``.

Guest to host: :class:`Join` (a seat token to rejoin with, or None for the seat this channel
was opened for; the guest's name), :class:`Act` (one tap's actions in their text form, taken
all or none, with the token of the seat and the version of the view they were chosen from),
:class:`TakeBack` (its player's Undo: the last step of the turn it is playing), :class:`Ping`,
:class:`Watch` (watch the table without a seat: a big screen's or a watcher's phone).

Host to guest: :class:`Hello` (first, as the channel opens: the table's id, so that the guest
joins with the token it keeps for that table only), :class:`Welcome` (the seat and its token),
:class:`ViewUpdate` (that seat's view only, whose turn it is, the log lines told for that
reader and the end), :class:`Refusal` (why, for that guest only), :class:`Waiting` (the
remote seats the table waits for), :class:`Notice` (what the host did to the table, in words),
:class:`Pong`, :class:`HostLeft`; to a watcher, :class:`Watching` (its welcome) and view
updates marked ``public`` holding the game's public view only (``Game.public_view``: no card of
any hand), never a seat's.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import TypeVar

from app import schema as s
from app.schema import BadMessage as BadMessage
from app.storage.stored_json import JSONObject

VERSION = 3
MAX_GUEST_MESSAGE = 16 * 1024  # bytes of a guest's message (an action is far below 1 KB)
MAX_HOST_MESSAGE = 1024 * 1024  # bytes of the host's (a view of a big Machiavelli table: ~3 KB)
MAX_TEXT = 4000  # characters of an action's text form or a reason
MAX_NAME_IN = 200  # characters of a name as sent (app.seated.seats.clean_name cuts it to 24)
MAX_LOG_LINES = 400  # log lines in one update
MAX_ACTIONS = 64  # actions of one tap (a Machiavelli rearrangement is a few)
MAX_MARKS = 2000  # marks of one update (a whole Machiavelli table changed: a few hundred)
MAX_FLIGHTS = 200  # cards moved by one change
TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
# a mark or a flying card's key, and where a card flies from (a CSS selector of the board's):
# plain characters only, so that neither can be more than a key or a selector on the page
KEY = re.compile(r"[A-Za-z0-9:._,+-]{1,64}")
SOURCE = re.compile(r"[A-Za-z0-9 #.:_,+=\[\]\"-]{1,160}")

# what either phone says when the other runs another version of the app
OTHER_APP = ("runs {which} version of this app: both phones need the same one. Open the app "
             "on each while online and take its update, then invite again.")


class OtherVersion(BadMessage):
    """A message of another version of this protocol: the other phone's app is older or newer
    (``newer``) than this one."""

    def __init__(self, side: str, version: object) -> None:
        super().__init__(f"{side}.v: this app speaks version {VERSION}, not {s.show(version)}")
        self.newer = isinstance(version, int) and version > VERSION

    def words(self, who: str) -> str:
        """``who`` ("The host's phone") and what to do, in a player's words."""
        return f"{who} " + OTHER_APP.format(which="a newer" if self.newer else "an older")

# --- guest to host -------------------------------------------------------------------------


@dataclass(frozen=True)
class Join:
    """Take the seat this channel was opened for (``token`` None) or come back to the seat of
    ``token``."""

    token: str | None
    name: str


@dataclass(frozen=True)
class Act:
    """Take ``actions`` (their text forms, all or none: one tap's) in the seat of ``token``,
    chosen from the view of version ``seen``."""

    token: str
    actions: tuple[str, ...]
    seen: int


@dataclass(frozen=True)
class TakeBack:
    """Take back the last step of the turn the seat of ``token`` is playing (its Undo),
    chosen from the view of version ``seen``."""

    token: str
    seen: int


@dataclass(frozen=True)
class Ping:
    pass


@dataclass(frozen=True)
class Watch:
    """Watch the table without a seat (``name``: the watcher's, for the host's list): the host
    sends it the public view only."""

    name: str


GuestMessage = Join | Act | TakeBack | Ping | Watch

# --- host to guest -------------------------------------------------------------------------


@dataclass(frozen=True)
class Hello:
    """This channel is to the table ``table`` (its id, kept by the host across its games):
    join it with the seat token this phone keeps for that table, if any (a phone that sat at
    other tables never sends their tokens here)."""

    table: str


@dataclass(frozen=True)
class Welcome:
    """You sit in ``seat`` of game ``game``; ``token`` brings you back to it; the seats are
    called ``names``."""

    seat: int
    token: str
    game: str
    names: tuple[str, ...]


@dataclass(frozen=True)
class Ending:
    """How the game ended (``text``: "Ana wins with 9 points", by the seats' names, as
    every phone at the table reads it; its head says "You win!" to the winner)."""

    text: str
    winners: tuple[int, ...]
    scores: tuple[float, ...] | None


@dataclass(frozen=True)
class ViewUpdate:
    """The table after ``version`` changes: ``view``, the engine's view of the reader's seat
    only (``Game.view(state, seat).to_dict()``); ``turn``, the seat to act (None: over); the
    log lines told for the reader from line ``log_start`` on (the lines before it are the ones
    already sent); ``ending`` once the game is over. ``marks``: what the others changed since
    the reader last acted, and ``flights``: the cards the last change moved (card key, where
    from; None: where it was), as the game's board marks and flies them on the host. Both are
    worked out by the host from the true states (the reader's phone has only its view, whose
    hidden cards it can but guess), and both are public by the board's design: the marks of a
    pass-and-play table are shown to the next person."""

    version: int
    view: JSONObject
    turn: int | None
    log_start: int
    log: tuple[str, ...]
    ending: Ending | None
    marks: tuple[str, ...] = ()
    flights: tuple[tuple[str, str | None], ...] = ()
    undo: bool = False  # the reader has a step of this turn the host can take back (its Undo)
    public: bool = False  # a watcher's: ``view`` is the public view (no hand), log told to nobody


@dataclass(frozen=True)
class Refusal:
    """What the guest sent was refused, and why (its action, its join, or the message)."""

    reason: str


@dataclass(frozen=True)
class Waiting:
    """The remote seats whose phones are away (none: everybody is here)."""

    names: tuple[str, ...]


@dataclass(frozen=True)
class Notice:
    """What the host did to the table that every phone is told in words (a seat given to a
    computer, the game ended before its end)."""

    text: str


@dataclass(frozen=True)
class Pong:
    pass


@dataclass(frozen=True)
class HostLeft:
    pass


@dataclass(frozen=True)
class Watching:
    """You watch game ``game`` without a seat; the seats are called ``names``."""

    game: str
    names: tuple[str, ...]


HostMessage = (Hello | Welcome | ViewUpdate | Refusal | Waiting | Notice | Pong | HostLeft
               | Watching)

# --- the JSON form -------------------------------------------------------------------------

COUNT = s.whole(0, 2**53 - 1)  # a version, a seat, a line number: as JavaScript counts
SEAT_TOKEN = s.text(64, TOKEN, "a seat token")
LINE = s.text(MAX_TEXT)  # an action's text form, a reason, a log line, a name
NAMES = s.listed(LINE, 64)

GUEST: s.Tagged[GuestMessage] = s.Tagged("t", {
    "join": s.record(Join, token=s.nullable(SEAT_TOKEN), name=s.text(MAX_NAME_IN)),
    "act": s.record(Act, token=SEAT_TOKEN, actions=s.listed(LINE, MAX_ACTIONS, least=1),
                    seen=COUNT),
    "take-back": s.record(TakeBack, token=SEAT_TOKEN, seen=COUNT),
    "ping": s.record(Ping),
    "watch": s.record(Watch, name=s.text(MAX_NAME_IN)),
}, by_kind=True)

ENDING = s.record(Ending, text=LINE, winners=s.listed(s.whole(0, 63), 64),
                  scores=s.nullable(s.listed(s.number, 64)))
HOST: s.Tagged[HostMessage] = s.Tagged("t", {
    "hello": s.record(Hello, table=s.text(64, TOKEN, "a table's id")),
    "welcome": s.record(Welcome, seat=COUNT, token=SEAT_TOKEN, game=s.text(64), names=NAMES),
    "view": s.record(ViewUpdate, version=COUNT, view=s.obj, turn=s.nullable(COUNT),
                     log_start=COUNT, log=s.listed(LINE, MAX_LOG_LINES),
                     ending=s.nullable(ENDING),
                     marks=s.listed(s.text(64, KEY, "a mark"), MAX_MARKS),
                     flights=s.listed(s.pair(s.text(64, KEY, "a card's key"), s.nullable(
                         s.text(160, SOURCE, "where a card flies from"))), MAX_FLIGHTS),
                     undo=s.flag, public=s.flag.or_(False)),
    "refused": s.record(Refusal, reason=LINE),
    "waiting": s.record(Waiting, names=NAMES),
    "notice": s.record(Notice, text=LINE),
    "pong": s.record(Pong),
    "host-left": s.record(HostLeft),
    "watching": s.record(Watching, game=s.text(64), names=NAMES),
}, by_kind=True)


def encode(message: GuestMessage | HostMessage) -> str:
    """The one JSON text of ``message``."""
    body = (GUEST if isinstance(message, GuestMessage) else HOST).write(message)
    return json.dumps({"v": VERSION, **body}, separators=(",", ":"), ensure_ascii=False)


M = TypeVar("M")


def _read(spec: s.Tagged[M], text: object, most: int, side: str) -> M:
    """The size, JSON and version of a message, then its kind's fields."""
    data = s.parse(text, side, most)
    if not isinstance(data, dict):
        raise BadMessage(f"{side}: expected an object, got {s.show(data)}")
    if data.get("v") != VERSION:
        raise OtherVersion(side, data.get("v"))
    return spec.read({k: v for k, v in data.items() if k != "v"}, side)


def read_guest(text: object) -> GuestMessage:
    """A guest's message as a typed value; :class:`BadMessage` says what is wrong with it."""
    return _read(GUEST, text, MAX_GUEST_MESSAGE, "guest")


def read_host(text: object) -> HostMessage:
    """The host's message as a typed value; :class:`BadMessage` says what is wrong with it."""
    return _read(HOST, text, MAX_HOST_MESSAGE, "host")
