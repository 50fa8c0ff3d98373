"""The exact solver: lay as many hand cards as possible, re-melding every table card.

The problem: a multiset of table cards (all must end in valid melds) and a hand (any subset
may be laid); maximise the number of hand cards laid. Two decks mean every card has at most
two copies, and then the problem has a structure that makes it exact *and* fast (the
rank-by-rank dynamic programme of van Rijn, Takes and Vis, "The complexity of Rummikub
problems", 2015):

* walk the ranks 2, 3, ..., K and finally the ace (position 14);
* the state between two ranks is, for each suit, the runs still open and how long each is
  (1, 2, or 3+; at most two runs per suit since each card exists twice), plus the aces owed
  to runs that began with an ace (A-2-...), which are paid when the walk reaches the ace;
* at each rank, for each suit, choose how many copies to use (every table copy, any number of
  hand copies), how many go to groups (the group vector must split into groups of 3-4
  different suits) and which open runs they extend; a run that is not extended ends, which is
  allowed only when it has 3 cards or more.

Ace options: ``low`` (runs may begin with an owed ace), ``high`` (the ace extends K-runs),
``both`` (either, never both in one run: a 14-card run is split), ``wrap`` (a K-run may pass
through the ace into a run that began with it: those "joined" runs are exempt from the length
check because K-A-2 is already three cards).

The value function counts hand cards; the table cards are forced. Three things keep the search
small on big late-game tables (80 table cards, 15 in the hand: a few ms):

* a floor: a search that only wants arrangements laying at least ``floor`` cards drops every
  state that cannot get there even laying every hand card still to come; the count is first
  sought with the floor at the hand cards that could be in any meld at all, then 1, 3, 7, ...
  below it (a search is exact whenever the maximum reaches its floor);
* what passes the corner is fixed in turn instead of carried in every state: with the ace low
  or high, per suit how many aces go in front of runs begun at the two; with wrap-around (the
  ranks are a circle, cut where the fewest runs can cross) how many runs begin as A-2 runs and
  how many are joined to a K-run through the ace. Each configuration is a search of a line,
  looking only for more than the best so far (see :func:`_cut_dp`);
* the count is first tried changing only the melds near the hand.

Second aim: among arrangements laying the most cards, change the existing melds least. We keep
as many of the table's melds untouched as possible. The searches that find the count break ties
towards arrangements that put each table card in the same kind of meld (group or run) as on
the table, so more melds come back as they were (``sim``). An oracle removes a chosen set of
melds from the problem and checks that the rest still reaches the optimum (stopping at the first
corner configuration that does). The search starts from the melds the count's arrangement
changed, first tries "keep everything" (laying only new melds), then greedily keeps melds from
the far side of the hand (every meld an arrangement found leaves as it was is kept at once).
Then one search proves it least or finds the least: the same dynamic programme with the value
(cards laid, melds kept), each table meld kept or not decided where it starts and its cards held
back until it ends, asked for one kept meld more than the greedy found (laying fewer than the
count, or keeping too few even if every meld still to come is kept, drops a state early). It
may visit ``PROOF_WORK`` states; ``changes_proven`` says whether the minimum was proven.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import product

from engine.cards import SUITS, Card
from engine.errors import ParseError

from .melds import ACE_OPTIONS, display_order, meld_problem

J = 4  # run label: a run that began with an ace paid by a K-run through the ace (wrap)
P1, P2 = 4, 5  # ace low or high: a run begun at the two, now 1 or 2 cards long
# per-suit sub-state: a + 6 b + 36 d1 + 108 d2 (open runs a <= b; d1, d2 at most 2):
# wrap: d1 aces owed to A-2 runs, d2 aces owed to joined runs; ace low or high: d1 runs begun
# at the two that may take an ace in front (a free "slot"), d2 runs 2-3 that need one.
SHIFT, MASK = 10, 1023
DEFAULT_BUDGET_MS = 10_000.0  # a safety net: no solve runs unbounded unless asked to

Counts = list[list[int]]  # counts[suit][rank 1..13]


class SolverTimeout(Exception):
    """The time budget ran out inside a dynamic programme."""


def _sub(a: int, b: int, d1: int, d2: int) -> int:
    if a > b:
        a, b = b, a
    return a + 6 * b + 36 * d1 + 108 * d2


def _unsub(x: int) -> tuple[int, int, int, int]:
    return x % 6, (x // 6) % 6, (x // 36) % 3, x // 108


def _grow(label: int, ace: str = "") -> int:
    if ace == "both":
        return {P1: P2, P2: 3}.get(label, min(label + 1, 3))
    return J if label == J else min(label + 1, 3)


def _endable(label: int, ace: str = "") -> bool:
    if ace == "both":
        return label in (0, 3)
    return label in (0, 3, J)


@dataclass(frozen=True)
class Det:
    """One suit's choice at one rank (for rebuilding the melds)."""

    ext: tuple[int, ...] = ()  # labels of open runs extended (high extensions at the ace)
    fresh: int = 0  # runs started with this card
    strict: int = 0  # runs started as A-2 (owed ace, the run checked normally)
    joined: int = 0  # runs started as A-2 owed to a K-run through the ace (wrap)
    pay_joined: tuple[int, ...] = ()  # at the ace: labels of K-runs extended to pay joined
    pay_strict: int = 0  # at the ace: aces that start owed A-2 runs
    group: int = 0  # copies going to groups
    used: int = 0  # copies used in all
    opt: int = 0  # at the ace (ace low or high): aces put in front of long runs begun at 2


Transition = tuple[int, int, int, Det]  # (new sub-state, group copies, hand cards, detail)


class SolverMemo:
    """What the searches work out once and look up again and again: the choices of one suit
    at one rank, and which per-suit sub-states another one beats.

    Both are pure functions of their keys, so a memo never gives a wrong answer; it lives on
    an instance (a computer player keeps one for all its searches; a one-off question makes a
    new one) rather than in the module, so that two games in one process share nothing.
    """

    __slots__ = ("_trans", "deltas")

    def __init__(self) -> None:
        self._trans: dict[tuple[int, int, int, str, str, int], list[Transition]] = {}
        # (one suit's shifted sub-state, ace both) -> :meth:`dominated_deltas`; read directly
        # in the hot loop of :func:`_prune_dominated`
        self.deltas: dict[tuple[int, bool], tuple[int, ...]] = {}

    def transitions(self, sub: int, t: int, h: int, kind: str, ace: str,
                    aces: int) -> list[Transition]:
        """:func:`_transitions`, each worked out once."""
        key = (sub, t, h, kind, ace, aces)
        got = self._trans.get(key)
        if got is None:
            got = self._trans[key] = _transitions(sub, t, h, kind, ace, aces)
        return got

    def dominated_deltas(self, part: int, sh: int, ace_both: bool) -> tuple[int, ...]:
        """For one suit's sub-state ``part`` (shifted by ``sh`` in a state key): what to add
        to the key to reach each state it dominates (:func:`_dominated_subs`)."""
        got = self.deltas.get((part, ace_both))
        if got is None:
            sub = part >> sh
            got = self.deltas[(part, ace_both)] = tuple(
                (low - sub) << sh for low in _dominated_subs(sub, ace_both))
        return got


