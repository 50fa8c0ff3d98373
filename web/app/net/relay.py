"""The app's end of the page's WebRTC (``web/app/net/rtc.js``): a :class:`~app.net.wire.Wire`.

Browsers have no ``RTCPeerConnection`` in a worker, where the app's Python runs: the page's
thread holds the connections, and this relay speaks to it by the same messages as everything
else. It asks with items (``{"net": {"op": ...}}``, :class:`app.messages.NetItem`) and hears
the page's ``net`` events: a link's own offer or answer once gathered (``offer``, ``answer``),
its data channel ``open``, each ``message``, ``close``, ``failed``; the camera's ``scanned``
text or ``scan-failed``. What it heard waits here until the app reads it (polled, as a
:class:`~app.net.transport.Transport` is); nothing in an event is run.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from app.messages import Event, Item, NetOp
from app.net.protocol import MAX_HOST_MESSAGE

MAX_SDP = 16 * 1024  # characters of a description (a data channel's is under 1,500)
MAX_QUEUED = 512  # messages kept unread on one channel (more: the oldest are dropped)


@dataclass(eq=False)
class PageChannel:
    """One link's data channel, as the page tells of it."""

    push: Callable[[Item], None]
    link: int
    opened: bool = False
    closed: bool = False
    inbox: deque[str] = field(default_factory=lambda: deque(maxlen=MAX_QUEUED))

    @property
    def open(self) -> bool:
        return self.opened and not self.closed

    def send(self, text: str) -> None:
        if self.open:
            self.push({"net": {"op": "send", "link": self.link, "text": text}})

    def receive(self) -> list[str]:
        out = list(self.inbox)
        self.inbox.clear()
        return out

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.push({"net": {"op": "close", "link": self.link}})


@dataclass(eq=False)
class LinkState:
    channel: PageChannel
    local: str | None = None  # its own offer or answer, once gathered
    failure: str | None = None


class Relay:
    """``push``: an item for the page (the outbox); ``available``: the page said it has
    WebRTC data channels; ``stun``: a STUN server's address to use, if any (Settings)."""

    def __init__(self, push: Callable[[Item], None], available: bool,
                 stun: Callable[[], str] = lambda: "") -> None:
        self.push = push
        self.available = available
        self.stun = stun
        self.links: dict[int, LinkState] = {}
        self.next_link = 1
        self._scanned: str | None = None
        self._scan_failure: str | None = None

    def _new(self, op: NetOp) -> int:
        link = self.next_link
        self.next_link += 1
        self.links[link] = LinkState(PageChannel(self.push, link))
        self.push({"net": {**op, "link": link, "stun": self.stun()}})
        return link

    def offer(self) -> int:
        return self._new({"op": "offer"})

    def answer(self, offer: str) -> int:
        return self._new({"op": "answer", "sdp": offer})

    def accept(self, link: int, answer: str) -> None:
        if link in self.links:
            self.push({"net": {"op": "accept", "link": link, "sdp": answer}})

    def local(self, link: int) -> str | None:
        state = self.links.get(link)
        return state.local if state is not None else None

    def failure(self, link: int) -> str | None:
        state = self.links.get(link)
        return state.failure if state is not None else "no such link"

    def channel(self, link: int) -> PageChannel:
        state = self.links.get(link)
        if state is None:  # a link forgotten: a channel that never opens
            return PageChannel(lambda _item: None, link, closed=True)
        return state.channel

    def drop(self, link: int) -> None:
        state = self.links.pop(link, None)
        if state is not None:
            state.channel.close()

    def scan(self, into: str) -> None:
        self._scanned = self._scan_failure = None
        self.push({"net": {"op": "scan", "into": into}})

    def scan_stop(self) -> None:
        self.push({"net": {"op": "scan-stop"}})

    def scanned(self) -> str | None:
        text, self._scanned = self._scanned, None
        return text

    def scan_failure(self) -> str | None:
        reason, self._scan_failure = self._scan_failure, None
        return reason

    def heard(self, ev: Event) -> None:
        """One of the page's ``net`` events; one that names no link of ours, or is too big,
        is dropped."""
        a = ev.action
        if a == "scanned":
            self._scanned = ev.get("text")[:MAX_SDP]
            return
        if a == "scan-failed":
            self._scan_failure = ev.get("reason")[:300] or "the camera could not be used"
            return
        number = ev.get("link")
        state = self.links.get(int(number)) if number.isdigit() else None
        if state is None:
            return
        if a in ("offer", "answer"):
            sdp = ev.get("sdp")
            if 0 < len(sdp) <= MAX_SDP:
                state.local = sdp
            else:
                state.failure = "the browser's description could not be used"
        elif a == "open":
            state.channel.opened = True
        elif a == "message":
            text = ev.get("text")
            if len(text) <= MAX_HOST_MESSAGE:
                state.channel.inbox.append(text)
        elif a == "close":
            state.channel.closed = True
        elif a == "failed":
            state.failure = ev.get("reason")[:300] or "the connection could not be made"
