"""Computer players. Each chooses a whole turn from its own view, then plays it step by step.

* ``beginner`` lays only new melds made from its own hand (the most cards it can), never
  touching the table;
* ``standard`` lays as many cards as the solver allows, changing as few melds as it can;
* ``strong`` plays to win, not to lay cards: when an opponent is close to going out it weighs
  each possible play by how likely it lets that opponent lay their last cards (sampling their
  hidden hand) and keeps cards back, or draws, when laying them would mostly help the
  opponent; it goes out as soon as it can.

A bot is called once per step. It plans the turn when the turn starts (from the view only:
the table, its own hand, the card counts) and keeps the plan keyed by the position it expects
next, so each step is a dictionary look-up.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.cards import Card

from .plan import steps_to
from .rules import (
    Draw,
    EndTurn,
    MAction,
    MView,
    Pass,
    Reset,
    plain,
    restore,
)
from .solver import can_lay, solve

# The bots bound their searches by work (states visited), not time, so that a seeded game
# replays exactly on any machine; 150,000 states is a few hundred ms in CPython.
WORK = 150_000


def _key(view: MView) -> tuple[object, ...]:
    return (view.player, plain(view.table), view.hand, view.start_table)


class PlanBot:
    """Shared machinery: choose a target table at the start of a turn, then emit its steps."""

    level = "standard"

    def __init__(self) -> None:
        self._plan: dict[tuple[object, ...], MAction] = {}
        self.turn_times: list[float] = []

    def choose(self, view: MView, legal: Sequence[MAction], rng: random.Random) -> MAction:
        key = _key(view)
        act = self._plan.get(key)
        if act is None:
            if plain(view.table) != view.start_table and Reset() in legal:
                return Reset()
            act = self._make_plan(view)
        if act not in legal:
            for fallback in (EndTurn(), Draw(), Pass()):
                if fallback in legal:
                    return fallback
            return legal[0]
        return act

    def _make_plan(self, view: MView) -> MAction:
        import time

        t0 = time.perf_counter()
        self._plan = {}
        give_up: MAction = Draw() if view.deck_count else Pass()
        hand, _ = restore(view.table, view.hand, view.helping)
        target = self.target(view, hand)
        first: MAction = give_up
        if target is not None:
            limit = view.step_limit - view.steps
            seq = steps_to(view.table, view.hand, target, view.config.ace, limit)
            if seq is not None:
                from .rules import apply_step

                table, h, helping = view.table, view.hand, view.helping
                for step in seq:
                    self._plan[(view.player, plain(table), h, view.start_table)] = step
                    if not isinstance(step, EndTurn):
                        table, h, helping = apply_step(table, h, helping, step,
                                                       view.config.ace)
                first = seq[0]
        self.turn_times.append(time.perf_counter() - t0)
        return first

    def target(self, view: MView, hand: tuple[Card, ...]) -> list[list[Card]] | None:
        raise NotImplementedError


class Beginner(PlanBot):
    level = "beginner"

    def target(self, view: MView, hand: tuple[Card, ...]) -> list[list[Card]] | None:
        sol = solve([], hand, view.config.ace, least_change=False, work_budget=WORK)
        if sol is None or sol.max_cards == 0:
            return None
        return [list(m) for m in view.start_table] + [list(m) for m in sol.melds]


class Standard(PlanBot):
    level = "standard"

    def target(self, view: MView, hand: tuple[Card, ...]) -> list[list[Card]] | None:
        sol = solve(view.start_table, hand, view.config.ace, work_budget=WORK)
        if sol is None or sol.max_cards == 0:
            return None
        return [list(m) for m in sol.melds]


class Strong(PlanBot):
    """Plays to win: lays the most it can, except when an opponent is about to go out.

    Then every card it lays may be the one that lets the opponent lay their last cards. It
    samples the opponent's hidden hand (from the cards it cannot see) several times and, for
    each candidate play (lay everything it can, lay all but one of those cards, or lay nothing
    and draw), estimates how likely the opponent can empty their hand on the table it would
    leave; it picks the play with the best trade-off (a card kept in hand is worth
    ``1 / RISK_WEIGHT`` of the opponent's chance to win at once). It still goes out whenever it
    can.
    """

    level = "strong"
    danger = 3  # an opponent with this many cards or fewer may go out next turn
    samples = 8
    risk_weight = 12.0

    def target(self, view: MView, hand: tuple[Card, ...]) -> list[list[Card]] | None:
        ace = view.config.ace
        sol = solve(view.start_table, hand, ace, work_budget=WORK)
        if sol is None or sol.max_cards == 0:
            return None
        full = [list(m) for m in sol.melds]
        if sol.max_cards == len(hand) or not sol.proven:
            return full  # going out (or out of search budget): take it
        threats = [n for p, n in enumerate(view.hand_sizes) if p != view.player and
                   n <= self.danger]
        if not threats:
            return full
        table_cards = [c for m in view.start_table for c in m]
        laid = list(sol.laid)
        pool = _unseen(view)
        rng = random.Random(f"strong:{view.turns}:{view.player}:{' '.join(map(str, hand))}")
        opp = [sorted(rng.sample(pool, min(n, len(pool)))) for n in threats
               for _ in range(self.samples)]
        candidates: list[list[Card]] = [laid, []]
        for c in sorted(set(laid)):
            rest = list(laid)
            rest.remove(c)
            if rest and can_lay(table_cards, rest, ace, WORK):
                candidates.append(rest)
        best: tuple[float, int] | None = None
        choice: list[Card] = laid
        for cand in candidates:
            after = table_cards + cand
            wins = sum(1 for h in opp if can_lay(after, h, ace, WORK))
            score = len(cand) - self.risk_weight * wins / len(opp)
            key = (score, len(cand))
            if best is None or key > best:
                best, choice = key, cand
        if choice == laid:
            return full
        if not choice:
            return None  # drawing is safer than opening the table for them
        sol2 = solve(view.start_table, choice, ace, must_lay=choice, work_budget=WORK)
        if sol2 is None or not sol2.proven:
            return full
        return [list(m) for m in sol2.melds]


def _unseen(view: MView) -> list[Card]:
    """Cards this player cannot see (other hands and the draw pile), in a fixed order."""
    from collections import Counter

    from engine.cards import double_deck

    seen: Counter[Card] = Counter(view.hand)
    seen.update(tc.card for m in view.table for tc in m)
    seen.update(c for c in view.helping if c is not None)
    return sorted((Counter(double_deck()) - seen).elements())


def _value(c: Card) -> int:
    return 15 if c.rank == 1 else 10 if c.rank >= 10 else 5


LEVELS: dict[str, type[PlanBot]] = {"beginner": Beginner, "standard": Standard,
                                     "strong": Strong}


def make_bot(level: str) -> PlanBot:
    return LEVELS[level]()