def _transitions(sub: int, t: int, h: int, kind: str, ace: str, aces: int) -> list[Transition]:
    """Choices for one suit at one rank: (new sub-state, group copies, hand cards, detail)."""
    a, b, d1, d2 = _unsub(sub)
    open_runs = [x for x in (a, b) if x]
    best: dict[tuple[int, int], tuple[int, Det]] = {}

    def put(nsub: int, g: int, hu: int, det: Det) -> None:
        k = (nsub, g)
        old = best.get(k)
        if old is None or hu > old[0]:
            best[k] = (hu, det)

    for u in range(t, t + h + 1):
        for g in range(0, min(u, 2) + 1):
            k = u - g
            if kind == "ace" and ace == "both":
                _ace_choices_both(open_runs, d1, d2, k, g, u, u - t, put)
                continue
            if kind == "ace":
                _ace_choices(open_runs, d1, d2, k, ace, g, u, u - t, put)
                continue
            # which open runs to extend: subsets of open_runs of size <= k
            n = len(open_runs)
            for mask in range(1 << n):
                ext = [open_runs[i] for i in range(n) if mask >> i & 1]
                if len(ext) > k:
                    continue
                rest = [open_runs[i] for i in range(n) if not mask >> i & 1]
                # a 2-3 run ending here needs an ace in front (ace low or high)
                short = sum(1 for x in rest if ace == "both" and x == P2)
                if not all(_endable(x, ace) or (ace == "both" and x == P2) for x in rest):
                    continue
                starts = k - len(ext)
                if starts and rest:
                    continue  # starting a run beside an open one that could take the card
                grown = [_grow(x, ace) for x in ext]
                if kind == "first" and ace == "both":
                    labels = grown + [P1] * starts
                    la = labels + [0] * (2 - len(labels))
                    put(_sub(la[0], la[1], d1 + starts, d2), g, u - t,
                        Det(tuple(ext), starts, group=g, used=u))
                elif kind == "first":
                    for strict in range(starts + 1):
                        for joined in range(starts - strict + 1):
                            if strict + joined > aces:
                                continue
                            if ace == "high" and strict + joined:
                                continue
                            if ace in ("low", "both", "lohi") and joined:
                                continue
                            fresh = starts - strict - joined
                            labels = grown + [1] * fresh + [2] * strict + [J] * joined
                            la = labels + [0] * (2 - len(labels))
                            put(_sub(la[0], la[1], d1 + strict, d2 + joined), g, u - t,
                                Det(tuple(ext), fresh, strict, joined, group=g, used=u))
                else:
                    labels = grown + [1] * starts
                    la = labels + [0] * (2 - len(labels))
                    put(_sub(la[0], la[1], d1 - short, d2 + short), g, u - t,
                        Det(tuple(ext), starts, group=g, used=u))
    out = [(k[0], k[1], v[0], v[1]) for k, v in best.items()]
    out.sort(key=lambda x: (x[0], x[1]))
    return out


def _ace_choices(open_runs: list[int], d1: int, d2: int, k: int, ace: str, g: int, u: int,
                 hu: int, put: object) -> None:
    """At the ace: pay owed aces, extend K-runs to Q-K-A (or through to a joined A-2 run)."""
    assert callable(put)
    if k < d1 + d2:
        return
    extra = k - d1 - d2  # aces extending K-runs as high runs
    if extra and ace not in ("high", "both", "wrap", "lohi"):
        return
    n = len(open_runs)
    # assign each open run: 0 = ends, 1 = pays a joined debt, 2 = high extension
    for assign in _assignments(n):
        payj = [open_runs[i] for i in range(n) if assign[i] == 1]
        high = [open_runs[i] for i in range(n) if assign[i] == 2]
        ends = [open_runs[i] for i in range(n) if assign[i] == 0]
        if len(payj) != d2 or len(high) != extra:
            continue
        if not all(_endable(x) for x in ends):
            continue
        if not all(x in (2, 3, J) for x in high):
            continue
        put(0, g, hu, Det(tuple(high), pay_joined=tuple(payj), pay_strict=d1, group=g, used=u))


def _ace_choices_both(open_runs: list[int], slots: int, owed: int, k: int, g: int, u: int,
                      hu: int, put: object) -> None:
    """Ace low or high, at the ace: aces owed to 2-3 runs, optional aces in front of longer
    runs begun at the two, and Q-K-A extensions of K-runs."""
    assert callable(put)
    if k < owed:
        return
    rest = k - owed
    n = len(open_runs)
    for opt in range(min(slots, rest) + 1):
        high = rest - opt
        for mask in range(1 << n):
            ext = [open_runs[i] for i in range(n) if mask >> i & 1]
            if len(ext) != high:
                continue
            ends = [open_runs[i] for i in range(n) if not mask >> i & 1]
            if not all(x == 3 for x in ends) or not all(x in (2, 3) for x in ext):
                continue
            put(0, g, hu, Det(tuple(ext), pay_strict=owed, opt=opt, group=g, used=u))


def _assignments(n: int) -> list[tuple[int, ...]]:
    if n == 0:
        return [()]
    if n == 1:
        return [(0,), (1,), (2,)]
    return [(x, y) for x in range(3) for y in range(3)]


@dataclass
class _Run:
    suit: str
    ranks: list[int]  # in sequence, aces as 1 (low) or 14 (high)
    kind: str = "fresh"  # fresh / strict / joined
    label: int = 1
    nxt: _Run | None = None
    has_prev: bool = False


