"""The messages between a host and its guests, as typed values with one versioned JSON form.

Every message is a JSON object ``{"v": 2, "t": <kind>, ...}`` (version 2: a view update carries
its marks and flights). A message of another version is an :class:`OtherVersion`: the two
phones run different versions of the app, which each side says in words. Each side reads
what comes in once, at the edge (:func:`read_guest` on the host, :func:`read_host` on a
guest): the text's size and nesting are checked before it is parsed, then every field against
its kind's schema (no field missing, none unknown, each of its type and within its bounds),
and a message that is not one of these is a :class:`BadMessage` naming where it broke
(``act.seen: expected a whole number, got 'x'``). Nothing past the edge reads JSON text, and
nothing in a message is ever run: an action is only text for the game's ``parse_action``.

Guest to host: :class:`Join` (a seat token to rejoin with, or None for the seat this channel
was opened for; the guest's name), :class:`Act` (one tap's actions in their text form, taken
all or none, with the token of the seat and the version of the view they were chosen from),
:class:`TakeBack` (its player's Undo: the last step of the turn it is playing), :class:`Ping`.

Host to guest: :class:`Welcome` (the seat and its token), :class:`ViewUpdate` (that seat's
view only, whose turn it is, the log lines told for that reader and the end), :class:`Refused`
(why, for that guest only), :class:`Waiting` (the remote seats the table waits for),
:class:`Pong`, :class:`HostLeft`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TypeVar

from app.messages import BadMessage
from app.storage.stored_json import JSON, JSONObject, loads_stored

VERSION = 2
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

__all__ = ["BadMessage"]
# what either phone says when the other runs another version of the app
OTHER_APP = ("runs {which} version of this app: both phones need the same one. Open the app "
             "on each while online and take its update, then invite again.")


class OtherVersion(BadMessage):
    """A message of another version of this protocol: the other phone's app is older or newer
    (``newer``) than this one."""

    def __init__(self, side: str, version: object) -> None:
        super().__init__(f"{side}.v: this app speaks version {VERSION}, not {_show(version)}")
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


GuestMessage = Join | Act | TakeBack | Ping

# --- host to guest -------------------------------------------------------------------------


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
    """How the game ended, told to the reader (``text``: "You win", "Ana wins")."""

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


@dataclass(frozen=True)
class Refused:
    """What the guest sent was refused, and why (its action, its join, or the message)."""

    reason: str


@dataclass(frozen=True)
class Waiting:
    """The remote seats whose phones are away (none: everybody is here)."""

    names: tuple[str, ...]


@dataclass(frozen=True)
class Pong:
    pass


@dataclass(frozen=True)
class HostLeft:
    pass


HostMessage = Welcome | ViewUpdate | Refused | Waiting | Pong | HostLeft

# --- the JSON form -------------------------------------------------------------------------


def encode(message: GuestMessage | HostMessage) -> str:
    """The one JSON text of ``message``."""
    body: JSONObject
    match message:
        case Join(token, name):
            body = {"t": "join", "token": token, "name": name}
        case Act(token, actions, seen):
            body = {"t": "act", "token": token, "actions": list(actions), "seen": seen}
        case TakeBack(token, seen):
            body = {"t": "take-back", "token": token, "seen": seen}
        case Ping():
            body = {"t": "ping"}
        case Welcome(seat, token, game, names):
            body = {"t": "welcome", "seat": seat, "token": token, "game": game,
                    "names": list(names)}
        case ViewUpdate(version, view, turn, log_start, log, ending, marks, flights, undo):
            body = {"t": "view", "version": version, "view": view, "turn": turn,
                    "log_start": log_start, "log": list(log),
                    "ending": None if ending is None else {
                        "text": ending.text, "winners": list(ending.winners),
                        "scores": None if ending.scores is None else list(ending.scores)},
                    "marks": list(marks), "flights": [[c, src] for c, src in flights],
                    "undo": undo}
        case Refused(reason):
            body = {"t": "refused", "reason": reason}
        case Waiting(names):
            body = {"t": "waiting", "names": list(names)}
        case Pong():
            body = {"t": "pong"}
        case HostLeft():
            body = {"t": "host-left"}
    return json.dumps({"v": VERSION, **body}, separators=(",", ":"), ensure_ascii=False)


def _show(v: object) -> str:
    r = repr(v)
    return r if len(r) <= 40 else r[:37] + "..."


class _Fields:
    """The fields of one message, read each once; :meth:`done` refuses any left unread."""

    def __init__(self, data: Mapping[str, JSON], kind: str) -> None:
        self.data = data
        self.kind = kind
        self.read: set[str] = {"v", "t"}

    def get(self, key: str) -> JSON:
        if key not in self.data:
            raise BadMessage(f"{self.kind}.{key}: missing")
        self.read.add(key)
        return self.data[key]

    def text(self, key: str, limit: int = MAX_TEXT, nullable: bool = False) -> str | None:
        v = self.get(key)
        if v is None and nullable:
            return None
        if not isinstance(v, str):
            raise BadMessage(f"{self.kind}.{key}: expected text, got {_show(v)}")
        if len(v) > limit:
            raise BadMessage(f"{self.kind}.{key}: longer than {limit} characters")
        return v

    def token(self, key: str, nullable: bool = False) -> str | None:
        v = self.text(key, 64, nullable)
        if v is not None and not TOKEN.fullmatch(v):
            raise BadMessage(f"{self.kind}.{key}: not a seat token")
        return v

    def number(self, key: str, nullable: bool = False) -> int | None:
        v = self.get(key)
        if v is None and nullable:
            return None
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < 2**53:
            raise BadMessage(f"{self.kind}.{key}: expected a whole number, got {_show(v)}")
        return v

    def texts(self, key: str, limit: int) -> tuple[str, ...]:
        v = self.get(key)
        if not isinstance(v, list) or len(v) > limit:
            raise BadMessage(f"{self.kind}.{key}: expected a list of at most {limit} texts")
        for i, x in enumerate(v):
            if not isinstance(x, str) or len(x) > MAX_TEXT:
                raise BadMessage(f"{self.kind}.{key}[{i}]: expected text, got {_show(x)}")
        return tuple(str(x) for x in v)

    def done(self) -> None:
        extra = sorted(set(self.data) - self.read)
        if extra:
            raise BadMessage(f"{self.kind}: unknown field {_show(extra[0])}")


def _read(text: object, limit: int, side: str) -> _Fields:
    """The size, JSON, nesting, version and kind of a message, before its kind's fields."""
    if not isinstance(text, str):
        raise BadMessage(f"{side}: expected text, got {type(text).__name__}")
    if len(text) > limit or len(text.encode("utf-8", "surrogatepass")) > limit:
        raise BadMessage(f"{side}: larger than {limit} bytes")
    try:
        data = loads_stored(text)
    except (ValueError, RecursionError) as e:
        raise BadMessage(f"{side}: not JSON ({str(e)[:80]})") from None
    if not isinstance(data, dict):
        raise BadMessage(f"{side}: expected an object, got {_show(data)}")
    if data.get("v") != VERSION:
        raise OtherVersion(side, data.get("v"))
    kind = data.get("t")
    if not isinstance(kind, str):
        raise BadMessage(f"{side}.t: expected a kind of message, got {_show(kind)}")
    return _Fields(data, kind)


