"""From "this is the table I want" to the steps a player takes to build it.

The computer players and the Hint both choose a whole turn as a target arrangement (usually the
solver's) and then need it as legal steps, one at a time, the way the screen drives a turn:
split a run where it breaks, move the cards that change meld, lay the hand cards. The steps are
found greedily: each current meld is paired with the target meld it shares most cards with;
cards that do not belong are moved straight to where they belong (a whole block at a meld's
end is split off in one step); finally the hand cards are laid.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engine.cards import Card

from .rules import (
    EndTurn,
    Lay,
    MAction,
    Meld,
    Move,
    MView,
    Reset,
    Split,
    Take,
    apply_step,
    restore,
    turn_problem,
)
from .solver import Solution, solve


def _pairing(table: Sequence[Meld], target: Sequence[Sequence[Card]]) -> dict[int, int]:
    """Current meld index -> target meld index, greedily by shared cards."""
    tcount = [Counter(t) for t in target]
    where: dict[Card, list[int]] = {}
    for j, t in enumerate(tcount):
        for c in t:
            where.setdefault(c, []).append(j)
    pairs = []
    for i, m in enumerate(table):
        have = Counter(tc.card for tc in m)
        cand: set[int] = set()
        for c in have:
            cand.update(where.get(c, ()))
        for j in cand:
            t = tcount[j]
            shared = sum(min(n, t[c]) for c, n in have.items())
            pairs.append((-int(t == have), -shared, i, j))
    pairs.sort()
    used_i: set[int] = set()
    used_j: set[int] = set()
    out: dict[int, int] = {}
    for _, _, i, j in pairs:
        if i in used_i or j in used_j:
            continue
        out[i] = j
        used_i.add(i)
        used_j.add(j)
    return out


def next_step(table: Sequence[Meld], hand: Sequence[Card],
              target: Sequence[Sequence[Card]],
              helping: Sequence[Card | None] = ()) -> MAction | None:
    """The next step towards ``target`` (EndTurn when reached; None if it cannot be).

    A target card that is neither on the table nor in the hand is taken from the helping
    row, when it is there (hand cards first, so a helping card is only used when needed)."""
    pairing = _pairing(table, target)
    owner = {j: i for i, j in pairing.items()}
    need: list[Counter[Card]] = []
    for j, t in enumerate(target):
        want = Counter(t)
        if j in owner:
            want -= Counter(tc.card for tc in table[owner[j]])
        need.append(want)

    def destination(card: Card, avoid: int) -> int | str | None:
        """Where a surplus card goes: a current meld index, None (new meld), or 'x'."""
        best: tuple[int, int] | None = None
        for j, want in enumerate(need):
            if want[card] > 0:
                i = owner.get(j)
                if i == avoid:
                    continue
                rank = (0 if i is not None else 1, j)
                if best is None or rank < best:
                    best = rank
        if best is None:
            return "x"
        j = best[1]
        return owner.get(j)

    for i, m in enumerate(table):
        keep = Counter(target[pairing[i]]) if i in pairing else Counter()
        surplus = Counter(tc.card for tc in m) - keep
        if not surplus:
            continue
        # a block at either end that all goes elsewhere: split it off in one step
        n = len(m)
        if i in pairing and n > 1:
            for at in range(1, n):
                tail = Counter(tc.card for tc in m[at:])
                head = Counter(tc.card for tc in m[:at])
                if tail == surplus and at >= 1 and _fits_one_new(tail, need, owner):
                    return Split(i, at)
                if head == surplus and _fits_one_new(head, need, owner):
                    return Split(i, at)
        for pos, tc in enumerate(m):
            if surplus[tc.card] > 0:
                dest = destination(tc.card, i)
                if dest == "x":
                    return None
                if dest is None and n == 1:
                    continue  # already alone: wait for its partners to arrive
                assert dest is None or isinstance(dest, int)
                return Move(i, pos, dest)
    # singletons that wait for partners: move one onto another singleton of the same target
    for i, m in enumerate(table):
        if i not in pairing:
            for pos, tc in enumerate(m):
                dest = destination(tc.card, i)
                if isinstance(dest, int):
                    return Move(i, pos, dest)
    # every table card is where it belongs: lay the hand cards
    for j, want in enumerate(need):
        for card in sorted(want.elements()):
            if card in hand:
                return Lay(list(hand).index(card), owner.get(j))
            if card in helping:
                return Take(list(helping).index(card), owner.get(j))
            return None
    if turn_problem(table, "wrap") is None or not any(need):
        return EndTurn()
    return None


def _fits_one_new(block: Counter[Card], need: list[Counter[Card]], owner: dict[int, int]) -> bool:
    """The block is exactly a target meld that has no meld on the table yet."""
    return any(j not in owner and want == block for j, want in enumerate(need))


def steps_to(table: tuple[Meld, ...], hand: tuple[Card, ...], target: Sequence[Sequence[Card]],
             ace: str, max_steps: int, helping: tuple[Card | None, ...] = (),
             ) -> list[MAction] | None:
    """The whole sequence of steps (ending with EndTurn), or None if it is not found in time
    (or if the turn could not end there, e.g. a helping card without a hand card)."""
    out: list[MAction] = []
    goal = sorted(sorted(str(c) for c in m) for m in target)
    for _ in range(max_steps + 1):
        now = sorted(sorted(str(tc.card) for tc in m) for m in table)
        if now == goal:
            if turn_problem(table, ace) is not None:
                return None
            out.append(EndTurn())
            return out
        step = next_step(table, hand, target, helping)
        if step is None or isinstance(step, EndTurn):
            return None
        out.append(step)
        table, hand, helping = apply_step(table, hand, helping, step, ace)
    return None


def hint(view: MView, time_budget_ms: float | None = 300.0,
         ) -> tuple[Solution | None, MAction | None]:
    """The Hint: the best play from the position the turn started at, and the next step
    towards it from the table as it is now (None when nothing can be laid: draw).

    ``solution.proven`` is False when the time budget ran out (a play is still given).
    """
    hand, _ = restore(view.table, view.hand, view.helping)
    sol = solve(view.start_table, hand, view.config.ace, time_budget_ms=time_budget_ms)
    if sol is None or sol.max_cards == 0:
        return sol, None
    target = [list(m) for m in sol.melds]
    step = next_step(view.table, view.hand, target)
    if step is None:  # off the path (e.g. a card laid elsewhere): start again from the top
        return sol, Reset()
    return sol, step
