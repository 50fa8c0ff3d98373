"""What the app needs of the page's WebRTC (``web/app/net/rtc.js``, through
:mod:`app.net.relay`): links made by an offer or an answer, their local descriptions once
gathered, and each link's channel. Polled like :class:`~app.net.transport.Transport`: the
shell reads everything again after each of the page's ``net`` events, so no callback runs
inside another part's code.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from app.messages import Event
from app.net.transport import Transport, memory_pair


class Wire(Protocol):
    # the STUN server to use (host:port, "": none), asked when a link is made (Settings)
    stun: Callable[[], str]

    @property
    def available(self) -> bool:
        """The browser has WebRTC data channels."""

    def heard(self, ev: Event) -> None:
        """One of the page's ``net`` events (a link's description, its channel's messages)."""

    def offer(self) -> int:
        """A new link that offers a channel (the host's); its offer comes later."""

    def answer(self, offer: str) -> int:
        """A new link that answers ``offer`` (a guest's); its answer comes later."""

    def accept(self, link: int, answer: str) -> None:
        """The host's ``link`` takes the guest's ``answer``."""

    def local(self, link: int) -> str | None:
        """The link's own offer or answer, once gathered (None: not yet)."""

    def failure(self, link: int) -> str | None:
        """Why the link could not be made (None: nothing went wrong)."""

    def channel(self, link: int) -> Transport:
        """The link's channel (``open`` once the data channel opened)."""

    def drop(self, link: int) -> None:
        """Forget ``link`` (its channel closed)."""

    def scan(self, into: str) -> None:
        """Open the camera in the element ``into`` and read a QR code."""

    def scan_stop(self) -> None: ...

    def scanned(self) -> str | None:
        """The text the camera read (once), if any."""

    def scan_failure(self) -> str | None:
        """Why the camera could not read (once), if it could not."""

    def awake(self, who: str, on: bool) -> None:
        """``who`` wants the screen kept on while its table of phones plays (the Screen Wake
        Lock API), or no longer: it stays on while anyone wants it."""

    def awake_failure(self) -> str | None:
        """Why the screen cannot be kept on (once), if it cannot."""


class NoWire:
    """A browser without WebRTC data channels: nothing can be made."""

    available = False

    def __init__(self) -> None:
        self.stun: Callable[[], str] = lambda: ""

    def heard(self, ev: Event) -> None:
        pass

    def offer(self) -> int:
        raise RuntimeError("no WebRTC here")

    def answer(self, offer: str) -> int:
        raise RuntimeError("no WebRTC here")

    def accept(self, link: int, answer: str) -> None:
        pass

    def local(self, link: int) -> str | None:
        return None

    def failure(self, link: int) -> str | None:
        return "this browser has no WebRTC data channels"

    def channel(self, link: int) -> Transport:
        end, _ = memory_pair()
        end.close()
        return end

    def drop(self, link: int) -> None:
        pass

    def scan(self, into: str) -> None:
        pass

    def scan_stop(self) -> None:
        pass

    def scanned(self) -> str | None:
        return None

    def scan_failure(self) -> str | None:
        return "this browser has no camera to scan with"

    def awake(self, who: str, on: bool) -> None:
        pass

    def awake_failure(self) -> str | None:
        return None