def _gc_next_table() -> list[list[list[int]]]:
    """Group code after adding ``g`` copies at suit ``j`` (-1: can no longer be valid).

    The code is ``sum * 2 + has_two`` for sums below 6; 12 means "two groups, valid".
    """
    table: list[list[list[int]]] = []
    for j in range(4):
        left = 3 - j  # suits still to come after this one
        rows: list[list[int]] = []
        for gc in range(13):
            row = []
            for g in range(3):
                if gc == 12:
                    row.append(12)
                    continue
                total, two = (gc >> 1) + g, (gc & 1) | (g == 2)
                if total >= 6:
                    row.append(12)
                    continue
                ok_now = total == 0 or (total in (3, 4) and not two)
                can_big = total + 2 * left >= 6
                can_small = not two and (total == 0 or total + left >= 3)
                row.append(total * 2 + two if (ok_now or can_big or can_small) else -1)
            rows.append(row)
        table.append(rows)
    return table


_GC_NEXT = _gc_next_table()
_GC_OK = [gc == 0 or gc == 12 or (gc in (6, 8)) for gc in range(13)]
# dominance between run labels of one suit: a longer open run is never worse (3 can end at
# any time, 2 needs one card less than 1); 3 also beats "no run"
_BELOW = {0: (0,), 1: (1,), 2: (2, 1), 3: (3, 2, 1, 0), 4: (4,), 5: (5,)}


def _dominated_subs(sub: int, ace_both: bool) -> list[int]:
    """Per-suit sub-states that ``sub`` dominates (same owed aces, each run no longer)."""
    a, b, d1, d2 = _unsub(sub)
    out = {_sub(x, y, d1, d2) for x in _BELOW[a] for y in _BELOW[b]}
    if ace_both:  # a free slot for an ace is never worse than none
        out |= {_sub(x, y, e, d2) for x in _BELOW[a] for y in _BELOW[b] for e in range(d1)}
    out.discard(sub)
    return sorted(out)


Keep = Sequence[Sequence[tuple[int, int]]]  # table melds that may stay as they are: cards


def _dp(memo: SolverMemo, tab: Counts, hand: Counts, ace: str, deadline: float | None,
        want_plan: bool, work: list[int] | None = None, floor: int = 0,
        keep: Keep | None = None, kept_out: list[int] | None = None,
        enough: int | None = None, sim: Counts | None = None,
        ) -> tuple[int, list[list[Card]] | None] | None:
    """Maximum hand cards laid with every table card melded; None if the table cannot be (or,
    with ``floor``, if the maximum is below it).

    With ``keep`` (melds of the table, as (suit index, rank) cards, all inside ``tab``) the
    value is ``laid * (len(keep) + 1) + kept``: most cards first, then most of those melds
    left as they are (their cards are then not in the plan; ``kept_out`` gets their indices).
    ``enough``: a value known to be the most there is (where the corner configurations are
    searched in turn, the first to reach it ends the search). ``sim`` (how many copies of
    each card are in groups on the table): the value is ``laid * SIM + likeness``, where
    likeness counts cards placed in the same kind of meld (group or run) as on the table,
    a tie-break that leaves more melds as they were; ``floor`` and ``enough`` are then in
    those units too (and a configuration of the corner ends the search once it lays the
    most cards there can be)."""
    if ace == "wrap":
        res = _cut_dp(memo, tab, hand, ace, deadline, want_plan, work, floor, keep, kept_out,
                      enough, sim)
        if res is None or res[1] is None:
            return res
        return res[0], _join_runs(res[1])
    if ace == "both":
        return _cut_dp(memo, tab, hand, ace, deadline, want_plan, work, floor, keep, kept_out,
                       enough, sim)
    return _dp_core(memo, tab, hand, ace, deadline, want_plan, work, floor, None, keep, kept_out,
                    sim)


def _join_runs(melds: list[list[Card]]) -> list[list[Card]]:
    """Wrap-around: runs the search split where it cut the circle (Q-K-A and 2-3-4) are one
    run again (Q-K-A-2-3-4), as a player would keep them."""
    out = [list(m) for m in melds]
    joined = True
    while joined:
        joined = False
        runs = [i for i, m in enumerate(out)
                if len({c.suit for c in m}) == 1 and len({c.rank for c in m}) == len(m) > 1]
        for i in runs:
            a = display_order(out[i], "wrap")
            for k in runs:
                b = display_order(out[k], "wrap")
                if (k != i and b[0].suit == a[0].suit and a[-1].rank % 13 + 1 == b[0].rank
                        and len(a) + len(b) <= 13
                        and not {c.rank for c in a} & {c.rank for c in b}):
                    out[i] = list(a + b)
                    del out[k]
                    joined = True
                    break
            if joined:
                break
    return out


SIM = 128  # likeness is at most 104 (two copies of 52 cards)
# states the proof of least change may visit (a count, so that seeded games replay exactly);
# where the corner configurations are searched in turn it is rarely enough, so less there
PROOF_WORK = {"low": 2500, "high": 2500, "both": 1000, "wrap": 1000}
CUTS = 1300  # at most this many corner configurations, one search each (6^4: all)
CUT_CARDS = 45  # ... and only with at least this many cards (else one search carries them all)