M = TypeVar("M")


def _read_join(f: _Fields) -> Join:
    return Join(f.token("token", nullable=True), f.text("name", MAX_NAME_IN) or "")


def _read_act(f: _Fields) -> Act:
    actions = f.texts("actions", MAX_ACTIONS)
    if not actions:
        raise BadMessage("act.actions: expected at least one action")
    return Act(f.token("token") or "", actions, f.number("seen") or 0)


GUEST_KINDS: Mapping[str, Callable[[_Fields], GuestMessage]] = {
    "join": _read_join, "act": _read_act, "ping": lambda f: Ping(),
    "take-back": lambda f: TakeBack(f.token("token") or "", f.number("seen") or 0)}


def _dispatch(f: _Fields, kinds: Mapping[str, Callable[[_Fields], M]], side: str) -> M:
    reader = kinds.get(f.kind)
    if reader is None:
        raise BadMessage(f"{side}.t: expected one of {', '.join(kinds)}, got {_show(f.kind)}")
    message = reader(f)
    f.done()
    return message


def read_guest(text: object) -> GuestMessage:
    """A guest's message as a typed value; :class:`BadMessage` says what is wrong with it."""
    return _dispatch(_read(text, MAX_GUEST_MESSAGE, "guest"), GUEST_KINDS, "guest")


