"""Every message that crosses the app's edges, as typed values: what the page sends
(:class:`Event`, and its own notes :class:`Thought`, :class:`WriteRefused`,
:class:`DeviceChange`), what the app answers (:data:`Item`: a screen :class:`Batch`, storage
writes, a question for the thinking worker, an address, the update, asking to persist, an op for
the page's WebRTC), and the thinking worker's requests (:data:`ThinkRequest`) and answers.

The page's JavaScript is checked against these definitions: ``scripts.page_types`` writes them
as TypeScript types (``types/page.d.ts``, which ``tsc`` checks ``web/bridge.js`` and
``web/app/net/rtc.js`` with), and a test fails when that file is not what they make.

Each is decoded once where it comes in (:func:`read_message` in ``app.link``,
:func:`read_request` in ``app.think``), by its shape declared here for :mod:`app.schema`, and
encoded once where it goes out (:func:`encode_items`, :func:`encode_request`), so nothing past
the edge reads or writes JSON text, and a broken message is refused there with the path of what
is wrong (``event.data.ok: expected text, got 1``). The JSON shapes are the ones
``web/bridge.js`` sends and carries out.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Literal, Required, TypedDict

from app import schema as s
from app.schema import BadMessage as BadMessage
from app.storage.stored_json import JSONObject

# --- what the page sends -------------------------------------------------------------------


@dataclass(frozen=True)
class Event:
    """One thing the player (or another tab) did, as plain data from the page's bridge."""

    # click | change | key | route | storage (another tab wrote ``key``) | visible (the tab is
    # shown again) | hidden | file (a file the player chose was read) | net (the page's WebRTC
    # or camera: ``action`` one of NET_ACTIONS, checked with its data by read_message)
    kind: str
    action: str = ""
    data: dict[str, str] | None = None
    value: str = ""
    key: str = ""
    hash: str = ""

    def get(self, key: str, default: str = "") -> str:
        return (self.data or {}).get(key, default)


@dataclass(frozen=True)
class Thought:
    """The thinking worker's answer to question ``id`` (``ok`` False: ``answer`` says what
    went wrong, "no-worker…" when the worker cannot run)."""

    id: int
    ok: bool
    answer: str


@dataclass(frozen=True)
class WriteRefused:
    """The browser refused a write (said once a session by the page)."""

    key: str
    reason: str


@dataclass(frozen=True)
class DeviceChange:
    """What changed about the device; None: not said."""

    offline: str | None = None  # "ready" once the service worker controls the page
    installed: bool | None = None
    persisted: bool | None = None
    reduced_motion: bool | None = None
    update_ready: bool = False


PLAYER_KINDS = ("click", "change", "key", "route", "storage", "visible", "hidden", "file")
PAGE_KINDS = ("thought", "refused", "device", "net")

# The page's WebRTC and camera (web/app/net/rtc.js, app.net.relay): each action's data, and
# the most UTF-8 bytes each field may have. "link" is the link's number (digits).
NET_ACTIONS: dict[str, tuple[str, ...]] = {
    "offer": ("link", "sdp"), "answer": ("link", "sdp"), "open": ("link",),
    "message": ("link", "text"), "close": ("link",), "failed": ("link", "reason"),
    "scanned": ("text",), "scan-failed": ("reason",), "awake-failed": ("reason",),
}
NET_LIMITS = {"link": 9, "sdp": 16 * 1024, "text": 1 << 20, "reason": 1000}
DIGITS = re.compile("[0-9]+")


@dataclass(frozen=True)
class Message:
    """One message of the page: what it says, with the page's local date when it was sent
    (every event carries it: the daily deal follows the page's clock)."""

    body: Event | Thought | WriteRefused | DeviceChange
    today: str | None = None


@dataclass(frozen=True)
class _Said:
    """A page's message as the bridge sends it, before its kind is read: a text the bridge
    leaves out (or sends as null) is ""."""

    kind: str
    today: str | None
    data: JSONObject
    action: str
    key: str
    value: str
    hash: str


