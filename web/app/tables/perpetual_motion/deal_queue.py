"""Presses made while a Deal (or a tapped move) is still moving: none is lost, and each is
played in the order it was made once the cards have landed: Deal (each press, up to three,
deals once more), a stack tapped (its card selected, or the selected card moved there, as if
tapped then), the Hint. A tap 0.35 s after Deal is a tap on the stacks the Deal leaves."""

from __future__ import annotations

MOST = 3  # the most Deals kept
LONGEST = 8  # the most presses kept in all

Press = str | int  # "deal", "hint", or a stack's index


class DealQueue:
    """The presses still to play after what is moving (``count``: the Deals among them)."""

    def __init__(self) -> None:
        self.presses: list[Press] = []

    @property
    def count(self) -> int:
        return sum(1 for p in self.presses if p == "deal")

    def press(self, what: Press = "deal") -> None:
        """Keep a press for later (a Deal beyond the third, or any beyond the eighth, is
        dropped: the player sees the first ones played)."""
        if (what == "deal" and self.count >= MOST) or len(self.presses) >= LONGEST:
            return
        self.presses.append(what)

    def clear(self) -> None:
        self.presses.clear()

    def take(self) -> Press | None:
        """The next press to play now, if any (used up)."""
        return self.presses.pop(0) if self.presses else None
