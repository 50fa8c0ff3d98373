"""The app's end of the messages between the page and its Python.

The app's Python runs in a worker (``web/start.js`` starts it with PyScript) and never touches
the page: the page hands it a snapshot at start (the app's stored keys, the address, the
player's motion setting, whether the app is kept offline), then each event as JSON; every
answer is a list of *items* (JSON objects) for the page to carry out in order: a batch of
screen updates (:mod:`app.page`), the storage writes (``{"store": [...]}``), a question for the
thinking worker (``{"think": ...}``), a change of address (``{"go": ...}``) or the update
(``{"update": "apply"}``). What the app does on its own (a computer's turn, a timer) waits in
the outbox until the page's standing call to :meth:`Link.next` collects it. No call between
the threads is synchronous, so nothing needs ``SharedArrayBuffer``; the same messages run the
app on the page's thread when a worker cannot start.

Storage works on the snapshot (:class:`Mirror`): reads are answered from it, writes go to the
page in the next answer. A saved game is written only if the page still holds what this tab
last saw there (compare and set on the page's thread), so two tabs never clobber each other's
games: when another tab got there first, the page says so with a ``storage`` event carrying the
value it found, as it does for every write of another tab. A write the browser refuses comes
back as a ``refused`` event, said to the player once; play goes on in memory.

Browser-free: the CPython tests drive a whole app through it.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Protocol

from app.messages import (
    Batch,
    DeviceChange,
    Event,
    Item,
    StoreItem,
    StoreOp,
    ThinkerItem,
    Thinking,
    ThinkRequest,
    Thought,
    WriteRefused,
    encode_items,
    encode_request,
    read_message,
)
from app.net.relay import Relay
from app.net.wire import Wire
from app.page import Page
from app.storage import SAVE_KEY, SHARED_KEY, JSONObject, StoreRefused

if TYPE_CHECKING:
    from app.think import Thinker


class Mirror:
    """The device's storage as the page found it at start, kept up to date by this tab's
    writes and by the ``storage`` events of other tabs. A :class:`~app.storage.Store`."""

    def __init__(self, snapshot: dict[str, str], writable: bool = True) -> None:
        self.data = dict(snapshot)
        self.writable = writable  # False: the browser gives the app no storage at all
        self.ops: list[StoreOp] = []
        self.on_write: Callable[[], None] = lambda: None  # the outbox has something to send

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        old = self.data.get(key)
        self.data[key] = value
        if not self.writable:
            raise StoreRefused("this browser gives the app no storage")
        self.ops.append([key, value, old] if SAVE_KEY.match(key) else [key, value])
        self.on_write()

    def remove(self, key: str) -> None:
        self.data.pop(key, None)
        if self.writable:
            self.ops.append([key, None])
            self.on_write()

    def seen(self, key: str, value: str | None) -> None:
        """The page found ``value`` under ``key`` (another tab wrote it)."""
        if value is None:
            self.data.pop(key, None)
        else:
            self.data[key] = value

    def take(self) -> StoreItem | None:
        """The writes since the last answer, as one item (None if there were none)."""
        if not self.ops:
            return None
        ops, self.ops = self.ops, []
        return {"store": ops}


class LinkEnv:
    """The browser's services for the shell (:class:`app.table.Env`), from the page's
    snapshot and through the outbox."""

    def __init__(self, link: Link, snapshot: dict[str, Any],
                 fetch: Callable[[str], Awaitable[str | None]]) -> None:
        self.link = link
        self.store = Mirror({str(k): str(v) for k, v in (snapshot.get("store") or {}).items()},
                            writable=snapshot.get("storage", True) is not False)
        self.address = str(snapshot.get("hash") or "")
        self.date = str(snapshot.get("today") or "")  # the page's local date, at each event
        self.base = str(snapshot.get("base") or "")
        self.motion_reduced = bool(snapshot.get("reducedMotion"))
        self.device: JSONObject = dict(snapshot.get("device") or {})
        # the page's WebRTC (app.net); the page said whether it has data channels
        self.wire: Wire = Relay(link.push, self.device.get("webrtc") is True)
        self.update_ready = bool(snapshot.get("updateReady"))
        self.update_callback: Callable[[], None] | None = None
        self.fetcher = fetch
        self.thinker = snapshot.get("thinker", "worker") != "here"
        self.here: Thinker | None = None  # thinking on this thread, once the worker cannot
        self.thoughts: dict[int, asyncio.Future[tuple[bool, str]]] = {}
        self.next_thought = 1
        why = snapshot.get("workerFailed")
        self.startup_notice = None if not why else (
            f"The app could not run its Python in the background ({why}), so it runs on the "
            "page's own thread for now: it may pause while computers think.")

    def hash(self) -> str:
        return self.address

    def go(self, hash_: str) -> None:
        self.address = hash_
        self.link.push({"go": hash_})

    def base_url(self) -> str:
        return self.base

    def today(self) -> str:
        return self.date

    def reduced_motion(self) -> bool:
        return self.motion_reduced

    async def fetch_text(self, url: str) -> str | None:
        return await self.fetcher(self.base.rsplit("/", 1)[0] + "/" + url)

    async def think(self, request: ThinkRequest) -> str:
        """Ask the thinking worker (through the page); think here if it cannot run."""
        if self.thinker:
            number = self.next_thought
            self.next_thought += 1
            done: asyncio.Future[tuple[bool, str]] = asyncio.get_event_loop().create_future()
            self.thoughts[number] = done
            self.link.push({"think": {"id": number, "request": encode_request(request)}})
            ok, result = await done
            if ok:
                return result
            if "no-worker" not in result:
                raise RuntimeError(result)
            self.thinker = False
        if self.here is None:
            from app.think import Thinker

            self.here = Thinker()
        return self.here.answer(request)

    def thought(self, t: Thought) -> None:
        """The thinking worker's answer to a question (late answers are dropped)."""
        done = self.thoughts.pop(t.id, None)
        if done is not None and not done.done():
            done.set_result((t.ok, t.answer))

    def on_update(self, callback: Callable[[], None]) -> None:
        self.update_callback = callback
        if self.update_ready:
            callback()

    def apply_update(self) -> None:
        self.link.push({"update": "apply"})

    def offline_status(self) -> str:
        d = self.device
        if d.get("offline") == "none":
            kept = "this browser cannot keep the app for offline use."
        elif d.get("offline") == "ready":
            kept = "ready — this app works without a connection on this device."
        else:
            kept = "not yet — it becomes available offline after this first visit."
        return kept

    def keeping(self) -> str:
        """How this device keeps the player's games, in a player's words (About)."""
        d = self.device
        installed = ("Installed on this device: it opens from your home screen like any app."
                     if d.get("installed") else
                     "Not installed: you can add it to your home screen from the browser's menu.")
        if d.get("persisted") is True:
            kept = "Your games are kept until you delete them."
        elif d.get("persisted") is False:
            kept = ("The browser may clear your games when the device runs short of space, or "
                    "after some weeks without a visit: Export my games (in Settings) keeps a "
                    "copy.")
        else:
            kept = ("This browser does not say how long it keeps your games: Export my games "
                    "(in Settings) keeps a copy.")
        return installed + " " + kept


