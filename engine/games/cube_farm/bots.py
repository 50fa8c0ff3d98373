"""Cube Farm computer players. Each chooses only from its own view and the legal list.

* **Beginner** plays any legal card anywhere and claims any cubicle it may.
* **Standard** is greedy on the score it can see: it ranks every legal placement with a quick
  estimate (items placed near its own cubicles and away from others', characters placed the
  other way round, cubicles it could claim next to items), then lays the few best on a copy of
  the table and scores them exactly: change of its own and the others' claimed scores, plus the
  best cubicle it can claim now, minus what it leaves for the next player to claim.
* **Strong** adds a look-ahead: for its best few placements it samples the next player's hand
  from the unseen cards (Monte Carlo over determinized views), lets that player answer
  greedily, and keeps the placement whose worst-case-weighted average is best. The number of
  samples is fixed, so the same view and seed always give the same move, and sized to stay well
  under 200 ms a turn in CPython.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from engine.games.cube_farm.board import (
    DIRS,
    ITEM,
    SHAPES,
    Board,
    Cubicle,
    Pos,
    Shape,
)
from engine.games.cube_farm.deck import DECK_IDS, START_CARD
from engine.games.cube_farm.rules import (
    CLAIM,
    GAME,
    CFAction,
    CFView,
    Claim,
    NextHand,
    Pass,
    Place,
)
from engine.protocol import Bot, bot_levels

WINDOW = 7  # a placement changes scores only of cubicles this close (walks are <= 4 steps)


class Beginner:
    """Any legal card, anywhere; claims a random cubicle whenever it may."""

    def choose(self, view: CFView, legal: Sequence[CFAction], rng: random.Random) -> CFAction:
        claims = [a for a in legal if isinstance(a, Claim)]
        if claims:
            return rng.choice(claims)
        return rng.choice(list(legal))


class Evaluator:
    """Scores of one table from one player's side, cached for trying many placements."""

    def __init__(self, board: Board, player: int, players: int, alpha: float = 0.0) -> None:
        self.board = board
        self.alpha = alpha
        self.player = player
        self.players = players
        self.claimed: dict[int, int] = {}  # cubicle key -> current score
        for k, c in board.cubs.items():
            if c.owner is not None:
                self.claimed[k] = board.score_cubicle(c).total
        self.claim_value: dict[int, float] = {}
        for c in board.claimable():
            self.claim_value[board.unit_key[c.id]] = claim_worth(board, c, alpha)
        self._fields: dict[int, dict[Pos, float]] | None = None
        self._items: dict[Pos, float] | None = None
        self._others: dict[Pos, float] | None = None

    # --- quick estimate -------------------------------------------------------------------
    def fields(self) -> dict[int, dict[Pos, float]]:
        """Per player: square -> how many of their cubicles are within ~3 steps (Manhattan)."""
        if self._fields is None:
            f: dict[int, dict[Pos, float]] = {}
            for c in self.board.cubs.values():
                if c.owner is None:
                    continue
                m = f.setdefault(c.owner, {})
                for _, (qx, qy) in c.doors:
                    for dx in range(-3, 4):
                        r = 3 - abs(dx)
                        for dy in range(-r, r + 1):
                            q = (qx + dx, qy + dy)
                            m[q] = m.get(q, 0.0) + 1.0
            self._fields = f
        return self._fields

    def item_field(self) -> dict[Pos, float]:
        """Square -> value of items within Manhattan range of it (what a door there gains)."""
        if self._items is None:
            m: dict[Pos, float] = {}
            for (x, y), sq in self.board.cells.items():
                if sq.kind != ITEM:
                    continue
                v = sq.value
                for dx in range(-(v - 1), v):
                    r = v - 1 - abs(dx)
                    for dy in range(-r, r + 1):
                        q = (x + dx, y + dy)
                        m[q] = m.get(q, 0.0) + v
            self._items = m
        return self._items

    def others_field(self) -> dict[Pos, float]:
        if self._others is None:
            m: dict[Pos, float] = {}
            for o, f in self.fields().items():
                if o != self.player:
                    for q, v in f.items():
                        m[q] = m.get(q, 0.0) + v
            self._others = m
        return self._others

    def quick(self, shape: Shape, x: int, y: int) -> float:
        """A cheap estimate of a placement's worth, used to pick which to try exactly."""
        mine = self.fields().get(self.player, {})
        other = self.others_field()
        items = self.item_field()
        reach = self.board.elevator_reach()
        items_f, negs_f, units_f, ring = shape.features
        total = 0.0
        for dx, dy, v in items_f:
            p = (x + dx, y + dy)
            total += v * (mine.get(p, 0.0) - 0.7 * other.get(p, 0.0) + 0.3)
        for dx, dy, v in negs_f:
            p = (x + dx, y + dy)
            total += v * (mine.get(p, 0.0) - other.get(p, 0.0)) * 0.8
        for dx, dy in ring:
            if (x + dx, y + dy) in reach:
                best = 0.0
                for ux, uy in units_f:
                    best = max(best, items.get((x + ux, y + uy), 0.0))
                total += 1.0 + best
                break
        return total

    # --- exact evaluation -----------------------------------------------------------------
    def after(self, card: str, x: int, y: int, rot: int) -> tuple[Board, float, int]:
        """Lay the card on a copy; returns the table, the change of (own - others') claimed
        score near the card and the best cubicle this player could then claim (its key)."""
        board = self.board
        nb = board.copy()
        nb.place(card, x, y, rot)
        shape = SHAPES[card][rot]
        x0, y0, x1, y1 = x - WINDOW, y - WINDOW, x + shape.width + WINDOW, y + shape.height + WINDOW

        def near(c: Cubicle) -> bool:
            ux, uy = c.id
            return x0 <= ux <= x1 and y0 <= uy <= y1

        me, n = self.player, self.players
        weight_other = 1.0 / (n - 1)
        delta = 0.0
        for k, c in board.cubs.items():
            if c.owner is not None and near(c) and k not in nb.cubs:
                delta -= self.claimed[k] * (1.0 if c.owner == me else -weight_other)
        for k, c in nb.cubs.items():
            if c.owner is None or not near(c):
                continue
            new = nb.score_cubicle(c).total
            old = self.claimed.get(k)
            if old is None:
                sign = 1.0 if c.owner == me else -weight_other
                delta += new * sign
            elif new != old:
                delta += (new - old) * (1.0 if c.owner == me else -weight_other)
        return nb, delta, 0

    def claim_options(self, nb: Board, x: int, y: int, rot: int, card: str) -> list[float]:
        """Scores of every cubicle claimable on ``nb`` (best first)."""
        shape = SHAPES[card][rot]
        x0, y0, x1, y1 = x - WINDOW, y - WINDOW, x + shape.width + WINDOW, y + shape.height + WINDOW
        out = []
        for c in nb.claimable():
            k = nb.unit_key[c.id]
            ux, uy = c.id
            if k in self.claim_value and not (x0 <= ux <= x1 and y0 <= uy <= y1):
                out.append(self.claim_value[k])
            else:
                out.append(claim_worth(nb, c, self.alpha))
        out.sort(reverse=True)
        return out


