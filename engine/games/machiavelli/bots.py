"""Computer players. Each chooses a whole turn from its own view, then plays it step by step.

* ``beginner`` lays only new melds made from its own hand (the most cards it can), never
  touching the table;
* ``standard`` lays as many cards as the solver allows, changing as few melds as it can;
* ``strong`` plays to win: it goes out as soon as it can; otherwise it keeps back one or two
  cards that it can surely lay later on their own (so that on a later turn it lays instead of
  drawing), unless an opponent is close to going out, when it lays all it can.

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

TIME_BUDGET_MS = 400.0


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
            if plain(view.table) != view.start_table:
                if Reset() in legal:
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
        sol = solve([], hand, view.config.ace, least_change=False)
        if sol is None or sol.max_cards == 0:
            return None
        return [list(m) for m in view.start_table] + [list(m) for m in sol.melds]


class Standard(PlanBot):
    level = "standard"

    def target(self, view: MView, hand: tuple[Card, ...]) -> list[list[Card]] | None:
        sol = solve(view.start_table, hand, view.config.ace, time_budget_ms=TIME_BUDGET_MS)
        if sol is None or sol.max_cards == 0:
            return None
        return [list(m) for m in sol.melds]


class Strong(PlanBot):
    level = "strong"
    reserve = 2
    danger = 4

    def target(self, view: MView, hand: tuple[Card, ...]) -> list[list[Card]] | None:
        ace = view.config.ace
        sol = solve(view.start_table, hand, ace, time_budget_ms=TIME_BUDGET_MS)
        if sol is None or sol.max_cards == 0:
            return None
        full = [list(m) for m in sol.melds]
        if sol.max_cards == len(hand) or not sol.proven:
            return full  # going out (or out of time): take it
        others = [n for p, n in enumerate(view.hand_sizes) if p != view.player]
        if others and min(others) <= self.danger:
            return full
        laid = list(sol.laid)
        table_cards = [c for m in view.start_table for c in m]
        kept: list[Card] = []
        # keep back cards that can still be laid alone afterwards, highest penalty first
        for c in sorted(laid, key=lambda x: (-_value(x), str(x))):
            if len(kept) >= self.reserve or len(laid) - len(kept) <= 1:
                break
            rest = list(laid)
            for k in [*kept, c]:
                rest.remove(k)
            if not can_lay(table_cards, rest, ace):
                continue
            if all(can_lay(table_cards + rest, [k], ace) for k in [*kept, c]):
                kept.append(c)
        if not kept:
            return full
        rest = list(laid)
        for k in kept:
            rest.remove(k)
        sol2 = solve(view.start_table, rest, ace, must_lay=rest, time_budget_ms=TIME_BUDGET_MS)
        if sol2 is None or not sol2.proven:
            return full
        return [list(m) for m in sol2.melds]


def _value(c: Card) -> int:
    return 15 if c.rank == 1 else 10 if c.rank >= 10 else 5


LEVELS: dict[str, type[PlanBot]] = {"beginner": Beginner, "standard": Standard,
                                     "strong": Strong}


def make_bot(level: str) -> PlanBot:
    return LEVELS[level]()
