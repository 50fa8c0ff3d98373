"""Computer players. Each chooses a whole turn from its own view, then plays it step by step.

* ``beginner`` lays only new melds made from its own hand (the most cards it can), never
  touching the table;
* ``standard`` lays as many cards as the solver allows, changing as few melds as it can;
* ``strong`` plays to win: it goes out as soon as it can and otherwise lays as many cards as
  ``standard``, except when an opponent is about to go out: then it guesses their hand from
  what their play revealed and holds back cards, or draws, when laying them would likely let
  that opponent finish.

``standard`` and ``strong`` also take face-up helping cards when that lays more of the hand.

A bot is called once per step. It plans the turn when the turn starts (from the view only:
the table, its own hand, the card counts) and keeps the plan keyed by the position it expects
next, so each step is a dictionary look-up.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence

from engine.cards import Card
from engine.protocol import bot_levels

from .plan import steps_to
from .rules import (
    GAME,
    Draw,
    EndTurn,
    MAction,
    MState,
    MView,
    Pass,
    Reset,
    _as_old,
    apply_step,
    plain,
    restore,
    unseen,
)
from .solver import Solution, SolverMemo, can_lay, solve

# The bots bound their searches by work (states visited), not time, so that a seeded game
# replays exactly on any machine; 150,000 states is a few hundred ms in CPython.
WORK = 150_000


def _key(view: MView) -> tuple[object, ...]:
    return (view.player, plain(view.table), view.hand, view.start_table)


class PlanBot:
    """Shared machinery: choose a target table at the start of a turn, then emit its steps."""

    takes_helping = True  # lays more hand cards with the face-up helping cards when it can

    def __init__(self) -> None:
        self._plan: dict[tuple[object, ...], MAction] = {}
        self.turn_times: list[float] = []
        self.memo = SolverMemo()  # this player's own: its searches share what they work out

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
            helped = _helped_target(view, hand, row, target, self.memo)
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
    takes_helping = False

    def target(self, view: MView, hand: tuple[Card, ...]) -> list[list[Card]] | None:
        sol = solve([], hand, view.config.ace, least_change=False, work_budget=WORK,
                    memo=self.memo)
        if sol is None or sol.max_cards == 0:
            return None
        return [list(m) for m in view.start_table] + [list(m) for m in sol.melds]


class Standard(PlanBot):
    def target(self, view: MView, hand: tuple[Card, ...]) -> list[list[Card]] | None:
        sol = solve(view.start_table, hand, view.config.ace, work_budget=WORK, memo=self.memo)
        if sol is None or sol.max_cards == 0:
            return None
        return [list(m) for m in sol.melds]


class Strong(PlanBot):
    """Plays to win: lays the most cards, except when that mostly helps the opponents or
    would let one of them go out.

    When nobody is close to going out it weighs each play of the most cards, or of one card
    fewer, by the race it leaves: ``cards laid - help_weight * cards the guessed opponent
    hands (see below) could then lay``. So it keeps back a card that would open the table to
    several of theirs, and among plays of the same size it picks the one that helps least
    (which costs no tempo). When a play would leave it ``finish`` cards or fewer, the chance
    that those last cards can all go down next turn counts too (``out_weight`` cards): how
    the last cards are kept decides whether it can go out.

    Measured on standard-against-standard games: in about half of them the loser's last play
    was what let the winner lay their final cards (the winner's hand did not fit the table
    before it). So when an opponent is down to ``danger`` cards or fewer, the strong player
    guesses their hand and, for each candidate play (the most cards; the best play without
    each one of those cards; drawing), estimates the chance that it lets them go out. It
    plays the candidate with the best ``cards laid - risk_weight * chance``. Against an
    opponent holding one card it counts every card they may hold instead of guessing. Blanket
    hold-back rules (one card a turn, one spare card) lost to ``standard``, and so did a
    sampled look-ahead over all turns and a guard that risked more for more cards.

    The guesses use what the opponents' play tells: a player who laid cards last turn laid
    all they could, so none of their cards fits the table as they left it (they are drawn
    from the unseen cards that cannot be laid alone, with no meld inside the hand); one who
    drew holds such cards plus one unknown card. Uniform guesses make an opponent look far
    more dangerous than they are, and the guard then gives away too much tempo.

    Every solver call of one turn shares one work budget (``turn_work`` states), so a turn is
    bounded and a seeded game replays exactly; if the budget runs out the strong player
    simply lays the most cards.
    """

    danger = 6
    samples = 12
    risk_weight = 40.0
    tries = 3  # guesses drawn until one holds nothing that fits together
    quiet_samples = 8  # guesses when nobody is about to go out
    help_weight = 1.0  # one card the opponents lay thanks to us costs as much as one we lay
    help_spread = 1  # when nobody is close to going out, plays of one card fewer are weighed too
    out_weight = 40.0  # going out next turn, in cards (the same stake as risk_weight)
    finish = 3  # plays that keep this many cards or fewer are also weighed by the chance to go out
    turn_work = 300_000

    def __init__(self) -> None:
        super().__init__()
        self._sizes: dict[int, int] = {}
        self._drew: dict[int, bool] = {}
        self._stamp = (0, -1)

    def target(self, view: MView, hand: tuple[Card, ...]) -> list[list[Card]] | None:
        self._note_draws(view)
        ace = view.config.ace
        sol = solve(view.start_table, hand, ace, work_budget=WORK, memo=self.memo)
        if sol is None or sol.max_cards == 0:
            return None
        full = [list(m) for m in sol.melds]
        if sol.max_cards == len(hand) or not sol.proven:
            return full  # going out (or out of search budget): take it
        threats = [p for p, n in enumerate(view.hand_sizes)
                   if p != view.player and n <= self.danger]
        work = [self.turn_work]
        if threats:
            choice = self._guarded(view, hand, sol, threats, work)
        else:
            choice = self._least_help(view, hand, sol, work)
        if choice is None:
            return full
        laid, melds = choice
        if melds is None or sorted(laid) == sorted(sol.laid):
            return melds  # drawing, or the most cards after all
        tidy = solve(view.start_table, list(laid), ace, must_lay=list(laid), work_budget=WORK,
                     memo=self.memo)
        if tidy is None or not tidy.proven:
            return melds
        return [list(m) for m in tidy.melds]

    def _least_help(self, view: MView, hand: tuple[Card, ...], sol: Solution,
                    work: list[int],
                    ) -> tuple[tuple[Card, ...], list[list[Card]] | None] | None:
        """The play, of the most cards or ``help_spread`` fewer, with the best ``cards laid -
        help_weight * cards the guessed opponent hands could then lay``; None: keep ``sol``.

        A play that keeps ``finish`` cards or fewer also scores ``out_weight`` times the chance
        that the kept cards can all be laid next turn, after the guessed opponent has laid what
        they could (the way the last cards are kept decides whether one can go out)."""
        ace = view.config.ace
        plays = {tuple(sorted(sol.laid)): [list(m) for m in sol.melds]}
        for alt in _without_each(view, hand, sol.laid, work, self.memo):
            if (alt is not None and alt.proven and alt.max_cards
                    and alt.max_cards >= sol.max_cards - self.help_spread):
                plays.setdefault(tuple(sorted(alt.laid)), [list(m) for m in alt.melds])
        if len(plays) == 1 or work[0] <= 0:
            return None
        dead = _dead_cards(view, work, self.memo)
        rng = random.Random(f"strong:{view.hand_no}:{view.turns}:{view.player}")
        others = [p for p in range(len(view.hand_sizes)) if p != view.player]
        guesses = [w.hands[p] for w in (_sample_world(view, rng, dead, self._drew)
                                        for _ in range(self.quiet_samples)) for p in others]
        table = [c for m in view.start_table for c in m]
        best: tuple[float, int] | None = None
        choice = None
        for k, (laid, melds) in enumerate(plays.items()):
            kept = list((Counter(hand) - Counter(laid)).elements())
            after = table + list(laid)
            helped = finished = 0
            for h in guesses:
                got = solve([after], h, ace, least_change=False, work=work, memo=self.memo)
                helped += got.max_cards if got is not None else 0
                if len(kept) <= self.finish:
                    reply = after + list(got.laid) if got is not None else after
                    finished += can_lay(reply, kept, ace, work=work, memo=self.memo)
            if work[0] <= 0:
                return None
            score = ((self.help_weight * helped - self.out_weight * finished) / len(guesses)
                     - len(laid), k)
            if best is None or score < best:
                best, choice = score, (laid, melds)
        return choice

    def _guarded(self, view: MView, hand: tuple[Card, ...], sol: Solution,
                 threats: list[int], work: list[int],
                 ) -> tuple[tuple[Card, ...], list[list[Card]] | None] | None:
        """The candidate play with the best trade of cards laid against the chance of letting
        an opponent go out; None when the budget ran out (then: the most cards)."""
        ace = view.config.ace
        dead = _dead_cards(view, work, self.memo)
        if work[0] <= 0:
            return None
        rng = random.Random(f"strong:{view.hand_no}:{view.turns}:{view.player}")
        table = [c for m in view.start_table for c in m]
        guesses: list[tuple[Card, ...]] = []
        for _ in range(self.samples):
            for _try in range(self.tries):
                world = _sample_world(view, rng, dead, self._drew)
                # a player who laid last turn holds nothing that fits, not even together
                if all(self._drew.get(p, False)
                       or not _fits(table, world.hands[p], ace, work, self.memo)
                       for p in threats):
                    break
            if work[0] <= 0:
                return None
            guesses += [world.hands[p] for p in threats]

        # An opponent down to one card holds one of few possible cards: count them all rather
        # than guess (12 guesses miss the one card a play would free about half the time).
        single: Counter[Card] | None = None
        if len(threats) == 1 and view.hand_sizes[threats[0]] == 1:
            pool = unseen(view)
            if not self._drew.get(threats[0], False):
                pool = [c for c in pool if c in dead]
            single = Counter(pool) or None

        def risk(laid: Sequence[Card]) -> float | None:
            after = table + list(laid)
            if single is not None:
                hits = sum(n for c, n in single.items()
                           if can_lay(after, [c], ace, work=work, memo=self.memo))
                return None if work[0] <= 0 else hits / single.total()
            hits = sum(1 for h in guesses if can_lay(after, h, ace, work=work, memo=self.memo))
            return None if work[0] <= 0 else hits / len(guesses)

        first = risk(sol.laid)
        if first is None or first == 0:
            return None
        cands: dict[tuple[Card, ...], tuple[list[list[Card]] | None, float]] = {
            tuple(sorted(sol.laid)): ([list(m) for m in sol.melds], first)}
        stay = risk(())
        if stay is None:
            return None
        cands[()] = (None, stay)
        for alt in _without_each(view, hand, sol.laid, work, self.memo):
            if alt is None or not alt.proven or work[0] <= 0:
                return None
            key = tuple(sorted(alt.laid))
            if alt.max_cards and key not in cands:
                r = risk(key)
                if r is None:
                    return None
                cands[key] = ([list(m) for m in alt.melds], r)
        best = max(cands.items(),
                   key=lambda kv: (len(kv[0]) - self.risk_weight * kv[1][1], len(kv[0])))
        return best[0], best[1][0]

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


def _without_each(view: MView, hand: Sequence[Card], laid: Sequence[Card],
                  work: list[int], memo: SolverMemo) -> Iterator[Solution | None]:
    """For each different card of ``laid`` in card order, the best play of the hand without
    that card; lazily, so that the caller's own solver calls interleave on the shared budget
    exactly as they come."""
    for c in sorted(set(laid)):
        trial = list(hand)
        trial.remove(c)
        yield solve(view.start_table, trial, view.config.ace, least_change=False, work=work,
                    memo=memo)


def _dead_cards(view: MView, work: list[int], memo: SolverMemo) -> set[Card]:
    """Unseen cards that cannot be laid alone on the table as the turn found it."""
    table = [c for m in view.start_table for c in m]
    out: set[Card] = set()
    for c in sorted(set(unseen(view))):
        if work[0] <= 0:
            break
        if not can_lay(table, [c], view.config.ace, work=work, memo=memo):
            out.add(c)
    return out


def _fits(table: Sequence[Card], hand: Sequence[Card], ace: str, work: list[int],
          memo: SolverMemo) -> bool:
    """Can any of ``hand`` be laid on ``table``? (Out of budget: assume not.)"""
    sol = solve([list(table)] if table else [], hand, ace, least_change=False, work=work,
                memo=memo)
    return sol is not None and sol.proven and sol.max_cards > 0


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
    pool = unseen(view)
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


def _helped_target(view: MView, hand: tuple[Card, ...], row: tuple[Card | None, ...],
                   target: list[list[Card]] | None, memo: SolverMemo,
                   ) -> list[list[Card]] | None:
    """A play that lays more of the hand by also taking helping cards, or None.

    The solver sees the face-up cards as extra hand cards; the play counts only if more
    hand cards go down than in ``target`` (the caller's plan without them). Whether each
    helping card ends in a meld with a hand card is checked when the play is turned into
    steps (the turn could not end otherwise)."""
    table_count = sum(len(m) for m in view.start_table)
    base = 0 if target is None else sum(len(m) for m in target) - table_count
    extra = [c for c in row if c is not None]
    sol = solve(view.start_table, list(hand) + extra, view.config.ace, least_change=False,
                work_budget=WORK, memo=memo)
    if sol is None or not sol.proven:
        return None
    laid, mine = Counter(sol.laid), Counter(hand)
    from_hand = sum(min(n, mine[c]) for c, n in laid.items())
    if from_hand <= base:
        return None
    return [list(m) for m in sol.melds]


# The declared levels (GameInfo.bot_levels, weakest first) paired with their players.
LEVELS: dict[str, Callable[[], PlanBot]] = bot_levels(GAME.info, Beginner, Standard, Strong)


def make_bot(level: str) -> PlanBot:
    return LEVELS[level]()
