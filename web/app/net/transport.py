"""What a channel between the host and one guest must do, and an in-memory pair of them.

A channel carries text messages both ways, in order, and can be closed from either end (a
WebRTC data channel does all three: ``send``, ``onmessage`` queued for :meth:`receive`,
``close``/``onclose``). The host and the guest poll it (:meth:`Transport.receive` hands over
what has arrived), so neither needs a callback from the transport into its own code, and the
tests run a whole table in one thread.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Protocol


class Transport(Protocol):
    """One end of a channel."""

    @property
    def open(self) -> bool:
        """False once either end closed the channel (or it broke)."""
        ...

    def send(self, text: str) -> None:
        """Send one message (dropped quietly when the channel is closed)."""
        ...

    def receive(self) -> list[str]:
        """Every message that arrived since the last call, oldest first."""
        ...

    def close(self) -> None: ...


@dataclass(eq=False)
class _Line:
    """The shared state of an in-memory channel: a queue each way."""

    queues: tuple[deque[str], deque[str]] = field(
        default_factory=lambda: (deque(), deque()))
    open: bool = True


class MemoryEnd:
    """One end of an in-memory channel; ``sent`` keeps every message it sent (what the tests
    read to see exactly what reached the other end)."""

    def __init__(self, line: _Line, side: int) -> None:
        self._line = line
        self._side = side
        self.sent: list[str] = []

    @property
    def open(self) -> bool:
        return self._line.open

    def send(self, text: str) -> None:
        if self._line.open:
            self.sent.append(text)
            self._line.queues[1 - self._side].append(text)

    def receive(self) -> list[str]:
        q = self._line.queues[self._side]
        out = list(q)
        q.clear()
        return out

    def close(self) -> None:
        self._line.open = False


def memory_pair() -> tuple[MemoryEnd, MemoryEnd]:
    """The two ends of a new in-memory channel (say the host's first, the guest's second)."""
    line = _Line()
    return MemoryEnd(line, 0), MemoryEnd(line, 1)
