"""The Cube Farm log line of a turn, the marks of what changed on the floor and the flights of
a computer's step, all read from the hand's log of applied actions."""

from __future__ import annotations

from app.tables.cube_farm.words import a_card
from engine.games.cube_farm.board import pos_text
from engine.games.cube_farm.rules import HAND_OVER, OVER, CFAction, CFView, Claim, Pass, Place


def turn_events(before: CFView, after: CFView, seat: int) -> list[CFAction]:
    """What ``seat`` did between two views (the log of the hand holds every action)."""
    if after.hand != before.hand:
        return [e.action for e in after.log if e.player == seat]
    return [e.action for e in after.log[len(before.log):] if e.player == seat]


def describe_turn(before: CFView, after: CFView, seat: int, name: str, you: bool = False
                  ) -> str:
    """One log line for a turn: "Ana laid the 7 and claimed a cubicle worth 4 now." (``you``:
    told to the seat's own player, "You laid…")."""
    if you:
        name = "You"
    acts = turn_events(before, after, seat)
    parts: list[str] = []
    if after.hand != before.hand:
        parts.append(f"dealt hand {after.hand}")
    board = after.board
    for a in acts:
        if isinstance(a, Place):
            parts.append(f"laid {a_card(a.card)}")
        elif isinstance(a, Claim):
            c = board.cubicle_at(a.pos)
            pts = f" worth {board.score_cubicle(c).total} now" if c is not None else ""
            parts.append(f"claimed a cubicle{pts}")
        elif isinstance(a, Pass):
            parts.append("claimed nothing")
    if not parts:
        parts.append("played")
    text = f"{name} " + " and ".join(parts) + "."
    if after.phase in (HAND_OVER, OVER) and before.phase not in (HAND_OVER, OVER):
        text += f" Hand {after.hand} is over."
    return text


def marked_keys(before: CFView, after: CFView) -> frozenset[str]:
    """What changed on the floor from ``before`` (when a person last acted; maybe several
    computers' turns ago) to ``after``: every card laid and cubicle claimed since, of this
    hand."""
    out = set()
    for e in after.log[len(before.log) if after.hand == before.hand else 0:]:
        if isinstance(e.action, Place):
            out.add(f"c:{e.action.card}")
        elif isinstance(e.action, Claim):
            out.add(f"u:{pos_text(e.action.pos)}")
    return frozenset(out)


def flights(before: CFView, after: CFView) -> list[tuple[str, str | None]]:
    """One computer's step as the page's flights: a card laid flies from its player's name chip
    to its place on the floor, each new stone (a claim, or a cubicle a card enlarged) from its
    owner's chip to its unit."""
    if after.hand != before.hand:
        return []
    out: list[tuple[str, str | None]] = []
    for e in after.log[len(before.log):]:
        if isinstance(e.action, Place):
            out.append((f"floor:{e.action.card}", f"#cf-p{e.player}"))
    old = before.board.stones
    for p, owner in sorted(after.board.stones.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        if old.get(p) != owner:
            out.append((f"stone:{pos_text(p)}", f"#cf-p{owner}"))
    return out
