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
from dataclasses import replace

from engine.cards import Card

from .plan import steps_to
from .rules import (
    PLAYING,
    Draw,
    EndTurn,
    Machiavelli,
    MAction,
    MState,
    MView,
    Pass,
    Reset,
    TableCard,
    _as_old,
    apply_step,
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
    takes_helping = True  # lays more hand cards with the face-up helping cards when it can

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
        hand, row = restore(view.table, view.hand, view.helping)
        target = self.target(view, hand)
        seq = None
        limit = view.step_limit - view.steps
        if self.takes_helping and any(c is not None for c in row):
            helped = _helped_target(view, hand, row, target)
            if helped is not None:
                seq = steps_to(view.table, view.hand, helped, view.config.ace, limit, row)
        first: MAction = give_up
        if seq is None and target is not None:
            seq = steps_to(view.table, view.hand, target, view.config.ace, limit, row)
        if seq is not None:
            table, h, helping = view.table, view.hand, view.helping
            for step in seq:
                self._plan[(view.player, plain(table), h, view.start_table)] = step
                if not isinstance(step, EndTurn):
                    table, h, helping = apply_step(table, h, helping, step, view.config.ace)
            first = seq[0]
        self.turn_times.append(time.perf_counter() - t0)
        return first

    def target(self, view: MView, hand: tuple[Card, ...]) -> list[list[Card]] | None:
        raise NotImplementedError


class Beginner(PlanBot):
    level = "beginner"
    takes_helping = False

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
    """Plays to win: it looks a few turns ahead with sampled hidden hands.

    Laying the most cards is usually right (every hold-back rule we tried alone lost to
    ``standard``), but not always: which cards go down decides what the opponents can lay
    next, and sometimes keeping a card back, or drawing, wins the race. So the strong player
    lists a few candidate plays (the most cards, the other sets of that size, one card fewer,
    drawing), and plays each forward ``depth`` turns against ``samples`` guesses of the hidden
    cards, everyone then laying the most they can; the play with the best average outcome
    (won, lost, or the difference in cards left) is chosen, the one laying more on a tie.

    What makes the guesses good is what the opponents' play tells: a player who laid cards
    last turn laid all they could, so none of their cards fits the table as they left it; one
    who drew holds such cards plus one unknown card. Samples are drawn that way (cards that
    cannot be laid alone, and no meld within the hand), not uniformly: uniform guesses make
    the opponents look far stronger than they are and the look-ahead then plays worse than
    ``standard`` (measured: 37.5 % against 55-65 % over 40-game trials).

    Every solver call of one turn shares one work budget (``turn_work`` states), so a turn is
    bounded and a seeded game replays exactly; when it runs out the samples finished so far
    decide.
    """

    level = "strong"
    samples = 4
    depth = 6
    max_candidates = 8
    turn_work = 400_000
    rollout_work = 40_000  # per solver call in the look-ahead

    def __init__(self) -> None:
        super().__init__()
        self._sizes: dict[int, int] = {}
        self._drew: dict[int, bool] = {}
        self._stamp = (0, -1)

    def target(self, view: MView, hand: tuple[Card, ...]) -> list[list[Card]] | None:
        self._note_draws(view)
        ace = view.config.ace
        sol = solve(view.start_table, hand, ace, work_budget=WORK)
        if sol is None or sol.max_cards == 0:
            return None
        full = [list(m) for m in sol.melds]
        if sol.max_cards == len(hand) or not sol.proven:
            return full  # going out (or out of search budget): take it
        work = [self.turn_work]
        cands = self._candidates(view, hand, sol, work)
        if len(cands) == 1:
            return full
        rng = random.Random(f"strong:{view.turns}:{view.player}:{view.hand_no}")
        dead = _dead_cards(view, work)
        worlds = [_sample_world(view, rng, dead, self._drew) for _ in range(self.samples)]
        totals = [0] * len(cands)
        done = 0
        plays = list(cands.items())
        for world in worlds:
            row = []
            for laid, melds in plays:
                v = _rollout(_after(world, view.player, melds, laid), view.player, self.depth,
                             work, self.rollout_work)
                if v is None:
                    break
                row.append(v)
            if len(row) < len(plays):
                break  # out of budget: decide on the samples finished
            done += 1
            totals = [a + b for a, b in zip(totals, row, strict=True)]
        if not done:
            return full
        best = max(range(len(plays)), key=lambda i: (totals[i], len(plays[i][0]), -i))
        laid, melds = plays[best]
        if melds is None:
            return None  # drawing wins more often than laying here
        if sorted(laid) == sorted(sol.laid):
            return full
        tidy = solve(view.start_table, list(laid), ace, must_lay=list(laid), work_budget=WORK)
        if tidy is None or not tidy.proven:
            return melds
        return [list(m) for m in tidy.melds]

    def _note_draws(self, view: MView) -> None:
        """Remember who drew since this player's last turn (their hand grew by one)."""
        stamp = (view.hand_no, view.turns)
        if stamp <= self._stamp:
            self._sizes = {}  # a new game: nothing seen yet
        self._stamp = stamp
        for p, n in enumerate(view.hand_sizes):
            if p != view.player:
                self._drew[p] = self._sizes.get(p, -2) + 1 == n
        self._sizes = dict(enumerate(view.hand_sizes))

    def _candidates(self, view: MView, hand: tuple[Card, ...], sol: Solution,
                    work: list[int]) -> dict[tuple[Card, ...], list[list[Card]] | None]:
        """Plays worth comparing: laid cards -> the table after them (None: draw)."""
        ace = view.config.ace
        laid = list(sol.laid)
        out: dict[tuple[Card, ...], list[list[Card]] | None] = {
            tuple(sorted(laid)): [list(m) for m in sol.melds]}
        fewer: list[tuple[tuple[Card, ...], list[list[Card]]]] = []
        for c in sorted(set(laid)):
            if len(out) >= self.max_candidates - 1:
                break
            trial = list(hand)
            trial.remove(c)
            alt = solve(view.start_table, trial, ace, least_change=False, work=work)
            if alt is not None and alt.proven and alt.max_cards == sol.max_cards:
                out.setdefault(tuple(sorted(alt.laid)), [list(m) for m in alt.melds])
            rest = list(laid)
            rest.remove(c)
            if rest and len(fewer) < 2:
                alt = solve(view.start_table, rest, ace, must_lay=rest, least_change=False,
                            work=work)
                if alt is not None and alt.proven:
                    fewer.append((tuple(sorted(rest)), [list(m) for m in alt.melds]))
        for key, melds in fewer:
            out.setdefault(key, melds)
        out[()] = None
        return out


def _dead_cards(view: MView, work: list[int]) -> set[Card]:
    """Unseen cards that cannot be laid alone on the table as the turn found it."""
    table = [c for m in view.start_table for c in m]
    out: set[Card] = set()
    for c in sorted(set(_unseen(view))):
        if work[0] <= 0:
            break
        if not can_lay(table, [c], view.config.ace, work=work):
            out.add(c)
    return out


def _melds_with(hand: Sequence[Card], x: Card) -> bool:
    """Would ``x`` make a meld of three with two cards of ``hand`` (any ace option)?"""
    if len({c.suit for c in hand if c.rank == x.rank and c.suit != x.suit}) >= 2:
        return True
    ranks = {c.rank for c in hand if c.suit == x.suit}

    def has(r: int) -> bool:
        return (r - 1) % 13 + 1 in ranks

    r = x.rank
    return any(has(a) and has(b) for a, b in ((r - 2, r - 1), (r - 1, r + 1), (r + 1, r + 2)))


def _sample_world(view: MView, rng: random.Random, dead: set[Card],
                  drew: dict[int, bool]) -> MState:
    """One guess of the hidden cards, shaped by what the opponents' play revealed."""
    pool = _unseen(view)
    rng.shuffle(pool)
    hands: list[tuple[Card, ...]] = []
    for p, n in enumerate(view.hand_sizes):
        if p == view.player:
            hands.append(view.hand)
            continue
        want = n - 1 if drew.get(p, False) else n
        h: list[Card] = []
        rest: list[Card] = []
        for c in pool:
            if len(h) < want and c in dead and not _melds_with(h, c):
                h.append(c)
            else:
                rest.append(c)
        pool = rest
        while len(h) < n and pool:
            h.append(pool.pop())
        hands.append(tuple(sorted(h)))
    return MState(config=view.config, deck=tuple(pool), hands=tuple(hands),
                  table=_as_old(view.start_table), start_table=view.start_table,
                  helping=view.helping, player=view.player, passes=view.passes,
                  turns=view.turns, hand_no=view.hand_no, scores=view.scores)


def _after(state: MState, p: int, melds: list[list[Card]] | None,
           laid: Sequence[Card]) -> MState:
    """The state after player ``p`` ends a turn with ``melds`` on the table (None: draws)."""
    if melds is None:
        return _GAME._apply(state, Draw() if state.deck else Pass())
    hand = list(state.hands[p])
    for c in laid:
        hand.remove(c)
    hands = state.hands[:p] + (tuple(hand),) + state.hands[p + 1:]
    table = tuple(tuple(TableCard(c) for c in m) for m in melds)
    return _GAME._apply(replace(state, hands=hands, table=table), EndTurn())


def _rollout(state: MState, me: int, depth: int, work: list[int], per_call: int) -> int | None:
    """Play ``depth`` turns with everyone laying the most they can; None: out of budget.

    Worth 100 if ``me`` wins (the hand, in a match), -100 if someone else does, else the
    fewest cards left among the others minus ``me``'s."""
    end = state.turns + depth
    hand_no = state.hand_no
    while state.status == PLAYING and state.turns < end and state.hand_no == hand_no:
        if work[0] <= 0:
            return None
        p = state.player
        budget = [min(per_call, work[0])]
        sol = solve(state.start_table, state.hands[p], state.config.ace, least_change=False,
                    work=budget)
        work[0] -= min(per_call, work[0]) - max(budget[0], 0)
        if sol is None or sol.max_cards == 0:
            state = _after(state, p, None, ())
        else:
            state = _after(state, p, [list(m) for m in sol.melds], sol.laid)
    if state.hand_no != hand_no:  # a match moved on to its next hand
        return 100 if state.last_hand[me] == min(state.last_hand) else -100
    if state.status != PLAYING:
        return 100 if me in state.winners else -100
    others = [len(h) for q, h in enumerate(state.hands) if q != me]
    return min(others) - len(state.hands[me])


def _helped_target(view: MView, hand: tuple[Card, ...], row: tuple[Card | None, ...],
                   target: list[list[Card]] | None) -> list[list[Card]] | None:
    """A play that lays more of the hand by also taking helping cards, or None.

    The solver sees the face-up cards as extra hand cards; the play counts only if more
    hand cards go down than in ``target`` (the caller's plan without them). Whether each
    helping card ends in a meld with a hand card is checked when the play is turned into
    steps (the turn could not end otherwise)."""
    from collections import Counter

    table_count = sum(len(m) for m in view.start_table)
    base = 0 if target is None else sum(len(m) for m in target) - table_count
    extra = [c for c in row if c is not None]
    sol = solve(view.start_table, list(hand) + extra, view.config.ace, least_change=False,
                work_budget=WORK)
    if sol is None or not sol.proven:
        return None
    laid, mine = Counter(sol.laid), Counter(hand)
    from_hand = sum(min(n, mine[c]) for c, n in laid.items())
    if from_hand <= base:
        return None
    return [list(m) for m in sol.melds]


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


_GAME = Machiavelli()

LEVELS: dict[str, type[PlanBot]] = {"beginner": Beginner, "standard": Standard,
                                     "strong": Strong}


def make_bot(level: str) -> PlanBot:
    return LEVELS[level]()