def _cut_dp(memo: SolverMemo, tab: Counts, hand: Counts, ace: str, deadline: float | None,
            want_plan: bool, work: list[int] | None, floor: int, keep: Keep | None = None,
            kept_out: list[int] | None = None, enough: int | None = None,
            sim: Counts | None = None,
            ) -> tuple[int, list[list[Card]] | None] | None:
    """Ace low or high, and wrap-around: fix what passes the corner, one search each.

    Wrap-around: the ranks form a circle, cut where the fewest runs can cross; per suit, how
    many runs begin as A-2 runs (the ace before the cut) and how many are joined to a run
    through the ace are fixed. Ace low or high: per suit, how many aces go in front of a run
    begun at the two. Each configuration is a search of a line of ranks that carries nothing
    round the corner, so it is fast; the best wins (the first found among equals), and each
    search only looks for more than the best so far. With too many configurations (or few
    cards) one search carries them all in its states."""
    have = [[tab[j][r] + hand[j][r] for r in range(14)] for j in range(4)]
    wrap = ace == "wrap"

    def cost(c: int) -> int:
        prev = (c - 2) % 13 + 1
        out = 1
        for j in range(4):
            m = min(have[j][prev], have[j][c], 2)
            out *= (m + 1) * (m + 2) // 2 if wrap else m + 1
        return out

    cut = min(range(1, 14), key=lambda c: (cost(c), c != 2, c)) if wrap else 2
    cards = sum(map(sum, have))
    if cost(cut) > CUTS or cards < CUT_CARDS:
        return _dp_core(memo, tab, hand, ace, deadline, want_plan, work, floor, None, keep,
                        kept_out, sim)

    def rot_rank(r: int) -> int:
        nr = (r - cut) % 13 + 2
        return 1 if nr == 14 else nr

    def rot(cnt: Counts) -> Counts:
        out = [[0] * 14 for _ in range(4)]
        for j in range(4):
            for r in range(1, 14):
                nr = (r - cut) % 13 + 2
                out[j][1 if nr == 14 else nr] = cnt[j][r]
        return out

    rtab, rhand = (rot(tab), rot(hand)) if cut != 2 else (tab, hand)
    rsim = sim if sim is None or cut == 2 else rot(sim)
    rkeep = keep if keep is None or cut == 2 else [[(j, rot_rank(r)) for j, r in m]
                                                   for m in keep]
    per_suit = []
    for j in range(4):
        m = min(rtab[j][1] + rhand[j][1], rtab[j][2] + rhand[j][2], 2)
        per_suit.append([(st, jo) for st in range(m + 1) for jo in range(m + 1 - st)
                         if wrap or jo == 0])
    fixes = sorted(product(*per_suit), key=lambda f: (sum(a + b for a, b in f), f))
    top = _upper_bound(tab, hand, ace)
    if keep is not None:
        top = top * (len(keep) + 1) + len(keep)
    if sim is not None:
        top *= SIM
    if enough is not None:
        top = min(top, enough)
    mode = ace if wrap else "lohi"
    best: tuple[int, list[list[Card]] | None] | None = None
    for fix in fixes:
        ko: list[int] | None = None if kept_out is None else []
        got = _dp_core(memo, rtab, rhand, mode, deadline, want_plan, work,
                       floor if best is None else max(floor, best[0] + 1), fix, rkeep, ko,
                       rsim)
        if got is not None:
            best = got
            if kept_out is not None and ko is not None:
                kept_out[:] = ko
            if best[0] >= top:
                break
    if best is None or best[1] is None or cut == 2:
        return best

    def back(c: Card) -> Card:
        pos = 14 if c.rank == 1 else c.rank
        return Card((pos - 2 + cut - 1) % 13 + 1, c.suit)

    return best[0], [[back(c) for c in m] for m in best[1]]


_NO_HELD: tuple[tuple[tuple[()], ...], ...] = tuple(((),) * 4 for _ in range(13))
_NO_KEEP = (0,) * 13


