"""What the Machine table marks and flies after other players' steps: sections filled and
limits changed, cards taken face up and sets played, and their flights."""

from __future__ import annotations

from collections.abc import Sequence

from app.tables.machine.words import limits
from engine.cards import Card
from engine.games.machine import sets as S
from engine.games.machine.mat import TRACKS
from engine.games.machine.rules import TAKING, TURN, MachineState, PlayerMat


def mat_marks(before: Sequence[PlayerMat] | None, after: Sequence[PlayerMat]) -> frozenset[str]:
    """Sections filled and limits changed between two sets of mats (see the module doc)."""
    if before is None or len(before) != len(after):
        return frozenset()
    out: set[str] = set()
    for p, (a, b) in enumerate(zip(before, after, strict=True)):
        for t in range(len(TRACKS)):
            for s in range(a.filled[t], b.filled[t]):
                out.add(f"p{p}.t{t}.s{s}")
        la, lb = limits(a), limits(b)
        out.update(f"p{p}.lim.{k}" for k in la if la[k] != lb[k])
    return frozenset(out)


def step_news(before: MachineState, after: MachineState) -> frozenset[str]:
    """What one step showed everybody (see :func:`news`): a face-up card taken
    (``took<p>:<card>``), the cards of a set played (``set<p>:<card>``). Cards drawn face
    down or traded stay hidden: nothing of them."""
    if before.players != after.players or before.phase not in (TURN, TAKING):
        return frozenset()
    p = before.current
    out = {f"took{p}:{a}" for a, b in zip(before.display, after.display, strict=True)
           if a is not None and a != b and a in after.hands[p]}
    if before.phase == TURN and sum(after.mats[p].filled) > sum(before.mats[p].filled):
        out.update(f"set{p}:{c}" for c in before.hands[p] if c not in after.hands[p])
    return frozenset(out)


def step_flights(before: MachineState, after: MachineState) -> list[tuple[str, str | None]]:
    """The card flights of one computer's step (the bridge's ``data-card`` key, where from):
    a face-up card taken flies from its display slot to the taker's row, a set played from
    the player's chip, a new display card from the face-down pile."""
    out: list[tuple[str, str | None]] = []
    for key in sorted(step_news(before, after)):
        head, card = key.split(":", 1)
        if head.startswith("took"):
            out.append((card, None))
        else:
            out.append((card, f'[data-testid=mm-opp][data-seat="{head[3:]}"]'))
    out.extend((str(b), "#mm-pile-down") for a, b in zip(before.display, after.display,
                                                         strict=True)
               if b is not None and a != b)
    return out


def news(marked: frozenset[str], p: int) -> tuple[list[Card], list[Card]]:
    """What player ``p`` took face up and played (marks ``took<p>:<card>``, ``set<p>:<card>``)
    since the viewer last acted; a card both taken and played counts as played."""
    played = [Card.parse(k.split(":", 1)[1]) for k in sorted(marked)
              if k.startswith(f"set{p}:")]
    took = [Card.parse(k.split(":", 1)[1]) for k in sorted(marked)
            if k.startswith(f"took{p}:")]
    return [c for c in took if c not in played], list(S.sort_cards(played))
