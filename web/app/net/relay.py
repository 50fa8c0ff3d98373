"""The app's end of the page's WebRTC and camera (``web/app/net/rtc.js``): a
:class:`~app.net.wire.Wire` made of ops sent to the page and the ``net`` events it tells back.

The app's Python runs in a worker, which has no RTCPeerConnection and no camera, so every
connection lives on the page's thread. :class:`Relay` numbers the links, turns each call into an
op (a ``{"net": ...}`` item, :class:`~app.messages.NetOp`, pushed to the outbox like a storage
write or a question for the thinking worker: it goes in the answer to the event being handled,
or through the page's standing call) and keeps what the events said, for the app to read when
it polls: each link's own description once gathered (:meth:`Relay.local`), why it failed
(:meth:`Relay.failure`), its channel (:meth:`Relay.channel`, a :class:`PageChannel`: a
:class:`~app.net.transport.Transport` whose messages are the link's ``message`` events), and the
camera's reading (:meth:`Relay.scanned`, :meth:`Relay.scan_failure`, each said once), and
the screen kept on while a table of phones plays (:meth:`Relay.awake`; why it cannot be,
:meth:`Relay.awake_failure`, said once).

Events for a link the relay does not know (dropped, or never made) are ignored; so are the
links' events that make no sense (an open after a close).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from app.messages import Event, Item, NetOp


class PageChannel:
    """One link's data channel, as the app sees it: opens with the page's ``open`` event,
    closes with its ``close`` or ``failed`` event or with :meth:`close`. A message sent before
    it opens waits for the opening; one sent after it closed is dropped."""

    def __init__(self, link: int, op: Callable[[NetOp], None]) -> None:
        self.link = link
        self._op = op
        self.opened = False
        self.closed = False
        self._arrived: list[str] = []
        self._waiting: list[str] = []

    @property
    def open(self) -> bool:
        return self.opened and not self.closed

    def send(self, text: str) -> None:
        if self.closed:
            return
        if not self.opened:
            self._waiting.append(text)
            return
        self._op({"op": "send", "link": self.link, "text": text})

    def receive(self) -> list[str]:
        out, self._arrived = self._arrived, []
        return out

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self._waiting.clear()
            self._op({"op": "close", "link": self.link})

    # --- what the page said ---
    def heard_open(self) -> None:
        if self.opened or self.closed:
            return
        self.opened = True
        waiting, self._waiting = self._waiting, []
        for text in waiting:
            self.send(text)

    def heard(self, text: str) -> None:
        if not self.closed:
            self._arrived.append(text)

    def heard_close(self) -> None:
        self.closed = True
        self._waiting.clear()


@dataclass
class _Link:
    channel: PageChannel
    local: str | None = None  # its offer or answer, once gathered
    failure: str | None = None


class Relay:
    """The page's WebRTC and camera for the app (a :class:`~app.net.wire.Wire`).

    ``push`` hands an item to the page (``app.link.Link.push``); ``available``: the page has
    WebRTC data channels; ``stun`` says, when a link is made, a STUN server's ``host:port``
    for it ("": none, the default: phones on one Wi-Fi need none)."""

    def __init__(self, push: Callable[[Item], None], available: bool = True,
                 stun: Callable[[], str] = lambda: "") -> None:
        self.push = push
        self.available = available
        self.stun = stun
        self.links: dict[int, _Link] = {}
        self.last = 0  # the last link number handed out
        self._scanned: str | None = None
        self._scan_failure: str | None = None
        self._awake = False  # what the page was last asked of the screen
        self._awake_for: set[str] = set()  # the tables that want it kept on
        self._awake_failure: str | None = None

    def _op(self, op: NetOp) -> None:
        self.push({"net": op})

    def _new(self) -> int:
        self.last += 1
        self.links[self.last] = _Link(PageChannel(self.last, self._op))
        return self.last

    # --- the app's calls ---
    def offer(self) -> int:
        link = self._new()
        self._op({"op": "offer", "link": link, "stun": self.stun()})
        return link

    def answer(self, offer: str) -> int:
        link = self._new()
        self._op({"op": "answer", "link": link, "sdp": offer, "stun": self.stun()})
        return link

    def accept(self, link: int, answer: str) -> None:
        if link in self.links:
            self._op({"op": "accept", "link": link, "sdp": answer})

    def local(self, link: int) -> str | None:
        known = self.links.get(link)
        return known.local if known else None

    def failure(self, link: int) -> str | None:
        known = self.links.get(link)
        return known.failure if known else "no such link"

    def channel(self, link: int) -> PageChannel:
        """The link's channel; a closed one for a link not known."""
        known = self.links.get(link)
        if known is not None:
            return known.channel
        gone = PageChannel(link, lambda _op: None)
        gone.closed = True
        return gone

    def drop(self, link: int) -> None:
        known = self.links.pop(link, None)
        if known is not None:
            known.channel.close()

    def scan(self, into: str) -> None:
        self._scanned = self._scan_failure = None
        self._op({"op": "scan", "into": into})

    def scan_stop(self) -> None:
        self._op({"op": "scan-stop"})

    def scanned(self) -> str | None:
        text, self._scanned = self._scanned, None
        return text

    def scan_failure(self) -> str | None:
        reason, self._scan_failure = self._scan_failure, None
        return reason

    def awake(self, who: str, on: bool) -> None:
        """``who`` (a table hosting, a seat at another's) wants the screen kept on or no longer:
        it stays on while any does (an op only when that changes)."""
        if on:
            self._awake_for.add(who)
        else:
            self._awake_for.discard(who)
        if bool(self._awake_for) != self._awake:
            self._awake = bool(self._awake_for)
            self._op({"op": "awake", "on": self._awake})

    def awake_failure(self) -> str | None:
        """Why the screen cannot be kept on (the page tells it once; read once)."""
        reason, self._awake_failure = self._awake_failure, None
        return reason

    # --- the page's events ---
    def heard(self, ev: Event) -> None:
        """One ``net`` event (read and checked by ``app.messages.read_message``)."""
        if ev.action == "scanned":
            self._scanned = ev.get("text")
            return
        if ev.action == "awake-failed":
            self._awake_failure = ev.get("reason") or "The screen cannot be kept on."
            return
        if ev.action == "scan-failed":
            self._scan_failure = ev.get("reason") or "The camera could not read the code."
            return
        number = ev.get("link")
        known = self.links.get(int(number)) if number.isascii() and number.isdigit() else None
        if known is None:
            return
        if ev.action in ("offer", "answer"):
            known.local = ev.get("sdp")
        elif ev.action == "open":
            known.channel.heard_open()
        elif ev.action == "message":
            known.channel.heard(ev.get("text"))
        elif ev.action == "close":
            known.channel.heard_close()
        elif ev.action == "failed":
            known.failure = ev.get("reason") or "The connection failed."
            known.channel.heard_close()