def _dp_core(memo: SolverMemo, tab: Counts, hand: Counts, ace: str, deadline: float | None,
             want_plan: bool, work: list[int] | None = None, floor: int = 0,
             fix: tuple[tuple[int, int], ...] | None = None, keep: Keep | None = None,
             kept_out: list[int] | None = None, sim: Counts | None = None,
             ) -> tuple[int, list[list[Card]] | None] | None:
    """Maximum hand cards laid with every table card melded; None if the table cannot be.

    ``fix`` (wrap-around): per suit, how many runs begin at the first rank as A-2 runs and as
    runs joined to a K-run through the ace. ``keep``: see :func:`_dp`.

    Keys pack the four per-suit sub-states into bits 5.. (10 bits each) and the group code of
    the rank being built into bits 0..4, so the inner loop is plain integer arithmetic. With
    ``keep``, bits 45.. say which melds of ``keep`` still under way are kept: each meld is
    decided at its first position and holds back its cards until its last (melds that are
    never under way at the same time share a bit).
    """
    # ace low only: the ace is simply rank 1 (no owed aces); otherwise walk 2..K, then the ace
    positions = list(range(1, 14)) if ace == "low" else list(range(2, 15))
    npos = len(positions)
    pidx = {(1 if pos == 14 else pos): i for i, pos in enumerate(positions)}
    aces_avail = [tab[s][1] + hand[s][1] for s in range(4)]
    transitions = memo.transitions
    # melds that may be kept: bits, where they start and end, the cards they hold back
    nk = len(keep) if keep else 0
    mult = nk + 1 if sim is None else SIM  # value = laid * mult + kept (or likeness)
    starting: list[list[tuple[int, int]]] = []  # per position: (bit, meld) starting there
    ending: list[int] = []  # bits of melds whose last position this is
    held: Sequence[Sequence[Sequence[tuple[int, int]]]] = _NO_HELD  # (bit, copies) per card
    keep_after: Sequence[int] = _NO_KEEP  # melds that start after this position
    choices: list[list[tuple[int, int]]] = []  # per position: (bits kept, how many)
    if keep:
        starting = [[] for _ in range(npos)]
        ending = [0] * npos
        held_l: list[list[list[tuple[int, int]]]] = [[[] for _ in range(4)]
                                                     for _ in range(npos)]
        keep_l = [0] * npos
        held, keep_after = held_l, keep_l
        spans = []
        for m, cells in enumerate(keep):
            at = Counter((pidx[r], j) for j, r in cells)
            spans.append((min(i for i, _ in at), max(i for i, _ in at), m, at))
        spans.sort()
        busy: list[tuple[int, int]] = []  # (last, bit)
        free_bits: list[int] = []
        nbits = 0
        for first, last, m, at in spans:
            for item in [b for b in busy if b[0] < first]:
                busy.remove(item)
                free_bits.append(item[1])
            if free_bits:
                free_bits.sort()
                bit = free_bits.pop(0)
            else:
                bit = 1 << (5 + SHIFT * 4 + nbits)
                nbits += 1
            busy.append((last, bit))
            starting[first].append((bit, m))
            ending[last] |= bit
            for (i, j), c in at.items():
                held_l[i][j].append((bit, c))
            for i in range(first):
                keep_l[i] += 1
        for pi in range(npos):
            opts = [(0, 0)]
            for bit, _ in starting[pi]:
                opts += [(b | bit, k + 1) for b, k in opts]
            opts.sort(key=lambda o: -o[1])
            choices.append(opts)
    # hand cards still to come after each (position, suit): states that cannot reach
    # ``floor`` even laying all of them are dropped (the result is the same when the maximum
    # reaches ``floor``; below it the search answers None). With ``keep`` the cards of
    # ``floor`` must be the most that can be laid: then every state must lay that many, and
    # states that cannot keep the floor's melds even keeping every meld still to decide are
    # dropped too.
    floor_laid, floor_kept = divmod(floor, mult)
    extra = 0 if keep else floor_kept
    rem = 0
    need_after: list[list[int]] = []
    need_start = [0] * npos
    for pi in range(npos - 1, -1, -1):
        pos = positions[pi]
        r = 1 if pos == 14 else pos
        need_row = [0] * 4
        for j in range(3, -1, -1):
            need_row[j] = (floor_laid - rem) * mult + extra
            rem += hand[j][r]
        need_start[pi] = floor_kept - keep_after[pi]
        need_after.append(need_row)
    need_after.reverse()
    cur: dict[int, int] = {0: 0}
    history: list[list[dict[int, tuple[int, Det]]]] = []
    rank_back: list[dict[int, int]] = []
    start_back: list[dict[int, int] | None] = []
    for pi, pos in enumerate(positions):
        r = 1 if pos == 14 else pos
        kind = "first" if pos == positions[0] else ("ace" if pos == 14 else "mid")
        if ace == "low":
            kind = "mid"  # runs simply start at the ace; nothing is owed
        if deadline is not None and time.perf_counter() > deadline:
            raise SolverTimeout
        layer = cur
        if keep:
            # melds that ended free their bit; the melds starting here are kept or not
            clear = ~ending[pi - 1] if pi else -1
            opts = choices[pi]
            if len(opts) > 1 or clear != -1:
                need = need_start[pi]
                layer = {}
                sb: dict[int, int] = {}
                for key, val in cur.items():
                    base = key & clear
                    kv = val % mult
                    for bits, k in opts:
                        if kv + k < need:
                            break
                        nv = val + k
                        nkey = base | bits
                        if nv > layer.get(nkey, -1):
                            layer[nkey] = nv
                            sb[nkey] = key
                start_back.append(sb)
                if not layer:
                    return None
            else:
                start_back.append(None)
        backs: list[dict[int, tuple[int, Det]]] = []
        for j in range(4):
            t, h = tab[j][r], hand[j][r]
            if sim is not None:
                gt = sim[j][r]
                rt = t - gt
            sh = 5 + SHIFT * j
            gnext = _GC_NEXT[j]
            need = need_after[pi][j]
            hj = held[pi][j]
            nxt: dict[int, int] = {}
            back: dict[int, tuple[int, Det]] = {}
            cache: dict[int, list[Transition]] = {}
            nget = nxt.get
            for key, val in layer.items():
                sub = (key >> sh) & MASK
                ck = sub
                tt = t
                if hj:
                    for bit, c in hj:
                        if key & bit:
                            tt -= c
                    ck = sub | (tt << 10)
                tr = cache.get(ck)
                if tr is None:
                    tr = [(nsub << sh, g, hu * mult, det) for nsub, g, hu, det in
                          transitions(sub, tt, h, kind, ace, aces_avail[j])
                          if fix is None or kind != "first"
                          or (det.strict, det.joined) == fix[j]]
                    if sim is not None:
                        tr = [(x, g, v + min(g, gt) + min(det.used - g, rt), det)
                              for x, g, v, det in tr]
                    cache[ck] = tr
                gc = key & 31
                grow = gnext[gc]
                base = key - (sub << sh) - gc
                for nsub_sh, g, hu, det in tr:
                    ngc = grow[g]
                    if ngc < 0:
                        continue
                    nv = val + hu
                    if nv < need:
                        continue
                    nkey = base + nsub_sh + ngc
                    if nv > nget(nkey, -1):
                        nxt[nkey] = nv
                        if want_plan:
                            back[nkey] = (key, det)
            layer = nxt
            backs.append(back)
            if not layer:
                return None
            if work is not None:
                work[0] -= len(layer)
                if work[0] < 0:
                    raise SolverTimeout
        cur = {}
        rb: dict[int, int] = {}
        for key, val in layer.items():
            if not _GC_OK[key & 31]:
                continue
            st = key & ~31
            if val > cur.get(st, -1):
                cur[st] = val
                rb[st] = key
        if not cur:
            return None
        _prune_dominated(memo, cur, ace == "both")
        history.append(backs)
        rank_back.append(rb)
    low_bits = (1 << (5 + SHIFT * 4)) - 1  # everything but the kept melds
    if ace == "low":
        # after the king every open run ends: keep states whose runs can all end there
        value = -1
        st_end = 0
        for st, v in cur.items():
            ends = all(_endable(x) for j in range(4)
                       for x in _unsub((st >> (5 + SHIFT * j)) & MASK)[:2])
            if ends and v > value:
                value, st_end = v, st
        if value < 0:
            return None
    elif not keep:
        if 0 not in cur:
            return None
        value = cur[0]
        st_end = 0
    else:
        value = -1
        st_end = 0
        for st, v in cur.items():
            if st & low_bits == 0 and v > value:
                value, st_end = v, st
        if value < 0:
            return None
    if not want_plan:
        return value, None
    # walk back: the detail chosen for each position and suit
    dets: list[list[Det]] = []
    st = st_end
    for pi in range(npos - 1, -1, -1):
        key = rank_back[pi][st]
        row: list[Det] = [Det()] * 4
        for j in range(3, -1, -1):
            prev, det = history[pi][j][key]
            row[j] = det
            key = prev
        if keep:
            if kept_out is not None:
                kept_out.extend(m for bit, m in starting[pi] if key & bit)
            sbk = start_back[pi]
            if sbk is not None:
                key = sbk[key]
        st = key
        dets.append(row)
    dets.reverse()
    if kept_out is not None:
        kept_out.sort()
    return value, _rebuild(positions, dets, ace)


def _upper_bound(tab: Counts, hand: Counts, ace: str) -> int:
    """Hand cards that are in at least one possible meld of the table and hand cards."""
    have = [[tab[j][r] + hand[j][r] for r in range(14)] for j in range(4)]
    n = 0
    for j in range(4):
        row = have[j]
        # ranks in a circle (wrap) or a line with the ace at one or both ends
        if ace == "wrap":
            line = [*range(1, 14), 1, 2]
        elif ace == "low":
            line = list(range(1, 14))
        elif ace == "high":
            line = [*range(2, 14), 1]
        else:
            line = [*range(1, 14), 1]
        in_run = [False] * 14
        for i in range(len(line) - 2):
            a, b, c = line[i], line[i + 1], line[i + 2]
            if row[a] and row[b] and row[c]:
                in_run[a] = in_run[b] = in_run[c] = True
        for r in range(1, 14):
            if hand[j][r] and (in_run[r] or sum(1 for k in range(4) if have[k][r]) >= 3):
                n += hand[j][r]
    return n


