"""Every message that crosses the app's edges, as typed values: what the page sends
(:class:`Event`, and its own notes :class:`Thought`, :class:`Refused`, :class:`DeviceChange`),
what the app answers (:data:`Item`: a screen :class:`Batch`, storage writes, a question for the
thinking worker, an address, the update, asking to persist, an op for the page's WebRTC), and
the thinking worker's requests (:data:`ThinkRequest`) and answers.

The page's JavaScript is checked against these definitions: ``scripts.page_types`` writes them
as TypeScript types (``types/page.d.ts``, which ``tsc`` checks ``web/bridge.js`` and
``web/app/net/rtc.js`` with), and a test fails when that file is not what they make.

Each is decoded once where it comes in (:func:`read_message` in ``app.link``,
:func:`read_request` in ``app.think``) and encoded once where it goes out (:func:`encode_items`,
:func:`encode_request`), so nothing past the edge reads or writes JSON text, and a broken
message is refused there with the path of what is wrong (``event.data.ok: expected text, got
1``). The JSON shapes are the ones ``web/bridge.js`` sends and carries out.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, Required, TypedDict

from app.storage.stored_json import JSON, JSONObject

# --- what the page sends -------------------------------------------------------------------


class BadMessage(ValueError):
    """A message that is not what its edge expects; says where it broke."""


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
class Refused:
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
    "scanned": ("text",), "scan-failed": ("reason",),
}
NET_LIMITS = {"link": 9, "sdp": 16 * 1024, "text": 1 << 20, "reason": 1000}


@dataclass(frozen=True)
class Message:
    """One message of the page: what it says, with the page's local date when it was sent
    (every event carries it: the daily deal follows the page's clock)."""

    body: Event | Thought | Refused | DeviceChange
    today: str | None = None


def _show(v: object) -> str:
    r = repr(v)
    return r if len(r) <= 40 else r[:37] + "..."


def _object(v: JSON, path: str) -> JSONObject:
    if not isinstance(v, Mapping):
        raise BadMessage(f"{path}: expected an object, got {_show(v)}")
    return v


def _text(d: Mapping[str, object], key: str, path: str) -> str:
    """A text field; missing or null reads as "" (the bridge leaves out what an event lacks)."""
    v = d.get(key)
    if v is None:
        return ""
    if not isinstance(v, str):
        raise BadMessage(f"{path}.{key}: expected text, got {_show(v)}")
    return v


def _flag(d: Mapping[str, object], key: str, path: str) -> bool | None:
    v = d.get(key)
    if v is None or isinstance(v, bool):
        return v
    raise BadMessage(f"{path}.{key}: expected true or false, got {_show(v)}")


def _json(text: str, path: str) -> JSON:
    try:
        data: JSON = json.loads(text)
        return data
    except ValueError as e:
        raise BadMessage(f"{path}: not JSON ({e})") from None


def _check_net(action: str, data: dict[str, str]) -> None:
    """A ``net`` event's action and data are what rtc.js sends, each field within its size."""
    fields = NET_ACTIONS.get(action)
    if fields is None:
        raise BadMessage(f"event.action: expected one of {', '.join(NET_ACTIONS)}, "
                         f"got {_show(action)}")
    for k in sorted(set(fields) | set(data)):
        if k not in fields:
            raise BadMessage(f"event.data.{k}: not a field of a net {action} event")
        if k not in data:
            raise BadMessage(f"event.data.{k}: missing")
        if len(data[k].encode()) > NET_LIMITS[k]:
            raise BadMessage(f"event.data.{k}: longer than {NET_LIMITS[k]} bytes")
    link = data.get("link")
    if link is not None and not (link.isascii() and link.isdigit()):
        raise BadMessage(f"event.data.link: expected a whole number, got {_show(link)}")


def read_message(text: str) -> Message:
    """The page's message (JSON text) as a typed value; :class:`BadMessage` when it is not one
    the bridge sends."""
    d = _object(_json(text, "event"), "event")
    kind = d.get("kind")
    if kind not in PLAYER_KINDS + PAGE_KINDS:
        raise BadMessage(f"event.kind: expected one of {', '.join(PLAYER_KINDS + PAGE_KINDS)}, "
                         f"got {_show(kind)}")
    today = d.get("today")
    if today is not None and not isinstance(today, str):
        raise BadMessage(f"event.today: expected text, got {_show(today)}")
    data = _object(d.get("data") or {}, "event.data")
    body: Event | Thought | Refused | DeviceChange
    if kind == "device":
        body = DeviceChange(
            offline=_text(data, "offline", "event.data") if data.get("offline") is not None
            else None,
            installed=_flag(data, "installed", "event.data"),
            persisted=_flag(data, "persisted", "event.data"),
            reduced_motion=_flag(data, "reducedMotion", "event.data"),
            update_ready=bool(_flag(data, "updateReady", "event.data")))
    else:
        strings = {str(k): _text(data, k, "event.data") for k in data}
        if kind == "net":
            _check_net(_text(d, "action", "event"), strings)
        key = _text(d, "key", "event")
        value = _text(d, "value", "event")
        if kind == "thought":
            if not key.isdigit():
                raise BadMessage(f"event.key: expected a question's number, got {key!r}")
            body = Thought(int(key), strings.get("ok") == "1", value)
        elif kind == "refused":
            body = Refused(key, value)
        else:
            body = Event(kind=str(kind), action=_text(d, "action", "event"), data=strings,
                         value=value, key=key, hash=_text(d, "hash", "event"))
    return Message(body, today)


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


class NetOp(TypedDict, total=False):
    """An op for the page's WebRTC and camera (web/app/net/rtc.js; :mod:`app.net.relay`)."""

    op: Required[Literal["offer", "answer", "accept", "send", "close", "scan", "scan-stop"]]
    link: int  # every op but scan and scan-stop
    sdp: str  # answer: the host's offer; accept: the guest's answer
    stun: str  # offer, answer: a STUN server's host:port ("": none)
    text: str  # send
    into: str  # scan: the id of the element that shows the camera


class NetItem(TypedDict):
    net: NetOp


Item = (Batch | StoreItem | ThinkItem | GoItem | UpdateItem | PersistItem | SharedItem
        | NetItem)


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
    """The action a fresh computer at ``level`` would take for the player to move."""

    game: str
    state: JSONObject
    level: str = "strong"
    seed: int = 0
    actions: int = 0


@dataclass(frozen=True)
class GameHint:
    """The game's own hint for ``player`` (its table package's ``hint``)."""

    game: str
    state: JSONObject
    player: int


@dataclass(frozen=True)
class Forget:
    """A new game (or a restored one): its computers start afresh."""

    gid: str


ThinkRequest = BotTurn | Advice | GameHint | Forget


def encode_request(r: ThinkRequest) -> str:
    """A request as the thinking worker reads it (:func:`read_request`)."""
    d: JSONObject
    if isinstance(r, BotTurn):
        d = {"kind": "bot", "game": r.game, "gid": r.gid, "levels": list(r.levels),
             "seat": r.seat, "seed": r.seed, "actions": r.actions, "state": r.state}
    elif isinstance(r, Advice):
        d = {"kind": "advice", "level": r.level, "seed": r.seed, "actions": r.actions,
             "game": r.game, "state": r.state}
    elif isinstance(r, GameHint):
        d = {"kind": "hint", "player": r.player, "game": r.game, "state": r.state}
    else:
        d = {"kind": "forget", "gid": r.gid}
    return json.dumps(d)


def _int(d: Mapping[str, object], key: str, path: str, default: int | None = None) -> int:
    v = d.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool):
        raise BadMessage(f"{path}.{key}: expected a whole number, got {_show(v)}")
    return v