def potential(board: Board, cub: Cubicle) -> int:
    """Open table next to the floor within 2 steps of the cubicle: room for future items."""
    fr = board.frontier
    seen: set[Pos] = set()
    for qx, qy in board.distances(cub, 2):
        for ox, oy in DIRS:
            n = (qx + ox, qy + oy)
            if n in fr:
                seen.add(n)
    return min(len(seen), 10)


def claim_worth(board: Board, cub: Cubicle, alpha: float = 0.0) -> float:
    """A cubicle's score as the table stands, plus ``alpha`` per square of room to grow."""
    value: float = board.score_cubicle(cub).total
    if alpha:
        value += alpha * potential(board, cub)
    return value


def best_claim(board: Board, alpha: float = 0.0) -> tuple[Claim | None, float]:
    """The claimable cubicle worth most (its score, plus room to grow if ``alpha``)."""
    best: Claim | None = None
    value = 0.0
    for c in board.claimable():
        v = claim_worth(board, c, alpha)
        if v > value and board.score_cubicle(c).total > 0:
            best, value = Claim(*c.id), v
    return best, value


class Standard:
    """Greedy on the visible score (see the module docstring).

    ``shortlist`` placements (by the quick estimate) are scored exactly; ``threat`` weighs the
    best cubicle left for the next player; ``alpha`` values room to grow around a claim;
    ``endgame`` drops the threat when nobody plays after this turn; ``second`` counts the
    cubicle likely left for this player's next turn.
    """

    def __init__(self, shortlist: int = 24, threat: float = 0.6, alpha: float = 0.0,
                 endgame: bool = False, second: float = 0.0) -> None:
        self.shortlist = shortlist
        self.threat = threat
        self.alpha = alpha
        self.endgame = endgame
        self.second = second

    def choose(self, view: CFView, legal: Sequence[CFAction], rng: random.Random) -> CFAction:
        if len(legal) == 1:
            return legal[0]
        if any(isinstance(a, NextHand) for a in legal):
            return NextHand()
        if view.phase == CLAIM:
            claim, _ = best_claim(view.board, self.alpha if any(view.hand_counts) else 0.0)
            return claim if claim is not None else Pass()
        ranked = self.rank(view, [a for a in legal if isinstance(a, Place)], rng)
        return ranked[0][1]

    def rank(self, view: CFView, places: Sequence[Place],
             rng: random.Random) -> list[tuple[float, Place]]:
        """The shortlisted placements with their exact greedy value, best first."""
        last = sum(view.hand_counts) <= 1
        ev = Evaluator(view.board, view.player, view.players, 0.0 if last else self.alpha)
        threat = self.threat
        if self.endgame:
            later = [c for p, c in enumerate(view.hand_counts) if p != view.player]
            if not any(later):
                threat = 0.0
        quick = [(ev.quick(SHAPES[a.card][a.rot], a.x, a.y) + rng.random() * 1e-3, i)
                 for i, a in enumerate(places)]
        quick.sort(reverse=True)
        scored: list[tuple[float, Place]] = []
        for _, i in quick[: self.shortlist]:
            a = places[i]
            scored.append((self.value(ev, a, threat), a))
        scored.sort(key=lambda t: -t[0])
        return scored

    def value(self, ev: Evaluator, a: Place, threat: float | None = None) -> float:
        nb, delta, _ = ev.after(a.card, a.x, a.y, a.rot)
        options = ev.claim_options(nb, a.x, a.y, a.rot, a.card)
        best = options[0] if options and options[0] > 0 else 0
        left = options[1] if len(options) > 1 and options[1] > 0 else 0
        third = options[2] if len(options) > 2 and options[2] > 0 else 0
        t = self.threat if threat is None else threat
        return delta + best - t * left + self.second * third