class Refusing(Protocol):
    def refuse(self) -> None:
        """The browser refused a write: said once, play goes on in memory."""


class Served(Protocol):
    """What the link needs of the app it serves (:class:`app.shell.App`)."""

    @property
    def store(self) -> Refusing: ...

    def start(self) -> None: ...

    def handle(self, ev: Event) -> None: ...

    def flush(self) -> None: ...

    def thinking(self) -> Thinking: ...


class Link:
    """The app as the page reaches it: :meth:`start`, :meth:`handle` and :meth:`next`, each
    answering a JSON list of items."""

    def __init__(self, snapshot_json: str,
                 fetch: Callable[[str], Awaitable[str | None]],
                 make_app: Callable[[Page, LinkEnv], Served]) -> None:
        snapshot = json.loads(snapshot_json)
        self.items: list[Item] = []
        self.thinking: Thinking = "rest"  # what the page was last told (ThinkerItem)
        self.waiter: asyncio.Future[None] | None = None
        self.env = LinkEnv(self, snapshot, fetch)
        self.env.store.on_write = self.wake
        self.page = Page(self.post)
        self.app = make_app(self.page, self.env)

    # --- the outbox ---
    def post(self, batch: Batch) -> None:
        """A batch of screen updates (the page's ``send``); storage writes made before it go
        first."""
        self.flush_store()
        self.items.append(batch)
        self.wake()

    def push(self, item: Item) -> None:
        self.flush_store()
        self.items.append(item)
        self.wake()

    def flush_store(self) -> None:
        ops = self.env.store.take()
        if ops is not None:
            self.items.append(ops)
            if self.persist_worthy(ops):
                self.items.append({"persist": True})

    def persist_worthy(self, ops: StoreItem) -> bool:
        """A game is saved: the player has something to lose, so ask the browser to keep the
        data (once; the page asks only while the answer is not yet yes)."""
        if self.env.device.get("persisted") is not False or self.env.device.get("asked"):
            return False
        if not any(isinstance(x, str) and x.endswith(".save") for op in ops["store"] for x in op):
            return False
        self.env.device["asked"] = True
        return True

    def wake(self) -> None:
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(None)

    def drain(self) -> str:
        self.flush_store()
        items, self.items = self.items, []
        # a page whose Python thinks on its own thread (?thinker=here, or no worker) needs none
        now = self.app.thinking() if self.env.thinker else "rest"
        if now != self.thinking:  # told in the answer after the event that changed it
            self.thinking = now
            told: ThinkerItem = {"thinker": now}
            items.append(told)
        return encode_items(items)

    # --- what the page calls ---
    def start(self) -> str:
        # first, the keys whose writes by another tab the page passes on (storage.keys)
        self.items.append({"shared": SHARED_KEY.pattern})
        self.app.start()
        return self.drain()

    def handle(self, text: str) -> str:
        """One event of the page, decoded here once; the answer is everything the app has for
        the page now."""
        message = read_message(text)
        if message.today is not None:
            self.env.date = message.today
        ev = message.body
        if isinstance(ev, Thought):
            self.env.thought(ev)
            return self.drain()
        if isinstance(ev, WriteRefused):
            self.app.store.refuse()
            self.app.flush()
            return self.drain()
        if isinstance(ev, DeviceChange):
            self.device_changed(ev)
            return self.drain()
        if ev.kind == "storage":
            self.env.store.seen(ev.key, ev.value if ev.get("present") == "1" else None)
        elif ev.kind == "route":
            self.env.address = ev.hash
        self.app.handle(ev)
        return self.drain()

    def device_changed(self, change: DeviceChange) -> None:
        said = {"offline": change.offline, "installed": change.installed,
                "persisted": change.persisted}
        self.env.device.update({k: v for k, v in said.items() if v is not None})
        if change.reduced_motion is not None:
            self.env.motion_reduced = change.reduced_motion
        if change.update_ready and not self.env.update_ready:
            self.env.update_ready = True
            if self.env.update_callback is not None:
                self.env.update_callback()
                self.app.flush()

    async def next(self) -> str:
        """The page's standing call: answers as soon as the app has something for the page
        that no event asked for (a computer's move, a timer, a late answer)."""
        while not self.items and not self.env.store.ops:
            self.waiter = asyncio.get_event_loop().create_future()
            await self.waiter
            self.waiter = None
        return self.drain()