def _need_text(d: Mapping[str, object], key: str, path: str) -> str:
    v = d.get(key)
    if not isinstance(v, str):
        raise BadMessage(f"{path}.{key}: expected text, got {_show(v)}")
    return v


def _state(d: JSONObject, path: str) -> JSONObject:
    return dict(_object(d.get("state"), f"{path}.state"))


def read_request(text: str) -> ThinkRequest:
    """A request of the app (JSON text) as a typed value; :class:`BadMessage` when broken."""
    p = "request"
    d = _object(_json(text, p), p)
    kind = d.get("kind")
    if kind == "forget":
        return Forget(_need_text(d, "gid", p))
    if kind == "bot":
        levels = d.get("levels")
        if not isinstance(levels, list) or not all(isinstance(x, str) for x in levels):
            raise BadMessage(f"{p}.levels: expected a list of levels, got {_show(levels)}")
        return BotTurn(_need_text(d, "game", p), _need_text(d, "gid", p),
                       tuple(str(x) for x in levels),  # each is text: checked above
                       _int(d, "seat", p), _int(d, "seed", p), _int(d, "actions", p),
                       _state(d, p))
    if kind == "advice":
        level = d.get("level", "strong")
        if not isinstance(level, str):
            raise BadMessage(f"{p}.level: expected text, got {_show(level)}")
        return Advice(_need_text(d, "game", p), _state(d, p), level, _int(d, "seed", p, 0),
                      _int(d, "actions", p, 0))
    if kind == "hint":
        return GameHint(_need_text(d, "game", p), _state(d, p), _int(d, "player", p))
    raise BadMessage(f"unknown request {kind!r}")


def encode_chosen(action: str) -> str:
    """The answer to a :class:`BotTurn` or an :class:`Advice`: the action's text form."""
    return json.dumps({"action": action})


def read_chosen(text: str) -> str:
    """The action's text form in a :class:`BotTurn`'s or :class:`Advice`'s answer."""
    return _need_text(_object(_json(text, "answer"), "answer"), "action", "answer")


def read_answer(text: str) -> JSONObject:
    """A hint's answer as the JSON object its table reads (:data:`app.table.Hint`)."""
    return dict(_object(_json(text, "answer"), "answer"))
