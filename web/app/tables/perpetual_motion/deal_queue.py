"""Deal pressed again while a Deal is still moving: each press, up to three, deals once more
right after it."""

from __future__ import annotations

MOST = 3  # the most presses kept


class DealQueue:
    """The Deals still to make after the one moving (``count``)."""

    def __init__(self) -> None:
        self.count = 0

    def press(self) -> None:
        self.count = min(self.count + 1, MOST)

    def clear(self) -> None:
        self.count = 0

    def take(self) -> bool:
        """One Deal more now? (a press used up)"""
        if self.count:
            self.count -= 1
            return True
        return False