_TEXT = s.text().or_("")
SAID = s.record(_Said, closed=False, kind=s.choice(*PLAYER_KINDS, *PAGE_KINDS),
                today=s.text().or_(None), data=s.obj.or_({}), action=_TEXT, key=_TEXT,
                value=_TEXT, hash=_TEXT)
STRINGS = s.mapping(_TEXT)  # an event's data
QUESTION = s.text(pattern=DIGITS, what="a question's number")
DEVICE = s.record(DeviceChange, closed=False, offline=s.text().or_(None),
                  installed=s.flag.or_(None), persisted=s.flag.or_(None),
                  reduced_motion=s.flag.or_(None), update_ready=s.flag.or_(False),
                  keys={"reduced_motion": "reducedMotion", "update_ready": "updateReady"})
NET_FIELDS = {k: s.text(most, DIGITS if k == "link" else None, "a whole number", in_bytes=True)
              for k, most in NET_LIMITS.items()}
NET_EVENTS: dict[str, s.Fields[dict[str, str]]] = {
    action: s.Fields(dict, {k: NET_FIELDS[k] for k in fields}, {}, True, f"a net {action} event")
    for action, fields in NET_ACTIONS.items()}


def read_message(text: str) -> Message:
    """The page's message (JSON text) as a typed value; :class:`BadMessage` when it is not one
    the bridge sends."""
    said = s.read(SAID, text, "event")
    body: Event | Thought | WriteRefused | DeviceChange
    if said.kind == "device":
        return Message(DEVICE.read(said.data, "event.data"), said.today)
    data = STRINGS.read(said.data, "event.data")
    if said.kind == "net":
        action = s.choice(*NET_ACTIONS).read(said.action, "event.action")
        NET_EVENTS[action].read(dict(data), "event.data")
    if said.kind == "thought":
        body = Thought(int(QUESTION.read(said.key, "event.key")), data.get("ok") == "1", said.value)
    elif said.kind == "refused":
        body = WriteRefused(said.key, said.value)
    else:
        body = Event(kind=said.kind, action=said.action, data=data, value=said.value,
                     key=said.key, hash=said.hash)
    return Message(body, said.today)


# --- what the app answers ------------------------------------------------------------------

Text = tuple[str, str | None]  # a text and the element's new class (None: kept)
# a card's flight: its data-card key, the selector of where it flies from (None: where it stands),
# its delay and its length in ms (app.page.FLY_MS: the page has no length of its own)
Flight = TypedDict("Flight", {"card": str, "from": str | None, "delay": int, "ms": int})


class Download(TypedDict):
    name: str
    text: str
    type: str  # its MIME type


class Batch(TypedDict, total=False):
    """One batch of screen updates (:class:`app.page.Page`), carried out by bridge.js's
    ``apply``."""

    hash: str  # the address, replaced without a route event
    regions: dict[str, str]  # element id -> its new inner HTML, in the order drawn
    texts: dict[str, Text]
    hidden: dict[str, bool]
    classes: dict[str, bool]  # the root element's classes
    data: dict[str, str | None]  # the root element's data-* (None: removed)
    title: str
    scrollTop: bool
    focus: str  # an element id, or "h1": the screen's heading
    flights: list[Flight]
    download: Download
    cues: list[str]
    announce: list[str]  # said by a screen reader, in order (the page's live region)


StoreOp = list[str | None]  # [key, value] (value None: remove) or [key, value, last seen]


class StoreItem(TypedDict):
    store: list[StoreOp]


class Question(TypedDict):
    id: int
    request: str  # a think request's JSON (encode_request)


class ThinkItem(TypedDict):
    think: Question


class GoItem(TypedDict):
    go: str


class UpdateItem(TypedDict):
    update: Literal["apply"]


class PersistItem(TypedDict):
    persist: Literal[True]


class SharedItem(TypedDict):
    """The first item of the start's answer: the pattern of the keys whose writes by another
    tab the page passes on (``app.storage.keys.SHARED_KEY``, written once)."""

    shared: str


Thinking = Literal["play", "pause", "rest"]