def _dp_max(memo: SolverMemo, tab: Counts, hand: Counts, ace: str, deadline: float | None,
            want_plan: bool, work: list[int] | None = None, floor: int | None = None,
            sim: Counts | None = None,
            ) -> tuple[int, list[list[Card]] | None] | None:
    """:func:`_dp` with the most hand cards found fast: first only searches that lay every
    card that could fit, then ones that leave out 1, 3, 7, ... of them (each search is exact
    when the maximum reaches its floor, and the same answer as one without a floor). The
    value is in hand cards (with ``sim``, only the plan follows the tie-break)."""
    top = _upper_bound(tab, hand, ace) if floor is None else floor
    unit = 1 if sim is None else SIM
    slack = 0
    while True:
        fl = max(top - slack, 0)
        res = _dp(memo, tab, hand, ace, deadline, want_plan, work, fl * unit, sim=sim,
                  enough=top * unit if sim is not None and slack == 0 else None)
        if res is not None:
            return res[0] // unit, res[1]
        if fl == 0:
            return res
        slack = 2 * slack + 1


def _prune_dominated(memo: SolverMemo, cur: dict[int, int], ace_both: bool) -> None:
    """Drop states that another state with an open run at least as long beats or equals."""
    get = cur.get
    known, work_out = memo.deltas.get, memo.dominated_deltas
    fields = [(MASK << (5 + SHIFT * j), 5 + SHIFT * j) for j in range(4)]
    for st in list(cur):
        v = get(st)
        if v is None:
            continue
        for m, sh in fields:
            part = st & m
            if not part:
                continue
            ds = known((part, ace_both))
            if ds is None:
                ds = work_out(part, sh, ace_both)
            for d in ds:
                ov = get(st + d)
                if ov is not None and ov <= v:
                    del cur[st + d]


def _rebuild(positions: list[int], dets: list[list[Det]], ace: str) -> list[list[Card]]:
    """Turn the chosen details back into concrete melds."""
    melds: list[list[Card]] = []
    open_runs: list[list[_Run]] = [[] for _ in range(4)]
    heads: list[dict[str, list[_Run]]] = [{"strict": [], "joined": [], "slot": []}
                                          for _ in range(4)]
    done: list[_Run] = []
    for pos, row in zip(positions, dets, strict=True):
        r = 1 if pos == 14 else pos
        groups = [d.group for d in row]
        _make_groups(groups, r, melds)
        for j, d in enumerate(row):
            suit = SUITS[j]
            runs = open_runs[j]
            new: list[_Run] = []
            if pos == 14:
                done.extend(runs)
                pool = list(runs)
                for lab in d.pay_joined:
                    run = _take(pool, lab)
                    run.ranks.append(14)
                    head = heads[j]["joined"].pop()
                    run.nxt = head
                    head.has_prev = True
                for lab in d.ext:
                    run = _take(pool, lab)
                    run.ranks.append(14)
                for _ in range(d.pay_strict):
                    heads[j]["strict"].pop().ranks.insert(0, 1)
                for _ in range(d.opt):
                    heads[j]["slot"].pop().ranks.insert(0, 1)
                open_runs[j] = []
                continue
            for lab in d.ext:
                run = _take(runs, lab)
                run.ranks.append(r)
                run.label = _grow(run.label, ace)
                new.append(run)
            done.extend(runs)  # not extended: they end here
            for run in runs:
                if ace == "both" and run.label == P2:  # 2-3: an ace must go in front
                    heads[j]["slot"].remove(run)
                    heads[j]["strict"].append(run)
            first_both = ace == "both" and pos == positions[0]
            for _ in range(d.fresh):
                run = _Run(suit, [r], "fresh", P1 if first_both else 1)
                if first_both:
                    heads[j]["slot"].append(run)
                new.append(run)
            for _ in range(d.strict):
                run = _Run(suit, [r], "strict", 2)
                heads[j]["strict"].append(run)
                new.append(run)
            for _ in range(d.joined):
                run = _Run(suit, [r], "joined", J)
                heads[j]["joined"].append(run)
                new.append(run)
            open_runs[j] = new
    for runs in open_runs:
        done.extend(runs)
    # chains K-run -> ace -> joined A-2 run (wrap); cycles are cut anywhere
    seen: set[int] = set()

    def chain(run: _Run) -> None:
        ranks: list[int] = []
        x: _Run | None = run
        while x is not None and id(x) not in seen:
            seen.add(id(x))
            ranks.extend(x.ranks)
            x = x.nxt
        melds.extend(_split_run(run.suit, ranks, "both" if ace == "lohi" else ace))

    # chain heads first, then whatever is left (only cycles have no head)
    for run in done:
        if id(run) not in seen and not run.has_prev:
            chain(run)
    for run in done:
        if id(run) not in seen:
            chain(run)
    return melds


def _take(runs: list[_Run], label: int) -> _Run:
    for i, run in enumerate(runs):
        if run.label == label:
            return runs.pop(i)
    raise AssertionError("solver rebuild: no open run with that label")


def _make_groups(g: list[int], r: int, melds: list[list[Card]]) -> None:
    total = sum(g)
    if total == 0:
        return
    if total <= 4:
        melds.append([Card(r, SUITS[j]) for j in range(4) if g[j]])
        return
    twos = [j for j in range(4) if g[j] == 2]
    ones = [j for j in range(4) if g[j] == 1]
    a = list(twos) + ones[0::2]
    b = list(twos) + ones[1::2]
    melds.append([Card(r, SUITS[j]) for j in sorted(a)])
    melds.append([Card(r, SUITS[j]) for j in sorted(b)])


def _split_run(suit: str, ranks: list[int], ace: str) -> list[list[Card]]:
    """A run in sequence; too long (or ace at both ends) is split into valid pieces."""
    cards = [Card(1 if r == 14 else r, suit) for r in ranks]
    out: list[list[Card]] = []
    while meld_problem(cards, ace) is not None and len(cards) >= 6:
        out.append(cards[:3])
        cards = cards[3:]
    out.append(cards)
    return out


# --- public interface -----------------------------------------------------------------------


def counts_of(cards: Iterable[Card]) -> Counts:
    c = [[0] * 14 for _ in range(4)]
    for card in cards:
        c[SUITS.index(card.suit)][card.rank] += 1
    return c


@dataclass(frozen=True)
class Solution:
    """The solver's answer.

    ``max_cards``: hand cards laid; ``melds``: the whole table afterwards; ``laid``: the hand
    cards laid; ``proven``: the count is proven maximal (False only when the time budget ran out
    and a fallback play is returned); ``kept``: indices of the original melds left untouched;
    ``changes_proven``: no arrangement with the same count changes fewer melds.
    """

    max_cards: int
    melds: tuple[tuple[Card, ...], ...]
    laid: tuple[Card, ...]
    proven: bool = True
    kept: tuple[int, ...] = ()
    changes_proven: bool = True
    stats: dict[str, float] = field(default_factory=dict, compare=False)

    def to_dict(self) -> dict[str, object]:
        return {
            "max_cards": self.max_cards,
            "melds": [[str(c) for c in m] for m in self.melds],
            "laid": [str(c) for c in self.laid],
            "proven": self.proven,
        }


