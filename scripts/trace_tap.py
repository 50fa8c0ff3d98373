"""Follow one tap through the app's Python: from the message the page's bridge sends
(``Link.handle``, what ``bridge.js`` calls) to the engine and back to the batch it answers.

Prints the modules the tap visits in order, the calls from one module into another, and the
returns to a module already left: a call into a module that is still waiting further down
the stack (base → subclass → base, a board calling its core back). Run in CPython, with the
test suite's stand-in for the bridge (``scripts/lib/link.py``).

    .venv/bin/python scripts/trace_tap.py            # Machiavelli: Draw on your turn
    .venv/bin/python scripts/trace_tap.py --tap meld # a card of your hand onto a meld
    .venv/bin/python scripts/trace_tap.py --json
"""

from __future__ import annotations

import argparse
import json
import sys
from types import FrameType
from typing import Any

from scripts.lib.link import Device, Tab

OURS = ("app", "engine")


def module_of(frame: FrameType) -> str | None:
    name = frame.f_globals.get("__name__", "")
    return name if isinstance(name, str) and name.split(".")[0] in OURS else None


class Trace:
    """The calls between our modules while one tap is handled."""

    def __init__(self) -> None:
        self.stack: list[str | None] = []
        self.visited: list[str] = []
        self.crossings = 0
        self.returns: list[tuple[str, str]] = []  # (from, back into)

    def profile(self, frame: FrameType, event: str, _arg: Any) -> None:
        if event == "call":
            mod = module_of(frame)
            caller = next((m for m in reversed(self.stack) if m is not None), None)
            if mod is not None:
                if mod not in self.visited:
                    self.visited.append(mod)
                if caller is not None and caller != mod:
                    self.crossings += 1
                    waiting = {m for m in self.stack[:-1] if m is not None}
                    if mod in waiting and self.stack[-1] != mod:
                        self.returns.append((caller, mod))
            self.stack.append(mod)
        elif event == "return" and self.stack:
            self.stack.pop()


def traced(tab: Tab, action: str, data: dict[str, str]) -> Trace:
    """The calls between our modules while ``tab`` answers one click on ``action``."""
    trace = Trace()
    message = json.dumps({"kind": "click", "action": action, "data": data})
    sys.setprofile(trace.profile)
    try:
        answer = tab.link.handle(message)
    finally:
        sys.setprofile(None)
    tab.carry(answer)
    return trace


def trace_draw() -> Trace:
    """A Machiavelli game of deal 1 (you and one computer), you to play: tap Draw."""
    tab = Tab(Device(), "#/machiavelli/deal/1?seats=you,standard")
    match = tab.app.tables["machiavelli"].match
    assert match is not None and match.current == 0, "deal 1 opens on your turn"
    before = match.actions
    trace = traced(tab, "m-draw", {})
    if match.actions != before + 1:
        raise SystemExit("the tap did not draw: the trace would not reach the engine")
    return trace


def trace_meld() -> Trace:
    """The same table with a meld of threes on it and 9♦ in your hand: tap 9♦, then (traced)
    the meld, which lays it there."""
    from engine.games.machiavelli.rules import Lay
    from tests.helpers.machiavelli import start

    tab = Tab(Device(), "#/machiavelli/deal/1?seats=you,standard")
    table = tab.app.tables["machiavelli"]
    match = table.match
    assert match is not None
    match.state = match.start = start("9D 2C", "3S 3D 3C")  # the game's origin, for its log
    match.moves, match.actions = [], 0
    match.log = table.history.lines(match, match.you)  # (read again from the new origin)
    table.render()
    card = [str(c) for c in match.state.hands[0]].index("9D")
    tab.carry(tab.link.handle(json.dumps(
        {"kind": "click", "action": "m-hand", "data": {"hand": str(card)}})))
    before = match.actions
    trace = traced(tab, "m-meld", {"meld": "0"})
    if match.actions != before + 1 or Lay(card, 0) != match.game.parse_action(
            (match.moves or [""])[-1]):
        raise SystemExit("the tap did not lay the card: the trace would not reach the engine")
    return trace


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    ap.add_argument("--tap", choices=("draw", "meld"), default="draw",
                    help="Draw on your turn, or a card of your hand onto a meld")
    args = ap.parse_args(argv)
    t = trace_draw() if args.tap == "draw" else trace_meld()
    pairs = sorted({f"{a} -> {b}" for a, b in t.returns})
    if args.json:
        print(json.dumps({"modules": t.visited, "crossings": t.crossings,
                          "returns": len(t.returns), "return_pairs": pairs}, indent=1))
        return 0
    print(f"modules visited: {len(t.visited)}")
    for m in t.visited:
        print(f"  {m}")
    print(f"calls from one module into another: {t.crossings}")
    print(f"returns to a module already left: {len(t.returns)} "
          f"({len(pairs)} distinct)")
    for p in pairs:
        print(f"  {p}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
