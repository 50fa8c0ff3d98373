"""Computer players. Each chooses a whole turn from its own view, then plays it step by step.

* ``beginner`` lays only new melds made from its own hand (the most cards it can), never
  touching the table;
* ``standard`` lays as many cards as the solver allows, changing as few melds as it can;
* ``strong`` plays to win: it lays as many cards as ``standard`` but chooses which ones,
  keeping in its hand cards that pair with the cards it must keep anyway (in the hand they can
  meld with a drawn card; on the table they would also help the opponents); when an opponent
  is about to go out it samples their hidden hand and holds back cards, or draws, when laying
  them would likely let that opponent go out.

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
from .solver import Solution, can_lay, solve

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
    """Plays to win: as many cards as the solver allows, but the right ones.

    Laying fewer cards than possible loses tempo (measured: every hold-back rule we tried lost
    to ``standard``), so the strong player lays the maximum. Among the many sets of that size
    it chooses what stays in its hand: cards in the hand are more flexible than cards on the
    table (a drawn card can make a new meld with them, and on the table they would help the
    opponents too), so it keeps layable cards that are partners of the cards it must keep
    anyway (same rank, or same suit within two ranks) whenever another card can be laid in
    their place. It goes out as soon as it can.

    When an opponent is about to go out, every card it lays may be the one that lets them lay
    their last cards: it then samples their hidden hand and keeps back cards (or draws) when
    laying them makes that too likely.
    """

    level = "strong"
    swaps = 3
    danger = 4  # an opponent with this many cards or fewer may go out next turn
    samples = 8
    risk_weight = 12.0

    def target(self, view: MView, hand: tuple[Card, ...]) -> list[list[Card]] | None:
        threats = [n for p, n in enumerate(view.hand_sizes)
                   if p != view.player and n <= self.danger]
        if threats:
            return self._guarded(view, hand, threats)
        return self._swapped(view, hand)

    def _guarded(self, view: MView, hand: tuple[Card, ...],
                 threats: list[int]) -> list[list[Card]] | None:
        """An opponent is about to go out: weigh each play by the chance it lets them.

        Their hidden hand is sampled from the cards this player cannot see, keeping only hands
        none of whose cards can go on the table as it is (they lay all they can, so what they
        kept does not fit now). Candidates: lay everything possible, all but one of those
        cards, or nothing (draw); a card kept is worth ``1 / risk_weight`` of their chance.
        """
        ace = view.config.ace
        sol, full = _most(view, hand)
        if sol is None:
            return full
        table = [c for m in view.start_table for c in m]
        pool = _unseen(view)
        rng = random.Random(f"strong:{view.turns}:{view.player}")
        opp: list[list[Card]] = []
        for n in threats:
            got = 0
            for _ in range(self.samples * 4):
                if got >= self.samples:
                    break
                h = sorted(rng.sample(pool, min(n, len(pool))))
                alone = solve([table] if table else [], h, ace, least_change=False,
                              work_budget=WORK)
                if alone is None or not alone.proven or alone.max_cards:
                    continue
                opp.append(h)
                got += 1
        if not opp:
            return full
        laid = list(sol.laid)
        candidates: list[list[Card]] = [laid, []]
        for c in sorted(set(laid)):
            rest = list(laid)
            rest.remove(c)
            if rest and can_lay(table, rest, ace, WORK):
                candidates.append(rest)
        best: tuple[float, int] | None = None
        choice = laid
        for cand in candidates:
            wins = sum(1 for h in opp if can_lay(table + cand, h, ace, WORK))
            key = (len(cand) - self.risk_weight * wins / len(opp), len(cand))
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

    def _swapped(self, view: MView, hand: tuple[Card, ...]) -> list[list[Card]] | None:
        """Lay the most cards, keeping partners of the cards that must stay in the hand."""
        ace = view.config.ace
        sol, full = _most(view, hand)
        if sol is None:
            return full
        best = sol.max_cards
        keep: list[Card] = []
        laid = list(sol.laid)
        tried: set[Card] = set()
        for _ in range(self.swaps):
            dead = list(hand)
            for c in laid:
                dead.remove(c)

            def partners(c: Card, dead: list[Card] = dead) -> int:
                return sum(1 for d in dead if (d.rank == c.rank and d.suit != c.suit) or (
                    d.suit == c.suit and 0 < min((d.rank - c.rank) % 13,
                                                 (c.rank - d.rank) % 13) <= 2))

            options = sorted((c for c in set(laid) if c not in tried and partners(c) > 0),
                             key=lambda x: (-partners(x), str(x)))
            if not options:
                break
            c = options[0]
            tried.add(c)
            trial = list(hand)
            for k in [*keep, c]:
                trial.remove(k)
            alt = solve(view.start_table, trial, ace, least_change=False, work_budget=WORK)
            if alt is not None and alt.proven and alt.max_cards == best:
                keep.append(c)
                laid = list(alt.laid)
        if not keep:
            return full
        trial = list(hand)
        for k in keep:
            trial.remove(k)
        sol2 = solve(view.start_table, trial, ace, work_budget=WORK)
        if sol2 is None or not sol2.proven or sol2.max_cards != best:
            return full
        return [list(m) for m in sol2.melds]


def _most(view: MView, hand: tuple[Card, ...]) -> tuple[Solution | None,
                                                         list[list[Card]] | None]:
    """The most-cards play, and whether it is already the answer.

    Returns ``(None, answer)`` when nothing can be laid (answer None: draw), when the hand can
    go out, or when the search ran out of budget (take the play found); otherwise
    ``(solution, its melds)`` for the caller to refine.
    """
    sol = solve(view.start_table, hand, view.config.ace, work_budget=WORK)
    if sol is None or sol.max_cards == 0:
        return None, None
    full = [list(m) for m in sol.melds]
    if sol.max_cards == len(hand) or not sol.proven:
        return None, full  # going out (or out of search budget): take it
    return sol, full


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