def check_cards(table: Sequence[Card], hand: Sequence[Card]) -> None:
    """Two decks: no card may appear more than twice in table and hand together."""
    c = counts_of(list(table) + list(hand))
    for j in range(4):
        for r in range(1, 14):
            if c[j][r] > 2:
                raise ParseError(f"{Card(r, SUITS[j])} appears {c[j][r]} times: "
                                 "two decks have only two of each card")


def max_laid(table: Sequence[Card], hand: Sequence[Card], ace: str = "both",
             memo: SolverMemo | None = None) -> int | None:
    """Only the number: most hand cards that can be laid, None if the table cannot be melded.

    ``memo``: what earlier searches worked out (see :func:`solve`)."""
    res = _dp_max(memo or SolverMemo(), counts_of(table), counts_of(hand), ace, None, False)
    return None if res is None else res[0]


def can_lay(table: Sequence[Card], cards: Sequence[Card], ace: str = "both",
            work_budget: int | None = None, work: list[int] | None = None,
            memo: SolverMemo | None = None) -> bool:
    """Can exactly these cards be added, with every card on the table re-melded?

    With ``work_budget`` (states the search may visit) an unfinished search answers False;
    ``work`` is the same as a counter shared by several calls (it is spent in place).
    ``memo``: what earlier searches worked out (see :func:`solve`).
    """
    if work is None and work_budget is not None:
        work = [work_budget]
    try:
        return _dp(memo or SolverMemo(), counts_of(list(table) + list(cards)), counts_of([]),
                   ace, None, False, work) is not None
    except SolverTimeout:
        return False


def arrange(cards: Sequence[Card], ace: str = "both",
            memo: SolverMemo | None = None) -> list[list[Card]] | None:
    """Some arrangement of all ``cards`` into valid melds, or None."""
    res = _dp(memo or SolverMemo(), counts_of(cards), counts_of([]), ace, None, True)
    if res is None or res[1] is None:
        return None
    return res[1]


def _laid_from(melds: Sequence[Sequence[Card]], table: Sequence[Card]) -> list[Card]:
    left = counts_of(table)
    out: list[Card] = []
    for m in melds:
        for c in m:
            j = SUITS.index(c.suit)
            if left[j][c.rank]:
                left[j][c.rank] -= 1
            else:
                out.append(c)
    return sorted(out)


def solve(table: Sequence[Sequence[Card]], hand: Sequence[Card], ace: str = "both",
          must_lay: Sequence[Card] = (), time_budget_ms: float | None = DEFAULT_BUDGET_MS,
          least_change: bool = True, work_budget: int | None = None,
          work: list[int] | None = None, memo: SolverMemo | None = None) -> Solution | None:
    """Lay the most hand cards (those in ``must_lay`` surely); None if impossible.

    ``table`` is the list of melds on the table (their order is kept for untouched melds);
    the hand may hold cards that also lie on the table (two decks). The search stops when
    ``time_budget_ms`` is spent (by default 10 s, a safety net that no position the benchmark
    makes comes near; None: no limit): a count found by then is still exact unless ``proven``
    is False (then the play only adds new melds from the hand). ``work_budget``
    does the same counting search states instead of time, so that computer players replay a
    seeded game exactly on any machine; ``work`` is such a budget shared by several calls (a
    one-item list, spent in place), so that a whole computer turn has one bound. ``memo``:
    what earlier searches worked out (a computer player passes its own to every call, so that
    its searches share the work); None: a new one for this call.
    """
    if memo is None:
        memo = SolverMemo()
    if ace not in ACE_OPTIONS:
        raise ParseError(f"ace option must be one of {', '.join(ACE_OPTIONS)}")
    t0 = time.perf_counter()
    deadline = None if time_budget_ms is None else t0 + time_budget_ms / 1000
    tab_cards = [c for m in table for c in m]
    hand_left = list(hand)
    for c in must_lay:
        if c not in hand_left:
            raise ParseError(f"{c} is not in the hand")
        hand_left.remove(c)
    check_cards(tab_cards, hand)
    forced = list(must_lay)
    stats: dict[str, float] = {}
    if work is None and work_budget is not None:
        work = [work_budget]
    n = len(table)
    tab_c, hand_c = counts_of(tab_cards + forced), counts_of(hand_left)
    free_ids = frozenset(range(n))
    try:
        got = None
        if least_change and table:
            # most often every card that could fit can be laid changing only the melds near
            # the hand: then that search (small, and cut short by its floor) proves the count
            top = _upper_bound(tab_c, hand_c, ace)
            near = _near_melds(table, hand_left, forced) | _broken(table, ace)
            if len(near) < n:
                cards = [c for i in sorted(near) for c in table[i]] + forced
                got = _dp(memo, counts_of(cards), hand_c, ace, deadline, True, work, top * SIM,
                          enough=top * SIM, sim=_group_copies([table[i] for i in near]))
                if got is not None:
                    got = got[0] // SIM, got[1]
                if got is not None:
                    assert got[0] == top
                    free_ids = near
        if got is None:
            got = _dp_max(memo, tab_c, hand_c, ace, deadline, True, work,
                          sim=_group_copies(table) if least_change else None)
            if got is None:
                return None
    except SolverTimeout:
        return _fallback(memo, table, hand, ace, forced, t0)
    target, plan = got
    assert plan is not None
    kept: tuple[int, ...] = ()
    changes_proven = True
    if least_change and table:
        # an arrangement laying ``target``: the melds it leaves as they were are kept
        broken = _broken(table, ace)
        same = _intact(table, free_ids - broken, plan)
        free, plan, changes_proven = _least_change(
            memo, table, hand_left, forced, ace, target, deadline, stats, work, broken,
            free_ids - same, _without(plan, [table[i] for i in same]))
        kept = tuple(i for i in range(n) if i not in free)
        plan = [list(table[i]) for i in kept] + plan
    melds = tuple(display_order(m, ace) for m in plan)
    laid = tuple(_laid_from(melds, tab_cards))
    stats["ms"] = (time.perf_counter() - t0) * 1000
    return Solution(len(laid), melds, laid, True, kept, changes_proven, stats)


def _group_copies(melds: Sequence[Sequence[Card]]) -> Counts:
    """How many copies of each card are in groups among ``melds``."""
    return counts_of(c for m in melds if len(m) >= 3 and len({c.rank for c in m}) == 1
                     and len({c.suit for c in m}) == len(m) for c in m)