class Strong:
    """Looks one turn further than Standard, over sampled hands of the next player.

    Its own evaluation is Standard's with claim order counted (the next player takes the best
    cubicle left, this player probably the one after) and no threat when nobody plays after
    it. The ``candidates`` best placements are then checked against the next player's greedy
    answer with ``samples`` hands drawn from the cards this player has not seen (Monte Carlo
    over determinizations); a placement loses ``reply_weight`` times the answer's value.
    """

    def __init__(self, candidates: int = 3, samples: int = 2, reply_shortlist: int = 5,
                 reply_weight: float = 0.5) -> None:
        self.candidates = candidates
        self.samples = samples
        self.reply_shortlist = reply_shortlist
        self.reply_weight = reply_weight
        self.own = Standard(shortlist=60, threat=1.0, endgame=True, second=0.5)
        self.reply = Standard(shortlist=reply_shortlist, threat=0.6)

    def choose(self, view: CFView, legal: Sequence[CFAction], rng: random.Random) -> CFAction:
        if len(legal) == 1:
            return legal[0]
        if any(isinstance(a, NextHand) for a in legal):
            return NextHand()
        if view.phase == CLAIM:
            claim, _ = best_claim(view.board)
            return claim if claim is not None else Pass()
        places = [a for a in legal if isinstance(a, Place)]
        ranked = self.own.rank(view, places, rng)
        top = ranked[: self.candidates]
        nxt = (view.player + 1) % view.players
        if len(top) == 1 or view.hand_counts[nxt] == 0 or not self.samples:
            return top[0][1]
        unseen = _unseen(view)
        hands = []
        for _ in range(self.samples):
            pool = list(unseen)
            rng.shuffle(pool)
            hands.append(pool[: view.hand_counts[nxt]])
        best_value = float("-inf")
        best = top[0][1]
        for value, a in top:
            value -= self.reply_weight * self.answer(view, a, nxt, hands)
            if value > best_value:
                best_value, best = value, a
        return best

    def answer(self, view: CFView, a: Place, nxt: int, hands: list[list[str]]) -> float:
        """The next player's greedy value after ``a`` and this player's claim, averaged over
        the sampled hands."""
        nb = view.board.copy()
        nb.place(a.card, a.x, a.y, a.rot)
        claim, _ = best_claim(nb)
        if claim is not None:
            nb.claim(claim.pos, view.player)
        free = nb.sorted_anchors()
        ev = Evaluator(nb, nxt, view.players)
        total = 0.0
        for hand in hands:
            places = [Place(c, x, y, r) for c in sorted(set(hand))
                      for x, y, r in nb.legal_placements(c, free)]
            if not places:
                continue
            quick = sorted(((ev.quick(SHAPES[p.card][p.rot], p.x, p.y), i)
                            for i, p in enumerate(places)), reverse=True)
            total += max(self.reply.value(ev, places[i]) for _, i in
                         quick[: self.reply_shortlist])
        return total / len(hands)


def _unseen(view: CFView) -> list[str]:
    """Cards this player has not seen: not on the table and not in their hand."""
    gone = {c for c, _, _, _ in view.board.placements if c != START_CARD}
    gone.update(view.my_hand)
    return [c for c in DECK_IDS if c not in gone]


# The declared levels (GameInfo.bot_levels, weakest first) paired with their players.
LEVELS: Mapping[str, Callable[[], Bot[CFView, CFAction]]] = bot_levels(
    GAME.info, Beginner, Standard, Strong)


def make_bot(level: str) -> Bot[CFView, CFAction]:
    """A new computer player of ``level`` (seated games give every seat its own)."""
    return LEVELS[level]()