class ThinkerItem(TypedDict):
    """What the page's thinking worker is for now (a second Python, the largest part of the
    app's memory; web/bridge.js): "play", computers play in the game on show (started now, so
    that their first turn does not wait for it); "pause", such a game goes on but is not on
    show (the rules, home: kept a while for the player's return, then ended); "rest", no
    computer plays (ended)."""

    thinker: Thinking


class NetOp(TypedDict, total=False):
    """An op for the page's WebRTC and camera (web/app/net/rtc.js; :mod:`app.net.relay`)."""

    op: Required[Literal["offer", "answer", "accept", "send", "close", "scan", "scan-stop",
                         "awake"]]
    link: int  # every op but scan and scan-stop
    sdp: str  # answer: the host's offer; accept: the guest's answer
    stun: str  # offer, answer: a STUN server's host:port ("": none)
    text: str  # send
    into: str  # scan: the id of the element that shows the camera
    on: bool  # awake: keep the screen on (a table of phones plays) or let it go


class NetItem(TypedDict):
    net: NetOp


Item = (Batch | StoreItem | ThinkItem | GoItem | UpdateItem | PersistItem | SharedItem
        | NetItem | ThinkerItem)


def encode_items(items: list[Item]) -> str:
    """An answer to the page: its items as one JSON list."""
    return json.dumps(items, separators=(",", ":"))


# --- the thinking worker -------------------------------------------------------------------



@dataclass(frozen=True)
class BotTurn:
    """The action the computer in ``seat`` chooses; its generator comes from ``engine.seats``
    (seed and action count), and computers keep their memory per game id ``gid``."""

    game: str
    gid: str
    levels: tuple[str, ...]  # each seat's level ("" for a person's seat)
    seat: int
    seed: int
    actions: int
    state: JSONObject


@dataclass(frozen=True)
class Advice:
    """The action a fresh computer at ``level`` would take for the player to move, seeing
    ``view`` (that player's: a Hint is asked from what its seat may see)."""

    game: str
    view: JSONObject
    level: str = "strong"
    seed: int = 0
    actions: int = 0


@dataclass(frozen=True)
class GameHint:
    """The game's own hint for ``player``, from its ``view`` (its table package's ``hint``)."""

    game: str
    view: JSONObject
    player: int


@dataclass(frozen=True)
class Forget:
    """A new game (or a restored one): its computers start afresh."""

    gid: str


ThinkRequest = BotTurn | Advice | GameHint | Forget


REQUEST: s.Tagged[ThinkRequest] = s.Tagged("kind", {
    "bot": s.record(BotTurn, closed=False, game=s.text(), gid=s.text(),
                    levels=s.listed(s.text()), seat=s.whole(), seed=s.whole(),
                    actions=s.whole(), state=s.obj),
    "advice": s.record(Advice, closed=False, game=s.text(), view=s.obj,
                       level=s.text().or_("strong"), seed=s.whole().or_(0),
                       actions=s.whole().or_(0)),
    "hint": s.record(GameHint, closed=False, game=s.text(), view=s.obj, player=s.whole()),
    "forget": s.record(Forget, closed=False, gid=s.text()),
})
CHOSEN = s.field("action", s.text())


def encode_request(r: ThinkRequest) -> str:
    """A request as the thinking worker reads it (:func:`read_request`)."""
    return json.dumps(REQUEST.write(r))


def read_request(text: str) -> ThinkRequest:
    """A request of the app (JSON text) as a typed value; :class:`BadMessage` when broken."""
    return s.read(REQUEST, text, "request")


def encode_chosen(action: str) -> str:
    """The answer to a :class:`BotTurn` or an :class:`Advice`: the action's text form."""
    return json.dumps({"action": action})


def read_chosen(text: str) -> str:
    """The action's text form in a :class:`BotTurn`'s or :class:`Advice`'s answer."""
    return s.read(CHOSEN, text, "answer")


def read_answer(text: str) -> JSONObject:
    """A hint's answer as the JSON object its table reads (:data:`app.table.Hint`)."""
    return s.read(s.obj, text, "answer")