def _intact(table: Sequence[Sequence[Card]], free: Iterable[int],
            plan: Sequence[Sequence[Card]]) -> set[int]:
    """Melds of ``table`` (among ``free``) that ``plan`` has as they were."""
    left = Counter(tuple(sorted(m)) for m in plan)
    out: set[int] = set()
    for i in sorted(free):
        key = tuple(sorted(table[i]))
        if left[key]:
            left[key] -= 1
            out.add(i)
    return out


def _without(plan: Sequence[Sequence[Card]], melds: Sequence[Sequence[Card]],
             ) -> list[list[Card]]:
    """``plan`` without one copy of each of ``melds``."""
    rest = Counter(tuple(sorted(m)) for m in melds)
    out = []
    for m in plan:
        key = tuple(sorted(m))
        if rest[key]:
            rest[key] -= 1
        else:
            out.append(list(m))
    return out


def _fallback(memo: SolverMemo, table: Sequence[Sequence[Card]], hand: Sequence[Card], ace: str,
              forced: Sequence[Card], t0: float) -> Solution | None:
    """Out of time: keep the table as it is and lay new melds from the hand alone."""
    res = _dp(memo, counts_of(forced), counts_of(_minus(hand, forced)), ace, None, True)
    melds = [display_order(m, ace) for m in table]
    if res is not None and res[1] is not None:
        melds += [display_order(m, ace) for m in res[1]]
    elif forced:
        return None
    tab_cards = [c for m in table for c in m]
    laid = tuple(_laid_from(melds, tab_cards))
    return Solution(len(laid), tuple(melds), laid, False, tuple(range(len(table))), False,
                    {"ms": (time.perf_counter() - t0) * 1000})


def _minus(cards: Sequence[Card], take: Sequence[Card]) -> list[Card]:
    out = list(cards)
    for c in take:
        out.remove(c)
    return out


def _affinities(table: Sequence[Sequence[Card]], hand: Sequence[Card],
                forced: Sequence[Card]) -> list[tuple[int, int]]:
    """How near each meld is to the hand: (cards of a hand rank or within two of a hand card
    of the same suit, minus the meld's length)."""
    hand_ranks = {c.rank for c in hand} | {c.rank for c in forced}
    hand_suits = {(c.suit, c.rank) for c in list(hand) + list(forced)}
    out = []
    for m in table:
        near = sum(1 for c in m if c.rank in hand_ranks)
        near += sum(1 for c in m for d in (-2, -1, 1, 2)
                    if (c.suit, (c.rank - 1 + d) % 13 + 1) in hand_suits)
        out.append((near, -len(m)))
    return out


def _near_melds(table: Sequence[Sequence[Card]], hand: Sequence[Card],
                forced: Sequence[Card]) -> frozenset[int]:
    return frozenset(i for i, a in enumerate(_affinities(table, hand, forced)) if a[0] > 0)


def _broken(table: Sequence[Sequence[Card]], ace: str) -> frozenset[int]:
    return frozenset(i for i in range(len(table)) if meld_problem(table[i], ace) is not None)


def _least_change(memo: SolverMemo, table: Sequence[Sequence[Card]], hand: Sequence[Card],
                  forced: list[Card], ace: str, target: int, deadline: float | None,
                  stats: dict[str, float], work: list[int] | None, broken: frozenset[int],
                  free: frozenset[int], plan: list[list[Card]],
                  ) -> tuple[frozenset[int], list[list[Card]], bool]:
    """Change as few of the table's melds as possible while still laying ``target``.

    ``free``: melds an arrangement laying ``target`` changes (``broken`` among them), and
    ``plan`` that arrangement of their cards and the hand. Returns the melds to change, the
    arrangement of their cards and the hand, and whether no arrangement changes fewer.

    First greedily (melds far from the hand first): keep a meld if the rest still reaches
    ``target`` (every meld an arrangement found leaves as it was is kept at once). Then one
    search whose value is (cards laid, melds kept) asks for one kept meld more than that,
    within ``PROOF_WORK`` states: when it fails, the greedy answer is proven least.
    """
    n = len(table)
    hand_c = counts_of(hand)

    def oracle(fr: frozenset[int]) -> list[list[Card]] | None:
        stats["oracle_calls"] = stats.get("oracle_calls", 0) + 1
        cards = counts_of([c for i in sorted(fr) for c in table[i]] + forced)
        if _upper_bound(cards, hand_c, ace) < target:
            return None  # fewer hand cards than that fit in any meld at all
        # only whether ``target`` (the most there is) is reached matters
        got = _dp(memo, cards, hand_c, ace, deadline, True, work, target * SIM,
                  enough=target * SIM, sim=_group_copies([table[i] for i in fr]))
        return None if got is None else got[1]

    def settle(fr: frozenset[int], got: list[list[Card]]) -> None:
        nonlocal free, plan
        same = _intact(table, fr - broken, got)
        free = fr - same
        plan = _without(got, [table[i] for i in same])

    try:
        if free - broken:
            got = oracle(broken)  # every meld kept: only new melds from the hand
            if got is not None:
                return broken, got, True
        aff = _affinities(table, hand, forced)
        for i in sorted(free - broken, key=lambda i: aff[i]):
            if i in free:
                trial = free - {i}
                got = oracle(trial)
                if got is not None:
                    settle(trial, got)
    except SolverTimeout:
        return free, plan, False
    keepable = [i for i in range(n) if i not in broken]
    kept = n - len(free)
    if kept >= len(keepable):
        return free, plan, True
    # proof: can one meld more be kept?
    mult = len(keepable) + 1
    cells = [[(SUITS.index(c.suit), c.rank) for c in table[i]] for i in keepable]
    budget = PROOF_WORK[ace] if work is None else min(PROOF_WORK[ace], max(work[0], 0))
    spend = [budget]
    ko: list[int] = []
    everything = counts_of([c for m in table for c in m] + forced)
    try:
        # most often it fails: without the plan first (cheaper), again with it if not
        res = _dp(memo, everything, hand_c, ace, deadline, False, spend, target * mult + kept + 1,
                  cells)
        if res is not None:
            res = _dp(memo, everything, hand_c, ace, deadline, True, work, res[0], cells, ko)
    except SolverTimeout:
        return free, plan, False
    finally:
        stats["proof_states"] = budget - spend[0]
        if work is not None:
            work[0] -= budget - spend[0]
    if res is None:
        return free, plan, True
    assert res[1] is not None and res[0] // mult == target
    return frozenset(range(n)) - {keepable[x] for x in ko}, res[1], True
