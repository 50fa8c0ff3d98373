"""The Machine log line of a whole turn, read from the actions applied."""

from __future__ import annotations

from collections.abc import Sequence

from app.kit import and_list, plural
from app.tables.machine.words import set_words, tracks_words
from engine.games.machine.mat import TRACKS, TWO_PAIR
from engine.games.machine.rules import (
    OVER,
    Discard,
    Draw,
    MachineAction,
    MachineView,
    PlaySet,
    Setup,
    TakeUp,
    Trade,
)


def describe_turn(before: MachineView, after: MachineView, actions: Sequence[MachineAction],
                  name: str, you: bool = False) -> str:
    """One log line for a whole turn: "Bea drew 2 face-down cards and took 7♥" (``you``: told
    to the seat's own player, "You took 7♥", "you win"). The live region says another seat's
    line aloud, its cards in words; a set is said by its words ("Full House, kings over
    fours"), not card by card."""
    if you:
        name = "You"
    seat = before.current
    parts: list[str] = []
    sets = [a for a in actions if isinstance(a, Setup)]
    draws = sum(isinstance(a, Draw) for a in actions)
    takes = [before.display[a.slot] for a in actions if isinstance(a, TakeUp)
             and 0 <= a.slot < len(before.display)]
    trades = sum(isinstance(a, Trade) for a in actions)
    discards = sum(isinstance(a, Discard) for a in actions)
    plays = [a for a in actions if isinstance(a, PlaySet)]
    if sets:
        t1, t2 = sets[0].tracks
        parts.append(f"placed set-up cubes on {TRACKS[t1].name} twice" if t1 == t2
                     else f"placed set-up cubes on {tracks_words((t1, t2))}")
    if draws:
        parts.append(f"drew {plural(draws, 'face-down card')}")
    got = [c for c in takes if c is not None]
    if got:
        parts.append(f"took {and_list([c.symbol for c in got])}")
    if discards:
        parts.append(f"discarded {plural(discards, 'card')}")
    if trades:
        parts.append(f"traded {plural(trades, 'card')} for {plural(trades, 'cube')}")
    for a in plays:
        where = " and ".join(
            f"{TRACKS[t].name} track now {after.mats[seat].value(t)}" if t != TWO_PAIR
            else "2 cubes on the Two Pair area" for t in a.tracks)
        parts.append(f"played {set_words(a.kind, a.cards)}: {where}")
    if not parts:
        return ("Your" if you else f"{name}'s") + " turn is not over yet"
    line = f"{name} " + and_list(parts)
    if after.phase == OVER and seat in after.winners and after.mats[seat].left == 0:
        line += ", placing every cube: " + ("you win" if you else f"{name} wins")
    elif after.out[seat] and not before.out[seat]:
        line += (f" and {'are' if you else 'is'} out (one cube left, no single-cube "
                 "section)")
    return line
