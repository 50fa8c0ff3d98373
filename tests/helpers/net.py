"""Phones in one process: a stand-in for the page's WebRTC (:class:`app.net.wire.Wire`) that
pairs the apps of one test over in-memory channels, with descriptions shaped as Chromium's
(so that the real codes and QR codes carry them), and a way to let every app read what
arrived (the page's ``net`` events)."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field

from app.messages import Event
from app.net.transport import MemoryEnd, memory_pair
from app.shell import App

_numbers = itertools.count(1)


def description(kind: str, n: int) -> str:
    """An offer or answer as Chromium writes one for a data channel, told apart by ``n``."""
    ufrag = f"u{n:03d}"
    fingerprint = ":".join(f"{(n * 7 + i) % 256:02X}" for i in range(32))
    return "\r\n".join([
        "v=0", f"o=- {4000000000 + n} 2 IN IP4 127.0.0.1", "s=-", "t=0 0",
        "a=group:BUNDLE 0", "a=extmap-allow-mixed", "a=msid-semantic: WMS",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
        f"a=candidate:{n} 1 udp 2113937151 127.0.0.1 {40000 + n} typ host generation 0 "
        "network-cost 999",
        f"a=ice-ufrag:{ufrag}", f"a=ice-pwd:{'p' * 20}{n:04d}", "a=ice-options:trickle",
        f"a=fingerprint:sha-256 {fingerprint}",
        f"a=setup:{'actpass' if kind == 'offer' else 'active'}", "a=mid:0",
        "a=sctp-port:5000", "a=max-message-size:262144", ""])


def ufrag_of(sdp: str) -> str:
    m = re.search(r"a=ice-ufrag:(\S+)", sdp)
    assert m is not None, sdp
    return m.group(1)


class Gate:
    """One end of a channel that opens when the host accepts the answer."""

    def __init__(self, end: MemoryEnd) -> None:
        self.end = end
        self.opened = False

    @property
    def open(self) -> bool:
        return self.opened and self.end.open

    def send(self, text: str) -> None:
        if self.opened:
            self.end.send(text)

    def receive(self) -> list[str]:
        return self.end.receive() if self.opened else []

    def close(self) -> None:
        self.end.close()


@dataclass
class Air:
    """The room the phones of one test are in."""

    offers: dict[str, tuple[AirWire, int]] = field(default_factory=dict)
    answers: dict[str, tuple[Gate, Gate]] = field(default_factory=dict)  # host's, guest's


class AirWire:
    available = True

    def __init__(self, air: Air) -> None:
        self.air = air
        self.stun = lambda: ""
        self.locals: dict[int, str] = {}
        self.gates: dict[int, Gate] = {}
        self.scans: list[str] = []  # what the camera will read next
        self.scanning = ""
        self.awakes: list[bool] = []  # what the app asked of the screen, in order
        self.awake_for: set[str] = set()
        self.no_awake: str | None = None  # a test's page that cannot keep the screen on

    def heard(self, ev: Event) -> None:
        pass

    def offer(self) -> int:
        link = next(_numbers)
        self.locals[link] = description("offer", link)
        self.air.offers[ufrag_of(self.locals[link])] = (self, link)
        return link

    def answer(self, offer: str) -> int:
        link = next(_numbers)
        self.locals[link] = description("answer", link)
        host_wire, host_link = self.air.offers[ufrag_of(offer)]
        a, b = memory_pair()
        host_gate, guest_gate = Gate(a), Gate(b)
        host_wire.gates[host_link] = host_gate
        self.gates[link] = guest_gate
        self.air.answers[ufrag_of(self.locals[link])] = (host_gate, guest_gate)
        return link

    def accept(self, link: int, answer: str) -> None:
        host_gate, guest_gate = self.air.answers[ufrag_of(answer)]
        assert self.gates[link] is host_gate, "the answer is not to this offer"
        host_gate.opened = guest_gate.opened = True

    def local(self, link: int) -> str | None:
        return self.locals.get(link)

    def failure(self, link: int) -> str | None:
        return None

    def channel(self, link: int) -> Gate:
        gate = self.gates.get(link)
        if gate is None:
            gate = Gate(memory_pair()[0])
        return gate

    def drop(self, link: int) -> None:
        self.gates.pop(link, None)

    def scan(self, into: str) -> None:
        self.scanning = into

    def scan_stop(self) -> None:
        self.scanning = ""

    def scanned(self) -> str | None:
        if self.scanning and self.scans:
            self.scanning = ""
            return self.scans.pop(0)
        return None

    def scan_failure(self) -> str | None:
        return None

    def awake(self, who: str, on: bool) -> None:
        """The screen kept on while anyone wants it (``awakes``: every change, in order)."""
        self.awake_for = (self.awake_for | {who}) if on else (self.awake_for - {who})
        if bool(self.awake_for) != (self.awakes[-1] if self.awakes else False):
            self.awakes.append(bool(self.awake_for))

    def awake_failure(self) -> str | None:
        reason, self.no_awake = self.no_awake, None
        return reason


def deliver(*apps: App, rounds: int = 20) -> None:
    """Let every app read what arrived until nothing more does (each read is one of the
    page's ``net`` events)."""
    for _ in range(rounds):
        for app in apps:
            app.handle(Event("net", action="message", data={}))