def _read_welcome(f: _Fields) -> Welcome:
    return Welcome(f.number("seat") or 0, f.token("token") or "", f.text("game", 64) or "",
                   f.texts("names", 64))


def _read_ending(v: JSON) -> Ending | None:
    if v is None:
        return None
    if not isinstance(v, dict):
        raise BadMessage(f"view.ending: expected an object, got {_show(v)}")
    f = _Fields(v, "view.ending")
    f.read.clear()
    text = f.text("text") or ""
    winners = f.get("winners")
    if not isinstance(winners, list):
        raise BadMessage("view.ending.winners: expected a list of seats")
    seats = [w for w in winners if isinstance(w, int) and not isinstance(w, bool)
             and 0 <= w < 64]
    if len(seats) != len(winners):
        raise BadMessage("view.ending.winners: expected a list of seats")
    scores = f.get("scores")
    numbers: list[float] | None = None
    if scores is not None:
        if not isinstance(scores, list):
            raise BadMessage("view.ending.scores: expected a list of numbers")
        numbers = [float(s) for s in scores
                   if isinstance(s, int | float) and not isinstance(s, bool)]
        if len(numbers) != len(scores):
            raise BadMessage("view.ending.scores: expected a list of numbers")
    f.done()
    return Ending(text, tuple(seats), None if numbers is None else tuple(numbers))


def _read_flag(f: _Fields, key: str) -> bool:
    v = f.get(key)
    if not isinstance(v, bool):
        raise BadMessage(f"{f.kind}.{key}: expected true or false, got {_show(v)}")
    return v


def _read_marks(f: _Fields) -> tuple[str, ...]:
    marks = f.texts("marks", MAX_MARKS)
    for i, k in enumerate(marks):
        if not KEY.fullmatch(k):
            raise BadMessage(f"view.marks[{i}]: not a mark, {_show(k)}")
    return marks


def _read_flights(f: _Fields) -> tuple[tuple[str, str | None], ...]:
    v = f.get("flights")
    if not isinstance(v, list) or len(v) > MAX_FLIGHTS:
        raise BadMessage(f"view.flights: expected a list of at most {MAX_FLIGHTS} flights")
    out: list[tuple[str, str | None]] = []
    for i, x in enumerate(v):
        if not (isinstance(x, list) and len(x) == 2 and isinstance(x[0], str)
                and KEY.fullmatch(x[0])
                and (x[1] is None or (isinstance(x[1], str) and SOURCE.fullmatch(x[1])))):
            raise BadMessage(f"view.flights[{i}]: expected [card, where from], got {_show(x)}")
        out.append((x[0], x[1] if isinstance(x[1], str) else None))
    return tuple(out)


def _read_view(f: _Fields) -> ViewUpdate:
    view = f.get("view")
    if not isinstance(view, dict):
        raise BadMessage(f"view.view: expected an object, got {_show(view)}")
    return ViewUpdate(f.number("version") or 0, view, f.number("turn", nullable=True),
                      f.number("log_start") or 0, f.texts("log", MAX_LOG_LINES),
                      _read_ending(f.get("ending")), _read_marks(f), _read_flights(f),
                      _read_flag(f, "undo"))


HOST_KINDS: Mapping[str, Callable[[_Fields], HostMessage]] = {
    "welcome": _read_welcome, "view": _read_view,
    "refused": lambda f: Refused(f.text("reason") or ""),
    "waiting": lambda f: Waiting(f.texts("names", 64)),
    "pong": lambda f: Pong(), "host-left": lambda f: HostLeft()}


def read_host(text: object) -> HostMessage:
    """The host's message as a typed value; :class:`BadMessage` says what is wrong with it."""
    return _dispatch(_read(text, MAX_HOST_MESSAGE, "host"), HOST_KINDS, "host")
